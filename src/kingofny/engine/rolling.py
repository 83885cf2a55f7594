"""Rolling: the first roll and up to two rerolls of any dice (seed 000, *Roll the Dice*)."""

from __future__ import annotations

import functools

from kingofny.engine.ops import evolve, push, set_turn
from kingofny.model.actions import Action, Reroll, StopRolling
from kingofny.model.dice import Dice, sub_multisets
from kingofny.model.outcomes import DiceRoll, Outcome
from kingofny.model.state import GameState
from kingofny.model.steps import BeginResolution, ChooseFace, ChooseReroll, RollDice

_STOP = StopRolling()


def roll_resolve(state: GameState, step: RollDice, outcome: Outcome) -> GameState:
    """The rolled dice join the kept ones; a reroll decision follows while rerolls remain."""
    assert isinstance(outcome, DiceRoll)
    turn = state.turn
    state = evolve(state, turn=evolve(turn, dice=turn.dice.plus(outcome.dice)))
    if turn.rerolls_left > 0:
        return push(state, ChooseReroll(turn.seat))
    return state


@functools.lru_cache(maxsize=4096)
def _reroll_actions(dice: Dice) -> tuple[Action, ...]:
    return (_STOP,) + tuple(Reroll(sub) for sub in sub_multisets(dice))


def reroll_legal(state: GameState, step: ChooseReroll) -> tuple[Action, ...]:
    """Stop, or reroll any non-empty multiset of the dice showing."""
    if state.turn.rerolls_left <= 0:
        return ()
    return _reroll_actions(state.turn.dice)


def reroll_check(state: GameState, step: ChooseReroll, action: Action) -> bool:
    """Constant-time legality check for reroll decisions (the widest decision of a turn)."""
    if isinstance(action, StopRolling):
        return True
    return (
        isinstance(action, Reroll)
        and state.turn.rerolls_left > 0
        and action.dice.total > 0
        and state.turn.dice.contains(action.dice)
    )


def reroll_act(state: GameState, step: ChooseReroll, action: Action) -> GameState:
    """Take the chosen dice off the table and roll them again."""
    if isinstance(action, Reroll):
        turn = state.turn
        state = set_turn(
            state, dice=turn.dice.minus(action.dice), rerolls_left=turn.rerolls_left - 1
        )
        return push(state, RollDice(action.dice.total))
    return state


def begin_resolution(state: GameState, step: BeginResolution) -> GameState:
    """The final result is set aside for resolution, one face type at a time."""
    state = set_turn(state, unresolved=state.turn.dice)
    if state.turn.dice.total:
        return push(state, ChooseFace(state.turn.seat))
    return state
