"""Rolling the dice: up to three rolls, rerolling any dice (seed 000, *1. Roll the Dice*)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import kingofny as k
from kingofny.model.steps import ChooseFace, ChooseReroll, RollDice
from kingofny.testing import Scenario, play, reroll, roll


def start() -> k.GameState:
    return Scenario(["kong", "mantis"]).monster("mantis", manhattan="lower").build()


def test_the_first_roll_is_the_six_black_dice() -> None:
    """seed 000 *Roll the Dice*: "For your first roll, you will roll the 6 black dice"; the roll is
    a chance node over the 462 multisets of six dice with exact probabilities (DESIGN 5)."""
    state = start()
    assert state.next_step == RollDice(6)
    outcomes = k.chance_outcomes(state)
    assert len(outcomes) == 462
    assert sum(p for _, p in outcomes) == 1
    assert dict((o, p) for o, p in outcomes)[roll("AAAAAA")] == Fraction(1, 6**6)
    with pytest.raises(k.IllegalActionError, match=r"^expected 6 dice, got 5 \(AAAAA\)$"):
        k.apply(state, roll("AAAAA"))
    with pytest.raises(
        k.IllegalActionError, match=r"^waiting for a chance outcome \(roll\), got StopRolling\(\)$"
    ):
        k.apply(state, k.StopRolling())


def test_up_to_three_rolls_then_the_dice_are_final() -> None:
    """seed 000 *On Your Turn*: "Roll the Dice (up to 3 times)"."""
    state = play(start(), roll("EEHHCD"))
    assert state.next_step == ChooseReroll(0)
    assert state.turn.rerolls_left == 2
    state = play(state, reroll("EE"), roll("AA"))
    assert state.next_step == ChooseReroll(0)
    assert state.turn.rerolls_left == 1
    state = play(state, reroll("AA"), roll("OO"))
    assert isinstance(state.next_step, ChooseFace)
    assert state.turn.rerolls_left == 0
    assert state.turn.dice == k.Dice.parse("HHCDOO")
    assert state.turn.unresolved == state.turn.dice


def test_rerolls_are_optional() -> None:
    """seed 000 *Roll the Dice*: "your second and third rolls (both optional)"."""
    state = play(start(), roll("EEHHCD"))
    assert k.StopRolling() in k.legal_actions(state)
    state = play(state, k.StopRolling())
    assert isinstance(state.next_step, ChooseFace)
    assert state.turn.dice == k.Dice.parse("EEHHCD")


def test_any_or_all_dice_may_be_rerolled_even_ones_kept_before() -> None:
    """seed 000 *Roll the Dice*: "you can reroll any or all of the dice (even ones that you chose
    to keep on a previous roll)"."""
    state = play(start(), roll("EEHHCD"), reroll("HH"), roll("CC"))
    legal = k.legal_actions(state)
    assert reroll("EECCCD") in legal  # all six, including the four kept after the first roll
    assert reroll("EE") in legal  # dice kept on the first roll
    state = play(state, reroll("EECCCD"))
    assert state.next_step == RollDice(6)
    state = play(state, roll("DDDDDD"))
    assert state.turn.dice == k.Dice.parse("DDDDDD")


def test_a_reroll_rolls_exactly_the_chosen_dice() -> None:
    """seed 000 *Dice Resolution Example*: "He keeps the Celebrity and rerolls the other four
    dice": the kept dice stay, only the rerolled ones are a chance event."""
    state = play(start(), roll("EHCCDO"), reroll("EHDO"))
    assert state.next_step == RollDice(4)
    assert state.turn.dice == k.Dice.parse("CC")
    with pytest.raises(k.IllegalActionError, match=r"^expected 4 dice, got 6 \(AAAAAA\)$"):
        k.apply(state, roll("AAAAAA"))
    state = play(state, roll("ADDD"))
    assert state.turn.dice == k.Dice.parse("ACCDDD")


def test_cannot_reroll_dice_that_are_not_showing() -> None:
    """seed 000 *Roll the Dice*: a reroll takes dice from the result on the table."""
    state = play(start(), roll("EEHHCD"))
    with pytest.raises(
        k.IllegalActionError, match=r"^reroll A is not legal for seat 0 at choose-reroll; "
    ):
        k.apply(state, reroll("A"))
    with pytest.raises(
        k.IllegalActionError, match=r"^reroll EEE is not legal for seat 0 at choose-reroll; "
    ):
        k.apply(state, reroll("EEE"))


def test_reroll_scenario_point() -> None:
    """Scenario at the reroll decision: the dice and rerolls left are as given (seed 000 *Roll the
    Dice*: the third roll is the last)."""
    state = Scenario(2).turn(0, at="reroll", dice="AAACCD", rerolls_left=1).build()
    assert state.next_step == ChooseReroll(0)
    state = play(state, reroll("D"), roll("C"))
    assert isinstance(state.next_step, ChooseFace)
    assert state.turn.dice == k.Dice.parse("AAACCC")


def test_seeded_game_rolls_by_itself() -> None:
    """DESIGN Contract 5: with a seed, rolls are drawn automatically and reproducibly."""
    a = Scenario(["kong", "mantis"], seed=5).build()
    b = Scenario(["kong", "mantis"], seed=5).build()
    assert a == b
    assert a.next_step == ChooseReroll(0)
    assert a.turn.dice.total == 6
