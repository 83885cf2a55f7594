"""Ouch! and the Statue of Liberty (seed 000, *Ouch!*, *Statue of Liberty*, *Attack from the
Army*; rulings §9, D3, §10 VP floor)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseFlee
from kingofny.testing import Scenario, play, resolve


def city(dice: str) -> Scenario:
    """Kong (0) and Rob (2) in Queens with 2 units; Mantis (1) in Manhattan with 1 unit; Sheriff
    (3) in the Bronx with 3 units; Brooklyn has none. Kong's turn, resolving ``dice``."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="midtown")
        .monster("rob", borough="queens")
        .monster("sheriff", borough="bronx")
        .borough("queens", units=["infantry", "jet"])
        .borough("manhattan", units=["tank"])
        .borough("bronx", units=["infantry", "infantry", "tank"])
        .turn("kong", dice=dice)
    )


def lives(state: k.GameState) -> list[int]:
    return [m.life for m in state.monsters]


def test_one_ouch_the_units_of_your_borough_hit_you() -> None:
    """seed 000 *Ouch!*: "If you rolled one Ouch!, the Units in your borough attack you; you
    suffer 1 damage per Unit tile in your borough"."""
    state = play(city("OEEEEH").build(), resolve("O"))
    assert lives(state) == [8, 10, 10, 10]


def test_two_ouch_the_units_hit_every_monster_in_your_borough() -> None:
    """seed 000 *Ouch!*: "If you rolled two Ouch!, the Units in your borough attack all the
    Monsters in your borough (including you, of course)"."""
    state = play(city("OOEEEH").build(), resolve("O"))
    assert lives(state) == [8, 10, 8, 10]


@pytest.mark.parametrize("ouch", [3, 4, 6])
def test_three_or_more_ouch_every_unit_in_the_city_fires(ouch: int) -> None:
    """seed 000 *Ouch!*: "If you rolled three Ouch!, all Units in the entire city attack; each
    Monster suffers 1 damage per Unit tile in his borough" (rulings §9: 4 to 6 are the same)."""
    dice = "O" * ouch + "E" * (6 - ouch)
    state = city(dice).build()
    if ouch < 6:
        state = play(state, resolve("O"))
    assert lives(state) == [8, 9, 8, 7]
    assert state.statue == 0
    assert state.monsters[0].vp == 3


def test_each_unit_deals_one_damage_whatever_its_type() -> None:
    """seed 000 *Ouch!*: "1 damage per Unit tile"; rulings §9: unit type does not change this."""
    state = play(city("OEEEEH").borough("queens", units=["tank", "tank"]).build(), resolve("O"))
    assert state.monsters[0].life == 8


def test_no_units_no_damage() -> None:
    """seed 000 *Ouch!*: damage is "per Unit tile in your borough": none in Brooklyn."""
    state = play(city("OOEEEH").monster("kong", borough="brooklyn").build(), resolve("O"))
    assert lives(state) == [10, 10, 10, 10]


def test_units_fresh_this_turn_fire_too() -> None:
    """rulings §8: "Are units revealed this turn live for Ouch? Yes"."""
    state = (
        city("ODEEEE")
        .borough("queens", stacks=["high-rise-1", None, None], hidden=0, units=[])
        .build()
    )
    state = play(state, resolve("D"), resolve("O"))
    assert state.monsters[0].life == 9


def test_manhattan_units_hit_the_monster_in_any_zone() -> None:
    """seed 000 *Controlling Manhattan*: "Ouch! allows Units in Manhattan to attack the monster in
    Manhattan, regardless of zone"."""
    state = (
        city("OEEEEH")
        .monster("mantis", borough="staten-island")
        .monster("kong", manhattan="upper")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 9


def test_the_statue_gives_3_vp_and_the_previous_holder_loses_3() -> None:
    """seed 000 *Statue of Liberty*: "You immediately gain 3 Victory Points. You immediately lose 3
    Victory Points if you lose the Statue of Liberty"."""
    state = (
        city("OOOEEE").monster("mantis", vp=7).monster("kong", vp=2).goals(statue="mantis").build()
    )
    state = play(state, resolve("O"))
    assert state.statue == 0
    assert state.monsters[0].vp == 5
    assert state.monsters[1].vp == 4


def test_losing_the_statue_never_takes_vp_below_0() -> None:
    """rulings §9 / D34: "The previous holder loses 3 VP, floored at 0"."""
    state = city("OOOEEE").monster("mantis", vp=1).goals(statue="mantis").build()
    state = play(state, resolve("O"))
    assert state.monsters[1].vp == 0


def test_rolling_three_ouch_again_while_holding_the_statue_gains_nothing() -> None:
    """rulings §9: "Rolling 3+ Ouch again gains nothing more"."""
    state = city("OOOEEE").monster("kong", vp=3).goals(statue="kong").build()
    state = play(state, resolve("O"))
    assert state.statue == 0
    assert state.monsters[0].vp == 3


def test_the_roller_takes_the_statue_only_if_it_survives_the_counterattack() -> None:
    """rulings D3: "Counterattack first; the roller takes the Statue only if still alive"."""
    state = (
        city("OOOEEE")
        .monster("kong", life=2)
        .goals(statue="sheriff")
        .monster("sheriff", vp=5)
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].eliminated
    assert state.statue == 3
    assert state.monsters[3].vp == 5


def test_a_holder_killed_by_the_counterattack_returns_it_to_the_supply_first() -> None:
    """rulings §9 (D3 detail): "If the previous holder dies, the Statue goes back to the supply as
    part of that elimination, and a surviving roller takes it from there with no −3 VP"."""
    state = city("OOOEEE").monster("sheriff", life=3, vp=6).goals(statue="sheriff").build()
    state = play(state, resolve("O"))
    assert state.monsters[3].eliminated
    assert state.statue == 0
    assert state.monsters[0].vp == 3
    assert state.monsters[3].vp == 6


def test_ouch_damage_in_manhattan_does_not_allow_fleeing() -> None:
    """seed 000 *Glossary: Attack*: unit damage is not an attack; rulings §9: "It does not let a
    monster flee"."""
    state = play(city("OOOEEE").build(), resolve("O"))
    assert state.monsters[1].life == 9
    assert not isinstance(state.next_step, ChooseFlee)
