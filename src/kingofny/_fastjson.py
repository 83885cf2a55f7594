"""The fast path of the JSON codec: readers and writers compiled once per type.

:mod:`kingofny.serialize` walks the type hints of the model at every value, which is what lets
it name the JSON path of any problem, but costs most of a round trip. Here each attrs class is
turned once into a plain function that reads or writes its fields with the same checks and no
bookkeeping. The function's source is generated from the class's field names and type hints
only, never from data, with the checks of ints, strings, enums and arrays written inline.

A type has three compiled functions: a reader (JSON value to Python value), a writer (Python
value to JSON value) and a text writer (Python value to compact JSON text, exactly as
``json.dumps(writer(value), separators=(",", ":"))`` would write it, without building the JSON
value). When one of them meets anything it does not take, it gives up (:class:`Fallback`, or
whatever exception the value caused), and the caller runs the precise codec, whose answer (a
value or a :class:`~kingofny.errors.SerializationError` with its path) is authoritative: the
fast path only ever returns what the precise one would.
"""

from __future__ import annotations

import enum
import json
import re
import threading
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

Reader = Callable[[Any], Any]
Writer = Callable[[Any], Any]
LeafCodec = tuple[Callable[[Any, str], Any], Callable[[Any, str], Any]]
"""A hand-written (write, read) pair, each taking the value and a JSON path."""
_UNIONS = (typing.Union, types.UnionType)
_NONE = type(None)
_READ, _WRITE, _TEXT = "read", "write", "text"
_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False, check_circular=False)
"""Compact JSON, as :func:`kingofny.to_json` writes it (no container here can hold itself)."""
_escape: Callable[[str], str] = json.encoder.encode_basestring_ascii
"""A JSON string literal, as ``json.dumps`` writes it (``ensure_ascii``)."""
_QUOTES_LIMIT = 4096
_QUOTED_LENGTH_LIMIT = 64
"""Longer strings are escaped each time, never kept (a hand-built state may hold huge ones)."""


class _Quotes(dict[str, str]):
    """The JSON literal of each short string met (bounded: cleared whole when full). The strings
    of states come from a small vocabulary (ids of cards, monsters, buildings), and escaping one
    costs several times the lookup. Each entry is the pure function of its key, so threads
    sharing it see a right one or none."""

    def __missing__(self, text: str) -> str:
        quoted = _escape(text)
        if len(text) <= _QUOTED_LENGTH_LIMIT:
            if len(self) >= _QUOTES_LIMIT:
                self.clear()
            self[text] = quoted
        return quoted


_quote = _Quotes().__getitem__
""":data:`_escape`, remembered; only for values already checked to be strings."""


class Fallback(Exception):
    """The fast codec does not take this value: the precise codec must say what it is."""


def json_text(value: object) -> str:
    """The compact JSON text of a JSON value, as :func:`kingofny.to_json` writes it."""
    return _quote(value) if type(value) is str else _ENCODER.encode(value)


