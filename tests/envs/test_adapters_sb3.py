"""Issue 23 §3: the Gymnasium env with sb3-contrib's action masking (``MaskablePPO``). Needs
``sb3-contrib`` (and torch); skipped without it."""

from __future__ import annotations

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
