"""The PettingZoo AEC adapter (issue 9, *Adapters*), checked with PettingZoo's own tests."""

from __future__ import annotations

from typing import Any

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

from kingofny.envs.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("monsters", [2, 4, 6])
def test_pettingzoos_api_test_passes(monsters: int) -> None:
    """Issue 9: "A framework's own checker ... is better than our imitation of it"."""
    pettingzoo_test.api_test(env(monsters=monsters), num_cycles=300, verbose_progress=False)


def test_pettingzoos_seed_test_passes() -> None:
    """Chance is drawn from the reset seed: the same seed, the same game."""
    pettingzoo_test.seed_test(lambda: env(monsters=3), num_cycles=200)


def play_out(game: Any, seed: int) -> dict[str, float]:
    """Masked random actions until every agent has left; each agent's last reward."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    last: dict[str, float] = {}
    for agent in game.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = game.last()
        last[agent] = reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert not game.agents
    return last


def test_a_whole_game_ends_with_every_agent_terminated_and_the_winners_rewarded() -> None:
    """Eliminated monsters get -1 and leave with the dead-step idiom; at the end each winner
    gets +1 and every other agent -1 (kingofny.ids.returns)."""
    game = raw_env(monsters=4)
    rewards = play_out(game, 7)
    winners = game.state_now.winners
    assert winners is not None
    assert set(rewards) == set(game.possible_agents)
    assert any(m.eliminated for m in game.state_now.monsters)
    for seat, agent in enumerate(game.possible_agents):
        assert rewards[agent] == (1.0 if seat in winners else -1.0)


def test_only_the_deciding_agent_has_a_mask() -> None:
    game = raw_env(monsters=3)
    game.reset(seed=2)
    decider = game.agent_selection
    for agent in game.agents:
        mask = game.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == decider)
