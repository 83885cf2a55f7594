"""The batched environment (issue 23 §2): it plays exactly the games Gymnasium's own
``SyncVectorEnv`` plays over the single environment, autoresets included, and its spaces hold
what it returns."""

from __future__ import annotations

import random
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import kingofny as k  # noqa: E402
from kingofny.envs.gymnasium import KingOfNYEnv  # noqa: E402
from kingofny.envs.vector import KingOfNYVectorEnv  # noqa: E402

OPTIONS: dict[str, Any] = {"monsters": 4, "seat": 1, "max_steps": 12}
"""Short episodes, so that truncations and autoresets happen within the test."""


def _reference(
    n: int, mode: AutoresetMode = AutoresetMode.NEXT_STEP, **options: Any
) -> SyncVectorEnv:
    def make() -> KingOfNYEnv:
        return KingOfNYEnv(**options)

    return SyncVectorEnv([make] * n, autoreset_mode=mode)


def _pick(masks: Any, rng: random.Random, illegal_every: int, step: int) -> Any:
    """A legal id per game from its mask (and, every ``illegal_every`` steps, an illegal one
    for game 0)."""
    chosen = [rng.choice(np.flatnonzero(row).tolist()) for row in masks]
    if illegal_every and step % illegal_every == 0:
        chosen[0] = int(np.flatnonzero(masks[0] == 0)[0])
    return np.array(chosen)


@pytest.mark.parametrize(
    ("illegal", "reward", "seat"),
    [("penalize", "win", 1), ("terminate", "win", 1), ("penalize", "shaped", "random")],
)
def test_the_batch_plays_the_games_of_sync_vector_env(
    illegal: str, reward: str, seat: object
) -> None:
    """Issue 23 §2: step for step, the same observations, masks, rewards, terminations and
    truncations as ``SyncVectorEnv`` of the single environment with the same seeds, through
    game ends, truncations, illegal ids and Gymnasium's next-step autoreset."""
    n = 3
    options = {**OPTIONS, "illegal": illegal, "reward": reward, "seat": seat}
    ours = KingOfNYVectorEnv(n, **options)
    theirs = _reference(n, **options)
    obs, _ = ours.reset(seed=7)
    expected, _ = theirs.reset(seed=7)
    assert data_equivalence(obs, expected, exact=True)
    rng = random.Random(3)
    ended = 0
    resets = np.zeros(n, dtype=bool)  # the games that reset at this step
    for step in range(150):
        actions = _pick(obs["action_mask"], rng, 9, step)
        obs, rewards, terminated, truncated, infos = ours.step(actions)
        expected, e_rewards, e_terminated, e_truncated, _ = theirs.step(actions)
        assert data_equivalence(obs, expected, exact=True), step
        assert np.array_equal(rewards, e_rewards), step
        assert np.array_equal(terminated, e_terminated), step
        assert np.array_equal(truncated, e_truncated), step
        ended += int(terminated.sum() + truncated.sum())
        if step % 9 == 0 and not resets[0]:
            assert infos["illegal"][0]  # the illegal id was refused, not played
        resets = terminated | truncated
    assert ended >= 3  # the episodes did end and restart


@pytest.mark.parametrize("illegal", ["penalize", "terminate"])
def test_same_step_autoreset_plays_the_games_of_sync_vector_env(illegal: str) -> None:
    """``autoreset_mode="same-step"``: the same steps as ``SyncVectorEnv`` in Gymnasium's
    same-step mode, and ``infos["final_obs"]`` holds each ended game's last observation."""
    n = 3
    options = {**OPTIONS, "illegal": illegal}
    ours = KingOfNYVectorEnv(n, autoreset_mode="same-step", **options)
    assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    theirs = _reference(n, AutoresetMode.SAME_STEP, **options)
    obs, _ = ours.reset(seed=5)
    expected, _ = theirs.reset(seed=5)
    rng = random.Random(4)
    finals = 0
    for step in range(150):
        actions = _pick(obs["action_mask"], rng, 11, step)
        obs, rewards, terminated, truncated, infos = ours.step(actions)
        expected, e_rewards, e_terminated, e_truncated, e_infos = theirs.step(actions)
        assert data_equivalence(obs, expected, exact=True), step
        assert np.array_equal(rewards, e_rewards), step
        assert np.array_equal(terminated | truncated, e_terminated | e_truncated), step
        ended = terminated | truncated
        assert np.array_equal(infos.get("_final_obs", np.zeros(n, bool)), ended), step
        for i in np.flatnonzero(ended):
            assert data_equivalence(infos["final_obs"][i], e_infos["final_obs"][i], exact=True)
            finals += 1
    assert finals >= 3


