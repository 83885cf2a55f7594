"""Checking the fields of a request, shared by :mod:`kingofny.web.session` and
:mod:`kingofny.web.replays`: every problem is a :class:`WebError` with an HTTP status (4xx) and
a message that names the field and never echoes a whole request. Free of any web framework.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["WebError", "check_fields", "check_int", "cut", "first_line", "shown"]


class WebError(Exception):
    """A request the table cannot serve: ``status`` is the HTTP status (4xx), ``message`` says
    why in a sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status code of the answer."""
        self.message = message
        """What is wrong with the request."""


def cut(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, so that a message never echoes a whole request."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(value: object) -> str:
    """``value`` for a message: its repr (a type name for a list or dict), cut short."""
    return cut(repr(value) if not isinstance(value, (dict, list)) else type(value).__name__)


def first_line(exc: BaseException, limit: int = 300) -> str:
    """The first line of ``exc``'s message (its type's name if it has none), cut short."""
    return cut((str(exc).splitlines() or [type(exc).__name__])[0], limit)


def check_int(value: object, field: str, low: int, high: int) -> int:
    """``value`` as an int in ``[low, high]`` (never a bool), else a 400 naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise WebError(400, f"{field} must be an integer, got {shown(value)}")
    if not low <= value <= high:
        raise WebError(400, f"{field} must be between {low} and {high}, got {shown(value)}")
    return value


def check_fields(body: Mapping[str, object], allowed: Sequence[str]) -> None:
    """A 400 naming the first field of ``body`` that is not one of ``allowed``."""
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise WebError(
            400, f"unknown field {shown(unknown[0])}; this request takes {', '.join(allowed)}"
        )
