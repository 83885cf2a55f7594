"""Actions: the decisions a monster's player makes. Small frozen values with a readable str().

Every field is checked when an action is made: a value of the wrong type (a ``str`` for dice, a
``bool`` or plain ``int`` for an enum, a ``bool`` for a slot), a member outside the field's static
range (a negative slot, Manhattan as a flight destination) raises
:class:`~kingofny.errors.ArgumentError` naming the field, e.g. ``"Reroll.dice"``. Whether the
action is legal in a position is :func:`kingofny.apply`'s business.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from kingofny.model import _checks
from kingofny.model._repr import fields_repr
from kingofny.model.city import OUTER_BOROUGHS, Borough, UnitKind
from kingofny.model.dice import Dice, Face

_DICE = _checks.of_type(Dice, hint=_checks.dice_hint)
_BOROUGH = _checks.member_of(Borough)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Action:
    """Base class of every action."""

    __repr__ = fields_repr

    KIND: ClassVar[str] = "action"
    """The tag that names this kind of action in notation and JSON."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class PlaceMonster(Action):
    """Setup: place your monster in an outer borough (seed 000, *How to Play*)."""

    KIND: ClassVar[str] = "place"
    borough: Borough = attrs.field(validator=_checks.member_of(Borough, OUTER_BOROUGHS))
    """Where to place it."""

    def __str__(self) -> str:
        return f"place {self.borough}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Reroll(Action):
    """Reroll these dice (any of them, including dice kept earlier)."""

    KIND: ClassVar[str] = "reroll"
    dice: Dice = attrs.field(validator=_DICE)
    """The dice to reroll, as a multiset of the faces they show now."""

    def __str__(self) -> str:
        return f"reroll {self.dice}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StopRolling(Action):
    """Keep the dice as they are and go on to resolve them."""

    KIND: ClassVar[str] = "stop"

    def __str__(self) -> str:
        return "stop"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class ResolveFace(Action):
    """Resolve every die of this face now (seed 000, *Resolve the Dice*)."""

    KIND: ClassVar[str] = "resolve"
    face: Face = attrs.field(validator=_checks.member_of(Face))
    """The face type to resolve next."""

    def __str__(self) -> str:
        return f"resolve {self.face}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DestroyBuilding(Action):
    """Spend Destruction on the top building of a stack."""

    KIND: ClassVar[str] = "destroy-building"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """The borough of the stack."""
    stack: int = attrs.field(validator=_checks.non_negative_int)
    """The index of the stack in that borough."""

    def __str__(self) -> str:
        return f"destroy-building {self.borough} {self.stack}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DestroyUnit(Action):
    """Spend Destruction on a unit."""

    KIND: ClassVar[str] = "destroy-unit"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """The borough where the unit stands."""
    unit: UnitKind = attrs.field(validator=_checks.member_of(UnitKind))
    """Which kind of unit."""

    def __str__(self) -> str:
        return f"destroy-unit {self.borough} {self.unit}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Flee(Action):
    """Leave Manhattan after being damaged by an attack, for this outer borough."""

    KIND: ClassVar[str] = "flee"
    borough: Borough = attrs.field(validator=_checks.member_of(Borough, OUTER_BOROUGHS))
    """Where to go."""

    def __str__(self) -> str:
        return f"flee {self.borough}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StayInManhattan(Action):
    """Stay in Manhattan after being damaged by an attack."""

    KIND: ClassVar[str] = "stay-in-manhattan"

    def __str__(self) -> str:
        return "stay-in-manhattan"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class MoveTo(Action):
    """Move to this borough (Move step, or leaving Manhattan when its second space closes)."""

    KIND: ClassVar[str] = "move"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """Where to go."""

    def __str__(self) -> str:
        return f"move {self.borough}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StayPut(Action):
    """Stay in your borough at the Move step."""

    KIND: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "stay"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Buy(Action):
    """Buy the face-up card in this market slot."""

    KIND: ClassVar[str] = "buy"
    slot: int = attrs.field(validator=_checks.non_negative_int)
    """The market slot, from 0."""

    def __str__(self) -> str:
        return f"buy {self.slot}"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Sweep(Action):
    """Pay 2 Energy to discard the face-up cards and reveal new ones (seed 000, *Buy Cards*)."""

    KIND: ClassVar[str] = "sweep"

    def __str__(self) -> str:
        return "sweep"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class EndBuying(Action):
    """Stop buying and end the turn."""

    KIND: ClassVar[str] = "end-buying"

    def __str__(self) -> str:
        return "end-buying"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Pass(Action):
    """Decline what is optional now (e.g. stop spending Destruction outside your borough)."""

    KIND: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class UseCard(Action):
    """Use a card's ability, or answer a card's question, choosing ``option``.

    The options follow one naming style (e.g. ``"use"``, ``"heal:2"``, ``"seat:2"``,
    ``"card:base:stomp"``; see :mod:`kingofny.effects.options`); the legal actions list the ones
    available now.
    """

    KIND: ClassVar[str] = "use-card"
    card: str = attrs.field(validator=_checks.name)
    """The id of the card (or monster) whose effect acts."""
    option: str = attrs.field(default="", validator=_checks.text)
    """Which of the effect's options."""

    def __str__(self) -> str:
        return f"use {self.card} {self.option}".rstrip()


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceMonster,
    Reroll,
    StopRolling,
    ResolveFace,
    DestroyBuilding,
    DestroyUnit,
    Flee,
    StayInManhattan,
    MoveTo,
    StayPut,
    Buy,
    Sweep,
    EndBuying,
    Pass,
    UseCard,
)
"""Every concrete action type."""
