"""sample_outcome and reseed: chance for searchers (issue 8, *Chance for searchers*; DESIGN
Contract 5: chance nodes list exact probabilities, and a sampler must draw exactly those)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import kingofny as k
from kingofny._engine.validation import state_problems
from kingofny.model.outcomes import CardDraw, DiceRoll, TileDraw
from kingofny.model.steps import RevealCard, RevealTile, RollDice

CHI2_CRITICAL_001 = {6: 22.458, 9: 27.877}
"""Chi-square critical values at significance 0.001, by degrees of freedom."""


def chance_nodes(kind: type) -> k.GameState:
    """The first chance node of this step type in an explicit-chance game played at random."""
    state = k.new_game(4)
    rng = random.Random(3)
    while not (state.is_chance and isinstance(state.next_step, kind)):
        if state.is_chance:
            state = k.apply(state, k.sample_outcome(state, rng))
        else:
            state = k.apply(state, rng.choice(k.legal_actions(state)))
    return state


def chi_square(observed: Counter[Any], expected: dict[Any, Fraction], n: int) -> float:
    return sum(float((observed[o] - p * n) ** 2 / (p * n)) for o, p in expected.items())


@pytest.mark.parametrize("kind", [RollDice, RevealTile, RevealCard])
def test_a_sampled_outcome_is_one_listed(kind: type) -> None:
    """The sampler draws among the outcomes chance_outcomes lists (the same objects)."""
    state = chance_nodes(kind)
    listed = {o for o, _ in k.chance_outcomes(state)}
    rng = random.Random(1)
    for _ in range(200):
        outcome = k.sample_outcome(state, rng)
        assert outcome in listed
        k.apply(state, outcome)


def test_dice_are_drawn_with_the_listed_probabilities() -> None:
    """20,000 rolls of six dice: the number of Attack faces follows the distribution summed from
    chance_outcomes' exact probabilities (chi-square, 6 degrees of freedom, 0.001)."""
    state = chance_nodes(RollDice)
    expected: dict[int, Fraction] = {}
    for outcome, p in k.chance_outcomes(state):
        assert isinstance(outcome, DiceRoll)
        attacks = outcome.dice[k.Face.ATTACK]
        expected[attacks] = expected.get(attacks, Fraction(0)) + p
    rng = random.Random(7)
    n = 20_000
    observed: Counter[int] = Counter()
    for _ in range(n):
        outcome = k.sample_outcome(state, rng)
        assert isinstance(outcome, DiceRoll)
        observed[outcome.dice[k.Face.ATTACK]] += 1
    # 5 and 6 Attack are too rare for the test: pooled with 4.
    pooled = {a: p for a, p in expected.items() if a < 4}
    pooled[4] = sum((p for a, p in expected.items() if a >= 4), Fraction(0))
    observed[4] = sum(c for a, c in observed.items() if a >= 4)
    assert chi_square(observed, pooled, n) < CHI2_CRITICAL_001[6]


@pytest.mark.parametrize("kind", [RevealTile, RevealCard])
def test_reveals_are_drawn_with_the_listed_probabilities(kind: type) -> None:
    """A reveal draws a tile or card with the listed multiset probabilities (chi-square over
    the ten likeliest outcomes pooled with the rest, 0.001)."""
    state = chance_nodes(kind)
    listed = sorted(k.chance_outcomes(state), key=lambda op: -op[1])
    top = [o for o, _ in listed[:9]]
    expected: dict[object, Fraction] = {o: p for o, p in listed[:9]}
    expected["rest"] = sum((p for _, p in listed[9:]), Fraction(0))
    rng = random.Random(11)
    n = 20_000
    observed: Counter[object] = Counter()
    for _ in range(n):
        outcome = k.sample_outcome(state, rng)
        assert isinstance(outcome, (TileDraw, CardDraw))
        observed[outcome if outcome in top else "rest"] += 1
    if expected["rest"] == 0:
        del expected["rest"]
    assert chi_square(observed, expected, n) < CHI2_CRITICAL_001[9]


def test_the_same_generator_state_draws_the_same_outcomes() -> None:
    state = chance_nodes(RollDice)
    first = [k.sample_outcome(state, random.Random(5)) for _ in range(3)]
    assert first[0] == first[1] == first[2]


def test_sample_outcome_refuses_a_decision_and_a_wrong_generator() -> None:
    """Bad input gets a typed error (DESIGN Contract 3)."""
    state = k.new_game(2, seed=1)
    assert not state.is_chance
    with pytest.raises(k.IllegalActionError, match="waits for no chance outcome"):
        k.sample_outcome(state, random.Random(1))
    with pytest.raises(k.ArgumentError, match=r"sample_outcome\(rng\)"):
        k.sample_outcome(chance_nodes(RollDice), 7)  # type: ignore[arg-type]


def test_reseed_makes_a_seeded_game_of_a_view() -> None:
    """A bot's view (observe: no seed) becomes a seeded game again for playouts; the same seed
    gives the same playout, the position is otherwise unchanged."""
    state = k.new_game(4, seed=2)
    rng = random.Random(0)
    for _ in range(30):
        state = k.apply(state, rng.choice(k.legal_actions(state)))
    view = k.observe(state)
    assert view.config.seed is None
    assert view.rng is None
    seeded = k.reseed(view, 99)
    assert seeded.config.seed == 99
    assert seeded.rng is not None
    assert seeded.monsters == view.monsters
    assert seeded.agenda == view.agenda
    assert state_problems(seeded) == ()
    assert k.reseed(view, 99) == seeded
    assert k.reseed(view, 100).rng != seeded.rng


def test_reseed_draws_a_pending_outcome_at_once() -> None:
    """DESIGN Contract 5: a seeded game never waits at a chance node."""
    view = chance_nodes(RollDice)
    seeded = k.reseed(view, 4)
    assert not seeded.is_chance
    assert state_problems(seeded) == ()


def test_reseed_refuses_a_seed_that_is_not_an_int() -> None:
    with pytest.raises(k.ArgumentError, match=r"reseed\(seed\)"):
        k.reseed(k.new_game(2), "x")  # type: ignore[arg-type]
    with pytest.raises(k.ArgumentError, match=r"reseed\(seed\)"):
        k.reseed(k.new_game(2), True)
