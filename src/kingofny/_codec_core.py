"""The hot loops of :mod:`kingofny.codec`: action ids, masks and the observation writer.

The compiled build compiles this module; :mod:`kingofny.codec` keeps the public API, checks
what callers pass (so a wrong type is an :class:`~kingofny.errors.ArgumentError` in both
builds), and calls in here.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Sequence

import attrs

from kingofny.errors import ArgumentError
from kingofny.model.actions import Action
from kingofny.model.city import (
    BASE_TILES,
    STACKS_PER_BOROUGH,
    Borough,
    BoroughState,
    Track,
    UnitKind,
    Zone,
)
from kingofny.model.dice import Face
from kingofny.model.invariants import BASE_TOKEN_KINDS
from kingofny.model.limits import MAX_DICE
from kingofny.model.monster import MonsterState
from kingofny.model.pending import STEP_KINDS, PendingKind, waiting_for
from kingofny.model.state import MARKET_SIZE, GameState
from kingofny.model.steps import CardChoice, CardRoll, DecisionStep

FANOUT = 12
"""Legal-action tuples longer than this have their ids kept by :class:`ActionIds`."""
FANOUTS_KEPT = 2048

_Keyed = dict[type, tuple[Callable[[Action], Hashable], dict[Hashable, int]]]


def _keyed(actions: Sequence[Action]) -> _Keyed:
    """The ids of ``actions`` by class, then by the values of the fields the class compares
    (read by :func:`operator.attrgetter`): equal to looking the action itself up, as attrs
    compares the class and those fields, without calling the class's ``__hash__`` and
    ``__eq__`` (Python code, most of the cost of a mask)."""
    tables: _Keyed = {}
    for i, action in enumerate(actions):
        cls = type(action)
        entry = tables.get(cls)
        if entry is None:
            names = [f.name for f in attrs.fields(cls) if f.eq]
            key: Callable[[Action], Hashable] = operator.attrgetter(*names) if names else type
            entry = tables[cls] = (key, {})
        entry[1][entry[0](action)] = i
    return tables


class ActionIds:
    """The id of each action of a vocabulary, found fast (see :func:`_keyed`)."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self._ids = {action: i for i, action in enumerate(actions)}
        self._keyed = _keyed(actions)
        self.size = len(actions)
        """How many ids there are."""
        # The engine hands out the same tuple of legal actions for the same reroll fan-out
        # (up to 96 actions); their ids are kept by the tuple's identity. Each entry holds its
        # tuple, so the id cannot be reused while the entry lives; the dict is bounded and
        # only ever swapped whole, so threads sharing a codec see either entry or none.
        self._fanouts: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}

    def get(self, action: Action) -> int | None:
        """The id of ``action``, or None if it has none."""
        return self._ids.get(action)

    def encode(self, action: Action) -> int:
        """The id of ``action``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(action)
        if found is None:
            raise ArgumentError("ActionCodec.encode(action)", f"no id for {action!r}")
        return found

    def ids_of(self, legal: tuple[Action, ...]) -> list[int]:
        """The id of each action, in order (:class:`~kingofny.errors.ArgumentError` for one
        without an id)."""
        keyed = self._keyed
        ids: list[int] = []
        for action in legal:
            entry = keyed.get(type(action))
            try:
                ids.append(entry[1][entry[0](action)] if entry is not None else self._ids[action])
            except KeyError:
                ids.append(self.encode(action))
        return ids

    def sorted_ids(self, legal: tuple[Action, ...]) -> tuple[int, ...]:
        """The ids of ``legal``, sorted (a reroll fan-out's kept by the tuple's identity)."""
        if len(legal) <= FANOUT:
            return tuple(sorted(self.ids_of(legal)))
        known = self._fanouts.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]
        ids = tuple(sorted(self.ids_of(legal)))
        if len(self._fanouts) >= FANOUTS_KEPT:
            self._fanouts = {}
        self._fanouts[id(legal)] = (legal, ids)
        return ids

    def mask(self, legal: tuple[Action, ...]) -> bytes:
        """One byte per id: 1 for the ids of ``legal``, 0 elsewhere."""
        mask = bytearray(self.size)
        for i in self.sorted_ids(legal) if len(legal) > FANOUT else self.ids_of(legal):
            mask[i] = 1
        return bytes(mask)


# -- observations --------------------------------------------------------------------------------

VP_SCALE = 40
ENERGY_SCALE = 40
COUNT_SCALE = 10
TOKEN_KINDS = tuple(sorted(BASE_TOKEN_KINDS))
"""The token kinds an observation shows, in a fixed order."""
# Enum members as tuples, once: iterating an enum class is slow on the observation's hot path.
_BOROUGHS = tuple(Borough)
_UNITS = tuple(UnitKind)
_FACES = tuple(Face)
_TILES = tuple(b for b, _ in BASE_TILES)


class Layout:
    """Where each value of an observation goes, found once per packs from the names of
    :func:`kingofny.codec.observation_names`, so the fast writer and the names can never
    disagree."""

    def __init__(self, names: tuple[str, ...]) -> None:
        at = {name: i for i, name in enumerate(names)}
        self.size = len(names)
        self.row = at["monster[1].present"]
        m = "monster[0]"
        self.life, self.vp, self.energy = at[f"{m}.life"], at[f"{m}.vp"], at[f"{m}.energy"]
        self.borough = {b: at[f"{m}.in.{b}"] for b in Borough}
        self.zone = {z: at[f"{m}.zone.{z}"] for z in Zone}
        self.track = {t: at[f"{m}.track.{t}"] for t in Track}
        self.turn, self.decides = at[f"{m}.turn"], at[f"{m}.decides"]
        self.superstar, self.statue = at[f"{m}.superstar"], at[f"{m}.statue"]
        self.card = dict(self._group(at, f"{m}.card."))
        self.token = {t: at[f"{m}.token.{t}"] for t in TOKEN_KINDS}
        self.trophy = tuple((u, at[f"{m}.trophy.{u}"]) for u in _UNITS)
        self.stacks = tuple(
            tuple(
                ({t: at[f"{b}.stack[{s}].top.{t}"] for t in _TILES}, at[f"{b}.stack[{s}].hidden"])
                for s in range(STACKS_PER_BOROUGH)
            )
            for b in Borough
        )
        self.units = tuple(tuple((u, at[f"{b}.units.{u}"]) for u in _UNITS) for b in Borough)
        self.fresh = tuple(tuple((u, at[f"{b}.fresh_units.{u}"]) for u in _UNITS) for b in Borough)
        self.souvenir = tuple(at[f"{b}.souvenir"] for b in Borough)
        self.market = tuple(
            dict(self._group(at, f"market[{slot}].")) for slot in range(MARKET_SIZE)
        )
        self.cards = len(self.market[0])
        self.deck, self.discard = at["deck.size"], at["discard.size"]
        self.dice = at[f"dice.{_FACES[0]}"]
        self.unresolved = at[f"unresolved.{_FACES[0]}"]
        self.rolled = at[f"rolled.{_FACES[0]}"]
        self.rerolls = at["rerolls_left"]
        self.waiting = {k: at[f"waiting.{k}"] for k in PendingKind}
        self.asks = dict(self._group(at, "asks."))

        self.city_start = at[f"{_BOROUGHS[0]}.stack[0].top.{_TILES[0]}"]
        # Rows and city sections by the identity of the (immutable) object they show; each
        # entry holds its object, so its id cannot be reused while the entry lives. The dicts
        # are bounded and replaced whole, so threads sharing them see an entry or none.
        self._rows: dict[int, tuple[MonsterState, list[float]]] = {}
        self._cities: dict[int, tuple[tuple[BoroughState, ...], list[float]]] = {}

    def monster_row(self, m: MonsterState) -> list[float]:
        """The part of a monster's row that depends on the monster only (not on the seat)."""
        known = self._rows.get(id(m))
        if known is not None and known[0] is m:
            return known[1]
        v = [0.0] * self.row
        v[0] = 1.0
        if not m.eliminated:
            v[1] = 1.0
        if m.life > 0:
            v[self.life] = min(1.0, m.life / 12)
        if m.vp > 0:
            v[self.vp] = min(1.0, m.vp / VP_SCALE)
        if m.energy > 0:
            v[self.energy] = min(1.0, m.energy / ENERGY_SCALE)
        where = m.location
        if where is not None:
            v[self.borough[where.borough]] = 1.0
            if where.zone is not None:
                v[self.zone[where.zone]] = 1.0
            if where.track is not None:
                v[self.track[where.track]] = 1.0
        for card in m.cards:
            if card in self.card:
                v[self.card[card]] = 1.0
        for kind, count in m.tokens:
            if kind in self.token and count > 0:
                v[self.token[kind]] = min(1.0, count / COUNT_SCALE)
        if m.trophies:
            for unit, offset in self.trophy:
                count = m.trophies.count(unit)
                if count:
                    v[offset] = min(1.0, count / COUNT_SCALE)
        if len(self._rows) >= _KEPT:
            self._rows = {}
        self._rows[id(m)] = (m, v)
        return v

    def city(self, boroughs: tuple[BoroughState, ...]) -> list[float]:
        """The boroughs' section: stacks, units and souvenirs, from :attr:`city_start`."""
        known = self._cities.get(id(boroughs))
        if known is not None and known[0] is boroughs:
            return known[1]
        at = self.city_start
        v = [0.0] * (self.souvenir[-1] + 1 - at)
        for b, tiles_state in enumerate(boroughs):
            for (tops, hidden), stack in zip(self.stacks[b], tiles_state.stacks):
                if stack.top is not None:
                    v[tops[stack.top] - at] = 1.0
                if stack.hidden > 0:
                    v[hidden - at] = min(1.0, stack.hidden / 3)
            for units, offsets in (
                (tiles_state.units, self.units[b]),
                (tiles_state.fresh_units, self.fresh[b]),
            ):
                if units:
                    for unit, offset in offsets:
                        count = units.count(unit)
                        if count:
                            v[offset - at] = min(1.0, count / COUNT_SCALE)
            if "souvenir" in tiles_state.markers:
                v[self.souvenir[b] - at] = 1.0
        if len(self._cities) >= _KEPT:
            self._cities = {}
        self._cities[id(boroughs)] = (boroughs, v)
        return v

    @staticmethod
    def _group(at: dict[str, int], prefix: str) -> list[tuple[str, int]]:
        return [(name[len(prefix) :], i) for name, i in at.items() if name.startswith(prefix)]


