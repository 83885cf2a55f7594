"""examples/masked_random_agent.py runs a masked agent through each adapter installed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).parents[2] / "examples" / "masked_random_agent.py"


def test_the_example_runs_an_episode_through_each_adapter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = importlib.util.spec_from_file_location("_masked_random_agent", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(seed=2)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("gymnasium: learner's return ")
    assert float(out[0].rsplit(" ", 1)[1]) in (-1.0, 1.0)
    assert out[1].startswith("pettingzoo: final rewards {")
    assert out[2].startswith("openspiel: ")


def test_the_example_answers_help() -> None:
    """Issue 23 §4: the example does what its name says and answers ``--help``."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, check=True
    )
    assert "--seed" in done.stdout
    assert "masked random agent" in done.stdout
