"""The invariants of a position: one checker for every way a state comes in from outside.

:func:`find_problems` lists every rule a state breaks, each as a :class:`Problem` with the JSON
path of the offending value (``$.monsters[2].life``, as :func:`kingofny.to_json` lays a state
out under ``data``) and a sentence. :func:`kingofny.from_json`, ``Scenario.build``,
:func:`kingofny.check_state` and the conformance kit all use it, through
:func:`kingofny._engine.validation.state_problems`, which supplies what only the content and the
engine know (a :class:`ContentView`).

Checked, with the rule each comes from (seed 000 unless named):

- the configuration: 2 to 6 distinct known monsters (*Setup*);
- each monster: the configured monster; Life 1 to its maximum while in the game, 0 once
  eliminated (glossary *Eliminated*); VP and Energy not negative (rulings D34); an eliminated
  monster holds no location, card or token (rulings §11); a monster in the game stands somewhere
  once play has started; a location in Manhattan has a zone and a track, one outside has
  neither; KEEP cards only in front of monsters (*Card Description*); known token kinds, listed
  once each, sorted, counts of at least 1;
- positions: at most 2 monsters per outer borough; Manhattan holds 1, or 2 while five or more
  monsters are in a 5–6 monster game (*Advanced Rule*; one more only while a monster must leave);
  one monster per track; nobody on a 5–6 space while the 2–4 space is empty (*Advanced Rule*:
  the 5–6 monster slides over);
- the cards: each card of the packs in play in exactly one place (deck, market, discard, a
  monster); 3 market slots, an empty one only while a reveal for it is pending or nothing is left
  to reveal; deck and discard sorted;
- the tiles: the 45 tiles accounted for exactly once (*Setup*; with ``all_tiles=False``, as
  for a test position, some may be left out, never more), the face-down pool matching the
  stacks, a stack with face-down tiles shows
  its top unless its reveal is pending, at most one Souvenir per borough (components §4.2);
- the goal cards: held by a monster in the game, or in the supply;
- the turn: a real seat; rerolls left between 0 and what the rules allow; the dice showing no
  more than the monster rolls; unresolved dice among the dice showing (plus what cards add);
  per-seat tallies; sorted marks; a real seat or None for ``order_seat``; declared winners real
  seats, distinct and sorted (one eliminated since stays listed until the turn ends, and does
  not win);
- the agenda: bounded (:data:`~kingofny.model.limits.MAX_AGENDA`); empty exactly when the game
  is over; steps name real seats, slots, stacks and cards; the bottom step leads to the next
  turn; reveals are pending only where something is face down; a game in progress has a monster
  in it;
- extra turns and waiting effects name real seats and known effects; winners are distinct
  seats in the game.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from typing import Protocol

import attrs

from kingofny.model.cards import CardKind
from kingofny.model.city import (
    BASE_TILES,
    OUTER_CAPACITY,
    STACKS_PER_BOROUGH,
    TILES_PER_STACK,
    Borough,
    Building,
    Track,
    UnitKind,
)
from kingofny.model.dice import Dice
from kingofny.model.limits import (  # re-exported: their usual address
    ADVANCED_RULE_MONSTERS as ADVANCED_RULE_MONSTERS,
)
from kingofny.model.limits import MAX_AGENDA as MAX_AGENDA
from kingofny.model.limits import MAX_DICE as MAX_DICE
from kingofny.model.limits import MAX_MONSTERS as MAX_MONSTERS
from kingofny.model.limits import MAX_POINTS as MAX_POINTS
from kingofny.model.limits import MIN_MONSTERS as MIN_MONSTERS
from kingofny.model.limits import manhattan_capacity as manhattan_capacity
from kingofny.model.monster import MonsterState
from kingofny.model.problems import Problem as Problem
from kingofny.model.state import MARKET_SIZE, GameState
from kingofny.model.steps import (
    ChanceStep,
    CloseTurn,
    DecisionStep,
    EndTurn,
    LeaveManhattan,
    Phase,
    RevealCard,
    RevealTile,
    RollDice,
    RollOff,
    StartTurn,
    Step,
)

BASE_TOKEN_KINDS = frozenset({"carapace", "curse", "web"})
"""The token kinds of the base game a monster may hold (components §4.2)."""
SOUVENIR = "souvenir"
"""The marker Tourist puts on a borough; at most one per borough (components §4.2)."""
BASE_MARKER_KINDS = frozenset({SOUVENIR})
"""The marker kinds of the base game a borough may hold."""
CONTINUATIONS: tuple[type[Step], ...] = (RollOff, StartTurn, EndTurn, CloseTurn)
"""The steps that may sit at the bottom of a running game's agenda: they lead to the next turn."""
_BOROUGH_COUNT = len(Borough)
_BASE_TILES: dict[Building, int] = dict(BASE_TILES)
_UNITS_OF_TILES: Counter[UnitKind] = Counter()
for _building, _count in BASE_TILES:
    _UNITS_OF_TILES[_building.unit] += _count
