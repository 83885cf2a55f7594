"""The goal cards: Superstar and the Statue of Liberty (seed 000, *Celebrity*, *Ouch!*, *Statue
of Liberty*, *Superstar*; rulings C4, §9, §10)."""

from __future__ import annotations

from kingofny.engine.ops import evolve, gain
from kingofny.model.state import GameState

SUPERSTAR_THRESHOLD = 3
"""Celebrity needed to take Superstar."""
STATUE_THRESHOLD = 3
"""Ouch! needed to take the Statue of Liberty."""
STATUE_VP = 3
"""VP the Statue of Liberty is worth to its holder."""


def resolve_celebrity(state: GameState, seat: int, count: int) -> GameState:
    """Celebrity: the holder of Superstar scores 1 VP per Celebrity; anyone else rolling three or
    more takes Superstar and scores 1 VP plus 1 per Celebrity beyond the third (rulings C4)."""
    if state.superstar == seat:
        return gain(state, seat, vp=count)
    if count >= SUPERSTAR_THRESHOLD:
        state = evolve(state, superstar=seat)
        return gain(state, seat, vp=1 + count - SUPERSTAR_THRESHOLD)
    return state


def take_statue(state: GameState, seat: int) -> GameState:
    """``seat`` takes the Statue of Liberty: +3 VP; the previous holder loses 3 VP, never going
    below 0. Taking it again while holding it gains nothing (rulings §9)."""
    holder = state.statue
    if holder == seat:
        return state
    if holder is not None:
        state = gain(state, holder, vp=-STATUE_VP)
    state = evolve(state, statue=seat)
    return gain(state, seat, vp=STATUE_VP)
