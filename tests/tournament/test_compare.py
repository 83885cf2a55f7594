"""The sequential test and ``compare`` (issue 22 §2): the SPRT on synthetic Bernoulli data with
known answers, and paired comparisons of real bots."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import kingofny as k
from kingofny.players import HeuristicPlayer, RandomPlayer
from kingofny.tournament.compare import compare, format_comparison
from kingofny.tournament.sprt import SPRT


def test_wald_bounds_and_a_hand_computed_ratio() -> None:
    """Issue 22 §2: the bounds are log(beta / (1 - alpha)) and log((1 - beta) / alpha); the
    ratio of x = (1, 0, 0, -1, 1, 1) for H0: 0 against H1: 0.1 is
    n (d1 - d0) (2 mean - d0 - d1) / (2 var), with the variance 5/9 shrunk toward 1/4 by one
    pseudo-observation, (6 * 5/9 + 1/4) / 7 = 0.5119: 6 * 0.1 * (2/3 - 0.1) / (2 * 0.5119) =
    0.332."""
    test = SPRT(0.0, 0.1, alpha=0.05, beta=0.05)
    assert test.lower == pytest.approx(math.log(0.05 / 0.95))
    assert test.upper == pytest.approx(math.log(0.95 / 0.05))
    state = test.add([1, 0, 0, -1, 1, 1])
    assert state.llr == pytest.approx(0.332, abs=1e-3)
    assert state.count == 6
    assert state.mean == pytest.approx(1 / 3)
    assert state.decision is None


def _run(test: SPRT, p_a: float, p_b: float, rng: random.Random, cap: int) -> str:
    """Feed paired Bernoulli results (A wins with p_a, B with p_b) until a decision."""
    for _ in range(cap):
        x = (rng.random() < p_a) - (rng.random() < p_b)
        state = test.add([x])
        if state.decision is not None:
            return state.decision
    return "cap"


@pytest.mark.parametrize(("p_a", "expected"), [(0.30, "H0"), (0.40, "H1")])
def test_the_error_rates_hold_on_bernoulli_data(p_a: float, expected: str) -> None:
    """Issue 22 §2: with H0: A - B = 0 against H1: A - B = 0.1 at alpha = beta = 0.05, pairs of
    Bernoulli results with a true difference of 0 (0.30 against 0.30) accept H0, and with a
    true difference of 0.1 (0.40 against 0.30) accept H1, in at least 90 of 100 runs (Wald's
    bounds promise about 95)."""
    rng = random.Random(2026)
    runs = [_run(SPRT(0.0, 0.1), p_a, 0.30, rng, 20_000) for _ in range(100)]
    assert runs.count(expected) >= 90, runs.count(expected)
    assert "cap" not in runs


def test_a_decision_stays_once_reached() -> None:
    """Later observations update the estimate, not the decision."""
    test = SPRT(0.0, 0.2)
    state = test.add([1] * 30 + [0] * 10)
    assert state.decision == "H1"
    assert test.add([-1] * 5).decision == "H1"


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"delta0": 0.1, "delta1": 0.0}, "delta1"),
        ({"alpha": 0.7}, "alpha"),
        ({"beta": 0}, "beta"),
        ({"delta1": math.nan}, "delta1"),
    ],
)
def test_bad_settings_are_argument_errors(kwargs: dict[str, float], name: str) -> None:
    """An SPRT needs delta1 > delta0 and error rates between 0 and 0.5."""
    with pytest.raises(k.ArgumentError, match=name):
        SPRT(**kwargs)


def test_a_bot_against_itself_gives_identical_pairs() -> None:
    """Issue 22 §2: A and B the same bot with the same seeds play the same games on the same
    deals, so every paired difference is exactly 0, and the test accepts H0 (no better)."""
    result = compare(
        RandomPlayer, RandomPlayer, [RandomPlayer], seed=4, margin=0.1, max_games=400, batch=4
    )
    assert result.stopped_by == "H0"
    assert result.wins[0] == result.wins[1]
    assert result.test.mean == 0.0


def test_observations_that_do_not_vary_still_decide() -> None:
    """A bot that wins every deal (every difference +1) is accepted as better within 10 deals;
    two identical ones (every difference 0) as no better within 30 (with H1 at 0.05, the shrunk
    variance 0.25 / (n + 1) gives a ratio of -0.005 n (n + 1), past -2.94 at n = 24)."""
    assert SPRT(0.0, 0.05).add([1.0] * 10).decision == "H1"
    same = SPRT(0.0, 0.05)
    assert same.add([0.0] * 23).decision is None
    assert same.add([0.0]).decision == "H0"


def test_a_bad_observation_changes_nothing() -> None:
    """All observations are checked before any is counted."""
    test = SPRT()
    with pytest.raises(k.ArgumentError, match="observation"):
        test.add([0.1, 0.2, math.nan])
    assert test.state().count == 0


def test_heuristic_is_found_better_than_random() -> None:
    """Issue 22 §2: heuristic against random, each against a random field in 2-monster games,
    is accepted as better by 0.1 (it wins most of its games); swapped, H0 is accepted."""
    better = compare(
        HeuristicPlayer, RandomPlayer, [RandomPlayer], seed=1, margin=0.1, max_games=400
    )
    assert better.stopped_by == "H1"
    assert better.win_rates[0] > better.win_rates[1]
    text = format_comparison(better)
    assert "H1 accepted" in text
    assert f"LLR {better.test.llr:.2f}" in text
    worse = compare(
        RandomPlayer, HeuristicPlayer, [RandomPlayer], seed=1, margin=0.1, max_games=400
    )
    assert worse.stopped_by == "H0"


def test_bad_compare_arguments_are_argument_errors() -> None:
    """The field must be a non-empty list of factories; the cap a positive int."""
    with pytest.raises(k.ArgumentError, match="field"):
        compare(RandomPlayer, RandomPlayer, [], seed=1)
    with pytest.raises(k.ArgumentError, match="max_games"):
        compare(RandomPlayer, RandomPlayer, [RandomPlayer], seed=1, max_games=0)
    for name, value in (("margin", -1.0), ("alpha", 0.9), ("beta", 0)):
        options: dict[str, Any] = {name: value}
        with pytest.raises(k.ArgumentError, match=rf"compare\({name}\)"):
            compare(RandomPlayer, RandomPlayer, [RandomPlayer], seed=1, **options)
