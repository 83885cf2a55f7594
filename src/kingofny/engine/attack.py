"""Attack and the flee decision (seed 000, *Attack*, *Controlling Manhattan*; rulings §3, §4)."""

from __future__ import annotations

from kingofny.engine.damage import deal_damage
from kingofny.engine.ops import manhattan_occupants, push
from kingofny.model.state import GameState
from kingofny.model.steps import ChooseFlee


def attack_targets(state: GameState, seat: int) -> tuple[int, ...]:
    """From Manhattan, every monster outside it; from outside, every monster in Manhattan."""
    me = state.monsters[seat]
    inside = me.in_manhattan
    return tuple(
        i
        for i, m in enumerate(state.monsters)
        if i != seat and not m.eliminated and m.location is not None and m.in_manhattan != inside
    )


def resolve_attack(state: GameState, seat: int, count: int) -> GameState:
    """Each Attack deals 1 damage to every target, unless nobody was in Manhattan at the start of
    the turn. Each damaged Manhattan monster that survives may then flee, the one on the 2–4
    space deciding first (rulings §4, C2)."""
    if count <= 0 or not state.turn.manhattan_was_occupied:
        return state
    targets = attack_targets(state, seat)
    if not targets:
        return state
    state = deal_damage(state, {t: count for t in targets})
    if state.monsters[seat].in_manhattan:
        return state
    fleeing = [t for t in manhattan_occupants(state) if t in targets]
    return push(state, *(ChooseFlee(t, attacker=seat) for t in fleeing))
