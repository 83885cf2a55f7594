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


def _visible(session: str) -> list[str]:
    """The lines on the screen now (no scrollback), trailing blanks dropped."""
    lines = _tmux("capture-pane", "-p", "-t", session).rstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_the_board_and_the_question_fit_the_terminal(
    tmp_path: Path, columns: int, rows: int
) -> None:
    """Issue 24: in a real 80x24 and 120x40 terminal, a 4-monster game shows on one screen the
    whole board (the title, every monster, every borough, the market), the question, its choices
    and the prompt: nothing scrolls off, and no line wraps (tmux joins wrapped lines with -J, so
    a screen without wrapping reads the same with and without it). At 80x24 the board is the
    compact one (short stacks); at 120x40 it is the full one or the compact one, whichever
    fits."""
    session = f"kingofny-{uuid.uuid4().hex[:8]}"
    command = (
        f"cd {tmp_path} && PYTHONPATH={SRC} {sys.executable} -m kingofny play "
        "--players human,heuristic,heuristic,heuristic --seed 5 --pace 0 "
        f"--save {tmp_path / 'game.json'}; sleep 30"
    )
    env = {**os.environ, "TERM": "xterm-256color"}
    subprocess.run(
        [TMUX, "new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows), command],
        check=True,
        env=env,
        timeout=30,
    )
    try:
        _wait_for(session, "Captain Fish>")
        _tmux("send-keys", "-t", session, "2", "Enter")
        _wait_for(session, "reroll some dice or stop")
        time.sleep(0.5)
        screen = _visible(session)
        text = "\n".join(screen)
        assert screen[-1].startswith("Captain Fish>"), text
        assert any(line.startswith("Turn ") for line in screen), text
        for name in ("Captain Fish", "Drakonis", "Kong", "Mantis"):
            assert name in text
        for borough in ("Manhattan", "The Bronx", "Queens", "Brooklyn", "Staten Island"):
            assert borough in text
        assert "Market" in text
        assert "Now: Captain Fish: reroll some dice or stop" in text
        assert "1. stop rolling" in text
        joined = _tmux("capture-pane", "-p", "-J", "-t", session).rstrip("\n").split("\n")
        assert [line.rstrip() for line in joined[: len(screen)]] == [
            line.rstrip() for line in screen
        ]
        assert all(len(line) <= columns for line in screen)
        if (columns, rows) == (80, 24):
            assert "City HRn=High-Rise" in text  # the compact board
    finally:
        subprocess.run([TMUX, "kill-session", "-t", session], check=False, timeout=30)
