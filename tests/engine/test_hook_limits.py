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
    ContentPack,
    Dice,
    Effect,
    MonsterSpec,
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
