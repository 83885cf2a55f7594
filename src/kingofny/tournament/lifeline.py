"""Child processes that end with their parent, however the parent ends.

A series starts processes (the pool's workers, the games' hosts with ``game_timeout``, the
bots' hosts with ``isolate``) that block on work from their parent, and a parent killed with
SIGKILL runs no clean-up: they would run on. So each such child gets the read end of a
:class:`Lifeline`, a pipe whose write end only the parent holds, and :func:`watch` starts a thread
that waits on it: when the parent ends, by any means, the kernel closes the write end, the
read returns end-of-file, and the child leaves at once (``os._exit``, even in the middle of a
game). A parent may also :meth:`~Lifeline.cut` it to stop its children on purpose.

This is portable (a pipe and a thread; Linux's ``PR_SET_PDEATHSIG`` would only see the death of
the thread that started the child, and worker processes are started by a fork server, not by
the parent itself).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from multiprocessing.connection import Connection

__all__ = ["EXIT_ORPHANED", "Lifeline", "watch"]

EXIT_ORPHANED = 75
"""The exit status of a child whose parent ended (or cut its lifeline)."""


class Lifeline:
    """A pipe whose write end stays in this process; children :func:`watch` its read end."""

    def __init__(self) -> None:
        # os.pipe's descriptors are not inherited by other programs this process runs; a
        # ``forkserver`` or ``spawn`` child gets only the read end, passed to it explicitly.
        reader, writer = multiprocessing.Pipe(duplex=False)
        self.reader: Connection = reader
        """The end to give a child, which :func:`watch`-es it."""
        self._writer: Connection | None = writer

    @property
    def alive(self) -> bool:
        """Whether the lifeline is still held (not :meth:`cut`)."""
        return self._writer is not None

    def cut(self) -> None:
        """Close the write end: every child watching the lifeline exits at once."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            self.reader.close()


def watch(reader: Connection) -> None:
    """In a child: exit (status :data:`EXIT_ORPHANED`) as soon as the parent that holds the
    other end of ``reader`` ends or cuts it."""

    def wait() -> None:
        # End of file (the parent ended), or the pipe failed: either way, leave.
        with contextlib.suppress(BaseException):
            reader.recv_bytes()
        os._exit(EXIT_ORPHANED)

    threading.Thread(target=wait, name="kingofny lifeline", daemon=True).start()