_TILE_ORDER = {building: rank for rank, building in enumerate(sorted(_BASE_TILES))}
"""The rank of each tile of the game in the order of :class:`Building`."""
_TILE_COUNTS = [_BASE_TILES[building] for building in _TILE_ORDER]
"""How many of each tile the game has, by rank."""
_UNIT_SOURCES = tuple(
    (unit, _UNITS_OF_TILES[unit], tuple(r for b, r in _TILE_ORDER.items() if b.unit is unit))
    for unit in UnitKind
)
"""For each unit: how many tiles have it on their back, and the ranks of those tiles."""


class ContentView(Protocol):
    """What the checker needs to know from the content packs and the rules engine.

    A view may also have ``card_ids()`` (every card of the packs in play, once per copy,
    sorted) and ``known_ids()`` (what a ``card`` field may name: the cards and monsters of the
    packs in play and every effect key), which the checker then uses instead of computing them
    from the methods below at each check: :func:`kingofny._engine.validation.content_view` has
    both. A view without them is checked the same way.
    """

    def monster_ids(self) -> frozenset[str]:
        """The monsters of the packs in play."""

    def card_copies(self) -> Mapping[str, int]:
        """How many copies of each card the packs in play put in the game."""

    def card_kind(self, card: str) -> CardKind | None:
        """The kind of a card of the packs in play, or None if it is not one."""

    def effect_ids(self) -> frozenset[str]:
        """Every key an effect is registered under (cards, monsters, token kinds, marks)."""

    def max_life(self, state: GameState, seat: int) -> int:
        """The most Life the monster in ``seat`` may have now."""

    def max_dice(self, state: GameState, seat: int) -> int:
        """How many dice the monster in ``seat`` rolls on its turn now."""

    def max_rerolls(self, state: GameState, seat: int) -> int:
        """The most rerolls the monster in ``seat`` may have left on its turn."""

    def may_add_symbols(self, state: GameState, seat: int) -> bool:
        """Whether effects of ``seat`` may add symbols to its result beyond its dice (or have
        added them: an eliminated monster keeps what its lost cards added)."""


