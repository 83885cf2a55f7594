"""Energy and Heal (seed 000, *Dice Effects*: *Energy*, *Heal*, *Effects of Manhattan*;
rulings §7)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.testing import Scenario, play, resolve


def scenario(dice: str) -> Scenario:
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="midtown")
        .turn("kong", dice=dice)
    )


@pytest.mark.parametrize(("energy_dice", "before"), [(1, 0), (3, 4), (5, 10)])
def test_one_energy_cube_per_energy_rolled(energy_dice: int, before: int) -> None:
    """seed 000 *Energy*: "You earn 1 Energy cube for each Energy you roll"."""
    dice = "E" * energy_dice + "C" * min(2, 6 - energy_dice) + "H" * (4 - min(4, energy_dice))
    state = play(scenario(dice).monster("kong", energy=before).build(), resolve("E"))
    assert state.monsters[0].energy == before + energy_dice


def test_energy_is_hoarded_across_turns() -> None:
    """seed 000 *Energy*: "You can hoard Energy cubes until you want to use them"."""
    state = scenario("EEEECC").monster("kong", energy=5).build()
    state = play(state, resolve("E"), k.StayPut(), k.EndBuying())
    assert state.turn.seat == 1
    assert state.monsters[0].energy == 9


def test_heal_one_life_per_heal_rolled() -> None:
    """seed 000 *Heal*: "Each Heal you rolled allows you to heal 1 Life Point that you've lost"."""
    state = play(scenario("HHHCCE").monster("kong", life=4).build(), resolve("H"))
    assert state.monsters[0].life == 7


def test_heal_is_capped_at_10_life() -> None:
    """seed 000 *Heal*: "A Monster cannot have more than 10 Life Points"."""
    state = play(scenario("HHHHCE").monster("kong", life=8).build(), resolve("H"))
    assert state.monsters[0].life == 10
    state = play(scenario("HHHHCE").build(), resolve("H"))
    assert state.monsters[0].life == 10


def test_no_healing_with_heal_dice_in_manhattan() -> None:
    """seed 000 *Heal*: "... unless you are in Manhattan"; *Effects of Manhattan*: "you cannot use
    Heal rolls to heal"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="upper", life=4)
        .turn("kong", dice="HHHHCE")
        .build()
    )
    state = play(state, resolve("H"))
    assert state.monsters[0].life == 4


def test_destroying_hospitals_and_infantry_still_heals_in_manhattan() -> None:
    """seed 000 *Effects of Manhattan*: "you can always use cards to heal yourself"; rulings §7:
    non-dice healing (Hospital and Infantry rewards) works in Manhattan."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="lower", life=4)
        .borough("manhattan", stacks=["hospital-2", None, None], hidden=0, units=["infantry"])
        .turn("kong", dice="DDDDCE")
        .build()
    )
    state = play(state, resolve("D"))
    # 4 Destruction: Hospital 2 (2 Life) and Infantry 2 (1 Life), in the order the player picks
    options = k.legal_actions(state)
    assert k.DestroyBuilding(k.Borough.MANHATTAN, 0) in options
    state = play(state, k.DestroyBuilding(k.Borough.MANHATTAN, 0))
    # the Infantry is now the only tile the 2 points left can destroy: destroyed automatically
    assert state.monsters[0].trophies == (k.UnitKind.INFANTRY,)
    assert state.monsters[0].life == 4 + 2 + 1