_KEPT = 4096
"""The most monster rows or city sections an observation layout keeps."""


@functools.lru_cache(maxsize=8192)
def _dice_values(counts: tuple[int, ...], scale: int) -> tuple[float, ...]:
    """Six face counts, each divided by ``scale`` and capped at 1."""
    return tuple(min(1.0, count / scale) for count in counts)


def _waiting(state: GameState) -> tuple[PendingKind | None, int | None, str | None]:
    """What :func:`~kingofny.waiting_for` says of ``state``: (kind, the seat that decides,
    the card that asks or rolls), read straight off the engine's own steps (without building
    the :class:`~kingofny.model.pending.Pending`); other steps go through ``waiting_for``."""
    if state.winners is not None or not state.agenda:
        return None, None, None
    top = state.agenda[-1]
    cls = type(top)
    kind = STEP_KINDS.get(cls)
    if kind is None or kind is PendingKind.INTERNAL:
        pending = waiting_for(state)
        assert pending is not None
        return pending.kind, pending.seat if pending.is_decision else None, pending.card
    if isinstance(top, CardChoice):
        return kind, top.seat, top.card
    if isinstance(top, DecisionStep):
        return kind, top.seat, None
    return kind, None, top.card if isinstance(top, CardRoll) else None


def write_observation(lay: Layout, state: GameState, seat: int) -> list[float]:
    """The observation of ``state`` for ``seat`` (checked by the caller), laid out by ``lay``:
    see :func:`kingofny.codec.observation`."""
    # Written for speed (issue 9: mask plus observation within half an apply). States share
    # their unchanged parts, so a monster's row and the city's section are computed once per
    # object and copied in; the rest starts from zeros and only non-zero values are written.
    monsters = state.monsters
    n = len(monsters)
    v = [0.0] * lay.size
    waiting, decider, asking = _waiting(state)
    turn = state.turn
    stride = lay.row
    for row in range(n):
        who = (seat + row) % n
        base = row * stride
        v[base : base + stride] = lay.monster_row(monsters[who])
        if turn.seat == who:
            v[base + lay.turn] = 1.0
        if decider == who:
            v[base + lay.decides] = 1.0
        if state.superstar == who:
            v[base + lay.superstar] = 1.0
        if state.statue == who:
            v[base + lay.statue] = 1.0
    city = lay.city(state.boroughs)
    v[lay.city_start : lay.city_start + len(city)] = city
    for slot, shown in zip(lay.market, state.market):
        if shown is not None and shown in slot:
            v[slot[shown]] = 1.0
    scale = max(1, lay.cards)
    if state.deck:
        v[lay.deck] = min(1.0, len(state.deck) / scale)
    if state.discard:
        v[lay.discard] = min(1.0, len(state.discard) / scale)
    dice = _dice_values
    v[lay.dice : lay.dice + 6] = dice(turn.dice.counts, MAX_DICE)
    v[lay.unresolved : lay.unresolved + 6] = dice(turn.unresolved.counts, 2 * MAX_DICE)
    v[lay.rolled : lay.rolled + 6] = dice(turn.rolled.counts, MAX_DICE)
    if turn.rerolls_left > 0:
        v[lay.rerolls] = min(1.0, turn.rerolls_left / 4)
    if waiting is not None:
        v[lay.waiting[waiting]] = 1.0
        asker = lay.asks.get(asking) if asking is not None else None
        if asker is not None:
            v[asker] = 1.0
    return v
