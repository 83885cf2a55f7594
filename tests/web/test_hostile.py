"""Hostile requests to the JSON API of ``kingofny serve``: every parameter of every route (path,
query, JSON body, headers) fed values meant to break it, and the strict ``Host`` check.

The API promises a 2xx for a valid request and a 4xx with a JSON ``{"error": ...}`` for every
other one, never a 500. Requests go straight to the ASGI app (no HTTP client in between), so
that any bytes at all can be sent in a header, a path or a query string.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import NamedTuple
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.types import ASGIApp, Message

from kingofny.web.app import create_app

HOST = b"127.0.0.1:8765"


class Answer(NamedTuple):
    """What the app answered: its status, its body, and the exception it raised (if any)."""

    status: int
    body: bytes
    raised: BaseException | None


class Client:
    """Sends requests as raw ASGI scopes: any path, query string and header bytes."""

    def __init__(self, app: ASGIApp, portal: BlockingPortal) -> None:
        self.app = app
        self.portal = portal

    def send(
        self,
        method: str,
        path: str,
        *,
        query: bytes = b"",
        body: bytes = b"",
        headers: Sequence[tuple[bytes, bytes]] | None = None,
        client: tuple[str, int] = ("127.0.0.1", 50000),
        cut: bool = False,
    ) -> Answer:
        """``path`` is the decoded path (as servers put it in the scope); with ``cut``, the
        client goes away after the body, which it said was not all."""
        if headers is None:
            headers = [(b"host", HOST)]
            if body:
                headers += [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ]
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": quote(path, safe="/").encode("ascii"),
            "root_path": "",
            "query_string": query,
            "headers": list(headers),
            "client": client,
            "server": ("127.0.0.1", 8765),
        }
        sent: list[Message] = []
        chunks = [{"type": "http.request", "body": body, "more_body": cut}]

        async def receive() -> Message:
            return chunks.pop(0) if chunks else {"type": "http.disconnect"}

        async def collect(message: Message) -> None:
            sent.append(message)

        raised: BaseException | None = None
        try:
            self.portal.call(self.app, scope, receive, collect)
        except Exception as exc:  # the app's 500 handler answers, then raises again
            raised = exc
        starts = [m for m in sent if m["type"] == "http.response.start"]
        status = starts[0]["status"] if starts else 0
        content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return Answer(status, content, raised)

    def json(self, method: str, path: str, data: object, *, query: bytes = b"") -> Answer:
        """Send ``data`` as the JSON body."""
        return self.send(method, path, query=query, body=json.dumps(data).encode())


def check(answer: Answer, where: object, *, api: bool = True) -> None:
    """A 2xx, or a 4xx with a JSON error message: never a 500, never an exception."""
    assert answer.raised is None, (where, answer.raised)
    assert 200 <= answer.status < 500, (where, answer.status, answer.body[:300])
    if answer.status >= 300:
        assert answer.status >= 400, (where, answer.status)
        error = json.loads(answer.body)["error"]
        assert isinstance(error, str), where
        assert error, where
        assert len(error) < 2000, (where, error[:100])  # a message, not the input echoed
    elif api:
        json.loads(answer.body)


@pytest.fixture(scope="module")
def portal() -> Iterator[BlockingPortal]:
    manager: AbstractContextManager[BlockingPortal] = start_blocking_portal()
    with manager as opened:
        yield opened


@pytest.fixture(scope="module")
def client(portal: BlockingPortal) -> Client:
    return Client(create_app(), portal)


def new_game(client: Client, players: Sequence[str] = ("human", "random")) -> str:
    answer = client.json("POST", "/api/games", {"players": list(players), "seed": 1})
    assert answer.status == 201, answer.body
    gid: str = json.loads(answer.body)["id"]
    return gid


# -- hostile values ---------------------------------------------------------------------------

HOSTILE_TEXT: list[str] = [
    "",
    " ",
    "²",  # a digit to str.isdigit, not to int()
    "¹²³",
    "١٢",  # Arabic-Indic digits: int() takes them
    "𝟗",
    "0",
    "1",
    "-1",
    "-0",
    "+1",
    " 1",
    "1 ",
    "0x1f",
    "1_000",
    "1e3",
    "1.0",
    "NaN",
    "inf",
    "-inf",
    "1" + "0" * 400,  # 10**400
    "9" * 5000,  # more digits than int() reads
    "\x00",
    "a\x00b",
    "\x7f",
    "\u202e",
    "\ufeff1",
    "😀",
    "Ω" * 3000,
    "x" * 20000,
    "../../etc/passwd",
    "%00",
    "%ff",
    "null",
    "true",
    "[]",
    "{}",
    '{"a": {"b": 1}}',
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\r\n",
    "\t",
    "human",
]

HUGE = 10**400
DEEP: object = []
for _ in range(300):
    DEEP = [DEEP]

HOSTILE_JSON: list[object] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2**31,
    2**63,
    HUGE,
    -HUGE,
    1.5,
    -0.0,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    "",
    "0",
    "²",
    "\x00",
    "x" * 10000,
    [],
    [None],
    [[[]]],
    DEEP,
    {},
    {"a": {"b": {"c": []}}},
    ["human"] * 50,
    [1, "a", None],
    [HUGE, HUGE],
    ["human", ["random"]],
    {"players": ["human", "random"]},
]

HOSTILE_SPECS: list[str] = [
    "mcts:playouts=" + "9" * 5000,
    "mcts:playouts=" + "9" * 400,
    "mcts:playouts=100000000",
    "mcts:playouts=-1",
    "mcts:playouts=0",
    "mcts:playouts=1.5",
    "mcts:playouts=true",
    "mcts:playouts=²",
    "mcts:playouts=١٢",
    "mcts:ms=1e400",
    "mcts:ms=-5",
    "mcts:ms=0",
    "mcts:ms=86400000",
    "mcts:ms=nan",
    "mcts:c=1e400",
    "mcts:c=-1e400",
    "mcts:widening=1e300",
    "mcts:reroll_candidates=" + "9" * 300,
    "mcts:confidence=inf",
    "mcts:dice_prior=2",
    "mcts:policy=heuristic",
    "mcts:evaluation=none",
    "mcts:seed=3",
    "mcts:playouts=1,playouts=2",
    "mcts:playouts=1:ms=2",
    "expectimax:samples=1000000000",
    "expectimax:samples=0",
    "expectimax:policy=random",
    "heuristic:flee_life=" + "9" * 400,
    "heuristic:flee_per_attacker=1e308",
    "heuristic:flee_life=x",
    "random:seed=1",
    "random:x=1",
    "MCTS",
    ":",
    "::",
    "mcts:",
    "mcts:=",
    "mcts:a",
    "kingofny.players.mcts:MCTSPlayer",
    "os:system",
    "/etc/passwd.py:X",
    "mcts:" + ",".join(f"k{i}=1" for i in range(2000)),
]

GAME_ROUTES = [
    ("GET", ""),
    ("GET", "/legal"),
    ("POST", "/act"),
    ("POST", "/advance"),
    ("POST", "/undo"),
    ("POST", "/settings"),
    ("GET", "/record"),
]


# -- the since parameter ----------------------------------------------------------------------


@pytest.mark.parametrize("since", ["²", "¹", "١٢", "𝟗", "٣"])
def test_a_since_of_other_digits_gets_a_400(client: Client, since: str) -> None:
    """``?since=²`` answered 500: ``"²".isdigit()`` holds, yet ``int("²")`` fails."""
    gid = new_game(client)
    for method, tail in (("GET", ""), ("POST", "/act"), ("POST", "/advance")):
        answer = client.send(
            method, f"/api/games/{gid}{tail}", query=b"since=" + quote(since).encode()
        )
        check(answer, since)
        assert answer.status == 400, (tail, answer)
        assert "since must be" in json.loads(answer.body)["error"]


# -- every parameter, hostile values ----------------------------------------------------------


def test_hostile_query_strings(client: Client) -> None:
    gid = new_game(client)
    raw: list[bytes] = [quote(text).encode() for text in HOSTILE_TEXT]
    raw += [b"%ff", b"\xff", b"%", b"%zz", b"\x00", b"1&since=2", b"=", b"since"]
    paths = ["/", "/api", "/api/games", "/static/app.js"]
    paths += [f"/api/games/{gid}{tail}" for _, tail in GAME_ROUTES]
    for value in raw:
        for query in (b"since=" + value, value, value + b"=1", b"since=" + value + b"&since=1"):
            for method, tail in GAME_ROUTES:
                check(client.send(method, f"/api/games/{gid}{tail}", query=query), query)
            for path in paths[:4]:
                check(client.send("GET", path, query=query), query, api=path.startswith("/api"))
    answer = client.send("GET", f"/api/games/{gid}", query=b"since=1" + b"0" * 400)
    assert answer.status == 400


def test_hostile_path_parameters(client: Client) -> None:
    new_game(client)
    for text in [*HOSTILE_TEXT, "a/b", "/", "..", ".", "0123456789abcdef"]:
        for method, tail in GAME_ROUTES:
            answer = client.send(method, f"/api/games/{text}{tail}")
            check(answer, (method, text, tail))
            assert 400 <= answer.status < 500, (text, tail)
        answer = client.send("GET", f"/static/{text}")
        check(answer, text, api=False)
        assert answer.status == 404, text
    for method in ("PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW", ""):
        for path in ("/", "/api", "/api/games", "/api/games/x/act", "/static/app.js"):
            check(client.send(method, path), (method, path), api=False)


def test_hostile_bodies_for_new_games(client: Client) -> None:
    for value in HOSTILE_JSON:
        check(client.json("POST", "/api/games", value), value)  # the whole body
        for field in ("players", "monsters", "seed", "settings"):
            body: dict[str, object] = {"players": ["human", "random"], field: value}
            check(client.json("POST", "/api/games", body), (field, value))
        for key in ("stay_unless_below", "skip_buy", "forced", "x"):
            body = {"players": ["human", "random"], "settings": {key: value}}
            check(client.json("POST", "/api/games", body), (key, value))
        check(client.json("POST", "/api/games", {"players": ["human", value]}), value)
        check(client.json("POST", "/api/games", {"players": [value, value]}), value)
        check(
            client.json(
                "POST", "/api/games", {"players": ["human", "random"], "monsters": ["kong", value]}
            ),
            value,
        )
    for text in HOSTILE_TEXT + HOSTILE_SPECS:
        check(client.json("POST", "/api/games", {"players": ["human", text]}), text)
        check(
            client.json(
                "POST", "/api/games", {"players": ["human", "random"], "monsters": [text, "kong"]}
            ),
            text,
        )
        check(client.json("POST", "/api/games", {text: 1}), text)


@pytest.mark.parametrize("route", ["act", "advance", "undo", "settings", "hint"])
def test_hostile_bodies_for_moves(client: Client, route: str) -> None:
    fields = {
        "act": ("index", "action", "version"),
        "advance": ("moves",),
        "undo": ("version",),
        "settings": ("stay_unless_below", "skip_buy", "forced"),
        "hint": ("version",),
    }[route]
    gid = new_game(client, ["human", "random"])
    for value in HOSTILE_JSON + HOSTILE_TEXT:
        path = f"/api/games/{gid}/{route}"
        check(client.json("POST", path, value), value)
        for field in fields:
            check(client.json("POST", path, {field: value}), (field, value))
            if route == "act":
                check(client.json("POST", path, {"index": 0, field: value}), (field, value))
        if isinstance(value, str):
            check(client.json("POST", path, {value: 0}), value)


def test_hostile_raw_bodies(client: Client) -> None:
    gid = new_game(client)
    bodies = [
        b"{",
        b"\xff\xfe\x00",
        b"\xef\xbb\xbf{}",
        b'{"seed": ' + b"1" * 5000 + b"}",
        b'{"index": ' + b"1" * 5000 + b"}",
        b'{"players": ["human", "random"], "seed": 1e99999}',
        b'{"players": ["human", "random"], "seed": -Infinity}',
        b'{"index": NaN}',
        b'{"a": 1, "a": 2}',
        b'{"\\ud800": 1}',
        b'{"action": "\\ud800"}',
        b"[" * 10000,
        b"\x00" * 100,
        b'"' + b"x" * 15000 + b'"',
    ]
    paths = ["/api/games", "/api/replays"]
    paths += [f"/api/games/{gid}/{route}" for route in ("act", "advance", "undo", "settings")]
    for path in paths:
        for body in bodies:
            check(client.send("POST", path, body=body), (path, body[:40]))
        for body in (b"", b'{"players"', b"{}"):  # the client goes away before the end
            answer = client.send("POST", path, body=body, cut=True)
            check(answer, (path, body, "cut"))
            assert answer.status == 400, (path, body)


HOSTILE_HEADER_VALUES: list[bytes] = [
    text.encode("utf-8") for text in HOSTILE_TEXT if len(text) < 5000
] + [b"\xff\xfe", b"\x00", b"x" * 8000]


def test_hostile_headers(client: Client) -> None:
    gid = new_game(client)
    body = json.dumps({"index": 0}).encode()
    targets = [
        ("GET", "/api"),
        ("GET", f"/api/games/{gid}"),
        ("POST", f"/api/games/{gid}/act"),
        ("POST", f"/api/games/{gid}/advance"),
        ("POST", "/api/games"),
    ]
    for value in HOSTILE_HEADER_VALUES:
        for method, path in targets:
            sent = body if method == "POST" else b""
            base = [(b"content-type", b"application/json")] if sent else []
            # a hostile Host is refused outright
            answer = client.send(method, path, body=sent, headers=[(b"host", value), *base])
            check(answer, ("host", value))
            assert answer.status in (400, 403), value
            for name in (b"origin", b"content-type", b"content-length", b"x-anything", b"cookie"):
                headers = [(b"host", HOST), (name, value)]
                if name != b"content-type":
                    headers += base
                check(client.send(method, path, body=sent, headers=headers), (name, value))
    for headers in (
        [],  # no Host at all
        [(b"host", HOST), (b"host", b"evil.com")],
        [(b"host", b"evil.com"), (b"host", HOST)],
        [(b"host", HOST), (b"host", HOST)],
    ):
        answer = client.send("GET", "/api", headers=headers)
        check(answer, headers)
        assert answer.status in (400, 403), headers


def test_hostile_clients(portal: BlockingPortal) -> None:
    for app in (create_app(), create_app(allow_remote=True)):
        web = Client(app, portal)
        for peer in (("10.0.0.1", 1), ("", 0), ("not an address", -1), ("::1", 65535)):
            check(web.send("GET", "/api", client=peer), peer)


# -- property-based: arbitrary text and JSON --------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats()
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ASCII_LINE = re.compile(r"[0-9]{1,9}")


@FUZZ
@given(text=st.text())
def test_any_since_is_a_line_number_or_a_400(client: Client, text: str) -> None:
    gid = new_game(client)
    answer = client.send("GET", f"/api/games/{gid}", query=b"since=" + quote(text).encode())
    check(answer, text)
    assert answer.status == (200 if ASCII_LINE.fullmatch(text) else 400), text


@FUZZ
@given(game=st.text(), tail=st.sampled_from(GAME_ROUTES), query=st.binary(max_size=40))
def test_any_game_id_and_query(
    client: Client, game: str, tail: tuple[str, str], query: bytes
) -> None:
    method, rest = tail
    check(client.send(method, f"/api/games/{game}{rest}", query=query), (game, query))


@FUZZ
@given(
    body=JSON_VALUES
    | st.fixed_dictionaries(
        {},
        optional={
            "players": st.lists(st.text(max_size=30) | JSON_VALUES, max_size=7),
            "monsters": JSON_VALUES,
            "seed": JSON_VALUES,
        },
    )
)
def test_any_new_game_body(client: Client, body: object) -> None:
    started = time.perf_counter()
    check(client.json("POST", "/api/games", body), body)
    assert time.perf_counter() - started < 5


@FUZZ
@given(spec=st.text(max_size=60), option=st.text(max_size=20))
def test_any_bot_spec(client: Client, spec: str, option: str) -> None:
    for text in (spec, f"mcts:{spec}", f"heuristic:flee_life={option}", f"mcts:ms={option}"):
        check(client.json("POST", "/api/games", {"players": ["human", text]}), text)


@FUZZ
@given(
    route=st.sampled_from(["act", "advance", "undo", "settings", "hint"]),
    body=JSON_VALUES
    | st.fixed_dictionaries(
        {},
        optional={
            "index": JSON_VALUES,
            "action": JSON_VALUES,
            "version": JSON_VALUES,
            "moves": JSON_VALUES,
            "stay_unless_below": JSON_VALUES,
            "skip_buy": JSON_VALUES,
            "forced": JSON_VALUES,
        },
    ),
)
def test_any_move_body(client: Client, route: str, body: object) -> None:
    gid = new_game(client)
    check(client.json("POST", f"/api/games/{gid}/{route}", body), body)


# -- replays -------------------------------------------------------------------------------------


def _record(client: Client) -> dict[str, object]:
    """The record of a short game of bots."""
    answer = client.json("POST", "/api/games", {"players": ["random", "random"], "seed": 2})
    gid = json.loads(answer.body)["id"]
    check(client.json("POST", f"/api/games/{gid}/advance", {"moves": 30}), gid)
    record: dict[str, object] = json.loads(client.send("GET", f"/api/games/{gid}/record").body)
    return record


def test_hostile_records_for_replays(client: Client) -> None:
    """Any body at all, any record spoiled in any field, a game id of any kind: a replay or a
    4xx."""
    record = _record(client)
    good = client.json("POST", "/api/replays", record)
    assert good.status == 201, good.body
    data = record["data"]
    assert isinstance(data, dict)
    events = data["events"]
    assert isinstance(events, list)
    for value in HOSTILE_JSON + HOSTILE_TEXT:
        check(client.json("POST", "/api/replays", value), value)
        check(client.json("POST", "/api/replays", {"game": value}), ("game", value))
        for key in ("format", "schema_version", "packs", "data", "kingofny_version"):
            check(client.json("POST", "/api/replays", {**record, key: value}), (key, value))
        for key in ("config", "events", "winners"):
            spoiled = {**record, "data": {**data, key: value}}
            check(client.json("POST", "/api/replays", spoiled), (key, value))
        for index in (0, len(events) // 2, len(events) - 1):
            bad = list(events)
            bad[index] = value
            spoiled = {**record, "data": {**data, "events": bad}}
            check(client.json("POST", "/api/replays", spoiled), (index, value))
        play = {"format": "kingofny/play", "players": value, "record": record}
        check(client.json("POST", "/api/replays", play), ("players", value))
    # Events out of order or cut short still answer.
    for shuffled in (events[::-1], events[:3], events[5:], events + events):
        spoiled = {**record, "data": {**data, "events": shuffled}}
        check(client.json("POST", "/api/replays", spoiled), len(shuffled))
    # A body over the record limit is a 413.
    big = b'{"x": "' + b"y" * (4 * 1024 * 1024 + 10) + b'"}'
    answer = client.send("POST", "/api/replays", body=big)
    check(answer, "big")
    assert answer.status == 413


def test_hostile_replay_ids_and_frames(client: Client) -> None:
    answer = client.json("POST", "/api/replays", _record(client))
    rid = json.loads(answer.body)["id"]
    frames = json.loads(answer.body)["frames"]
    for text in [*HOSTILE_TEXT, "a/b", "..", "0123456789abcdef"]:
        for path in (f"/api/replays/{text}", f"/api/replays/{text}/frames/0"):
            answer = client.send("GET", path)
            check(answer, text)
            assert 400 <= answer.status < 500, (path, answer.status)
        answer = client.send("GET", f"/api/replays/{rid}/frames/{text}")
        check(answer, text)
        if text not in ("0", "1"):
            assert 400 <= answer.status < 500, (text, answer.status)
    for frame in (-1, frames, frames + 1, 2**40):
        answer = client.send("GET", f"/api/replays/{rid}/frames/{frame}")
        check(answer, frame)
        assert answer.status == 404, frame
    for method in ("PUT", "DELETE", "POST"):
        check(client.send(method, f"/api/replays/{rid}/frames/0"), method, api=False)


def test_hostile_bodies_and_ids_for_reviews(client: Client) -> None:
    """``POST /api/replays/{id}/review``: any body, any field of any value, any id, other
    methods: a review or a 4xx, never a 500 (a short game, so that the valid bodies are
    quick to review)."""
    answer = client.json("POST", "/api/replays", _record(client))
    rid = json.loads(answer.body)["id"]
    path = f"/api/replays/{rid}/review"
    for value in HOSTILE_JSON + HOSTILE_TEXT:
        check(client.json("POST", path, value), value)
        for field in ("seats", "top", "samples", "seed"):
            check(client.json("POST", path, {field: value}), (field, value))
            check(client.json("POST", path, {field: [value]}), (field, [value]))
        if isinstance(value, str):
            check(client.json("POST", path, {value: 0}), value)
    for text in [*HOSTILE_TEXT, "a/b", "..", "0123456789abcdef"]:
        answer = client.json("POST", f"/api/replays/{text}/review", {})
        check(answer, text)
        assert 400 <= answer.status < 500, (text, answer.status)
    for method in ("GET", "PUT", "DELETE"):
        check(client.send(method, path), method, api=False)
    check(client.send("POST", path, body=b"[" * 100_000), "deep")
    answer = client.send("POST", path, body=b'{"x": "' + b"y" * 20_000 + b'"}')
    assert answer.status == 413


@FUZZ
@given(
    body=JSON_VALUES
    | st.fixed_dictionaries(
        {},
        optional={
            "seats": JSON_VALUES | st.lists(st.integers(-3, 5)),
            "top": JSON_VALUES,
            "samples": JSON_VALUES,
            "seed": JSON_VALUES,
        },
    )
)
def test_any_review_body(client: Client, body: object) -> None:
    if client.send("GET", f"/api/replays/{_REVIEWED.get('id', 'none')}").status != 200:
        answer = client.json("POST", "/api/replays", _record(client))
        _REVIEWED["id"] = json.loads(answer.body)["id"]
    check(client.json("POST", f"/api/replays/{_REVIEWED['id']}/review", body), body)


_REVIEWED: dict[str, str] = {}
"""The replay the fuzzed review bodies ask about (made once)."""


@FUZZ
@given(
    body=JSON_VALUES
    | st.fixed_dictionaries(
        {},
        optional={
            "format": st.sampled_from(["kingofny/record", "kingofny/play"]) | JSON_VALUES,
            "schema_version": JSON_VALUES,
            "data": JSON_VALUES,
            "record": JSON_VALUES,
            "players": JSON_VALUES,
            "game": JSON_VALUES,
        },
    )
)
def test_any_replay_body(client: Client, body: object) -> None:
    check(client.json("POST", "/api/replays", body), body)


@FUZZ
@given(host=st.binary(max_size=60), origin=st.binary(max_size=60))
def test_any_host_and_origin(client: Client, host: bytes, origin: bytes) -> None:
    answer = client.send("GET", "/api", headers=[(b"host", host), (b"origin", origin)])
    check(answer, (host, origin))


# -- the Host header --------------------------------------------------------------------------

GOOD_HOSTS = [
    "localhost",
    "localhost:8000",
    "LOCALHOST:8765",
    "localhost.",
    "127.0.0.1",
    "127.0.0.1:1",
    "127.0.0.1:65535",
    "127.1.2.3:8765",
    "[::1]",
    "[::1]:8000",
    "[0:0:0:0:0:0:0:1]:8765",
]
EVIL_HOSTS = [
    "[::1]evil.com",
    "[::1]:8000evil.com",
    "[::1].evil.com",
    "[::1]@evil.com",
    "localhost.evil.com",
    "127.0.0.1.evil.com",
    "evil.com.127.0.0.1",
    "localhost:80:80",
    "localhost:abc",
    "localhost:",
    "localhost:-1",
    "localhost:+80",
    "localhost: 80",
    "localhost:²",
    "localhost:0",
    "localhost:65536",
    "localhost:99999",
    "localhost:" + "8" * 50,
    "[::1",
    "::1]",
    "::1",
    "[::1]:",
    "[::1]:99999",
    "[[::1]]",
    "[127.0.0.1]",
    "[::ffff:8.8.8.8]",
    "[fe80::1%25lo]",
    "evil.com",
    "evil.com:8765",
    "",
    " ",
    "localhost ",
    " localhost",
    "127.0.0.1@evil.com",
    "evil.com@127.0.0.1",
    "user@localhost",
    "127.0.0.1/evil",
    "127.0.0.1#x",
    "127.0.0.1?x",
    "127.0.0.1\\evil.com",
    "127.0.0.1\x00evil.com",
    "127.0.0.1,evil.com",
    "127.1",
    "2130706433",
    "0x7f000001",
    "127.000.000.001",
    "localhost..",
    "ｌｏｃａｌｈｏｓｔ",
    "localhost\u200b",
    "http://localhost",
    "0.0.0.0",
    "[::]",
]


@pytest.mark.parametrize("host", GOOD_HOSTS)
def test_loopback_hosts_are_answered(client: Client, host: str) -> None:
    answer = client.send("GET", "/api", headers=[(b"host", host.encode())])
    assert answer.status == 200, (host, answer.body)


@pytest.mark.parametrize("host", EVIL_HOSTS)
def test_other_and_malformed_hosts_are_refused(client: Client, host: str) -> None:
    answer = client.send("GET", "/api", headers=[(b"host", host.encode("utf-8"))])
    check(answer, host)
    assert answer.status in (400, 403), (host, answer.body)
    assert "Host" in json.loads(answer.body)["error"]


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        ("http://127.0.0.1:8765", 200),
        ("http://localhost", 200),
        ("https://[::1]:8765", 200),
        ("http://[::1]evil.com", 403),
        ("http://[::1]:8765.evil.com", 403),
        ("http://localhost.evil.com", 403),
        ("http://127.0.0.1@evil.com", 403),
        ("http://127.0.0.1:8765/path", 403),
        ("ftp://127.0.0.1", 403),
        ("127.0.0.1", 403),
        ("null", 403),
    ],
)
def test_origins_are_parsed_as_strictly(client: Client, origin: str, status: int) -> None:
    headers = [(b"host", HOST), (b"origin", origin.encode())]
    assert client.send("GET", "/api", headers=headers).status == status, origin


def test_a_server_open_to_other_machines_still_refuses_a_malformed_host(
    portal: BlockingPortal,
) -> None:
    web = Client(create_app(allow_remote=True), portal)
    for host in ("box.lan", "box.lan:8765", "192.168.1.20:8765", "[fe80::1]:8765"):
        assert web.send("GET", "/api", headers=[(b"host", host.encode())]).status == 200, host
    for host in ("[::1]evil.com", "box.lan:80:80", "", "box.lan:99999", "a b"):
        answer = web.send("GET", "/api", headers=[(b"host", host.encode())])
        assert answer.status == 400, host