def test_an_unknown_autoreset_mode_is_an_argument_error() -> None:
    """Only the next-step and same-step modes are offered."""
    with pytest.raises(k.ArgumentError, match="autoreset_mode"):
        KingOfNYVectorEnv(2, autoreset_mode="disabled", **OPTIONS)


def test_the_returned_values_are_in_the_batched_spaces() -> None:
    """Issue 23 §2: the observation space of the batch holds every observation, the action
    space every batch of ids; masks and ``action_masks()`` agree."""
    vec = KingOfNYVectorEnv(2, **OPTIONS)
    obs, _ = vec.reset(seed=1)
    rng = random.Random(1)
    for step in range(30):
        assert vec.observation_space.contains(obs), step
        assert np.array_equal(vec.action_masks(), obs["action_mask"].astype(bool))
        actions = _pick(obs["action_mask"], rng, 0, step)
        assert vec.action_space.contains(actions)
        obs, rewards, *_ = vec.step(actions)
        assert rewards.dtype == np.float64


def test_copies_are_returned_unless_asked_otherwise() -> None:
    """With ``copy=True`` (the default) a step does not change what an earlier one returned;
    with ``copy=False`` the arrays are the batch's own."""
    vec = KingOfNYVectorEnv(2, **OPTIONS)
    first, _ = vec.reset(seed=2)
    kept = first["observation"].copy()
    vec.step(_pick(first["action_mask"], random.Random(0), 0, 1))
    assert np.array_equal(first["observation"], kept)
    shared = KingOfNYVectorEnv(2, copy=False, **OPTIONS)
    a, _ = shared.reset(seed=2)
    b, *_ = shared.step(_pick(a["action_mask"], random.Random(0), 0, 1))
    assert a["observation"] is b["observation"]


def test_bad_arguments_are_argument_errors() -> None:
    """A wrong count, seed list or batch of actions names the argument; an illegal id with
    ``illegal="raise"`` is an IllegalActionError naming the game."""
    with pytest.raises(k.ArgumentError, match="num_envs"):
        KingOfNYVectorEnv(0)
    vec = KingOfNYVectorEnv(2, illegal="raise", **OPTIONS)
    with pytest.raises(k.ArgumentError, match="seed"):
        vec.reset(seed=[1, 2, 3])
    obs, _ = vec.reset(seed=[1, 2])
    with pytest.raises(k.ArgumentError, match="actions"):
        vec.step(np.zeros(3, dtype=np.int64))
    bad = _pick(obs["action_mask"], random.Random(0), 1, 0)
    states = [env.state for env in vec.envs]
    with pytest.raises(k.IllegalActionError, match="game 0"):
        vec.step(bad)
    assert [env.state for env in vec.envs] == states  # no game moved, game 1 neither


def test_the_games_share_one_action_numbering() -> None:
    """Issue 23 §2: the codec is built once for the batch (``ActionIds.shared``)."""
    vec = KingOfNYVectorEnv(3, **OPTIONS)
    assert len({id(env.codec) for env in vec.envs}) == 1
    assert vec.envs[0].codec is k.ids.ActionIds.shared(("base",))


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_the_batch_pickles_and_copies_mid_game(how: str) -> None:
    """Issue 23 §1 (pickle and deepcopy, for checkpoints and process-pool workers): a copy of a
    batch mid-game plays on exactly as the original does."""
    import copy
    import pickle

    ours = KingOfNYVectorEnv(2, **OPTIONS)
    obs, _ = ours.reset(seed=5)
    rng = random.Random(1)
    for step in range(5):
        obs, *_ = ours.step(_pick(obs["action_mask"], rng, 0, step))
    twin = pickle.loads(pickle.dumps(ours)) if how == "pickle" else copy.deepcopy(ours)
    twin_obs = obs
    for step in range(20):
        actions = _pick(obs["action_mask"], rng, 0, step)
        obs, rewards, *_ = ours.step(actions)
        twin_obs, twin_rewards, *_ = twin.step(actions)
        assert data_equivalence(obs, twin_obs, exact=True), step
        assert np.array_equal(rewards, twin_rewards)
