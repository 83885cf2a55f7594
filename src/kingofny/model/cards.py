"""Cards as data: what a card is, independent of what its effect does."""

from __future__ import annotations

import enum

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.city import Borough
from kingofny.model.triggers import Trigger


class CardKind(enum.Enum):
    """How a card is played (seed 000, *Card Description*)."""

    KEEP = "keep"
    """Stays face up in front of its owner."""
    DISCARD = "discard"
    """Takes effect at once, then goes to the discard pile."""

    def __str__(self) -> str:
        return self.value


class BuyCondition(enum.Enum):
    """A condition that must hold for a card to be bought (components §1)."""

    NONE = "none"
    DESTROYED_JET = "destroyed-jet"
    """Only on a turn in which the buyer destroyed a Jet (Air Force One)."""
    DESTROYED_TANK = "destroyed-tank"
    """Only on a turn in which the buyer destroyed a Tank (General Ellis)."""


@attrs.frozen(slots=True, repr=False)
class CardSpec:
    """One card of a content pack.

    ``id`` is namespaced by its pack, e.g. ``"base:tesla-cannon"``.
    """

    __repr__ = fields_repr

    id: str
    """The namespaced card id."""
    name: str
    """The printed name."""
    cost: int
    """The printed cost in Energy."""
    kind: CardKind
    """KEEP or DISCARD."""
    text: str
    """What the card does, paraphrased."""
    triggers: frozenset[Trigger] = frozenset()
    """The trigger points the card's effect uses."""
    discount_boroughs: frozenset[Borough] = frozenset()
    """Boroughs where the card costs 1 Energy less (seed 000, *Card Clarifications*)."""
    buy_condition: BuyCondition = BuyCondition.NONE
    """A condition the buyer must meet."""
    aliases: tuple[str, ...] = ()
    """Other spellings of the name seen in print or transcriptions."""

    def __str__(self) -> str:
        return self.name
