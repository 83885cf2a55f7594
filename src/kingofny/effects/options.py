"""The naming style of card options: the strings of ``UseCard(card, option)``.

Every option a card offers, as a voluntary use (:meth:`~kingofny.model.effect.Effect.offers`) or
as the answer to its question (:func:`~kingofny.effects.primitives.ask`), is written the same
way:

- a **word** saying what the option does, in lowercase kebab-case: ``use``, ``skip``, ``stay``;
- then its **arguments**, each after a ``:``: ``heal:2``, ``move:staten-island``,
  ``convert:heal:energy``;
- faces, boroughs and units are written as their own names (``str()`` of
  :class:`~kingofny.model.dice.Face`, :class:`~kingofny.model.city.Borough`,
  :class:`~kingofny.model.city.UnitKind`); a seat, a card or a token is written with its type
  first: ``seat:1``, ``card:base:tesla-cannon`` (the whole namespaced id, which has its own
  ``:``, so it comes last), ``token:web``.

:func:`option` builds such a string from its parts, so that content packs follow the style
without spelling it by hand.
"""

from __future__ import annotations

import enum
import functools
import re

from kingofny.errors import ArgumentError

__all__ = ["option"]

_WORD = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def option(*parts: object) -> str:
    """An option string from its parts, joined with ``:``: ``option("convert", Face.HEAL,
    Face.ENERGY)`` is ``"convert:heal:energy"``, ``option("seat", 1)`` is ``"seat:1"``.

    Enum members are written with ``str()`` (their documented names); every part must then be
    lowercase kebab-case, except a namespaced card id (``"base:stomp"``), which may only come
    last. Raises :class:`~kingofny.errors.ArgumentError` otherwise. Effects call it while legal
    actions are listed, so the strings are remembered once built.
    """
    try:
        return _cached(*parts)
    except TypeError:  # an unhashable part: let the checks say what is wrong with it
        return _build(parts)


@functools.lru_cache(maxsize=4096, typed=True)
def _cached(*parts: object) -> str:
    return _build(parts)


def _build(parts: tuple[object, ...]) -> str:
    if not parts:
        raise ArgumentError("option(parts)", "an option needs at least one word")
    words: list[str] = []
    for index, part in enumerate(parts):
        if isinstance(part, (enum.Enum, int)) and not isinstance(part, bool):
            word = str(part)
        elif isinstance(part, str):
            word = part
        else:
            raise ArgumentError("option(parts)", f"option parts are strings, got {part!r}")
        words.append(word)
        pieces = word.split(":") if index == len(parts) - 1 else [word]
        if not all(_WORD.fullmatch(piece) for piece in pieces):
            raise ArgumentError(
                "option(parts)",
                f"{word!r} is not a lowercase kebab-case word"
                + (" (a card id may only come last)" if ":" in word else ""),
            )
    return ":".join(words)
