"""Destruction of buildings and units (seed 000, *Destruction*; rulings §8, D1, D2), with the
DESTRUCTION_RULES and TILE_DESTROYED effects."""

from __future__ import annotations

from typing import Final

from kingofny._engine.dispatch import checked, counted, each, overrides, owned, wrong
from kingofny._engine.economy import gain_energy, gain_vp, heal, spend_energy
from kingofny._engine.ops import maker, push, set_borough, set_monster, set_turn
from kingofny.model.actions import Action, DestroyBuilding, DestroyUnit, Pass
from kingofny.model.city import Borough, BoroughState, Building, Reward, Stack, UnitKind
from kingofny.model.effect import Effect
from kingofny.model.monster import MonsterState
from kingofny.model.state import GameState
from kingofny.model.steps import Destroy, RevealTile

_WITH_STACKS_FRESH: Final = maker(BoroughState, "stacks", "fresh_units")
_WITH_UNITS: Final = maker(BoroughState, "units")
_WITH_TROPHIES: Final = maker(MonsterState, "trophies")
_PASS: Final = Pass()
SEISMIC: Final = "any"
"""Reach tag: any tile, paying 1 Energy per Destruction point (Seismic Ray)."""
JETS: Final = "jets"
"""Reach tag: Jets only, at no extra cost (Sharp Shooter)."""


def resolve_destruction(state: GameState, seat: int, count: int) -> GameState:
    """Start spending ``count`` Destruction points."""
    return push(state, Destroy(seat, count)) if count > 0 else state


def durability(
    state: GameState,
    seat: int,
    tile: Building | UnitKind,
    effects: tuple[tuple[str, Effect], ...] | None = None,
) -> int:
    """Destruction ``seat`` needs for ``tile``, after its effects (Can Opener, Long Neck);
    ``effects`` are :func:`~kingofny._engine.dispatch.owned`'s for ``seat``, if known."""
    value = tile.durability
    for key, effect in owned(state, seat) if effects is None else effects:
        if not overrides(effect, "durability"):
            continue
        value = counted(state, key, effect.durability, state, seat, tile, value, low=0)
    return value


def _reach(
    state: GameState, seat: int, key: str, effect: Effect
) -> tuple[tuple[Borough, str], ...]:
    """The boroughs one effect lets ``seat`` destroy in (its REACH hook, checked)."""
    if not overrides(effect, "reach"):
        return ()
    found = checked(state, key, tuple, effect.reach, state, seat)
    for item in found:
        if not (
            type(item) is tuple
            and len(item) == 2
            and isinstance(item[0], Borough)
            and type(item[1]) is str
        ):
            wrong(state, key, "reach", found, "a tuple of (Borough, tag) pairs")
    return found


def _options(
    state: GameState,
    seat: int,
    borough: Borough,
    points: int,
    tags: frozenset[str],
    units_only: bool,
) -> list[Action]:
    """Targets in one borough. No tags: your own borough. ``"any"``: every tile, paid 1 Energy
    per point (Seismic Ray). ``"jets"``: Jets, free (Sharp Shooter)."""
    tiles = state.boroughs[borough]
    energy = state.monsters[seat].energy
    paid = SEISMIC in tags
    free_jets = JETS in tags or not tags
    options: list[Action] = []
    effects = owned(state, seat)
    if not units_only and (paid or not tags):
        for i, stack in enumerate(tiles.stacks):
            if stack.top is not None:
                need = durability(state, seat, stack.top, effects)
                if need <= points and (not paid or need <= energy):
                    options.append(DestroyBuilding(borough, i))
    for unit in sorted(set(tiles.units)):
        free = not tags or (unit is UnitKind.JET and free_jets)
        if not free and not paid:
            continue
        need = durability(state, seat, unit, effects)
        if need <= points and (free or need <= energy):
            options.append(DestroyUnit(borough, unit))
    return options


