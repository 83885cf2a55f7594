"""Isolation (issue 11): bots in their own processes cannot alter the game, and a late bot is
stopped at its decision timeout."""

from __future__ import annotations

import pytest

from kingofny import ArgumentError, PlayerError, RandomPlayer, ReplayError, replay, simulate
from kingofny.runner import GameResult
from tests.tournament.bots import Bypasser, FirstLegal, Quitter, Sleeper


def _games(factories: list[object], games: int, **kwargs: object) -> list[GameResult]:
    kept: list[GameResult] = []
    simulate(
        factories,  # type: ignore[arg-type]
        games,
        seed=21,
        on_result=lambda i, r, s: kept.append(r),
        **kwargs,  # type: ignore[arg-type]
    )
    return kept


def test_the_bypass_wins_in_process_but_not_isolated() -> None:
    """``object.__setattr__(view.monsters[me], "vp", 99)`` reaches the runner's state when the
    bot shares its process: it wins at once and the record no longer replays to the final state.
    Isolated, the bot only writes into its copy: the game is the honest bot's game."""
    (cheated,) = _games([Bypasser, RandomPlayer], 1)
    assert cheated.winners is not None
    assert 99 in [m.vp for m in cheated.final_state.monsters]
    with pytest.raises(ReplayError):  # the game the record describes is not the one played
        replay(cheated.record)

    (isolated,) = _games([Bypasser, RandomPlayer], 1, isolate=True)
    (honest,) = _games([FirstLegal, RandomPlayer], 1)
    assert isolated.record == honest.record
    assert isolated.final_state == honest.final_state
    assert max(m.vp for m in isolated.final_state.monsters) < 99
    assert replay(isolated.record) == isolated.final_state


def test_a_sleeping_bot_times_out_and_its_game_is_aborted() -> None:
    """Default policy, abort: the late decision stops the game with the reason; the next game
    gets a fresh bot process and times out the same way (the bot sleeps in every game)."""
    results = _games([Sleeper, RandomPlayer], 2, decision_timeout=0.3)
    for result in results:
        assert result.status == "aborted"
        (fault,) = result.faults
        assert fault.problem == "timed out after 0.3 s"
        assert replay(result.record) == result.final_state


def test_a_timeout_under_the_random_policy_plays_the_game_out() -> None:
    (result,) = _games([Sleeper, RandomPlayer], 1, decision_timeout=0.3, on_illegal="random")
    assert result.final_state.is_terminal
    assert result.faults[0].problem == "timed out after 0.3 s"
    # The bot's process was stopped: its later decisions in the game are random substitutes.
    later = result.faults[1:]
    assert later
    assert all("stopped after an earlier fault" in f.problem for f in later)
    assert replay(result.record) == result.final_state


def test_a_timeout_under_the_strict_policy_raises() -> None:
    with pytest.raises(PlayerError, match=r"timed out after 0\.3 s"):
        _games([Sleeper, RandomPlayer], 1, decision_timeout=0.3, on_illegal="raise")


@pytest.mark.parametrize("timeout", [0, -1.0, "1", True])
def test_a_bad_timeout_is_refused(timeout: object) -> None:
    with pytest.raises(ArgumentError, match="decision_timeout"):
        simulate([RandomPlayer, RandomPlayer], 1, seed=1, decision_timeout=timeout)  # type: ignore[arg-type]


def test_a_bot_that_kills_its_process_is_a_fault_not_a_crash() -> None:
    results = _games([Quitter, RandomPlayer], 2, isolate=True)
    for result in results:
        assert result.status == "aborted"
        (fault,) = result.faults
        assert "its process died" in fault.problem
