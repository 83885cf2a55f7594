"""``kingofny play`` in a real terminal (issue 12): a tmux session runs the command, keys are
sent, and the screen is read back. Skipped when tmux is not installed (``.ci/run`` installs
it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux") or ""
pytestmark = pytest.mark.skipif(not TMUX, reason="tmux is not installed")
SRC = Path(__file__).resolve().parents[2] / "src"


class _Terminal:
    """One tmux server of its own per test: parallel test workers that start servers on the
    shared default socket at the same moment can make one of them exit ("server exited
    unexpectedly"), so each test gets a private socket in its own directory and kills its
    server at the end."""

    def __init__(self, directory: Path) -> None:
        self.socket = str(directory / "tmux.sock")
        self.session = "game"

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [TMUX, "-S", self.socket, *args], capture_output=True, text=True, check=True, timeout=30
        )
        return done.stdout

    def start(self, command: str, columns: int, rows: int) -> None:
        env = {**os.environ, "TERM": "xterm-256color"}
        env.pop("TMUX", None)
        subprocess.run(
            [
                TMUX,
                "-S",
                self.socket,
                "new-session",
                "-d",
                "-s",
                self.session,
                "-x",
                str(columns),
                "-y",
                str(rows),
                command,
            ],
            check=True,
            env=env,
            timeout=30,
        )

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def wait_for(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.tmux("capture-pane", "-p", "-t", self.session, "-S", "-200")
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")

    def visible(self) -> list[str]:
        """The lines on the screen now (no scrollback), trailing blanks dropped."""
        lines = self.tmux("capture-pane", "-p", "-t", self.session).rstrip("\n").split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        return lines

    def close(self) -> None:
        subprocess.run([TMUX, "-S", self.socket, "kill-server"], check=False, timeout=30)


@pytest.fixture
def terminal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Terminal]:
    """A private tmux server, killed after the test."""
    term = _Terminal(tmp_path_factory.mktemp("tmux"))
    try:
        yield term
    finally:
        term.close()


def test_play_in_a_real_terminal(tmp_path: Path, terminal: _Terminal) -> None:
    save = tmp_path / "game.json"
    command = (
        f"cd {tmp_path} && PYTHONPATH={SRC} {sys.executable} -m kingofny play "
        f"--players human,heuristic --seed 5 --pace 0 --save {save}; sleep 30"
    )
    terminal.start(command, 160, 50)
    screen = terminal.wait_for("Captain Fish>")
    assert "choose the borough you start in" in screen
    terminal.keys("2", "Enter")
    screen = terminal.wait_for("reroll some dice or stop")
    assert "Captain Fish starts in Queens" in screen
    terminal.keys("stop", "Enter")
    terminal.wait_for("stops rolling with")
    terminal.keys("quit", "Enter")
    terminal.wait_for("resume with: kingofny play --resume")
    assert save.exists()


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_the_board_and_the_question_fit_the_terminal(
    tmp_path: Path, terminal: _Terminal, columns: int, rows: int
) -> None:
    """Issue 24: in a real 80x24 and 120x40 terminal, a 4-monster game shows on one screen the
    whole board (the title, every monster, every borough, the market), the question, its choices
    and the prompt: nothing scrolls off, and no line wraps (tmux joins wrapped lines with -J, so
    a screen without wrapping reads the same with and without it). At 80x24 the board is the
    compact one (short stacks); at 120x40 it is the full one or the compact one, whichever
    fits."""
    command = (
        f"cd {tmp_path} && PYTHONPATH={SRC} {sys.executable} -m kingofny play "
        "--players human,heuristic,heuristic,heuristic --seed 5 --pace 0 "
        f"--save {tmp_path / 'game.json'}; sleep 30"
    )
    terminal.start(command, columns, rows)
    terminal.wait_for("Captain Fish>")
    terminal.keys("2", "Enter")
    terminal.wait_for("reroll some dice or stop")
    time.sleep(0.5)
    screen = terminal.visible()
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
    joined = terminal.tmux("capture-pane", "-p", "-J", "-t", terminal.session)
    assert [line.rstrip() for line in joined.rstrip("\n").split("\n")[: len(screen)]] == [
        line.rstrip() for line in screen
    ]
    assert all(len(line) <= columns for line in screen)
    if (columns, rows) == (80, 24):
        assert "City HRn=High-Rise" in text  # the compact board
