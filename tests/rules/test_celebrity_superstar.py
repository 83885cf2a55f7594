"""Celebrity and Superstar (seed 000, *Celebrity*, *Superstar*; rulings C4, §10)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.testing import Scenario, play, resolve


def scenario(dice: str) -> Scenario:
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", vp=4)
        .monster("mantis", manhattan="lower", vp=6)
        .monster("rob", borough="bronx")
        .turn("kong", dice=dice)
    )


@pytest.mark.parametrize("celebrity", [1, 2])
def test_fewer_than_three_celebrity_do_nothing(celebrity: int) -> None:
    """seed 000 *Celebrity*: "If you roll fewer than 3 Celebrity nothing happens"."""
    state = play(scenario("C" * celebrity + "E" * (6 - celebrity)).build(), resolve("C"))
    assert state.monsters[0].vp == 4
    assert state.superstar is None


@pytest.mark.parametrize(("celebrity", "gain"), [(3, 1), (4, 2), (5, 3)])
def test_three_or_more_take_superstar_for_1_vp_plus_1_per_extra(celebrity: int, gain: int) -> None:
    """seed 000 *Celebrity*: "you take the Superstar card ... You immediately earn 1 Victory Point,
    +1 Victory Point per Celebrity beyond the first three" (rulings C4)."""
    state = play(scenario("C" * celebrity + "E" * (6 - celebrity)).build(), resolve("C"))
    assert state.superstar == 0
    assert state.monsters[0].vp == 4 + gain


def test_six_celebrity_take_superstar_for_4_vp() -> None:
    """rulings C4: 1 + (6 − 3) = 4 VP (all six dice resolve at once)."""
    state = scenario("CCCCCC").build()
    assert state.superstar == 0
    assert state.monsters[0].vp == 8


@pytest.mark.parametrize(("celebrity", "gain"), [(1, 1), (2, 2), (3, 3), (5, 5)])
def test_the_holder_scores_1_vp_per_celebrity(celebrity: int, gain: int) -> None:
    """seed 000 *Celebrity*: "as long as you have the Superstar card in front of you, each
    Celebrity you roll earns you 1 Victory Point" (rulings §10: 3 → 3 VP, 5 → 5 VP)."""
    state = scenario("C" * celebrity + "E" * (6 - celebrity)).goals(superstar="kong").build()
    state = play(state, resolve("C"))
    assert state.superstar == 0
    assert state.monsters[0].vp == 4 + gain


def test_another_monster_steals_superstar_with_three_celebrity() -> None:
    """seed 000 *Celebrity*: "As soon as another Monster rolls a triple-Celebrity, he steals the
    Superstar card from you"; rulings §10: "Losing it costs no VP"."""
    state = scenario("CCCEEE").goals(superstar="mantis").build()
    state = play(state, resolve("C"))
    assert state.superstar == 0
    assert state.monsters[0].vp == 5
    assert state.monsters[1].vp == 6


def test_two_celebrity_do_not_steal_superstar() -> None:
    """seed 000 *Superstar*: "You must roll three Celebrity in order to take Superstar"."""
    state = scenario("CCEEEE").goals(superstar="mantis").build()
    state = play(state, resolve("C"))
    assert state.superstar == 1
    assert state.monsters[0].vp == 4


def test_the_holders_superstar_returns_to_the_supply_when_eliminated() -> None:
    """rulings §10/§11: "An eliminated monster's Superstar or Statue returns to the supply"."""
    state = scenario("AAACCE").monster("mantis", life=3).goals(superstar="mantis").build()
    state = play(state, resolve("A"))
    assert state.monsters[1].eliminated
    assert state.superstar is None
    state = play(state, resolve("C"))
    assert state.superstar is None  # two Celebrity cannot take it from the supply either
    assert state.monsters[0].vp == 4 + 1  # only the 1 VP for entering the empty Manhattan later


def test_superstar_vp_count_toward_20() -> None:
    """seed 000 *End of the Game*: Superstar VP are ordinary VP; 20 at the end of the turn wins."""
    state = scenario("CCCCCE").monster("kong", vp=16).monster("rob", borough="brooklyn").build()
    state = play(state, resolve("C"), k.StayPut())
    assert state.monsters[0].vp == 19
    assert not state.is_terminal
    state = scenario("CCCCCE").monster("kong", vp=16).goals(superstar="kong").build()
    state = play(state, resolve("C"), k.StayPut())
    assert state.is_terminal
    assert state.winners == (0,)
