"""Issue 23 §1: the RL adapters and the id tables pickle and deep-copy in both builds.

The compiled build's id table (``kingofny._ids_core``) had no pickle support, so neither the
Gymnasium and PettingZoo environments nor ``ActionIds`` / ``OutcomeIds`` could be unpickled or
deep-copied there. These tests run in whichever build is installed (``kingofny.COMPILED``); the
``compiled`` nox session runs them on the compiled wheel.
"""

from __future__ import annotations

import copy
import pickle
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import kingofny as k
from kingofny.ids import ActionIds, OutcomeIds

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", sorted(COPIES))
def test_action_ids_pickle_and_copy_and_number_the_same(how: str) -> None:
    """Issue 23 §1: ``ActionIds`` survives pickle and deepcopy, in either build, with the same
    vocabulary (fingerprint, size, legal ids, mask, decoding)."""
    ids = ActionIds()
    twin = COPIES[how](ids)
    assert isinstance(twin, ActionIds)
    assert (twin.fingerprint, twin.size, twin.packs) == (ids.fingerprint, ids.size, ids.packs)
    state = k.new_game(4, seed=5)
    for _ in range(40):
        assert twin.legal_ids(state) == ids.legal_ids(state)
        assert twin.mask(state) == ids.mask(state)
        first = ids.legal_ids(state)[0]
        assert twin.decode(state, first) == ids.decode(state, first)
        state = k.apply(state, k.legal_actions(state)[-1])


@pytest.mark.parametrize("how", sorted(COPIES))
def test_outcome_ids_pickle_and_copy_and_number_the_same(how: str) -> None:
    """Issue 23 §1: ``OutcomeIds`` survives pickle and deepcopy with the same vocabulary, and
    lists the same chance outcomes of an explicit-chance game."""
    ids = OutcomeIds()
    twin = COPIES[how](ids)
    assert isinstance(twin, OutcomeIds)
    assert (twin.fingerprint, twin.size, twin.packs) == (ids.fingerprint, ids.size, ids.packs)
    state = k.new_game(3)
    while not k.chance_outcomes(state):
        state = k.apply(state, k.legal_actions(state)[0])
    assert twin.outcomes(state) == ids.outcomes(state)
    assert twin.outcomes(state)
    assert [twin.decode(i) for i in range(0, twin.size, 97)] == [
        ids.decode(i) for i in range(0, ids.size, 97)
    ]


def test_the_deprecated_action_codec_pickles_too() -> None:
    """Issue 23 §1: the deprecated alias ``kingofny.codec.ActionCodec`` (the same class)
    pickles and deep-copies."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from kingofny.codec import ActionCodec

    codec = ActionCodec()
    for how in COPIES.values():
        twin = how(codec)
        assert isinstance(twin, ActionCodec)
        assert twin.fingerprint == codec.fingerprint
        assert twin.legal_ids(k.new_game(2, seed=1)) == codec.legal_ids(k.new_game(2, seed=1))


def test_an_id_table_pickles_small_and_a_copy_is_the_table_itself() -> None:
    """Issue 23 §1: the tables are immutable, so a copy is the same object, and a pickle holds
    the packs, not the whole vocabulary."""
    ids = ActionIds()
    assert copy.copy(ids) is ids
    assert copy.deepcopy(ids) is ids
    assert len(pickle.dumps(ids)) < 1_000


def test_the_cores_tables_pickle_by_their_vocabulary() -> None:
    """Issue 23 §1: the id table and the observation layout of ``kingofny._ids_core`` (native
    classes in the compiled build, without pickle support of their own) pickle and copy."""
    from kingofny._ids_core import IdTable, Layout
    from kingofny.ids import observation_names

    actions = (k.StopRolling(), k.Pass(), k.EndBuying())
    table = IdTable(actions)
    layout = Layout(observation_names())
    for how in COPIES.values():
        twin = how(table)
        assert isinstance(twin, IdTable)
        assert [twin.encode(a) for a in actions] == [0, 1, 2]
        assert twin.mask((k.Pass(),)) == b"\x00\x01\x00"
        again = how(layout)
        assert isinstance(again, Layout)
        assert (again.size, again.row) == (layout.size, layout.row)


# -- the environments, mid-episode -------------------------------------------------------------


def _gym_lockstep(env: Any, twin: Any, seed: int, steps: int) -> int:
    """Both environments take the same masked random actions; everything they return must be
    equal. Returns the steps played."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(seed)
    played = 0
    for _ in range(steps):
        mask = env.unwrapped.action_masks()
        np.testing.assert_array_equal(mask, twin.unwrapped.action_masks())
        action = int(rng.choice(np.flatnonzero(mask)))
        a = env.step(action)
        b = twin.step(action)
        played += 1
        for key in ("observation", "action_mask"):
            np.testing.assert_array_equal(a[0][key], b[0][key])
        assert a[1:4] == b[1:4]
        assert a[4] == b[4]
        if a[2] or a[3]:
            break
    return played


def _gym_env_mid_episode() -> Any:
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from kingofny.envs.gymnasium import ENV_ID

    env = gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", monsters=3)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(1)
    for _ in range(25):
        obs, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not terminated
    return env


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_gymnasium_env_copied_mid_episode_goes_on_identically(how: str) -> None:
    """Issue 23 §1: ``pickle.loads(pickle.dumps(env))`` and ``copy.deepcopy(env)`` of the
    Gymnasium env (made by ``gymnasium.make``) mid-episode: the copy plays on exactly as the
    original (same observations, masks, rewards and ends for the same actions)."""
    env = _gym_env_mid_episode()
    twin = COPIES[how](env)
    assert twin is not env
    assert twin.unwrapped.state == env.unwrapped.state
    played = _gym_lockstep(env, twin, seed=3, steps=3_000)
    assert played > 0
    assert twin.unwrapped.state == env.unwrapped.state
    assert env.unwrapped.state.is_terminal


def _pz_lockstep(env: Any, twin: Any, seed: int) -> int:
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(seed)
    played = 0
    while env.agents:
        assert twin.agents == env.agents
        assert twin.agent_selection == env.agent_selection
        a = env.last()
        b = twin.last()
        for key in ("observation", "action_mask"):
            np.testing.assert_array_equal(a[0][key], b[0][key])
        assert a[1:] == b[1:]
        done = a[2] or a[3]
        action = None if done else int(rng.choice(np.flatnonzero(a[0]["action_mask"])))
        env.step(action)
        twin.step(action)
        played += 1
    assert not twin.agents
    return played


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_pettingzoo_env_copied_mid_episode_goes_on_identically(how: str) -> None:
    """Issue 23 §1: the PettingZoo env (with PettingZoo's wrapper) pickled or deep-copied
    mid-game plays on exactly as the original, to the end."""
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from kingofny.envs.pettingzoo import env as make_env

    env = make_env(monsters=4)
    env.reset(seed=4)
    rng = np.random.default_rng(2)
    for _ in range(30):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    twin = COPIES[how](env)
    assert twin is not env
    assert twin.unwrapped.state_now == env.unwrapped.state_now
    assert _pz_lockstep(env, twin, seed=9) > 0
    assert env.unwrapped.state_now.is_terminal
    assert twin.unwrapped.state_now == env.unwrapped.state_now
