"""Destruction of buildings and units (seed 000, *Destruction*; rulings §8, D1, D2)."""

from __future__ import annotations

from kingofny.engine.ops import evolve, gain, push, set_borough, set_monster, set_turn
from kingofny.model.actions import Action, DestroyBuilding, DestroyUnit
from kingofny.model.city import Borough, BoroughState, Reward, Stack
from kingofny.model.state import GameState
from kingofny.model.steps import Destroy, RevealTile


def resolve_destruction(state: GameState, seat: int, count: int) -> GameState:
    """Start spending ``count`` Destruction points in the monster's borough."""
    return push(state, Destroy(seat, count)) if count > 0 else state


def _here(state: GameState, seat: int) -> Borough:
    where = state.monsters[seat].location
    assert where is not None
    return where.borough


def destroy_legal(state: GameState, step: Destroy) -> tuple[Action, ...]:
    """Every tile of your borough the remaining points can destroy: the top building of each
    stack and the units that did not appear this turn. While one exists you must destroy
    something, but you choose what (rulings D1); when none does, the leftover points are lost."""
    if state.monsters[step.seat].eliminated:
        return ()
    here = _here(state, step.seat)
    tiles = state.boroughs[here]
    options: list[Action] = [
        DestroyBuilding(here, i)
        for i, stack in enumerate(tiles.stacks)
        if stack.top is not None and stack.top.durability <= step.points
    ]
    options.extend(
        DestroyUnit(here, unit)
        for unit in sorted(set(tiles.units))
        if unit.durability <= step.points
    )
    return tuple(options)


def _reward(state: GameState, seat: int, reward: Reward, amount: int) -> GameState:
    if reward is Reward.VP:
        return gain(state, seat, vp=amount)
    if reward is Reward.ENERGY:
        return gain(state, seat, energy=amount)
    return gain(state, seat, life=amount)


def destroy_act(state: GameState, step: Destroy, action: Action) -> GameState:
    """Destroy the chosen tile and keep spending what is left.

    A building pays its reward, flips to its unit (which cannot be destroyed this turn), and the
    building below is revealed as a chance event. A unit pays its reward and goes to the
    destroyer (seed 000, *Tile Description*).
    """
    seat = step.seat
    if isinstance(action, DestroyBuilding):
        tiles = state.boroughs[action.borough]
        stack = tiles.stacks[action.stack]
        target = stack.top
        assert target is not None
        stacks = list(tiles.stacks)
        stacks[action.stack] = Stack(None, stack.hidden)
        fresh = tuple(sorted(tiles.fresh_units + (target.unit,)))
        state = set_borough(state, action.borough, BoroughState(tuple(stacks), tiles.units, fresh))
        state = set_turn(state, destroyed_buildings=state.turn.destroyed_buildings + (target,))
        state = _reward(state, seat, *target.reward)
        state = push(state, Destroy(seat, step.points - target.durability))
        if stack.hidden:
            state = push(state, RevealTile(action.borough, action.stack))
        return state
    assert isinstance(action, DestroyUnit)
    tiles = state.boroughs[action.borough]
    units = list(tiles.units)
    units.remove(action.unit)
    state = set_borough(
        state, action.borough, BoroughState(tiles.stacks, tuple(units), tiles.fresh_units)
    )
    m = state.monsters[seat]
    state = set_monster(state, seat, evolve(m, trophies=tuple(sorted(m.trophies + (action.unit,)))))
    state = set_turn(state, destroyed_units=state.turn.destroyed_units + (action.unit,))
    state = _reward(state, seat, *action.unit.reward)
    return push(state, Destroy(seat, step.points - action.unit.durability))
