"""Resolving the dice, one face type at a time in the order the player picks (seed 000,
*Resolve the Dice*, *Dice Effects*; rulings §2)."""

from __future__ import annotations

from collections.abc import Callable

from kingofny.engine.army import resolve_ouch
from kingofny.engine.attack import resolve_attack
from kingofny.engine.destruction import resolve_destruction
from kingofny.engine.goals import resolve_celebrity
from kingofny.engine.ops import gain, push, set_turn
from kingofny.model.actions import Action, ResolveFace
from kingofny.model.dice import Face
from kingofny.model.state import GameState
from kingofny.model.steps import ChooseFace

_RESOLVE = {face: ResolveFace(face) for face in Face}


def resolve_energy(state: GameState, seat: int, count: int) -> GameState:
    """1 Energy cube per Energy rolled."""
    return gain(state, seat, energy=count)


def resolve_heal(state: GameState, seat: int, count: int) -> GameState:
    """Heal 1 per Heal rolled, up to the maximum, unless you are in Manhattan."""
    if state.monsters[seat].in_manhattan:
        return state
    return gain(state, seat, life=count)


FACE_RESOLVERS: dict[Face, Callable[[GameState, int, int], GameState]] = {
    Face.ENERGY: resolve_energy,
    Face.HEAL: resolve_heal,
    Face.ATTACK: resolve_attack,
    Face.CELEBRITY: resolve_celebrity,
    Face.DESTRUCTION: resolve_destruction,
    Face.OUCH: resolve_ouch,
}
"""How each face type resolves: ``resolver(state, seat, count) -> state``."""


def choose_face_legal(state: GameState, step: ChooseFace) -> tuple[Action, ...]:
    """Any face type among the unresolved dice."""
    return tuple(_RESOLVE[f] for f in state.turn.unresolved.faces_present())


def choose_face_act(state: GameState, step: ChooseFace, action: Action) -> GameState:
    """Resolve every die of the chosen type together; the next choice waits below any decision
    that resolution raises (a flee, a destruction target)."""
    assert isinstance(action, ResolveFace)
    face = action.face
    unresolved = state.turn.unresolved
    count = unresolved[face]
    rest = unresolved.without_face(face)
    state = set_turn(state, unresolved=rest)
    if rest.total:
        state = push(state, ChooseFace(step.seat))
    return FACE_RESOLVERS[face](state, step.seat, count)
