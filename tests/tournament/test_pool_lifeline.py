"""The pool of ``simulate --workers N`` went on running after its driver was killed (review):
the workers now leave when the driver ends, however it ends, and SIGTERM stops the series
cleanly (its results file closed after a whole row, its workers stopped)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kingofny
from kingofny.tournament import load_results

SRC = Path(kingofny.__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process tree from /proc"
)


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (the fork server's children are the workers)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path, set[int]]:
    """A long series on 2 workers, once both play; with its processes. Its standard error goes
    to ``tmp_path / "err"`` (a pipe would stay open as long as a worker runs)."""
    out = tmp_path / "r.jsonl"
    with (tmp_path / "err").open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "kingofny", "simulate", "--games", "100000", "--seed", "1"]
            + ["--players", "random,random", "--workers", "2", "--output", str(out)],
            env={**os.environ, "PYTHONPATH": str(SRC)},
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    deadline = time.monotonic() + 60
    below: set[int] = set()
    while time.monotonic() < deadline:
        below = _descendants(process.pid)
        if out.exists() and out.read_bytes().count(b"\n") > 20 and len(below) >= 3:
            break  # the fork server and 2 workers, playing
        time.sleep(0.05)
    else:  # pragma: no cover - a machine far too slow
        process.kill()
        raise AssertionError("the series did not start")
    return process, out, _descendants(process.pid)


def _gone_within(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = {pid for pid in pids if _running(pid)}
        if not alive:
            return set()
        time.sleep(0.05)
    return {pid for pid in pids if _running(pid)}


def _kill_all(pids: set[int]) -> None:
    """Stop what a failed test left running (only our Python processes, by id)."""
    for pid in pids:
        try:
            if _running(pid) and b"python" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def test_the_workers_leave_when_the_driver_is_killed(tmp_path: Path) -> None:
    process, _, below = _start(tmp_path)
    try:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        left = _gone_within(below, 5)
        assert not left, f"processes of the killed driver still run: {sorted(left)}"
    finally:
        _kill_all(below)
        process.kill()


def test_sigterm_stops_the_series_cleanly(tmp_path: Path) -> None:
    process, out, below = _start(tmp_path)
    try:
        process.send_signal(signal.SIGTERM)
        code = process.wait(15)
        err = (tmp_path / "err").read_text(encoding="utf-8")
        assert code == 128 + signal.SIGTERM, err
        assert "stopped by SIGTERM" in err
        assert "Traceback" not in err
        left = _gone_within(below, 5)
        assert not left, f"processes of the stopped driver still run: {sorted(left)}"
        assert out.read_bytes().endswith(b"\n")  # closed after a whole row
        assert len(load_results(out)) > 0
    finally:
        _kill_all(below)
        process.kill()
