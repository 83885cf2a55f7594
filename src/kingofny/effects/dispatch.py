"""Finding the effects in play, for the engine's trigger points.

These run at every trigger point of every step, so they work straight on the registry's table
and return an empty tuple fast when nothing is in play (the common case early in a game).
"""

from __future__ import annotations

from kingofny.content import registry
from kingofny.effects.api import Effect
from kingofny.model.state import GameState

_NONE: tuple[()] = ()
_OVERRIDES: dict[tuple[type, str], bool] = {}


def overrides(effect: Effect, hook: str) -> bool:
    """Whether ``effect`` implements ``hook`` (cached per class): lets hot paths skip effects
    that cannot change the outcome."""
    key = (type(effect), hook)
    found = _OVERRIDES.get(key)
    if found is None:
        found = _OVERRIDES[key] = getattr(type(effect), hook) is not getattr(Effect, hook)
    return found


def owned(state: GameState, seat: int) -> list[tuple[str, Effect]] | tuple[()]:
    """The effects acting for ``seat``: its monster's ability, its KEEP cards in the order it
    gained them, its tokens' rules, and, on its own turn, the turn's marks."""
    m = state.monsters[seat]
    if m.eliminated:
        return _NONE
    table = registry.installed().effects
    if not table:
        return _NONE
    found: list[tuple[str, Effect]] = []
    get = table.get
    ability = get(m.monster)
    if ability is not None:
        found.append((m.monster, ability))
    for card in m.cards:
        effect = get(card)
        if effect is not None:
            found.append((card, effect))
    for kind, _ in m.tokens:
        effect = get(kind)
        # A card's own tokens (Carapace) share its key: the card's effect is already listed.
        if effect is not None and kind not in m.cards and kind != m.monster:
            found.append((kind, effect))
    if seat == state.turn.seat:
        for mark in state.turn.marks:
            effect = get(mark)
            if effect is not None:
                found.append((mark, effect))
    return found or _NONE


def in_play(state: GameState) -> list[tuple[int, str, Effect]] | tuple[()]:
    """Every effect in play as (owner, id, effect), owners in seat order from the turn's
    monster."""
    n = len(state.monsters)
    first = state.turn.seat
    found: list[tuple[int, str, Effect]] = []
    for k in range(n):
        seat = (first + k) % n
        found.extend((seat, key, effect) for key, effect in owned(state, seat))
    return found or _NONE


def in_market(state: GameState) -> list[tuple[str, Effect]] | tuple[()]:
    """The effects of the face-up market cards."""
    table = registry.installed().effects
    if not table:
        return _NONE
    found = [(card, table[card]) for card in state.market if card is not None and card in table]
    return found or _NONE
