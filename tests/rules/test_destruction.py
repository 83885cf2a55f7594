"""Destruction of buildings and units (seed 000, *Tile Description*, *Destruction*; rulings §8,
D1, D2; unit stats: components §3.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import kingofny as k
from kingofny.model.steps import Destroy, RevealTile
from kingofny.testing import Scenario, play, resolve, roll, tile

Q = k.Borough.QUEENS


def fish(
    dice: str,
    stacks: list[str | None],
    *,
    hidden: int | list[int] = 0,
    units: tuple[str, ...] = (),
    life: int = 5,
) -> Scenario:
    """Captain Fish in Queens resolving ``dice``; Kong in Manhattan."""
    return (
        Scenario(["captain-fish", "kong"])
        .monster(0, borough="queens", life=life)
        .monster(1, manhattan="lower")
        .borough("queens", stacks=stacks, hidden=hidden, units=list(units))
        .turn(0, dice=dice)
    )


@pytest.mark.parametrize(
    ("building", "field", "gain"),
    [
        ("high-rise-1", "vp", 1),
        ("high-rise-3", "vp", 3),
        ("power-plant-2", "energy", 2),
        ("power-plant-3", "energy", 3),
        ("hospital-2", "life", 2),
        ("hospital-3", "life", 3),
    ],
)
def test_destroying_a_building_pays_its_reward(building: str, field: str, gain: int) -> None:
    """seed 000 *Destruction*: "you earn as many Victory Points (for High-Rises ...), Energy (for
    Power Plants ...), or Life Points (for Hospitals ...) as indicated on the tile"; the reward
    equals the durability (components §3.1)."""
    durability = int(building[-1])
    dice = "D" * durability + ("H" if field == "energy" else "E") * (6 - durability)
    state = play(fish(dice, [building, None, None]).build(), resolve("D"))
    before = {"vp": 0, "energy": 0, "life": 5}[field]
    assert getattr(state.monsters[0], field) == before + gain


def test_a_destroyed_building_flips_to_its_unit_in_the_same_borough() -> None:
    """seed 000 *Tile Description*: "If the tile you destroy is a building, flip it over to its
    Unit side, and place it in the borough"; durability 1/2/3 → Infantry/Jet/Tank."""
    state = fish("DDDDDD", ["high-rise-1", "high-rise-2", "hospital-3"]).build()
    assert state.next_step == Destroy(0, 6)  # all six dice are Destruction: they resolve at once
    state = play(state, k.DestroyBuilding(Q, 2), k.DestroyBuilding(Q, 0))  # then High-Rise 2
    assert state.borough(Q).fresh_units == (
        k.UnitKind.INFANTRY,
        k.UnitKind.JET,
        k.UnitKind.TANK,
    )
    assert [s.top for s in state.borough(Q).stacks] == [None, None, None]


def test_the_next_building_is_revealed_as_a_chance_node() -> None:
    """seed 000 *Destruction*: "If there are still Buildings in the stack, this will reveal a new
    one"; DESIGN Contract 5: revealing a building tile is a chance node over the face-down
    pool."""
    state = fish("DCCCCC", ["high-rise-1", None, None], hidden=[2, 0, 0]).build()
    state = play(state, resolve("D"))
    assert state.next_step == RevealTile(Q, 0)
    total = sum(n for _, n in state.hidden_tiles)
    assert k.chance_outcomes(state) == tuple(
        (k.TileDraw(b), Fraction(n, total)) for b, n in state.hidden_tiles
    )
    state = play(state, tile("power-plant-3"))
    assert state.borough(Q).stacks[0] == k.Stack(k.Building.parse("power-plant-3"), 1)


def test_the_revealed_building_can_be_destroyed_at_once() -> None:
    """seed 000 *Destruction*: "you can even destroy it immediately if you have enough Destruction
    remaining" (rulings D2)."""
    state = fish("DDDCCC", ["high-rise-1", None, None], hidden=[2, 0, 0]).build()
    state = play(state, resolve("D"), tile("high-rise-2"))
    # the 2 points left must destroy the revealed High-Rise 2 (the only choice, taken at once),
    # which reveals the last tile of the stack
    assert state.monsters[0].vp == 3
    assert state.next_step == RevealTile(Q, 0)
    assert state.turn.destroyed_buildings == (
        k.Building.parse("high-rise-1"),
        k.Building.parse("high-rise-2"),
    )


def test_a_unit_cannot_be_destroyed_on_the_turn_it_appears() -> None:
    """seed 000 *Destruction*: "You cannot destroy a Unit on the same turn that it appears"."""
    state = fish("DDDCCC", ["high-rise-1", None, None]).build()
    state = play(state, resolve("D"))
    # 2 points left, the fresh Infantry needs 2 but is protected: the points are lost
    assert state.borough(Q).fresh_units == (k.UnitKind.INFANTRY,)
    assert state.monsters[0].trophies == ()
    assert not isinstance(state.next_step, Destroy)


