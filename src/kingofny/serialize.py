"""The JSON codec of game states and game records (DESIGN Contract 8).

Every document is an envelope::

    {"format": "kingofny/state", "schema_version": 2, "kingofny_version": "0.1.0",
     "packs": {"base": "0.1.0"}, "data": {...}}

``data`` mirrors the attrs classes of :mod:`kingofny.model` field by field, in declaration
order, so the text is deterministic. Values are written in readable forms: enums by lower-case
name (``"staten-island"``, ``"high-rise"``), dice in their compact notation (``"AADO"``),
buildings as ``"hospital-2"``, locations as ``"bronx"`` or ``"manhattan/midtown/2-4"``, and
steps, actions and outcomes as objects tagged by their ``KIND`` (``{"type": "reroll", "dice":
"AAD"}``). Field lists come from ``attrs.fields``, so a new step, action or outcome type listed
in its model registry (``STEP_TYPES``, ``ACTION_TYPES``, ``OUTCOME_TYPES``) needs no codec change.

Reading validates everything before returning: the envelope, every key and value type (a
boolean is not an integer, a float is not an integer), enum names, and then the invariants of a
position: seats in range, Life, VP and Energy in range, monsters per borough, the 45 tiles and
the 64 cards each accounted for exactly once, the agenda consistent with the board. The first
problem raises :class:`~kingofny.errors.SerializationError` with its JSON path, for example
``$.data.monsters[2].life``; a document from a newer schema raises
:class:`~kingofny.errors.SchemaVersionError`. No other exception escapes, whatever the input.
Writing runs the same checks, so whatever :func:`to_json` writes, :func:`from_json` reads.
"""

from __future__ import annotations

import enum
import functools
import json
import reprlib
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar, Union

import attrs

from kingofny._version import __version__
from kingofny.content import registry
from kingofny.content.pack import ContentPack
from kingofny.engine.chance import ROLL_OFF_DICE
from kingofny.engine.core import chance_outcomes, legal_actions
from kingofny.engine.economy import max_life
from kingofny.engine.setup import MAX_MONSTERS, MIN_MONSTERS
from kingofny.errors import PluginError, SchemaVersionError, SerializationError
from kingofny.model import actions as _actions
from kingofny.model import outcomes as _outcomes
from kingofny.model import steps as _steps
from kingofny.model.actions import Action
from kingofny.model.city import (
    BASE_TILES,
    OUTER_CAPACITY,
    STACKS_PER_BOROUGH,
    TILES_PER_STACK,
    Borough,
    Building,
    BuildingKind,
    Location,
    Track,
    UnitKind,
    Zone,
    location,
)
from kingofny.model.dice import Dice
from kingofny.model.outcomes import Outcome
from kingofny.model.state import MARKET_SIZE, GameConfig, GameState
from kingofny.model.steps import (
    ChanceStep,
    CloseTurn,
    DecisionStep,
    EndTurn,
    RevealCard,
    RevealTile,
    RollDice,
    RollOff,
    StartTurn,
    Step,
)
from kingofny.record import Event, GameRecord

__all__ = [
    "RECORD_FORMAT",
    "SCHEMA_VERSION",
    "STATE_FORMAT",
    "from_json",
    "record_from_dict",
    "record_from_json",
    "record_to_dict",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "to_json",
]

SCHEMA_VERSION = 2
"""The version of the JSON layout this release writes, and the newest it reads."""
STATE_FORMAT = "kingofny/state"
"""The envelope ``format`` of a game state."""
RECORD_FORMAT = "kingofny/record"
"""The envelope ``format`` of a game record."""
_MAX_DICE = ROLL_OFF_DICE
"""No roll uses more than the eight dice in the box (six black, two green)."""
_DICE_LIMIT = 64
"""A bound on any set of dice or results, generous enough for effects that add results, small
enough that no document makes the engine enumerate huge multisets."""

_T = TypeVar("_T")
_INT_LIMIT = 1 << 1024
"""Integers must be smaller than this in magnitude (a seed may be large; nothing else is)."""
_RNG_LIMIT = 1 << 64
"""The auto-chance generator state is a 64-bit value (:mod:`kingofny.engine.rng`)."""
_MANHATTAN_CAPACITY = 2
"""Manhattan holds two monsters at most: the 2-4 and 5-6 spaces (seed 000, *Advanced Rule*)."""
_CONTINUATIONS: tuple[type[Step], ...] = (RollOff, StartTurn, EndTurn, CloseTurn)
"""The steps that lead to the next turn; exactly one of them lies at the bottom of the agenda of
a game in progress."""
_ENVELOPE_KEYS = ("format", "schema_version", "kingofny_version", "packs", "data")
_FORMATS = (STATE_FORMAT, RECORD_FORMAT)
_NONE_TYPE = type(None)
_UNION_ORIGINS = (Union, types.UnionType)


# -- errors and paths ---------------------------------------------------------------------------


def _fail(path: str, message: str) -> NoReturn:
    raise SerializationError(path, message)


def _key(path: str, key: str) -> str:
    """The path of an object member: ``$.a.b``, or ``$.a["odd key"]``."""
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


class _ShortRepr(reprlib.Repr):
    """``reprlib`` limits, and no failure on integers too long for ``repr``."""

    def repr_int(self, x: int, level: int) -> str:
        return "<huge integer>" if abs(x) >= _INT_LIMIT else super().repr_int(x, level)


