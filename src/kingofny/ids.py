"""Integer ids for actions and chance outcomes: fixed spaces for search and reinforcement
learning (the OpenSpiel, PettingZoo and Gymnasium conventions), in pure Python.

:class:`ActionIds` numbers every action the rules can ever offer in a game of the given
content packs, the same for 2 to 6 monsters: the placements, every reroll of 1 to 8 dice (as a
multiset), stopping, the six face types, every destruction target, the moves, the purchases, and
each card use the packs' effects declare (:meth:`~kingofny.model.effect.Effect.option_space`,
never guessed from play). :class:`OutcomeIds` does the same for chance outcomes: every roll
of 1 to 8 dice, every building tile and every card of the packs. Both are immutable (a copy is
the same object; a pickle holds the packs, and unpickling numbers them again), and their
``fingerprint`` (a hash of the ordered vocabulary) changes whenever an id would move::

    >>> from kingofny.ids import ActionIds
    >>> import kingofny
    >>> action_ids = ActionIds()
    >>> state = kingofny.new_game(4, seed=1)
    >>> ids = action_ids.legal_ids(state)
    >>> action_ids.decode(state, ids[0]) == kingofny.legal_actions(state)[0]
    True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Union

from kingofny._engine.core import chance_outcomes, legal_actions
from kingofny._ids_core import (
    TOKEN_KINDS,
    IdTable,
    Layout,
    write_observation,
    write_observation_into,
)
from kingofny.content.options import option_space
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
    Track,
    UnitKind,
    Zone,
)
from kingofny.model.content import ContentTable, content_of, resolve
from kingofny.model.dice import Face, all_rolls
from kingofny.model.limits import MAX_DICE, MAX_MONSTERS
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.pack import ContentPack
from kingofny.model.pending import PendingKind
from kingofny.model.state import MARKET_SIZE, GameState

__all__ = [
    "CODEC_VERSION",
    "OBS_VERSION",
    "SEATS",
    "ActionIds",
    "OutcomeIds",
    "observation",
    "observation_into",
    "observation_names",
    "returns",
]

CODEC_VERSION = 1
"""The version of the numbering: it changes whenever the ids of an existing vocabulary move."""


def _fingerprint(words: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


Packs = Union[Sequence[Union[str, ContentPack]], ContentTable]
"""The packs whose games ids number: pack names, manifests (as :func:`kingofny.new_game` takes
them), or a game's content table (``state.config.content``)."""


_SHARED_IDS: dict[tuple[type[ActionIds], ContentTable], ActionIds] = {}
""":meth:`ActionIds.shared`'s ids by content table (tables compare by identity); bounded."""
_SHARED_KEPT = 16


def _table(packs: Packs) -> ContentTable:
    """The content table of ``packs`` (ArgumentError for what is not a list of packs)."""
    if isinstance(packs, ContentTable):
        return packs
    if (
        isinstance(packs, (str, bytes))
        or not isinstance(packs, Sequence)
        or not packs
        or not all(isinstance(p, (str, ContentPack)) for p in packs)
    ):
        raise ArgumentError("packs", f"expected a sequence of pack names, got {packs!r}")
    return resolve(packs)


