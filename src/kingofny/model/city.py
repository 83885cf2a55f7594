"""The city: boroughs, Manhattan's zones and tracks, and the Building/Unit tiles."""

from __future__ import annotations

import enum
import functools

import attrs

from kingofny.model._repr import fields_repr


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


_BOROUGH_LABELS = {
    Borough.MANHATTAN: "Manhattan",
    Borough.BRONX: "The Bronx",
    Borough.QUEENS: "Queens",
    Borough.BROOKLYN: "Brooklyn",
    Borough.STATEN_ISLAND: "Staten Island",
}
OUTER_BOROUGHS: tuple[Borough, ...] = (
    Borough.BRONX,
    Borough.QUEENS,
    Borough.BROOKLYN,
    Borough.STATEN_ISLAND,
)
OUTER_CAPACITY = 2
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


ZONE_EARNINGS: dict[Zone, tuple[int, int]] = {
    Zone.LOWER: (1, 1),
    Zone.MIDTOWN: (2, 1),
    Zone.UPPER: (2, 2),
}
"""(VP, Energy) earned at the start of a turn in each zone (seed 000, *Effects of Manhattan*)."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Location:
    """Where a monster stands: an outer borough, or a zone and track of Manhattan."""

    __repr__ = fields_repr

    borough: Borough
    """The borough."""
    zone: Zone | None = None
    """The Manhattan zone, or None outside Manhattan."""
    track: Track | None = None
    """The Manhattan space (2–4 or 5–6), or None outside Manhattan."""

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


_UNIT_REWARDS = {
    UnitKind.INFANTRY: (Reward.LIFE, 1),
    UnitKind.JET: (Reward.ENERGY, 2),
    UnitKind.TANK: (Reward.VP, 3),
}


@attrs.frozen(slots=True, cache_hash=True, order=True, repr=False)
class Building:
    """A Building tile, Building side up: its kind and durability (1 to 3).

    The reward equals the durability, of the kind's resource; the Unit side is Infantry, Jet or
    Tank for durability 1, 2 or 3 (seed 000, *Tile Description*; components §3.1).
    """

    __repr__ = fields_repr

    kind: BuildingKind
    """High-Rise, Power Plant or Hospital."""
    durability: int
    """Destruction needed to destroy it, 1 to 3."""

    @property
    def reward(self) -> tuple[Reward, int]:
        """The resource and amount earned for destroying it."""
        return (Reward(self.kind.value), self.durability)

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


BASE_TILES: tuple[tuple[Building, int], ...] = (
    (building(BuildingKind.HIGH_RISE, 1), 22),
    (building(BuildingKind.HIGH_RISE, 2), 8),
    (building(BuildingKind.HIGH_RISE, 3), 3),
    (building(BuildingKind.POWER_PLANT, 2), 3),
    (building(BuildingKind.POWER_PLANT, 3), 3),
    (building(BuildingKind.HOSPITAL, 2), 3),
    (building(BuildingKind.HOSPITAL, 3), 3),
)
"""The 45 tiles of the base game (components §3.2)."""
STACKS_PER_BOROUGH = 3
TILES_PER_STACK = 3


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
