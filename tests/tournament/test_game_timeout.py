"""A content pack's effect that never returns hung ``play_game`` and ``simulate``, even with
``--decision-timeout`` (review). ``game_timeout`` runs each game in a process that is killed
when the game overruns: the game is aborted with the reason, and the series goes on."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kingofny import RandomPlayer, replay, simulate
from kingofny.runner import GameResult
from kingofny.tournament import load_results
from kingofny.tournament.jobs import plan
from tests.support import installed
from tests.tournament.bots import HangsAtStart

ROOT = Path(__file__).resolve().parents[2]

PACK = '''
"""A pack whose monster hangs at the start of its turns from turn 3, in games of even seed."""

from kingofny.effects import CONTENT_API_VERSION, ContentPack, Effect, GameState, MonsterSpec


class Looper(Effect):
    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        seed = state.config.seed
        if seed is not None and seed % 2 == 0 and state.turn.number >= 3:
            while True:
                pass
        return state


def manifest() -> ContentPack:
    return ContentPack(
        name="hang",
        version="0.1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("hang:looper", "Looper"),),
        effects={"hang:looper": Looper()},
    )
'''


def _pack(where: Path) -> Path:
    """Write the pack as an installed distribution (module and entry point) in ``where``."""
    (where / "kony_hang_pack.py").write_text(PACK, encoding="utf-8")
    info = where / "kony_hang_pack-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: kony-hang-pack\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[kingofny.content]\nhang = kony_hang_pack:manifest\n", encoding="utf-8"
    )
    return where


def _series_seed(games: int) -> int:
    """A series seed whose games include both seeds that hang and seeds that do not."""
    for seed in range(100):
        parities = {item.game_seed % 2 for item in plan(2, games, seed)}
        if parities == {0, 1}:
            return seed
    raise AssertionError("no such seed")


def test_a_hanging_effect_is_a_timed_out_game_and_the_series_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(_pack(tmp_path)))
    pack = importlib.import_module("kony_hang_pack")
    seed = _series_seed(3)
    kept: list[GameResult] = []
    started = time.monotonic()
    with installed(pack.manifest()):
        summary = simulate(
            [RandomPlayer, RandomPlayer],
            3,
            seed=seed,
            monsters=["hang:looper", "base:kong"],
            packs=("base", "hang"),
            game_timeout=2,
            output=tmp_path / "r.jsonl",
            records=tmp_path / "records",
            on_result=lambda i, r, s: kept.append(r),
        )
        assert time.monotonic() - started < 60
        rows = load_results(tmp_path / "r.jsonl").rows
        hung = [row for row in rows if row.game_seed % 2 == 0]
        assert hung
        assert len(hung) < 3
        assert summary.game_faults == summary.aborted == len(hung)
        assert summary.faults == 0
        for row, result in zip(rows, kept):
            if row.game_seed % 2:
                assert row.status == "finished"
                continue
            assert row.status == "aborted"
            (fault,) = row.faults
            assert fault.seat is None
            assert "took longer than 2 s (game_timeout)" in fault.problem
            assert "stopped at engine step" in fault.problem
            assert row.turns >= 3
            # the game up to the step that hung, replayable
            assert result.record.events
            assert replay(result.record) == result.final_state
            assert (tmp_path / "records" / f"game-{row.index:06d}.json").exists()


def test_a_game_that_hangs_before_its_first_decision_keeps_its_start(tmp_path: Path) -> None:
    """A hang before the first decision (here a bot's hook, without isolation): the row holds
    the starting position and the fault."""
    kept: list[GameResult] = []
    summary = simulate(
        [HangsAtStart, RandomPlayer],
        1,
        seed=1,
        game_timeout=1,
        output=tmp_path / "r.jsonl",
        on_result=lambda i, r, s: kept.append(r),
    )
    assert summary.aborted == summary.game_faults == 1
    (row,) = load_results(tmp_path / "r.jsonl").rows
    assert row.status == "aborted"
    assert row.turns == 0
    assert row.decisions == 0
    (fault,) = row.faults
    assert fault.seat is None
    assert "before its first decision" in fault.problem
    (result,) = kept
    assert result.record.events == ()


def test_the_cli_game_timeout_with_workers(tmp_path: Path) -> None:
    _pack(tmp_path)
    seed = _series_seed(4)
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "src")])}
    done = subprocess.run(
        [sys.executable, "-m", "kingofny", "simulate", "--games", "4", "--seed", str(seed)]
        + ["--players", "random,random", "--monsters", "hang:looper,kong", "--packs", "base,hang"]
        + ["--workers", "2", "--game-timeout", "2", "--output", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = load_results(out).rows
    assert len(rows) == 4
    hung = [row for row in rows if row.game_seed % 2 == 0]
    assert all(row.status == "aborted" for row in hung)
    assert all(row.status == "finished" for row in rows if row not in hung)
    assert f"aborted (--max-steps or --game-timeout): {len(hung)}" in done.stdout
