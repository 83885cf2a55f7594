"""``kingofny play`` in a real terminal (issue 12): a tmux session runs the command, keys are
sent, and the screen is read back. Skipped when tmux is not installed (``.ci/run`` installs
it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

TMUX = shutil.which("tmux") or ""
pytestmark = pytest.mark.skipif(not TMUX, reason="tmux is not installed")
SRC = Path(__file__).resolve().parents[2] / "src"


def _tmux(*args: str) -> str:
    done = subprocess.run([TMUX, *args], capture_output=True, text=True, check=True, timeout=30)
    return done.stdout


def _wait_for(session: str, text: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = _tmux("capture-pane", "-p", "-t", session, "-S", "-200")
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    session = f"kingofny-{uuid.uuid4().hex[:8]}"
    save = tmp_path / "game.json"
    command = (
        f"cd {tmp_path} && PYTHONPATH={SRC} {sys.executable} -m kingofny play "
        f"--players human,heuristic --seed 5 --pace 0 --save {save}; sleep 30"
    )
    env = {**os.environ, "TERM": "xterm-256color"}
    subprocess.run(
        [TMUX, "new-session", "-d", "-s", session, "-x", "160", "-y", "50", command],
        check=True,
        env=env,
        timeout=30,
    )
    try:
        screen = _wait_for(session, "Captain Fish>")
        assert "choose the borough you start in" in screen
        _tmux("send-keys", "-t", session, "2", "Enter")
        screen = _wait_for(session, "reroll some dice or stop")
        assert "Captain Fish starts in Queens" in screen
        _tmux("send-keys", "-t", session, "stop", "Enter")
        _wait_for(session, "stops rolling with")
        _tmux("send-keys", "-t", session, "quit", "Enter")
        screen = _wait_for(session, "resume with: kingofny play --resume")
        assert save.exists()
    finally:
        subprocess.run([TMUX, "kill-session", "-t", session], check=False, timeout=30)
