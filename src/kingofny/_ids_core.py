"""The hot loops of :mod:`kingofny.ids`: action ids, masks and the observation writer.

The compiled build compiles this module; :mod:`kingofny.ids` keeps the public API, checks
what callers pass (so a wrong type is an :class:`~kingofny.errors.ArgumentError` in both
builds), and calls in here.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Hashable, Sequence
from typing import Final

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
from kingofny.model.dice import Dice, Face
from kingofny.model.invariants import BASE_TOKEN_KINDS
from kingofny.model.limits import MAX_DICE, MAX_MONSTERS
from kingofny.model.monster import MonsterState
from kingofny.model.pending import STEP_KINDS, PendingKind
from kingofny.model.state import MARKET_SIZE, GameState, waiting_for
from kingofny.model.steps import CardChoice, CardRoll, DecisionStep

FANOUT: Final = 12
"""Legal-action tuples longer than this have their ids kept by :class:`IdTable`."""
FANOUTS_KEPT: Final = 2048

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


class IdTable:
    """The id of each action of a vocabulary, found fast (see :func:`_keyed`)."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self._actions = actions
        self._ids = {action: i for i, action in enumerate(actions)}
        self._keyed = _keyed(actions)
        self.size = len(actions)
        """How many ids there are."""
        # The engine hands out the same tuple of legal actions for the same reroll fan-out
        # (up to 96 actions); their ids and mask are kept by the tuple's identity. Each entry
        # holds its tuple, so the id cannot be reused while the entry lives; the dict is
        # bounded and only ever swapped whole, so threads sharing a codec see either entry or
        # none.
        self._fanouts: dict[int, tuple[tuple[Action, ...], tuple[int, ...], bytes]] = {}

    def __reduce__(self) -> tuple[type[IdTable], tuple[tuple[Action, ...]]]:
        """Pickle by the vocabulary (a compiled class has no pickle support of its own)."""
        return IdTable, (self._actions,)

    def get(self, action: Action) -> int | None:
        """The id of ``action``, or None if it has none."""
        return self._ids.get(action)

    def encode(self, action: Action) -> int:
        """The id of ``action``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(action)
        if found is None:
            raise ArgumentError("ActionIds.encode(action)", f"no id for {action!r}")
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
        return self._fanout(legal)[1]

    def _fanout(
        self, legal: tuple[Action, ...]
    ) -> tuple[tuple[Action, ...], tuple[int, ...], bytes]:
        """A reroll fan-out's entry: the tuple, its sorted ids and its mask."""
        known = self._fanouts.get(id(legal))
        if known is not None and known[0] is legal:
            return known
        ids = self.ids_of(legal)
        entry = (legal, tuple(sorted(ids)), self._mask_of(ids))
        if len(self._fanouts) >= FANOUTS_KEPT:
            self._fanouts = {}
        self._fanouts[id(legal)] = entry
        return entry

    def mask(self, legal: tuple[Action, ...]) -> bytes:
        """One byte per id: 1 for the ids of ``legal``, 0 elsewhere (a fan-out's is kept)."""
        if len(legal) > FANOUT:
            return self._fanout(legal)[2]
        return self._mask_of(self.ids_of(legal))

    def _mask_of(self, ids: Sequence[int]) -> bytes:
        mask = bytearray(self.size)
        for i in ids:
            mask[i] = 1
        return bytes(mask)


# -- observations --------------------------------------------------------------------------------

VP_SCALE: Final = 40
ENERGY_SCALE: Final = 40
COUNT_SCALE: Final = 10
TOKEN_KINDS: Final = tuple(sorted(BASE_TOKEN_KINDS))
"""The token kinds an observation shows, in a fixed order."""
# Enum members as tuples, once: iterating an enum class is slow on the observation's hot path.
_BOROUGHS: Final = tuple(Borough)
_UNITS: Final = tuple(UnitKind)
_FACES: Final = tuple(Face)
_TILES: Final = tuple(b for b, _ in BASE_TILES)