def test_a_unit_can_be_destroyed_on_a_later_turn() -> None:
    """seed 000 *Destruction*: the protection lasts only for "the same turn that it appears"."""
    state = fish("DCCCEE", ["high-rise-1", None, None]).build()
    state = play(state, resolve("D"), resolve("C"), k.StayPut(), k.EndBuying())
    assert state.borough(Q).units == (k.UnitKind.INFANTRY,)
    assert state.borough(Q).fresh_units == ()
    # Kong's turn, then Captain Fish again
    state = play(state, roll("CCEEHH"), k.StopRolling(), resolve("C"), resolve("E"), k.EndBuying())
    state = play(state, roll("DDCCEE"), k.StopRolling(), resolve("D"))
    assert state.monsters[0].trophies == (k.UnitKind.INFANTRY,)


@pytest.mark.parametrize(
    ("unit", "durability", "field", "gain"),
    [
        ("infantry", 2, "life", 1),
        ("jet", 3, "energy", 2),
        ("tank", 4, "vp", 3),
    ],
)
def test_unit_durability_and_rewards(unit: str, durability: int, field: str, gain: int) -> None:
    """seed 000 *Destruction* example ("an Infantry with 2 ... 1 Life Point (for the Infantry)");
    components §3.1: Infantry 2 → 1 Life, Jet 3 → 2 Energy, Tank 4 → 3 VP."""
    short = "D" * (durability - 1) + "C" * (7 - durability)
    state = play(fish(short, [None, None, None], units=(unit,)).build(), resolve("D"))
    assert state.borough(Q).units == (k.UnitKind[unit.upper()],)  # not enough Destruction
    exact = "D" * durability + "C" * (6 - durability)
    state = play(fish(exact, [None, None, None], units=(unit,)).build(), resolve("D"))
    before = {"vp": 0, "energy": 0, "life": 5}[field]
    assert getattr(state.monsters[0], field) == before + gain


def test_destroyed_units_leave_the_board_and_are_kept_as_trophies() -> None:
    """seed 000 *Destruction*: "When you destroy a Unit, take it and put it in front of you";
    *Tile Description*: "If the tile you destroy is a Unit, remove it from the board"."""
    state = fish("DDDDDC", [None, None, None], units=("infantry", "jet")).build()
    state = play(state, resolve("D"), k.DestroyUnit(Q, k.UnitKind.JET))  # then the Infantry
    assert state.borough(Q).units == ()
    assert state.monsters[0].trophies == (k.UnitKind.INFANTRY, k.UnitKind.JET)
    assert state.turn.destroyed_units == (k.UnitKind.JET, k.UnitKind.INFANTRY)


def test_must_destroy_when_enough_destruction_but_choose_what() -> None:
    """seed 000 *Destruction*: "If you have enough Destruction to destroy a Building or a Unit, you
    must do so; however you are not required to optimize" (rulings D1: no stopping while a tile is
    affordable; the target is the player's choice)."""
    state = fish(
        "DDEEEE", ["high-rise-2", "high-rise-1", "hospital-3"], units=("infantry",)
    ).build()
    state = play(state, resolve("D"))
    legal = k.legal_actions(state)
    assert set(legal) == {
        k.DestroyBuilding(Q, 0),
        k.DestroyBuilding(Q, 1),
        k.DestroyUnit(Q, k.UnitKind.INFANTRY),
    }  # the Hospital 3 is too strong; there is no "stop"
    # destroying the High-Rise 1 first leaves 1 point, which cannot destroy anything else
    state = play(state, k.DestroyBuilding(Q, 1))
    assert state.monsters[0].vp == 1
    assert state.borough(Q).stacks[0].top == k.Building.parse("high-rise-2")


def test_leftover_destruction_is_lost() -> None:
    """rulings §8: "Whatever is not enough to destroy an eligible tile is lost"."""
    state = fish("DDCCCE", ["hospital-3", "power-plant-3", None]).build()
    state = play(state, resolve("D"))
    assert [s.top for s in state.borough(Q).stacks][:2] == [
        k.Building.parse("hospital-3"),
        k.Building.parse("power-plant-3"),
    ]
    assert set(k.legal_actions(state)) == {resolve("C"), resolve("E")}


def test_destruction_only_reaches_your_own_borough() -> None:
    """seed 001 *Destruction*: "You destroy 1 Durability of a Building or Unit in the borough that
    you are in"."""
    state = (
        fish("DCCCEE", [None, None, None])
        .borough("bronx", stacks=["high-rise-1", "high-rise-1", "high-rise-1"])
        .build()
    )
    state = play(state, resolve("D"))
    assert state.borough(k.Borough.BRONX).stacks[0].top == k.Building.parse("high-rise-1")
    assert state.monsters[0].vp == 0


def test_an_exhausted_stack_reveals_nothing() -> None:
    """seed 000 *Destruction*: a new building is revealed only "If there are still Buildings in the
    stack"."""
    state = fish("DCCCEE", ["high-rise-1", None, None], hidden=0).build()
    state = play(state, resolve("D"))
    assert not state.is_chance
    assert state.borough(Q).stacks[0] == k.Stack(None, 0)


def test_manhattan_tiles_are_reachable_from_any_zone() -> None:
    """seed 000 *Controlling Manhattan*: "Buildings and Units in Manhattan are accessible to the
    Monster in Manhattan, regardless of zone"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="upper")
        .borough("manhattan", stacks=["high-rise-1", None, None], hidden=0)
        .turn("kong", dice="DCCEEE")
        .build()
    )
    state = play(state, resolve("D"))
    assert state.monsters[0].vp == 1
