"""Play in a browser: ``kingofny serve`` runs a local web app where humans play against the
bundled bots, on a JSON API that other front ends can use too.

- :mod:`kingofny.web.session`: the games and the API's requests as plain-data methods, free of
  any web framework (no extra needed);
- :mod:`kingofny.web.labels`: plain-language labels for actions, questions, dice and places;
- :mod:`kingofny.web.replays`: game records opened for scrubbing, and their reviews;
- :mod:`kingofny.web.checks`: the checks of a request's fields, and
  :class:`~kingofny.web.checks.WebError`;
- :mod:`kingofny.web.app`: the Starlette app (extra ``web``: ``pip install kingofny[web]``);
- :func:`serve`: run that app with uvicorn.

Starlette and uvicorn are imported only by :mod:`kingofny.web.app` and :func:`serve`.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "MissingExtraError",
    "is_loopback_host",
    "page_url",
    "serve",
]

DEFAULT_HOST = "127.0.0.1"
"""The address ``kingofny serve`` listens on by default: the loopback interface only."""
DEFAULT_PORT = 8765
"""The port ``kingofny serve`` listens on by default."""


class MissingExtraError(ImportError):
    """The ``web`` extra (Starlette and uvicorn) is not installed."""


def is_loopback_host(host: str) -> bool:
    """Whether listening on ``host`` keeps the server on this machine (``127.0.0.1``, ``::1``,
    ``localhost``)."""
    host = host.strip("[]").lower()
    if host in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_WILDCARDS = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}


def page_url(host: str, port: int) -> str:
    """The address to open for a server listening on ``host``:``port``: ``http://[::1]:8765/``
    for ``::1``; for a wildcard (``0.0.0.0``, ``::``), which is no address to open, this
    machine's loopback (other machines use this machine's own address)."""
    host = host.strip("[]")
    host = _WILDCARDS.get(host, host)
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    log_level: str = "warning",
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Serve the web app on ``host``:``port`` until interrupted; ``on_ready`` is called with the
    page's address once the port is open.

    A host other than the loopback lets other machines play (and reach the API: there is no
    authentication). Raises :class:`MissingExtraError` if the ``web`` extra is not installed, and
    :class:`OSError` if the port cannot be opened (in use, say).
    """
    try:
        import uvicorn

        from kingofny.web.app import create_app
    except ImportError as exc:
        raise MissingExtraError(
            f"kingofny serve needs the web extra: pip install 'kingofny[web]' ({exc})"
        ) from exc
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
        sock.listen(128)  # connections wait in the queue until uvicorn accepts them
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    with sock:
        if on_ready is not None:
            on_ready(page_url(host, sock.getsockname()[1]))
        app = create_app(allow_remote=not is_loopback_host(host))
        uvicorn.Server(uvicorn.Config(app, log_level=log_level)).run(sockets=[sock])
