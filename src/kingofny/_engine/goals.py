"""The goal cards: Superstar and the Statue of Liberty (seed 000, *Celebrity*, *Ouch!*, *Statue
of Liberty*, *Superstar*; rulings C4, §9, §10), with the GOAL_CHANGE effects."""

from __future__ import annotations

from typing import Final

from kingofny._engine.dispatch import checked, counted, in_play, overrides
from kingofny._engine.economy import gain_vp
from kingofny._engine.ops import evolve
from kingofny.model.effect import Goal
from kingofny.model.state import GameState

SUPERSTAR_THRESHOLD: Final = 3
"""Celebrity needed to take Superstar."""
STATUE_THRESHOLD: Final = 3
"""Ouch! needed to take the Statue of Liberty."""
STATUE_VP: Final = 3
"""VP the Statue of Liberty is worth to its holder."""


def superstar_threshold(state: GameState, taker: int) -> int:
    """Celebrity ``taker`` needs to take Superstar (4 from a Diva owner)."""
    value = SUPERSTAR_THRESHOLD
    for owner, key, effect in in_play(state):
        if not overrides(effect, "superstar_threshold"):
            continue
        value = counted(state, key, effect.superstar_threshold, state, owner, taker, value, low=0)
    return value


def _taken(state: GameState, goal: Goal, taker: int, previous: int | None) -> GameState:
    for owner, key, effect in in_play(state):
        if not overrides(effect, "on_goal_taken"):
            continue
        state = checked(
            state, key, GameState, effect.on_goal_taken, state, owner, goal, taker, previous
        )
    return state


def resolve_celebrity(state: GameState, seat: int, count: int) -> GameState:
    """Celebrity: the holder of Superstar scores 1 VP per Celebrity; anyone else rolling three or
    more takes Superstar and scores 1 VP plus 1 per Celebrity beyond the third (rulings C4;
    with Diva, the threshold rises but the formula counts from three, rulings D8)."""
    if state.superstar == seat:
        return gain_vp(state, seat, count)
    if count >= superstar_threshold(state, seat):
        previous = state.superstar
        state = evolve(state, superstar=seat)
        state = gain_vp(state, seat, 1 + count - SUPERSTAR_THRESHOLD)
        return _taken(state, Goal.SUPERSTAR, seat, previous)
    return state


def take_statue(state: GameState, seat: int) -> GameState:
    """``seat`` takes the Statue of Liberty: +3 VP; the previous holder loses 3 VP, never going
    below 0. Taking it again while holding it gains nothing (rulings §9)."""
    holder = state.statue
    if holder == seat:
        return state
    if holder is not None:
        state = gain_vp(state, holder, -STATUE_VP)
    state = evolve(state, statue=seat)
    state = gain_vp(state, seat, STATUE_VP)
    return _taken(state, Goal.STATUE, seat, holder)
