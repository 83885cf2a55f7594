"""Rules whose earlier tests let mutants survive: the Statue of Liberty re-taken from a holder
with fewer than 3 VP, healing an eliminated monster, and the waiting effects of an eliminated
monster (seed 000, *Ouch!*, *Statue of Liberty*, *Attack*, *Heal*, *Glossary*; rulings §9, §10,
§11, §16 Columbia University, D15, D34; components §1 #13)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.effects import damage, heal, wait_for_reveals
from kingofny.model.steps import RevealCard, Shop
from kingofny.testing import Scenario, card, play, resolve, roll

COLUMBIA = "base:columbia-university"
HUNTER = "base:hunter"
STOP = k.StopRolling()


# -- the Statue of Liberty re-taken from a poor holder -----------------------------------------


def statue_roll(holder_vp: int, taker_vp: int) -> k.GameState:
    """Kong (0) in Brooklyn with ``taker_vp`` VP resolves three Ouch! while Mantis (1, in
    Manhattan) holds the Statue of Liberty with ``holder_vp`` VP; Rob (2) is in the Bronx. No
    unit stands anywhere, so the counterattack hurts nobody and only the Statue moves."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="brooklyn", vp=taker_vp)
        .monster("mantis", manhattan="lower", vp=holder_vp)
        .monster("rob", borough="bronx", vp=4)
        .goals(statue="mantis")
        .turn("kong", dice="OOOEEE")
        .build()
    )
    return play(state, resolve("O"))


@pytest.mark.parametrize(("holder_vp", "taker_vp"), [(0, 0), (1, 5), (2, 7), (2, 0)])
def test_statue_taken_from_a_holder_below_3_vp_floors_it_at_0_and_gives_the_taker_3(
    holder_vp: int, taker_vp: int
) -> None:
    """seed 000 *Statue of Liberty*: the taker "immediately gain[s] 3 Victory Points", the
    previous holder "immediately lose[s] 3 Victory Points"; rulings §9 / D34: the loss is
    floored at 0. The taker's 3 VP do not depend on what the holder had left to lose."""
    state = statue_roll(holder_vp, taker_vp)
    assert state.statue == 0
    assert [m.vp for m in state.monsters] == [taker_vp + 3, 0, 4]
    assert [m.life for m in state.monsters] == [10, 10, 10]


@pytest.mark.parametrize(("holder_vp", "left"), [(3, 0), (4, 1), (9, 6)])
def test_statue_taken_from_a_holder_with_3_vp_or_more_costs_it_exactly_3(
    holder_vp: int, left: int
) -> None:
    """seed 000 *Statue of Liberty*: "You immediately lose 3 Victory Points if you lose the
    Statue of Liberty" (the boundary of the rulings D34 floor)."""
    state = statue_roll(holder_vp, 1)
    assert state.statue == 0
    assert [m.vp for m in state.monsters] == [4, left, 4]


def test_statue_taken_from_the_supply_costs_nobody_anything() -> None:
    """seed 000 *Statue of Liberty*: 3 VP for the taker; only a previous holder loses VP."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="brooklyn", vp=2)
        .monster("mantis", manhattan="lower", vp=2)
        .monster("rob", borough="bronx", vp=2)
        .turn("kong", dice="OOOEEE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.statue == 0
    assert [m.vp for m in state.monsters] == [5, 2, 2]


# -- healing an eliminated monster ---------------------------------------------------------------


def with_dead_rob() -> Scenario:
    """Kong (0) in Queens, Mantis (1) in Manhattan, Rob (2) eliminated."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", life=4)
        .monster("mantis", manhattan="lower")
        .monster("rob", eliminated=True)
    )


@pytest.mark.parametrize("amount", [1, 2, 10])
def test_healing_an_eliminated_monster_does_nothing(amount: int) -> None:
    """seed 000 *Attack*: "If a Monster loses its last Life Point, it is eliminated"; *Glossary*:
    "Eliminated: Having 0 Life Points (or fewer)"; rulings §11: it is removed from the game.
    No heal brings it back: it keeps 0 Life and stays eliminated."""
    state = with_dead_rob().build()
    healed = heal(state, 2, amount)
    rob = healed.monsters[2]
    assert (rob.life, rob.eliminated, rob.location) == (0, True, None)
    assert healed == state


