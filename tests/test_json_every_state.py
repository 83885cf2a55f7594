"""Whatever the engine produces, ``to_json`` writes and ``from_json`` reads back (DESIGN
Contract 8), in both chance modes, at every state a game stops at.

The regression cases are the games in which the monster whose turn it was died with symbols its
cards had added still unresolved: its turn ends at once (rulings C3), its cards are gone, and
the state still shows the symbols they added. ``to_json`` refused such states.
"""

from __future__ import annotations

import pytest

import kingofny
from kingofny import GameState, RandomPlayer, from_json, to_json
from tests.support import random_stops

SWEEP_GAMES = 25
"""Games per chance mode in the sweep (2 to 6 monsters in turn)."""


def _round_trip(state: GameState) -> None:
    text = to_json(state)
    back = from_json(text)
    assert back == state
    assert to_json(back) == text


def _stops(players: int, seed: int, explicit: bool) -> list[GameState]:
    """Every state a random game stops at, the final one last."""
    state = kingofny.new_game(players) if explicit else kingofny.new_game(players, seed=seed)
    return list(random_stops(state, seed))


def test_a_game_whose_roller_died_with_added_symbols_unresolved_writes() -> None:
    """The reported game: five random players, seed 153; its last roller dies holding symbols
    Hailing Cabs-style cards added (rulings C3), and the final state writes and reads back."""
    result = kingofny.play_game([RandomPlayer(153 * 7 + i) for i in range(5)], seed=153)
    final = result.final_state
    roller = final.monsters[final.turn.seat]
    assert roller.eliminated
    assert any(n > d for n, d in zip(final.turn.unresolved.counts, final.turn.dice.counts))
    _round_trip(final)


def test_an_explicit_game_whose_roller_died_with_added_symbols_writes() -> None:
    """The same in explicit-chance mode (the sweep's game 123: five monsters)."""
    final = _stops(5, 123, explicit=True)[-1]
    assert final.monsters[final.turn.seat].eliminated
    _round_trip(final)


@pytest.mark.parametrize("explicit", [False, True], ids=["seeded", "explicit"])
def test_every_state_of_random_games_round_trips(explicit: bool) -> None:
    """Every stop of many random games, final states included, writes and reads back."""
    for game in range(SWEEP_GAMES):
        for state in _stops(2 + game % 5, 1000 + game, explicit):
            _round_trip(state)
