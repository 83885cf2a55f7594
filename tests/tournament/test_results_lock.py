"""Issue 22 §5: two writers on one results file are refused (a lock file beside it), and Ctrl+C
on ``kingofny simulate`` says how to resume."""

from __future__ import annotations

import argparse
import copy
import os
import pickle
import shlex
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingofny import ConfigError, KingOfNYError, PlayerError, RandomPlayer, simulate
from kingofny.cli import _interrupted, _resume_command, build_parser
from kingofny.tournament import load_results
from kingofny.tournament.lock import ResultsLock, ResultsLockedError, lock_path
from tests.support import wait_for_rows
from tests.tournament.bots import Crasher

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def _dead_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


# -- the lock -----------------------------------------------------------------------------------


def test_the_lock_file_holds_the_pid_and_goes_when_released(tmp_path: Path) -> None:
    """Issue 22 §5: ``results.jsonl.lock`` beside the file, with this process's id."""
    path = tmp_path / "results.jsonl"
    lock = ResultsLock(path)
    lock.acquire()
    assert lock_path(path) == tmp_path / "results.jsonl.lock"
    assert lock_path(path).read_text(encoding="utf-8").splitlines() == [
        str(os.getpid()),
        socket.gethostname(),
    ]
    lock.release()
    assert not lock_path(path).exists()
    lock.release()  # idempotent


def test_a_second_lock_is_refused_naming_the_file_and_the_pid(tmp_path: Path) -> None:
    """Issue 22 §5: a clear typed error (a ConfigError) naming the file and the process."""
    path = tmp_path / "results.jsonl"
    first = ResultsLock(path)
    first.acquire()
    with pytest.raises(ResultsLockedError) as info:
        ResultsLock(path).acquire()
    error = info.value
    assert isinstance(error, ConfigError)
    assert isinstance(error, KingOfNYError)
    assert (error.path, error.pid, error.host) == (str(path), os.getpid(), socket.gethostname())
    assert str(path) in str(error)
    assert f"process {os.getpid()}" in str(error)
    assert str(lock_path(path)) in str(error)  # what to remove if no series runs
    first.release()
    ResultsLock(path).acquire()  # free again


def test_a_stale_lock_is_taken_over(tmp_path: Path) -> None:
    """Issue 22 §5: the lock of a process that is gone (killed) does not block the next one."""
    path = tmp_path / "results.jsonl"
    dead = _dead_pid()
    lock_path(path).write_text(f"{dead}\n{socket.gethostname()}\n", encoding="utf-8")
    lock = ResultsLock(path)
    lock.acquire()
    assert lock_path(path).read_text(encoding="utf-8").split()[0] == str(os.getpid())
    lock.release()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{dead}\nanother-host.example\n", "on host another-host.example"),
        ("", "its lock file does not say which process"),
        ("not a pid\n", "its lock file does not say which process"),
    ],
)
def test_a_lock_that_cannot_be_checked_is_not_taken_over(
    tmp_path: Path, content: str, says: str
) -> None:
    """Issue 22 §5: a lock from another host (its process cannot be checked from here), or one
    that does not name a process, is left alone; the error says which file to remove."""
    path = tmp_path / "results.jsonl"
    written = content.format(dead=_dead_pid())
    lock_path(path).write_text(written, encoding="utf-8")
    with pytest.raises(ResultsLockedError, match=says) as info:
        ResultsLock(path).acquire()
    assert f"remove {lock_path(path)}" in str(info.value)
    assert lock_path(path).read_text(encoding="utf-8") == written  # left alone


def test_the_error_pickles_and_builds_from_one_message(tmp_path: Path) -> None:
    """Issue 22 §5, with the conventions of kingofny.errors: an error crosses processes with its
    attributes, and ``type(e)(message)`` rebuilds it."""
    error = ResultsLockedError("locked", str(tmp_path), 42, "host")
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.path, again.pid, again.host) == (
        ResultsLockedError,
        "locked",
        str(tmp_path),
        42,
        "host",
    )
    assert copy.copy(error).pid == 42
    rebuilt = type(error)(str(error))
    assert (str(rebuilt), rebuilt.path, rebuilt.pid) == ("locked", "", None)