class Layout:
    """Where each value of an observation goes, found once per packs from the names of
    :func:`kingofny.ids.observation_names`, so the fast writer and the names can never
    disagree."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
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
        spans = [[i for name, i in at.items() if name.startswith(f"{b}.")] for b in _BOROUGHS]
        self.part_starts = tuple(min(span) for span in spans)
        """Where each borough's part of the city section starts."""
        self.part_sizes = tuple(len(span) for span in spans)
        """How many values each borough's part has."""
        ends = [start + size for start, size in zip(self.part_starts, self.part_sizes)]
        if (
            any(max(span) + 1 != end for span, end in zip(spans, ends))
            or self.part_starts[0] != self.city_start
            or list(self.part_starts[1:]) != ends[:-1]
        ):
            raise AssertionError("observation layout: each borough's part must be contiguous")
        # The writer puts the vector together in order: the monsters' rows, then the city
        # right after the last row, then the rest (see write_observation).
        if self.city_start != MAX_MONSTERS * self.row:
            raise AssertionError("observation layout: the city must follow the monster rows")
        self.empty_rows = tuple(
            (0.0,) * ((MAX_MONSTERS - n) * self.row) for n in range(MAX_MONSTERS + 1)
        )
        """Zeros for the rows of the seats a game of ``n`` monsters leaves empty."""
        self.tail = (0.0,) * (self.size - ends[-1])
        """Zeros for everything after the city's section."""
        # Monster rows by the identity of the (immutable) monster they show; each entry holds
        # its monster, so its id cannot be reused while the entry lives; borough parts the same,
        # so that games stepped in turn (a vector env) each find theirs. The dicts are bounded
        # and replaced whole, so threads sharing them see an entry or none. In front of them (their
        # int keys cost a box and a hash): the last row shown for each seat, and the last part
        # shown for each borough, each entry replaced whole. Rows and parts are tuples: the
        # writer copies them into each vector, and nobody can change them.
        self._rows: dict[int, tuple[MonsterState, tuple[float, ...]]] = {}
        self._seat_rows: list[tuple[MonsterState, tuple[float, ...]] | None] = [None] * MAX_MONSTERS
        self._parts: list[tuple[BoroughState, tuple[float, ...]] | None] = [None] * len(Borough)
        self._borough_parts: dict[int, tuple[BoroughState, tuple[float, ...]]] = {}
        # The same rows and parts as float32 bytes, for write_observation_into, by the identity
        # of the tuple they pack (which the entry holds).
        self._packed: dict[int, tuple[tuple[float, ...], bytes]] = {}
        self.zeros = bytes(4 * self.size)
        """A whole observation of zeros, as float32 bytes."""

    def __reduce__(self) -> tuple[type[Layout], tuple[tuple[str, ...]]]:
        """Pickle by the names (a compiled class has no pickle support of its own)."""
        return Layout, (self._names,)

    def monster_row(self, m: MonsterState, seat: int) -> tuple[float, ...]:
        """The part of a monster's row that depends on the monster only (not on the seat it is
        seen from), for the monster at ``seat``."""
        known = self._seat_rows[seat]
        if known is not None and known[0] is m:
            return known[1]
        known = self._rows.get(id(m))
        if known is not None and known[0] is m:
            self._seat_rows[seat] = known
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
        entry = (m, tuple(v))
        self._rows[id(m)] = entry
        self._seat_rows[seat] = entry
        return entry[1]

    def borough_part(self, b: int, tiles_state: BoroughState) -> tuple[float, ...]:
        """Borough ``b``'s part of the city section (its stacks, units and souvenir), from
        ``part_starts[b]``."""
        last = self._parts[b]
        if last is not None and last[0] is tiles_state:
            return last[1]
        known = self._borough_parts.get(id(tiles_state))
        if known is not None and known[0] is tiles_state:
            self._parts[b] = known
            return known[1]
        at = self.part_starts[b]
        v = [0.0] * self.part_sizes[b]
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
        if len(self._borough_parts) >= _KEPT:
            self._borough_parts = {}
        entry = (tiles_state, tuple(v))
        self._borough_parts[id(tiles_state)] = entry
        self._parts[b] = entry
        return entry[1]

    def packed(self, values: tuple[float, ...]) -> bytes:
        """``values`` (a row or part this layout keeps) as float32 bytes, kept by its
        identity."""
        known = self._packed.get(id(values))
        if known is not None and known[0] is values:
            return known[1]
        if len(self._packed) >= 2 * _KEPT:
            self._packed = {}
        data = struct.pack(f"={len(values)}f", *values)
        self._packed[id(values)] = (values, data)
        return data

    @staticmethod
    def _group(at: dict[str, int], prefix: str) -> list[tuple[str, int]]:
        return [(name[len(prefix) :], i) for name, i in at.items() if name.startswith(prefix)]


_KEPT: Final = 4096
"""The most monster rows an observation layout keeps, and dice rows :func:`_dice_row` keeps."""


_SHOWN_ROWS: Final[dict[Dice, tuple[float, ...]]] = {}
"""The observation's values of the dice showing or rolled, by dice (scale ``MAX_DICE``)."""
_UNRESOLVED_ROWS: Final[dict[Dice, tuple[float, ...]]] = {}
"""The same for the dice left to resolve (scale ``2 * MAX_DICE``)."""