def _checked_id(value: object, size: int, field: str) -> int:
    """``value`` if it is an id of a vocabulary of ``size``; ArgumentError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(field, f"expected an int, got {value!r}")
    if not 0 <= value < size:
        raise ArgumentError(field, f"ids are 0 to {size - 1}")
    return value


class ActionIds:
    """Every action of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Packs = ("base",)) -> None:
        table = _table(packs)
        self.packs = table.names
        """The content packs whose games these ids number."""
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
            for key, options in option_space(table).items()
            for option in options
        ]
        self._actions: tuple[Action, ...] = (*engine, *uses)
        self._table = IdTable(self._actions)
        self._words = tuple(str(a) for a in self._actions)
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *self._words))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""
        self._content = table

    def __reduce__(self) -> tuple[type[ActionIds], tuple[ContentTable]]:
        """Pickle by the content packs (installed packs by name): unpickling numbers them
        again, in either build."""
        return type(self), (self._content,)

    @classmethod
    def shared(cls, packs: Packs = ("base",)) -> ActionIds:
        """The ids of ``packs``, built once per content table and shared: they are immutable,
        and building them takes about 0.1 s (environments, one per game of a batch, share
        them)."""
        table = _table(packs)
        key = (cls, table)
        found = _SHARED_IDS.get(key)
        if found is None:
            if len(_SHARED_IDS) >= _SHARED_KEPT:
                _SHARED_IDS.clear()  # tables of packs since replaced are not kept forever
            found = _SHARED_IDS[key] = cls(table)
        return found

    def __copy__(self) -> ActionIds:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ActionIds:
        return self

    @property
    def size(self) -> int:
        """How many ids there are (the same for 2 to 6 monsters)."""
        return len(self._actions)

    def encode(self, action: Action) -> int:
        """The id of ``action``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        return self._table.encode(action)

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
        return self._table.sorted_ids(legal_actions(state))

    def mask(self, state: GameState) -> bytes:
        """1 for each legal id, 0 elsewhere: :attr:`size` bytes, each read as an int
        (``mask[i]``, ``sum(mask)``); ``numpy.frombuffer(mask, numpy.int8)`` views it as an
        array without a copy."""
        return self._table.mask(legal_actions(state))


class OutcomeIds:
    """Every chance outcome of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Packs = ("base",)) -> None:
        table = _table(packs)
        self.packs = table.names
        """The content packs whose games these ids number."""
        cards = sorted(table.cards)
        outcomes: list[Outcome] = [
            DiceRoll(d) for n in range(1, MAX_DICE + 1) for d in all_rolls(n)
        ]
        outcomes.extend(TileDraw(b) for b, _ in BASE_TILES)
        outcomes.extend(CardDraw(c) for c in cards)
        self._outcomes: tuple[Outcome, ...] = tuple(outcomes)
        self._ids = {o: i for i, o in enumerate(self._outcomes)}
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *(str(o) for o in self._outcomes)))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""
        self._content = table

    def __reduce__(self) -> tuple[type[OutcomeIds], tuple[ContentTable]]:
        """Pickle by the content packs (installed packs by name)."""
        return type(self), (self._content,)

    def __copy__(self) -> OutcomeIds:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> OutcomeIds:
        return self

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self._outcomes)

    def encode(self, outcome: Outcome) -> int:
        """The id of ``outcome``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(outcome)
        if found is None:
            raise ArgumentError("OutcomeIds.encode(outcome)", f"no id for {outcome!r}")
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


def _vocabularies(table: ContentTable) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(card ids, card keys that ask) of the packs, sorted: the one-hot vocabularies."""
    return tuple(sorted(table.cards)), tuple(option_space(table))


def observation_names(packs: Packs = ("base",)) -> tuple[str, ...]:
    """One name per index of :func:`observation` for games of ``packs``."""
    cards, askers = _vocabularies(_table(packs))
    names: list[str] = []
    for row in range(SEATS):
        m = f"monster[{row}]"
        names += [f"{m}.present", f"{m}.alive", f"{m}.life", f"{m}.vp", f"{m}.energy"]
        names += [f"{m}.in.{b}" for b in Borough]
        names += [f"{m}.zone.{z}" for z in Zone]
        names += [f"{m}.track.{t}" for t in Track]
        names += [f"{m}.turn", f"{m}.decides", f"{m}.superstar", f"{m}.statue"]
        names += [f"{m}.card.{c}" for c in cards]
        names += [f"{m}.token.{t}" for t in TOKEN_KINDS]
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


_LAYOUTS: dict[ContentTable, Layout] = {}
"""The layout of each content table seen lately (a table is compared by identity; the games of
the same packs share one; the dict is bounded, cleared whole)."""
_LAYOUTS_LIMIT = 64


def _layout(table: ContentTable) -> Layout:
    global _last_layout
    last_table, last = _last_layout
    if last_table is table and last is not None:
        return last
    found = _LAYOUTS.get(table)
    if found is None:
        found = Layout(observation_names(table))
        if len(_LAYOUTS) >= _LAYOUTS_LIMIT:
            _LAYOUTS.clear()
        _LAYOUTS[table] = found
    _last_layout = (table, found)
    return found


