"""Ouch!: the army opens fire (seed 000, *Ouch!*; rulings §9)."""

from __future__ import annotations

from kingofny.engine.damage import deal_damage
from kingofny.engine.goals import STATUE_THRESHOLD, take_statue
from kingofny.model.state import GameState


def resolve_ouch(state: GameState, seat: int, count: int) -> GameState:
    """One Ouch!: the units of your borough hit you. Two: they hit every monster in your borough.
    Three or more: every unit in the city hits the monsters of its borough, then you take the
    Statue of Liberty if you survived (rulings D3)."""
    me = state.monsters[seat]
    assert me.location is not None
    here = me.location.borough
    damage: dict[int, int] = {}
    if count == 1:
        damage[seat] = state.boroughs[here].unit_count
    else:
        for i, m in enumerate(state.monsters):
            if m.eliminated or m.location is None:
                continue
            if count >= STATUE_THRESHOLD or m.location.borough is here:
                damage[i] = state.boroughs[m.location.borough].unit_count
    state = deal_damage(state, damage)
    if count >= STATUE_THRESHOLD and not state.monsters[seat].eliminated:
        state = take_statue(state, seat)
    return state
