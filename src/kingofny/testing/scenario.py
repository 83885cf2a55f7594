"""Set up a position directly, validated like any other input.

:class:`Scenario` is an immutable builder: every method returns a new scenario, and
:meth:`Scenario.build` turns it into a :class:`~kingofny.model.state.GameState` whose agenda
stands at a chosen point of a turn. Everything not given gets a consistent default; everything
given is checked, and a problem raises :class:`~kingofny.errors.ScenarioError` naming it::

    from kingofny.testing import Scenario

    state = (
        Scenario(["captain-fish", "kong"])  # seats in order; explicit chance by default
        .monster(0, borough="queens", life=7, vp=3, energy=2, cards=["stomp"])
        .monster("kong", manhattan="lower")  # zone; the track defaults to 2-4
        .borough("queens", stacks=["hospital-2", "high-rise-2", "high-rise-1"])
        .market(["fireball", None, "drain"])  # None: a default card
        .goals(superstar=None, statue=1)
        .turn(0, at="reroll", dice="AACCDO", rerolls_left=1)
        .build()
    )

Defaults
--------

- **Monsters**: 10 Life, 0 VP, 0 Energy, no cards, no trophies. A living monster with no
  location given stands in the outer borough with the fewest monsters (ties in the order Bronx,
  Queens, Brooklyn, Staten Island), so nobody is in Manhattan unless placed there.
- **Tiles**: the 45 tiles of :data:`~kingofny.model.city.BASE_TILES` are accounted for. The
  buildings behind given units and trophies, and given face-up tops, are taken out first; every
  stack not given is topped with the building of which most copies remain (ties in tile order:
  in practice High-Rise 1), with 2 face-down tiles under it. If the given units and trophies
  leave too few tiles for that, the defaulted stacks hold fewer face-down tiles (the last
  boroughs first); if tiles are left over they are out of the game (destroyed earlier).
- **Cards**: every card not placed (monsters' cards, market, deck, discard) is in the deck; if
  the deck is given, the rest is in the discard pile. A market slot given as ``None``, or a
  market not given, shows the first unplaced cards in id order.
- **Goals**: Superstar and the Statue of Liberty are in the supply.
- **Turn**: the first living seat's first turn, at its start (``StartTurn`` pending).

Turn points (``at=``)
---------------------

``"start"``
    ``StartTurn`` is pending: :meth:`Scenario.build` runs it (Manhattan earnings), so the state
    waits for the first roll (or, with a seed, has rolled it).
``"reroll"``
    The dice show ``dice`` and ``rerolls_left`` (1 or 2) remain: the monster decides to reroll.
``"resolve"``
    ``dice`` is the final roll. Without ``unresolved``, resolution *starts*: exactly as in play
    after the last roll, the result is set aside (cards adding symbols, such as Stomp and
    Towering Titan, add them) and the start-of-resolution effects act (Personal Spotlight's VP,
    Hailing Cabs' question, Climb the Empire State Building's check, Painbow's count), then the
    monster chooses a face (:class:`~kingofny.model.steps.ChooseFace`). With ``unresolved`` (part
    of ``dice``), resolution is *under way*: those effects are taken as done, and ``unresolved``
    waits to be resolved. Either way the engine resolves a single remaining face type at once,
    as in play.
``"move"``
    The dice are resolved; the Move step runs next.
``"buy"``
    The Buy step: ``destroyed`` lists what the monster destroyed this turn (for Air Force One and
    General Ellis).
``"end"``
    The end of the turn runs next (victory check, next turn).

Without ``at``, a turn with ``dice`` and ``rerolls_left > 0`` is at ``"reroll"``, a turn with
``dice`` only is at ``"resolve"``, and a turn without dice is at ``"start"``.
"""

from __future__ import annotations

import difflib
import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, TypeVar, Union

import attrs

from kingofny import ActionOrOutcome, apply, legal_actions, problems, reseed, settle
from kingofny.errors import (
    ArgumentError,
    ConfigError,
    IllegalActionError,
    PluginError,
    ScenarioError,
)
from kingofny.lookup import find_card, find_monster, slug
from kingofny.model.actions import Action, Reroll, ResolveFace
from kingofny.model.cards import CardKind
from kingofny.model.city import (
    BASE_TILES,
    OUTER_BOROUGHS,
    OUTER_CAPACITY,
    STACKS_PER_BOROUGH,
    TILES_PER_STACK,
    Borough,
    BoroughState,
    Building,
    Location,
    Stack,
    Track,
    UnitKind,
    Zone,
    location,
)
from kingofny.model.content import ContentTable
from kingofny.model.content import resolve as resolve_packs
from kingofny.model.dice import EMPTY_DICE, Dice, Face
from kingofny.model.invariants import (
    ADVANCED_RULE_MONSTERS,
    BASE_TOKEN_KINDS,
    MAX_MONSTERS,
    MIN_MONSTERS,
)
from kingofny.model.monster import MAX_LIFE, MonsterState
from kingofny.model.outcomes import CardDraw, DiceRoll, TileDraw
from kingofny.model.pack import ContentPack
from kingofny.model.state import MARKET_SIZE, GameConfig, GameState, TurnState
from kingofny.model.steps import (
    BeginResolution,
    ChooseFace,
    ChooseReroll,
    EndTurn,
    MovePhase,
    Shop,
    StartTurn,
    Step,
)

__all__ = [
    "At",
    "Scenario",
    "card",
    "check_state",
    "play",
    "play_if_offered",
    "reroll",
    "resolve",
    "roll",
    "state_problems",
    "tile",
    "token_kinds",
]

At = Literal["start", "reroll", "resolve", "move", "buy", "end"]
"""The turn points a scenario can stop at (see the module documentation)."""
_AT_VALUES: tuple[str, ...] = ("start", "reroll", "resolve", "move", "buy", "end")

BLACK_DICE = 6
"""Dice rolled each turn without cards (seed 000, *Roll the Dice*)."""
MAX_REROLLS = 2
"""Rolls after the first (seed 000, *Roll the Dice*)."""
EXTRA_DIE_CARDS = frozenset({"base:extra-head", "base:natural-selection"})
"""Base cards that add one (green) die to their owner's rolls (rulings §13)."""
CARAPACE = "base:carapace"
"""The base card that raises its owner's maximum Life by 2 (rulings §16)."""

