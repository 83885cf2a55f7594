"""``kingofny simulate`` with workers, isolation and result files, and ``kingofny report``."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingofny import load_results
from kingofny.cli import main


def test_simulate_writes_results_and_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results, records = tmp_path / "r.jsonl", tmp_path / "records"
    argv = ["simulate", "--games", "4", "--seed", "2", "--players", "heuristic,random"]
    assert main([*argv, "--workers", "2", "--output", str(results), "--records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "games: 4 (seed 2" in out
    assert f"results written to {results}" in out
    rows = load_results(results)
    assert len(rows) == 4
    assert rows.manifest["entrants"] == [
        {"label": "heuristic", "spec": "heuristic"},
        {"label": "random", "spec": "random"},
    ]
    names = sorted(p.name for p in records.iterdir())
    assert names == [f"game-{i:06d}.json" for i in range(4)]
    assert main(["replay", str(records / names[-1])]) == 0
    assert "wins" in capsys.readouterr().out
    assert main(["report", str(results), "--no-ratings"]) == 0
    assert "heuristic" in capsys.readouterr().out


def test_simulate_counts_faults_per_entrant_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "3", "--seed", "1", "--workers", "1"]
    assert main([*argv, "--players", "tests.tournament.bots:Crasher,random"]) == 0
    out = capsys.readouterr().out
    assert "aborted (a player's fault): 3" in out
    assert "player faults: 3 (crasher 3)" in out
    assert (
        main([*argv, "--players", "tests.tournament.bots:Crasher,random", "--on-fault", "raise"])
        == 2
    )
    assert "bot bug" in capsys.readouterr().err


def test_simulate_isolates_a_bot_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "cheat.py"
    bot.write_text(
        "class Cheat:\n"
        "    name = 'cheat'\n"
        "    def choose(self, view, legal):\n"
        "        object.__setattr__(view.monsters[view.current_player], 'vp', 99)\n"
        "        return legal[0]\n",
        encoding="utf-8",
    )
    argv = ["simulate", "--games", "2", "--seed", "1", "--players", f"{bot}:Cheat,random"]
    assert main([*argv, "--isolate", "--workers", "1"]) == 0
    isolated = capsys.readouterr().out
    assert main([*argv, "--players", "tests.tournament.bots:FirstLegal,random"]) == 0
    honest = capsys.readouterr().out
    table = [line.split()[1:] for line in isolated.splitlines()[2:4]]
    assert table == [line.split()[1:] for line in honest.splitlines()[2:4]]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--resume"], "--resume needs --output"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--decision-timeout", "0"], "--decision-timeout must be above 0"),
    ],
)
def test_simulate_usage_errors(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", *extra]) == 2
    assert message in capsys.readouterr().err


def test_an_existing_results_file_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "--games", "2", "--seed", "1", "--workers", "1", "--output", str(path)]
    assert main(argv) == 0
    assert main(argv) == 2
    assert "exists: resume it" in capsys.readouterr().err
    assert main([*argv, "--resume"]) == 0
