"""The OpenSpiel game (issue 9, *Adapters*), checked with OpenSpiel's own random_sim_test."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import kingofny.envs.openspiel  # noqa: E402, F401 - registers python_kingofny
from kingofny.ids import ActionIds, OutcomeIds, observation_names  # noqa: E402


@pytest.mark.parametrize("players", [2, 4, 6])
def test_openspiels_random_sim_test_passes(players: int) -> None:
    """Issue 9: "A framework's own checker ... is better than our imitation of it"; states
    serialise (OpenSpiel's history of actions)."""
    game = pyspiel.load_game(f"python_kingofny(players={players})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_info_matches_the_codecs() -> None:
    """Issue 9: "explicit stochastic chance mapped 1:1 onto OutcomeIds"."""
    game = pyspiel.load_game("python_kingofny(players=3)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == ActionIds().size
    assert game.max_chance_outcomes() == OutcomeIds().size
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
    assert len(state.observation_tensor(0)) == len(observation_names())
