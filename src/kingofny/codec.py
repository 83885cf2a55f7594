"""Integer ids for actions and chance outcomes: fixed spaces for search and reinforcement
learning (the OpenSpiel, PettingZoo and Gymnasium conventions), in pure Python.

:class:`ActionCodec` numbers every action the rules can ever offer in a game of the given
content packs, the same for 2 to 6 monsters: the placements, every reroll of 1 to 8 dice (as a
multiset), stopping, the six face types, every destruction target, the moves, the purchases, and
each card use the packs' effects declare (:meth:`~kingofny.effects.api.Effect.option_space`,
never guessed from play). :class:`OutcomeCodec` does the same for chance outcomes: every roll
of 1 to 8 dice, every building tile and every card of the packs. Both are immutable, and their
``fingerprint`` (a hash of the ordered vocabulary) changes whenever an id would move::

    >>> from kingofny.codec import ActionCodec
    >>> import kingofny
    >>> codec = ActionCodec()
    >>> state = kingofny.new_game(4, seed=1)
    >>> ids = codec.legal_ids(state)
    >>> codec.decode(state, ids[0]) == kingofny.legal_actions(state)[0]
    True
"""

from __future__ import annotations

import functools
import hashlib
import operator
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

import attrs

from kingofny.content import registry
from kingofny.content.options import option_space
from kingofny.engine.core import chance_outcomes, legal_actions
from kingofny.errors import ArgumentError, IllegalActionError
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UseCard,
)
from kingofny.model.city import (
    BASE_TILES,
    OUTER_BOROUGHS,
    STACKS_PER_BOROUGH,
    Borough,
    BoroughState,
    Track,
    UnitKind,
    Zone,
)
from kingofny.model.dice import Face, all_rolls
from kingofny.model.invariants import MAX_DICE, MAX_MONSTERS
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.pending import STEP_KINDS, PendingKind, waiting_for
from kingofny.model.state import MARKET_SIZE, GameState
from kingofny.model.steps import CardChoice, CardRoll, DecisionStep

__all__ = [
    "CODEC_VERSION",
    "OBS_VERSION",
    "ActionCodec",
    "OutcomeCodec",
    "observation",
    "observation_names",
    "returns",
]

CODEC_VERSION = 1
"""The version of the numbering: it changes whenever the ids of an existing vocabulary move."""


def _fingerprint(words: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


def _packs(packs: Sequence[str]) -> tuple[str, ...]:
    if isinstance(packs, str) or not all(isinstance(p, str) for p in packs) or not packs:
        raise ArgumentError("packs", f"expected a sequence of pack names, got {packs!r}")
    return tuple(packs)


def _checked_id(value: object, size: int, field: str) -> int:
    """``value`` if it is an id of a vocabulary of ``size``; ArgumentError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(field, f"expected an int, got {value!r}")
    if not 0 <= value < size:
        raise ArgumentError(field, f"ids are 0 to {size - 1}")
    return value


_FANOUT = 12
"""Legal-action tuples longer than this have their ids kept by :class:`ActionCodec`."""
_FANOUTS_KEPT = 2048

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


class ActionCodec:
    """Every action of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Sequence[str] = ("base",)) -> None:
        self.packs = _packs(packs)
        """The content packs whose games this codec numbers."""
        engine: list[Action] = [PlaceMonster(b) for b in OUTER_BOROUGHS]
        engine.extend(Reroll(d) for n in range(1, MAX_DICE + 1) for d in all_rolls(n))
        engine.append(StopRolling())
        engine.extend(ResolveFace(f) for f in Face)
        engine.extend(DestroyBuilding(b, s) for b in Borough for s in range(STACKS_PER_BOROUGH))
        engine.extend(DestroyUnit(b, u) for b in Borough for u in UnitKind)
        engine.extend(Flee(b) for b in OUTER_BOROUGHS)
        engine.append(StayInManhattan())
        engine.extend(MoveTo(b) for b in OUTER_BOROUGHS)
        engine.append(StayPut())
        engine.extend(Buy(slot) for slot in range(MARKET_SIZE))
        engine.extend((Sweep(), EndBuying(), Pass()))
        uses = [
            UseCard(key, option)
            for key, options in option_space(self.packs).items()
            for option in options
        ]
        self._actions: tuple[Action, ...] = (*engine, *uses)
        self._ids = {action: i for i, action in enumerate(self._actions)}
        self._keyed = _keyed(self._actions)
        self._words = tuple(str(a) for a in self._actions)
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *self._words))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""
        # The engine hands out the same tuple of legal actions for the same reroll fan-out
        # (up to 96 actions); their ids are kept by the tuple's identity. Each entry holds its
        # tuple, so the id cannot be reused while the entry lives; the dict is bounded and
        # only ever swapped whole, so threads sharing a codec see either entry or none.
        self._fanouts: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}

    @property
    def size(self) -> int:
        """How many ids there are (the same for 2 to 6 monsters)."""
        return len(self._actions)

    def encode(self, action: Action) -> int:
        """The id of ``action``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(action)
        if found is None:
            raise ArgumentError("ActionCodec.encode(action)", f"no id for {action!r}")
        return found

    def action(self, action_id: int) -> Action:
        """The action numbered ``action_id``, whether legal now or not."""
        return self._actions[_checked_id(action_id, len(self._actions), "action_id")]

    def decode(self, state: GameState, action_id: int) -> Action:
        """The action numbered ``action_id``, which must be legal in ``state``
        (:class:`~kingofny.errors.IllegalActionError` otherwise)."""
        action = self.action(action_id)
        if action not in legal_actions(state):
            raise IllegalActionError(f"id {action_id} ({action}) is not legal now")
        return action

    def describe(self, action_id: int) -> str:
        """What the id stands for, in words (``"reroll AAD"``)."""
        self.action(action_id)
        return self._words[action_id]

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The ids of the legal actions of ``state``, sorted (empty at a chance node)."""
        legal = legal_actions(state)
        if len(legal) > _FANOUT:
            return self._fanout_ids(legal)
        return tuple(sorted(self._ids_of(legal)))

    def _ids_of(self, legal: tuple[Action, ...]) -> list[int]:
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

    def _fanout_ids(self, legal: tuple[Action, ...]) -> tuple[int, ...]:
        known = self._fanouts.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]
        ids = tuple(sorted(self._ids_of(legal)))
        if len(self._fanouts) >= _FANOUTS_KEPT:
            self._fanouts = {}
        self._fanouts[id(legal)] = (legal, ids)
        return ids

    def mask(self, state: GameState) -> bytes:
        """1 for each legal id, 0 elsewhere: :attr:`size` bytes, each read as an int
        (``mask[i]``, ``sum(mask)``); ``numpy.frombuffer(mask, numpy.int8)`` views it as an
        array without a copy."""
        legal = legal_actions(state)
        mask = bytearray(len(self._actions))
        for i in self._fanout_ids(legal) if len(legal) > _FANOUT else self._ids_of(legal):
            mask[i] = 1
        return bytes(mask)


