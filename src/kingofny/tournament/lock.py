"""One writer per results file: a lock file beside it (issue 22 §5).

A series that writes ``results.jsonl`` first creates ``results.jsonl.lock`` (with
``O_CREAT | O_EXCL``, so that only one process can create it), holding its process id and host
name, and removes it when the series ends, however it ends (an error, Ctrl+C, SIGTERM). A second
series on the same file, in this process or another, is refused with a
:class:`ResultsLockedError` naming the file and the process that holds it, instead of both
appending rows to it.

A lock left by a series that was killed (SIGKILL, a crash, a power cut) is *stale*: its process
is gone. The next series on the file takes it over. A lock written on another host (a shared
file system) cannot be checked from here and is never taken over; nor is one whose content
cannot be read. The error then says which lock file to remove once no series writes the file.
Taking over a stale lock removes it and creates it again, which is not one atomic step: two
series started in the same instant on a file whose last writer was killed could both get it.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from pathlib import Path

from kingofny.errors import ConfigError

SUFFIX = ".lock"
"""What the lock file's name adds to the results file's: ``results.jsonl.lock``."""


_HELD: set[str] = set()
"""The lock files this process holds now (resolved paths)."""


class ResultsLockedError(ConfigError):
    """A results file that another series is writing (its lock file is held).

    ``path`` is the results file, ``pid`` the process that holds it (None when the lock file
    does not say) and ``host`` the machine it runs on. Built from one message, as every error
    of the package can be, ``path`` is ``""`` and ``pid`` and ``host`` are None.
    """

    def __init__(
        self, message: str, /, path: str = "", pid: int | None = None, host: str | None = None
    ) -> None:
        super().__init__(message)
        self.path = path
        self.pid = pid
        self.host = host


def lock_path(path: Path) -> Path:
    """The lock file of the results file ``path``: ``results.jsonl.lock`` beside it."""
    return path.with_name(path.name + SUFFIX)


def _host() -> str:
    return socket.gethostname()


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (a process that exists but is not ours
    counts: it may be a series of another user)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return bool(kernel32.GetLastError() == 5)  # access denied: it exists
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _holder(lock: Path) -> tuple[int | None, str | None]:
    """The process id and host written in ``lock`` (None for what it does not say)."""
    try:
        lines = lock.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None, None
    pid: int | None = None
    if lines and lines[0].strip().isdigit():
        pid = int(lines[0])
    host = lines[1].strip() if len(lines) > 1 and lines[1].strip() else None
    return pid, host


class ResultsLock:
    """The lock of one results file, held from :meth:`acquire` to :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """The results file."""
        self.lock = lock_path(path)
        """The lock file."""
        self.held = False
        """Whether this object holds the lock now."""

    def acquire(self) -> None:
        """Create the lock file, taking over a stale one; raise :class:`ResultsLockedError` if
        a live series holds it, :class:`~kingofny.errors.ConfigError` if the results file's
        folder does not exist. Other problems (no permission) raise :class:`OSError`."""
        if not self.lock.parent.is_dir():
            raise ConfigError(f"no folder {self.lock.parent} for the results file {self.path}")
        me = f"{os.getpid()}\n{_host()}\n"
        for _ in range(3):  # a stale lock removed, then created again by another series
            try:
                handle = os.open(self.lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                self._take_over_if_stale()
                continue
            try:
                os.write(handle, me.encode("utf-8"))
            except BaseException:
                os.close(handle)
                with contextlib.suppress(OSError):
                    os.unlink(self.lock)
                raise
            os.close(handle)
            self.held = True
            _HELD.add(str(self.lock.resolve()))
            return
        pid, host = _holder(self.lock)
        raise self._refusal(pid, host)

    def _take_over_if_stale(self) -> None:
        """Remove the lock file if the process that wrote it is gone; else raise."""
        pid, host = _holder(self.lock)
        if not self.lock.exists():
            return  # released meanwhile
        # A lock of this very process that no lock object of it holds is left from an earlier
        # process that had the same pid (a container restarted as pid 1): stale too.
        ours_but_unheld = pid == os.getpid() and str(self.lock.resolve()) not in _HELD
        if pid is None or host != _host() or (_alive(pid) and not ours_but_unheld):
            raise self._refusal(pid, host)
        with contextlib.suppress(FileNotFoundError):
            self.lock.unlink()

    def _refusal(self, pid: int | None, host: str | None) -> ResultsLockedError:
        if pid is None:
            who = "another series (its lock file does not say which process)"
        elif host is not None and host != _host():
            who = f"process {pid} on host {host}"
        elif pid == os.getpid():
            who = f"process {pid} (this process, in another series)"
        else:
            who = f"process {pid}"
        return ResultsLockedError(
            f"results file {self.path} is being written by {who}: wait for that series to end, "
            f"or stop it; if no series writes the file, remove {self.lock}",
            str(self.path),
            pid,
            host,
        )

    def release(self) -> None:
        """Remove the lock file, if held (idempotent)."""
        if self.held:
            self.held = False
            _HELD.discard(str(self.lock.resolve()))
            if _holder(self.lock)[0] not in (os.getpid(), None):
                return  # not ours any more (taken over): leave it to its holder
            with contextlib.suppress(FileNotFoundError):
                self.lock.unlink()
