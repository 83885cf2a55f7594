"""Issue 23 §1 and §4: the PettingZoo env through SuperSuit (``pip install supersuit``, no
torch): its vector environments copy the env with cloudpickle (into other processes with
``num_cpus`` > 1), and ``black_death_v3`` needs Box observations."""

from __future__ import annotations

from typing import Any

import pytest

ss = pytest.importorskip("supersuit")
np = pytest.importorskip("numpy")

from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # noqa: E402

from kingofny.envs.pettingzoo import env  # noqa: E402


def _masked(rng: Any, masks: Any) -> Any:
    return np.array([int(rng.choice(np.flatnonzero(mask))) for mask in masks])


@pytest.mark.parametrize("num_cpus", [0, 2])
def test_supersuit_vector_envs_play_whole_games_with_keep_eliminated(num_cpus: int) -> None:
    """Issue 23 §1 and §4: ``pettingzoo_env_to_vec_env_v1`` (which needs every agent at every
    step: ``keep_eliminated``) and ``concat_vec_envs_v1`` (which cloudpickles the env, and with
    ``num_cpus=2`` runs the copies in other processes) play games to the end and reset; every
    row always has a legal id (the waiting agents' no-op)."""
    parallel = turn_based_aec_to_parallel(env(monsters=3, keep_eliminated=True))
    vectors = ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(parallel), 2, num_cpus=num_cpus)
    try:
        assert vectors.num_envs == 6
        obs, _ = vectors.reset(seed=3)
        rng = np.random.default_rng(0)
        finished: list[Any] = []
        for _ in range(5_000):
            masks = obs["action_mask"]
            assert masks.shape == (6, 3308)
            assert (masks.sum(axis=1) >= 1).all()
            obs, rewards, terminations, _, _ = vectors.step(_masked(rng, masks))
            for game in (slice(0, 3), slice(3, 6)):
                if terminations[game].any():
                    assert terminations[game].all()
                    finished.append(sorted(rewards[game].tolist()))
            if len(finished) >= 2:
                break
        assert len(finished) >= 2
        for rewards_at_end in finished:
            assert rewards_at_end[-1] == 1.0
            assert rewards_at_end[0] == -1.0
    finally:
        vectors.close()


def test_black_death_takes_the_flat_observation_and_plays_past_an_elimination() -> None:
    """Issue 23 §4: SuperSuit's ``black_death_v3`` refuses a Dict observation; with
    ``flat_observation`` it wraps the parallel view, and an eliminated monster then gets zeros
    and reward 0 while the game goes on to its end."""
    parallel = ss.black_death_v3(turn_based_aec_to_parallel(env(monsters=4, flat_observation=True)))
    obs, infos = parallel.reset(seed=7)
    base = parallel.unwrapped
    size = base.codec.size
    rng = np.random.default_rng(0)
    blacked: set[str] = set()
    for _ in range(10_000):
        if base.state_now.is_terminal:
            break
        actions = {}
        for agent in parallel.agents:
            mask = infos.get(agent, {}).get("action_mask")
            legal = np.flatnonzero(mask) if mask is not None else np.array([], dtype=int)
            actions[agent] = int(rng.choice(legal)) if legal.size else base.noop_id
        obs, rewards, _, _, infos = parallel.step(actions)
        assert set(obs) == set(base.possible_agents)
        for agent, vector in obs.items():
            assert vector.shape == (933 + size,)
            if not vector.any():
                blacked.add(agent)
                assert rewards[agent] == 0.0
    assert base.state_now.is_terminal
    eliminated = {
        agent
        for seat, agent in enumerate(base.possible_agents)
        if base.state_now.monsters[seat].eliminated
    }
    assert blacked
    assert blacked <= eliminated


def test_black_death_refuses_the_dict_observation() -> None:
    """Issue 23 §4: why ``flat_observation`` exists: the default observation is a Dict, which
    ``black_death_v3`` does not accept."""
    with pytest.raises(AssertionError, match="must be Box"):
        ss.black_death_v3(turn_based_aec_to_parallel(env(monsters=2))).reset(seed=1)