# -- the lock in a series -----------------------------------------------------------------------


def test_a_second_series_on_the_file_is_refused_and_rows_do_not_interleave(
    tmp_path: Path,
) -> None:
    """Issue 22 §5: while a series writes the file, another series on it (even a resume) is
    refused; the first one's rows are whole and in order, and the lock goes with the series."""
    path = tmp_path / "results.jsonl"
    refused: list[ResultsLockedError] = []

    def meddle(index: int, result: object, seats: object) -> None:
        if index == 1:
            with pytest.raises(ResultsLockedError) as info:
                simulate([RandomPlayer, RandomPlayer], 4, seed=9, output=path, resume=True)
            refused.append(info.value)
            assert lock_path(path).exists()

    simulate([RandomPlayer, RandomPlayer], 4, seed=9, output=path, on_result=meddle)
    assert len(refused) == 1
    assert refused[0].pid == os.getpid()
    assert [row.index for row in load_results(path)] == [0, 1, 2, 3]
    assert not lock_path(path).exists()


def test_the_lock_goes_whatever_ends_the_series(tmp_path: Path) -> None:
    """Issue 22 §5: the lock is removed on every path out of a series: an error in play, a
    refusal before the first game (the file is removed too), an existing file, another
    series' file, and Ctrl+C (a KeyboardInterrupt in the driver)."""
    path = tmp_path / "results.jsonl"
    with pytest.raises(PlayerError):
        simulate([Crasher, RandomPlayer], 2, seed=1, output=path, on_illegal="raise")
    assert not lock_path(path).exists()
    path.unlink()
    with pytest.raises(ConfigError, match="must pickle"):
        simulate([lambda seed: RandomPlayer(seed), RandomPlayer], 4, seed=1, workers=2, output=path)
    assert not path.exists()
    assert not lock_path(path).exists()
    simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=path)
    with pytest.raises(ConfigError, match="exists"):
        simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=path)
    assert not lock_path(path).exists()
    with pytest.raises(ConfigError, match="differs in seed"):
        simulate([RandomPlayer, RandomPlayer], 2, seed=2, output=path, resume=True)
    assert not lock_path(path).exists()

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            [RandomPlayer, RandomPlayer], 3, seed=3, output=tmp_path / "i.jsonl", progress=interrupt
        )
    assert not lock_path(tmp_path / "i.jsonl").exists()
    assert len(load_results(tmp_path / "i.jsonl")) == 1


# -- Ctrl+C -------------------------------------------------------------------------------------

_GAMES = 300
"""Games in the series the test interrupts: the run it interrupts is slowed down
(:data:`_SLOWED`), so that it is still running when the signal comes, on a fast machine too;
the runs that finish it and that replay it whole are not."""
_SERIES = ["--games", str(_GAMES), "--players", "random,random,random", "--workers", "1"]
_SLOWED = """
import sys, time
from kingofny.cli import main
from kingofny.players import RandomPlayer

chosen = RandomPlayer.choose
def slowly(self, view, legal):
    time.sleep(0.002)
    return chosen(self, view, legal)
RandomPlayer.choose = slowly
sys.exit(main(sys.argv[1:]))
"""
"""``kingofny`` with random bots that take 2 ms a decision (and decide as before): a series of
:data:`_GAMES` lasts about a minute, where the test interrupts it after a few games."""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "kingofny", "simulate", *_SERIES, *args]


