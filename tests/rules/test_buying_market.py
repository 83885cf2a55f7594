"""Buying cards and the market (seed 000, *4. Buy Cards*, *Card Description*, *Card
Clarifications*; rulings §12, D24; costs and conditions: components §1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import kingofny as k
from kingofny.model.steps import RevealCard, Shop
from kingofny.testing import Scenario, card, play

STOMP, DRAIN, CARAPACE = "base:stomp", "base:drain", "base:carapace"  # Keep, 4 / 4 / 3


def shop(energy: int, market: list[str | None], **turn: object) -> Scenario:
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=energy)
        .monster("mantis", manhattan="lower")
        .market(market)
        .turn("kong", at="buy", **turn)  # type: ignore[arg-type]
    )


def test_buy_any_affordable_card_and_pay_its_cost() -> None:
    """seed 000 *Buy Cards*: "you can buy one or more cards from those available"; *Card
    Description*: "The cost of a card ... is paid in Energy cubes"."""
    state = shop(4, [STOMP, "towering-titan", CARAPACE]).build()
    assert state.next_step == Shop(0)
    legal = k.legal_actions(state)
    assert set(legal) == {k.Buy(0), k.Buy(2), k.Sweep(), k.EndBuying()}  # Towering Titan costs 10
    state = play(state, k.Buy(0))
    assert state.monsters[0].energy == 0
    assert state.monsters[0].cards == (STOMP,)


def test_each_bought_card_is_replaced_at_once() -> None:
    """seed 000 *Buy Cards*: "Each time you buy a card, immediately reveal a replacement for it from
    the deck" — a chance node over the deck before anything else happens."""
    state = play(shop(7, [STOMP, DRAIN, CARAPACE]).build(), k.Buy(1))
    assert state.next_step == RevealCard(1)
    assert state.market == (STOMP, None, CARAPACE)
    outcomes = k.chance_outcomes(state)
    assert len(outcomes) == len(state.deck) == 61
    assert all(p == Fraction(1, 61) for _, p in outcomes)
    state = play(state, card("fireball"))
    assert state.market == (STOMP, "base:fireball", CARAPACE)
    assert state.next_step == Shop(0)


def test_buy_several_cards_in_one_turn() -> None:
    """seed 000 *Buy Cards*: "as many times as you want, as long as you have the Energy cubes"."""
    state = shop(11, [STOMP, DRAIN, CARAPACE]).build()
    state = play(state, k.Buy(0), card("fireball"), k.Buy(2), card("hunter"), k.Buy(1))
    assert state.monsters[0].cards == (STOMP, CARAPACE, DRAIN)
    assert state.monsters[0].energy == 0


def test_keep_cards_stay_in_front_and_discard_cards_go_to_the_discard_pile() -> None:
    """seed 000 *Card Description*: "KEEP: Keep these cards face-up ... DISCARD: Resolve these
    cards' effects immediately, then discard the card"."""
    state = shop(10, [STOMP, "tesla-cannon", CARAPACE]).build()
    state = play(state, k.Buy(1))
    assert "base:tesla-cannon" in state.discard
    assert "base:tesla-cannon" not in state.monsters[0].cards


def test_sweep_for_2_energy_discards_the_three_cards_and_reveals_three() -> None:
    """seed 000 *Buy Cards*: "spend 2 Energy cubes in order to discard the three available cards
    and reveal three new ones"."""
    state = play(shop(3, [STOMP, DRAIN, CARAPACE]).build(), k.Sweep())
    assert state.monsters[0].energy == 1
    assert set(state.discard) == {STOMP, DRAIN, CARAPACE}
    assert isinstance(state.next_step, RevealCard)
    state = play(state, card("hunter"), card("fury"), card("leveler"))
    assert state.market == ("base:hunter", "base:fury", "base:leveler")


def test_no_sweep_without_2_energy() -> None:
    """seed 000 *Buy Cards*: the sweep costs 2 Energy cubes."""
    state = shop(1, [STOMP, DRAIN, "overload"]).build()
    assert k.Sweep() not in k.legal_actions(state)
    assert k.Buy(2) in k.legal_actions(state)  # Overload costs 0


def test_nothing_to_do_in_the_shop_ends_the_turn() -> None:
    """seed 000 *Buy Cards* is optional; with nothing affordable the only choice is to stop, which
    the engine takes by itself."""
    state = shop(1, [STOMP, DRAIN, CARAPACE]).build()
    assert state.turn.seat == 1


