"""Field validators for the action and outcome types: cheap type and static-range checks that
raise :class:`~kingofny.errors.ArgumentError` naming the field (``"Reroll.dice"``).

Actions and outcomes are built on the engine's hot path, so each validator is one plain function
doing an identity test on the value's type (``bool`` is refused where an ``int`` is expected,
and a plain ``int`` where an enum member is) and, where the range is static, one comparison.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from typing import Any

import attrs

from kingofny.errors import ArgumentError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
"""The signature of an attrs field validator."""


def _where(instance: object, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _got(value: object) -> str:
    return f"{value!r} ({type(value).__name__})"


def of_type(cls: type, hint: str | Callable[[object], str] = "") -> Validator:
    """A validator accepting exactly instances of ``cls`` (subclasses included); ``hint`` (or
    ``hint(value)``) is added to the message, e.g. how to build one from the value given."""
    expected = cls.__name__

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, cls):
            extra = hint(value) if callable(hint) else hint
            raise ArgumentError(
                _where(instance, attribute), f"expected a {expected}, got {_got(value)}{extra}"
            )

    return check


def member_of(
    enum_type: type[enum.Enum], allowed: Collection[enum.Enum] | None = None
) -> Validator:
    """A validator accepting a member of ``enum_type`` (not its plain value: ``Borough.QUEENS``,
    not ``2``), and only one of ``allowed`` when given."""
    names = ", ".join(
        f"{enum_type.__name__}.{m.name}" for m in (enum_type if allowed is None else allowed)
    )
    members = frozenset(enum_type if allowed is None else allowed)

    if allowed is None:

        def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
            if type(value) is not enum_type:
                raise ArgumentError(
                    _where(instance, attribute),
                    f"expected one of {names}, got {_got(value)}",
                )

        return check

    def check_allowed(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not enum_type or value not in members:
            raise ArgumentError(
                _where(instance, attribute),
                f"expected one of {names}, got {_got(value)}",
            )

    return check_allowed


def dice_hint(value: object) -> str:
    """How to build dice from what was given."""
    if isinstance(value, str):
        return f"; build dice with Dice.parse({value!r})"
    return "; build dice with Dice.parse('AAC') or Dice.of(...)"


def non_negative_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator accepting an ``int`` that is 0 or more (not a ``bool``, nor another int type)."""
    if type(value) is not int or value < 0:
        message = (
            f"must be 0 or more, got {value}"
            if type(value) is int
            else f"expected an int, got {_got(value)}"
        )
        raise ArgumentError(_where(instance, attribute), message)


def text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator accepting any ``str``, empty included."""
    if not isinstance(value, str):
        raise ArgumentError(_where(instance, attribute), f"expected a str, got {_got(value)}")


def name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator accepting a non-empty ``str`` without surrounding whitespace (an id)."""
    if not isinstance(value, str) or not value or value != value.strip():
        message = (
            f"expected a str, got {_got(value)}"
            if not isinstance(value, str)
            else f"expected a non-empty id without surrounding spaces, got {value!r}"
        )
        raise ArgumentError(_where(instance, attribute), message)
