"""Counts a content pack's hooks return are checked against the model's limits (issue 19
§4.9; DESIGN Contract 7: an effect that fails in play is an EffectError naming the card and the
hook, never a bare exception or a runaway game).

The box holds 8 dice (components §5, ``MAX_DICE``); no count or number of points a step carries
exceeds ``MAX_POINTS``.
"""

from __future__ import annotations

import random

import pytest

import kingofny
from kingofny import EffectError, GameState
from kingofny.effects import (
    CONTENT_API_VERSION,
    Borough,
    ContentPack,
    Dice,
    Effect,
    Face,
    MonsterSpec,
    gain_vp,
    roll,
)
from kingofny.effects import CardRoll as CardRollStep


def _pack(effect: Effect) -> ContentPack:
    return ContentPack(
        name="odd",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("odd:kong", "Odd Kong"),),
        effects={"odd:kong": effect},
    )


def _play(effect: Effect, turns: int = 3) -> GameState:
    """A seeded random game with the odd monster in seat 0, for a few turns."""
    state = kingofny.new_game(["odd:kong", "mantis"], seed=2, packs=["base", _pack(effect)])
    policy = random.Random(2)
    while not state.is_terminal and state.turn.number <= turns:
        state = kingofny.apply(state, policy.choice(kingofny.legal_actions(state)))
    return state


class _Dice(Effect):
    def __init__(self, extra: int) -> None:
        self.extra = extra

    def extra_dice(self, state: GameState, owner: int) -> int:
        return self.extra


@pytest.mark.parametrize("extra", [10**6, -100, 9, -9])
def test_an_extra_dice_count_beyond_the_box_is_the_effects_failure(extra: int) -> None:
    """``extra_dice`` returning 10**6 ran out of memory and −100 raised a bare KeyError: any
    count beyond ±8 is an EffectError naming the card and the hook."""
    with pytest.raises(EffectError, match=r"extra_dice.*expected an int from -8 to 8") as caught:
        _play(_Dice(extra))
    assert caught.value.card == "odd:kong"
    assert caught.value.hook == "extra_dice"


@pytest.mark.parametrize(("extra", "rolled"), [(2, 8), (8, 8), (-6, 0), (-3, 3)])
def test_the_dice_rolled_stay_within_the_box(extra: int, rolled: int) -> None:
    """Extra dice never make a roll of more than the 8 dice in the box, nor fewer than none."""
    state = kingofny.new_game(["odd:kong", "mantis"], packs=["base", _pack(_Dice(extra))])
    rng = random.Random(0)
    while state.turn.number == 0 or state.turn.seat != 0 or not state.is_chance:
        if state.is_chance:
            state = kingofny.apply(state, kingofny.sample_outcome(state, rng))
        else:
            state = kingofny.apply(state, kingofny.legal_actions(state)[0])
    outcomes = kingofny.chance_outcomes(state)
    sizes = {o.dice.total for o, _ in outcomes if hasattr(o, "dice")}
    assert sizes == {rolled}


class _Rerolls(Effect):
    def rerolls(self, state: GameState, owner: int, seat: int, count: int) -> int:
        return 10**9


def test_a_reroll_count_beyond_the_limit_is_the_effects_failure() -> None:
    with pytest.raises(EffectError, match="rerolls") as caught:
        _play(_Rerolls())
    assert caught.value.card == "odd:kong"


class _RollsTooMany(Effect):
    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return roll(state, owner, "odd:kong", 10**6)

    def rolled(self, state: GameState, step: CardRollStep, dice: Dice) -> GameState:
        return state


def test_a_card_roll_of_more_dice_than_the_box_holds_is_refused() -> None:
    """``roll(count)`` of more than 8 dice is the effect's failure, not a runaway roll."""
    with pytest.raises(EffectError, match=r"roll\(count\)") as caught:
        _play(_RollsTooMany())
    assert caught.value.card == "odd:kong"
    assert isinstance(caught.value.__cause__, kingofny.ArgumentError)


