"""The city: boroughs, Manhattan's zones and tracks, the Building/Unit tiles, and the state of
each borough's stacks and units.

The places and tiles themselves are defined in :mod:`kingofny.model.places` (compiled in the
compiled build) and re-exported here, their usual address.
"""

from __future__ import annotations

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.places import (
    BASE_TILES,
    OUTER_BOROUGHS,
    OUTER_CAPACITY,
    STACKS_PER_BOROUGH,
    TILES_PER_STACK,
    ZONE_EARNINGS,
    Borough,
    Building,
    BuildingKind,
    Location,
    Reward,
    Track,
    UnitKind,
    Zone,
    building,
    location,
)

__all__ = [
    "BASE_TILES",
    "OUTER_BOROUGHS",
    "OUTER_CAPACITY",
    "STACKS_PER_BOROUGH",
    "TILES_PER_STACK",
    "ZONE_EARNINGS",
    "Borough",
    "BoroughState",
    "Building",
    "BuildingKind",
    "Location",
    "Reward",
    "Stack",
    "Track",
    "UnitKind",
    "Zone",
    "building",
    "location",
]


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Stack:
    """A stack of Building tiles: the revealed top, and how many face-down tiles lie under it.

    The face-down tiles have no identity until revealed: they are drawn from the city's pool of
    unrevealed tiles (DESIGN Contract 6).
    """

    __repr__ = fields_repr

    top: Building | None
    """The face-up building on top, or None when the stack is empty or not yet revealed."""
    hidden: int
    """How many face-down tiles are left under the top."""

    def __str__(self) -> str:
        top = str(self.top) if self.top is not None else "empty"
        return f"{top}+{self.hidden}" if self.hidden else top


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class BoroughState:
    """The tiles in one borough: its stacks and the units standing there."""

    __repr__ = fields_repr

    stacks: tuple[Stack, ...]
    """The building stacks, in a fixed order (three in the base game)."""
    units: tuple[UnitKind, ...] = ()
    """Units that may be destroyed, sorted."""
    fresh_units: tuple[UnitKind, ...] = ()
    """Units that appeared this turn and cannot be destroyed until the turn ends (seed 000,
    *Destruction*), sorted."""
    markers: tuple[str, ...] = ()
    """Tokens placed on the borough, sorted (``"souvenir"`` for I ♥ NY Tourist)."""

    @property
    def unit_count(self) -> int:
        """How many units stand here (fresh ones included): each fires on Ouch!."""
        return len(self.units) + len(self.fresh_units)
