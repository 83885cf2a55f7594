"""Rolling: the first roll and up to two rerolls of any dice (seed 000, *Roll the Dice*), with
the REROLL_RULES effects."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from kingofny._engine.dispatch import checked, counted, in_play, overrides, wrong
from kingofny._engine.economy import spend_energy
from kingofny._engine.ops import maker, with_turn
from kingofny._engine.stock import CHOOSE_REROLL, roll_dice
from kingofny.model.actions import Action, Reroll, StopRolling
from kingofny.model.dice import Dice, Face, sub_multisets
from kingofny.model.effect import Effect
from kingofny.model.outcomes import DiceRoll, Outcome
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import ChooseReroll, RollDice

_STOP: Final = StopRolling()
_WITH_DICE: Final = maker(TurnState, "dice")
_WITH_DICE_REROLLS: Final = maker(TurnState, "dice", "rerolls_left")


def roll_resolve(state: GameState, step: RollDice, outcome: Outcome) -> GameState:
    """The rolled dice join the kept ones; a reroll decision follows while rerolls remain."""
    assert isinstance(outcome, DiceRoll)
    turn = _WITH_DICE(state.turn, state.turn.dice.plus(outcome.dice))
    if turn.rerolls_left > 0:
        return with_turn(state, turn, CHOOSE_REROLL[turn.seat])
    return with_turn(state, turn)


@functools.lru_cache(maxsize=4096)
def _reroll_actions(dice: Dice) -> tuple[Action, ...]:
    return (_STOP,) + tuple(Reroll(sub) for sub in sub_multisets(dice))


def reroll_cost(state: GameState, seat: int, dice: Dice) -> int:
    """Energy ``seat`` must pay to reroll ``dice`` (Curse tokens)."""
    return sum(
        _cost(state, owner, key, e, seat, dice)
        for owner, key, e in in_play(state)
        if overrides(e, "reroll_cost")
    )


def _cost(state: GameState, owner: int, key: str, effect: Effect, seat: int, dice: Dice) -> int:
    """One effect's REROLL_RULES price for rerolling ``dice`` (its hook, checked)."""
    cost = counted(state, key, effect.reroll_cost, state, owner, seat, dice, low=0)
    return cost


def _locked(state: GameState, owner: int, key: str, effect: Effect, seat: int) -> frozenset[Face]:
    """The faces one effect locks (its hook, checked)."""
    faces = checked(state, key, frozenset, effect.locked_faces, state, owner, seat)
    if not all(isinstance(face, Face) for face in faces):
        wrong(state, key, "locked_faces", faces, "a frozenset of Face members")
    return faces


def _must(state: GameState, owner: int, key: str, effect: Effect, seat: int) -> bool:
    """Whether one effect forces ``seat`` to reroll (its hook, checked)."""
    must = checked(state, key, bool, effect.must_reroll, state, owner, seat)
    return must


def reroll_legal(state: GameState, step: ChooseReroll) -> tuple[Action, ...]:
    """Stop, or reroll any non-empty multiset of the dice showing; effects may lock faces, charge
    for rerolls, or forbid stopping while rerolls remain (Jinx Aura)."""
    if state.turn.rerolls_left <= 0:
        return ()
    return _constrained(state, step.seat, in_play(state))


def _constrained(
    state: GameState, seat: int, effects: Sequence[tuple[int, str, Effect]]
) -> tuple[Action, ...]:
    """The reroll choices once the REROLL_RULES effects in play have had their say."""
    base = _reroll_actions(state.turn.dice)
    locked = frozenset().union(
        *(_locked(state, o, k, e, seat) for o, k, e in effects if overrides(e, "locked_faces"))
    )
    costers = [(o, k, e) for o, k, e in effects if overrides(e, "reroll_cost")]
    must = any(_must(state, o, k, e, seat) for o, k, e in effects if overrides(e, "must_reroll"))
    if not locked and not costers and not must:
        return base
    energy = state.monsters[seat].energy
    options = tuple(
        a
        for a in base[1:]
        if isinstance(a, Reroll)
        and not any(a.dice[f] for f in locked)
        and sum(_cost(state, o, k, e, seat, a.dice) for o, k, e in costers) <= energy
    )
    if options and must:
        return options
    return (_STOP, *options)


_REROLL_HOOKS: Final = ("locked_faces", "reroll_cost", "must_reroll")
"""The hooks by which effects constrain rerolls (see :func:`_constrained`)."""


def reroll_check(state: GameState, step: ChooseReroll, action: Action) -> bool:
    """Legality check for reroll decisions (the widest decision of a turn), constant-time when
    no effect is in play."""
    if state.turn.rerolls_left <= 0:
        return False
    effects = in_play(state)
    if any(overrides(e, hook) for _, _, e in effects for hook in _REROLL_HOOKS):
        legal = _constrained(state, step.seat, effects)
        return any(a is action for a in legal) or action in legal
    if isinstance(action, StopRolling):
        return True
    return (
        isinstance(action, Reroll)
        and action.dice.total > 0
        and state.turn.dice.contains(action.dice)
    )


def reroll_act(state: GameState, step: ChooseReroll, action: Action) -> GameState:
    """Take the chosen dice off the table (paying what effects charge) and roll them again."""
    if isinstance(action, Reroll):
        state = spend_energy(state, step.seat, reroll_cost(state, step.seat, action.dice))
        turn = state.turn
        turn = _WITH_DICE_REROLLS(turn, turn.dice.minus(action.dice), turn.rerolls_left - 1)
        return with_turn(state, turn, roll_dice(action.dice.total))
    return state