class _RollsForAnAttack(Effect):
    def __init__(self, roll: object) -> None:
        self.roll = roll

    def attack_roll(  # type: ignore[override]
        self, state: GameState, owner: int, target: int, amount: int
    ) -> object:
        return self.roll

    def rolled(self, state: GameState, step: CardRollStep, dice: Dice) -> GameState:
        return state


def _attack_until_failure(effect: Effect) -> None:
    """Random seeded games with the odd monster until its hooks have run in attacks."""
    for seed in range(12):
        state = kingofny.new_game(["odd:kong", "mantis"], seed=seed, packs=["base", _pack(effect)])
        policy = random.Random(seed)
        while not state.is_terminal and state.turn.number < 12:
            state = kingofny.apply(state, policy.choice(kingofny.legal_actions(state)))


@pytest.mark.parametrize(
    "roll",
    [
        CardRollStep("odd:kong", 0, 30),
        CardRollStep("odd:kong", 0, -3),
        CardRollStep("odd:kong", 7, 1),
        CardRollStep("odd:nothing", 0, 1),
        "a roll",
    ],
    ids=["30-dice", "negative", "no-such-seat", "no-such-card", "not-a-roll"],
)
def test_an_attack_roll_beyond_the_box_or_the_game_is_the_effects_failure(roll: object) -> None:
    """Review of issue 19 §4.9: ``attack_roll`` bypassed the bounds (30 dice gave 324,632 chance
    outcomes; −3 a node with none, so a stuck game)."""
    with pytest.raises(EffectError, match="attack_roll") as caught:
        _attack_until_failure(_RollsForAnAttack(roll))
    assert caught.value.card == "odd:kong"


class _Targets(Effect):
    def __init__(self, targets: object) -> None:
        self.targets = targets

    def attack_targets(
        self, state: GameState, owner: int, targets: tuple[int, ...]
    ) -> tuple[int, ...]:
        return self.targets  # type: ignore[return-value]


class _Reach(Effect):
    def reach(self, state: GameState, owner: int) -> tuple[tuple[Borough, str], ...]:
        return (("x", "y"),)  # type: ignore[return-value]


class _Locks(Effect):
    def locked_faces(self, state: GameState, owner: int, seat: int) -> frozenset[Face]:
        return frozenset({"x"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("effect", "hook"),
    [
        (_Targets((99,)), "attack_targets"),
        (_Targets(("x",)), "attack_targets"),
        (_Targets((1, 1)), "attack_targets"),
        (_Targets((0,)), "attack_targets"),
        (_Reach(), "reach"),
        (_Locks(), "locked_faces"),
    ],
    ids=["no-such-seat", "not-a-seat", "twice", "itself", "reach", "locked-faces"],
)
def test_a_malformed_hook_result_is_the_effects_failure(effect: Effect, hook: str) -> None:
    """DESIGN Contract 7: a hook returning what no game can hold is an EffectError naming the
    card and the hook, never an IndexError or TypeError deep in the engine."""
    with pytest.raises(EffectError) as caught:
        _attack_until_failure(effect)
    assert (caught.value.card, caught.value.hook) == ("odd:kong", hook)


class _TurnsDebugOn(Effect):
    """Turns the debug mode on in the middle of an apply (as another thread may)."""

    def __init__(self) -> None:
        self.mode = kingofny.debug_states()

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        if not kingofny.debug_states_enabled():
            self.mode.__enter__()
        return gain_vp(state, owner, 1)


def test_the_debug_mode_turned_on_mid_apply_does_not_fault_the_draft() -> None:
    """Review of issue 19 §3: with the mode turned on while an apply held its working copy (the
    mode is the process's), the hooks after it were refused for returning that copy."""
    effect = _TurnsDebugOn()
    try:
        _play(effect, turns=4)
    finally:
        if kingofny.debug_states_enabled() and not DEBUG_AT_START:
            effect.mode.__exit__(None, None, None)
    assert kingofny.debug_states_enabled() == DEBUG_AT_START


DEBUG_AT_START = kingofny.debug_states_enabled()
