"""``kingofny.grant_card``: a free purchase at the Buy step, for experiments (issue 22 §4's card
study). It buys the card as the market would, minus the price and the buy condition."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.players import HeuristicPlayer


def _at_buy_step(seed: int = 4) -> k.GameState:
    """A 2-monster game at the first monster's first Buy step."""
    state = k.new_game(2, seed=seed)
    players = [HeuristicPlayer(seed=0), HeuristicPlayer(seed=1)]
    while state.next_step is None or state.next_step.KIND != "shop":
        seat = state.current_player
        assert seat is not None
        state = k.apply(state, players[seat].choose(k.observe(state, seat), k.legal_actions(state)))
    return state


def _free_card(state: k.GameState, wanted: str) -> str:
    """``wanted`` if it is in the deck (not face up), else skip the test."""
    if wanted not in state.deck:
        pytest.skip(f"{wanted} is face up in this deal")
    return wanted


def test_a_granted_keep_card_is_held_and_nothing_is_paid() -> None:
    """A KEEP card joins the monster's cards; its Energy, the market and the step do not change;
    the deck loses the card."""
    state = _at_buy_step()
    card = _free_card(state, "base:extra-head")
    seat = state.current_player
    assert seat is not None
    after = k.grant_card(state, card)
    assert card in after.monsters[seat].cards
    assert after.monsters[seat].energy == state.monsters[seat].energy
    assert after.market == state.market
    assert card not in after.deck
    assert len(after.deck) == len(state.deck) - 1
    assert after.next_step == state.next_step  # still at the Buy step


def test_a_granted_discard_card_acts_and_is_discarded() -> None:
    """Coney Island (DISCARD, "+3 VP", seed 001 card list) gives its VP at once and goes to the
    discard pile; its price is not paid."""
    state = _at_buy_step()
    card = _free_card(state, "base:coney-island")
    seat = state.current_player
    assert seat is not None
    after = k.grant_card(state, card)
    assert after.monsters[seat].vp == state.monsters[seat].vp + 3
    assert card in after.discard
    assert card not in after.monsters[seat].cards
    assert after.monsters[seat].energy == state.monsters[seat].energy


def test_a_buy_condition_is_waived() -> None:
    """Air Force One may be bought only on a turn its buyer destroyed a Jet; granted, it acts
    anyway (+4 VP)."""
    state = _at_buy_step()
    card = _free_card(state, "base:air-force-one")
    seat = state.current_player
    assert seat is not None
    after = k.grant_card(state, card)
    assert after.monsters[seat].vp >= state.monsters[seat].vp + 4


def test_grant_card_refuses_what_it_cannot_do() -> None:
    """Only at a Buy step; only a card of the game's packs; not a card face up or held."""
    start = k.new_game(2, seed=1)
    with pytest.raises(k.IllegalActionError, match="Buy step"):
        k.grant_card(start, "base:extra-head")
    state = _at_buy_step()
    with pytest.raises(k.ArgumentError, match="card"):
        k.grant_card(state, "base:no-such-card")
    face_up = next(card for card in state.market if card is not None)
    with pytest.raises(k.IllegalActionError, match="in play"):
        k.grant_card(state, face_up)
