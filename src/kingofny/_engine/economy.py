"""Gaining and losing VP, Energy and Life, with the effects that watch them (ENERGY_GAIN,
MAX_LIFE)."""

from __future__ import annotations

from typing import Final

from kingofny._engine.dispatch import checked, counted, in_play, overrides, owned
from kingofny._engine.ops import evolve, gain, maker, set_monster, with_turn
from kingofny.model.monster import MAX_LIFE, MonsterState
from kingofny.model.state import GameState, TurnState

_WITH_GAINED: Final = maker(TurnState, "energy_gained")
_WITH_LIFE: Final = maker(MonsterState, "life")


def max_life(state: GameState, seat: int) -> int:
    """The most Life Points the monster may have: 10 unless a card says otherwise."""
    value = MAX_LIFE
    for key, effect in owned(state, seat):
        if not overrides(effect, "max_life"):
            continue
        value = counted(state, key, effect.max_life, state, seat, value, low=0)
    return value


def gain_vp(state: GameState, seat: int, amount: int) -> GameState:
    """``seat`` gains ``amount`` VP (negative: loses them, never below 0; rulings D34). An
    eliminated monster's VP no longer change (rulings §11: it is out of the game)."""
    if not amount or state.monsters[seat].eliminated:
        return state
    return gain(state, seat, vp=amount)


def heal(state: GameState, seat: int, amount: int) -> GameState:
    """``seat`` heals ``amount``, never above its maximum life (seed 000, *Card
    Clarifications*)."""
    m = state.monsters[seat]
    if amount <= 0 or m.eliminated:
        return state
    life = min(max_life(state, seat), m.life + amount)
    return set_monster(state, seat, _WITH_LIFE(m, max(life, m.life)))


def clamp_life(state: GameState, seat: int) -> GameState:
    """Cut life down to the maximum after the maximum dropped (a card left play)."""
    m = state.monsters[seat]
    top = max_life(state, seat)
    return set_monster(state, seat, evolve(m, life=top)) if m.life > top else state


def gain_energy(state: GameState, seat: int, amount: int, *, dice: bool = False) -> GameState:
    """``seat`` gains Energy, as changed by ENERGY_GAIN effects (``dice``: from Energy dice);
    the gain is counted for the turn and the effects watching gains are told."""
    if amount <= 0 or state.monsters[seat].eliminated:
        return state
    effects = in_play(state)
    for owner, key, effect in effects:
        if not overrides(effect, "energy_gain"):
            continue
        amount = counted(
            state,
            key,
            effect.energy_gain,
            state,
            owner,
            seat,
            amount,
            dice,
        )
    if amount <= 0:
        return state
    state = gain(state, seat, energy=amount)
    gained = list(state.turn.energy_gained or (0,) * len(state.monsters))
    gained[seat] += amount
    state = with_turn(state, _WITH_GAINED(state.turn, tuple(gained)))
    for owner, key, effect in effects:
        if not overrides(effect, "after_energy_gain"):
            continue
        state = checked(state, key, GameState, effect.after_energy_gain, state, owner, seat, amount)
    return state


def spend_energy(state: GameState, seat: int, amount: int) -> GameState:
    """``seat`` pays ``amount`` Energy (the caller checked it can)."""
    return gain(state, seat, energy=-amount) if amount else state
