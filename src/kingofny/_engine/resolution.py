"""Resolving the dice, one face type at a time in the order the player picks (seed 000,
*Resolve the Dice*, *Dice Effects*; rulings §2), with the RESULT_MODIFY, RESOLUTION_START,
FACE_CONVERSION and FACE_RESOLVE effects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kingofny._engine.army import resolve_ouch
from kingofny._engine.attack import resolve_attack
from kingofny._engine.destruction import resolve_destruction
from kingofny._engine.dispatch import card_uses, checked, each, overrides, owned
from kingofny._engine.economy import gain_energy, heal
from kingofny._engine.goals import resolve_celebrity
from kingofny._engine.ops import maker, push, with_turn
from kingofny._engine.stock import CHOOSE_FACE
from kingofny.model.actions import Action, ResolveFace
from kingofny.model.dice import Dice, Face
from kingofny.model.effect import Context
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import BeginResolution, ChooseFace

_RESOLVE: Final = {face: ResolveFace(face) for face in Face}
_WITH_ROLLED: Final = maker(TurnState, "rolled", "unresolved")
_WITH_UNRESOLVED: Final = maker(TurnState, "unresolved")


def resolve_energy(state: GameState, seat: int, count: int) -> GameState:
    """1 Energy cube per Energy rolled."""
    return gain_energy(state, seat, count, dice=True)


def resolve_heal(state: GameState, seat: int, count: int) -> GameState:
    """Heal 1 per Heal rolled, up to the maximum, unless you are in Manhattan."""
    if state.monsters[seat].in_manhattan:
        return state
    return heal(state, seat, count)


FACE_RESOLVERS: Final[dict[Face, Callable[[GameState, int, int], GameState]]] = {
    Face.ENERGY: resolve_energy,
    Face.HEAL: resolve_heal,
    Face.ATTACK: resolve_attack,
    Face.CELEBRITY: resolve_celebrity,
    Face.DESTRUCTION: resolve_destruction,
    Face.OUCH: resolve_ouch,
}
"""How each face type resolves: ``resolver(state, seat, count) -> state``."""


def begin_resolution(state: GameState, step: BeginResolution) -> GameState:
    """The final result is set aside for resolution, after RESULT_MODIFY effects added their
    symbols (they join their type's group, rulings §2); then RESOLUTION_START effects act."""
    seat = state.turn.seat
    effects = owned(state, seat)
    dice = state.turn.dice
    for key, effect in effects:
        if not overrides(effect, "modify_result"):
            continue
        dice = checked(state, key, Dice, effect.modify_result, state, seat, dice)
    state = with_turn(state, _WITH_ROLLED(state.turn, state.turn.dice, dice))
    if dice.total:
        state = push(state, CHOOSE_FACE[seat])
    state = each(state, effects, "on_resolution_start", seat)
    return state


def choose_face_legal(state: GameState, step: ChooseFace) -> tuple[Action, ...]:
    """Any face type among the unresolved dice, and the owner's face conversions."""
    faces = tuple(_RESOLVE[f] for f in state.turn.unresolved.faces_present())
    uses = card_uses(state, step.seat, Context.RESOLVE)
    return faces + tuple(uses) if uses else faces


def choose_face_act(state: GameState, step: ChooseFace, action: Action) -> GameState:
    """FACE_RESOLVE effects act, then every die of the chosen type resolves together; the next
    choice waits below any decision that resolution raises (a flee, a destruction target)."""
    assert isinstance(action, ResolveFace)
    face = action.face
    state = each(state, owned(state, step.seat), "before_face_resolves", step.seat, face)
    unresolved = state.turn.unresolved
    count = unresolved[face]
    rest = unresolved.without_face(face)
    turn = _WITH_UNRESOLVED(state.turn, rest)
    state = with_turn(state, turn, CHOOSE_FACE[step.seat]) if rest.total else with_turn(state, turn)
    return FACE_RESOLVERS[face](state, step.seat, count)
