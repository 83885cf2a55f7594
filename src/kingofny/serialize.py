"""The JSON codec of game states and game records (DESIGN Contract 8).

Every document is an envelope::

    {"format": "kingofny/state", "schema_version": 3, "kingofny_version": "0.1.0",
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

import contextlib
import contextvars
import enum
import functools
import json
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NoReturn, TypeVar, Union

import attrs

from kingofny import _registry as registry
from kingofny._engine.validation import content_view, state_problems
from kingofny._fastjson import Plan, json_text
from kingofny._version import __version__
from kingofny.content.base.legacy import upgrade_option
from kingofny.errors import (
    ArgumentError,
    ConfigError,
    KingOfNYError,
    PluginError,
    ReplayError,
    SchemaVersionError,
    SerializationError,
)
from kingofny.model import actions as _actions
from kingofny.model import outcomes as _outcomes
from kingofny.model import steps as _steps
from kingofny.model.actions import Action
from kingofny.model.city import (
    TILES_PER_STACK,
    Borough,
    Building,
    BuildingKind,
    Location,
    Stack,
    Track,
    Zone,
    building,
    location,
)
from kingofny.model.content import ContentTable, resolve
from kingofny.model.dice import Dice
from kingofny.model.invariants import MAX_AGENDA, MAX_MONSTERS, MIN_MONSTERS, field_problems
from kingofny.model.limits import SEED_LIMIT
from kingofny.model.outcomes import Outcome
from kingofny.model.pack import ContentPack
from kingofny.model.state import GameConfig, GameState
from kingofny.model.steps import (
    Step,
)
from kingofny.record import Event, GameRecord, replay

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

SCHEMA_VERSION = 3
"""The version of the JSON layout this release writes, and the newest it reads.

