"""The ASGI app of ``kingofny serve``: the page, its static files and the JSON API, on
Starlette (extra ``web``).

Routes (documented on the docs page *Playing in a browser*)::

    GET  /                               the page
    GET  /static/{name}                  its script and style sheet
    GET  /api                            what the server offers (version, bots, monsters,
                                         limits)
    POST /api/games                      new game          {"players", "monsters", "seed",
                                                            "settings"}
    GET  /api/games                      ids of the games kept
    GET  /api/games/{id}?since=N         the game, its legal actions, log lines from N
    GET  /api/games/{id}/legal           the legal actions only
    POST /api/games/{id}/act             a human decision  {"index" | "action", "version"}
    POST /api/games/{id}/advance         bots play         {"moves"}
    POST /api/games/{id}/undo            take back a person's decision  {"version"}
    POST /api/games/{id}/hint            what the strongest bot would do  {"version"}
    POST /api/games/{id}/settings        automation  {"stay_unless_below", "skip_buy",
                                                      "forced"}
    GET  /api/games/{id}/record          the game record (``kingofny replay`` reads it)
    POST /api/replays                    open a replay: a record (or a ``kingofny play``
                                         save) as the body, or {"game": id}
    GET  /api/replays/{id}               its frames' turns, where turns start, the whole log
    GET  /api/replays/{id}/frames/{n}    frame n: the board, who decided what, its log end
    POST /api/replays/{id}/review        the review of ``kingofny review``: win probabilities
                                         and costliest decisions  {"seats", "top", "samples",
                                         "seed"}

Every error is a JSON object ``{"error": message}`` with a 4xx status. A request needs one
well-formed ``Host`` header (a 400 otherwise). Unless the app is made with
``allow_remote=True``, it answers only clients on the loopback interface, and only requests
whose ``Host`` names the loopback (which turns away DNS-rebinding pages).
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import kingofny
from kingofny.play.hints import HINT_BOT, HINT_SPEC
from kingofny.web import is_loopback_host as _is_loopback
from kingofny.web.checks import WebError
from kingofny.web.replays import (
    MAX_RECORD_BODY,
    MAX_REVIEW_BUDGET,
    MAX_REVIEW_SAMPLES,
    MAX_REVIEW_TOP,
    MAX_REVIEWS,
    REVIEW_SAMPLES,
    Replays,
    read_record,
)
from kingofny.web.session import (
    HUMAN,
    MAX_ADVANCE_SECONDS,
    MAX_BOT_MOVES,
    MAX_BOT_MS,
    MAX_GAMES,
    MAX_HINT_MS,
    MAX_UNDO,
    Automation,
    Table,
    Tables,
    bot_menu,
    bot_options,
    monster_menu,
)

__all__ = ["MAX_BODY", "create_app", "parse_host"]

MAX_BODY = 16 * 1024
"""The largest request body accepted, in bytes (a record sent to ``POST /api/replays`` may
hold :data:`~kingofny.web.replays.MAX_RECORD_BODY`)."""

_STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_SECURITY_HEADERS)


def _ok(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=_SECURITY_HEADERS)


_AUTHORITY = re.compile(
    r"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?))"
    r"(?::(?P<port>[0-9]{1,5}))?",
    re.ASCII,
)
_ORIGIN = re.compile(r"(?i:https?)://(?P<authority>.*)", re.ASCII | re.DOTALL)


def parse_host(header: str) -> str | None:
    """The host a ``Host`` header names, lowercased and without its port (``[::1]:8000`` gives
    ``::1``), or None if the header is malformed.

    Well-formed is, exactly: an IPv6 address in brackets, or a host name or IPv4 address
    (ASCII letters, digits, ``-`` and ``_`` in dot-separated labels, with an optional final
    dot); then nothing, or ``:`` and a port from 1 to 65535. Anything else (``[::1]evil.com``,
    ``localhost:80:80``, ``127.0.0.1@evil.com``, an empty header) is None.
    """
    match = _AUTHORITY.fullmatch(header)
    if match is None:
        return None
    port = match["port"]
    if port is not None and not 1 <= int(port) <= 65535:
        return None
    if match["ipv6"] is not None:
        try:
            return str(ipaddress.IPv6Address(match["ipv6"]))
        except ValueError:
            return None
    return str(match["name"]).lower()


def _loopback_origin(origin: str) -> bool:
    """Whether an ``Origin`` header is ``http://`` or ``https://`` and a loopback host, with
    nothing else (the ``null`` of a sandboxed page is not)."""
    match = _ORIGIN.fullmatch(origin)
    host = parse_host(match["authority"]) if match is not None else None
    return host is not None and _is_loopback(host)


def _guard(scope: Scope, *, remote: bool) -> JSONResponse | None:
    """The refusal of a request, or None to let it in: a 400 without exactly one well-formed
    ``Host``; then, unless ``remote``, a 403 for a client not on the loopback interface or a
    ``Host`` or ``Origin`` not naming the loopback; if ``remote``, a 403 for an ``Origin`` that
    is not the ``Host`` asked for."""
    hosts: list[str] = []
    origin = ""
    for key, value in scope.get("headers", ()):
        if key == b"host":
            hosts.append(value.decode("latin-1"))
        elif key == b"origin":
            origin = value.decode("latin-1")
    if len(hosts) != 1:
        return _error(400, f"a request needs exactly one Host header, got {len(hosts)}")
    host = hosts[0]
    name = parse_host(host)
    if name is None:
        return _error(400, f"malformed Host header {host[:60]!r}")
    if remote:
        if origin and origin.partition("://")[2].rstrip("/").lower() != host.lower():
            return _error(403, f"requests from pages at {origin[:60]!r} are refused")
        return None
    client = scope.get("client")
    if client is None or not _is_loopback(str(client[0])):
        return _error(403, "this server answers only the loopback interface")
    if not _is_loopback(name):
        return _error(403, f"unexpected Host {host[:60]!r}: use 127.0.0.1")
    if origin and not _loopback_origin(origin):
        return _error(403, f"requests from pages at {origin[:60]!r} are refused")
    return None


class _LoopbackOnly:
    """ASGI middleware: a 400 for a request without exactly one well-formed ``Host`` header
    (see :func:`parse_host`); a 403 for a client that is not on the loopback interface, for a
    ``Host`` header naming another machine, or for an ``Origin`` (a page that sent the request)
    on another machine."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = _guard(scope, remote=False)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _SameOrigin:
    """ASGI middleware for a server other machines may reach (``--host``): a 400 for a request
    without exactly one well-formed ``Host`` header, and a 403 for a request sent by a page of
    another site (an ``Origin`` whose host is not the ``Host`` asked for), so that a page
    elsewhere cannot drive the games of a browser's user."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = _guard(scope, remote=True)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``) of ``limit`` bytes at most, or a
    4xx."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    size = request.headers.get("content-length")
    if size is not None:
        if not _DIGITS.fullmatch(size.strip()):
            raise WebError(400, f"Content-Length must be a number of bytes, got {size[:20]!r}")
        if len(size.strip()) > 9 or int(size) > limit:
            raise WebError(413, f"the body may hold at most {limit} bytes")
    chunks: list[bytes] = []
    got = 0
    try:
        async for chunk in request.stream():
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:
                raise WebError(413, f"the body may hold at most {limit} bytes")
    except ClientDisconnect:
        raise WebError(400, "the client went away before the whole body was sent") from None
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    if kind != "application/json":
        raise WebError(415, "send the body as application/json")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise WebError(400, f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise WebError(400, "the body is not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise WebError(400, f"the body must be a JSON object, got {type(data).__name__}")
    return data


_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def _since(request: Request) -> int:
    """The query's ``since``: ASCII digits only (``"²".isdigit()`` holds, yet ``int`` refuses
    it), nine at most; else a 400."""
    text = request.query_params.get("since", "0")
    if not _DIGITS.fullmatch(text) or len(text) > 9:
        raise WebError(400, f"since must be a line number (0 or more), got {text[:20]!r}")
    return int(text)


Handler = Callable[[Request], Awaitable[Response]]


def _api(handler: Handler) -> Handler:
    """Turn a :class:`WebError` raised by ``handler`` into its JSON answer."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except WebError as exc:
            return _error(exc.status, exc.message)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