MonsterRef = Union[int, str]
"""A seat number, or the name or id of the monster in that seat."""
BoroughRef = Union[Borough, str]
BuildingRef = Union[Building, str]
UnitRef = Union[UnitKind, str]
DiceRef = Union[Dice, str]
ZoneRef = Union[Zone, str]
TrackRef = Union[Track, str]


class _Unset(enum.Enum):
    UNSET = "unset"


_UNSET = _Unset.UNSET


# -- name resolution -------------------------------------------------------------------------------


_slug = slug


def _unknown(what: str, given: object, known: Iterable[str]) -> ScenarioError:
    names = sorted(set(known))
    close = difflib.get_close_matches(_slug(str(given)), names, n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return ScenarioError(f"unknown {what} {given!r}{hint}")


def monster_id(name: str) -> str:
    """The namespaced id of a monster given by id (``"base:kong"``), short id or printed name
    (see :func:`kingofny.find_monster`)."""
    try:
        return find_monster(name).id
    except ArgumentError as exc:
        if _namespaced(name):  # a pack's exact id, checked against the game's packs on build
            return name
        raise ScenarioError(exc.message) from None


def card_id(name: str) -> str:
    """The namespaced id of a card given by id (``"base:stomp"``), short id, name or alias (see
    :func:`kingofny.find_card`)."""
    try:
        return find_card(name).id
    except ArgumentError as exc:
        if _namespaced(name):  # a pack's exact id, checked against the game's packs on build
            return name
        raise ScenarioError(exc.message) from None


def _namespaced(name: object) -> bool:
    """Whether ``name`` has the shape of an exact id, ``"<pack>:<name>"``."""
    if not isinstance(name, str):
        return False
    pack, colon, rest = name.partition(":")
    return bool(colon and pack and rest) and ":" not in rest


_BOROUGH_NAMES: dict[str, Borough] = {}
for _b in Borough:
    _BOROUGH_NAMES[str(_b)] = _b
    _BOROUGH_NAMES[_slug(_b.label)] = _b
_BOROUGH_NAMES["the-bronx"] = Borough.BRONX
_BOROUGH_NAMES["staten"] = Borough.STATEN_ISLAND


def _borough(name: BoroughRef) -> Borough:
    if isinstance(name, Borough):
        return name
    if isinstance(name, str):
        found = _BOROUGH_NAMES.get(_slug(name))
        if found is not None:
            return found
    raise _unknown("borough", name, (str(b) for b in Borough))


_TILE_KINDS: dict[Building, int] = dict(BASE_TILES)


def _building(name: BuildingRef) -> Building:
    if isinstance(name, Building):
        found = name
    elif isinstance(name, str):
        try:
            found = Building.parse(_slug(name))
        except ValueError:
            raise _unknown("building", name, (str(b) for b in _TILE_KINDS)) from None
    else:
        raise ScenarioError(f"buildings are names like 'high-rise-1', got {name!r}")
    if found not in _TILE_KINDS:
        raise ScenarioError(
            f"there is no {found} among the 45 tiles; they are "
            + ", ".join(f"{n}× {b}" for b, n in BASE_TILES)
        )
    return found


def _unit(name: UnitRef) -> UnitKind:
    if isinstance(name, UnitKind):
        return name
    if isinstance(name, str):
        slug = _slug(name)
        for unit in UnitKind:
            if slug in (str(unit), f"{unit}s", "infantries" if unit is UnitKind.INFANTRY else ""):
                return unit
    raise _unknown("unit", name, (str(u) for u in UnitKind))


def _zone(name: ZoneRef) -> Zone:
    if isinstance(name, Zone):
        return name
    if isinstance(name, str):
        slug = _slug(name).removesuffix("-manhattan")
        for zone in Zone:
            if slug == str(zone):
                return zone
    raise _unknown("Manhattan zone", name, (str(z) for z in Zone))


def _track(name: TrackRef) -> Track:
    if isinstance(name, Track):
        return name
    if isinstance(name, str):
        slug = _slug(name)
        if slug in ("2-4", "main", "24"):
            return Track.MAIN
        if slug in ("5-6", "second", "56"):
            return Track.SECOND
    raise _unknown("Manhattan track", name, ("2-4", "5-6", "main", "second"))


def _dice(value: DiceRef, what: str) -> Dice:
    if isinstance(value, Dice):
        return value
    if isinstance(value, str):
        try:
            return Dice.parse(value.strip())
        except ValueError as exc:
            raise ScenarioError(f"{what}: {exc}") from None
    raise ScenarioError(f"{what} must be dice notation such as 'AACCDO', got {value!r}")


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{what} must be an int, got {value!r}")
    return value


_SOUVENIR = "souvenir"
"""The marker I ♥ NY Tourist puts on a borough (a base card's; the base pack names it too)."""


def _names(value: object, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ScenarioError(f"{what} must be a list, got {value!r}")
    return tuple(value)


def _monster_ids(monsters: Sequence[str] | int) -> tuple[str, ...]:
    if isinstance(monsters, bool):
        raise ScenarioError(f"monsters must be a count or a list of names, got {monsters!r}")
    if isinstance(monsters, int):
        known = tuple(resolve_packs(("base",)).monsters.values())
        if not MIN_MONSTERS <= monsters <= min(MAX_MONSTERS, len(known)):
            raise ScenarioError(
                f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {monsters}"
            )
        return tuple(m.id for m in known[:monsters])
    ids = tuple(monster_id(name) for name in _names(monsters, "monsters"))
    twice = sorted(m for m, n in Counter(ids).items() if n > 1)
    if twice:
        raise ScenarioError(f"each monster can be played only once: {', '.join(twice)}")
    if not MIN_MONSTERS <= len(ids) <= MAX_MONSTERS:
        raise ScenarioError(
            f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {len(ids)}"
        )
    return ids


def _packs(packs: Iterable[str | ContentPack]) -> tuple[str | ContentPack, ...]:
    given = _names(packs, "packs")
    _table(given)
    return given


def _table(packs: Iterable[str | ContentPack]) -> ContentTable:
    """The content table of these packs (a ScenarioError if one cannot be played)."""
    try:
        return resolve_packs(tuple(packs))
    except (ConfigError, PluginError) as exc:
        raise ScenarioError(str(exc)) from None


def token_kinds(packs: Iterable[str | ContentPack] = ("base",)) -> frozenset[str]:
    """The token kinds a monster may hold in a game of these packs: the base game's Web, Curse
    and Carapace tokens, and every token kind a pack gives an effect (an effect key without a
    namespace, see :attr:`~kingofny.effects.ContentPack.effects`)."""
    kinds = set(BASE_TOKEN_KINDS)
    for pack in _table(packs).packs:
        kinds.update(key for key in pack.effects if ":" not in key)
    return frozenset(kinds)


def _seed(seed: int | None) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ScenarioError(f"seed must be an int or None, got {seed!r}")
    return seed


# -- the pieces of a scenario ----------------------------------------------------------------------


@attrs.frozen
class _MonsterSetup:
    location: Location | None = None
    life: int | None = None
    vp: int | None = None
    energy: int | None = None
    cards: tuple[str, ...] | None = None
    trophies: tuple[UnitKind, ...] | None = None
    eliminated: bool | None = None
    tokens: tuple[tuple[str, int], ...] | None = None


@attrs.frozen
class _BoroughSetup:
    tops: tuple[Building | None, ...] | None = None
    hidden: tuple[int, ...] | None = None
    units: tuple[UnitKind, ...] | None = None
    fresh_units: tuple[UnitKind, ...] | None = None
    souvenir: bool | None = None


_Setup = TypeVar("_Setup", "_MonsterSetup", "_BoroughSetup")


@attrs.frozen
class _TurnSetup:
    seat: int = 0
    at: str | None = None
    dice: Dice | None = None
    rerolls_left: int | None = None
    unresolved: Dice | None = None
    number: int = 1
    manhattan_was_occupied: bool | None = None
    destroyed_units: tuple[UnitKind, ...] = ()
    destroyed_buildings: tuple[Building, ...] = ()


def _merge(old: _Setup, **new: Any) -> _Setup:
    """``old`` with the ``new`` values that are not None."""
    changes: dict[str, Any] = {k: v for k, v in new.items() if v is not None}
    return attrs.evolve(old, **changes)


@attrs.frozen
class Scenario:
    """An immutable, validated builder of game positions.

    ``monsters`` are the seats in clockwise order: names (``"kong"``, ``"Captain Fish"``,
    ``"base:kong"``) or a count (the first base monsters). Without a ``seed`` the built state
    stops at each chance node (explicit chance); with one, chance resolves automatically and
    reproducibly. Every method returns a new scenario; calling one twice for the same monster or
    borough merges the settings, the later call winning.
    """

    monsters: tuple[str, ...] = attrs.field(converter=_monster_ids)
    """The monster id of each seat."""
    seed: int | None = attrs.field(default=None, kw_only=True, converter=_seed)
    """The auto-chance seed, or None for explicit chance."""
    packs: tuple[str | ContentPack, ...] = attrs.field(
        default=("base",), kw_only=True, converter=_packs
    )
    """The content packs in play (their cards form the deck): names of installed packs, or
    manifests, as :func:`kingofny.new_game` takes them (a pack tried without installing it)."""
    _setups: tuple[_MonsterSetup, ...] = attrs.field(default=(), kw_only=True, repr=False)
    _boroughs: tuple[tuple[Borough, _BoroughSetup], ...] = attrs.field(
        default=(), kw_only=True, repr=False
    )
    _market: tuple[str | None, ...] | None = attrs.field(default=None, kw_only=True, repr=False)
    _deck: tuple[str, ...] | None = attrs.field(default=None, kw_only=True, repr=False)
    _discard: tuple[str, ...] | None = attrs.field(default=None, kw_only=True, repr=False)
    _superstar: int | None = attrs.field(default=None, kw_only=True, repr=False)
    _statue: int | None = attrs.field(default=None, kw_only=True, repr=False)
    _turn: _TurnSetup = attrs.field(default=_TurnSetup(), kw_only=True, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self._setups:
            object.__setattr__(self, "_setups", (_MonsterSetup(),) * len(self.monsters))

    # -- references --------------------------------------------------------------------------

    def seat(self, who: MonsterRef) -> int:
        """The seat of a monster given by seat number, id or name."""
        if isinstance(who, bool):
            raise ScenarioError(f"a monster is a seat number or a name, got {who!r}")
        if isinstance(who, int):
            if not 0 <= who < len(self.monsters):
                raise ScenarioError(
                    f"no seat {who} in a {len(self.monsters)}-monster scenario "
                    f"(seats 0 to {len(self.monsters) - 1})"
                )
            return who
        if isinstance(who, str):
            mid = monster_id(who)
            if mid not in self.monsters:
                raise ScenarioError(
                    f"{mid} is not in this scenario; the seats are {', '.join(self.monsters)}"
                )
            return self.monsters.index(mid)
        raise ScenarioError(f"a monster is a seat number or a name, got {who!r}")

    def _holder(self, who: MonsterRef | None) -> int | None:
        return None if who is None else self.seat(who)

    # -- settings ------------------------------------------------------------------------------

    def monster(
        self,
        who: MonsterRef,
        *,
        borough: BoroughRef | None = None,
        manhattan: ZoneRef | None = None,
        track: TrackRef | None = None,
        life: int | None = None,
        vp: int | None = None,
        energy: int | None = None,
        cards: Sequence[str] | None = None,
        trophies: Sequence[UnitRef] | None = None,
        eliminated: bool | None = None,
        tokens: Mapping[str, int] | None = None,
    ) -> Scenario:
        """Set up one monster.

        Give ``borough`` for an outer borough, or ``manhattan`` (a zone: ``"lower"``,
        ``"midtown"``, ``"upper"``) with an optional ``track`` (``"2-4"``, the default, or
        ``"5-6"``). ``cards`` are its KEEP cards; ``trophies`` the units it destroyed;
        ``tokens`` the tokens it holds by kind (``{"web": 1}``): a kind must be one the packs in
        play know (:func:`token_kinds`; Souvenirs lie on boroughs, see :meth:`borough`).
        ``eliminated=True`` takes it out of the game (0 Life, no location, no cards).
        """
        seat = self.seat(who)
        where: Location | None = None
        if borough is not None and manhattan is not None:
            raise ScenarioError(f"seat {seat}: give either borough= or manhattan=, not both")
        if track is not None and manhattan is None and borough is None:
            raise ScenarioError(f"seat {seat}: track= needs manhattan= (the zone)")
        if borough is not None:
            b = _borough(borough)
            if b is Borough.MANHATTAN:
                zone, trk = Zone.LOWER, Track.MAIN if track is None else _track(track)
                where = location(b, zone, trk)
            elif track is not None:
                raise ScenarioError(f"seat {seat}: track= is only for Manhattan")
            else:
                where = location(b)
        elif manhattan is not None:
            trk = Track.MAIN if track is None else _track(track)
            where = location(Borough.MANHATTAN, _zone(manhattan), trk)
        for name, value in (("life", life), ("vp", vp), ("energy", energy)):
            if value is not None:
                _count(value, f"seat {seat} {name}")
        if eliminated is not None and not isinstance(eliminated, bool):
            raise ScenarioError(f"seat {seat}: eliminated must be True or False")
        card_ids = (
            None
            if cards is None
            else tuple(card_id(c) for c in _names(cards, f"seat {seat} cards"))
        )
        units = (
            None
            if trophies is None
            else tuple(sorted(_unit(u) for u in _names(trophies, f"seat {seat} trophies")))
        )
        held = None
        if tokens is not None:
            if not isinstance(tokens, Mapping) or not all(
                isinstance(kind, str) and kind for kind in tokens
            ):
                raise ScenarioError(f"seat {seat}: tokens are a mapping of kind to count")
            known = token_kinds(self.packs)
            for kind in tokens:
                if kind == _SOUVENIR:
                    raise ScenarioError(
                        f"seat {seat}: Souvenir tokens lie on boroughs, not in front of a "
                        f"monster; use .borough(name, souvenir=True)"
                    )
                if kind not in known:
                    close = difflib.get_close_matches(kind, sorted(known), n=3)
                    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
                    raise ScenarioError(
                        f"seat {seat}: unknown token kind {kind!r} (known: "
                        f"{', '.join(sorted(known))}){hint}"
                    )
            held = tuple(
                sorted(
                    (kind, _count(n, f"seat {seat} {kind} tokens")) for kind, n in tokens.items()
                )
            )
            if any(n < 0 for _, n in held):
                raise ScenarioError(f"seat {seat}: token counts cannot be negative")
            held = tuple(pair for pair in held if pair[1] > 0)
        setups = list(self._setups)
        setups[seat] = _merge(
            setups[seat],
            location=where,
            life=life,
            vp=vp,
            energy=energy,
            cards=card_ids,
            trophies=units,
            tokens=held,
            eliminated=eliminated,
        )
        if eliminated and where is None:
            setups[seat] = attrs.evolve(setups[seat], location=None)
        return attrs.evolve(self, setups=tuple(setups))

    def borough(
        self,
        name: BoroughRef,
        *,
        stacks: Sequence[BuildingRef | None] | None = None,
        hidden: int | Sequence[int] | None = None,
        units: Sequence[UnitRef] | None = None,
        fresh_units: Sequence[UnitRef] | None = None,
        souvenir: bool | None = None,
    ) -> Scenario:
        """Set up the tiles of one borough (Manhattan included).

        ``stacks`` gives the face-up building on top of each of its 3 stacks (``None`` for an
        empty stack); ``hidden`` how many face-down tiles lie under each (one number for all, or
        one per stack; default 2 under a building, 0 under an empty stack). ``units`` stand in
        the borough; ``fresh_units`` appeared this turn and cannot be destroyed until it ends.
        ``souvenir=True`` puts a Souvenir token there (I ♥ NY Tourist; at most one per borough,
        and it stays when the card leaves play, rulings D26).
        """
        if souvenir is not None and not isinstance(souvenir, bool):
            raise ScenarioError(f"souvenir must be True or False, got {souvenir!r}")
        b = _borough(name)
        tops: tuple[Building | None, ...] | None = None
        if stacks is not None:
            tops = tuple(None if s is None else _building(s) for s in _names(stacks, f"{b} stacks"))
            if len(tops) != STACKS_PER_BOROUGH:
                raise ScenarioError(
                    f"{b} has {STACKS_PER_BOROUGH} stacks, got {len(tops)} in stacks="
                )
        counts: tuple[int, ...] | None = None
        if hidden is not None:
            if isinstance(hidden, int) and not isinstance(hidden, bool):
                counts = (hidden,) * STACKS_PER_BOROUGH
            else:
                counts = tuple(_count(h, f"{b} hidden") for h in _names(hidden, f"{b} hidden"))
            if len(counts) != STACKS_PER_BOROUGH:
                raise ScenarioError(
                    f"{b} has {STACKS_PER_BOROUGH} stacks, got {len(counts)} in hidden="
                )
            for h in counts:
                if not 0 <= h <= TILES_PER_STACK - 1:
                    raise ScenarioError(
                        f"{b}: a stack of {TILES_PER_STACK} has 0 to {TILES_PER_STACK - 1} "
                        f"face-down tiles under its top, got {h}"
                    )
        unit_kinds = (
            None if units is None else tuple(sorted(_unit(u) for u in _names(units, f"{b} units")))
        )
        fresh = (
            None
            if fresh_units is None
            else tuple(sorted(_unit(u) for u in _names(fresh_units, f"{b} fresh_units")))
        )
        current = dict(self._boroughs)
        old = current.get(b, _BoroughSetup())
        current[b] = _merge(
            old, tops=tops, hidden=counts, units=unit_kinds, fresh_units=fresh, souvenir=souvenir
        )
        return attrs.evolve(self, boroughs=tuple(sorted(current.items())))

    def market(self, cards: Sequence[str | None]) -> Scenario:
        """The face-up cards, one per slot; ``None`` asks for a default card in that slot."""
        slots = _names(cards, "market")
        if len(slots) != MARKET_SIZE:
            raise ScenarioError(f"the market has {MARKET_SIZE} slots, got {len(slots)} cards")
        return attrs.evolve(self, market=tuple(None if c is None else card_id(c) for c in slots))

    def deck(self, cards: Sequence[str]) -> Scenario:
        """The face-down deck (a multiset; its order means nothing). The cards not placed
        anywhere else then go to the discard pile."""
        return attrs.evolve(self, deck=tuple(card_id(c) for c in _names(cards, "deck")))

    def discard(self, cards: Sequence[str]) -> Scenario:
        """The discard pile."""
        return attrs.evolve(self, discard=tuple(card_id(c) for c in _names(cards, "discard")))

    def goals(
        self,
        *,
        superstar: MonsterRef | _Unset | None = _UNSET,
        statue: MonsterRef | _Unset | None = _UNSET,
    ) -> Scenario:
        """Who holds Superstar and the Statue of Liberty (``None``: in the supply).

        A holder's VP are taken as given: include the Statue's 3 VP in ``vp=`` yourself.
        """
        changes: dict[str, int | None] = {}
        if not isinstance(superstar, _Unset):
            changes["superstar"] = self._holder(superstar)
        if not isinstance(statue, _Unset):
            changes["statue"] = self._holder(statue)
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]

    def turn(
        self,
        seat: MonsterRef = 0,
        *,
        at: At | None = None,
        dice: DiceRef | None = None,
        rerolls_left: int | None = None,
        unresolved: DiceRef | None = None,
        number: int = 1,
        manhattan_was_occupied: bool | None = None,
        destroyed: Sequence[UnitRef] = (),
        destroyed_buildings: Sequence[BuildingRef] = (),
    ) -> Scenario:
        """Whose turn it is and where in it the state stands (see the module documentation).

        ``number`` is the turn's number (1 for the first turn of the game).
        ``manhattan_was_occupied`` overrides whether a monster was in Manhattan when the turn
        started (default: whether one is there now); Attack deals no damage without one.
        ``destroyed`` and ``destroyed_buildings`` record what the monster destroyed earlier this
        turn; destroyed units are added to its trophies unless trophies are given.
        """
        who = self.seat(seat)
        if at is not None and at not in _AT_VALUES:
            raise ScenarioError(f"unknown turn point {at!r}; expected one of {_AT_VALUES}")
        if rerolls_left is not None:
            _count(rerolls_left, "rerolls_left")
        _count(number, "number")
        if number < 1:
            raise ScenarioError(f"turn numbers start at 1, got {number}")
        if manhattan_was_occupied is not None and not isinstance(manhattan_was_occupied, bool):
            raise ScenarioError("manhattan_was_occupied must be True, False or None")
        setup = _TurnSetup(
            seat=who,
            at=at,
            dice=None if dice is None else _dice(dice, "dice"),
            rerolls_left=rerolls_left,
            unresolved=None if unresolved is None else _dice(unresolved, "unresolved"),
            number=number,
            manhattan_was_occupied=manhattan_was_occupied,
            destroyed_units=tuple(_unit(u) for u in _names(destroyed, "destroyed")),
            destroyed_buildings=tuple(
                _building(b) for b in _names(destroyed_buildings, "destroyed_buildings")
            ),
        )
        return attrs.evolve(self, turn=setup)

    # -- building --------------------------------------------------------------------------------

    def build(self) -> GameState:
        """The position, checked, with its agenda run up to the first decision or chance node.

        Raises :class:`~kingofny.errors.ScenarioError` if the scenario breaks a rule of the game.
        """
        turn = self._turn
        if self._turn == _TurnSetup():
            first = next((i for i, m in enumerate(self._setups) if not m.eliminated), 0)
            turn = attrs.evolve(turn, seat=first)
        at = _turn_point(turn)
        monsters = self._build_monsters(turn)
        boroughs, pool = _lay_tiles(dict(self._boroughs), monsters, at)
        market, deck, discard = self._place_cards(monsters)
        for name, holder in (
            ("Superstar", self._superstar),
            ("the Statue of Liberty", self._statue),
        ):
            if holder is not None and monsters[holder].eliminated:
                raise ScenarioError(f"seat {holder} holds {name} but is eliminated")
        turn_state, agenda = _turn_and_agenda(turn, at, monsters)
        table = _table(self.packs)
        state = GameState(
            config=GameConfig(self.monsters, None, table.names, content=table),
            monsters=monsters,
            boroughs=boroughs,
            hidden_tiles=pool,
            deck=deck,
            market=market,
            discard=discard,
            superstar=self._superstar,
            statue=self._statue,
            turn=turn_state,
            agenda=agenda,
        )
        check_state(state, settled=False)
        # The seed's generator starts where the scenario does (``reseed`` also settles).
        state = settle(state) if self.seed is None else reseed(state, self.seed)
        check_state(state)
        return state

    def _build_monsters(self, turn: _TurnSetup) -> tuple[MonsterState, ...]:
        built: list[MonsterState] = []
        for seat, (mid, setup) in enumerate(zip(self.monsters, self._setups)):
            eliminated = bool(setup.eliminated)
            vp = 0 if setup.vp is None else setup.vp
            energy = 0 if setup.energy is None else setup.energy
            cards = () if setup.cards is None else setup.cards
            trophies = setup.trophies
            if seat == turn.seat and turn.destroyed_units:
                if trophies is None:
                    trophies = tuple(sorted(turn.destroyed_units))
                else:
                    missing = Counter(turn.destroyed_units) - Counter(trophies)
                    if missing:
                        raise ScenarioError(
                            f"seat {seat} destroyed {_list(missing.elements())} this turn but "
                            f"does not have them as trophies"
                        )
            trophies = () if trophies is None else trophies
            if vp < 0:
                raise ScenarioError(f"seat {seat} ({mid}): VP cannot be negative, got {vp}")
            if energy < 0:
                raise ScenarioError(f"seat {seat} ({mid}): Energy cannot be negative, got {energy}")
            if eliminated:
                if setup.life not in (None, 0):
                    raise ScenarioError(
                        f"seat {seat} ({mid}) is eliminated, so its Life is 0, not {setup.life}"
                    )
                if setup.location is not None:
                    raise ScenarioError(
                        f"seat {seat} ({mid}) is eliminated and cannot stand in {setup.location}"
                    )
                if cards:
                    raise ScenarioError(
                        f"seat {seat} ({mid}) is eliminated; its cards went to the discard pile"
                    )
                built.append(
                    MonsterState(
                        mid, life=0, vp=vp, energy=energy, trophies=trophies, eliminated=True
                    )
                )
                continue
            life = MAX_LIFE if setup.life is None else setup.life
            top = _max_life(cards)
            if not 1 <= life <= top:
                raise ScenarioError(
                    f"seat {seat} ({mid}): a living monster has 1 to {top} Life, got {life} "
                    f"(use eliminated=True for a monster out of the game)"
                )
            for c in cards:
                spec = _table(self.packs).cards.get(c)
                if spec is not None and spec.kind is not CardKind.KEEP:
                    raise ScenarioError(
                        f"seat {seat} ({mid}) cannot hold {c}: it is a DISCARD card, which "
                        f"takes effect when bought and goes to the discard pile"
                    )
            built.append(
                MonsterState(
                    mid,
                    life=life,
                    vp=vp,
                    energy=energy,
                    location=setup.location,
                    cards=cards,
                    trophies=trophies,
                    tokens=setup.tokens or (),
                )
            )
        return _place_monsters(tuple(built), len(self.monsters))

    def _place_cards(
        self, monsters: Sequence[MonsterState]
    ) -> tuple[tuple[str | None, ...], tuple[str, ...], tuple[str, ...]]:
        places: dict[str, list[str]] = {}
        for seat, m in enumerate(monsters):
            for c in m.cards:
                places.setdefault(c, []).append(f"seat {seat}'s cards")
        for shown in self._market or ():
            if shown is not None:
                places.setdefault(shown, []).append("the market")
        for c in self._deck or ():
            places.setdefault(c, []).append("the deck")
        for c in self._discard or ():
            places.setdefault(c, []).append("the discard pile")
        for c, where in sorted(places.items()):
            if len(where) > 1:
                raise ScenarioError(
                    f"{c} is in {len(where)} places ({', '.join(where)}); there is one copy "
                    f"of each card"
                )
        unplaced = [c for c in _table(self.packs).deck if c not in places]
        slots: list[str | None] = (
            list(self._market) if self._market is not None else [None] * MARKET_SIZE
        )
        for i, slot in enumerate(slots):
            if slot is None:
                if not unplaced:
                    raise ScenarioError(
                        f"no card is left for market slot {i}: every card is placed elsewhere"
                    )
                slots[i] = unplaced.pop(0)
        if self._deck is None:
            deck = tuple(sorted(unplaced))
            discard = tuple(sorted(self._discard or ()))
        elif self._discard is None:
            deck = tuple(sorted(self._deck))
            discard = tuple(sorted(unplaced))
        else:
            if unplaced:
                raise ScenarioError(
                    f"{len(unplaced)} cards are nowhere (not held, in the market, the deck or "
                    f"the discard pile), e.g. {', '.join(unplaced[:3])}; leave the deck or the "
                    f"discard pile unspecified to collect them"
                )
            deck = tuple(sorted(self._deck))
            discard = tuple(sorted(self._discard))
        return tuple(slots), deck, discard


def _list(items: Iterable[object]) -> str:
    return ", ".join(str(i) for i in items)


def _max_life(cards: Iterable[str]) -> int:
    return MAX_LIFE + (2 if CARAPACE in cards else 0)


def _manhattan_capacity(player_count: int, alive: int) -> int:
    if player_count >= ADVANCED_RULE_MONSTERS and alive >= ADVANCED_RULE_MONSTERS:
        return 2
    return 1


def _place_monsters(
    monsters: tuple[MonsterState, ...], player_count: int
) -> tuple[MonsterState, ...]:
    """Check where the monsters stand, and place those without a location."""
    outer = Counter(
        m.location.borough
        for m in monsters
        if m.location is not None and not m.location.in_manhattan
    )
    for b, n in sorted(outer.items()):
        if n > OUTER_CAPACITY:
            seats = [
                i
                for i, m in enumerate(monsters)
                if m.location is not None and m.location.borough is b
            ]
            raise ScenarioError(
                f"{n} monsters (seats {_list(seats)}) are in {b}; an outer borough holds at "
                f"most {OUTER_CAPACITY}"
            )
    placed = list(monsters)
    for seat, m in enumerate(monsters):
        if m.eliminated or m.location is not None:
            continue
        room = [b for b in OUTER_BOROUGHS if outer[b] < OUTER_CAPACITY]
        if not room:
            raise ScenarioError(f"no outer borough has room left for seat {seat}")
        best = min(room, key=lambda b: (outer[b], b))
        outer[best] += 1
        placed[seat] = attrs.evolve(m, location=location(best))
    inside = [
        (i, m.location)
        for i, m in enumerate(placed)
        if m.location is not None and m.location.in_manhattan
    ]
    alive = sum(1 for m in placed if not m.eliminated)
    cap = _manhattan_capacity(player_count, alive)
    if len(inside) > cap:
        rule = (
            "two while 5 or more monsters are in a 5–6 monster game"
            if player_count >= ADVANCED_RULE_MONSTERS
            else "one in a game of 2 to 4 monsters"
        )
        raise ScenarioError(
            f"{len(inside)} monsters (seats {_list(i for i, _ in inside)}) are in Manhattan, "
            f"which holds {cap} now ({rule}; {alive} monsters are alive)"
        )
    tracks = Counter(where.track for _, where in inside if where is not None)
    for trk, n in tracks.items():
        if n > 1:
            raise ScenarioError(
                f"seats {_list(i for i, w in inside if w is not None and w.track is trk)} "
                f"are both on Manhattan's {trk} track; each track holds one monster"
            )
    if inside and Track.MAIN not in tracks:
        raise ScenarioError(
            "a monster alone in Manhattan stands on the 2-4 space: the 5-6 monster moves to "
            "2-4 when the 2-4 space empties (seed 000, Advanced Rule)"
        )
    return tuple(placed)


def _pick_most(remaining: Counter[Building], durability: int | None = None) -> Building | None:
    """The building of which most copies remain (ties in tile order), optionally of one
    durability."""
    best: Building | None = None
    for b, _ in BASE_TILES:
        if durability is not None and b.durability != durability:
            continue
        if remaining[b] > 0 and (best is None or remaining[b] > remaining[best]):
            best = b
    return best


def _lay_tiles(
    given: dict[Borough, _BoroughSetup], monsters: Sequence[MonsterState], at: str
) -> tuple[tuple[BoroughState, ...], tuple[tuple[Building, int], ...]]:
    """The tiles of every borough and the face-down pool, with the 45 tiles accounted for."""
    base: Counter[Building] = Counter(dict(BASE_TILES))
    tops_given: Counter[Building] = Counter(
        b for setup in given.values() for b in setup.tops or () if b is not None
    )
    for bld, n in sorted(tops_given.items()):
        if n > base[bld]:
            raise ScenarioError(
                f"{n} {bld} tiles are face up, but the 45 tiles include only {base[bld]}"
            )
    remaining = base - tops_given
    flipped: Counter[UnitKind] = Counter()
    for b, setup in given.items():
        if at in ("start", "reroll") and setup.fresh_units:
            raise ScenarioError(
                f"{b} has fresh units at the {at} of a turn; units only stay fresh until the "
                f"end of the turn they appear in"
            )
        flipped.update(setup.units or ())
        flipped.update(setup.fresh_units or ())
    for m in monsters:
        flipped.update(m.trophies)
    for unit in UnitKind:
        need = flipped[unit]
        have = sum(n for bld, n in remaining.items() if bld.durability == unit.value)
        if need > have:
            total = sum(n for bld, n in base.items() if bld.durability == unit.value)
            raise ScenarioError(
                f"{need} {unit} tiles are in play (units on the board and trophies), but only "
                f"{have} of the {total} durability-{unit.value} tiles are not face up elsewhere"
            )
        for _ in range(need):
            picked = _pick_most(remaining, unit.value)
            assert picked is not None
            remaining[picked] -= 1
    tops: dict[Borough, list[Building | None]] = {}
    hidden: dict[Borough, list[int]] = {}
    defaulted: list[tuple[Borough, int]] = []
    for b in Borough:
        setup = given.get(b, _BoroughSetup())
        if setup.tops is None:
            row: list[Building | None] = []
            for _ in range(STACKS_PER_BOROUGH):
                picked = _pick_most(remaining)
                if picked is not None:
                    remaining[picked] -= 1
                row.append(picked)
        else:
            row = list(setup.tops)
        tops[b] = row
        if setup.hidden is None:
            hidden[b] = [TILES_PER_STACK - 1 if t is not None else 0 for t in row]
            defaulted.extend((b, i) for i, t in enumerate(row) if t is not None)
        else:
            for i, (t, h) in enumerate(zip(row, setup.hidden)):
                if t is None and h:
                    raise ScenarioError(
                        f"{b} stack {i} has no face-up building but {h} face-down tiles; the "
                        f"top of a stack is always revealed"
                    )
            hidden[b] = list(setup.hidden)
    pool_size = sum(remaining.values())
    needed = sum(sum(h) for h in hidden.values())
    while needed > pool_size:
        cut = False
        for b, i in reversed(defaulted):
            if needed > pool_size and hidden[b][i] > 0:
                hidden[b][i] -= 1
                needed -= 1
                cut = True
        if not cut:
            break
    if needed > pool_size:
        raise ScenarioError(
            f"the stacks hold {needed} face-down tiles, but only {pool_size} of the 45 tiles "
            f"are left once the face-up buildings ({sum(1 for r in tops.values() for t in r if t)}"
            f"), units and trophies ({sum(flipped.values())}) are counted"
        )
    while pool_size > needed:
        picked = _pick_most(remaining)
        assert picked is not None
        remaining[picked] -= 1
        pool_size -= 1
    boroughs = tuple(
        BoroughState(
            tuple(Stack(t, h) for t, h in zip(tops[b], hidden[b])),
            (given.get(b, _BoroughSetup()).units or ()),
            (given.get(b, _BoroughSetup()).fresh_units or ()),
            (_SOUVENIR,) if given.get(b, _BoroughSetup()).souvenir else (),
        )
        for b in Borough
    )
    pool = tuple((bld, remaining[bld]) for bld, _ in BASE_TILES if remaining[bld] > 0)
    return boroughs, pool


def _turn_point(turn: _TurnSetup) -> str:
    if turn.at is not None:
        return turn.at
    if turn.dice is None:
        return "start"
    if turn.rerolls_left:
        return "reroll"
    return "resolve"


def _dice_count(monster: MonsterState) -> int:
    return BLACK_DICE + sum(1 for c in monster.cards if c in EXTRA_DIE_CARDS)


def _turn_and_agenda(
    turn: _TurnSetup, at: str, monsters: Sequence[MonsterState]
) -> tuple[TurnState, tuple[Step, ...]]:
    seat = turn.seat
    me = monsters[seat]
    if me.eliminated:
        raise ScenarioError(f"seat {seat} is eliminated and takes no turns")
    occupied = (
        any(m.in_manhattan for m in monsters)
        if turn.manhattan_was_occupied is None
        else turn.manhattan_was_occupied
    )
    expected = _dice_count(me)
    dice = turn.dice
    if at in ("start",) and (dice is not None or turn.rerolls_left is not None):
        raise ScenarioError("a turn at its start has no dice yet (drop dice= and rerolls_left=)")
    if at in ("reroll", "resolve") and dice is None:
        raise ScenarioError(f"a turn at {at!r} needs dice=, the faces showing")
    if dice is not None and dice.total != expected:
        raise ScenarioError(f"seat {seat} rolls {expected} dice, but dice={dice} has {dice.total}")
    if turn.unresolved is not None:
        if at != "resolve":
            raise ScenarioError("unresolved= only makes sense at 'resolve'")
        assert dice is not None
        if not dice.contains(turn.unresolved):
            raise ScenarioError(f"unresolved={turn.unresolved} is not part of the dice {dice}")
    if turn.rerolls_left is not None and not 0 <= turn.rerolls_left <= MAX_REROLLS:
        raise ScenarioError(f"rerolls_left must be 0 to {MAX_REROLLS}, got {turn.rerolls_left}")
    if at == "reroll" and turn.rerolls_left == 0:
        raise ScenarioError("at 'reroll' needs rerolls_left of 1 or 2")
    if (turn.destroyed_units or turn.destroyed_buildings) and at in ("start", "reroll"):
        raise ScenarioError(f"nothing can have been destroyed at the {at} of a turn")
    if at == "start":
        state_turn = TurnState(seat=seat, number=turn.number - 1)
        return state_turn, (StartTurn(seat),)
    rerolls = turn.rerolls_left
    if rerolls is None:
        rerolls = MAX_REROLLS if at == "reroll" else 0
    unresolved = EMPTY_DICE
    # At "resolve" without unresolved=, resolution starts: BeginResolution sets the result aside
    # and runs the start-of-resolution effects. With unresolved=, it is under way.
    starting = at == "resolve" and turn.unresolved is None
    if at == "resolve" and turn.unresolved is not None:
        unresolved = turn.unresolved
    state_turn = TurnState(
        seat=seat,
        number=turn.number,
        dice=EMPTY_DICE if dice is None else dice,
        rerolls_left=rerolls,
        unresolved=unresolved,
        rolled=dice if at == "resolve" and dice is not None and not starting else EMPTY_DICE,
        manhattan_was_occupied=occupied,
        destroyed_buildings=turn.destroyed_buildings,
        destroyed_units=turn.destroyed_units,
    )
    tail: tuple[Step, ...] = (EndTurn(), Shop(seat), MovePhase())
    agenda: tuple[Step, ...]
    if at == "reroll":
        agenda = (*tail, BeginResolution(), ChooseReroll(seat))
    elif starting:
        agenda = (*tail, BeginResolution())
    elif at == "resolve":
        agenda = (*tail, ChooseFace(seat))
    elif at == "move":
        agenda = tail
    elif at == "buy":
        agenda = (EndTurn(), Shop(seat))
    else:
        agenda = (EndTurn(),)
    return state_turn, agenda


# -- checking any state ----------------------------------------------------------------------------


def state_problems(
    state: GameState, *, settled: bool = True, all_tiles: bool = False
) -> tuple[str, ...]:
    """Every broken invariant of a state, each as ``"<JSON path>: <what is wrong>"`` (empty if
    the state is consistent): the checker :func:`kingofny.from_json` uses
    (:mod:`kingofny.model.invariants` lists what it checks).

    Transient states in the middle of a step (a stack waiting for its reveal, a market slot
    waiting for its card, a monster about to leave Manhattan) are accepted while the step that
    fixes them is on the agenda. ``settled=False`` checks a position still to be advanced
    (whose top step is internal); ``all_tiles=True`` demands all 45 tiles, as a saved game must
    have them (a :class:`Scenario` leaves out the tiles its stacks have no room for).
    """
    found = problems(state, settled=settled, all_tiles=all_tiles)
    return tuple(str(problem) for problem in found)


def check_state(state: GameState, *, settled: bool = True, all_tiles: bool = False) -> None:
    """Raise :class:`~kingofny.errors.ScenarioError` listing every broken invariant, if any
    (see :func:`state_problems`)."""
    problems = state_problems(state, settled=settled, all_tiles=all_tiles)
    if problems:
        raise ScenarioError("inconsistent state: " + "; ".join(problems))


# -- driving a position ----------------------------------------------------------------------------


def roll(dice: str) -> DiceRoll:
    """The chance outcome of a roll, e.g. ``roll("AACCDO")``."""
    return DiceRoll(_dice(dice, "roll"))


def reroll(dice: str) -> Reroll:
    """The action rerolling these dice, e.g. ``reroll("OHE")``."""
    return Reroll(_dice(dice, "reroll"))


def resolve(face: Face | str) -> ResolveFace:
    """The action resolving every die of a face: a :class:`Face` or its letter (``"D"``) or
    name (``"destruction"``)."""
    if isinstance(face, Face):
        return ResolveFace(face)
    text = face.strip()
    if len(text) == 1:
        return ResolveFace(Face.from_symbol(text))
    try:
        return ResolveFace(Face[text.upper()])
    except KeyError:
        raise ScenarioError(f"unknown die face {face!r}") from None


def tile(building: BuildingRef) -> TileDraw:
    """The chance outcome revealing a building, e.g. ``tile("hospital-3")``."""
    return TileDraw(_building(building))


def card(name: str) -> CardDraw:
    """The chance outcome revealing a card, e.g. ``card("stomp")``."""
    return CardDraw(card_id(name))


def play(state: GameState, *moves: ActionOrOutcome, check: bool = True) -> GameState:
    """Apply the actions and chance outcomes in order; with ``check``, verify every state on the
    way with :func:`check_state`."""
    for move in moves:
        state = apply(state, move)
        if check:
            check_state(state)
    return state


def play_if_offered(state: GameState, move: ActionOrOutcome) -> tuple[GameState, bool]:
    """Apply ``move`` if ``state`` offers it now; report whether it was *forced* instead.

    A decision with a single legal action is never asked: :func:`kingofny.apply` takes it
    automatically while it runs the agenda (see *Forced moves* in the concepts guide), so a
    test that plays a scripted line cannot always tell whether its next move will be asked.
    This helper answers that:

    - ``move`` is offered (a legal action, or an outcome of the chance node): the new state
      and ``False``;
    - ``move`` is an action that is not offered at a decision, or the game is over: the state
      unchanged and ``True``: the decision it answers did not wait, because it was forced (it
      had a single legal action) or did not arise. Check the state to tell which.

    A chance outcome that the chance node does not allow, or an action offered at a chance
    node, raises :class:`~kingofny.errors.IllegalActionError`: chance is never forced.
    """
    if state.is_terminal:
        return state, True
    if state.is_chance:
        return apply(state, move), False
    if isinstance(move, Action) and move in legal_actions(state):
        return apply(state, move), False
    if not isinstance(move, Action):
        raise IllegalActionError(f"seat {state.current_player} must decide; got {move!r}")
    return state, True
