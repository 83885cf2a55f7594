"""Attack and the flee decision (seed 000, *Attack*, *Controlling Manhattan*; rulings §3, §4),
with the ATTACK_TARGETS, ATTACK_DAMAGE and AFTER_ATTACK effects."""

from __future__ import annotations

from kingofny._engine.damage import deal_damage
from kingofny._engine.dispatch import checked, checked_roll, counted, each, overrides, owned, wrong
from kingofny._engine.ops import manhattan_occupants, push
from kingofny.model.effect import Source
from kingofny.model.state import GameState
from kingofny.model.steps import ApplyAttack, CardRoll, ChooseFlee


def attack_targets(state: GameState, seat: int) -> tuple[int, ...]:
    """From Manhattan, every monster outside it; from outside, every monster in Manhattan; then
    the attacker's ATTACK_TARGETS effects (Fireball)."""
    me = state.monsters[seat]
    inside = me.in_manhattan
    targets = tuple(
        i
        for i, m in enumerate(state.monsters)
        if i != seat and not m.eliminated and m.location is not None and m.in_manhattan != inside
    )
    for key, effect in owned(state, seat):
        if not overrides(effect, "attack_targets"):
            continue
        found: tuple[object, ...] = checked(
            state, key, tuple, effect.attack_targets, state, seat, targets
        )
        targets = _seats(state, key, seat, found)
    return targets


def _seats(state: GameState, key: str, seat: int, found: tuple[object, ...]) -> tuple[int, ...]:
    """What an ATTACK_TARGETS hook returned, checked to be distinct seats other than ``seat``
    (read as objects: the compiled build would refuse a non-int before the check could)."""
    n = len(state.monsters)
    seats: list[int] = []
    for target in found:
        if type(target) is not int or not 0 <= target < n or target == seat or target in seats:
            wrong(state, key, "attack_targets", found, "a tuple of distinct other seats")
        seats.append(target)
    return tuple(seats)


def resolve_attack(state: GameState, seat: int, count: int) -> GameState:
    """Each Attack deals 1 damage to every target, unless nobody was in Manhattan at the start of
    the turn (seed 000, *Attack*). ATTACK_DAMAGE effects change each target's share, in their
    ``damage_order``; rolls they ask for (Antimatter Pellets) happen before the damage."""
    if count <= 0 or not state.turn.manhattan_was_occupied:
        return state
    targets = attack_targets(state, seat)
    if not targets:
        return state
    effects = sorted(owned(state, seat), key=lambda item: item[1].damage_order)
    damage: list[tuple[int, int]] = []
    rolls: list[CardRoll] = []
    for target in targets:
        amount = count
        for key, effect in effects:
            if not overrides(effect, "attack_damage"):
                continue
            amount = counted(
                state,
                key,
                effect.attack_damage,
                state,
                seat,
                target,
                amount,
            )
        damage.append((target, amount))
        for key, effect in effects:
            if not overrides(effect, "attack_roll"):
                continue
            roll = checked(state, key, object, effect.attack_roll, state, seat, target, amount)
            if roll is not None:
                rolls.append(checked_roll(state, key, "attack_roll", roll))
    step = ApplyAttack(seat, tuple(damage))
    if rolls:
        return push(state, *rolls, step)
    return apply_attack(state, step)


def apply_attack(state: GameState, step: ApplyAttack) -> GameState:
    """Deal the damage, tell AFTER_ATTACK effects, then each damaged Manhattan monster that
    survives may flee, the one on the 2–4 space deciding first (rulings §4, C2)."""
    seat = step.attacker
    state, taken = deal_damage(state, dict(step.damage), Source.ATTACK, dealer=seat)
    if not taken:
        return state
    if not state.monsters[seat].eliminated:
        state = each(state, owned(state, seat), "after_attack", seat, taken)
    for target, amount in taken.items():
        state = each(state, owned(state, target), "after_attacked", target, seat, amount)
    fleeing = [t for t in manhattan_occupants(state) if t in taken]
    return push(state, *(ChooseFlee(t, attacker=seat) for t in fleeing))