@pytest.mark.parametrize(
    ("name", "borough", "price"),
    [
        ("the-unisphere", "queens", 4),
        ("the-unisphere", "bronx", 5),
        ("yankee-stadium", "bronx", 8),
        ("drink-the-hudson", "staten-island", 11),
        ("central-park", "manhattan", 4),
    ],
)
def test_borough_cards_cost_1_less_in_their_borough(name: str, borough: str, price: int) -> None:
    """seed 000 *Card Clarifications*: "Certain Discard cards are linked to a borough, and they cost
    1 Energy less if you are in the right borough when you buy them"."""
    base = shop(price, [name, STOMP, DRAIN])
    if borough == "manhattan":
        base = base.monster("mantis", borough="brooklyn").monster("kong", manhattan="lower")
    else:
        base = base.monster("kong", borough=borough)
    state = base.build()
    assert k.Buy(0) in k.legal_actions(state)
    state = play(state, k.Buy(0))
    # All the Energy went on the card; Drink the Hudson then gives 13 (components §1 #18).
    assert state.monsters[0].energy == (13 if name == "drink-the-hudson" else 0)
    poorer = base.monster("kong", energy=price - 1).build()
    assert poorer.next_step != Shop(0) or k.Buy(0) not in k.legal_actions(poorer)


def test_air_force_one_only_after_destroying_a_jet_this_turn() -> None:
    """rulings §12 (components §1): "Air Force One only if you destroyed a Jet this turn"."""
    without = shop(6, ["air-force-one", STOMP, DRAIN]).build()
    assert k.Buy(0) not in k.legal_actions(without)
    after_jet = shop(6, ["air-force-one", STOMP, DRAIN], destroyed=["jet"]).build()
    assert k.Buy(0) in k.legal_actions(after_jet)
    after_tank = shop(6, ["air-force-one", STOMP, DRAIN], destroyed=["tank"]).build()
    assert k.Buy(0) not in k.legal_actions(after_tank)


def test_general_ellis_only_after_destroying_a_tank_this_turn() -> None:
    """rulings §12 (components §1): "General Ellis can only be bought if you destroyed a Tank this
    turn"."""
    without = shop(5, ["general-ellis", STOMP, DRAIN], destroyed=["jet"]).build()
    assert k.Buy(0) not in k.legal_actions(without)
    after_tank = shop(5, ["general-ellis", STOMP, DRAIN], destroyed=["tank"]).build()
    assert k.Buy(0) in k.legal_actions(after_tank)


def test_a_destroyed_jet_counts_only_for_the_turn_it_was_destroyed() -> None:
    """rulings §12: the condition is "checked when buying" and concerns "this turn": a Jet trophy
    from an earlier turn does not count."""
    state = shop(6, ["air-force-one", STOMP, DRAIN]).monster("kong", trophies=["jet"]).build()
    assert k.Buy(0) not in k.legal_actions(state)


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    """rulings D24: "Shuffle the discard pile to form a new deck"."""
    state = shop(5, [STOMP, DRAIN, CARAPACE]).deck([]).build()
    assert state.deck == ()
    assert len(state.discard) == 61
    state = play(state, k.Buy(2))
    assert state.next_step == RevealCard(2)
    assert len(state.deck) == 61
    assert state.discard == ()
    assert {o.card for o, _ in k.chance_outcomes(state) if isinstance(o, k.CardDraw)} == set(
        state.deck
    )
    state = play(state, card("fireball"))
    assert state.market[2] == "base:fireball"


def test_only_the_active_monster_buys() -> None:
    """rulings §12: "Only the active player, only in its Buy step"."""
    state = shop(5, [STOMP, DRAIN, CARAPACE]).build()
    assert state.current_player == state.turn_owner == 0


def test_a_vp_star_on_a_card_is_earned_by_buying_it() -> None:
    """seed 000 *Card Clarifications*: "Whenever a card depicts a number followed by a Victory
    Point star, this indicates the number of Victory Points you earn by buying it" (Brooklyn
    Bridge: +4 VP, components §1)."""
    state = shop(6, ["brooklyn-bridge", STOMP, DRAIN]).build()
    state = play(state, k.Buy(0))
    assert state.monsters[0].vp == 4
