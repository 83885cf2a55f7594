"""Ouch!: the army opens fire (seed 000, *Ouch!*; rulings §9), with the ARMY effects."""

from __future__ import annotations

from kingofny._engine.damage import deal_damage
from kingofny._engine.dispatch import each, owned
from kingofny._engine.goals import STATUE_THRESHOLD, take_statue
from kingofny.model.effect import Source
from kingofny.model.state import GameState


def units_fire(state: GameState, seats: tuple[int, ...] | None, source: Source) -> GameState:
    """Every unit hits each monster of its borough (``seats``: only those monsters)."""
    damage: dict[int, int] = {}
    for i, m in enumerate(state.monsters):
        if m.eliminated or m.location is None or (seats is not None and i not in seats):
            continue
        damage[i] = state.boroughs[m.location.borough].unit_count
    state, _ = deal_damage(state, damage, source)
    return state


def resolve_ouch(state: GameState, seat: int, count: int) -> GameState:
    """One Ouch!: the units of your borough hit you. Two: they hit every monster in your borough.
    Three or more: every unit in the city hits the monsters of its borough, then you take the
    Statue of Liberty if you survived (rulings D3)."""
    state = each(state, owned(state, seat), "on_ouch_rolled", seat, count)
    me = state.monsters[seat]
    if me.location is None:
        return state
    if count == 1:
        return units_fire(state, (seat,), Source.ARMY)
    if count == 2:
        here = me.location.borough
        return units_fire(state, state.monsters_in(here), Source.ARMY)
    state = units_fire(state, None, Source.ARMY)
    if count >= STATUE_THRESHOLD and not state.monsters[seat].eliminated:
        state = take_statue(state, seat)
    return state
