"""Resolving the dice: the player picks the order, each type all together (seed 000, *2. Resolve
the Dice*, *Summary of a Game Turn*; rulings §2)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseFace, ChooseMove
from kingofny.testing import Scenario, play, resolve


def at_resolve(dice: str, **monster0: object) -> Scenario:
    return (
        Scenario(["captain-fish", "kong"])
        .monster(0, borough="brooklyn", **monster0)  # type: ignore[arg-type]
        .monster(1, manhattan="lower")
        .turn(0, dice=dice)
    )


def test_the_player_chooses_which_type_to_resolve_next() -> None:
    """seed 000 *Resolve the Dice*: "You can resolve the dice in whatever order you like"."""
    state = at_resolve("EHACDO").build()
    assert state.next_step == ChooseFace(0)
    assert set(k.legal_actions(state)) == {resolve(f) for f in k.Face}
    state = play(state, resolve("O"))
    assert resolve("O") not in k.legal_actions(state)
    assert len(k.legal_actions(state)) == 5


@pytest.mark.parametrize("order", ["EHCO", "OCHE", "HEOC"])
def test_any_order_gives_the_same_independent_results(order: str) -> None:
    """seed 000 *Resolve the Dice*: any order is allowed; types that do not interact give the same
    totals whatever the order."""
    state = at_resolve("EEHCCO", life=7).build()
    for face in order[:-1]:
        state = play(state, resolve(face))
    # the last type resolves by itself
    assert not isinstance(state.next_step, ChooseFace)
    fish, kong = state.monsters
    assert fish.energy == 2
    assert fish.life == 7 + 1
    assert fish.vp == 0
    assert kong.life == 10


def test_all_dice_of_a_type_resolve_together() -> None:
    """seed 000 *Resolve the Dice*: "all the dice of the same type must be resolved before
    resolving another type": three Energy give 3 at once, and Energy is never offered again."""
    state = at_resolve("EEEHHC", life=5).build()
    state = play(state, resolve("E"))
    assert state.monsters[0].energy == 3
    assert state.turn.unresolved == k.Dice.parse("HHC")
    assert set(k.legal_actions(state)) == {resolve("H"), resolve("C")}


def test_the_last_type_resolves_without_a_decision() -> None:
    """The engine takes a decision with exactly one legal action by itself (DESIGN *agenda*):
    with one type left, it resolves at once."""
    state = at_resolve("EEEEEE").build()
    assert state.monsters[0].energy == 6
    assert isinstance(state.next_step, ChooseMove)


def test_heal_before_ouch_lets_a_monster_survive() -> None:
    """rulings §2: "Heal first is legal ... and is often correct"."""
    base = at_resolve("HOEEEE", life=1).borough("brooklyn", units=["infantry"])
    healed_first = play(base.build(), resolve("H"), resolve("O"))
    assert healed_first.monsters[0].life == 1
    assert not healed_first.monsters[0].eliminated
    ouch_first = play(base.build(), resolve("O"))
    assert ouch_first.monsters[0].eliminated


def test_destruction_before_ouch_removes_units_before_they_fire() -> None:
    """rulings §2: "Destruction before Ouch removes units before they shoot you"."""
    base = at_resolve("DDOEEE", life=5).borough(
        "brooklyn", stacks=[None, None, None], units=["infantry"]
    )
    state = play(base.build(), resolve("D"))  # the only target is destroyed automatically
    assert state.borough(k.Borough.BROOKLYN).units == ()
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 5 + 1  # Infantry reward, no fire
    ouch_first = play(base.build(), resolve("O"))
    assert ouch_first.monsters[0].life == 4


def test_ouch_before_destruction_keeps_fresh_units_from_firing() -> None:
    """rulings §2: "Ouch before Destruction stops freshly flipped units ... from shooting you this
    turn"; units revealed this turn do fire if Ouch comes after (rulings §8)."""
    base = at_resolve("DOEEEE", life=5).borough(
        "brooklyn", stacks=["high-rise-1", None, None], hidden=0
    )
    ouch_first = play(base.build(), resolve("O"))
    assert ouch_first.monsters[0].life == 5
    destruction_first = play(base.build(), resolve("D"), resolve("O"))
    assert destruction_first.borough(k.Borough.BROOKLYN).fresh_units == (k.UnitKind.INFANTRY,)
    assert destruction_first.monsters[0].life == 4