class _Checker:
    """Collects the problems of one state."""

    def __init__(
        self, state: GameState, content: ContentView, settled: bool, all_tiles: bool
    ) -> None:
        self.settled = settled
        self.all_tiles = all_tiles
        self.state = state
        self.content = content
        self.problems: list[Problem] = []
        self.seats = len(state.config.monsters)

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def seat(self, value: object, path: str) -> bool:
        if type(value) is not int or not 0 <= value < self.seats:
            self.add(path, f"no seat {value!r} in a {self.seats}-monster game")
            return False
        return True

    def sorted_seats(self, seats: Iterable[int], path: str, what: str) -> None:
        values = tuple(seats)
        for i, s in enumerate(values):
            if self.seat(s, f"{path}[{i}]") and i and s <= values[i - 1]:
                self.add(f"{path}[{i}]", f"{what} are distinct seats in increasing order")

    def card_ids(self) -> tuple[str, ...]:
        """The view's ``card_ids()``, or the same from its card copies (see ContentView)."""
        given = getattr(self.content, "card_ids", None)
        if given is not None:
            ids: tuple[str, ...] = given()
            return ids
        copies = self.content.card_copies()
        return tuple(sorted(card for card, n in copies.items() for _ in range(n)))

    def known_ids(self) -> Collection[str]:
        """The view's ``known_ids()``, or the same from its other answers (see ContentView)."""
        given = getattr(self.content, "known_ids", None)
        if given is not None:
            known: Collection[str] = given()
            return known
        content = self.content
        return set(content.card_copies()) | content.monster_ids() | content.effect_ids()

    def sorted_values(self, values: tuple[object, ...], path: str, what: str) -> None:
        if not _in_order(values):
            self.add(path, f"{what} are kept sorted")

    # -- the parts of a state ------------------------------------------------------------------

    def config(self) -> bool:
        config = self.state.config
        count = len(config.monsters)
        if not MIN_MONSTERS <= count <= MAX_MONSTERS:
            self.add(
                "$.config.monsters",
                f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {count}",
            )
        known = self.content.monster_ids()
        for i, monster in enumerate(config.monsters):
            if monster not in known:
                self.add(f"$.config.monsters[{i}]", f"unknown monster {monster!r}")
            elif monster in config.monsters[:i]:
                self.add(f"$.config.monsters[{i}]", f"{monster} is played twice")
        if len(self.state.monsters) != count:
            self.add(
                "$.monsters",
                f"the config has {count} monsters, the state {len(self.state.monsters)}",
            )
            return False
        return True

    def shape(self) -> bool:
        """The fixed sizes the other checks index by: boroughs, stacks, market slots."""
        state = self.state
        if len(state.boroughs) != _BOROUGH_COUNT:
            self.add("$.boroughs", f"expected {_BOROUGH_COUNT} boroughs, got {len(state.boroughs)}")
        for b, tiles in enumerate(state.boroughs):
            if len(tiles.stacks) != STACKS_PER_BOROUGH:
                self.add(f"$.boroughs[{b}].stacks", f"a borough has {STACKS_PER_BOROUGH} stacks")
        if len(state.market) != MARKET_SIZE:
            self.add("$.market", f"the market has {MARKET_SIZE} slots, got {len(state.market)}")
        return not self.problems

    def monsters(self) -> None:
        state = self.state
        started = state.turn.number > 0
        effects = self.content.effect_ids()
        for seat, m in enumerate(state.monsters):
            at = f"$.monsters[{seat}]"
            if m.monster != state.config.monsters[seat]:
                self.add(f"{at}.monster", f"seat {seat} plays {state.config.monsters[seat]}")
            if m.vp < 0:
                self.add(f"{at}.vp", f"Victory Points cannot be below 0, got {m.vp}")
            if m.energy < 0:
                self.add(f"{at}.energy", f"Energy cannot be below 0, got {m.energy}")
            if len(m.trophies) > 1:
                self.sorted_values(m.trophies, f"{at}.trophies", "trophies")
            if len(m.tokens):
                self.tokens(m, at, effects)
            if m.eliminated:
                for name, empty, what in (
                    ("life", 0, "0 Life"),
                    ("location", None, "no location"),
                    ("cards", (), "no cards (they go to the discard pile)"),
                    ("tokens", (), "no tokens"),
                ):
                    if getattr(m, name) != empty:
                        self.add(f"{at}.{name}", f"an eliminated monster has {what}")
                continue
            self.life(seat, m, at)
            self.location(m, at, started)
            for i, card in enumerate(m.cards):
                kind = self.content.card_kind(card)
                if kind is None:
                    self.add(f"{at}.cards[{i}]", f"unknown card {card!r}")
                elif kind is not CardKind.KEEP:
                    self.add(
                        f"{at}.cards[{i}]",
                        f"{card} is a {kind.value} card; only KEEP cards stay in front of a "
                        "monster",
                    )

    def tokens(self, m: MonsterState, at: str, effects: frozenset[str]) -> None:
        for i, (kind, count) in enumerate(m.tokens):
            if i and not m.tokens[i - 1][0] < kind:
                self.add(f"{at}.tokens[{i}][0]", "tokens are listed once per kind, sorted")
            if kind not in BASE_TOKEN_KINDS and kind not in effects:
                self.add(f"{at}.tokens[{i}][0]", f"unknown token kind {kind!r}")
            if count < 1:
                self.add(f"{at}.tokens[{i}][1]", f"a listed token count is at least 1, got {count}")

    def life(self, seat: int, m: MonsterState, at: str) -> None:
        if m.life < 1:
            self.add(
                f"{at}.life",
                f"a monster in the game has at least 1 Life (0 means eliminated), got {m.life}",
            )
            return
        top = self.content.max_life(self.state, seat)
        if m.life > top:
            self.add(f"{at}.life", f"Life is at most {top} for this monster, got {m.life}")

    def location(self, m: MonsterState, at: str, started: bool) -> None:
        where = m.location
        if where is None:
            if started:
                self.add(
                    f"{at}.location", "every monster in the game stands somewhere once play starts"
                )
            return
        manhattan = where.borough is Borough.MANHATTAN
        if manhattan != (where.zone is not None) or (where.zone is None) != (where.track is None):
            self.add(f"{at}.location", f"inconsistent location {where}")

    def positions(self) -> None:
        state = self.state
        outer: dict[Borough, int] = {}
        tracks: dict[Track, int] = {}
        inside: list[int] = []
        for seat, m in enumerate(state.monsters):
            where = m.location
            if m.eliminated or where is None:
                continue
            if where.borough is Borough.MANHATTAN:
                inside.append(seat)
                track = where.track
                if track is None:
                    continue
                if track is Track.SECOND and self.seats < ADVANCED_RULE_MONSTERS:
                    self.add(
                        f"$.monsters[{seat}].location",
                        "the 5-6 spaces are used only in 5- and 6-monster games",
                    )
                if track in tracks:
                    self.add(
                        f"$.monsters[{seat}].location",
                        f"seat {tracks[track]} already stands on that track",
                    )
                tracks[track] = seat
            else:
                outer[where.borough] = standing = outer.get(where.borough, 0) + 1
                if standing == OUTER_CAPACITY + 1:
                    self.add(
                        f"$.monsters[{seat}].location",
                        f"at most {OUTER_CAPACITY} monsters stand in {where.borough.label}",
                    )
        capacity = manhattan_capacity(state)
        if len(inside) > capacity and len(inside) > capacity + any(
            isinstance(s, LeaveManhattan) for s in state.agenda
        ):
            self.add(
                f"$.monsters[{inside[-1]}].location",
                f"{len(inside)} monsters in Manhattan, which holds {capacity} now",
            )
        if Track.SECOND in tracks and Track.MAIN not in tracks:
            self.add(
                f"$.monsters[{tracks[Track.SECOND]}].location",
                "a monster is on a 5-6 space while the 2-4 space is empty (it slides over)",
            )

    def cards(self) -> None:
        state = self.state
        self.sorted_values(state.deck, "$.deck", "the deck's cards")
        self.sorted_values(state.discard, "$.discard", "the discarded cards")
        # Every card once: the common case, checked in one go; the walk says where not.
        ids = [*state.deck, *state.discard, *(c for c in state.market if c is not None)]
        for m in state.monsters:
            ids += m.cards
        try:
            ids_ok = tuple(sorted(ids)) == self.card_ids()
        except TypeError:  # ids that do not compare (a state built by hand)
            ids_ok = False
        if not ids_ok:
            self.card_walk()
        if None in state.market:
            refilling = {s.slot for s in state.agenda if isinstance(s, RevealCard)}
            for slot, shown in enumerate(state.market):
                if shown is None and slot not in refilling and (state.deck or state.discard):
                    self.add(
                        f"$.market[{slot}]",
                        "a market slot is empty although cards are left to reveal",
                    )

    def card_walk(self) -> None:
        """Where the cards are not each in one place: unknown, twice, or nowhere."""
        state = self.state
        copies = self.content.card_copies()
        places: list[tuple[str, tuple[str | None, ...]]] = [
            ("$.deck", state.deck),
            ("$.market", state.market),
            ("$.discard", state.discard),
        ]
        places.extend((f"$.monsters[{s}].cards", m.cards) for s, m in enumerate(state.monsters))
        seen: Counter[str] = Counter()
        for where, ids in places:
            for i, card in enumerate(ids):
                if card is None:
                    continue
                if card not in copies:
                    self.add(f"{where}[{i}]", f"unknown card {card!r}")
                    continue
                seen[card] += 1
                if seen[card] > copies[card]:
                    self.add(f"{where}[{i}]", f"{card} is already elsewhere; each card exists once")
        missing = sorted(set(copies) - set(seen))
        if missing:
            self.add("$", f"{len(missing)} cards are nowhere, e.g. {missing[0]}")

    def tiles(self) -> None:
        """The 45 tiles, each once: in a stack (face up or down), as a unit, or a trophy."""
        try:
            fine = self.tiles_add_up()
        except Exception:  # a state built by hand: the walk says what is wrong
            fine = False
        if not fine:
            self.tile_walk()

    def tiles_add_up(self) -> bool:
        """The common case of :meth:`tile_walk` in one pass, counting the tiles by rank: True
        only if the walk would find nothing (False in doubt: a reveal pending, say)."""
        state = self.state
        rank_of = _TILE_ORDER.get
        counts = [0] * len(_TILE_ORDER)
        units: list[object] = []
        hidden = 0
        for tiles in state.boroughs:
            for stack in tiles.stacks:
                top = stack.top
                count = stack.hidden
                if top is None:
                    if count != 0:
                        return False
                    continue
                rank = rank_of(top)
                if rank is None or not 0 <= count < TILES_PER_STACK:
                    return False
                counts[rank] += 1
                hidden += count
            here, fresh, markers = tiles.units, tiles.fresh_units, tiles.markers
            if (
                not _in_order(here)
                or not _in_order(fresh)
                or (markers and not self.markers_known(markers))
            ):
                return False
            units += here
            units += fresh
        ranks = _TILE_ORDER
        previous = -1
        pool = 0
        for building, count in state.hidden_tiles:
            rank = ranks.get(building)
            if rank is None or rank <= previous or count < 1:
                return False
            previous = rank
            pool += count
            counts[rank] += count
        if pool != hidden or any(map(operator.gt, counts, _TILE_COUNTS)):
            return False
        for m in state.monsters:
            units += m.trophies
        for unit, expected, sources in _UNIT_SOURCES:
            found = units.count(unit) + sum(map(counts.__getitem__, sources))
            if found > expected or (self.all_tiles and found < expected):
                return False
        return True

    def markers_known(self, markers: tuple[str, ...]) -> bool:
        """Whether a borough's markers are known kinds, each once, sorted."""
        effects = self.content.effect_ids()
        return (
            _in_order(markers)
            and len(set(markers)) == len(markers)
            and all(m in BASE_MARKER_KINDS or m in effects for m in markers)
        )

    def tile_walk(self) -> None:
        """Every tile problem, where it is (what :meth:`tiles_add_up` checks, one by one)."""
        state = self.state
        base = _BASE_TILES
        revealing = {(s.borough, s.stack) for s in state.agenda if isinstance(s, RevealTile)}
        face_up: Counter[Building] = Counter()
        units: Counter[UnitKind] = Counter()
        hidden = 0
        markers = self.content.effect_ids()
        for b, tiles in enumerate(state.boroughs):
            at = f"$.boroughs[{b}]"
            for i, stack in enumerate(tiles.stacks):
                on_top = stack.top is not None
                if not 0 <= stack.hidden <= TILES_PER_STACK - on_top:
                    self.add(
                        f"{at}.stacks[{i}].hidden",
                        f"a stack holds {TILES_PER_STACK} tiles at most, got {stack.hidden}"
                        + (" under a face-up top" if on_top else ""),
                    )
                hidden += stack.hidden
                if stack.top is not None:
                    face_up[stack.top] += 1
                elif stack.hidden > 0 and (Borough(b), i) not in revealing:
                    self.add(
                        f"{at}.stacks[{i}].top",
                        "a stack with face-down tiles shows its top tile (no reveal is pending)",
                    )
            self.sorted_values(tiles.units, f"{at}.units", "units")
            self.sorted_values(tiles.fresh_units, f"{at}.fresh_units", "units")
            self.sorted_values(tiles.markers, f"{at}.markers", "markers")
            for i, marker in enumerate(tiles.markers):
                if marker not in BASE_MARKER_KINDS and marker not in markers:
                    self.add(f"{at}.markers[{i}]", f"unknown marker {marker!r}")
                elif i and marker == tiles.markers[i - 1]:
                    self.add(f"{at}.markers[{i}]", f"a borough holds at most one {marker}")
            units.update(tiles.units)
            units.update(tiles.fresh_units)
        pool = 0
        for i, (building, count) in enumerate(state.hidden_tiles):
            at = f"$.hidden_tiles[{i}]"
            if building not in base:
                self.add(f"{at}[0]", f"{building} is not a tile of the game")
            if i and not state.hidden_tiles[i - 1][0] < building:
                self.add(f"{at}[0]", "the face-down tiles are listed once per building, sorted")
            if count < 1:
                self.add(f"{at}[1]", f"a listed tile count is at least 1, got {count}")
            pool += count
            face_up[building] += count
        if pool != hidden:
            self.add(
                "$.hidden_tiles",
                f"the stacks hide {hidden} tiles but the face-down pool holds {pool}",
            )
        for building, count in face_up.items():
            if count > base.get(building, 0):
                self.add(
                    "$.hidden_tiles",
                    f"{count} {building} tiles are face down or on top of stacks; the game has "
                    f"{base.get(building, 0)}",
                )
        for m in state.monsters:
            units.update(m.trophies)
        expected = _UNITS_OF_TILES
        for building, count in face_up.items():
            units[building.unit] += count
        for unit in UnitKind:
            if units[unit] > expected[unit] or (self.all_tiles and units[unit] < expected[unit]):
                self.add(
                    "$.boroughs",
                    f"the {unit} tiles do not add up: {units[unit]} found in stacks, on the board "
                    f"and as trophies, but the game has {expected[unit]}",
                )

    def goals(self) -> None:
        for name in ("superstar", "statue"):
            holder = getattr(self.state, name)
            if (
                holder is not None
                and self.seat(holder, f"$.{name}")
                and self.state.monsters[holder].eliminated
            ):
                self.add(f"$.{name}", "an eliminated monster's goal cards return to the supply")

    def turn(self) -> None:
        state = self.state
        turn = state.turn
        if not self.seat(turn.seat, "$.turn.seat"):
            return
        if turn.number < 0:
            self.add("$.turn.number", f"the turn number cannot be below 0, got {turn.number}")
        if turn.order_seat is not None:
            self.seat(turn.order_seat, "$.turn.order_seat")
        most = self.content.max_rerolls(state, turn.seat)
        if not 0 <= turn.rerolls_left <= most:
            self.add(
                "$.turn.rerolls_left",
                f"rerolls left are 0 to {most} for this monster, got {turn.rerolls_left}",
            )
        showing = turn.dice.total
        for name, total in (("dice", showing), ("rolled", turn.rolled.total)):
            if total > MAX_DICE:
                self.add(f"$.turn.{name}", f"there are only {MAX_DICE} dice, got {total}")
        if turn.unresolved.total > MAX_POINTS:
            self.add("$.turn.unresolved", f"at most {MAX_POINTS} symbols, got {turn.unresolved}")
        if showing and state.phase in (Phase.ROLL, Phase.RESOLVE):
            rolling = sum(s.count for s in state.agenda if isinstance(s, RollDice))
            top = self.content.max_dice(state, turn.seat)
            if showing + rolling > top:
                self.add(
                    "$.turn.dice",
                    f"seat {turn.seat} rolls {top} dice, but {showing} are showing"
                    + (f" and {rolling} are being rolled" if rolling else ""),
                )
        if not self.content.may_add_symbols(state, turn.seat):
            extra = [f for f, n in enumerate(turn.unresolved.counts) if n > turn.dice.counts[f]]
            if extra:
                self.add(
                    "$.turn.unresolved",
                    "the unresolved dice are not among the dice showing "
                    f"({turn.unresolved} against {turn.dice})",
                )
        if len(turn.marks) > 1:
            self.sorted_values(turn.marks, "$.turn.marks", "turn marks")
        for name in ("energy_gained", "damage_dealt"):
            values: tuple[int, ...] = getattr(turn, name)
            if values and len(values) != self.seats:
                self.add(
                    f"$.turn.{name}",
                    f"one entry per seat ({self.seats}) or none, got {len(values)}",
                )
            for i, value in enumerate(values):
                if value < 0:
                    self.add(f"$.turn.{name}[{i}]", f"cannot be below 0, got {value}")
        if len(turn.win_claims):
            self.sorted_seats(turn.win_claims, "$.turn.win_claims", "declared winners")

    def agenda(self) -> None:
        state = self.state
        agenda = state.agenda
        if len(agenda) > MAX_AGENDA:
            self.add("$.agenda", f"at most {MAX_AGENDA} pending steps, got {len(agenda)}")
            return
        known = self.known_ids()
        tiles_pending: set[tuple[Borough, int]] = set()
        slots_pending: set[int] = set()
        dice = state.turn.dice.total
        for i, step in enumerate(agenda):
            at = f"$.agenda[{i}]"
            self.problems.extend(field_problems(step, at, self.seats, known))
            if i and isinstance(step, CONTINUATIONS):
                self.add(at, f"only the bottom step of the agenda may be {step.KIND}")
            if isinstance(step, RevealTile):
                if not 0 <= step.stack < STACKS_PER_BOROUGH:
                    continue
                stack = state.boroughs[step.borough].stacks[step.stack]
                if (
                    stack.top is not None
                    or stack.hidden < 1
                    or (step.borough, step.stack) in tiles_pending
                ):
                    self.add(at, "a reveal needs a stack with a face-down tile on top")
                tiles_pending.add((step.borough, step.stack))
            elif isinstance(step, RevealCard):
                if not 0 <= step.slot < MARKET_SIZE:
                    continue
                if state.market[step.slot] is not None or step.slot in slots_pending:
                    self.add(at, "a card is revealed only into an empty market slot")
                slots_pending.add(step.slot)
            elif isinstance(step, RollOff):
                self.sorted_seats(step.contenders, f"{at}.contenders", "contenders")
                if not step.contenders or len(step.attacks) >= len(step.contenders):
                    self.add(f"{at}.attacks", "some contender must still roll")
            elif isinstance(step, RollDice):
                dice += step.count
                if dice > MAX_DICE:
                    self.add(f"{at}.count", f"with the dice on the table, more than {MAX_DICE}")
        if state.winners is not None:
            self.sorted_seats(state.winners, "$.winners", "winners")
            for i, seat in enumerate(state.winners):
                if 0 <= seat < self.seats and state.monsters[seat].eliminated:
                    self.add(f"$.winners[{i}]", "an eliminated monster cannot win")
            if agenda:
                self.add("$.agenda", "a finished game has no pending steps")
            return
        if not agenda:
            self.add("$.agenda", "a game in progress has pending steps (or winners)")
            return
        if not isinstance(agenda[0], CONTINUATIONS):
            self.add(
                "$.agenda[0]",
                "the bottom step of a game in progress leads to the next turn "
                f"({', '.join(c.KIND for c in CONTINUATIONS)})",
            )
        if all(m.eliminated for m in state.monsters) and not (
            isinstance(agenda[0], (EndTurn, CloseTurn))
            and all(isinstance(s, (RevealCard, RevealTile)) for s in agenda[1:])
        ):
            self.add(
                "$.monsters",
                "every monster is eliminated, so the game is over (only the reveals that refill "
                "the market and the stacks may still finish the last turn)",
            )
        if not self.settled:
            return
        top = agenda[-1]
        at = f"$.agenda[{len(agenda) - 1}]"
        if isinstance(top, ChanceStep):
            if state.rng is not None and top.CHANCE_KIND not in state.config.manual:
                self.add(
                    at,
                    f"a seeded game draws {top.CHANCE_KIND} chance itself; it never waits at a "
                    "chance step of a kind its config does not leave manual",
                )
        elif isinstance(top, DecisionStep):
            if 0 <= top.seat < self.seats and state.monsters[top.seat].eliminated:
                self.add(f"{at}.seat", "an eliminated monster makes no decisions")
        else:
            self.add(
                at, f"the step on top must wait for a decision or a chance outcome, not {top.KIND}"
            )

    def extras(self) -> None:
        effects = self.content.effect_ids()
        for i, (seat, mark) in enumerate(self.state.extra_turns):
            if self.seat(seat, f"$.extra_turns[{i}][0]") and self.state.monsters[seat].eliminated:
                self.add(f"$.extra_turns[{i}][0]", "an eliminated monster takes no turns")
            if mark and mark not in effects:
                self.add(f"$.extra_turns[{i}][1]", f"unknown turn mark {mark!r}")
        for i, (seat, card) in enumerate(self.state.waiting):
            if self.seat(seat, f"$.waiting[{i}][0]") and self.state.monsters[seat].eliminated:
                self.add(f"$.waiting[{i}][0]", "an eliminated monster's effects are gone")
            if card not in effects:
                self.add(f"$.waiting[{i}][1]", f"no effect of a card {card!r} in the packs in play")


