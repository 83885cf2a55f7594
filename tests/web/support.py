"""Helpers shared by the web app's tests: a test client on the loopback, the app served for
real (uvicorn in a thread, or ``kingofny serve`` in a process), games played to their end, and a
review held inside the server."""

from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from kingofny.web.session import Table

LOCAL = ("127.0.0.1", 50000)
"""The address of a client on this machine."""


@contextlib.contextmanager
def local_client(app: Any = None, base_url: str = "http://127.0.0.1:8765") -> Iterator[Any]:
    """Starlette's test client for ``app`` (default: a new app), as a client on this machine;
    a server error is answered 500, not raised."""
    testclient = pytest.importorskip("starlette.testclient")
    from kingofny.web.app import create_app

    with testclient.TestClient(
        app if app is not None else create_app(),
        base_url=base_url,
        client=LOCAL,
        raise_server_exceptions=False,
    ) as client:
        yield client


@contextlib.contextmanager
def served(app: Any = None) -> Iterator[str]:
    """``app`` (default: a new app) served by uvicorn on a free loopback port, in a thread; its
    address (``http://127.0.0.1:PORT``)."""
    uvicorn = pytest.importorskip("uvicorn")
    from kingofny.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app or create_app(), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@contextlib.contextmanager
def serve_process(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``kingofny serve --port 0 ARGS`` in a process: the process and the first line it
    printed (``kingofny: playing at URL ...``). It is stopped on leaving."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "kingofny", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        yield proc, proc.stdout.readline()
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.communicate(timeout=20)


def finished_table(players: list[str], seed: int) -> Table:
    """A game played to its end on a table: bots on the server, people choosing at random."""
    table = Table("g", players, seed=seed)
    rng = random.Random(seed)
    while not table.over:
        if table.payload()["waiting"]["human"]:
            table.act({"index": rng.randrange(len(table.payload()["legal"]))})
        else:
            table.advance({})
    return table


@contextlib.contextmanager
def held_review(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[threading.Event, threading.Event]]:
    """Make :func:`kingofny.review.review_game` wait inside, once started, until released:
    ``(entered, release)``, set when a review starts and to let it go on. Released on leaving,
    whatever happened."""
    import kingofny.review

    entered = threading.Event()
    release = threading.Event()
    real = kingofny.review.review_game

    def held(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(kingofny.review, "review_game", held)
    try:
        yield entered, release
    finally:
        release.set()
