"""Narration and records from one application of each move (issue 19 §1: a public "apply and
tell me the steps it ran", so that front ends stop applying each move twice)."""

from __future__ import annotations

import random

import kingofny
from kingofny.narrate import describe


def test_apply_recorded_with_steps_gives_the_same_record_and_the_traced_steps() -> None:
    rng = random.Random(7)
    for seed in (7, None):
        state = kingofny.new_game(3, seed=seed)
        record, _ = kingofny.start_record(state.config)
        plain = traced = record
        for _ in range(60):
            if state.is_terminal:
                break
            if state.is_chance:
                move: kingofny.ActionOrOutcome = kingofny.sample_outcome(state, rng)
            else:
                move = rng.choice(kingofny.legal_actions(state))
            steps: list[kingofny.StepRun] = []
            plain, after = kingofny.apply_recorded(plain, state, move)
            traced, again = kingofny.apply_recorded(traced, state, move, steps=steps)
            assert again == after
            assert traced == plain
            assert tuple(steps) == kingofny.apply_traced(state, move)[1]
            state = after
        assert kingofny.replay(traced) == state


def test_narration_from_given_steps_is_the_narration_of_a_second_application() -> None:
    rng = random.Random(3)
    state = kingofny.new_game(4, seed=3)
    for _ in range(120):
        if state.is_terminal:
            break
        move = rng.choice(kingofny.legal_actions(state))
        after, steps = kingofny.apply_traced(state, move)
        event = kingofny.Event(state.current_player, move)
        assert describe(state, event, after, steps) == describe(state, event, after)
        state = after