class Plan:
    """What the fast codec needs to know of the model, given by :mod:`kingofny.serialize`, and
    the functions compiled from it (each built on first use, then never changed)."""

    def __init__(
        self,
        fields: Callable[[type[Any]], tuple[tuple[str, str, Any], ...]],
        tagged: Callable[[type[Any]], Mapping[str, type[Any]] | None],
        leaves: Mapping[type, LeafCodec],
        enum_table: Callable[[type[enum.Enum]], Mapping[str, enum.Enum]],
        list_limit: Callable[[Any], int],
        int_limit: int,
        shared: Mapping[type, Mapping[Any, Any]],
    ) -> None:
        self.fields = fields
        self.tagged = tagged
        self.leaves = leaves
        self.enum_table = enum_table
        self.list_limit = list_limit
        self.int_limit = int_limit
        self.shared = shared
        """What the reader returns instead of new values: for classes of few values, their
        instances by the tuple of their field values; for leaves, their usual values by their
        JSON text (a string)."""
        self._compiled: dict[tuple[Any, str], Callable[[Any], Any]] = {}
        self._classes: dict[tuple[type[Any], str, bool], Callable[[Any], Any]] = {}
        self._in_progress: set[tuple[Any, str]] = set()
        # One thread builds at a time (the others wait for its functions, and never see one
        # half-built); the builder itself re-enters for the types a type contains.
        self._building = threading.RLock()

    def reader(self, hint: Any) -> Reader:
        """The fast reader of values of type ``hint``: from the JSON value to the Python one."""
        return self.function(hint, _READ)

    def writer(self, hint: Any) -> Writer:
        """The fast writer of values of type ``hint``: from the Python value to the JSON one."""
        return self.function(hint, _WRITE)

    def text_writer(self, hint: Any) -> Callable[[Any], str]:
        """The fast writer of values of type ``hint`` as compact JSON text."""
        return self.function(hint, _TEXT)

    def function(self, hint: Any, mode: str) -> Callable[[Any], Any]:
        """The compiled function of ``hint`` in ``mode`` (``"read"``, ``"write"`` or
        ``"text"``), built on first use."""
        key = (hint, mode)
        found = self._compiled.get(key)
        if found is None:
            with self._building:
                found = self._compiled.get(key)
                if found is None:
                    if key in self._in_progress:  # a type that contains itself: bind late
                        return lambda value: self.function(hint, mode)(value)
                    self._in_progress.add(key)
                    try:
                        found = self._compiled[key] = self._build(hint, mode)
                    finally:
                        self._in_progress.discard(key)
        return found

    def _build(self, hint: Any, mode: str) -> Callable[[Any], Any]:
        if isinstance(hint, type) and self.tagged(hint) is not None:
            return self._tagged_function(hint, mode)
        if isinstance(hint, type) and hint not in self.leaves and attrs.has(hint):
            return self.class_function(hint, mode, tagged=False)
        source = _Source(self, mode)
        return source.compile(f"{mode}_value", "value", source.value(hint, "value", 1))

    def class_function(self, cls: type[Any], mode: str, tagged: bool) -> Callable[[Any], Any]:
        """The function of the fields of ``cls`` in ``mode``, with its ``type`` tag if
        ``tagged`` (built on first use)."""
        key = (cls, mode, tagged)
        found = self._classes.get(key)
        if found is None:
            with self._building:
                found = self._classes.get(key)
                if found is None:
                    found = self._classes[key] = _Source(self, mode).fields(cls, tagged)
        return found

    def _tagged_function(self, hint: type[Any], mode: str) -> Callable[[Any], Any]:
        """Dispatch on the tag of a step, action or outcome, in the registry as it is now."""
        tagged = self.tagged
        fields = self.class_function

        def read_tagged(value: Any) -> Any:
            tag = value["type"]
            table = tagged(hint)
            cls = table.get(tag) if table is not None and type(tag) is str else None
            if cls is None:
                raise Fallback
            return fields(cls, mode, True)(value)

        def write_tagged(value: Any) -> Any:
            cls = type(value)
            table = tagged(hint)
            kind = getattr(cls, "KIND", None)
            if table is None or type(kind) is not str or table.get(kind) is not cls:
                raise Fallback
            return fields(cls, mode, True)(value)

        return read_tagged if mode == _READ else write_tagged