def test_healing_a_monster_that_was_just_eliminated_does_not_revive_it() -> None:
    """rulings §2: "a monster is eliminated as soon as its life reaches 0. A later Heal in the
    same turn cannot save it"."""
    state = with_dead_rob().monster("rob", eliminated=False, borough="bronx", life=2).build()
    state = damage(state, {2: 2})
    assert state.monsters[2].eliminated
    state = heal(state, 2, 5)
    rob = state.monsters[2]
    assert (rob.life, rob.eliminated, rob.location) == (0, True, None)
    assert heal(state, 0, 3).monsters[0].life == 7  # the living are healed as usual


# -- waiting effects of an eliminated monster ---------------------------------------------------


def columbia_buyer() -> Scenario:
    """Kong (0, Queens, 2 Life) at its Buy step with Columbia University (cost 6) in slot 0;
    Mantis (1) in Lower Manhattan with 2 Energy; Rob (2) in the Bronx."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=6, life=2)
        .monster("mantis", manhattan="lower", energy=2)
        .monster("rob", borough="bronx")
        .market(["columbia-university", None, None])
        .turn("kong", at="buy")
    )


def test_an_eliminated_monster_no_longer_waits_for_a_keep_card() -> None:
    """rulings §11: an eliminated monster "is removed at once"; its Keep cards go to the discard
    pile and it is skipped in turn order, so the claim Columbia University left waiting
    (components §1 #13, rulings D15: it waits across turns, even off-turn) ends with it. The
    Hunter Mantis reveals afterwards stays in the market."""
    state = play(columbia_buyer().build(), k.Buy(0), card("flatiron-building"))
    assert state.monsters[0].vp == 2
    assert state.waiting == ((0, COLUMBIA),)
    assert state.turn.seat == 1
    # Mantis, in Manhattan, attacks everyone outside: Kong (2 Life) is eliminated.
    state = play(state, roll("AAEEEE"), STOP, resolve("A"))
    assert state.monsters[0].eliminated
    assert state.waiting == ()
    assert state.next_step == Shop(1)
    # Mantis sweeps the market; a KEEP card shows and nobody takes it.
    state = play(state, k.Sweep(), card("coney-island"), card("hunter"), card("yankee-stadium"))
    assert state.market == ("base:coney-island", HUNTER, "base:yankee-stadium")
    assert [m.cards for m in state.monsters] == [(), (), ()]
    assert state.waiting == ()


def test_only_the_eliminated_monsters_waiting_effects_end() -> None:
    """rulings §11 (removed at once, its effects with it) and D15 (the claim waits until a Keep
    card is revealed): Kong's and Rob's claims both wait; Kong dies; Rob's claim survives and
    takes the next Keep card revealed."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", life=2)
        .monster("mantis", manhattan="lower", energy=6)
        .monster("rob", borough="bronx", life=5)
        .market(["stomp", None, None])
        .turn("mantis", dice="AAEEEE")
        .build()
    )
    state = wait_for_reveals(state, 0, COLUMBIA)
    state = wait_for_reveals(state, 2, COLUMBIA)
    state = play(state, resolve("A"), check=False)
    assert state.monsters[0].eliminated
    assert not state.monsters[2].eliminated
    assert state.waiting == ((2, COLUMBIA),)
    state = play(state, k.Buy(0), card("hunter"))
    assert state.monsters[2].cards == (HUNTER,)
    assert state.monsters[0].cards == ()
    assert state.waiting == ()
    assert state.next_step == RevealCard(0)


def test_a_monster_eliminated_by_card_damage_stops_waiting_too() -> None:
    """rulings §11 applies to any elimination, not only by an attack (seed 000 *Glossary*:
    "Eliminated: Having 0 Life Points (or fewer)")."""
    state = with_dead_rob().monster("rob", eliminated=False, borough="bronx", life=1).build()
    state = wait_for_reveals(state, 2, COLUMBIA)
    state = wait_for_reveals(state, 0, COLUMBIA)
    state = damage(state, {2: 1})
    assert state.monsters[2].eliminated
    assert state.waiting == ((0, COLUMBIA),)
