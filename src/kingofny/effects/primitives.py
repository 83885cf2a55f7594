"""Effect primitives: the operations card and monster effects are written with.

Every primitive takes a state and returns a new one; they apply the rules and the other effects
that watch them (gaining Energy tells Power Tap, damage goes through DAMAGE_TAKEN effects and
eliminations, a lost card lowers the maximum life...). ``evolve``, ``set_monster``, ``set_turn``
and ``set_borough`` are the raw updates, for what no rule watches (see :mod:`kingofny.effects`
for what a pack gets and what it does not). The base game's cards use
nothing else, so a plugin can do whatever they do.
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny._engine.damage import check_eliminations, deal_damage
from kingofny._engine.destruction import JETS, SEISMIC
from kingofny._engine.dispatch import checked
from kingofny._engine.economy import clamp_life, gain_energy, gain_vp, heal, max_life, spend_energy
from kingofny._engine.manhattan import advance as advance_zone
from kingofny._engine.manhattan import enter as enter_manhattan
from kingofny._engine.manhattan import entered, must_enter, settle_manhattan
from kingofny._engine.movement import move_cost, open_boroughs, voluntary_move
from kingofny._engine.ops import (
    evolve,
    manhattan_occupants,
    push,
    set_borough,
    set_monster,
    set_turn,
)
from kingofny._engine.shop import bought
from kingofny.errors import ArgumentError
from kingofny.model.cards import CardKind
from kingofny.model.city import Borough
from kingofny.model.content import content_of
from kingofny.model.effect import Source
from kingofny.model.limits import MAX_DICE
from kingofny.model.limits import manhattan_capacity as capacity
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, CardRoll, RevealCard

__all__ = [
    "JETS",
    "SEISMIC",
    "Source",
    "add_marker",
    "advance_zone",
    "ask",
    "bought",
    "capacity",
    "check_eliminations",
    "clamp_life",
    "damage",
    "discard_card",
    "enter_manhattan",
    "entered",
    "evolve",
    "extra_turn",
    "gain_energy",
    "gain_vp",
    "give_tokens",
    "has_mark",
    "heal",
    "lose_all_life",
    "manhattan_occupants",
    "mark",
    "max_life",
    "move_cost",
    "must_enter",
    "open_boroughs",
    "remove_tokens",
    "roll",
    "set_borough",
    "set_monster",
    "set_turn",
    "settle_manhattan",
    "spend_energy",
    "stop_waiting",
    "take_from_market",
    "unmark",
    "voluntary_move",
    "wait_for_reveals",
    "win",
    "withdraw_win",
]


def damage(
    state: GameState,
    amounts: Mapping[int, int],
    source: Source = Source.CARD,
    dealer: int | None = None,
) -> GameState:
    """Deal damage to several monsters at once (not an attack unless ``source`` says so)."""
    state, _ = deal_damage(state, amounts, source, dealer)
    return state


def lose_all_life(state: GameState, seat: int) -> GameState:
    """``seat`` loses all its life and is eliminated (Natural Selection)."""
    state = set_monster(state, seat, evolve(state.monsters[seat], life=0))
    return check_eliminations(state)


def _with_tokens(
    tokens: tuple[tuple[str, int], ...], kind: str, delta: int
) -> tuple[tuple[str, int], ...]:
    counts = dict(tokens)
    counts[kind] = max(0, counts.get(kind, 0) + delta)
    return tuple(sorted((k, n) for k, n in counts.items() if n > 0))


def give_tokens(state: GameState, seat: int, kind: str, count: int = 1) -> GameState:
    """``seat`` receives ``count`` tokens of ``kind`` (supply unlimited, rulings D10)."""
    m = state.monsters[seat]
    if count <= 0 or m.eliminated:
        return state
    return set_monster(state, seat, evolve(m, tokens=_with_tokens(m.tokens, kind, count)))


def remove_tokens(state: GameState, seat: int, kind: str, count: int | None = None) -> GameState:
    """``seat`` discards ``count`` tokens of ``kind`` (all of them if None);
    :class:`~kingofny.errors.ArgumentError` for a count that is not an int of 0 or more."""
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ArgumentError("remove_tokens(count)", f"expected 0 or more tokens, got {count!r}")
    m = state.monsters[seat]
    delta = -m.token_count(kind) if count is None else -count
    return set_monster(state, seat, evolve(m, tokens=_with_tokens(m.tokens, kind, delta)))


def add_marker(state: GameState, borough: Borough, marker: str) -> GameState:
    """Place a marker token on a borough (a Souvenir)."""
    tiles = state.boroughs[borough]
    if marker in tiles.markers:
        return state
    return set_borough(
        state, borough, evolve(tiles, markers=tuple(sorted((*tiles.markers, marker))))
    )


def mark(state: GameState, name: str) -> GameState:
    """Set a flag on the current turn (cleared when the turn ends)."""
    if name in state.turn.marks:
        return state
    return set_turn(state, marks=tuple(sorted((*state.turn.marks, name))))


def unmark(state: GameState, name: str) -> GameState:
    """Clear a flag of the current turn set with :func:`mark` (nothing if it is not set)."""
    if name not in state.turn.marks:
        return state
    return set_turn(state, marks=tuple(m for m in state.turn.marks if m != name))


def has_mark(state: GameState, name: str) -> bool:
    """Whether the current turn carries a flag."""
    return name in state.turn.marks


def ask(
    state: GameState, seat: int, card: str, options: tuple[str, ...], data: tuple[int, ...] = ()
) -> GameState:
    """Ask ``seat`` a question on behalf of ``card``; the card's ``Effect.choose`` receives the
    answer. With no option the question is skipped."""
    return push(state, CardChoice(seat, card, options, data)) if options else state


def roll(
    state: GameState, seat: int, card: str, count: int = 1, data: tuple[int, ...] = ()
) -> GameState:
    """Make ``seat`` roll ``count`` dice for ``card``; ``Effect.rolled`` receives them.
    :class:`~kingofny.errors.ArgumentError` unless ``count`` is 1 to 8 (the dice in the box)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DICE:
        raise ArgumentError("roll(count)", f"expected 1 to {MAX_DICE} dice, got {count!r}")
    return push(state, CardRoll(card, seat, count, data))


