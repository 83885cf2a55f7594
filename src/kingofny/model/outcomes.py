"""Chance outcomes: what a random event produced. Applied with :func:`kingofny.apply`.

Every field is checked when an outcome is made: a value of the wrong type (``"AA"`` for dice, a
string for a building) raises :class:`~kingofny.errors.ArgumentError` naming the field, e.g.
``"DiceRoll.dice"``. Whether the outcome can happen in a position is :func:`kingofny.apply`'s
business.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from kingofny.model import _checks
from kingofny.model.city import Building
from kingofny.model.dice import Dice


@attrs.frozen(slots=True, cache_hash=True)
class Outcome:
    """Base class of every chance outcome."""

    KIND: ClassVar[str] = "outcome"
    """The tag that names this kind of outcome in notation and JSON."""


@attrs.frozen(slots=True, cache_hash=True)
class DiceRoll(Outcome):
    """The faces that came up, as an unordered multiset."""

    KIND: ClassVar[str] = "dice"
    dice: Dice = attrs.field(validator=_checks.of_type(Dice, hint=_checks.dice_hint))
    """The faces rolled."""

    def __str__(self) -> str:
        return f"rolled {self.dice}"


@attrs.frozen(slots=True, cache_hash=True)
class TileDraw(Outcome):
    """The building revealed on top of a stack."""

    KIND: ClassVar[str] = "tile"
    building: Building = attrs.field(
        validator=_checks.of_type(Building, hint="; build one with Building.parse('hospital-2')")
    )
    """The building revealed."""

    def __str__(self) -> str:
        return f"revealed {self.building}"


@attrs.frozen(slots=True, cache_hash=True)
class CardDraw(Outcome):
    """The card revealed from the deck."""

    KIND: ClassVar[str] = "card"
    card: str = attrs.field(validator=_checks.name)
    """The id of the card revealed."""

    def __str__(self) -> str:
        return f"revealed {self.card}"


OUTCOME_TYPES: tuple[type[Outcome], ...] = (DiceRoll, TileDraw, CardDraw)
"""Every concrete outcome type."""
