"""The rulebook's worked examples, replayed move by move with explicit chance (seed 000)."""

from __future__ import annotations

import kingofny as k
from kingofny.model.steps import (
    ChooseFace,
    ChooseFlee,
    ChooseMove,
    Destroy,
    RevealCard,
    RevealTile,
    Shop,
)
from kingofny.testing import Scenario, card, play, reroll, resolve, roll, tile

B, Q = k.Borough.BROOKLYN, k.Borough.QUEENS
INFANTRY = k.UnitKind.INFANTRY


def test_dice_resolution_example() -> None:
    """seed 000 *Dice Resolution Example*: "Kong is in Manhattan. It is Capt. Fish's turn" ...
    three rolls, then Destruction ×3 destroys a High-Rise 1 (+1 VP) and an Infantry (+1 Life),
    the High-Rise flips to another Infantry, the Ouch! means that Infantry deals 1 damage to him,
    the Attack deals 1 damage to Kong, who remains in Manhattan; one Celebrity gives nothing; no
    move, no purchase, and the dice pass to the left."""
    state = (
        Scenario(["captain-fish", "kong"])
        .monster("captain-fish", borough="brooklyn", life=7)
        .monster("kong", manhattan="lower")
        .borough(
            "brooklyn", stacks=["high-rise-1", "hospital-3", "power-plant-3"], units=["infantry"]
        )
        .turn("captain-fish", at="start")
        .build()
    )
    # "gets the following on his first roll: Ouch!, Celebrity, Celebrity, Destruction, Heal,
    # Energy. He keeps the Celebrity and rerolls the other four dice"
    state = play(state, roll("OCCDHE"), reroll("ODHE"))
    # "now he has: Celebrity, Celebrity, Destruction, Destruction, Destruction, Attack"
    state = play(state, roll("DDDA"))
    assert state.turn.dice == k.Dice.parse("ACCDDD")
    # "This time, he decides to keep the Destruction and reroll the other three; now he has:
    # Destruction, Destruction, Destruction, Celebrity, Ouch!, Attack."
    state = play(state, reroll("ACC"), roll("COA"))
    assert state.turn.dice == k.Dice.parse("ACDDDO")
    assert state.next_step == ChooseFace(0)

    # "Because he rolled three Destruction he destroys a High-Rise with 1 and an Infantry with 2"
    state = play(state, resolve("D"))
    assert state.next_step == Destroy(0, 3)
    state = play(state, k.DestroyBuilding(B, 0))
    assert state.next_step == RevealTile(B, 0)
    state = play(state, tile("hospital-3"))  # too strong for the 2 points left
    # the old Infantry is the only tile the 2 points can destroy: destroyed at once
    fish = state.monsters[0]
    assert fish.vp == 1  # "1 Victory Point (for the High-Rise)"
    assert fish.life == 8  # "and 1 Life Point (for the Infantry)"
    assert fish.trophies == (INFANTRY,)  # "He eliminates the Infantry"
    # "turns over the High-Rise to its Unit side, which is another Infantry; he puts it in his
    # borough"
    assert state.borough(B).units == ()
    assert state.borough(B).fresh_units == (INFANTRY,)

    # "His Ouch! means the Infantry deals 1 damage to him."
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 7

    # "His Attack inflicts 1 damage to Kong, who is currently in Manhattan ... Kong remains in
    # Manhattan."
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 9
    assert state.next_step == ChooseFlee(1, attacker=0)
    state = play(state, k.StayInManhattan())
    assert state.monsters[1].in_manhattan

    # "Capt. Fish does not gain a Victory Point because he only got one Celebrity" (the last type
    # resolves by itself); "neither Heal nor Energy".
    fish = state.monsters[0]
    assert (fish.vp, fish.life, fish.energy) == (1, 7, 0)
    assert state.superstar is None

    # "Capt. Fish does not move, and chooses not to buy any cards, so this is the end of his
    # turn. He passes the dice to the player on his left."
    assert state.next_step == ChooseMove(0)
    state = play(state, k.StayPut())
    assert state.monsters[0].location == k.Location(B)
    assert state.turn.seat == 1  # nothing affordable with 0 Energy: the Buy step passes
    assert state.borough(B).units == (INFANTRY,)  # the new Infantry is no longer fresh


def test_destruction_example_four_destruction_in_queens() -> None:
    """seed 000 *Destruction* example: "Captain Fish rolls four Destruction, he is in Queens, where
    there are 3 Buildings visible: a Hospital 2, a High-Rise 2, and a High-Rise 1. He decides to
    destroy the High-Rise 1 and High-Rise 2 to earn 3 Victory Points. He still has 1 Destruction,
    but the Buildings revealed are a Hospital 3 and a High-Rise 2. He can't destroy any more
    Buildings with the Destruction he has left.\""""
    state = (
        Scenario(["captain-fish", "kong"])
        .monster("captain-fish", borough="queens")
        .monster("kong", manhattan="lower")
        .borough("queens", stacks=["hospital-2", "high-rise-2", "high-rise-1"])
        .turn("captain-fish", dice="DDDDCC")
        .build()
    )
    state = play(state, resolve("D"))
    assert set(k.legal_actions(state)) == {k.DestroyBuilding(Q, i) for i in range(3)}
    state = play(state, k.DestroyBuilding(Q, 2), tile("hospital-3"))
    assert state.next_step == Destroy(0, 3)
    state = play(state, k.DestroyBuilding(Q, 1), tile("high-rise-2"))
    assert state.monsters[0].vp == 3
    # 1 Destruction left: Hospital 2, High-Rise 2 and Hospital 3 all need more, and the fresh
    # Infantry and Jet cannot be destroyed this turn, so the point is lost
    assert not isinstance(state.next_step, Destroy)
    assert [s.top for s in state.borough(Q).stacks] == [
        k.Building.parse("hospital-2"),
        k.Building.parse("high-rise-2"),
        k.Building.parse("hospital-3"),
    ]
    assert state.borough(Q).fresh_units == (INFANTRY, k.UnitKind.JET)
    assert state.next_step == ChooseMove(0)  # the two Celebrity resolved by themselves (nothing)
    assert state.monsters[0].vp == 3


def test_buy_example_kong_sweeps_then_buys() -> None:
    """seed 000 *Buy Cards* example: "Kong has 10 Energy and doesn't like the cards currently
    available. He spends 2 Energy to discard the three cards and reveal the next three. He still
    has 8 Energy and sees an interesting card that costs 3 Energy. He buys it and reveals a new
    card. He still has 5 Energy which he decides to keep for another turn.\""""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="brooklyn", energy=10)
        .monster("mantis", manhattan="lower")
        .market(["towering-titan", "shadow-double", "subway"])
        .turn("kong", at="buy")
        .build()
    )
    assert state.next_step == Shop(0)
    state = play(state, k.Sweep())
    assert state.monsters[0].energy == 8
    assert set(state.discard) >= {"base:towering-titan", "base:shadow-double", "base:subway"}
    state = play(state, card("fireball"), card("ego-trip"), card("hunter"))
    assert state.market == ("base:fireball", "base:ego-trip", "base:hunter")
    state = play(state, k.Buy(1))  # Ego Trip costs 3
    assert state.monsters[0].energy == 5
    assert state.monsters[0].cards == ("base:ego-trip",)
    assert state.next_step == RevealCard(1)
    state = play(state, card("stomp"), k.EndBuying())
    assert state.monsters[0].energy == 5
    assert state.turn.seat == 1