_REPR = _ShortRepr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlevel = 2
_JSON_KINDS: dict[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a number with a fraction",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _describe(value: object) -> str:
    """A short, safe description of an input value for error messages."""
    if value is None:
        return "null"
    kind = _JSON_KINDS.get(type(value))
    if kind is None:
        return f"a Python {type(value).__name__}"
    if type(value) is int and abs(value) >= _INT_LIMIT:
        return "a huge integer"
    return f"{kind} {_REPR.repr(value)}"


# -- enum, dice, building, location and event forms -------------------------------------------


def _token(member: enum.Enum) -> str:
    """The JSON name of an enum member: its name in lower case, ``_`` written ``-``."""
    return member.name.lower().replace("_", "-")


_ENUM_TABLES: dict[type[enum.Enum], dict[str, enum.Enum]] = {}


def _enum_table(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    table = _ENUM_TABLES.get(cls)
    if table is None:
        table = _ENUM_TABLES[cls] = {_token(member): member for member in cls}
    return table


def _enum_from(cls: type[enum.Enum], text: str, path: str) -> Any:
    member = _enum_table(cls).get(text.lower().replace("_", "-"))
    if member is None:
        choices = ", ".join(_enum_table(cls))
        _fail(path, f"unknown {cls.__name__} {_REPR.repr(text)}; expected one of {choices}")
    return member


_TRACK_LABELS = {Track.MAIN: "2-4", Track.SECOND: "5-6"}
_TRACKS_BY_LABEL = {"2-4": Track.MAIN, "5-6": Track.SECOND, "main": Track.MAIN}
_TRACKS_BY_LABEL["second"] = Track.SECOND


def _check_dice_size(dice: Dice, path: str, limit: int = _DICE_LIMIT) -> None:
    if dice.total > limit:
        _fail(path, f"{dice.total} dice, more than the {limit} allowed here")


def _encode_dice(value: Dice, path: str) -> str:
    _check_dice_size(value, path)
    return str(value)


def _decode_dice(value: object, path: str) -> Dice:
    text = _expect_str(value, path)
    if len(text) > _DICE_LIMIT:
        _fail(path, f"{len(text)} dice, more than the {_DICE_LIMIT} allowed")
    try:
        return Dice.parse(text)
    except ValueError as exc:
        _fail(path, f"bad dice {_REPR.repr(text)} ({exc}); write one letter of EHACDO per die")


def _encode_building(value: Building, path: str) -> str:
    durability = value.durability
    if (
        not isinstance(value.kind, BuildingKind)
        or type(durability) is not int
        or not 1 <= durability <= 3
    ):
        _fail(path, f"not a valid building: {value!r}")
    return str(value)


def _decode_building(value: object, path: str) -> Building:
    text = _expect_str(value, path)
    try:
        return Building.parse(text)
    except ValueError:
        _fail(path, f"unknown building {_REPR.repr(text)}; expected e.g. 'high-rise-1'")


def _encode_location(value: Location, path: str) -> str:
    borough, zone, track = value.borough, value.zone, value.track
    if not isinstance(borough, Borough):
        _fail(path, f"not a valid location: {value!r}")
    if borough is Borough.MANHATTAN:
        if not isinstance(zone, Zone) or not isinstance(track, Track):
            _fail(path, f"a Manhattan location needs a zone and a track: {value!r}")
        return f"{_token(borough)}/{_token(zone)}/{_TRACK_LABELS[track]}"
    if zone is not None or track is not None:
        _fail(path, f"only Manhattan has zones and tracks: {value!r}")
    return _token(borough)


def _decode_location(value: object, path: str) -> Location:
    text = _expect_str(value, path)
    parts = text.split("/")
    borough: Borough = _enum_from(Borough, parts[0], path)
    if borough is not Borough.MANHATTAN:
        if len(parts) != 1:
            _fail(path, f"only Manhattan has zones and tracks: {_REPR.repr(text)}")
        return location(borough)
    if len(parts) != 3:
        _fail(path, f"a Manhattan location is 'manhattan/<zone>/<2-4|5-6>': {_REPR.repr(text)}")
    zone: Zone = _enum_from(Zone, parts[1], path)
    track = _TRACKS_BY_LABEL.get(parts[2].lower())
    if track is None:
        _fail(path, f"unknown Manhattan space {_REPR.repr(parts[2])}; expected 2-4 or 5-6")
    return location(borough, zone, track)


def _encode_event(value: Event, path: str) -> dict[str, Any]:
    if value.seat is None:
        if not isinstance(value.move, Outcome):
            _fail(_key(path, "outcome"), "a chance event (seat null) holds an outcome")
        return {"seat": None, "outcome": _encode(value.move, Outcome, _key(path, "outcome"))}
    seat = _encode(value.seat, int, _key(path, "seat"))
    if not isinstance(value.move, Action):
        _fail(_key(path, "action"), "a decision event (with a seat) holds an action")
    return {"seat": seat, "action": _encode(value.move, Action, _key(path, "action"))}


def _decode_event(value: object, path: str) -> Event:
    obj = _expect_object(value, path)
    if "seat" not in obj:
        _fail(_key(path, "seat"), "missing (null for a chance outcome)")
    raw = obj["seat"]
    seat = None if raw is None else _decode_int(raw, _key(path, "seat"))
    move_key, hint = ("outcome", Outcome) if seat is None else ("action", Action)
    _check_keys(obj, path, ("seat", move_key))
    return Event(seat, _decode(obj[move_key], hint, _key(path, move_key)))


_Leaf = tuple[Callable[[Any, str], Any], Callable[[object, str], Any]]
_LEAVES: dict[type, _Leaf] = {
    Dice: (_encode_dice, _decode_dice),
    Building: (_encode_building, _decode_building),
    Location: (_encode_location, _decode_location),
    Event: (_encode_event, _decode_event),
}
"""Types written as one JSON value by hand-written functions: (encode, decode)."""


# -- attrs classes and tagged unions -----------------------------------------------------------


_FIELDS: dict[type[Any], tuple[tuple[str, str, Any], ...]] = {}


def _fields(cls: type[Any]) -> tuple[tuple[str, str, Any], ...]:
    """(JSON key, constructor argument, type hint) of each attrs field of ``cls``."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        fields = tuple(
            (f.name, f.alias or f.name, hints[f.name]) for f in attrs.fields(cls) if f.init
        )
        _FIELDS[cls] = fields
    return fields


def _registries() -> tuple[tuple[type[Any], tuple[type[Any], ...]], ...]:
    # Read at call time, so a registry extended by rebinding its tuple is picked up.
    return (
        (Step, _steps.STEP_TYPES),
        (Action, _actions.ACTION_TYPES),
        (Outcome, _outcomes.OUTCOME_TYPES),
    )


_TAG_TABLES: dict[tuple[type[Any], tuple[type[Any], ...]], dict[str, type[Any]]] = {}


def _tag_table(hint: type[Any], members: tuple[type[Any], ...]) -> dict[str, type[Any]]:
    cached = _TAG_TABLES.get((hint, members))
    if cached is not None:
        return cached
    table: dict[str, type[Any]] = {}
    for cls in members:
        if not issubclass(cls, hint):
            continue
        kind: str = cls.KIND
        if kind in table:
            _fail("$", f"internal error: {table[kind].__name__} and {cls.__name__} share {kind!r}")
        if any(name == "type" for name, _, _ in _fields(cls)):
            _fail("$", f"internal error: {cls.__name__} has a field named 'type'")
        table[kind] = cls
    _TAG_TABLES[hint, members] = table
    return table


def _tagged(hint: type[Any]) -> dict[str, type[Any]] | None:
    """For an abstract step, action or outcome type, its concrete types by tag; else None."""
    for base, members in _registries():
        if issubclass(hint, base) and hint not in members:
            return _tag_table(hint, members)
    return None


# -- encoding ----------------------------------------------------------------------------------


def _encode(value: object, hint: Any, path: str) -> Any:
    """``value``, declared as ``hint``, as a JSON value; its type is checked on the way."""
    if hint is bool:
        if type(value) is not bool:
            _fail(path, f"expected a boolean, got {_describe(value)}")
        return value
    if hint is int:
        if type(value) is not int or abs(value) >= _INT_LIMIT:
            _fail(path, f"expected an integer, got {_describe(value)}")
        return value
    if hint is str:
        if type(value) is not str:
            _fail(path, f"expected a string, got {_describe(value)}")
        return value
    if hint is _NONE_TYPE:
        if value is not None:
            _fail(path, f"expected null, got {_describe(value)}")
        return None
    origin = typing.get_origin(hint)
    if origin in _UNION_ORIGINS:
        if value is None and _NONE_TYPE in typing.get_args(hint):
            return None
        return _encode(value, _single(hint, path), path)
    if origin is tuple:
        if type(value) is not tuple:
            _fail(path, f"expected a tuple, got {_describe(value)}")
        return [_encode(v, h, f"{path}[{i}]") for i, (v, h) in enumerate(_items(hint, value, path))]
    if isinstance(hint, type):
        leaf = _LEAVES.get(hint)
        if leaf is not None:
            if not isinstance(value, hint):
                _fail(path, f"expected a {hint.__name__}, got {_describe(value)}")
            return leaf[0](value, path)
        if issubclass(hint, enum.Enum):
            if not isinstance(value, hint):
                _fail(path, f"expected a {hint.__name__}, got {_describe(value)}")
            return _token(value)
        table = _tagged(hint)
        if table is not None:
            cls = type(value)
            kind = getattr(cls, "KIND", None)
            if kind is None or table.get(kind) is not cls:
                _fail(path, f"{cls.__name__} is not a registered {hint.__name__} type")
            return {"type": kind, **_encode_fields(value, cls, path)}
        if attrs.has(hint):
            if type(value) is not hint:
                _fail(path, f"expected a {hint.__name__}, got {_describe(value)}")
            return _encode_fields(value, hint, path)
    _fail(path, f"internal error: the codec cannot write the type {hint!r}")


def _encode_fields(value: object, cls: type[Any], path: str) -> dict[str, Any]:
    return {
        name: _encode(getattr(value, name), hint, _key(path, name))
        for name, _, hint in _fields(cls)
    }


def _single(hint: Any, path: str) -> Any:
    """The one non-None member of an optional type."""
    members = [h for h in typing.get_args(hint) if h is not _NONE_TYPE]
    if len(members) != 1:
        _fail(path, f"internal error: the codec cannot handle the union {hint!r}")
    return members[0]


def _items(hint: Any, values: tuple[Any, ...] | list[Any], path: str) -> Iterable[tuple[Any, Any]]:
    """Pairs (value, hint) of a homogeneous or fixed-length tuple type."""
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return ((v, args[0]) for v in values)
    if len(values) != len(args):
        _fail(path, f"expected {len(args)} items, got {len(values)}")
    return zip(values, args)


# -- decoding ----------------------------------------------------------------------------------


def _expect_object(value: object, path: str) -> dict[str, object]:
    if type(value) is not dict:
        _fail(path, f"expected an object, got {_describe(value)}")
    for key in value:
        if type(key) is not str:
            _fail(path, f"object keys must be strings, got {_describe(key)}")
    return value


def _expect_str(value: object, path: str) -> str:
    if type(value) is not str:
        _fail(path, f"expected a string, got {_describe(value)}")
    return value


def _decode_int(value: object, path: str) -> int:
    if type(value) is not int:
        _fail(path, f"expected an integer, got {_describe(value)}")
    if abs(value) >= _INT_LIMIT:
        _fail(path, "integer out of range")
    return value


def _check_keys(obj: Mapping[str, object], path: str, expected: Iterable[str]) -> None:
    """Refuse unknown keys first (a misspelt key is the likely cause), then missing ones."""
    wanted = tuple(expected)
    for key in obj:
        if key not in wanted:
            _fail(_key(path, key), f"unknown key; expected only {', '.join(wanted)}")
    for key in wanted:
        if key not in obj:
            _fail(_key(path, key), "missing")


def _decode(value: object, hint: Any, path: str) -> Any:
    """The Python value of type ``hint`` that the JSON ``value`` stands for."""
    if hint is bool:
        if type(value) is not bool:
            _fail(path, f"expected a boolean, got {_describe(value)}")
        return value
    if hint is int:
        return _decode_int(value, path)
    if hint is str:
        return _expect_str(value, path)
    if hint is _NONE_TYPE:
        if value is not None:
            _fail(path, f"expected null, got {_describe(value)}")
        return None
    origin = typing.get_origin(hint)
    if origin in _UNION_ORIGINS:
        if value is None and _NONE_TYPE in typing.get_args(hint):
            return None
        return _decode(value, _single(hint, path), path)
    if origin is tuple:
        if type(value) is not list:
            _fail(path, f"expected an array, got {_describe(value)}")
        return tuple(
            _decode(v, h, f"{path}[{i}]") for i, (v, h) in enumerate(_items(hint, value, path))
        )
    if isinstance(hint, type):
        leaf = _LEAVES.get(hint)
        if leaf is not None:
            return leaf[1](value, path)
        if issubclass(hint, enum.Enum):
            return _enum_from(hint, _expect_str(value, path), path)
        table = _tagged(hint)
        if table is not None:
            obj = _expect_object(value, path)
            if "type" not in obj:
                _fail(_key(path, "type"), f"missing (the kind of {hint.__name__})")
            tag = _expect_str(obj["type"], _key(path, "type"))
            cls = table.get(tag)
            if cls is None:
                _fail(
                    _key(path, "type"),
                    f"unknown {hint.__name__} type {_REPR.repr(tag)}; "
                    f"expected one of {', '.join(table)}",
                )
            return _decode_fields({k: v for k, v in obj.items() if k != "type"}, cls, path)
        if attrs.has(hint):
            return _decode_fields(_expect_object(value, path), hint, path)
    _fail(path, f"internal error: the codec cannot read the type {hint!r}")


def _decode_fields(obj: dict[str, object], cls: type[Any], path: str) -> Any:
    fields = _fields(cls)
    _check_keys(obj, path, (name for name, _, _ in fields))
    kwargs = {alias: _decode(obj[name], hint, _key(path, name)) for name, alias, hint in fields}
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise SerializationError(path, f"not a valid {cls.__name__}: {exc}") from exc


# -- semantic checks ---------------------------------------------------------------------------


def _installed_packs() -> Mapping[str, ContentPack]:
    try:
        return registry.installed().packs
    except PluginError as exc:
        raise SerializationError("$.packs", f"the content packs cannot be loaded: {exc}") from exc


def _check_seat(seat: int, path: str, seats: int) -> None:
    if not 0 <= seat < seats:
        _fail(path, f"no seat {seat} in a {seats}-monster game")


def _check_at_least(value: int, path: str, low: int, what: str) -> None:
    if value < low:
        _fail(path, f"{what} cannot be below {low}, got {value}")


def _check_sorted(values: tuple[Any, ...], path: str, what: str) -> None:
    for i in range(1, len(values)):
        if values[i] < values[i - 1]:
            _fail(f"{path}[{i}]", f"{what} are kept sorted")


def _check_seat_list(seats: tuple[int, ...], path: str, count: int, what: str) -> None:
    for i, seat in enumerate(seats):
        _check_seat(seat, f"{path}[{i}]", count)
        if i and seat <= seats[i - 1]:
            _fail(f"{path}[{i}]", f"{what} are distinct seats in increasing order")


def _check_config(config: GameConfig, path: str) -> None:
    installed = _installed_packs()
    if not config.packs:
        _fail(f"{path}.packs", "a game uses at least one content pack")
    for i, name in enumerate(config.packs):
        if name not in installed:
            _fail(f"{path}.packs[{i}]", f"content pack {name!r} is not installed")
        if name in config.packs[:i]:
            _fail(f"{path}.packs[{i}]", f"content pack {name!r} is listed twice")
    count = len(config.monsters)
    if not MIN_MONSTERS <= count <= MAX_MONSTERS:
        _fail(
            f"{path}.monsters",
            f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {count}",
        )
    known = {m.id for m in registry.monsters_of(config.packs)}
    for i, monster in enumerate(config.monsters):
        if monster not in known:
            _fail(f"{path}.monsters[{i}]", f"unknown monster {_REPR.repr(monster)}")
        if monster in config.monsters[:i]:
            _fail(f"{path}.monsters[{i}]", f"{monster} is played twice")


def _check_fields(obj: object, path: str, seats: int, known: Mapping[str, int]) -> None:
    """Range checks by field name, for every step, action and outcome type (new ones included):
    seats, market slots, stack indexes, card (or monster) ids and non-negative counts."""
    for name, _, _ in _fields(type(obj)):
        value = getattr(obj, name)
        at = _key(path, name)
        if type(value) is int:
            if name in ("seat", "attacker"):
                _check_seat(value, at, seats)
            elif name == "slot" and not 0 <= value < MARKET_SIZE:
                _fail(at, f"market slots are 0 to {MARKET_SIZE - 1}, got {value}")
            elif name == "stack" and not 0 <= value < STACKS_PER_BOROUGH:
                _fail(at, f"stacks are numbered 0 to {STACKS_PER_BOROUGH - 1}, got {value}")
            elif name in ("count", "points"):
                _check_at_least(value, at, 0, name)
        elif name == "contenders" and type(value) is tuple:
            _check_seat_list(value, at, seats, "contenders")
        elif name == "attacks" and type(value) is tuple:
            for i, attack in enumerate(value):
                if not 0 <= attack <= _MAX_DICE:
                    _fail(f"{at}[{i}]", f"an Attack result is 0 to {_MAX_DICE}, got {attack}")
        elif name == "card" and type(value) is str and value not in known:
            if value not in registry.installed().effects:
                _fail(at, f"no card, monster or effect {_REPR.repr(value)} in the packs in play")
        elif isinstance(value, Dice):
            _check_dice_size(value, at, _MAX_DICE)
    if isinstance(obj, RollDice) and obj.count > _MAX_DICE:
        _fail(_key(path, "count"), f"there are only {_MAX_DICE} dice in the game")


def _known_ids(config: GameConfig) -> dict[str, int]:
    """How many copies of each card the packs in play hold, and the monster ids (as 0): what a
    ``card`` field may name (an effect may belong to a monster)."""
    known = dict.fromkeys((m.id for m in registry.monsters_of(config.packs)), 0)
    known.update(Counter(registry.deck_cards(config.packs)))
    return known


def _check_counted(pairs: tuple[tuple[str, int], ...], path: str, what: str) -> None:
    """A multiset of named things: sorted by name, each name once, counts of at least 1."""
    for i, (name, count) in enumerate(pairs):
        if i and not pairs[i - 1][0] < name:
            _fail(f"{path}[{i}][0]", f"{what} are listed once per kind, sorted")
        _check_at_least(count, f"{path}[{i}][1]", 1, f"a listed {what} count")


def _check_seats_in(entries: Iterable[object], path: str, seats: int) -> None:
    """Seats listed alone, or as the first item of each entry (``(seat, card)``)."""
    for i, entry in enumerate(entries):
        if type(entry) is int:
            _check_seat(entry, f"{path}[{i}]", seats)
        elif type(entry) is tuple and entry and type(entry[0]) is int:
            _check_seat(entry[0], f"{path}[{i}][0]", seats)


def _check_per_seat(values: tuple[int, ...], path: str, seats: int, what: str) -> None:
    """A per-seat tally: empty, or one non-negative number per seat."""
    if values and len(values) != seats:
        _fail(path, f"{what} has one entry per seat ({seats}) or none, got {len(values)}")
    for i, value in enumerate(values):
        _check_at_least(value, f"{path}[{i}]", 0, what)


def _check_winners(winners: tuple[int, ...] | None, path: str, seats: int) -> None:
    if winners is not None:
        _check_seat_list(winners, path, seats, "winners")


def _check_state(state: GameState, path: str) -> None:
    config = state.config
    _check_config(config, f"{path}.config")
    seats = config.player_count
    known = _known_ids(config)
    cards = {card: count for card, count in known.items() if count}
    if state.rng is not None and not 0 <= state.rng < _RNG_LIMIT:
        _fail(f"{path}.rng", f"the generator state is a 64-bit value, got {state.rng}")
    if (state.rng is None) != (config.seed is None):
        _fail(
            f"{path}.rng",
            "a seeded game carries its generator state and an explicit-chance game has none "
            "(a player's view drops both)",
        )
    _check_monsters(state, path, seats)
    _check_tiles(state, path)
    _check_cards(state, path, cards)
    for seat, m in enumerate(state.monsters):
        at = f"{path}.monsters[{seat}].life"
        top = _ask_engine(at, functools.partial(max_life, state, seat))
        if m.life > top:
            _fail(at, f"Life is at most {top} for this monster, got {m.life}")
    for name in ("superstar", "statue"):
        holder = getattr(state, name)
        if holder is not None:
            _check_seat(holder, f"{path}.{name}", seats)
            if state.monsters[holder].eliminated:
                _fail(f"{path}.{name}", "an eliminated monster's goal cards return to the supply")
    turn = state.turn
    _check_seat(turn.seat, f"{path}.turn.seat", seats)
    _check_at_least(turn.number, f"{path}.turn.number", 0, "the turn number")
    _check_at_least(turn.rerolls_left, f"{path}.turn.rerolls_left", 0, "rerolls left")
    _check_sorted(turn.marks, f"{path}.turn.marks", "turn marks")
    _check_per_seat(turn.energy_gained, f"{path}.turn.energy_gained", seats, "energy gained")
    _check_per_seat(turn.damage_dealt, f"{path}.turn.damage_dealt", seats, "damage dealt")
    _check_seats_in(state.extra_turns, f"{path}.extra_turns", seats)
    _check_seats_in(state.waiting, f"{path}.waiting", seats)
    _check_agenda(state, path, seats, known)
    _check_winners(state.winners, f"{path}.winners", seats)
    if state.winners is not None:
        for i, seat in enumerate(state.winners):
            if state.monsters[seat].eliminated:
                _fail(f"{path}.winners[{i}]", "an eliminated monster cannot win")


def _check_monsters(state: GameState, path: str, seats: int) -> None:
    if len(state.monsters) != seats:
        _fail(
            f"{path}.monsters", f"the config has {seats} monsters, the state {len(state.monsters)}"
        )
    per_borough: Counter[Borough] = Counter()
    tracks: dict[Track, int] = {}
    for seat, m in enumerate(state.monsters):
        at = f"{path}.monsters[{seat}]"
        if m.monster != state.config.monsters[seat]:
            _fail(f"{at}.monster", f"seat {seat} plays {state.config.monsters[seat]}")
        _check_at_least(m.life, f"{at}.life", 0, "Life")
        _check_at_least(m.vp, f"{at}.vp", 0, "Victory Points")
        _check_at_least(m.energy, f"{at}.energy", 0, "Energy")
        _check_sorted(m.trophies, f"{at}.trophies", "trophies")
        _check_counted(m.tokens, f"{at}.tokens", "tokens")
        if m.eliminated:
            for name, empty in (("life", 0), ("location", None), ("cards", ())):
                if getattr(m, name) != empty:
                    _fail(f"{at}.{name}", f"an eliminated monster has {name} {empty!r}")
            continue
        where = m.location
        if where is None:
            if state.turn.number > 0:
                _fail(
                    f"{at}.location", "every monster in the game stands somewhere once play starts"
                )
            continue
        per_borough[where.borough] += 1
        limit = _MANHATTAN_CAPACITY if where.in_manhattan else OUTER_CAPACITY
        if per_borough[where.borough] > limit:
            _fail(f"{at}.location", f"at most {limit} monsters stand in {where.borough.label}")
        if where.track is not None:
            if where.track is Track.SECOND and seats < 5:
                _fail(f"{at}.location", "the 5-6 spaces are used only in 5- and 6-monster games")
            if where.track in tracks:
                _fail(f"{at}.location", f"seat {tracks[where.track]} already stands on that track")
            tracks[where.track] = seat


def _check_tiles(state: GameState, path: str) -> None:
    """The 45 tiles: face-down in stacks (the pool), on top of stacks, units on the board, or
    trophies; each accounted for exactly once, per unit kind (seed 000, *Setup*)."""
    base = dict(BASE_TILES)
    if len(state.boroughs) != len(Borough):
        _fail(f"{path}.boroughs", f"expected {len(Borough)} boroughs, got {len(state.boroughs)}")
    face_up: Counter[Building] = Counter()
    units: Counter[UnitKind] = Counter()
    hidden = 0
    for b, tiles in enumerate(state.boroughs):
        at = f"{path}.boroughs[{b}]"
        if len(tiles.stacks) != STACKS_PER_BOROUGH:
            _fail(f"{at}.stacks", f"a borough has {STACKS_PER_BOROUGH} stacks")
        for i, stack in enumerate(tiles.stacks):
            on_top = stack.top is not None
            if not 0 <= stack.hidden <= TILES_PER_STACK - on_top:
                _fail(
                    f"{at}.stacks[{i}].hidden",
                    f"a stack holds {TILES_PER_STACK} tiles at most, got {stack.hidden}"
                    + (" under a face-up top" if on_top else ""),
                )
            hidden += stack.hidden
            if stack.top is not None:
                face_up[stack.top] += 1
        _check_sorted(tiles.units, f"{at}.units", "units")
        _check_sorted(tiles.fresh_units, f"{at}.fresh_units", "units")
        _check_sorted(tiles.markers, f"{at}.markers", "markers")
        units.update(tiles.units)
        units.update(tiles.fresh_units)
    pool = 0
    for i, (building, count) in enumerate(state.hidden_tiles):
        at = f"{path}.hidden_tiles[{i}]"
        if building not in base:
            _fail(f"{at}[0]", f"{building} is not a tile of the game")
        if i and not state.hidden_tiles[i - 1][0] < building:
            _fail(f"{at}[0]", "the face-down tiles are listed once per building, sorted")
        _check_at_least(count, f"{at}[1]", 1, "a listed tile count")
        pool += count
        face_up[building] += count
    if pool != hidden:
        _fail(
            f"{path}.hidden_tiles",
            f"the stacks hide {hidden} tiles but the face-down pool holds {pool}",
        )
    for building, count in face_up.items():
        if count > base.get(building, 0):
            _fail(
                f"{path}.hidden_tiles",
                f"{count} {building} tiles are face down or on top of stacks; the game has "
                f"{base.get(building, 0)}",
            )
    for m in state.monsters:
        units.update(m.trophies)
    expected: Counter[UnitKind] = Counter()
    for building, count in base.items():
        expected[building.unit] += count
        units[building.unit] += face_up[building]
    for unit in UnitKind:
        if units[unit] != expected[unit]:
            _fail(
                path,
                f"the {unit} tiles do not add up: {units[unit]} found in stacks, on the board "
                f"and as trophies, but the game has {expected[unit]}",
            )


def _check_cards(state: GameState, path: str, cards: Mapping[str, int]) -> None:
    """Every card of the packs in play is in exactly one place: deck, market, discard pile or in
    front of a monster."""
    if len(state.market) != MARKET_SIZE:
        _fail(f"{path}.market", f"the market has {MARKET_SIZE} slots, got {len(state.market)}")
    _check_sorted(state.deck, f"{path}.deck", "the deck's cards")
    _check_sorted(state.discard, f"{path}.discard", "the discarded cards")
    places: list[tuple[str, tuple[str | None, ...]]] = [
        (f"{path}.deck", state.deck),
        (f"{path}.market", state.market),
        (f"{path}.discard", state.discard),
    ]
    places.extend((f"{path}.monsters[{s}].cards", m.cards) for s, m in enumerate(state.monsters))
    seen: Counter[str] = Counter()
    for where, ids in places:
        for i, card in enumerate(ids):
            if card is None:
                continue
            if card not in cards:
                _fail(f"{where}[{i}]", f"unknown card {_REPR.repr(card)}")
            seen[card] += 1
            if seen[card] > cards[card]:
                _fail(f"{where}[{i}]", f"{card} is already elsewhere; each card exists once")
    missing = sorted(set(cards) - set(seen))
    if missing:
        _fail(path, f"{len(missing)} cards are nowhere, e.g. {missing[0]}")


def _check_agenda(state: GameState, path: str, seats: int, known: Mapping[str, int]) -> None:
    tiles_pending: set[tuple[Borough, int]] = set()
    slots_pending: set[int] = set()
    _check_dice_size(state.turn.dice, f"{path}.turn.dice", _MAX_DICE)
    dice = state.turn.dice.total
    for i, step in enumerate(state.agenda):
        at = f"{path}.agenda[{i}]"
        _check_fields(step, at, seats, known)
        if i and isinstance(step, _CONTINUATIONS):
            _fail(at, f"only the bottom step of the agenda may be {step.KIND}")
        if isinstance(step, RevealTile):
            stack = state.boroughs[step.borough].stacks[step.stack]
            if (
                stack.top is not None
                or stack.hidden < 1
                or (step.borough, step.stack) in (tiles_pending)
            ):
                _fail(at, "a reveal needs a stack with a face-down tile on top")
            tiles_pending.add((step.borough, step.stack))
        elif isinstance(step, RevealCard):
            if state.market[step.slot] is not None or step.slot in slots_pending:
                _fail(at, "a card is revealed only into an empty market slot")
            slots_pending.add(step.slot)
        elif isinstance(step, RollOff) and (
            not step.contenders or len(step.attacks) >= len(step.contenders)
        ):
            _fail(f"{at}.attacks", "some contender must still roll")
        elif isinstance(step, RollDice):
            dice += step.count
            if dice > _MAX_DICE:
                _fail(_key(at, "count"), f"with the dice on the table, more than {_MAX_DICE} dice")
    if state.winners is not None:
        if state.agenda:
            _fail(f"{path}.agenda", "a finished game has no pending steps")
        return
    if not state.agenda:
        _fail(f"{path}.agenda", "a game in progress has pending steps (or winners)")
    if not isinstance(state.agenda[0], _CONTINUATIONS):
        _fail(
            f"{path}.agenda[0]",
            "the bottom step of a game in progress leads to the next turn "
            f"({', '.join(c.KIND for c in _CONTINUATIONS)})",
        )
    _check_top(state, f"{path}.agenda[{len(state.agenda) - 1}]")


def _ask_engine(at: str, question: Callable[[], _T]) -> _T:
    """The engine's answer about a position that passed the codec's own checks.

    If the engine raises anyway (a gap in the checks, or an engine bug), the caller still gets
    a SerializationError at ``at``, with the engine's exception as its cause.
    """
    try:
        return question()
    except Exception as exc:
        raise SerializationError(at, f"the engine cannot evaluate this: {exc!r}") from exc


def _check_top(state: GameState, at: str) -> None:
    """The step on top waits for a decision someone can take or for a chance outcome that can
    happen, as after every :func:`kingofny.apply`."""
    top = state.agenda[-1]
    if isinstance(top, ChanceStep):
        if state.rng is not None:
            _fail(at, "a seeded game draws chance itself; it never waits at a chance step")
    elif isinstance(top, DecisionStep):
        if state.monsters[top.seat].eliminated:
            _fail(_key(at, "seat"), "an eliminated monster makes no decisions")
    else:
        _fail(at, f"the step on top must wait for a decision or a chance outcome, not {top.KIND}")
    ask = chance_outcomes if isinstance(top, ChanceStep) else legal_actions
    if not _ask_engine(at, lambda: ask(state)):
        _fail(at, f"nothing can happen at this {top.KIND} step, so the game could not go on")


def _check_record(record: GameRecord, path: str) -> None:
    _check_config(record.config, f"{path}.config")
    seats = record.config.player_count
    known = _known_ids(record.config)
    for i, event in enumerate(record.events):
        at = f"{path}.events[{i}]"
        if event.seat is not None:
            _check_seat(event.seat, f"{at}.seat", seats)
        _check_fields(
            event.move, _key(at, "outcome" if event.seat is None else "action"), seats, known
        )
    _check_winners(record.winners, f"{path}.winners", seats)


# -- envelopes ---------------------------------------------------------------------------------


def _envelope(kind: str, config: GameConfig, data: dict[str, Any]) -> dict[str, Any]:
    installed = _installed_packs()
    return {
        "format": kind,
        "schema_version": SCHEMA_VERSION,
        "kingofny_version": __version__,
        "packs": {name: installed[name].version for name in config.packs},
        "data": data,
    }


def _open(document: object, expected: str | None) -> tuple[str, dict[str, object]]:
    """Check the envelope; return its format and the whole envelope object."""
    obj = _expect_object(document, "$")
    if "format" not in obj:
        _fail("$.format", "missing")
    kind = _expect_str(obj["format"], "$.format")
    if kind not in _FORMATS:
        _fail("$.format", f"unknown format {_REPR.repr(kind)}; expected {' or '.join(_FORMATS)}")
    if expected is not None and kind != expected:
        _fail("$.format", f"expected a {expected} document, got a {kind} document")
    if "schema_version" not in obj:
        _fail("$.schema_version", "missing")
    version = _decode_int(obj["schema_version"], "$.schema_version")
    if version > SCHEMA_VERSION:
        raise SchemaVersionError(
            "$.schema_version",
            f"written with schema {version}, newer than this kingofny {__version__} reads "
            f"(schema {SCHEMA_VERSION}); upgrade kingofny",
        )
    if version < 1:
        _fail("$.schema_version", f"schema versions start at 1, got {version}")
    _check_keys(obj, "$", _ENVELOPE_KEYS)
    _expect_str(obj["kingofny_version"], "$.kingofny_version")
    packs = _expect_object(obj["packs"], "$.packs")
    installed = _installed_packs()
    for name, value in packs.items():
        version_text = _expect_str(value, _key("$.packs", name))
        if name not in installed:
            _fail(_key("$.packs", name), f"content pack {_REPR.repr(name)} is not installed")
        if not compatible(version_text, installed[name].version):
            _fail(
                _key("$.packs", name),
                f"saved with content pack {name} {version_text}; the installed "
                f"{installed[name].version} is incompatible (a different major version)",
            )
    return kind, obj


def compatible(saved: str, installed: str) -> bool:
    """Whether a pack version can read what another wrote: same major version (Semantic
    Versioning), or, before 1.0, the same minor version too."""
    saved_parts = saved.split(".")
    installed_parts = installed.split(".")
    width = 2 if saved_parts[0] == "0" else 1
    return saved_parts[:width] == installed_parts[:width]


def _check_envelope_packs(envelope: Mapping[str, object], config: GameConfig) -> None:
    listed = _expect_object(envelope["packs"], "$.packs")
    if set(listed) != set(config.packs):
        _fail(
            "$.packs",
            f"the envelope lists packs {sorted(listed)} but the game uses {list(config.packs)}",
        )


def _upgrade_state(data: object, version: object) -> object:
    """The ``data`` of a state written with an older schema, in the current schema.

    Schema 2 added ``turn.win_claims`` (a win declared by a card stands at the end of the turn);
    a schema 1 state has none.
    """
    if version == 1 and isinstance(data, dict) and isinstance(data.get("turn"), dict):
        turn = data["turn"]
        if "win_claims" not in turn:
            return {**data, "turn": {**turn, "win_claims": []}}
    return data


# -- public API --------------------------------------------------------------------------------


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready envelope of a state (only dicts, lists, str, int, bool and None).

    Raises :class:`~kingofny.errors.SerializationError` if the state breaks an invariant that
    :func:`state_from_dict` would refuse.
    """
    if not isinstance(state, GameState):
        _fail("$", f"expected a GameState, got {type(state).__name__}")
    data = _encode(state, GameState, "$.data")
    _check_state(state, "$.data")
    return _envelope(STATE_FORMAT, state.config, data)


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """The JSON-ready envelope of a game record."""
    if not isinstance(record, GameRecord):
        _fail("$", f"expected a GameRecord, got {type(record).__name__}")
    data = _encode(record, GameRecord, "$.data")
    _check_record(record, "$.data")
    return _envelope(RECORD_FORMAT, record.config, data)


def state_from_dict(document: object) -> GameState:
    """The state in an envelope written by :func:`state_to_dict`, fully validated.

    Raises :class:`~kingofny.errors.SerializationError` (with the JSON path of the first
    problem) or :class:`~kingofny.errors.SchemaVersionError`; nothing else.
    """
    _, envelope = _open(document, STATE_FORMAT)
    data = _upgrade_state(envelope["data"], envelope["schema_version"])
    state: GameState = _decode(data, GameState, "$.data")
    _check_state(state, "$.data")
    _check_envelope_packs(envelope, state.config)
    return state


def record_from_dict(document: object) -> GameRecord:
    """The record in an envelope written by :func:`record_to_dict`, fully validated.

    The events are checked for type and range, not replayed: :func:`kingofny.record.replay`
    raises :class:`~kingofny.errors.ReplayError` for events that do not fit the game.
    """
    _, envelope = _open(document, RECORD_FORMAT)
    record: GameRecord = _decode(envelope["data"], GameRecord, "$.data")
    _check_record(record, "$.data")
    _check_envelope_packs(envelope, record.config)
    return record


def to_json(obj: GameState | GameRecord, *, indent: int | None = None) -> str:
    """A state or a record as JSON text with its envelope; the same value always gives the same
    text. ``indent`` pretty-prints; without it the text is compact.

    >>> from kingofny import new_game
    >>> from kingofny.serialize import from_json, to_json
    >>> state = new_game(2, seed=7)
    >>> text = to_json(state)
    >>> text[:60]
    '{"format":"kingofny/state","schema_version":2,"kingofny_vers'
    >>> from_json(text) == state
    True
    """
    if indent is not None and (type(indent) is not int or indent < 0):
        _fail("$", f"indent must be a non-negative int or None, got {indent!r}")
    if isinstance(obj, GameState):
        document = state_to_dict(obj)
    elif isinstance(obj, GameRecord):
        document = record_to_dict(obj)
    else:
        _fail("$", f"to_json writes a GameState or a GameRecord, got {type(obj).__name__}")
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, allow_nan=False)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            _fail("$", f"the key {_REPR.repr(key)} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> NoReturn:
    _fail("$", f"{name} is not a JSON number")


def _parse(text: str | bytes) -> object:
    if not isinstance(text, (str, bytes, bytearray)):
        _fail("$", f"expected JSON text (str or bytes), got {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except SerializationError:
        raise
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError, bad UTF-8 and over-long integer literals.
        raise SerializationError("$", f"not valid JSON: {exc}") from exc


def from_json(text: str | bytes) -> GameState | GameRecord:
    """The state or record in JSON text written by :func:`to_json`, chosen by the envelope's
    ``format``, fully validated (see :func:`state_from_dict`)."""
    document = _parse(text)
    kind, _ = _open(document, None)
    if kind == STATE_FORMAT:
        return state_from_dict(document)
    return record_from_dict(document)


def state_from_json(text: str | bytes) -> GameState:
    """The state in JSON text; a record (or anything else) raises ``SerializationError``."""
    return state_from_dict(_parse(text))


def record_from_json(text: str | bytes) -> GameRecord:
    """The record in JSON text; a state (or anything else) raises ``SerializationError``."""
    return record_from_dict(_parse(text))
