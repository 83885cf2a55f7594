"""The PettingZoo AEC adapter (issue 9, *Adapters*), checked with PettingZoo's own tests."""

from __future__ import annotations

from typing import Any

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

from gymnasium import spaces as gymnasium_spaces  # noqa: E402

import kingofny as k  # noqa: E402
from kingofny.envs.pettingzoo import env, raw_env  # noqa: E402
from kingofny.ids import observation_names  # noqa: E402


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


OPTIONS = [
    {"keep_eliminated": True},
    {"flat_observation": True},
    {"keep_eliminated": True, "flat_observation": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(sorted(o)))
@pytest.mark.parametrize("monsters", [2, 5])
def test_pettingzoos_api_test_passes_with_the_new_options(
    options: dict[str, bool], monsters: int
) -> None:
    """Issue 23 §4: ``api_test`` with ``keep_eliminated`` and ``flat_observation`` (the mask
    then read from the info)."""
    pettingzoo_test.api_test(
        env(monsters=monsters, **options), num_cycles=300, verbose_progress=False
    )


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(sorted(o)))
def test_pettingzoos_seed_test_passes_with_the_new_options(options: dict[str, bool]) -> None:
    """Issue 23 §4: the options keep games reproducible from the reset seed."""
    pettingzoo_test.seed_test(lambda: env(monsters=3, **options), num_cycles=200)


def test_eliminated_monsters_stay_until_the_end_with_only_the_noop_in_their_mask() -> None:
    """Issue 23 §4: with ``keep_eliminated`` every agent stays in ``agents`` (not terminated)
    until the game ends; an eliminated monster's mask is all zeros but the no-op id (Pass's,
    3058), as is every waiting agent's; at the end every agent gets its return."""
    game = raw_env(monsters=4, keep_eliminated=True)
    assert game.noop_id == game.codec.encode(k.Pass()) == 3058
    game.reset(seed=7)
    rng = np.random.default_rng(7)
    saw_eliminated = False
    while not game.state_now.is_terminal:
        assert game.agents == game.possible_agents
        assert not any(game.terminations.values())
        decider = game.agent_selection
        for seat, agent in enumerate(game.agents):
            mask = game.observe(agent)["action_mask"]
            if agent == decider:
                assert not game.state_now.monsters[seat].eliminated
                assert mask.sum() == len(game.codec.legal_ids(game.state_now))
            else:
                assert np.flatnonzero(mask).tolist() == [game.noop_id]
            saw_eliminated |= game.state_now.monsters[seat].eliminated
        assert game.rewards[decider] == 0.0
        observation = game.observe(decider)
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert saw_eliminated
    winners = game.state_now.winners
    assert winners is not None
    assert all(game.terminations.values())
    for seat, agent in enumerate(game.possible_agents):
        assert game.rewards[agent] == (1.0 if seat in winners else -1.0)
        assert not game.observe(agent)["action_mask"].any()
    # A terminated agent's step takes the no-op as well as None, and does nothing else.
    last = game.state_now
    while game.agents:
        game.step(game.noop_id)
    assert game.state_now is last


def test_without_keep_eliminated_a_terminated_agent_still_refuses_another_action() -> None:
    """Issue 23 §4: only None or the no-op id is a dead step; any other id is refused."""
    game = raw_env(monsters=2)
    game.reset(seed=1)
    while not game.terminations[game.agent_selection]:
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(ValueError, match="only valid action is None"):
        game.step(0)


def test_a_flat_observation_is_the_observation_then_the_mask() -> None:
    """Issue 23 §4: ``flat_observation`` gives one Box vector, the observation followed by the
    mask, and the mask in the info (int8), for every agent."""
    flat = raw_env(monsters=3, flat_observation=True)
    plain = raw_env(monsters=3)
    flat.reset(seed=5)
    plain.reset(seed=5)
    space = flat.observation_space("monster_0")
    assert isinstance(space, gymnasium_spaces.Box)
    size = len(observation_names())
    assert space.shape == (size + flat.codec.size,)
    for agent in flat.agents:
        vector = flat.observe(agent)
        assert space.contains(vector)
        parts = plain.observe(agent)
        np.testing.assert_array_equal(vector[:size], parts["observation"])
        np.testing.assert_array_equal(vector[size:], parts["action_mask"])
        np.testing.assert_array_equal(flat.infos[agent]["action_mask"], parts["action_mask"])


def test_action_masks_are_each_agents_mask_as_booleans() -> None:
    """Issue 23 §3: ``action_masks(agent)`` (default: the selected agent) is the agent's mask
    from its observation, as booleans."""
    game = raw_env(monsters=3, keep_eliminated=True)
    game.reset(seed=3)
    default = game.action_masks()
    assert default.dtype == np.bool_
    assert default.shape == (game.codec.size,)
    np.testing.assert_array_equal(default, game.observe(game.agent_selection)["action_mask"])
    assert default.sum() > 0
    for agent in game.agents:
        np.testing.assert_array_equal(
            game.action_masks(agent), game.observe(agent)["action_mask"].astype(bool)
        )
    with pytest.raises(k.ArgumentError, match="no agent 'monster_9'"):
        game.action_masks("monster_9")


def test_the_parallel_view_passes_pettingzoos_parallel_api_test() -> None:
    """Issue 23 §4: with ``keep_eliminated``, PettingZoo's ``turn_based_aec_to_parallel`` view
    (every agent acts each step; the waiting ones send the no-op) passes ``parallel_api_test``
    with all agents present to the end."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    parallel = turn_based_aec_to_parallel(env(monsters=4, keep_eliminated=True))
    pettingzoo_test.parallel_api_test(parallel, num_cycles=2_000)
    assert parallel.unwrapped.state_now.is_terminal


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"keep_eliminated": "yes"}, "keep_eliminated"),
        ({"flat_observation": 1}, "flat_observation"),
    ],
)
def test_bad_options_are_argument_errors(kwargs: dict[str, Any], field: str) -> None:
    """Issue 23 §2: a wrong option raises an ArgumentError naming it."""
    with pytest.raises(k.ArgumentError) as info:
        raw_env(**kwargs)
    assert info.value.field == field


def test_pettingzoos_render_test_passes() -> None:
    """Issue 23 §5: ``render_test`` asks for ``render_mode="human"`` then each mode of the
    metadata; ``render_fps`` is declared."""
    assert raw_env.metadata["render_modes"] == ["human", "ansi"]
    fps = raw_env.metadata["render_fps"]
    assert isinstance(fps, int)
    assert fps > 0
    pettingzoo_test.render_test(lambda render_mode=None: env(render_mode=render_mode))


def test_human_rendering_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 §5: ``"human"`` prints the position at reset and at each step, and
    ``render()`` returns None; ``"ansi"`` returns the same text."""
    human = raw_env(monsters=2, render_mode="human")
    ansi = raw_env(monsters=2, render_mode="ansi")
    human.reset(seed=4)
    ansi.reset(seed=4)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    action = int(np.flatnonzero(ansi.observe(ansi.agent_selection)["action_mask"])[0])
    human.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    assert human.render() is None
    assert capsys.readouterr().out == f"{ansi.render()}\n"
