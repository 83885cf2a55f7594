"""Series at scale (issue 11): identical results for every worker count, bots that fail contained,
result files that resume after a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kingofny import ConfigError, PlayerError, RandomPlayer, from_json, replay, simulate
from kingofny.players import HeuristicPlayer, player_factory
from kingofny.record import GameRecord
from kingofny.runner import GameResult, PlayerFactory
from kingofny.tournament import load_results
from tests.support import wait_for_rows
from tests.tournament.bots import Crasher

ROOT = Path(__file__).resolve().parents[2]


def _records(directory: Path) -> list[GameRecord]:
    found = []
    for path in sorted(directory.iterdir()):
        record = from_json(path.read_text(encoding="utf-8"))
        assert isinstance(record, GameRecord)
        found.append(record)
    return found


def test_two_workers_give_the_serial_summary_rows_and_records(tmp_path: Path) -> None:
    factories: list[PlayerFactory] = [HeuristicPlayer, player_factory("random"), RandomPlayer]
    kept: list[GameResult] = []
    serial = simulate(
        factories,
        6,
        seed=11,
        output=tmp_path / "serial.jsonl",
        records=tmp_path / "serial",
        on_result=lambda i, r, s: kept.append(r),
    )
    order: list[int] = []
    parallel = simulate(
        factories,
        6,
        seed=11,
        workers=2,
        chunksize=2,
        output=tmp_path / "parallel.jsonl",
        records=tmp_path / "parallel",
        on_result=lambda i, r, s: order.append(i),
    )
    assert parallel == serial
    assert order == list(range(6))  # callbacks in game order
    assert (tmp_path / "parallel.jsonl").read_bytes() == (tmp_path / "serial.jsonl").read_bytes()
    records = _records(tmp_path / "parallel")
    assert records == _records(tmp_path / "serial") == [r.record for r in kept]
    assert [replay(record) for record in records] == [r.final_state for r in kept]


def test_the_rows_add_up_to_the_summary(tmp_path: Path) -> None:
    summary = simulate([HeuristicPlayer, RandomPlayer], 4, seed=2, output=tmp_path / "r.jsonl")
    results = load_results(tmp_path / "r.jsonl")
    assert results.labels == summary.labels == ("heuristic", "random")
    assert [row.index for row in results] == [0, 1, 2, 3]
    wins = [0, 0]
    for row in results:
        assert row.status == "finished"
        assert len(row.cards) == len(row.final_vp) == len(row.vp_by_turn[-1]) == 2
        assert row.vp_by_turn[-1] == row.final_vp
        for entrant in row.winning_entrants:
            wins[entrant] += 1
    assert tuple(wins) == summary.wins
    assert sum(r.turns for r in results) == summary.total_turns
    manifest = results.manifest
    assert manifest["seed"] == 2
    assert manifest["games"] == 4
    assert [p["name"] for p in manifest["packs"]] == ["base"]  # type: ignore[attr-defined]
    assert manifest["entrants"] == [
        {
            "label": "heuristic",
            "spec": None,
            "factory": "kingofny.players.heuristic:HeuristicPlayer",
        },
        {"label": "random", "spec": None, "factory": "kingofny.players.random_player:RandomPlayer"},
    ]


def test_an_unpicklable_factory_is_refused_before_any_game() -> None:
    with pytest.raises(ConfigError, match="must pickle"):
        simulate([lambda seed: RandomPlayer(seed), RandomPlayer], 4, seed=1, workers=2)


def test_a_bot_that_raises_aborts_its_game_only() -> None:
    """The default policy: the game is recorded as aborted with the reason, the series goes on,
    and the summary counts the faults per entrant."""
    results: list[GameResult] = []
    summary = simulate(
        [RandomPlayer, Crasher, RandomPlayer],
        3,
        seed=4,
        on_result=lambda i, r, s: results.append(r),
    )
    assert summary.games == 3
    assert summary.aborted == 3 == summary.no_winner
    assert summary.faults_by_entrant == (0, 3, 0)
    for result in results:
        assert result.status == "aborted"
        assert result.winners is None
        (fault,) = result.faults
        assert "choose() raised RuntimeError: bot bug" in fault.problem
        assert replay(result.record) == result.final_state
    with pytest.raises(PlayerError, match="bot bug"):
        simulate([RandomPlayer, Crasher], 3, seed=4, on_illegal="raise")


def test_a_forfeited_seat_plays_on_at_random_and_never_wins() -> None:
    results: list[tuple[GameResult, tuple[int, ...]]] = []
    summary = simulate(
        [Crasher, RandomPlayer],
        6,
        seed=8,
        on_illegal="forfeit",
        on_result=lambda i, r, s: results.append((r, s)),
    )
    assert summary.wins[0] == 0
    assert summary.faults_by_entrant == (6, 0)
    for result, seats in results:
        crasher_seat = seats.index(0)
        assert result.forfeited == (crasher_seat,)
        assert result.final_state.is_terminal
        assert crasher_seat not in (result.winners or ())
        assert replay(result.record) == result.final_state


def test_a_bot_from_a_file_plays_in_worker_processes(tmp_path: Path) -> None:
    bot = tmp_path / "mybot.py"
    bot.write_text(
        "class Mine:\n"
        "    name = 'mine'\n"
        "    def __init__(self, seed=None, pick=0):\n"
        "        self.pick = pick\n"
        "    def choose(self, view, legal):\n"
        "        return legal[min(self.pick, len(legal) - 1)]\n",
        encoding="utf-8",
    )
    factories = [player_factory(f"{bot}:Mine:pick=1"), player_factory("random")]
    serial = simulate(factories, 4, seed=3)
    assert serial.labels == ("mine:pick=1", "random")
    assert simulate(factories, 4, seed=3, workers=2) == serial


# -- resume -------------------------------------------------------------------------------------

_SERIES = ["--games", "40", "--seed", "5", "--players", "random,random,random", "--workers", "1"]


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "kingofny", "simulate", *_SERIES, *args]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def test_a_killed_series_resumes_to_the_uninterrupted_file(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    subprocess.run(_cli("--output", str(whole)), check=True, env=_env(), capture_output=True)
    process = subprocess.Popen(
        _cli("--output", str(cut)), env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_for_rows(cut, 5)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    lines = cut.read_bytes().count(b"\n")
    assert 6 <= lines < 41, "the series was not killed midway"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kingofny",
            "simulate",
            "--output",
            str(cut),
            "--resume",
            *_SERIES[:2],
            *_SERIES[4:],
        ],  # the seed comes from the file
        env=_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert cut.read_bytes() == whole.read_bytes()
    assert "games: 40 (seed 5" in done.stdout


def test_resume_refuses_another_series_and_output_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=path)
    with pytest.raises(ConfigError, match="exists"):
        simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=path)
    with pytest.raises(ConfigError, match="differs in seed"):
        simulate([RandomPlayer, RandomPlayer], 2, seed=2, output=path, resume=True)
    # A complete file resumes to the same summary without playing.
    first = simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=tmp_path / "s.jsonl")
    again = simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=path, resume=True)
    assert again == first
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["seed"] == 1


def test_the_ray_backend_without_ray_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ConfigError, match=r"kingofny\[ray\]"):
        simulate([RandomPlayer, RandomPlayer], 2, seed=1, backend="ray")


def test_a_factory_from_an_interactive_session_is_refused_up_front() -> None:
    """A class defined in a notebook or ``python -c`` cannot reach worker processes: a
    ConfigError says so before any process starts (rather than a worker dying)."""
    code = (
        "from kingofny import simulate, RandomPlayer, ConfigError\n"
        "class Mine(RandomPlayer):\n"
        "    name = 'mine'\n"
        "try:\n"
        "    simulate([Mine, RandomPlayer], 20, seed=1, workers=2)\n"
        "except ConfigError as exc:\n"
        "    print('refused:', exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=_env(), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "refused:" in done.stdout
    assert "interactive session" in done.stdout


def test_a_series_refused_before_its_first_game_leaves_no_results_file(tmp_path: Path) -> None:
    """Review: the manifest was written before the factories were checked, so the retry was
    refused ("results file exists")."""
    out = tmp_path / "results.jsonl"
    with pytest.raises(ConfigError, match="must pickle"):
        simulate([lambda seed: RandomPlayer(seed), RandomPlayer], 4, seed=1, workers=2, output=out)
    assert not out.exists()
    simulate([RandomPlayer, RandomPlayer], 4, seed=1, workers=2, output=out)
    assert out.exists()