_last_layout: tuple[ContentTable | None, Layout | None] = (None, None)
"""The table last asked for (every state of a game holds the same one) and its layout; replaced
whole, so a thread sees the old pair or the new one."""


def observation(state: GameState, seat: int) -> list[float]:
    """What ``seat`` sees of ``state``, as numbers in ``[0, 1]``, one per name of
    :func:`observation_names` (the same length for 2 to 6 monsters).

    Seat-relative: row 0 is ``seat``, then the others clockwise; rows of absent seats are
    zeros (``present`` 0). Counts are divided by their scale and capped at 1: life by 12 (the
    most a base monster may have), VP and Energy by 40, tokens, trophies and units by 10, dice
    by 8 (unresolved symbols by 16, cards may add some), rerolls by 4, the deck and discard
    pile by the number of cards. The rest are 0/1 flags and one-hot groups.
    """
    _check_observed(state, seat, "observation")
    return write_observation(_layout(content_of(state.config)), state, seat)


def observation_into(state: GameState, seat: int, out: object, index: int = 0) -> None:
    """Write :func:`observation` of ``state`` for ``seat`` into ``out`` as float32: the same
    values, without building a list (what a batched environment does at every step).

    ``out`` is a writable, C-contiguous float32 buffer (a numpy ``float32`` array of one or
    more rows, or an ``array.array("f")``) with room for ``index + 1`` observations; the values
    go to the ``index``-th (row ``index`` of an ``(N, size)`` array, whose rows must be
    observations wide). Anything else is an
    :class:`~kingofny.errors.ArgumentError`, and ``out`` is left unchanged."""
    _check_observed(state, seat, "observation_into")
    try:
        view = memoryview(out)  # type: ignore[arg-type]
    except TypeError:
        raise ArgumentError(
            "observation_into(out)", f"expected a float32 buffer, got {type(out).__name__}"
        ) from None
    if view.readonly or view.format not in ("f", "=f", "<f") or not view.c_contiguous:
        raise ArgumentError(
            "observation_into(out)",
            f"expected a writable C-contiguous float32 buffer, got format {view.format!r}"
            f"{' (read-only)' if view.readonly else ''}",
        )
    layout = _layout(content_of(state.config))
    shape = view.shape or ()
    if len(shape) > 1 and shape[-1] != layout.size:
        raise ArgumentError(
            "observation_into(out)",
            f"rows of {shape[-1]} values; an observation has {layout.size}",
        )
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ArgumentError("observation_into(index)", f"expected an int >= 0, got {index!r}")
    if view.nbytes < 4 * layout.size * (index + 1):
        raise ArgumentError(
            "observation_into(out)",
            f"room for {view.nbytes // 4} values; observation {index} needs up to "
            f"{layout.size * (index + 1)}",
        )
    write_observation_into(layout, state, seat, view.cast("B"), 4 * layout.size * index)


def _check_observed(state: GameState, seat: int, name: str) -> None:
    """Refuse what :func:`observation` cannot read (an ArgumentError naming ``name``)."""
    if not isinstance(state, GameState):
        raise ArgumentError(f"{name}(state)", f"expected a GameState, got {state!r}")
    n = len(state.monsters)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ArgumentError(f"{name}(seat)", f"no seat {seat!r} in a {n}-monster game")
    if len(state.boroughs) != len(Borough):
        raise ArgumentError(
            f"{name}(state)", f"expected {len(Borough)} boroughs, got {len(state.boroughs)}"
        )


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's return: 0 for everybody while the game goes on; once it is over, +1 for each
    winner (several share a win: each gets +1) and -1 for every other seat; if nobody won (all
    eliminated in one turn, seed 000 *End of the Game*: "everybody loses"), -1 for all."""
    if state.winners is None:
        return tuple(0.0 for _ in state.monsters)
    won = set(state.winners)
    return tuple(1.0 if s in won else -1.0 for s in range(len(state.monsters)))
