"""The Gymnasium adapter (issue 9, *Adapters*), checked with Gymnasium's own checker."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import kingofny as k  # noqa: E402
from kingofny.envs.gymnasium import ENV_ID, KingOfNYEnv  # noqa: E402
from kingofny.ids import ActionIds  # noqa: E402


def play(env: KingOfNYEnv, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return chosen, float(reward)


def test_gymnasiums_own_checker_passes() -> None:
    """Issue 9: "A framework's own checker ... is better than our imitation of it"."""
    check_env(KingOfNYEnv(), skip_render_check=True)


def test_the_env_is_registered_under_its_id_and_plays_a_masked_episode_to_the_end() -> None:
    """Issue 9: "one masked episode to the end through gymnasium.make"."""
    env = gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}")
    assert isinstance(env.unwrapped, KingOfNYEnv)
    assert env.action_space.n == ActionIds().size
    obs, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(10_000):
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:
            break
    assert terminated
    assert reward in (-1.0, 1.0)


def test_a_seed_replays_the_same_episode() -> None:
    assert play(KingOfNYEnv(), 3) == play(KingOfNYEnv(), 3)


def test_the_reward_is_the_learners_return_at_the_end() -> None:
    """+1 if the learner's seat won, -1 otherwise (kingofny.ids.returns); 0 before."""
    env = KingOfNYEnv(2)
    _, reward = play(env, 5)
    assert env.state.is_terminal
    assert reward == (1.0 if 0 in (env.state.winners or ()) else -1.0)


@pytest.mark.parametrize("policy", ["penalize", "terminate", "raise"])
def test_an_illegal_id_follows_the_policy(policy: str) -> None:
    env = KingOfNYEnv(illegal=policy, penalty=-0.5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state
    if policy == "raise":
        with pytest.raises(k.IllegalActionError, match="is not legal now"):
            env.step(illegal)
        return
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-0.5, policy == "terminate", True)
    assert env.state == before


def test_bad_settings_are_argument_errors() -> None:
    with pytest.raises(k.ArgumentError, match="illegal"):
        KingOfNYEnv(illegal="ignore")
    with pytest.raises(k.ArgumentError, match="seat"):
        KingOfNYEnv(4, seat=4)
    with pytest.raises(k.ArgumentError, match="opponents"):
        KingOfNYEnv(4, opponents=[k.RandomPlayer])