@POSIX
def test_ctrl_c_says_how_to_resume_and_that_command_finishes_the_series(tmp_path: Path) -> None:
    """Issue 22 §5: Ctrl+C (SIGINT) on ``kingofny simulate --output`` exits with 130 and prints
    the command that continues the series; that command completes the file, byte for byte the
    one of an uninterrupted run. While the series runs, a second writer is refused with the
    pid of the first; the lock goes with the interrupted series."""
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut file.jsonl"  # a name to quote
    process = subprocess.Popen(
        # No seed: the command must give the one drawn.
        [sys.executable, "-c", _SLOWED, "simulate", *_SERIES, "--output", str(cut)],
        env=_env(),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell running in the background starts its jobs with SIGINT ignored, which Python
        # then keeps ignoring: give the child the default, as a terminal would.
        preexec_fn=_default_sigint,
    )
    try:
        wait_for_rows(cut, 5)
        with pytest.raises(ResultsLockedError) as info:
            simulate([RandomPlayer, RandomPlayer], 2, seed=1, output=cut, resume=True)
        assert info.value.pid == process.pid
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert cut.read_bytes().count(b"\n") < _GAMES + 1, "the series was not interrupted midway"
    assert not lock_path(cut).exists()
    assert "Continue the series with:" in err
    command = err.splitlines()[-1].strip()
    words = shlex.split(command)
    assert words[:2] == ["kingofny", "simulate"]
    assert words[-1] == "--resume"
    assert str(cut) in words
    seed = words[words.index("--seed") + 1]
    done = subprocess.run(
        [sys.executable, "-m", "kingofny", *words[1:]],
        env=_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"games: {_GAMES} (seed {seed}" in done.stdout
    subprocess.run(
        _cli("--seed", seed, "--output", str(whole)),
        env=_env(),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    assert cut.read_bytes() == whole.read_bytes()


def _simulate_options() -> list[argparse.Action]:
    parser = build_parser()
    sub: Any = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices["simulate"]._actions if a.option_strings and a.dest != "help"]


def _other_value(action: argparse.Action) -> list[str]:
    """The words that give ``action`` a value other than its default."""
    option = max(action.option_strings, key=len)
    if action.nargs == 0:
        return [option]
    if action.choices:
        return [option, next(str(c) for c in action.choices if c != action.default)]
    if action.type is int:
        return [option, "7"]
    if action.type is float:
        return [option, "2.5"]
    return [option, "some dir/it's.jsonl"]  # quoting


def test_the_resume_command_gives_back_every_option() -> None:
    """Issue 22 §5: the resume command, parsed again, is the interrupted command with
    ``--resume``: for every option of ``simulate`` (new ones included), set to a value other
    than its default, abbreviated or not."""
    words = ["simulate"]
    for action in _simulate_options():
        if action.dest != "resume":
            words += _other_value(action)
    args = build_parser().parse_args(words)
    command = _resume_command(args)
    again = build_parser().parse_args(shlex.split(command)[1:])
    assert vars(again) == {**vars(args), "resume": True}
    # Defaults are left out; abbreviations are spelled out.
    args = build_parser().parse_args(["simulate", "--out", "r.jsonl", "--seed", "3"])
    assert _resume_command(args) == "kingofny simulate --seed 3 --output r.jsonl --resume"
    args = build_parser().parse_args(["simulate", "--output", "r.jsonl", "--resume"])
    assert _resume_command(args) == "kingofny simulate --output r.jsonl --resume"


def test_ctrl_c_without_a_results_file_says_there_is_nothing_to_resume(tmp_path: Path) -> None:
    """Issue 22 §5: without ``--output`` (or before the file was written) no resume command."""
    args = build_parser().parse_args(["simulate", "--seed", "1"])
    assert "without --output there is no results file to resume" in _interrupted(args)
    args = build_parser().parse_args(["simulate", "--output", str(tmp_path / "r.jsonl")])
    assert "run the command again" in _interrupted(args)
    assert "--resume" not in _interrupted(args)


def test_a_lock_left_by_an_earlier_process_with_this_pid_is_stale(tmp_path: Path) -> None:
    """A container restarted as the same pid finds a lock naming its own pid that none of its
    locks holds: it is taken over, not refused as "this process, in another series"."""
    results = tmp_path / "results.jsonl"
    lock_path(results).write_text(f"{os.getpid()}\n{socket.gethostname()}\n")
    lock = ResultsLock(results)
    lock.acquire()
    assert lock.held
    second = ResultsLock(results)
    with pytest.raises(ResultsLockedError):
        second.acquire()  # but one that this process does hold is live
    lock.release()


def test_a_missing_folder_is_a_config_error(tmp_path: Path) -> None:
    """A results file in a folder that does not exist: a ConfigError naming the folder, not a
    raw FileNotFoundError about the lock file."""
    with pytest.raises(ConfigError, match="no folder"):
        simulate([RandomPlayer, RandomPlayer], 1, seed=1, output=tmp_path / "no" / "r.jsonl")
