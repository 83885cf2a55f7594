"""The fast path of the JSON codec: a reader and a writer compiled once per type.

:mod:`kingofny.serialize` walks the type hints of the model at every value, which is what lets
it name the JSON path of any problem, but costs most of a round trip. Here each type hint is
turned once into a plain function that reads (or writes) values of that type with the same
checks and no bookkeeping. When such a function meets anything it does not take, it gives up
(:class:`Fallback`), and the caller runs the precise codec, whose answer (a value or a
:class:`~kingofny.errors.SerializationError` with its path) is authoritative: the fast path
only ever returns what the precise one would.
"""

from __future__ import annotations

import enum
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


class Fallback(Exception):
    """The fast codec does not take this value: the precise codec must say what it is."""


class Plan:
    """What the fast codec needs to know of the model, given by :mod:`kingofny.serialize`."""

    def __init__(
        self,
        fields: Callable[[type[Any]], tuple[tuple[str, str, Any], ...]],
        tagged: Callable[[type[Any]], Mapping[str, type[Any]] | None],
        leaves: Mapping[type, LeafCodec],
        enum_table: Callable[[type[enum.Enum]], Mapping[str, enum.Enum]],
        list_limit: Callable[[Any], int],
        int_limit: int,
    ) -> None:
        self.fields = fields
        self.tagged = tagged
        self.leaves = leaves
        self.enum_table = enum_table
        self.list_limit = list_limit
        self.int_limit = int_limit
        self._readers: dict[Any, Reader] = {}
        self._writers: dict[Any, Writer] = {}
        self._field_readers: dict[tuple[type[Any], bool], Reader] = {}
        self._field_writers: dict[type[Any], Writer] = {}

    def reader(self, hint: Any) -> Reader:
        """The fast reader of values of type ``hint`` (built on first use)."""
        found = self._readers.get(hint)
        if found is None:
            found = self._readers[hint] = self._reader(hint)
        return found

    def writer(self, hint: Any) -> Writer:
        """The fast writer of values of type ``hint`` (built on first use)."""
        found = self._writers.get(hint)
        if found is None:
            found = self._writers[hint] = self._writer(hint)
        return found

    def _scalar(self, hint: Any) -> Reader | None:
        """For bool, int, str and None, the check that reads and writes them alike (the JSON
        and the Python values are the same objects), else None."""
        if hint is int:
            limit = self.int_limit

            def same_int(value: Any) -> int:
                if type(value) is not int or not -limit < value < limit:
                    raise Fallback
                return value

            return same_int
        if hint in (bool, str, type(None)):
            return _exact(hint)
        return None

    # -- reading -------------------------------------------------------------------------------

    def _reader(self, hint: Any) -> Reader:
        scalar = self._scalar(hint)
        if scalar is not None:
            return scalar
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in _UNIONS:
            (inner_hint,) = [a for a in args if a is not type(None)]
            inner = self.reader(inner_hint)
            return lambda value: None if value is None else inner(value)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.reader(args[0])
                most = self.list_limit(args[0])

                def read_items(value: Any) -> tuple[Any, ...]:
                    if type(value) is not list or len(value) > most:
                        raise Fallback
                    return tuple(map(item, value))

                return read_items
            items = tuple(self.reader(a) for a in args)

            def read_fixed(value: Any) -> tuple[Any, ...]:
                if type(value) is not list or len(value) != len(items):
                    raise Fallback
                return tuple(read(v) for read, v in zip(items, value))

            return read_fixed
        if isinstance(hint, type):
            leaf = self.leaves.get(hint)
            if leaf is not None:
                read_leaf = leaf[1]
                return lambda value: read_leaf(value, "")
            if issubclass(hint, enum.Enum):
                table = self.enum_table(hint)

                def read_member(value: Any) -> Any:
                    member = table.get(value) if type(value) is str else None
                    if member is None:
                        raise Fallback
                    return member

                return read_member
            if self.tagged(hint) is not None:
                return self._tagged_reader(hint)
            if attrs.has(hint):
                return self._fields_reader(hint, tagged=False)
        raise Fallback

    def _tagged_reader(self, hint: type[Any]) -> Reader:
        def read_tagged(value: Any) -> Any:
            table = self.tagged(hint)
            tag = value.get("type") if type(value) is dict else None
            cls = table.get(tag) if table is not None and type(tag) is str else None
            if cls is None:
                raise Fallback
            return self._fields_reader(cls, tagged=True)(value)

        return read_tagged

    def _fields_reader(self, cls: type[Any], tagged: bool) -> Reader:
        found = self._field_readers.get((cls, tagged))
        if found is None:
            found = self._field_readers[cls, tagged] = self._build_fields_reader(cls, tagged)
        return found

    def _build_fields_reader(self, cls: type[Any], tagged: bool) -> Reader:
        fields = tuple((name, alias, self.reader(hint)) for name, alias, hint in self.fields(cls))
        keys = frozenset(name for name, _, _ in fields) | ({"type"} if tagged else set())

        def read_fields(value: Any) -> Any:
            if type(value) is not dict or value.keys() != keys:
                raise Fallback
            try:
                return cls(**{alias: read(value[name]) for name, alias, read in fields})
            except (ValueError, TypeError) as exc:
                raise Fallback from exc

        return read_fields

    # -- writing -------------------------------------------------------------------------------

    def _writer(self, hint: Any) -> Writer:
        scalar = self._scalar(hint)
        if scalar is not None:
            return scalar
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in _UNIONS:
            (inner_hint,) = [a for a in args if a is not type(None)]
            inner = self.writer(inner_hint)
            return lambda value: None if value is None else inner(value)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.writer(args[0])

                def write_items(value: Any) -> list[Any]:
                    if type(value) is not tuple:
                        raise Fallback
                    return list(map(item, value))

                return write_items
            items = tuple(self.writer(a) for a in args)

            def write_fixed(value: Any) -> list[Any]:
                if type(value) is not tuple or len(value) != len(items):
                    raise Fallback
                return [write(v) for write, v in zip(items, value)]

            return write_fixed
        if isinstance(hint, type):
            leaf = self.leaves.get(hint)
            if leaf is not None:
                write_leaf = leaf[0]

                def write_leaf_value(value: Any) -> Any:
                    if not isinstance(value, hint):
                        raise Fallback
                    return write_leaf(value, "")

                return write_leaf_value
            if issubclass(hint, enum.Enum):
                names = {member: name for name, member in self.enum_table(hint).items()}

                def write_member(value: Any) -> str:
                    if not isinstance(value, hint):
                        raise Fallback
                    return names[value]

                return write_member
            if self.tagged(hint) is not None:

                def write_tagged(value: Any) -> dict[str, Any]:
                    table = self.tagged(hint)
                    cls = type(value)
                    kind = getattr(cls, "KIND", None)
                    if table is None or kind is None or table.get(kind) is not cls:
                        raise Fallback
                    return {"type": kind, **self._fields_writer(cls)(value)}

                return write_tagged
            if attrs.has(hint):
                write_fields = self._fields_writer(hint)

                def write_exact(value: Any) -> Any:
                    if type(value) is not hint:
                        raise Fallback
                    return write_fields(value)

                return write_exact
        raise Fallback

    def _fields_writer(self, cls: type[Any]) -> Writer:
        found = self._field_writers.get(cls)
        if found is None:
            fields = tuple((name, self.writer(hint)) for name, _, hint in self.fields(cls))

            def write_fields(value: Any) -> dict[str, Any]:
                return {name: write(getattr(value, name)) for name, write in fields}

            found = self._field_writers[cls] = write_fields
        return found


def _exact(kind: type) -> Reader:
    def same(value: Any) -> Any:
        if type(value) is not kind:
            raise Fallback
        return value

    return same
