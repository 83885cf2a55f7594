"""Card interactions across groups that rulings.md discusses (rulings §15, §16)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseReroll, RollDice
from kingofny.testing import Scenario, play, roll


def test_web_tokens_remove_rerolls_before_jinx_aura_forces_the_rest() -> None:
    """rulings §16 (Jinx Aura): "Web tokens remove rerolls first"; the one reroll left must be
    used (components §1 #29, #63)."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["jinx-aura"])
        .monster("mantis", tokens={"web": 1})
        .turn("mantis", at="start")
        .build()
    )
    state = play(state, roll("AACDEO"))
    assert state.turn.rerolls_left == 1
    assert k.StopRolling() not in k.legal_actions(state)
    state = play(state, k.Reroll(k.Dice.parse("O")), roll("E"))
    assert state.turn.rerolls_left == 0
    assert not isinstance(state.next_step, ChooseReroll)


@pytest.mark.parametrize("webs", [2, 3])
def test_two_or_more_web_tokens_leave_no_reroll_even_under_jinx_aura(webs: int) -> None:
    """rulings §15: each Web token removes one reroll, to a minimum of 0 (two take both
    rerolls; a third takes nothing more); Jinx Aura cannot force rerolls that do not exist."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["jinx-aura"])
        .monster("mantis", tokens={"web": webs})
        .turn("mantis", at="start")
        .build()
    )
    state = play(state, roll("AACDEO"))
    assert state.turn.rerolls_left == 0
    assert not isinstance(state.next_step, ChooseReroll)


def test_jinx_aura_cannot_force_a_reroll_that_terminal_rage_forbids() -> None:
    """rulings §16 (Jinx Aura): "If no die may legally be rerolled (Terminal Rage with all
    Attack), that reroll is skipped" (components §1 #29, #54)."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["jinx-aura"])
        .monster("mantis", cards=["terminal-rage"])
        .turn("mantis", at="start")
        .build()
    )
    state = play(state, roll("AAAAAA"))
    # No reroll was asked: Mantis's turn resolved, moved, and Kong's turn is rolling.
    assert state.turn.seat == 0
    assert state.next_step == RollDice(6)


def test_terminal_rage_under_jinx_aura_rerolls_only_the_other_dice() -> None:
    """Terminal Rage locks Attack dice; Jinx Aura forces a reroll of the others: the only legal
    move, so the engine takes it and the Ouch die is rolled again."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["jinx-aura"])
        .monster("mantis", cards=["terminal-rage"])
        .turn("mantis", at="start")
        .build()
    )
    state = play(state, roll("AAAAAO"))
    assert state.next_step == RollDice(1)
    assert state.turn.dice == k.Dice.parse("AAAAA")
