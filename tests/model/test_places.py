"""Locations and buildings: frozen, equal, hashable and ordered by value (DESIGN Contract 5), now
that they are written out to compile natively (issue 8); components §3.1 for the tiles."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest

import kingofny as k
from kingofny.model.city import (
    Borough,
    Building,
    BuildingKind,
    Location,
    Track,
    UnitKind,
    Zone,
    building,
    location,
)


def test_a_location_is_frozen_and_equal_by_value() -> None:
    midtown = Location(Borough.MANHATTAN, Zone.MIDTOWN, Track.MAIN)
    same = location(Borough.MANHATTAN, Zone.MIDTOWN, Track.MAIN)
    assert midtown == same
    assert not midtown != same  # noqa: SIM202 - __ne__ is defined by the class, test it
    assert hash(midtown) == hash(same)
    assert midtown != Location(Borough.MANHATTAN, Zone.MIDTOWN, Track.SECOND)
    assert midtown != Location(Borough.BRONX)
    assert midtown.__eq__("manhattan/midtown/2-4") is NotImplemented
    assert str(midtown) == "manhattan/midtown/2-4"
    assert str(Location(Borough.STATEN_ISLAND)) == "staten-island"
    assert repr(Location(Borough.BRONX)) == (
        "Location(borough=<Borough.BRONX: 1>, zone=None, track=None)"
    )
    assert midtown.in_manhattan
    assert not Location(Borough.QUEENS).in_manhattan
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        midtown.zone = Zone.UPPER
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del midtown.borough
    assert copy.deepcopy(midtown) is midtown
    assert pickle.loads(pickle.dumps(midtown)) == midtown  # our own object, made in memory


def test_a_building_is_frozen_equal_and_ordered_by_kind_then_durability() -> None:
    tower = building(BuildingKind.HIGH_RISE, 3)
    assert tower == Building(BuildingKind.HIGH_RISE, 3)
    assert hash(tower) == hash(Building(BuildingKind.HIGH_RISE, 3))
    assert tower != building(BuildingKind.HOSPITAL, 3)
    assert sorted(
        [building(BuildingKind.HOSPITAL, 2), tower, building(BuildingKind.HIGH_RISE, 1)]
    ) == [building(BuildingKind.HIGH_RISE, 1), tower, building(BuildingKind.HOSPITAL, 2)]
    assert building(BuildingKind.HIGH_RISE, 1) < tower <= tower
    assert building(BuildingKind.POWER_PLANT, 2) > tower >= tower
    with pytest.raises(TypeError):
        _ = tower < 3
    assert str(tower) == "high-rise-3"
    assert Building.parse("high-rise-3") is tower
    assert tower.unit is UnitKind.TANK
    assert repr(tower) == "Building(kind=<BuildingKind.HIGH_RISE: 0>, durability=3)"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        tower.durability = 1
    assert pickle.loads(pickle.dumps(tower)) == tower  # our own object, made in memory


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: Location("bronx"), "Location.borough"),
        (lambda: Location(Borough.MANHATTAN, 1), "Location.zone"),
        (lambda: Location(Borough.MANHATTAN, Zone.LOWER, "2-4"), "Location.track"),
        (lambda: Building("hospital", 2), "Building.kind"),
        (lambda: Building(BuildingKind.HOSPITAL, 2.0), "Building.durability"),
    ],
)
def test_bad_fields_are_argument_errors(make: Callable[[], object], field: str) -> None:
    with pytest.raises(k.ArgumentError) as caught:
        make()
    assert caught.value.field == field
