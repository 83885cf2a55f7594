"""Reward options of the Gymnasium environment (issue 23 §3): win/loss, a rank-based reward, a
potential-based shaping that changes no policy's ranking, and "nobody won" apart from a loss."""

from __future__ import annotations

import random

import attrs
import pytest

pytest.importorskip("gymnasium")

import kingofny as k
from kingofny.envs.gymnasium import KingOfNYEnv
from kingofny.envs.rewards import final_reward, outcome, potential


def _episode(env: KingOfNYEnv, seed: int) -> tuple[list[float], dict[str, object], float]:
    """A random episode: the rewards, the last info, and the first position's potential."""
    _, info = env.reset(seed=seed)
    first = potential(env.state, env.seat)
    rng = random.Random(seed)
    rewards: list[float] = []
    done = False
    while not done:
        action = rng.choice(info["legal_ids"])
        _, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    return rewards, info, first


def test_the_default_reward_is_plus_or_minus_one_at_the_end() -> None:
    """seed 000 *End of the Game*: one winner; the learner's reward is +1 for a win, -1 else."""
    env = KingOfNYEnv(4, seat=2)
    rewards, info, _ = _episode(env, 3)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == (1.0 if info["outcome"] in ("win", "shared win") else -1.0)
    assert info["outcome"] in ("win", "shared win", "loss", "no winner")


@pytest.mark.parametrize("seed", range(4))
def test_the_shaping_sums_to_the_end_reward_minus_the_first_potential(seed: int) -> None:
    """Issue 23 §3: potential-based shaping (Ng, Harada and Russell, 1999) telescopes: over any
    episode it adds exactly -potential(first position), whatever was played, so no policy's
    ranking changes; the steps before the end see progress."""
    shaped = KingOfNYEnv(4, seat=1, reward="shaped")
    rewards, info, first = _episode(shaped, seed)
    end = 1.0 if info["outcome"] in ("win", "shared win") else -1.0
    assert sum(rewards) == pytest.approx(end - first)
    assert any(r != 0.0 for r in rewards[:-1])


def test_rank_and_no_winner_rewards_on_finished_games() -> None:
    """Issue 23 §3: "rank" gives +1 to a winner and places the others from 0 to -1 (the living
    before the eliminated, then by VP); "nobody won" (seed 000 *End of the Game*: everybody
    loses) can be told apart from a loss with ``no_winner``."""
    state = k.new_game(4, seed=6)
    rng = random.Random(6)
    while not state.is_terminal:
        state = k.apply(state, rng.choice(k.legal_actions(state)))
    assert state.winners
    (winner,) = state.winners[:1]
    assert final_reward(state, winner, "rank") == 1.0
    losers = [s for s in range(4) if s not in state.winners]
    ranks = {s: final_reward(state, s, "rank") for s in losers}
    assert all(-1.0 <= r <= 0.0 for r in ranks.values())
    for a in losers:
        for b in losers:
            ma, mb = state.monsters[a], state.monsters[b]
            if (ma.eliminated, -ma.vp) < (mb.eliminated, -mb.vp):
                assert ranks[a] > ranks[b]  # placed ahead: a higher reward
    nobody = attrs.evolve(state, winners=())
    assert outcome(nobody, 0) == "no winner"
    assert final_reward(nobody, 0, "win") == -1.0
    assert final_reward(nobody, 0, "win", no_winner=0.0) == 0.0
    assert potential(state, 0) == 0.0  # over: nothing left to shape


def test_bad_reward_options_are_argument_errors() -> None:
    with pytest.raises(k.ArgumentError, match="reward"):
        KingOfNYEnv(4, reward="vp")
    with pytest.raises(k.ArgumentError, match="no_winner"):
        KingOfNYEnv(4, no_winner="zero")  # type: ignore[arg-type]