class OutcomeCodec:
    """Every chance outcome of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Sequence[str] = ("base",)) -> None:
        self.packs = _packs(packs)
        """The content packs whose games this codec numbers."""
        reg = registry.installed()
        cards = sorted({c.id for name in self.packs for c in reg.pack(name).cards})
        outcomes: list[Outcome] = [
            DiceRoll(d) for n in range(1, MAX_DICE + 1) for d in all_rolls(n)
        ]
        outcomes.extend(TileDraw(b) for b, _ in BASE_TILES)
        outcomes.extend(CardDraw(c) for c in cards)
        self._outcomes: tuple[Outcome, ...] = tuple(outcomes)
        self._ids = {o: i for i, o in enumerate(self._outcomes)}
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *(str(o) for o in self._outcomes)))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self._outcomes)

    def encode(self, outcome: Outcome) -> int:
        """The id of ``outcome``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(outcome)
        if found is None:
            raise ArgumentError("OutcomeCodec.encode(outcome)", f"no id for {outcome!r}")
        return found

    def decode(self, outcome_id: int) -> Outcome:
        """The outcome numbered ``outcome_id``."""
        return self._outcomes[_checked_id(outcome_id, len(self._outcomes), "outcome_id")]

    def outcomes(self, state: GameState) -> list[tuple[int, Fraction]]:
        """The chance outcomes of ``state`` as (id, exact probability), by id (empty at a
        decision)."""
        ids = self._ids
        return sorted((ids[o], p) for o, p in chance_outcomes(state))


# -- observations and returns ------------------------------------------------------------------

OBS_VERSION = 1
"""The version of the observation layout: it changes whenever an index changes meaning."""
SEATS = MAX_MONSTERS
"""Monster rows in an observation, whatever the number of monsters (absent rows are zeros)."""
_VP_SCALE = 40
_ENERGY_SCALE = 40
_COUNT_SCALE = 10
_TOKEN_KINDS = ("carapace", "curse", "web")
# Enum members as tuples, once: iterating an enum class is slow on the observation's hot path.
_BOROUGHS = tuple(Borough)
_ZONES = tuple(Zone)
_TRACKS = tuple(Track)
_UNITS = tuple(UnitKind)
_FACES = tuple(Face)
_KINDS = tuple(PendingKind)
_TILES = tuple(b for b, _ in BASE_TILES)


