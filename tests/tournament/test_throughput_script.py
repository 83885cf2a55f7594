"""``bench/tournament.py --quick`` runs and prints its table (no timing is asserted)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_throughput_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "tournament.py"), "--quick", "--workers", "2"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "games/s" in done.stdout
    assert "scaling with 2 workers:" in done.stdout