Schema 2 added ``turn.win_claims``; schema 3 added ``config.manual`` (the kinds of chance a
seeded game leaves to the caller). Older documents read as if written with the defaults."""
MAX_DOCUMENT_LENGTH = 16_000_000
"""The longest JSON text :func:`from_json` reads, in characters (or bytes)."""
MAX_RECORD_EVENTS = 100_000
"""The most events a record may hold (a long six-monster game has a few thousand)."""
MAX_LIST_LENGTH = 1024
"""The most entries of any other array of a document (the longest in play is the deck, 64)."""
STATE_FORMAT = "kingofny/state"
"""The envelope ``format`` of a game state."""
RECORD_FORMAT = "kingofny/record"
"""The envelope ``format`` of a game record."""
_DICE_LIMIT = 64
"""A bound on any set of dice or results, generous enough for effects that add results, small
enough that no document makes the engine enumerate huge multisets."""

_T = TypeVar("_T")
_INT_LIMIT = SEED_LIMIT
"""Integers must be smaller than this in magnitude (a seed may be large; nothing else is)."""
_RNG_LIMIT = 1 << 64
"""The auto-chance generator state is a 64-bit value (:mod:`kingofny._engine.rng`)."""
_LIST_LIMITS = {"$.data.agenda": MAX_AGENDA, "$.data.events": MAX_RECORD_EVENTS}
"""Arrays with their own bound (checked before their entries are decoded)."""
_ENVELOPE_KEYS = ("format", "schema_version", "kingofny_version", "packs", "data")
_ENVELOPE_KEY_SET = frozenset(_ENVELOPE_KEYS)
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


@functools.lru_cache(maxsize=1024)
def _dice_text(dice: Dice) -> str:
    return str(dice)


def _encode_dice(value: Dice, path: str) -> str:
    text = _dice_text(value)
    if len(text) > _DICE_LIMIT:  # one letter per die
        _check_dice_size(value, path)
    return text


def _decode_dice(value: object, path: str) -> Dice:
    text = _expect_str(value, path)
    if len(text) > _DICE_LIMIT:
        _fail(path, f"{len(text)} dice, more than the {_DICE_LIMIT} allowed")
    try:
        return _dice(text)
    except ValueError as exc:
        _fail(path, f"bad dice {_REPR.repr(text)} ({exc}); write one letter of EHACDO per die")


_BUILDING_TEXTS = {(kind, d): f"{_token(kind)}-{d}" for kind in BuildingKind for d in (1, 2, 3)}
"""The text of every valid building, by (kind, durability)."""


def _encode_building(value: Building, path: str) -> str:
    kind, durability = value.kind, value.durability
    text = None
    if type(kind) is BuildingKind and type(durability) is int:
        text = _BUILDING_TEXTS.get((kind, durability))
    if text is None:
        _fail(path, f"not a valid building: {value!r}")
    return text


@functools.lru_cache(maxsize=256)
def _building(text: str) -> Building:
    return Building.parse(text)


@functools.lru_cache(maxsize=1024)
def _dice(text: str) -> Dice:
    return Dice.parse(text)


_BUILDINGS_BY_TEXT = {text: building(kind, d) for (kind, d), text in _BUILDING_TEXTS.items()}


def _decode_building(value: object, path: str) -> Building:
    found = _BUILDINGS_BY_TEXT.get(value) if type(value) is str else None
    if found is not None:
        return found
    text = _expect_str(value, path)
    try:
        return _building(text)
    except ValueError:
        _fail(path, f"unknown building {_REPR.repr(text)}; expected e.g. 'high-rise-1'")


def _encode_location(value: Location, path: str) -> str:
    borough, zone, track = value.borough, value.zone, value.track
    if type(borough) is Borough and type(zone) in _ZONE_TYPES and type(track) in _TRACK_TYPES:
        text = _LOCATION_TEXTS.get((borough, zone, track))
        if text is not None:
            return text
    return _location_text(value, path)


def _location_text(value: Location, path: str) -> str:
    """The text of a location, checked field by field."""
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


_ZONE_TYPES = (Zone, _NONE_TYPE)
_TRACK_TYPES = (Track, _NONE_TYPE)
_LOCATIONS_BY_TEXT = {
    _location_text(where, "$"): where
    for where in (
        *(location(b) for b in Borough if b is not Borough.MANHATTAN),
        *(location(Borough.MANHATTAN, zone, track) for zone in Zone for track in Track),
    )
}
"""Every location by its text as written (other spellings are read by :func:`_decode_location`
too)."""
_LOCATION_TEXTS = {(w.borough, w.zone, w.track): text for text, w in _LOCATIONS_BY_TEXT.items()}


def _decode_location(value: object, path: str) -> Location:
    found = _LOCATIONS_BY_TEXT.get(value) if type(value) is str else None
    if found is not None:
        return found
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
            (f.name, f.alias or f.name, hints[f.name])
            for f in attrs.fields(cls)
            if f.init and f.eq  # a field outside the value (a config's content table) is not data
        )
        _FIELDS[cls] = fields
    return fields


_REGISTRIES: tuple[tuple[type[Any], types.ModuleType, str], ...] = (
    (Step, _steps, "STEP_TYPES"),
    (Action, _actions, "ACTION_TYPES"),
    (Outcome, _outcomes, "OUTCOME_TYPES"),
)
"""Each tagged family's base class, and the module attribute listing its concrete types (read
at call time, so a registry extended by rebinding its tuple is picked up)."""
_TAGGED: dict[
    type[Any], tuple[types.ModuleType | None, str, object, dict[str, type[Any]] | None]
] = {}
"""What :func:`_tagged` found for each hint, with the registry tuple it read (the answer holds
while the module attribute is still that tuple)."""


def _tag_table(hint: type[Any], members: tuple[type[Any], ...]) -> dict[str, type[Any]]:
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
    return table


def _tagged(hint: type[Any]) -> dict[str, type[Any]] | None:
    """For an abstract step, action or outcome type, its concrete types by tag; else None."""
    cached = _TAGGED.get(hint)
    if cached is not None:
        module, name, members, table = cached
        if module is None or getattr(module, name) is members:
            return table
    for base, module, name in _REGISTRIES:
        if issubclass(hint, base):
            members = getattr(module, name)
            table = None if hint in members else _tag_table(hint, members)
            _TAGGED[hint] = (module, name, members, table)
            return table
    _TAGGED[hint] = (None, "", None, None)
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
        limit = _LIST_LIMITS.get(path, MAX_LIST_LENGTH)
        if len(value) > limit:
            _fail(path, f"at most {limit} entries here, got {len(value)}")
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


# -- the fast path ------------------------------------------------------------------------------


def _item_limit(item: Any) -> int:
    """The bound of an array of ``item`` values (the same as :data:`_LIST_LIMITS` by path: only
    the agenda holds steps, only a record's events are events)."""
    if item is Step:
        return MAX_AGENDA
    if item is Event:
        return MAX_RECORD_EVENTS
    return MAX_LIST_LENGTH


_SHARED_STACKS = {
    (top, hidden): Stack(top, hidden)
    for top in (None, *_BUILDINGS_BY_TEXT.values())
    for hidden in range(TILES_PER_STACK + 1)
}
"""Every stack a position may hold (fifteen per state), shared by the states read."""


def _new_plan() -> Plan:
    """What the compiled codec is told of the model (a test builds a fresh plan with it)."""
    shared: dict[type, Mapping[Any, Any]] = {
        Stack: _SHARED_STACKS,
        Building: _BUILDINGS_BY_TEXT,
        Location: _LOCATIONS_BY_TEXT,
    }
    return Plan(_fields, _tagged, _LEAVES, _enum_table, _item_limit, _INT_LIMIT, shared)


_PLAN = _new_plan()


def _read(value: object, hint: Any, path: str) -> Any:
    """:func:`_decode`, by the compiled reader when it takes the value (see
    :mod:`kingofny._fastjson`); otherwise the precise reader says what is wrong, and where."""
    try:
        return _PLAN.reader(hint)(value)
    except Exception:
        return _decode(value, hint, path)


def _write(value: object, hint: Any, path: str) -> Any:
    """:func:`_encode`, by the compiled writer when it takes the value."""
    try:
        return _PLAN.writer(hint)(value)
    except Exception:
        return _encode(value, hint, path)


# -- semantic checks ---------------------------------------------------------------------------


_GIVEN: contextvars.ContextVar[Mapping[str, ContentPack]] = contextvars.ContextVar(
    "kingofny_given_packs", default=types.MappingProxyType({})
)
"""The manifests a reader was handed (``from_json(text, packs=[...])``), by name: they stand
for the installed packs of those names while the document is read."""


@contextlib.contextmanager
def _given(packs: Sequence[ContentPack]) -> Iterator[None]:
    """Read with these manifests in place of the installed packs of their names."""
    if (
        isinstance(packs, (str, bytes))
        or not isinstance(packs, Sequence)
        or not all(isinstance(p, ContentPack) for p in packs)
    ):
        raise ArgumentError("packs", f"expected a sequence of ContentPack manifests, got {packs!r}")
    token = _GIVEN.set({p.name: p for p in packs})
    try:
        yield
    finally:
        _GIVEN.reset(token)


def _table(config: GameConfig, path: str) -> ContentTable:
    """The content table of a configuration read (or written): the one it carries, else its
    packs resolved (the manifests handed to the reader first, then the installed packs); a
    SerializationError at ``path.packs`` if one is not installed or fails to load."""
    table = config.content
    if table is not None:
        return table
    given = _GIVEN.get()
    try:
        table = resolve([given.get(name, name) for name in config.packs])
    except ConfigError as exc:
        _fail(f"{path}.packs", str(exc))
    except PluginError as exc:
        raise SerializationError(f"{path}.packs", f"a content pack fails to load: {exc}") from exc
    object.__setattr__(config, "content", table)
    return table


def _pack(name: str, path: str) -> ContentPack:
    """The pack ``name`` (a manifest handed to the reader, else the installed pack, loaded if
    needed); a SerializationError at ``path`` if it is not installed, or if it fails to load
    (its PluginError chained)."""
    given = _GIVEN.get().get(name)
    if given is not None:
        return given
    try:
        pack = registry.installed().find(name, strict=True)
    except PluginError as exc:
        raise SerializationError(path, f"content pack {name!r} fails to load: {exc}") from exc
    if pack is None:
        _fail(path, f"content pack {_REPR.repr(name)} is not installed")
    return pack


def _check_seat(seat: int, path: str, seats: int) -> None:
    if not 0 <= seat < seats:
        _fail(path, f"no seat {seat} in a {seats}-monster game")


def _check_seat_list(seats: tuple[int, ...], path: str, count: int, what: str) -> None:
    for i, seat in enumerate(seats):
        _check_seat(seat, f"{path}[{i}]", count)
        if i and seat <= seats[i - 1]:
            _fail(f"{path}[{i}]", f"{what} are distinct seats in increasing order")


def _check_config(config: GameConfig, path: str) -> None:
    if not config.packs:
        _fail(f"{path}.packs", "a game uses at least one content pack")
    for i, name in enumerate(config.packs):
        if config.content is None:
            _pack(name, f"{path}.packs[{i}]")
        if name in config.packs[:i]:
            _fail(f"{path}.packs[{i}]", f"content pack {name!r} is listed twice")
    table = _table(config, path)
    if config.manual and config.seed is None:
        _fail(
            f"{path}.manual",
            "manual chance kinds need a seed to draw the others (an explicit-chance game "
            "leaves every kind manual)",
        )
    count = len(config.monsters)
    if not MIN_MONSTERS <= count <= MAX_MONSTERS:
        _fail(
            f"{path}.monsters",
            f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {count}",
        )
    known = content_view(table).monster_ids()
    for i, monster in enumerate(config.monsters):
        if monster not in known:
            _fail(f"{path}.monsters[{i}]", f"unknown monster {_REPR.repr(monster)}")
        if monster in config.monsters[:i]:
            _fail(f"{path}.monsters[{i}]", f"{monster} is played twice")


def _check_winners(winners: tuple[int, ...] | None, path: str, seats: int) -> None:
    if winners is not None:
        _check_seat_list(winners, path, seats, "winners")


def _check_state(state: GameState, path: str) -> None:
    """The configuration and the generator first (the content checks need the packs), then
    every invariant of the position (:mod:`kingofny.model.invariants`); the first problem
    raises, at its JSON path under ``path``."""
    config = state.config
    _check_config(config, f"{path}.config")
    if state.rng is not None and not 0 <= state.rng < _RNG_LIMIT:
        _fail(f"{path}.rng", f"the generator state is a 64-bit value, got {state.rng}")
    if (state.rng is None) != (config.seed is None):
        _fail(
            f"{path}.rng",
            "a seeded game carries its generator state and an explicit-chance game has none "
            "(a player's view drops both)",
        )
    try:
        problems = state_problems(state)
    except KingOfNYError as exc:  # a pack's effect failed while the position was evaluated
        raise SerializationError(path, f"the position cannot be evaluated: {exc}") from exc
    if problems:
        first = problems[0]
        _fail(path + first.path[1:], first.message)


def _check_record(record: GameRecord, path: str) -> None:
    _check_config(record.config, f"{path}.config")
    seats = record.config.player_count
    known = content_view(_table(record.config, f"{path}.config")).known_ids()
    for i, event in enumerate(record.events):
        at = f"{path}.events[{i}]"
        if event.seat is not None:
            _check_seat(event.seat, f"{at}.seat", seats)
        problems = field_problems(
            event.move, _key(at, "outcome" if event.seat is None else "action"), seats, known
        )
        if problems:
            _fail(problems[0].path, problems[0].message)
    _check_winners(record.winners, f"{path}.winners", seats)


# -- envelopes ---------------------------------------------------------------------------------


def _envelope(kind: str, config: GameConfig, data: dict[str, Any]) -> dict[str, Any]:
    return _envelope_of(kind, _versions(config), data)


def _versions(config: GameConfig) -> tuple[tuple[str, str], ...]:
    """Each pack of the game with its version (of the pack the game plays with)."""
    return tuple((pack.name, pack.version) for pack in _table(config, "$.data.config").packs)


def _envelope_of(
    kind: str, versions: tuple[tuple[str, str], ...], data: dict[str, Any] | None
) -> dict[str, Any]:
    return {
        "format": kind,
        "schema_version": SCHEMA_VERSION,
        "kingofny_version": __version__,
        "packs": dict(versions),
        "data": data,
    }


@functools.lru_cache(maxsize=64)
def _envelope_head(kind: str, versions: tuple[tuple[str, str], ...]) -> str:
    """The compact text of an envelope up to its data."""
    text = json_text(_envelope_of(kind, versions, None))
    return text[: -len("null}")]  # "data" is the last member


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
    if obj.keys() != _ENVELOPE_KEY_SET:
        _check_keys(obj, "$", _ENVELOPE_KEYS)
    _expect_str(obj["kingofny_version"], "$.kingofny_version")
    packs = _expect_object(obj["packs"], "$.packs")
    for name, value in packs.items():
        at = _key("$.packs", name)
        version_text = _expect_str(value, at)
        pack = _pack(name, at)
        if not compatible(version_text, pack.version):
            _fail(
                at,
                f"saved with content pack {name} {version_text}; the installed "
                f"{pack.version} is incompatible (another major version, or before 1.0 another "
                "minor version)",
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


def _upgrade_record(data: object, version: object) -> object:
    """The ``data`` of a record written with an older schema, in the current schema: schema 3
    added ``config.manual`` (none before); seeds of
    schema 1 drew other streams, so a seeded schema 1 record replays its listed outcomes
    instead; the base cards' options are renamed."""
    if not isinstance(version, int) or version >= SCHEMA_VERSION or not isinstance(data, dict):
        return data
    data = dict(data)
    data["config"] = _upgrade_config(data.get("config"))
    if version != 1:
        return data
    config = data.get("config")
    if isinstance(config, dict) and config.get("seed") is not None:
        data["config"] = {**config, "seed": None}
    if isinstance(data.get("events"), list):
        data["events"] = [
            {**event, "action": _upgrade_options(event["action"], "option")}
            if isinstance(event, dict) and "action" in event
            else event
            for event in data["events"]
        ]
    return data


def _check_replay(record: GameRecord, path: str) -> None:
    try:
        final = replay(record)
    except ReplayError as exc:
        index = exc.index if exc.index is not None else len(record.events)
        raise SerializationError(f"{path}.events[{index}]", str(exc)) from exc
    if final.winners != record.winners:
        raise SerializationError(
            f"{path}.winners",
            f"the record states winners {_winners_text(record.winners)}, its replay ends with "
            f"{_winners_text(final.winners)}",
        )


def _winners_text(winners: tuple[int, ...] | None) -> str:
    return "none yet (the game goes on)" if winners is None else str(list(winners))


def _upgrade_state(data: object, version: object) -> object:
    """The ``data`` of a state written with an older schema, in the current schema.

    Schema 3 added ``config.manual`` (none before).
    Schema 2 added ``turn.win_claims`` (a win declared by a card stands at the end of the turn),
    which a schema 1 state lacks, and renamed the base cards' options (a pending card question
    holds them).
    """
    if not isinstance(version, int) or version >= SCHEMA_VERSION or not isinstance(data, dict):
        return data
    data = dict(data)
    data["config"] = _upgrade_config(data.get("config"))
    if version != 1:
        return data
    if isinstance(data.get("turn"), dict) and "win_claims" not in data["turn"]:
        data["turn"] = {**data["turn"], "win_claims": []}
    if isinstance(data.get("agenda"), list):
        data["agenda"] = [_upgrade_options(step, "options") for step in data["agenda"]]
    return data


def _upgrade_config(config: object) -> object:
    """A configuration of schema 1 or 2, which had no ``manual`` kinds of chance: none."""
    if isinstance(config, dict) and "manual" not in config:
        return {**config, "manual": []}
    return config


def _upgrade_options(obj: object, key: str) -> object:
    """A card question (``options``) or card use (``option``) of schema 1 in today's names."""
    if not isinstance(obj, dict) or not isinstance(obj.get("card"), str):
        return obj
    card, value = obj["card"], obj.get(key)
    if isinstance(value, str):
        return {**obj, key: upgrade_option(card, value)}
    if isinstance(value, list):
        return {**obj, key: [upgrade_option(card, v) if isinstance(v, str) else v for v in value]}
    return obj


# -- public API --------------------------------------------------------------------------------


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready envelope of a state (only dicts, lists, str, int, bool and None).

    Raises :class:`~kingofny.errors.SerializationError` if the state breaks an invariant that
    :func:`state_from_dict` would refuse.
    """
    if not isinstance(state, GameState):
        _fail("$", f"expected a GameState, got {type(state).__name__}")
    data = _write(state, GameState, "$.data")
    _check_state(state, "$.data")
    return _envelope(STATE_FORMAT, state.config, data)


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """The JSON-ready envelope of a game record."""
    if not isinstance(record, GameRecord):
        _fail("$", f"expected a GameRecord, got {type(record).__name__}")
    data = _write(record, GameRecord, "$.data")
    _check_record(record, "$.data")
    return _envelope(RECORD_FORMAT, record.config, data)


def state_from_dict(document: object, *, packs: Sequence[ContentPack] = ()) -> GameState:
    """The state in an envelope written by :func:`state_to_dict`, fully validated.

    Raises :class:`~kingofny.errors.SerializationError` (with the JSON path of the first
    problem) or :class:`~kingofny.errors.SchemaVersionError`; nothing else. ``packs`` as in
    :func:`from_json`.
    """
    with _given(packs):
        _, envelope = _open(document, STATE_FORMAT)
        return _state_in(envelope, fast=_plain_keys(envelope["data"]))


def _plain_keys(value: object) -> bool:
    """Whether every object key in a JSON value built by a caller is exactly a ``str``: the
    compiled reader finds fields by key, so a str subclass would pass it (a parsed document's
    keys always are, and the precise reader refuses any other, with its path)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if type(item) is dict:
            if not all(type(key) is str for key in item):
                return False
            pending.extend(item.values())
        elif type(item) is list:
            pending.extend(item)
    return True


def _state_in(envelope: dict[str, object], fast: bool = True) -> GameState:
    """The state in an envelope :func:`_open` checked (by the precise reader alone unless
    ``fast``)."""
    data = _upgrade_state(envelope["data"], envelope["schema_version"])
    state: GameState = (
        _read(data, GameState, "$.data") if fast else _decode(data, GameState, "$.data")
    )
    _check_state(state, "$.data")
    _check_envelope_packs(envelope, state.config)
    return state


def record_from_dict(
    document: object, *, replay_check: bool = True, packs: Sequence[ContentPack] = ()
) -> GameRecord:
    """The record in an envelope written by :func:`record_to_dict`, fully validated.

    The events are checked for type and range, then replayed: a record whose events do not
    replay, or whose stated winners are not those of its replay, is refused at the JSON path of
    the event or of ``winners``. A seeded record of schema 1 (kingofny 0.1.0, whose seeds drew
    other streams) reads as an explicit-chance record: it lists every outcome, so it replays
    the same game. ``replay_check=False`` skips the replay (for a trusted document, or to read
    events that are not a game). ``packs`` as in :func:`from_json`.
    """
    with _given(packs):
        _, envelope = _open(document, RECORD_FORMAT)
        return _record_in(envelope, replay_check, fast=_plain_keys(envelope["data"]))


def _record_in(envelope: dict[str, object], replay_check: bool, fast: bool = True) -> GameRecord:
    """The record in an envelope :func:`_open` checked (see :func:`record_from_dict`; by the
    precise reader alone unless ``fast``)."""
    data = _upgrade_record(envelope["data"], envelope["schema_version"])
    record: GameRecord = (
        _read(data, GameRecord, "$.data") if fast else _decode(data, GameRecord, "$.data")
    )
    _check_record(record, "$.data")
    _check_envelope_packs(envelope, record.config)
    if replay_check:
        _check_replay(record, "$.data")
    return record


def to_json(obj: GameState | GameRecord, *, indent: int | None = None) -> str:
    """A state or a record as JSON text with its envelope; the same value always gives the same
    text. ``indent`` pretty-prints; without it the text is compact.

    >>> from kingofny import new_game
    >>> from kingofny.serialize import from_json, to_json
    >>> state = new_game(2, seed=7)
    >>> text = to_json(state)
    >>> text[:60]
    '{"format":"kingofny/state","schema_version":3,"kingofny_vers'
    >>> from_json(text) == state
    True
    """
    if indent is not None and (type(indent) is not int or indent < 0):
        _fail("$", f"indent must be a non-negative int or None, got {indent!r}")
    if isinstance(obj, GameState):
        to_dict: Callable[[Any], dict[str, Any]] = state_to_dict
        if indent is None:
            data = _fast_text(GameState, obj)
            if data is not None:
                _check_state(obj, "$.data")
                return _envelope_text(STATE_FORMAT, obj.config, data)
    elif isinstance(obj, GameRecord):
        to_dict = record_to_dict
        if indent is None:
            data = _fast_text(GameRecord, obj)
            if data is not None:
                _check_record(obj, "$.data")
                return _envelope_text(RECORD_FORMAT, obj.config, data)
    else:
        _fail("$", f"to_json writes a GameState or a GameRecord, got {type(obj).__name__}")
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_dict(obj), indent=indent, separators=separators, allow_nan=False)


def _fast_text(hint: type[Any], obj: object) -> str | None:
    """The compact text of ``obj``'s data by the fast codec, or None where it gives up (the
    dict writer then says what is wrong, or writes it)."""
    try:
        return _PLAN.text_writer(hint)(obj)
    except Exception:
        return None


def _envelope_text(kind: str, config: GameConfig, data: str) -> str:
    """The compact text of an envelope around the compact text ``data``."""
    return _envelope_head(kind, _versions(config)) + data + "}"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                _fail("$", f"the key {_REPR.repr(key)} appears twice in one object")
            seen.add(key)
    return result


def _no_constant(name: str) -> NoReturn:
    _fail("$", f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys, parse_constant=_no_constant)


def _parse(text: str | bytes) -> object:
    if not isinstance(text, (str, bytes, bytearray)):
        _fail("$", f"expected JSON text (str or bytes), got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_LENGTH:
        _fail("$", f"a document is at most {MAX_DOCUMENT_LENGTH} characters, got {len(text)}")
    try:
        # What json.loads does, with one decoder made once (as json.loads shares its default).
        if isinstance(text, str):
            if text.startswith("\ufeff"):
                raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        else:
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        return _DECODER.decode(text)
    except SerializationError:
        raise
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError, bad UTF-8 and over-long integer literals.
        raise SerializationError("$", f"not valid JSON: {exc}") from exc


def from_json(text: str | bytes, *, packs: Sequence[ContentPack] = ()) -> GameState | GameRecord:
    """The state or record in JSON text written by :func:`to_json`, chosen by the envelope's
    ``format``, fully validated (see :func:`state_from_dict`).

    ``packs`` are manifests to read with in place of the installed packs of their names (a game
    played with a pack that is not installed: ``new_game(..., packs=["base", manifest])``).
    """
    with _given(packs):
        kind, envelope = _open(_parse(text), None)
        if kind == STATE_FORMAT:
            return _state_in(envelope)
        return _record_in(envelope, replay_check=True)


def state_from_json(text: str | bytes, *, packs: Sequence[ContentPack] = ()) -> GameState:
    """The state in JSON text; a record (or anything else) raises ``SerializationError``
    (``packs`` as in :func:`from_json`)."""
    return state_from_dict(_parse(text), packs=packs)


def record_from_json(
    text: str | bytes, *, replay_check: bool = True, packs: Sequence[ContentPack] = ()
) -> GameRecord:
    """The record in JSON text; a state (or anything else) raises ``SerializationError``
    (``replay_check`` as in :func:`record_from_dict`, ``packs`` as in :func:`from_json`)."""
    return record_from_dict(_parse(text), replay_check=replay_check, packs=packs)
