"""Damage and elimination (seed 000, *Attack* and *End of the Game*; rulings §2, §11), with the
DAMAGE_TAKEN effects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kingofny._engine.dispatch import counted, each, overrides, owned
from kingofny._engine.manhattan import settle_manhattan
from kingofny._engine.ops import evolve, maker, set_monster, with_turn
from kingofny._engine.stock import END_TURN
from kingofny.model.effect import Source
from kingofny.model.monster import MonsterState
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import DecisionStep, RevealCard, RevealTile

_WITH_DEALT: Final = maker(TurnState, "damage_dealt")
_WITH_LIFE: Final = maker(MonsterState, "life")


def deal_damage(
    state: GameState,
    damage: Mapping[int, int],
    source: Source,
    dealer: int | None = None,
) -> tuple[GameState, dict[int, int]]:
    """Apply one damaging event to several monsters at once, then check eliminations.

    Each target's DAMAGE_TAKEN effects may reduce its share first. All targets lose life
    together before anyone is checked, which is how every monster can be eliminated by the same
    event (rulings §2, *Multi-target effects*). Returns the new state and the damage actually
    taken by each seat (only amounts above 0).
    """
    taken: dict[int, int] = {}
    for seat, amount in damage.items():
        m = state.monsters[seat]
        if amount <= 0 or m.eliminated:
            continue
        for key, effect in owned(state, seat):
            if not overrides(effect, "damage_taken"):
                continue
            amount = counted(
                state,
                key,
                effect.damage_taken,
                state,
                seat,
                amount,
                source,
            )
        if amount <= 0:
            continue
        state = set_monster(state, seat, _WITH_LIFE(m, m.life - amount))
        taken[seat] = amount
    if not taken:
        return state, taken
    if dealer is not None and dealer == state.turn.seat:
        dealt = list(state.turn.damage_dealt or (0,) * len(state.monsters))
        for seat, amount in taken.items():
            dealt[seat] += amount
        state = with_turn(state, _WITH_DEALT(state.turn, tuple(dealt)))
    state = check_eliminations(state)
    for seat, amount in taken.items():
        if not state.monsters[seat].eliminated:
            state = each(state, owned(state, seat), "after_damaged", seat, amount, source)
    if dealer is not None and not state.monsters[dealer].eliminated:
        state = each(state, owned(state, dealer), "after_damage_dealt", dealer, taken)
    return state, taken


def check_eliminations(state: GameState) -> GameState:
    """Eliminate every monster at 0 Life or less.

    An eliminated monster leaves the board, its cards go to the discard pile, its goal cards
    return to the supply, and its tokens, waiting effects and extra turns are gone (rulings
    §11). If the turn's monster is eliminated its turn ends at once (rulings C3). Manhattan is
    then settled (seed 000, *Advanced Rule*).
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
            state, seat, evolve(m, life=0, location=None, cards=(), tokens=(), eliminated=True)
        )
        if superstar == seat:
            superstar = None
        if statue == seat:
            statue = None
    state = evolve(
        state,
        discard=tuple(sorted(discard)),
        superstar=superstar,
        statue=statue,
        waiting=tuple(w for w in state.waiting if w[0] not in dead),
        extra_turns=tuple(x for x in state.extra_turns if x[0] not in dead),
    )
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
    return evolve(state, agenda=(END_TURN, *kept))