class _Source:
    """The Python source of one compiled function, and the objects it names.

    :meth:`value` adds the lines that check one value and returns the expression of what it
    becomes. In text mode that expression is a string, or an int (listed in ``numbers``) that
    formats as its JSON text, and it never holds a quote, so that it can go in an f-string.
    """

    def __init__(self, plan: Plan, mode: str) -> None:
        self.plan = plan
        self.mode = mode
        self.lines: list[str] = []
        limit = plan.int_limit
        self.names: dict[str, Any] = {"Fallback": Fallback, "_LOW": -limit, "_HIGH": limit}
        self.known: dict[int, str] = {}
        self.calls: dict[str, str] = {}
        """Expressions that call one named function on one local: the function's name."""
        self.numbers: set[str] = set()
        self.count = 0

    def name(self, obj: object) -> str:
        """A global name of the generated code for ``obj``."""
        found = self.known.get(id(obj))
        if found is None:
            found = self.known[id(obj)] = f"_k{len(self.names)}"
            self.names[found] = obj
        return found

    def call(self, function: object, local: str) -> str:
        """The expression calling ``function`` on ``local``."""
        name = self.name(function)
        expression = f"{name}({local})"
        self.calls[expression] = name
        return expression

    def var(self) -> str:
        """A fresh local variable."""
        self.count += 1
        return f"v{self.count}"

    def add(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def fail_unless(self, depth: int, condition: str) -> None:
        self.add(depth, f"if not ({condition}):")
        self.add(depth + 1, "raise Fallback")

    def text(self, expression: str) -> str:
        """``expression`` (of text mode) as a string."""
        return f"str({expression})" if expression in self.numbers else expression

    def fstring(self, parts: list[tuple[bool, str]]) -> str:
        """Source of the concatenation of ``parts``: (True, constant text) or (False, a
        quote-free expression)."""
        return " ".join(repr(part) if constant else f"f'{{{part}}}'" for constant, part in parts)

    def compile(self, name: str, argument: str, result: str) -> Callable[[Any], Any]:
        """The function ``name(argument)`` of the lines so far, returning ``result``."""
        body = "\n".join(self.lines)
        # The source is made of the model's field names and type hints only, never of data.
        name = re.sub(r"\W", "_", name)
        text = f"def {name}({argument}):\n{body}\n    return {result}\n"
        exec(compile(text, f"<kingofny codec {name}>", "exec"), self.names)
        function: Callable[[Any], Any] = self.names[name]
        return function

    def fields(self, cls: type[Any], tagged: bool) -> Callable[[Any], Any]:
        """The function of the fields of ``cls``: a dict of JSON values to an instance when
        reading, an instance (of exactly ``cls``, unless ``tagged``) to a dict or its text when
        writing."""
        fields = self.plan.fields(cls)
        if self.mode == _READ:
            self.fail_unless(1, f"type(obj) is dict and len(obj) == {len(fields) + tagged}")
        elif not tagged:
            self.fail_unless(1, f"type(obj) is {self.name(cls)}")
        results = []
        for name, _, hint in fields:
            local = self.var()
            self.add(
                1, f"{local} = obj[{name!r}]" if self.mode == _READ else f"{local} = obj.{name}"
            )
            results.append(self.value(hint, local, 1))
        if self.mode == _READ:
            result = self.instance(cls, results)
        elif self.mode == _WRITE:
            items = [f"{name!r}: {result}" for (name, _, _), result in zip(fields, results)]
            if tagged:
                items.insert(0, f"'type': {cls.KIND!r}")
            result = "{" + ", ".join(items) + "}"
        else:
            tag = f'"type":{_escape(cls.KIND)}' if tagged else ""
            parts: list[tuple[bool, str]] = [(True, "{" + tag)]
            for i, ((name, _, _), value) in enumerate(zip(fields, results)):
                parts.append((True, "," * bool(i or tagged) + _escape(name) + ":"))
                parts.append((False, value))
            result = self.fstring([*parts, (True, "}")])
        return self.compile(f"{self.mode}_{cls.__name__}", "obj", result)

    def instance(self, cls: type[Any], values: list[str]) -> str:
        """The expression of the instance of ``cls`` with these field values: the shared one
        if the plan has a table of them, else a new one."""
        keywords = {f.alias or f.name: f.kw_only for f in attrs.fields(cls) if f.init}
        table = self.plan.shared.get(cls)
        if table is not None:  # name each value, to use it twice
            named = [self.var() for _ in values]
            for name, value in zip(named, values):
                self.add(1, f"{name} = {value}")
            values = named
        args = ", ".join(
            f"{alias}={value}" if keywords[alias] else value
            for (_, alias, _), value in zip(self.plan.fields(cls), values)
        )
        new = f"{self.name(cls)}({args})"
        if table is None:
            return new
        key = f"({', '.join(values)},)"
        return f"(found if (found := {self.name(table)}.get({key})) is not None else {new})"

    def value(self, hint: Any, local: str, depth: int) -> str:
        """Add the lines that check the value of type ``hint`` held in ``local``; return the
        expression of its converted value."""
        if hint is int:
            self.fail_unless(depth, f"type({local}) is int and _LOW < {local} < _HIGH")
            if self.mode == _TEXT:
                self.numbers.add(local)
            return local
        if hint is bool or hint is str or hint is _NONE:
            check = f"{local} is None" if hint is _NONE else f"type({local}) is {hint.__name__}"
            self.fail_unless(depth, check)
            if self.mode != _TEXT:
                return local
            if hint is str:
                return self.call(_quote, local)
            return f"{self.name(('false', 'true'))}[{local}]" if hint is bool else self.name("null")
        origin = typing.get_origin(hint)
        if origin in _UNIONS:
            return self.optional(hint, local, depth)
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return self.array(args[0], local, depth)
            return self.fixed(args, local, depth)
        if isinstance(hint, type):
            leaf = self.plan.leaves.get(hint)
            if leaf is not None:
                return self.leaf(hint, leaf, local, depth)
            if issubclass(hint, enum.Enum):
                return self.member(hint, local, depth)
            if self.plan.tagged(hint) is not None or attrs.has(hint):
                return self.call(self.plan.function(hint, self.mode), local)
        raise Fallback  # no fast path for this type: the precise codec handles it

    def nested(self, hint: Any, local: str, depth: int) -> tuple[list[str], str]:
        """The lines and the expression of :meth:`value`, apart from the lines so far."""
        outer, self.lines = self.lines, []
        result = self.value(hint, local, depth)
        inner, self.lines = self.lines, outer
        return inner, result

    def optional(self, hint: Any, local: str, depth: int) -> str:
        (inner,) = [a for a in typing.get_args(hint) if a is not _NONE]
        lines, result = self.nested(inner, local, depth + 1)
        null = self.name("null") if self.mode == _TEXT else "None"
        if not lines:
            return f"({null} if {local} is None else {result})"
        if result == local and self.mode != _TEXT:  # checked, not converted
            self.add(depth, f"if {local} is not None:")
            self.lines.extend(lines)
            return local
        converted = self.var()
        self.add(depth, f"{converted} = {null}")
        self.add(depth, f"if {local} is not None:")
        self.lines.extend(lines)
        self.add(depth + 1, f"{converted} = {result}")
        if result in self.numbers:
            self.numbers.add(converted)
        return converted

    def array(self, item: Any, local: str, depth: int) -> str:
        if self.mode == _READ:
            most = self.plan.list_limit(item)
            self.fail_unless(depth, f"type({local}) is list and len({local}) <= {most}")
        else:
            self.fail_unless(depth, f"type({local}) is tuple")
        simple = self.simple(item)
        if simple is not None:  # checked and converted in C
            types, convert = simple
            check = f"{self.name(types)}.issuperset(map(type, {local}))"
            self.fail_unless(depth, f"not {local} or {check}")  # most arrays are empty
            if item is int:
                limits = f"_LOW < min({local}) and max({local}) < _HIGH"
                self.fail_unless(depth, f"not {local} or ({limits})")
            items = local if convert is None else f"map({self.name(convert)}, {local})"
        else:
            entry, built = self.var(), self.var()
            lines, result = self.nested(item, entry, depth + 1)
            function = self.calls.get(result)
            if function is not None and not lines:
                items = f"map({function}, {local})"
            else:
                self.add(depth, f"{built} = []")
                self.add(depth, f"for {entry} in {local}:")
                self.lines.extend(lines)
                self.add(depth + 1, f"{built}.append({self.text(result)})")
                items = built
        if self.mode == _READ:
            return f"tuple({items})"
        if self.mode == _WRITE:
            return f"list({items})"
        text = self.var()
        self.add(depth, f"{text} = '[' + ','.join({items}) + ']' if {local} else '[]'")
        return text

    def simple(self, item: Any) -> tuple[frozenset[type], Callable[[Any], Any] | None] | None:
        """For an array of ``item`` values that are each checked by their exact type (ints also
        by their range), those types and the function converting each value (None: kept)."""
        if item is str or item is int or item is bool:
            if self.mode != _TEXT:
                return frozenset({item}), None
            text: dict[type, Callable[[Any], str]] = {
                str: _quote,
                int: str,
                bool: ("false", "true").__getitem__,
            }
            return frozenset({item}), text[item]
        if isinstance(item, type) and issubclass(item, enum.Enum) and item not in self.plan.leaves:
            if self.mode == _READ:
                return frozenset({str}), self.plan.enum_table(item).__getitem__
            return frozenset({item}), self.names_of(item).__getitem__
        return None

    def fixed(self, items: tuple[Any, ...], local: str, depth: int) -> str:
        kind = "list" if self.mode == _READ else "tuple"
        self.fail_unless(depth, f"type({local}) is {kind} and len({local}) == {len(items)}")
        parts = [self.var() for _ in items]
        self.add(depth, f"{', '.join(parts)}, = {local}")
        results = [self.value(hint, part, depth) for hint, part in zip(items, parts)]
        if self.mode == _READ:
            return f"({', '.join(results)},)"
        if self.mode == _WRITE:
            return f"[{', '.join(results)}]"
        text = self.var()
        pieces: list[tuple[bool, str]] = [(True, "[")]
        for i, result in enumerate(results):
            pieces += [(True, ",")] * bool(i) + [(False, result)]
        self.add(depth, f"{text} = {self.fstring([*pieces, (True, ']')])}")
        return text

    def leaf(self, hint: type, codec: LeafCodec, local: str, depth: int) -> str:
        path = self.name("")
        read = f"{self.name(codec[1])}({local}, {path})"
        table = self.plan.shared.get(hint)
        if self.mode == _READ and table is not None:  # the usual texts, without a call
            value = self.var()
            self.add(
                depth,
                f"{value} = {self.name(table)}.get({local}) if type({local}) is str else None",
            )
            self.add(depth, f"if {value} is None:")
            self.add(depth + 1, f"{value} = {read}")
            return value
        if self.mode == _READ:
            return read
        self.fail_unless(depth, f"isinstance({local}, {self.name(hint)})")
        written = f"{self.name(codec[0])}({local}, {path})"
        if self.mode == _WRITE:
            return written
        text = self.var()
        self.add(depth, f"{text} = {written}")
        quote, other = self.name(_quote), self.name(json_text)
        return f"({quote}({text}) if type({text}) is str else {other}({text}))"

    def member(self, hint: type[enum.Enum], local: str, depth: int) -> str:
        if self.mode == _READ:
            table = self.name(self.plan.enum_table(hint))
            member = self.var()
            self.add(depth, f"{member} = {table}.get({local}) if type({local}) is str else None")
            self.fail_unless(depth, f"{member} is not None")
            return member
        self.fail_unless(depth, f"isinstance({local}, {self.name(hint)})")
        return f"{self.name(self.names_of(hint))}[{local}]"

    def names_of(self, hint: type[enum.Enum]) -> dict[enum.Enum, str]:
        """The JSON value of each member of ``hint``, or in text mode its text."""
        write = _escape if self.mode == _TEXT else str
        return {member: write(name) for name, member in self.plan.enum_table(hint).items()}
