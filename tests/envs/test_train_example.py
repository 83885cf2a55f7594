"""examples/train_ppo.py (issue 23 §4): a one-minute run goes through every stage (collect,
clone, PPO, checkpoints) and leaves a policy that plays as a bot. Needs sb3-contrib and torch
(the ``rl`` session installs them from a local CPU wheel); skipped without them."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_ppo.py"


def test_the_example_answers_help() -> None:
    """``--help`` describes the stages' options (no torch needed to ask)."""
    pytest.importorskip("numpy")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--teacher", "--collect-minutes", "--ppo-minutes", "--quick"):
        assert option in done.stdout


def test_a_quick_run_trains_and_exports_a_playing_policy(tmp_path: Path) -> None:
    """Issue 23 §4: ``--quick`` collects teacher decisions, clones them, runs PPO, and writes a
    curve with win rates against random and heuristic bots at each checkpoint, and a final
    ``.npz`` policy that ``policy:path=`` plays."""
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("torch")
    import kingofny as k
    from kingofny.players import player_factory

    spec = importlib.util.spec_from_file_location("_train_ppo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--quick", "--out", str(tmp_path), "--workers", "1", "--teacher", "heuristic"])
    curve = json.loads((tmp_path / "curve.json").read_text())
    labels = [c["label"] for c in curve["checkpoints"]]
    assert labels[0] == "cloned"
    assert len(labels) >= 2
    for checkpoint in curve["checkpoints"]:
        for opponent in ("random", "heuristic"):
            row = checkpoint[opponent]
            assert row["low"] <= row["rate"] <= row["high"]
    assert curve["collect"]["samples"] > 0
    final = player_factory(f"policy:path={tmp_path / 'final.npz'}")
    result = k.play_game([final(0), player_factory("random")(1)], seed=3)
    assert result.winners is not None
