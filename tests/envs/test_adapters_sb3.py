"""Issue 23 §3: the Gymnasium env with sb3-contrib's action masking (``MaskablePPO``). Needs
``sb3-contrib`` (and torch); skipped without it."""

from __future__ import annotations

from typing import Any

import pytest

# Imported through importorskip (typed Any): neither package is in an extra that the type
# check installs.
sb3_contrib = pytest.importorskip("sb3_contrib")
maskable_utils = pytest.importorskip("sb3_contrib.common.maskable.utils")
env_util = pytest.importorskip("stable_baselines3.common.env_util")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from kingofny.envs.gymnasium import ENV_ID, KingOfNYEnv  # noqa: E402

MaskablePPO = sb3_contrib.MaskablePPO
get_action_masks = maskable_utils.get_action_masks
is_masking_supported = maskable_utils.is_masking_supported
make_vec_env = env_util.make_vec_env


def test_sb3_contrib_finds_and_reads_the_masks() -> None:
    """Issue 23 §3: ``is_masking_supported`` and ``get_action_masks`` on the env made by
    ``gymnasium.make`` (through its wrappers) and on a vector env: the observation's mask."""
    env = gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", monsters=2)
    assert is_masking_supported(env)
    obs, _ = env.reset(seed=1)
    masks = get_action_masks(env)
    assert masks.dtype == np.bool_
    np.testing.assert_array_equal(masks, obs["action_mask"].astype(bool))
    vectors = make_vec_env(lambda: KingOfNYEnv(2), n_envs=2, seed=0)
    assert is_masking_supported(vectors)
    stacked = vectors.reset()
    np.testing.assert_array_equal(get_action_masks(vectors), stacked["action_mask"].astype(bool))


def test_maskable_ppo_learns_a_little_and_only_picks_legal_ids() -> None:
    """Issue 23 §3: MaskablePPO trains on the env (Dict observations, MultiInputPolicy) and,
    given the masks, predicts legal ids only."""
    vectors = make_vec_env(lambda: KingOfNYEnv(2), n_envs=2, seed=0)
    model = MaskablePPO(
        "MultiInputPolicy", vectors, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu"
    )
    model.learn(64)
    obs = vectors.reset()
    for _ in range(20):
        masks = get_action_masks(vectors)
        actions, _ = model.predict(obs, action_masks=masks)
        assert all(masks[i][a] for i, a in enumerate(actions))
        obs, *_ = vectors.step(actions)


def _observation_only(env: KingOfNYEnv) -> object:
    """The single env with its observation alone (what :class:`SB3VecEnv` returns)."""
    spaces: Any = env.observation_space  # a gymnasium.spaces.Dict
    box = spaces["observation"]
    return gymnasium.wrappers.TransformObservation(env, lambda obs: obs["observation"], box)


def test_the_sb3_adapter_plays_the_games_of_dummy_vec_env() -> None:
    """Issue 23 §2: ``SB3VecEnv`` (the batched env for Stable-Baselines3) returns, step for
    step, what SB3's own ``DummyVecEnv`` over the single env returns from the same seeds:
    observations, masks, rewards, dones, terminal observations, through game ends."""
    from kingofny.envs.sb3 import SB3VecEnv

    dummy_vec_env = pytest.importorskip("stable_baselines3.common.vec_env").DummyVecEnv
    ours = SB3VecEnv(3, 4, seat=1, max_steps=10)
    theirs = dummy_vec_env([lambda: _observation_only(KingOfNYEnv(4, seat=1, max_steps=10))] * 3)
    ours.seed(11)
    theirs.seed(11)
    np.testing.assert_array_equal(ours.reset(), theirs.reset())
    rng = np.random.default_rng(0)
    ended = 0
    for step in range(80):
        masks = get_action_masks(ours)
        np.testing.assert_array_equal(masks, get_action_masks(theirs))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        obs, rewards, dones, infos = ours.step(actions)
        e_obs, e_rewards, e_dones, e_infos = theirs.step(actions)
        np.testing.assert_array_equal(obs, e_obs, err_msg=str(step))
        np.testing.assert_array_equal(rewards, e_rewards.astype(np.float32))
        np.testing.assert_array_equal(dones, e_dones)
        for i in np.flatnonzero(dones):
            np.testing.assert_array_equal(
                infos[i]["terminal_observation"], e_infos[i]["terminal_observation"]
            )
            assert infos[i]["TimeLimit.truncated"] == e_infos[i]["TimeLimit.truncated"]
            ended += 1
    assert ended >= 3


def test_maskable_ppo_trains_on_the_sb3_adapter() -> None:
    """Issue 23 §2: MaskablePPO (``MlpPolicy`` over the Box observation) finds the masks of
    ``SB3VecEnv`` and trains on it."""
    from kingofny.envs.sb3 import SB3VecEnv

    env = SB3VecEnv(2, monsters=2, seat="random")
    assert is_masking_supported(env)
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(64)
    obs = env.reset()
    masks = get_action_masks(env)
    actions, _ = model.predict(obs, action_masks=masks)
    assert all(masks[i][a] for i, a in enumerate(actions))


def test_the_sb3_adapter_refuses_the_options_it_sets() -> None:
    """``autoreset_mode`` and ``copy`` are the adapter's own: giving them is an ArgumentError
    naming them, not a TypeError about duplicate keywords."""
    import kingofny as k
    from kingofny.envs.sb3 import SB3VecEnv

    for option, value in (("autoreset_mode", "next-step"), ("copy", True)):
        with pytest.raises(k.ArgumentError, match=option):
            SB3VecEnv(2, 2, **{option: value})