def _dice_row(dice: Dice, scale: int, rows: dict[Dice, tuple[float, ...]]) -> tuple[float, ...]:
    """The six face counts of ``dice``, each divided by ``scale`` and capped at 1, kept in
    ``rows`` (Dice hash by a stored value; the dict is bounded and cleared whole)."""
    found = rows.get(dice)
    if found is None:
        if len(rows) >= _KEPT:
            rows.clear()
        found = rows[dice] = tuple([min(1.0, count / scale) for count in dice.counts])
    return found


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
    see :func:`kingofny.ids.observation`."""
    # Written for speed (issue 9: mask plus observation within half an apply). States share
    # their unchanged parts, so a monster's row and a borough's part of the city are computed
    # once per object; the vector is those rows, zeros for the empty seats, the boroughs' parts
    # and zeros for the rest, put together in that order, and then only the few other non-zero
    # values are written.
    monsters = state.monsters
    n = len(monsters)
    waiting, decider, asking = _waiting(state)
    turn = state.turn
    turn_seat, superstar, statue = turn.seat, state.superstar, state.statue
    v: list[float] = []
    for row in range(n):
        who = (seat + row) % n
        base = len(v)
        v.extend(lay.monster_row(monsters[who], who))
        if turn_seat == who:
            v[base + lay.turn] = 1.0
        if decider == who:
            v[base + lay.decides] = 1.0
        if superstar == who:
            v[base + lay.superstar] = 1.0
        if statue == who:
            v[base + lay.statue] = 1.0
    v.extend(lay.empty_rows[n])
    for b, tiles_state in enumerate(state.boroughs):
        v.extend(lay.borough_part(b, tiles_state))
    v.extend(lay.tail)
    for slot, shown in zip(lay.market, state.market):
        if shown is not None and shown in slot:
            v[slot[shown]] = 1.0
    scale = max(1, lay.cards)
    if state.deck:
        v[lay.deck] = min(1.0, len(state.deck) / scale)
    if state.discard:
        v[lay.discard] = min(1.0, len(state.discard) / scale)
    # Zero dice leave their zeros.
    if turn.dice.total:
        v[lay.dice : lay.dice + 6] = _dice_row(turn.dice, MAX_DICE, _SHOWN_ROWS)
    if turn.unresolved.total:
        v[lay.unresolved : lay.unresolved + 6] = _dice_row(
            turn.unresolved, 2 * MAX_DICE, _UNRESOLVED_ROWS
        )
    if turn.rolled.total:
        v[lay.rolled : lay.rolled + 6] = _dice_row(turn.rolled, MAX_DICE, _SHOWN_ROWS)
    if turn.rerolls_left > 0:
        v[lay.rerolls] = min(1.0, turn.rerolls_left / 4)
    if waiting is not None:
        v[lay.waiting[waiting]] = 1.0
        asker = lay.asks.get(asking) if asking is not None else None
        if asker is not None:
            v[asker] = 1.0
    return v


_ONE: Final = struct.Struct("=f")
_SIX: Final = struct.Struct("=6f")


def write_observation_into(
    lay: Layout, state: GameState, seat: int, out: memoryview, offset: int
) -> None:
    """Write the observation of :func:`write_observation` as float32 into the bytes
    ``out[offset : offset + 4 * lay.size]`` (checked by the caller): the same values, written
    by copying the kept rows and parts as bytes, without building the list."""
    monsters = state.monsters
    n = len(monsters)
    waiting, decider, asking = _waiting(state)
    turn = state.turn
    turn_seat, superstar, statue = turn.seat, state.superstar, state.statue
    out[offset : offset + 4 * lay.size] = lay.zeros
    row_bytes = 4 * lay.row
    for row in range(n):
        who = (seat + row) % n
        base = offset + row * row_bytes
        out[base : base + row_bytes] = lay.packed(lay.monster_row(monsters[who], who))
        if turn_seat == who:
            _ONE.pack_into(out, base + 4 * lay.turn, 1.0)
        if decider == who:
            _ONE.pack_into(out, base + 4 * lay.decides, 1.0)
        if superstar == who:
            _ONE.pack_into(out, base + 4 * lay.superstar, 1.0)
        if statue == who:
            _ONE.pack_into(out, base + 4 * lay.statue, 1.0)
    for b, tiles_state in enumerate(state.boroughs):
        data = lay.packed(lay.borough_part(b, tiles_state))
        at = offset + 4 * lay.part_starts[b]
        out[at : at + len(data)] = data
    for slot, shown in zip(lay.market, state.market):
        if shown is not None and shown in slot:
            _ONE.pack_into(out, offset + 4 * slot[shown], 1.0)
    scale = max(1, lay.cards)
    if state.deck:
        _ONE.pack_into(out, offset + 4 * lay.deck, min(1.0, len(state.deck) / scale))
    if state.discard:
        _ONE.pack_into(out, offset + 4 * lay.discard, min(1.0, len(state.discard) / scale))
    if turn.dice.total:
        _SIX.pack_into(out, offset + 4 * lay.dice, *_dice_row(turn.dice, MAX_DICE, _SHOWN_ROWS))
    if turn.unresolved.total:
        _SIX.pack_into(
            out,
            offset + 4 * lay.unresolved,
            *_dice_row(turn.unresolved, 2 * MAX_DICE, _UNRESOLVED_ROWS),
        )
    if turn.rolled.total:
        _SIX.pack_into(out, offset + 4 * lay.rolled, *_dice_row(turn.rolled, MAX_DICE, _SHOWN_ROWS))
    if turn.rerolls_left > 0:
        _ONE.pack_into(out, offset + 4 * lay.rerolls, min(1.0, turn.rerolls_left / 4))
    if waiting is not None:
        _ONE.pack_into(out, offset + 4 * lay.waiting[waiting], 1.0)
        asker = lay.asks.get(asking) if asking is not None else None
        if asker is not None:
            _ONE.pack_into(out, offset + 4 * asker, 1.0)