def _in_order(values: tuple[object, ...]) -> bool:
    """Whether ``values`` are sorted; False for values that do not compare (values of mixed
    kinds, in a state built by hand)."""
    try:
        return len(values) < 2 or list(values) == sorted(values)  # type: ignore[type-var]
    except TypeError:
        return False


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each attrs class :func:`field_problems` met (a class's never change)."""


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls))
    return names


def field_problems(
    value: attrs.AttrsInstance, at: str, seats: int, known: Collection[str]
) -> tuple[Problem, ...]:
    """Range checks by field name for any step, action or outcome (plugins' types included):
    seats, market slots, stack indexes, counts, and card (or monster, or effect) ids, which must
    be in ``known``."""
    found: list[Problem] = []
    add = found.append
    for name in _field_names(type(value)):
        item = getattr(value, name)
        if type(item) is int:
            if name in ("seat", "attacker"):
                if not 0 <= item < seats:
                    add(Problem(f"{at}.{name}", f"no seat {item} in a {seats}-monster game"))
            elif name == "slot" and not 0 <= item < MARKET_SIZE:
                add(Problem(f"{at}.{name}", f"market slots are 0 to {MARKET_SIZE - 1}, got {item}"))
            elif name == "stack" and not 0 <= item < STACKS_PER_BOROUGH:
                add(Problem(f"{at}.{name}", f"stacks are numbered 0 to {STACKS_PER_BOROUGH - 1}"))
            elif name in ("count", "points") and not 0 <= item <= MAX_POINTS:
                add(Problem(f"{at}.{name}", f"{name} is 0 to {MAX_POINTS}, got {item}"))
        elif name in ("contenders", "damage", "attacks") and type(item) is tuple:
            for i, entry in enumerate(item):
                number = entry[0] if type(entry) is tuple and entry else entry
                limit = MAX_DICE + 1 if name == "attacks" else seats
                if type(number) is int and not 0 <= number < limit:
                    add(
                        Problem(f"{at}.{name}[{i}]", f"{number} is out of range (0 to {limit - 1})")
                    )
        elif name == "card" and type(item) is str and item not in known:
            add(
                Problem(f"{at}.{name}", f"no card, monster or effect {item!r} in the packs in play")
            )
        elif isinstance(item, Dice) and item.total > MAX_DICE:
            add(
                Problem(
                    f"{at}.{name}", f"there are only {MAX_DICE} dice in the game, got {item.total}"
                )
            )
    if isinstance(value, RollDice) and value.count > MAX_DICE:
        add(Problem(f"{at}.count", f"there are only {MAX_DICE} dice in the game"))
    return tuple(found)


def find_problems(
    state: GameState, content: ContentView, *, settled: bool = True, all_tiles: bool = True
) -> tuple[Problem, ...]:
    """Every invariant ``state`` breaks (empty if none): the configuration, monsters, positions,
    cards, tiles, goal cards, agenda, turn, extra turns and waiting effects, in that order.

    ``settled``: the state is one :func:`kingofny.apply` returned (or a saved one), so the step
    on top waits for a decision or a chance outcome; False for a position still to be advanced
    (a scenario set up at an internal step). ``all_tiles``: every one of the 45 tiles is in the
    game; False lets a test position leave some out (never add any).
    """
    checker = _Checker(state, content, settled, all_tiles)
    if checker.config() and checker.shape():
        checker.monsters()
        checker.positions()
        checker.cards()
        checker.tiles()
        checker.goals()
        checker.agenda()
        checker.turn()
        checker.extras()
    return tuple(dict.fromkeys(checker.problems))  # a card unknown in two checks, once