def _vocabularies(packs: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(card ids, card keys that ask) of the packs, sorted: the one-hot vocabularies."""
    reg = registry.installed()
    cards = tuple(sorted({c.id for name in packs for c in reg.pack(name).cards}))
    return cards, tuple(option_space(packs))


def observation_names(packs: Sequence[str] = ("base",)) -> tuple[str, ...]:
    """One name per index of :func:`observation` for games of ``packs``."""
    cards, askers = _vocabularies(_packs(packs))
    names: list[str] = []
    for row in range(SEATS):
        m = f"monster[{row}]"
        names += [f"{m}.present", f"{m}.alive", f"{m}.life", f"{m}.vp", f"{m}.energy"]
        names += [f"{m}.in.{b}" for b in Borough]
        names += [f"{m}.zone.{z}" for z in Zone]
        names += [f"{m}.track.{t}" for t in Track]
        names += [f"{m}.turn", f"{m}.decides", f"{m}.superstar", f"{m}.statue"]
        names += [f"{m}.card.{c}" for c in cards]
        names += [f"{m}.token.{t}" for t in _TOKEN_KINDS]
        names += [f"{m}.trophy.{u}" for u in UnitKind]
    for b in Borough:
        for s in range(STACKS_PER_BOROUGH):
            names += [f"{b}.stack[{s}].top.{tile}" for tile, _ in BASE_TILES]
            names.append(f"{b}.stack[{s}].hidden")
        names += [f"{b}.units.{u}" for u in UnitKind]
        names += [f"{b}.fresh_units.{u}" for u in UnitKind]
        names.append(f"{b}.souvenir")
    for slot in range(MARKET_SIZE):
        names += [f"market[{slot}].{c}" for c in cards]
    names += ["deck.size", "discard.size"]
    names += [f"dice.{f}" for f in Face]
    names += [f"unresolved.{f}" for f in Face]
    names += [f"rolled.{f}" for f in Face]
    names.append("rerolls_left")
    names += [f"waiting.{kind}" for kind in PendingKind]
    names += [f"asks.{key}" for key in askers]
    return tuple(names)


class _Layout:
    """Where each value of :func:`observation` goes, found once per packs from
    :func:`observation_names`, so the fast writer and the names can never disagree."""

    def __init__(self, packs: tuple[str, ...]) -> None:
        names = observation_names(packs)
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
        self.token = {t: at[f"{m}.token.{t}"] for t in _TOKEN_KINDS}
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
            v[self.vp] = min(1.0, m.vp / _VP_SCALE)
        if m.energy > 0:
            v[self.energy] = min(1.0, m.energy / _ENERGY_SCALE)
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
                v[self.token[kind]] = min(1.0, count / _COUNT_SCALE)
        if m.trophies:
            for unit, offset in self.trophy:
                count = m.trophies.count(unit)
                if count:
                    v[offset] = min(1.0, count / _COUNT_SCALE)
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
                            v[offset - at] = min(1.0, count / _COUNT_SCALE)
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

_LAYOUTS: dict[tuple[str, ...], tuple[int, _Layout]] = {}
"""The layout of each tuple of packs, with the registry's change count it was made at (one per
packs: a layout made before a change is replaced, not kept beside the new one)."""


def _layout(packs: tuple[str, ...]) -> _Layout:
    global _last_layout
    changes = registry.installed().changes[0]
    last_packs, last_changes, last = _last_layout
    if last is not None and last_packs is packs and last_changes == changes:
        return last
    kept = _LAYOUTS.get(packs)
    if kept is not None and kept[0] == changes:
        found = kept[1]
    else:
        found = _Layout(packs)
        _LAYOUTS[packs] = (changes, found)
    _last_layout = (packs, changes, found)
    return found


_last_layout: tuple[tuple[str, ...] | None, int, _Layout | None] = (None, -1, None)
"""The packs last asked for (states of one game share the tuple), their registry change count
and their layout; replaced whole, so a thread sees the old triple or the new one."""


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


def observation(state: GameState, seat: int) -> list[float]:
    """What ``seat`` sees of ``state``, as numbers in ``[0, 1]``, one per name of
    :func:`observation_names` (the same length for 2 to 6 monsters).

    Seat-relative: row 0 is ``seat``, then the others clockwise; rows of absent seats are
    zeros (``present`` 0). Counts are divided by their scale and capped at 1: life by 12 (the
    most a base monster may have), VP and Energy by 40, tokens, trophies and units by 10, dice
    by 8 (unresolved symbols by 16, cards may add some), rerolls by 4, the deck and discard
    pile by the number of cards. The rest are 0/1 flags and one-hot groups.
    """
    # Written for speed (issue 9: mask plus observation within half an apply). States share
    # their unchanged parts, so a monster's row and the city's section are computed once per
    # object and copied in; the rest starts from zeros and only non-zero values are written.
    monsters = state.monsters
    n = len(monsters)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ArgumentError("observation(seat)", f"no seat {seat!r} in a {n}-monster game")
    lay = _layout(state.config.packs)
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


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's return: 0 for everybody while the game goes on; once it is over, +1 for each
    winner (several share a win: each gets +1) and -1 for every other seat; if nobody won (all
    eliminated in one turn, seed 000 *End of the Game*: "everybody loses"), -1 for all."""
    if state.winners is None:
        return tuple(0.0 for _ in state.monsters)
    won = set(state.winners)
    return tuple(1.0 if s in won else -1.0 for s in range(len(state.monsters)))
