"""The places and tiles of the city: boroughs, Manhattan's zones and tracks, where a monster
stands, and the Building/Unit tiles (all re-exported by :mod:`kingofny.model.city`).

This module is compiled in the compiled build: its classes are written out rather than made by
attrs, so that they are native classes there (attribute reads and construction in C), frozen,
equal and hashable by value like the rest of the model (issue 8).
"""

from __future__ import annotations

import enum
import functools
from typing import Final, final

from attrs.exceptions import FrozenInstanceError

from kingofny.errors import ArgumentError


class Borough(enum.IntEnum):
    """The five boroughs of the board (seed 000, *Setup*)."""

    MANHATTAN = 0
    BRONX = 1
    QUEENS = 2
    BROOKLYN = 3
    STATEN_ISLAND = 4

    @property
    def label(self) -> str:
        """The borough's printed name."""
        return _BOROUGH_LABELS[self]

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")


_BOROUGH_LABELS: Final = {
    Borough.MANHATTAN: "Manhattan",
    Borough.BRONX: "The Bronx",
    Borough.QUEENS: "Queens",
    Borough.BROOKLYN: "Brooklyn",
    Borough.STATEN_ISLAND: "Staten Island",
}
OUTER_BOROUGHS: Final[tuple[Borough, ...]] = (
    Borough.BRONX,
    Borough.QUEENS,
    Borough.BROOKLYN,
    Borough.STATEN_ISLAND,
)
OUTER_CAPACITY: Final = 2
"""At most two monsters stand in any outer borough (seed 000, *How to Play*)."""


class Zone(enum.IntEnum):
    """Manhattan's three zones, in the order a monster advances through them."""

    LOWER = 0
    MIDTOWN = 1
    UPPER = 2

    def __str__(self) -> str:
        return self.name.lower()


class Track(enum.IntEnum):
    """The two spaces of each Manhattan zone (seed 000, *Advanced Rule*).

    ``MAIN`` is the 2–4 space used in every game; ``SECOND`` is the 5–6 space used only while
    five or more monsters are in a 5–6 monster game.
    """

    MAIN = 0
    SECOND = 1

    def __str__(self) -> str:
        return "2-4" if self is Track.MAIN else "5-6"


ZONE_EARNINGS: Final[dict[Zone, tuple[int, int]]] = {
    Zone.LOWER: (1, 1),
    Zone.MIDTOWN: (2, 1),
    Zone.UPPER: (2, 2),
}
"""(VP, Energy) earned at the start of a turn in each zone (seed 000, *Effects of Manhattan*)."""