def destroy_legal(state: GameState, step: Destroy) -> tuple[Action, ...]:
    """Tiles the remaining points can destroy. In your borough: the top building of each stack
    and the units that did not appear this turn; while one exists you must destroy something,
    but you choose what (rulings D1). Tiles elsewhere (Seismic Ray, Sharp Shooter) are optional.
    When nothing is left to destroy, the leftover points are lost."""
    seat = step.seat
    m = state.monsters[seat]
    if m.eliminated or m.location is None:
        return ()
    effects = owned(state, seat)
    units_only = False
    for key, effect in effects:
        if not overrides(effect, "only_units"):
            continue
        only = checked(state, key, bool, effect.only_units, state, seat)
        units_only = units_only or only
    here = m.location.borough
    options = _options(state, seat, here, step.points, frozenset(), units_only)
    forced = bool(options)
    reach: dict[Borough, set[str]] = {}
    for key, effect in effects:
        for borough, tag in _reach(state, seat, key, effect):
            if borough is not here:
                reach.setdefault(borough, set()).add(tag if tag == JETS else SEISMIC)
    for borough in sorted(reach):
        tags = frozenset(reach[borough])
        options.extend(_options(state, seat, borough, step.points, tags, units_only))
    if options and not forced:
        options.append(_PASS)
    return tuple(options)


def _reward(state: GameState, seat: int, reward: Reward, amount: int) -> GameState:
    if reward is Reward.VP:
        return gain_vp(state, seat, amount)
    if reward is Reward.ENERGY:
        return gain_energy(state, seat, amount)
    return heal(state, seat, amount)


def _pay_for_reach(
    state: GameState, seat: int, borough: Borough, tile: Building | UnitKind, need: int
) -> GameState:
    """Destroying outside your borough costs 1 Energy per point, unless the tile is a Jet that
    Sharp Shooter reaches for free (rulings §16)."""
    here = state.monsters[seat].location
    if here is None or here.borough is borough:
        return state
    if tile is UnitKind.JET and any(
        tag == JETS for k, e in owned(state, seat) for _, tag in _reach(state, seat, k, e)
    ):
        return state
    return spend_energy(state, seat, need)


def destroy_act(state: GameState, step: Destroy, action: Action) -> GameState:
    """Destroy the chosen tile and keep spending what is left.

    A building pays its reward, flips to its unit (which cannot be destroyed this turn), and the
    building below is revealed as a chance event. A unit pays its reward and goes to the
    destroyer (seed 000, *Tile Description*). Then TILE_DESTROYED effects act.
    """
    seat = step.seat
    if isinstance(action, Pass):
        return state
    if isinstance(action, DestroyBuilding):
        tiles = state.boroughs[action.borough]
        stack = tiles.stacks[action.stack]
        target = stack.top
        assert target is not None
        need = durability(state, seat, target)
        stacks = list(tiles.stacks)
        stacks[action.stack] = Stack(None, stack.hidden)
        fresh = tuple(sorted((*tiles.fresh_units, target.unit)))
        state = set_borough(state, action.borough, _WITH_STACKS_FRESH(tiles, tuple(stacks), fresh))
        state = set_turn(state, destroyed_buildings=(*state.turn.destroyed_buildings, target))
        state = _pay_for_reach(state, seat, action.borough, target, need)
        state = _reward(state, seat, *target.reward)
        state = push(state, Destroy(seat, step.points - need))
        if stack.hidden:
            state = push(state, RevealTile(action.borough, action.stack))
        tile: Building | UnitKind = target
    else:
        assert isinstance(action, DestroyUnit)
        tiles = state.boroughs[action.borough]
        need = durability(state, seat, action.unit)
        units = list(tiles.units)
        units.remove(action.unit)
        state = set_borough(state, action.borough, _WITH_UNITS(tiles, tuple(units)))
        m = state.monsters[seat]
        state = set_monster(
            state, seat, _WITH_TROPHIES(m, tuple(sorted((*m.trophies, action.unit))))
        )
        state = set_turn(state, destroyed_units=(*state.turn.destroyed_units, action.unit))
        state = _pay_for_reach(state, seat, action.borough, action.unit, need)
        state = _reward(state, seat, *action.unit.reward)
        state = push(state, Destroy(seat, step.points - need))
        tile = action.unit
    state = each(state, owned(state, seat), "on_destroy", seat, tile)
    return state
