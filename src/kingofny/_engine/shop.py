"""The Buy step and the market (seed 000, *Buy Cards*; rulings §12, D24)."""

from __future__ import annotations

from typing import Final

from kingofny._engine.dispatch import card_uses, checked
from kingofny._engine.ops import evolve, maker, push, set_monster
from kingofny._engine.stock import SHOP
from kingofny.model.actions import Action, Buy, EndBuying, Sweep
from kingofny.model.cards import BuyCondition, CardKind
from kingofny.model.city import UnitKind
from kingofny.model.content import content_of
from kingofny.model.effect import Context
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import CardDraw, Outcome
from kingofny.model.state import MARKET_SIZE, GameState
from kingofny.model.steps import RevealCard, Shop

SWEEP_COST: Final = 2
"""Energy to discard the face-up cards and reveal new ones."""
_WITH_ENERGY: Final = maker(MonsterState, "energy")
_WITH_ENERGY_CARDS: Final = maker(MonsterState, "energy", "cards")
_WITH_MARKET: Final = maker(GameState, "market")
_WITH_MARKET_DISCARD: Final = maker(GameState, "market", "discard")
_WITH_DECK_MARKET: Final = maker(GameState, "deck", "market")
_END: Final = EndBuying()
_SWEEP: Final = Sweep()
_BUY: Final = tuple(Buy(slot) for slot in range(MARKET_SIZE))
_NEEDED_UNIT: Final = {
    BuyCondition.DESTROYED_JET: UnitKind.JET,
    BuyCondition.DESTROYED_TANK: UnitKind.TANK,
}


def price(state: GameState, seat: int, card_id: str) -> int:
    """What the card costs this monster now: 1 Energy less in a discount borough, never below 0
    (seed 000, *Card Clarifications*)."""
    spec = content_of(state.config).cards[card_id]
    where = state.monsters[seat].location
    if spec.discount_boroughs and where is not None and where.borough in spec.discount_boroughs:
        return max(0, spec.cost - 1)
    return spec.cost


def may_buy(state: GameState, seat: int, card_id: str) -> bool:
    """Whether the monster can afford the card and meets its buying condition."""
    needed = _NEEDED_UNIT.get(content_of(state.config).cards[card_id].buy_condition)
    if needed is not None and needed not in state.turn.destroyed_units:
        return False
    return price(state, seat, card_id) <= state.monsters[seat].energy


def shop_legal(state: GameState, step: Shop) -> tuple[Action, ...]:
    """Buy any face-up card you may buy, sweep for 2 Energy, use a shop ability (Scavenger),
    or end buying. A card use keeps the Buy step pending (see ``engine.cards.use``)."""
    m = state.monsters[step.seat]
    if m.eliminated:
        return ()
    options: list[Action] = [
        _BUY[slot]
        for slot, card_id in enumerate(state.market)
        if card_id is not None and may_buy(state, step.seat, card_id)
    ]
    if m.energy >= SWEEP_COST:
        options.append(_SWEEP)
    options.extend(card_uses(state, step.seat, Context.SHOP))
    options.append(_END)
    return tuple(options)


def _refill(state: GameState, slots: tuple[int, ...]) -> GameState:
    """Queue reveals for the emptied slots, first slot first."""
    return push(state, *(RevealCard(slot) for slot in slots))


def shop_act(state: GameState, step: Shop, action: Action) -> GameState:
    """Buy (and replace the card at once), sweep, or stop."""
    seat = step.seat
    if isinstance(action, EndBuying):
        return state
    m = state.monsters[seat]
    market = list(state.market)
    if isinstance(action, Sweep):
        swept = tuple(c for c in market if c is not None)
        state = set_monster(state, seat, _WITH_ENERGY(m, m.energy - SWEEP_COST))
        state = _WITH_MARKET_DISCARD(
            state, (None,) * len(market), tuple(sorted(state.discard + swept))
        )
        state = push(state, SHOP[seat])
        return _refill(state, tuple(range(len(market))))
    assert isinstance(action, Buy)
    card_id = market[action.slot]
    assert card_id is not None
    cost = price(state, seat, card_id)
    market[action.slot] = None
    spec = content_of(state.config).cards[card_id]
    if spec.kind is CardKind.KEEP:
        m = _WITH_ENERGY_CARDS(m, m.energy - cost, m.cards + (card_id,))
        state = _WITH_MARKET(set_monster(state, seat, m), tuple(market))
    else:
        state = set_monster(state, seat, _WITH_ENERGY(m, m.energy - cost))
        state = _WITH_MARKET_DISCARD(
            state, tuple(market), tuple(sorted(state.discard + (card_id,)))
        )
    state = push(state, SHOP[seat])
    state = _refill(state, (action.slot,))
    return bought(state, seat, card_id)


def bought(state: GameState, seat: int, card_id: str) -> GameState:
    """ON_BUY: the card's effect acts for its new owner (after the replacement was queued)."""
    effect = content_of(state.config).effects.get(card_id)
    if effect is None:
        return state
    return checked(state, card_id, GameState, effect.on_buy, state, seat)


def reveal_card_resolve(state: GameState, step: RevealCard, outcome: Outcome) -> GameState:
    """The drawn card fills the slot."""
    assert isinstance(outcome, CardDraw)
    deck = list(state.deck)
    deck.remove(outcome.card)
    market = list(state.market)
    market[step.slot] = outcome.card
    state = _WITH_DECK_MARKET(state, tuple(deck), tuple(market))
    for seat, key in state.waiting:
        effect = content_of(state.config).effects.get(key)
        if effect is not None:
            state = checked(state, key, GameState, effect.on_card_revealed, state, seat, step.slot)
    return state


def prepare_reveal_card(state: GameState, step: RevealCard) -> GameState:
    """Before a reveal from an empty deck, the discard pile is shuffled into a new deck; if both
    are empty the slot stays empty (rulings D24)."""
    if not state.deck and state.discard:
        return evolve(state, deck=state.discard, discard=())
    return state
