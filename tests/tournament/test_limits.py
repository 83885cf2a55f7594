"""Limits of a series (review): timeouts beyond what the platform can wait for are refused up
front, and a game can be bounded in engine steps (``play_game(max_steps=)``)."""

from __future__ import annotations

import math

import pytest

from kingofny import ArgumentError, RandomPlayer, play_game, replay, simulate
from kingofny.cli import main
from kingofny.runner import MAX_TIMEOUT, GameResult
from kingofny.tournament import format_report, load_results, report

BAD_TIMEOUTS = [math.inf, -math.inf, math.nan, MAX_TIMEOUT * 1.001, 1e30, 0, -1.0, "1", True]


@pytest.mark.parametrize("timeout", BAD_TIMEOUTS)
@pytest.mark.parametrize("name", ["decision_timeout", "game_timeout"])
def test_a_timeout_out_of_range_is_an_argument_error(name: str, timeout: object) -> None:
    """``inf`` or anything above about 24.8 days was accepted and then aborted every game (the
    platform's waits take at most 2**31 - 1 ms)."""
    with pytest.raises(ArgumentError, match=rf"simulate\({name}\)") as caught:
        simulate([RandomPlayer, RandomPlayer], 1, seed=1, **{name: timeout})  # type: ignore[arg-type]
    assert caught.value.field == f"simulate({name})"


def test_the_largest_timeout_is_accepted() -> None:
    summary = simulate(
        [RandomPlayer, RandomPlayer],
        1,
        seed=1,
        decision_timeout=MAX_TIMEOUT,
        game_timeout=MAX_TIMEOUT,
    )
    assert summary.games == 1
    assert summary.aborted == 0


@pytest.mark.parametrize("option", ["--decision-timeout", "--game-timeout"])
@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "1e9", "0", "-2"])
def test_the_cli_refuses_a_timeout_out_of_range(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", f"{option}={value}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kingofny: error: {option} ")
    assert err.count("\n") == 1


def test_max_steps_ends_the_game_as_a_fault() -> None:
    players = [RandomPlayer(seed=1), RandomPlayer(seed=2)]
    whole = play_game(players, seed=4)
    steps = len(whole.record.events)
    assert whole.finished
    for limit in (0, 40, steps // 2):
        result = play_game([RandomPlayer(seed=1), RandomPlayer(seed=2)], seed=4, max_steps=limit)
        assert result.status == "aborted"
        assert result.winners is None
        (fault,) = result.faults
        assert fault.seat is None  # the game's fault, not a player's
        assert f"more than {limit} engine steps" in fault.problem
        assert len(result.record.events) > limit
        assert replay(result.record) == result.final_state
        assert result.record.events == whole.record.events[: len(result.record.events)]
    # A limit the game stays within changes nothing.
    same = play_game([RandomPlayer(seed=1), RandomPlayer(seed=2)], seed=4, max_steps=steps)
    assert same == whole


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_a_bad_max_steps_is_an_argument_error(bad: object) -> None:
    with pytest.raises(ArgumentError, match=r"play_game\(max_steps\)"):
        play_game([RandomPlayer(), RandomPlayer()], seed=1, max_steps=bad)  # type: ignore[arg-type]


def test_a_series_with_max_steps_records_the_fault_in_its_rows(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "r.jsonl"
    kept: list[GameResult] = []
    summary = simulate(
        [RandomPlayer, RandomPlayer],
        3,
        seed=2,
        max_steps=30,
        output=path,
        on_result=lambda i, r, s: kept.append(r),
    )
    assert summary.aborted == 3
    assert summary.game_faults == 3
    assert summary.faults == 0  # no player's fault
    rows = load_results(path).rows
    for row in rows:
        assert row.status == "aborted"
        (fault,) = row.faults
        assert fault.seat is None
        assert "more than 30 engine steps" in fault.problem
    assert load_results(path).manifest["max_steps"] == 30
    rep = report(load_results(path), ratings=False)
    assert rep.length.game_faults == rep.length.aborted == 3
    assert "aborted by the game's own limit (max_steps, game_timeout): 3" in format_report(rep)
    assert all(f.faults == 0 for f in rep.faults)


def test_the_cli_max_steps(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--players", "random,random", "--workers", "1"]
    assert main([*argv, "--max-steps", "10"]) == 0
    out = capsys.readouterr().out
    assert "aborted (--max-steps or --game-timeout): 2" in out
    assert "player's fault" not in out
    assert main([*argv, "--max-steps=-1"]) == 2
    assert "--max-steps must be 0 or more" in capsys.readouterr().err


def test_a_single_game_stopped_by_its_limit_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "1", "--players", "random,random", "--max-steps", "10"]
    assert main(argv) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("game 1: aborted (the game took more than 10 engine steps")