def extra_turn(state: GameState, seat: int, mark_name: str = "") -> GameState:
    """``seat`` takes another turn right after this one (after extra turns already owed); the
    mark, if any, is set on that turn. :class:`~kingofny.errors.ArgumentError` if there is no
    such seat."""
    n = len(state.monsters)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ArgumentError("extra_turn(seat)", f"no seat {seat!r} in a {n}-monster game")
    return evolve(state, extra_turns=(*state.extra_turns, (seat, mark_name)))


def discard_card(state: GameState, seat: int, card: str) -> GameState:
    """``seat`` loses a KEEP card to the discard pile; life above the new maximum is cut and the
    card's ``on_discard`` hook runs (Carapace's tokens go with it)."""
    m = state.monsters[seat]
    cards = list(m.cards)
    cards.remove(card)
    state = set_monster(state, seat, evolve(m, cards=tuple(cards)))
    state = evolve(state, discard=tuple(sorted((*state.discard, card))))
    state = clamp_life(state, seat)
    effect = content_of(state.config).effects.get(card)
    if effect is None:
        return state
    new = checked(state, card, GameState, effect.on_discard, state, seat)
    return new


def take_from_market(state: GameState, seat: int, slot: int) -> GameState:
    """``seat`` takes the card in ``slot`` for free: it counts as bought at cost 0 (rulings D15);
    the slot is refilled at once."""
    card = state.market[slot]
    assert card is not None
    market = list(state.market)
    market[slot] = None
    state = evolve(state, market=tuple(market))
    m = state.monsters[seat]
    if content_of(state.config).cards[card].kind is CardKind.KEEP:
        state = set_monster(state, seat, evolve(m, cards=(*m.cards, card)))
    else:
        state = evolve(state, discard=tuple(sorted((*state.discard, card))))
    state = push(state, RevealCard(slot))
    return bought(state, seat, card)


def wait_for_reveals(state: GameState, seat: int, card: str) -> GameState:
    """Start an effect that waits across turns for cards to be revealed (``on_card_revealed``)."""
    return evolve(state, waiting=(*state.waiting, (seat, card)))


def stop_waiting(state: GameState, seat: int, card: str) -> GameState:
    """End one waiting effect of ``seat`` for ``card``."""
    waiting = list(state.waiting)
    waiting.remove((seat, card))
    return evolve(state, waiting=tuple(waiting))


def win(state: GameState, seats: tuple[int, ...]) -> GameState:
    """Declare ``seats`` winners (Painbow): the game ends at the end of this turn, and each of
    them wins if it is still in the game then (seed 000, *End of the Game*, *Card
    Clarifications*: "You must survive your entire turn in order to win")."""
    claims = tuple(sorted(set(state.turn.win_claims).union(seats)))
    return set_turn(state, win_claims=claims)


def withdraw_win(state: GameState, seats: tuple[int, ...]) -> GameState:
    """Take back a :func:`win` declared earlier this turn for ``seats`` (a result that changed
    before the card's condition was settled)."""
    claims = tuple(s for s in state.turn.win_claims if s not in seats)
    return set_turn(state, win_claims=claims)
