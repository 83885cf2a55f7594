"""Damage and elimination (seed 000, *Attack* and *End of the Game*; rulings §2, §11)."""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.engine.manhattan import settle_manhattan
from kingofny.engine.ops import evolve, set_monster
from kingofny.model.state import GameState
from kingofny.model.steps import DecisionStep, EndTurn, RevealCard, RevealTile


def deal_damage(state: GameState, damage: Mapping[int, int]) -> GameState:
    """Apply one damaging event to several monsters at once, then check eliminations.

    All targets lose life together before anyone is checked, which is how every monster can be
    eliminated by the same event (rulings §2, *Multi-target effects*).
    """
    hurt = False
    for seat, amount in damage.items():
        m = state.monsters[seat]
        if amount <= 0 or m.eliminated:
            continue
        state = set_monster(state, seat, evolve(m, life=m.life - amount))
        hurt = True
    return check_eliminations(state) if hurt else state


def check_eliminations(state: GameState) -> GameState:
    """Eliminate every monster at 0 Life or less.

    An eliminated monster leaves the board, its cards go to the discard pile and its goal cards
    return to the supply (rulings §11). If the turn's monster is eliminated its turn ends at
    once (rulings C3). Manhattan is then settled (seed 000, *Advanced Rule*).
    """
    dead = [i for i, m in enumerate(state.monsters) if not m.eliminated and m.life <= 0]
    if not dead:
        return state
    discard = list(state.discard)
    superstar, statue = state.superstar, state.statue
    for seat in dead:
        m = state.monsters[seat]
        discard.extend(m.cards)
        state = set_monster(
            state, seat, evolve(m, life=0, location=None, cards=(), eliminated=True)
        )
        if superstar == seat:
            superstar = None
        if statue == seat:
            statue = None
    state = evolve(state, discard=tuple(sorted(discard)), superstar=superstar, statue=statue)
    if state.turn.seat in dead and state.turn.number > 0:
        state = _end_turn_now(state)
    return settle_manhattan(state)


def _end_turn_now(state: GameState) -> GameState:
    """The turn's monster is gone: drop the rest of its turn, but keep the reveals that refill
    the market and the stacks, and other monsters' pending decisions (rulings C3)."""
    kept = tuple(
        step
        for step in state.agenda
        if isinstance(step, (RevealCard, RevealTile))
        or (isinstance(step, DecisionStep) and step.seat != state.turn.seat)
    )
    return evolve(state, agenda=(EndTurn(), *kept))