def create_app(*, allow_remote: bool = False, max_games: int = MAX_GAMES) -> Starlette:
    """The web app: the page and the JSON API over a fresh set of games.

    ``allow_remote`` lets clients on other machines in (``kingofny serve --host``); by default
    only loopback clients, with a loopback ``Host`` header, are answered. ``max_games`` is how
    many games are kept at once.
    """
    tables = Tables(max_games)
    replays = Replays()
    static = resources.files("kingofny.web") / "static"

    async def page(request: Request) -> Response:
        html = (static / "index.html").read_bytes()
        return Response(html, media_type="text/html; charset=utf-8", headers=_SECURITY_HEADERS)

    @_api
    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            raise WebError(404, f"no static file {name[:40]!r}")
        return Response(
            (static / name).read_bytes(), media_type=_STATIC[name], headers=_SECURITY_HEADERS
        )

    async def info(request: Request) -> Response:
        return _ok(
            {
                "kingofny_version": kingofny.__version__,
                "players": [HUMAN, *(bot["spec"].partition(":")[0] for bot in bot_menu())],
                "bots": bot_menu(),
                "monsters": monster_menu(),
                "settings": Automation().to_dict(),
                "max_undo": MAX_UNDO,
                "max_record_bytes": MAX_RECORD_BODY,
                "max_games": max_games,
                "max_bot_moves": MAX_BOT_MOVES,
                "max_bot_ms": MAX_BOT_MS,
                "max_advance_seconds": MAX_ADVANCE_SECONDS,
                "hint": {"bot": HINT_BOT, "spec": HINT_SPEC, "max_ms": MAX_HINT_MS},
                "review": {
                    "samples": REVIEW_SAMPLES,
                    "max_samples": MAX_REVIEW_SAMPLES,
                    "max_top": MAX_REVIEW_TOP,
                    "budget": MAX_REVIEW_BUDGET,
                    "at_once": MAX_REVIEWS,
                },
                "bot_options": {
                    kind: {key: option.describe() for key, option in options.items()}
                    for kind, options in bot_options().items()
                },
            }
        )

    @_api
    async def new_game(request: Request) -> Response:
        body = await _body(request)
        table = await run_in_threadpool(tables.create, body)
        return _ok(table.payload(), 201)

    async def list_games(request: Request) -> Response:
        return _ok({"games": tables.ids()})

    def on_game(
        call: Callable[[Table, dict[str, Any]], object] | None,
        *,
        body: bool = True,
        payload: bool = True,
        since: bool = True,
        answer_as: str | None = None,
        fields: tuple[str, ...] | None = None,
    ) -> Handler:
        """The handler of a route under ``/api/games/{game}``: the game (a 404 if there is no
        such game), then the request's body (``body``) and ``since`` (``since``; else 0) read,
        then ``call(table, body)`` and the game's payload computed off the event loop (the
        table's lock may be held by a bot's move). The answer is the payload (its ``fields``
        only, if given), with what ``call`` returned under ``answer_as`` if given; or, without
        ``payload``, what ``call`` returned."""

        async def handler(request: Request) -> Response:
            table = tables.get(request.path_params["game"])
            data = await _body(request) if body else {}
            start = _since(request) if since else 0
            done = None if call is None else await run_in_threadpool(call, table, data)
            if not payload:
                return _ok(done)
            answer = await run_in_threadpool(table.payload, start)
            if answer_as is not None:
                answer[answer_as] = done
            return _ok(answer if fields is None else {key: answer[key] for key in fields})

        return _api(handler)

    game = on_game(None, body=False)
    legal = on_game(None, body=False, since=False, fields=("id", "version", "waiting", "legal"))
    act = on_game(Table.act)
    advance = on_game(Table.advance, answer_as="played")
    undo = on_game(Table.undo)
    hint = on_game(Table.hint, since=False, payload=False)
    settings = on_game(Table.set_settings)
    record = on_game(lambda table, _: table.record(), body=False, since=False, payload=False)

    @_api
    async def open_replay(request: Request) -> Response:
        body = await _body(request, MAX_RECORD_BODY)
        players: list[str] | None
        if set(body) == {"game"}:
            if not isinstance(body["game"], str):
                raise WebError(400, "game must be the id of a game, a string")
            table = tables.get(body["game"])
            # The table's lock may be held by a bot's move: wait for it off the event loop.
            record = await run_in_threadpool(table.game_record)
            players = list(table.players)
        else:
            record, players = await run_in_threadpool(read_record, body)
        replay = await run_in_threadpool(replays.open, record, players)
        return _ok(replay.summary(), 201)

    @_api
    async def replay_summary(request: Request) -> Response:
        return _ok(replays.get(request.path_params["replay"]).summary())

    @_api
    async def replay_frame(request: Request) -> Response:
        replay = replays.get(request.path_params["replay"])
        text = request.path_params["frame"]
        if not _DIGITS.fullmatch(text) or len(text) > 9:
            raise WebError(404, f"no frame {text[:20]!r}: frames are numbered from 0")
        return _ok(replay.frame(int(text)))

    @_api
    async def review(request: Request) -> Response:
        replay_id = request.path_params["replay"]
        replays.get(replay_id)  # a 404 before the body is read
        body = await _body(request)
        return _ok(await run_in_threadpool(replays.review, replay_id, body))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        messages = {404: "no such page or API route", 405: "method not allowed here"}
        return _error(exc.status_code, messages.get(exc.status_code, str(exc.detail)))

    async def server_error(request: Request, exc: Exception) -> Response:  # pragma: no cover
        return _error(500, "internal error")

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", asset, methods=["GET"]),
        Route("/api", info, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games/{game}", game, methods=["GET"]),
        Route("/api/games/{game}/legal", legal, methods=["GET"]),
        Route("/api/games/{game}/act", act, methods=["POST"]),
        Route("/api/games/{game}/advance", advance, methods=["POST"]),
        Route("/api/games/{game}/undo", undo, methods=["POST"]),
        Route("/api/games/{game}/hint", hint, methods=["POST"]),
        Route("/api/games/{game}/settings", settings, methods=["POST"]),
        Route("/api/games/{game}/record", record, methods=["GET"]),
        Route("/api/replays", open_replay, methods=["POST"]),
        Route("/api/replays/{replay}", replay_summary, methods=["GET"]),
        Route("/api/replays/{replay}/frames/{frame}", replay_frame, methods=["GET"]),
        Route("/api/replays/{replay}/review", review, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    app.router.redirect_slashes = False  # "/api/games/" is a 404 in JSON, not a redirect
    app.add_middleware(_SameOrigin if allow_remote else _LoopbackOnly)
    return app
