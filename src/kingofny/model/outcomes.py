"""Chance outcomes: what a random event produced. Applied with :func:`kingofny.apply`.

Every field is checked when an outcome is made: a value of the wrong type (``"AA"`` for dice, a
string for a building) raises :class:`~kingofny.errors.ArgumentError` naming the field, e.g.
``"DiceRoll.dice"``. Whether the outcome can happen in a position is :func:`kingofny.apply`'s
business.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from kingofny.errors import ArgumentError
from kingofny.model import _checks
from kingofny.model._repr import fields_repr
from kingofny.model.city import Building
from kingofny.model.dice import Dice


class ChanceKind(enum.Enum):
    """A kind of chance event, named after the outcome it produces. A seeded game can leave
    some kinds to the caller (``new_game(seed=..., manual={"dice"})``): the table rolls its
    own dice while the program draws the tiles and cards."""

    DICE = "dice"
    """Every roll of dice: the first-player roll, a turn's roll and rerolls, a card's roll
    (Antimatter Pellets); the outcome is a :class:`DiceRoll`."""
    TILE = "tile"
    """A building tile revealed on top of a stack; the outcome is a :class:`TileDraw`."""
    CARD = "card"
    """A card revealed from the deck into the market; the outcome is a :class:`CardDraw`."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Outcome:
    """Base class of every chance outcome."""

    __repr__ = fields_repr

    KIND: ClassVar[str] = "outcome"
    """The tag that names this kind of outcome in notation and JSON."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DiceRoll(Outcome):
    """The faces that came up, as an unordered multiset."""

    KIND: ClassVar[str] = "dice"
    dice: Dice = attrs.field(validator=_checks.of_type(Dice, hint=_checks.dice_hint))
    """The faces rolled."""

    def __str__(self) -> str:
        return f"rolled {self.dice}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class TileDraw(Outcome):
    """The building revealed on top of a stack."""

    KIND: ClassVar[str] = "tile"
    building: Building = attrs.field(
        validator=_checks.of_type(Building, hint="; build one with Building.parse('hospital-2')")
    )
    """The building revealed."""

    def __str__(self) -> str:
        return f"revealed {self.building}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class CardDraw(Outcome):
    """The card revealed from the deck."""

    KIND: ClassVar[str] = "card"
    card: str = attrs.field(validator=_checks.name)
    """The id of the card revealed."""

    def __str__(self) -> str:
        return f"revealed {self.card}"


OUTCOME_TYPES: tuple[type[Outcome], ...] = (DiceRoll, TileDraw, CardDraw)
"""Every concrete outcome type."""

OUTCOME_KINDS: dict[type[Outcome], ChanceKind] = {
    DiceRoll: ChanceKind.DICE,
    TileDraw: ChanceKind.TILE,
    CardDraw: ChanceKind.CARD,
}
"""The :class:`ChanceKind` of each concrete outcome type."""


def chance_kinds(kinds: object) -> tuple[ChanceKind, ...]:
    """Chance kinds given as :class:`ChanceKind` members or their names (``"dice"``, ``"tile"``,
    ``"card"``; plurals are accepted), in a set, list or tuple: sorted, each once.

    Raises :class:`~kingofny.errors.ArgumentError` for a single string (write ``{"dice"}``) or
    an unknown name.
    """
    if isinstance(kinds, (str, ChanceKind)):
        raise ArgumentError(
            "manual", f"expected a collection of chance kinds, got {kinds!r}; write {{{kinds!r}}}"
        )
    if not isinstance(kinds, (set, frozenset, list, tuple)):
        raise ArgumentError("manual", f"expected a set of chance kinds, got {kinds!r}")
    found: set[ChanceKind] = set()
    for kind in kinds:
        if isinstance(kind, ChanceKind):
            found.add(kind)
            continue
        name = kind.strip().lower() if isinstance(kind, str) else None
        if name is not None and name.endswith("s"):
            name = name[:-1]
        try:
            found.add(ChanceKind(name))
        except ValueError:
            names = ", ".join(k.value for k in ChanceKind)
            raise ArgumentError(
                "manual", f"unknown chance kind {kind!r}; expected some of {names}"
            ) from None
    return tuple(sorted(found, key=_KIND_ORDER.index))


_KIND_ORDER = list(ChanceKind)