@final
class Location:
    """Where a monster stands: an outer borough, or a zone and track of Manhattan.

    Written out rather than made by attrs, like :class:`~kingofny.model.dice.Dice`, so that it
    is a native class in the compiled build; frozen, equal and hashable by value.
    """

    __slots__ = ("_hash", "borough", "track", "zone")

    borough: Borough
    """The borough."""
    zone: Zone | None
    """The Manhattan zone, or None outside Manhattan."""
    track: Track | None
    """The Manhattan space (2–4 or 5–6), or None outside Manhattan."""
    _hash: int

    def __init__(self, borough: object, zone: object = None, track: object = None) -> None:
        # ``object`` parameters: a compiled build would otherwise refuse a wrong type with its
        # own TypeError before these checks could name the field.
        if not isinstance(borough, Borough):
            raise ArgumentError("Location.borough", f"expected a Borough, got {borough!r}")
        if zone is not None and not isinstance(zone, Zone):
            raise ArgumentError("Location.zone", f"expected a Zone or None, got {zone!r}")
        if track is not None and not isinstance(track, Track):
            raise ArgumentError("Location.track", f"expected a Track or None, got {track!r}")
        # Stored past the frozen __setattr__ (object.__setattr__ is a plain store when compiled).
        object.__setattr__(self, "borough", borough)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "track", track)
        object.__setattr__(self, "_hash", hash((borough, zone, track)))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not Location:
            return NotImplemented
        return (
            self.borough is other.borough and self.zone is other.zone and self.track is other.track
        )

    def __ne__(self, other: object) -> bool:
        if type(other) is not Location:
            return NotImplemented
        return not (
            self.borough is other.borough and self.zone is other.zone and self.track is other.track
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Location(borough={self.borough!r}, zone={self.zone!r}, track={self.track!r})"

    def __reduce__(self) -> tuple[type[Location], tuple[Borough, Zone | None, Track | None]]:
        return Location, (self.borough, self.zone, self.track)

    def __copy__(self) -> Location:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Location:
        return self

    @property
    def in_manhattan(self) -> bool:
        """Whether this location is in Manhattan."""
        return self.borough is Borough.MANHATTAN

    def __str__(self) -> str:
        if self.zone is None:
            return str(self.borough)
        return f"manhattan/{self.zone}/{self.track}"


@functools.cache
def location(borough: Borough, zone: Zone | None = None, track: Track | None = None) -> Location:
    """The shared :class:`Location` object for these coordinates."""
    return Location(borough, zone, track)


class BuildingKind(enum.IntEnum):
    """The three kinds of Building, each rewarding a different resource."""

    HIGH_RISE = 0
    """Rewards Victory Points."""
    POWER_PLANT = 1
    """Rewards Energy."""
    HOSPITAL = 2
    """Rewards Life Points."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")


class Reward(enum.IntEnum):
    """What destroying a tile earns."""

    VP = 0
    ENERGY = 1
    LIFE = 2


class UnitKind(enum.IntEnum):
    """The army units on the back of the tiles; the value is the building durability behind it."""

    INFANTRY = 1
    JET = 2
    TANK = 3

    @property
    def durability(self) -> int:
        """Destruction needed to destroy the unit: Infantry 2, Jet 3, Tank 4 (components §3.2)."""
        return self.value + 1

    @property
    def reward(self) -> tuple[Reward, int]:
        """Infantry 1 Life, Jet 2 Energy, Tank 3 VP (components §3.2)."""
        return _UNIT_REWARDS[self]

    def __str__(self) -> str:
        return self.name.lower()


_BUILDING_REWARDS: Final = {kind: Reward(kind.value) for kind in BuildingKind}
"""What each kind of Building rewards (an enum looked up once, not at every call)."""
_UNIT_REWARDS: Final = {
    UnitKind.INFANTRY: (Reward.LIFE, 1),
    UnitKind.JET: (Reward.ENERGY, 2),
    UnitKind.TANK: (Reward.VP, 3),
}


@final
class Building:
    """A Building tile, Building side up: its kind and durability (1 to 3).

    The reward equals the durability, of the kind's resource; the Unit side is Infantry, Jet or
    Tank for durability 1, 2 or 3 (seed 000, *Tile Description*; components §3.1). Buildings
    order by kind, then durability.
    """

    __slots__ = ("_hash", "durability", "kind")

    kind: BuildingKind
    """High-Rise, Power Plant or Hospital."""
    durability: int
    """Destruction needed to destroy it, 1 to 3."""
    _hash: int

    def __init__(self, kind: object, durability: object) -> None:
        # ``object`` parameters, as in Location.
        if not isinstance(kind, BuildingKind):
            raise ArgumentError("Building.kind", f"expected a BuildingKind, got {kind!r}")
        if type(durability) is not int:
            raise ArgumentError("Building.durability", f"expected an int, got {durability!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "durability", durability)
        object.__setattr__(self, "_hash", hash((kind, durability)))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return self.kind is other.kind and self.durability == other.durability

    def __ne__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return not (self.kind is other.kind and self.durability == other.durability)

    def __lt__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return (self.kind, self.durability) < (other.kind, other.durability)

    def __le__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return (self.kind, self.durability) <= (other.kind, other.durability)

    def __gt__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return (self.kind, self.durability) > (other.kind, other.durability)

    def __ge__(self, other: object) -> bool:
        if type(other) is not Building:
            return NotImplemented
        return (self.kind, self.durability) >= (other.kind, other.durability)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Building(kind={self.kind!r}, durability={self.durability!r})"

    def __reduce__(self) -> tuple[type[Building], tuple[BuildingKind, int]]:
        return Building, (self.kind, self.durability)

    def __copy__(self) -> Building:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Building:
        return self

    @property
    def reward(self) -> tuple[Reward, int]:
        """The resource and amount earned for destroying it."""
        return (_BUILDING_REWARDS[self.kind], self.durability)

    @property
    def unit(self) -> UnitKind:
        """The unit on the back of the tile."""
        return UnitKind(self.durability)

    def __str__(self) -> str:
        return f"{self.kind}-{self.durability}"

    @classmethod
    def parse(cls, text: str) -> Building:
        """Read the notation written by ``str()``, e.g. ``"hospital-2"``."""
        kind, _, durability = text.rpartition("-")
        try:
            return building(BuildingKind[kind.upper().replace("-", "_")], int(durability))
        except (KeyError, ValueError):
            raise ValueError(f"unknown building {text!r}") from None


@functools.cache
def building(kind: BuildingKind, durability: int) -> Building:
    """The shared :class:`Building` object of this kind and durability."""
    if durability not in (1, 2, 3):
        raise ValueError(f"building durability must be 1, 2 or 3, got {durability}")
    return Building(kind, durability)


BASE_TILES: Final[tuple[tuple[Building, int], ...]] = (
    (building(BuildingKind.HIGH_RISE, 1), 22),
    (building(BuildingKind.HIGH_RISE, 2), 8),
    (building(BuildingKind.HIGH_RISE, 3), 3),
    (building(BuildingKind.POWER_PLANT, 2), 3),
    (building(BuildingKind.POWER_PLANT, 3), 3),
    (building(BuildingKind.HOSPITAL, 2), 3),
    (building(BuildingKind.HOSPITAL, 3), 3),
)
"""The 45 tiles of the base game (components §3.2)."""
STACKS_PER_BOROUGH: Final = 3
TILES_PER_STACK: Final = 3
