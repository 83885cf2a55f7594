"""The JSON API of ``kingofny serve`` (issue 12): new game, state, legal actions, apply,
several games at once, and a 4xx with a message, never a 500, for every bad request."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")
testclient = pytest.importorskip("starlette.testclient")

import kingofny  # noqa: E402
from kingofny.web.app import MAX_BODY, create_app  # noqa: E402
from tests.web.support import LOCAL, local_client, serve_process  # noqa: E402


def new(client: Any, **body: object) -> dict[str, Any]:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def play_out(client: Any, game: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play a game to its end: random human choices, bots on the server."""
    rng = random.Random(seed)
    gid = game["id"]
    for _ in range(3000):
        if game["over"]:
            return game
        if game["waiting"]["human"]:
            choice = rng.randrange(len(game["legal"]))
            answer = client.post(
                f"/api/games/{gid}/act", json={"index": choice, "version": game["version"]}
            )
        else:
            answer = client.post(f"/api/games/{gid}/advance", json={})
        assert answer.status_code == 200, answer.text
        game = answer.json()
    raise AssertionError("the game did not end")


def test_the_page_and_its_files_are_served(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name, kind in (("app.js", "text/javascript"), ("style.css", "text/css")):
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith(kind)
    info = client.get("/api").json()
    assert info["kingofny_version"] == kingofny.__version__
    assert info["players"][0] == "human"


def test_a_human_plays_a_whole_game_against_bots(client: Any) -> None:
    game = new(client, players=["human", "heuristic", "random", "random"], seed=5)
    assert game["version"] == 0
    assert game["waiting"]["human"] is not None
    assert [s["player"] for s in game["seats"]] == ["human", "heuristic", "random", "random"]
    assert game["state"]["data"]["config"]["seed"] is None  # the seed stays on the server
    final = play_out(client, game, 1)
    assert final["winners"] is not None
    assert final["legal"] == []
    log = client.get(f"/api/games/{game['id']}?since=0").json()["log"]
    assert log[0].startswith("King of New York")
    assert any(line.startswith("Game over") for line in log)
    record = client.get(f"/api/games/{game['id']}/record").json()
    replayed = kingofny.replay(kingofny.record_from_dict(record))
    assert replayed.winners == tuple(final["winners"])
    state = kingofny.state_from_dict(final["state"])
    assert state.config.seed is None  # the view never carries the seed
    assert state.winners == replayed.winners


def test_the_same_seed_and_choices_give_the_same_game(client: Any) -> None:
    first = play_out(client, new(client, players=["human", "heuristic"], seed=9), 3)
    second = play_out(client, new(client, players=["human", "heuristic"], seed=9), 3)
    assert first["id"] != second["id"]
    assert first["state"] == second["state"]


def test_the_payload_describes_board_question_and_buttons(client: Any) -> None:
    game = new(client, players=["human", "random"], monsters=["kong", "mantis"], seed=2)
    assert [s["name"] for s in game["seats"]] == ["Kong", "Mantis"]
    assert game["waiting"]["kind"] == "place"
    assert game["waiting"]["question"].startswith("Kong: choose")
    labels = [a["label"] for a in game["legal"]]
    assert labels == [
        "Start in The Bronx",
        "Start in Queens",
        "Start in Brooklyn",
        "Start in Staten Island",
    ]
    board = game["board"]
    assert len(board["boroughs"]) == 5
    assert all(len(b["stacks"]) == 3 for b in board["boroughs"])
    assert [m["name"] for m in board["monsters"]] == ["Kong", "Mantis"]
    assert all(
        card["price"] == card["cost"] or card["price"] == card["cost"] - 1
        for card in board["market"]
        if card
    )
    legal = client.get(f"/api/games/{game['id']}/legal").json()
    assert legal["legal"] == game["legal"]
    by_text = client.post(f"/api/games/{game['id']}/act", json={"action": "place queens"})
    assert by_text.status_code == 200
    assert by_text.json()["board"]["monsters"][0]["where"] == "Queens"


def test_bots_move_one_at_a_time_when_asked(client: Any) -> None:
    game = new(client, players=["heuristic", "random", "random"], seed=4)
    assert game["waiting"]["human"] is False
    step = client.post(f"/api/games/{game['id']}/advance", json={"moves": 1}).json()
    assert step["played"] == 1
    assert step["version"] == 1
    rest = client.post(f"/api/games/{game['id']}/advance?since={step['log_next']}").json()
    assert rest["over"]
    assert rest["log"][-1] != step["log"][-1]


def test_several_games_at_once(client: Any) -> None:
    ids = [new(client, players=["human", "random"], seed=s)["id"] for s in range(3)]
    assert len(set(ids)) == 3
    assert client.get("/api/games").json()["games"] == ids
    client.post(f"/api/games/{ids[1]}/act", json={"index": 0})
    versions = [client.get(f"/api/games/{g}").json()["version"] for g in ids]
    assert versions[1] > versions[0] == versions[2] == 0


def test_old_games_are_forgotten_beyond_the_limit() -> None:
    with local_client(create_app(max_games=2)) as c:
        ids = [
            c.post("/api/games", json={"players": ["human", "random"]}).json()["id"]
            for _ in range(3)
        ]
        assert c.get(f"/api/games/{ids[0]}").status_code == 404
        assert c.get(f"/api/games/{ids[2]}").status_code == 200


BAD_NEW_GAMES: list[tuple[object, int, str]] = [
    ({"players": "human,random"}, 400, "players must be a list"),
    ({"players": ["human"]}, 400, "2 to 6 players"),
    ({"players": ["human"] * 7}, 400, "2 to 6 players"),
    ({"players": ["human", 3]}, 400, "players must be a list of strings"),
    ({"players": ["human", "nobody"]}, 400, "unknown player 'nobody'"),
    ({"players": ["human", "os:system"]}, 400, "unknown player 'os:system'"),
    ({"players": ["human", "bot.py:Bot"]}, 400, "unknown player"),
    ({"players": ["human", "heuristic:nope=1"]}, 400, "takes no option"),
    ({"players": ["human", ""]}, 400, "player ''"),
    ({"players": ["human", "random"], "monsters": ["kong"]}, 400, "2 players but 1 monsters"),
    ({"players": ["human", "random"], "monsters": ["kong", "godzilla"]}, 400, "godzilla"),
    ({"players": ["human", "random"], "monsters": ["kong", "kong"]}, 400, "kong"),
    ({"players": ["human", "random"], "monsters": "kong"}, 400, "monsters must be a list"),
    ({"players": ["human", "random"], "seed": "7"}, 400, "seed must be an integer"),
    ({"players": ["human", "random"], "seed": 1.5}, 400, "seed must be an integer"),
    ({"players": ["human", "random"], "seed": True}, 400, "seed must be an integer"),
    ({"players": ["human", "random"], "seed": 2**80}, 400, "seed must be between"),
    ({"players": ["human", "random"], "colour": "red"}, 400, "unknown field 'colour'"),
    ([1, 2], 400, "must be a JSON object"),
    ("human", 400, "must be a JSON object"),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD_NEW_GAMES)
def test_bad_new_games_get_a_4xx_with_a_message(
    client: Any, body: object, status: int, message: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]


@pytest.mark.parametrize(
    ("content", "headers", "status", "message"),
    [
        (b"{", {"content-type": "application/json"}, 400, "not valid JSON"),
        (b"{'a': 1}", {"content-type": "application/json"}, 400, "not valid JSON"),
        (b"\xff\xfe", {"content-type": "application/json"}, 400, "not valid JSON"),
        (b"[" * 5000 + b"]" * 5000, {"content-type": "application/json"}, 400, "nested too deeply"),
        (b"null", {"content-type": "application/json"}, 400, "must be a JSON object"),
        (b"NaN", {"content-type": "application/json"}, 400, "must be a JSON object"),
        (b"[]", {"content-type": "application/json; charset=utf-8"}, 400, "JSON object"),
        (b'{"players": ["human", "random"]}', {"content-type": "text/plain"}, 415, "json"),
        (b"x" * (MAX_BODY + 1), {"content-type": "application/json"}, 413, "at most"),
    ],
)
def test_malformed_bodies_get_a_4xx(
    client: Any, content: bytes, headers: dict[str, str], status: int, message: str
) -> None:
    answer = client.post("/api/games", content=content, headers=headers)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]


def test_bad_moves_get_a_4xx_and_change_nothing(client: Any) -> None:
    game = new(client, players=["human", "random"], seed=1)
    gid, count = game["id"], len(game["legal"])
    cases: list[tuple[object, int, str]] = [
        ({"index": count}, 400, f"between 0 and {count - 1}"),
        ({"index": -1}, 400, "between 0"),
        ({"index": "0"}, 400, "index must be an integer"),
        ({"index": 0.0}, 400, "index must be an integer"),
        ({"index": False}, 400, "index must be an integer"),
        ({"index": [0]}, 400, "index must be an integer"),
        ({"index": None}, 400, "index must be an integer"),
        ({}, 400, "exactly one of index or action"),
        ({"index": 0, "action": "place queens"}, 400, "exactly one"),
        ({"action": "fly to the moon"}, 409, "not a legal action"),
        ({"action": 3}, 400, "action must be a string"),
        ({"index": 0, "version": 3}, 409, "moved on"),
        ({"index": 0, "version": "0"}, 400, "version must be an integer"),
        ({"index": 0, "extra": 1}, 400, "unknown field 'extra'"),
        ([0], 400, "must be a JSON object"),
    ]
    for body, status, message in cases:
        answer = client.post(f"/api/games/{gid}/act", json=body)
        assert answer.status_code == status, (body, answer.text)
        assert message in answer.json()["error"], (body, answer.text)
    assert client.get(f"/api/games/{gid}").json()["version"] == 0
    for body, message in (
        ({"moves": 0}, "between 1"),
        ({"moves": "all"}, "must be an integer"),
        ({"steps": 1}, "unknown field"),
    ):
        answer = client.post(f"/api/games/{gid}/advance", json=body)
        assert answer.status_code == 400, answer.text
        assert message in answer.json()["error"]
    # a bot's seat cannot be played through the API, and a game over takes no move
    bots = new(client, players=["random", "random"], seed=2)
    answer = client.post(f"/api/games/{bots['id']}/act", json={"index": 0})
    assert answer.status_code == 409
    assert "played by the bot 'random'" in answer.json()["error"]
    client.post(f"/api/games/{bots['id']}/advance")
    answer = client.post(f"/api/games/{bots['id']}/act", json={"index": 0})
    assert answer.status_code == 409
    assert answer.json()["error"] == "the game is over"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/games/0123456789abcdef", 404),
        ("GET", "/api/games/../../etc/passwd", 404),
        ("GET", "/api/games/nope/legal", 404),
        ("POST", "/api/games/nope/act", 404),
        ("POST", "/api/games/nope/advance", 404),
        ("GET", "/api/games/nope/record", 404),
        ("GET", "/static/../session.py", 404),
        ("GET", "/static/index.html.bak", 404),
        ("GET", "/nowhere", 404),
        ("DELETE", "/api/games", 405),
        ("PUT", "/api/games/x/act", 405),
        ("GET", "/api/games/x/act", 405),
    ],
)
def test_unknown_routes_and_ids_get_a_4xx(client: Any, method: str, path: str, status: int) -> None:
    answer = client.request(method, path)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]


def test_a_bad_since_gets_a_400(client: Any) -> None:
    gid = new(client, players=["human", "random"])["id"]
    for since in ("-1", "x", "1e3", "9" * 20):
        answer = client.get(f"/api/games/{gid}?since={since}")
        assert answer.status_code == 400, answer.text
    assert client.get(f"/api/games/{gid}?since=999999").json()["log"] == []


def test_only_loopback_clients_and_hosts_are_answered() -> None:
    app = create_app()
    with testclient.TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.5", 1)) as c:
        answer = c.get("/api")
        assert answer.status_code == 403
        assert "loopback" in answer.json()["error"]
    with testclient.TestClient(app, base_url="http://evil.example", client=LOCAL) as c:
        assert c.get("/api").status_code == 403  # a DNS-rebinding page
    for base in ("http://localhost:8765", "http://[::1]:8765", "http://127.0.0.1"):
        with testclient.TestClient(app, base_url=base, client=LOCAL) as c:
            assert c.get("/api").status_code == 200, base
    with testclient.TestClient(app, base_url="http://127.0.0.1", client=LOCAL) as c:
        answer = c.post("/api/games", headers={"Origin": "http://evil.example"})
        assert answer.status_code == 403
        assert c.get("/api", headers={"Origin": "http://127.0.0.1:8765"}).status_code == 200
    remote = create_app(allow_remote=True)
    with testclient.TestClient(remote, base_url="http://box.lan", client=("10.0.0.5", 1)) as c:
        assert c.get("/api").status_code == 200
        # Remote mode still refuses what a page of another site sends (review).
        assert c.post("/api/games", headers={"Origin": "http://evil.example"}).status_code == 403
        assert c.get("/api", headers={"Origin": "http://box.lan"}).status_code == 200


def test_a_failing_bot_is_replaced_by_a_random_move(client: Any, monkeypatch: Any) -> None:
    from kingofny.players import RandomPlayer

    def broken(self: object, view: object, legal: object) -> object:
        raise RuntimeError("bug")

    monkeypatch.setattr(RandomPlayer, "choose", broken)
    game = new(client, players=["random", "random"], seed=3)
    final = client.post(f"/api/games/{game['id']}/advance").json()
    assert final["over"]
    assert any("raised RuntimeError('bug')" in line for line in final["log"])


def test_kingofny_serve_answers_on_loopback_and_refuses_a_busy_port(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import socket
    import urllib.request

    from kingofny.cli import main

    with serve_process() as (_, line):
        assert line.startswith("kingofny: playing at http://127.0.0.1:"), line
        url = line.split()[3]
        with urllib.request.urlopen(url + "api", timeout=20) as answer:
            assert b"kingofny_version" in answer.read()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with socket.socket() as busy:
            busy.bind(("127.0.0.1", 0))
            busy.listen()
            assert main(["serve", "--port", str(busy.getsockname()[1])]) == 2
        assert "cannot listen on 127.0.0.1 port" in capsys.readouterr().err
        assert port > 0


def test_the_board_names_units_and_numbers_the_market_as_people_see_them(client: Any) -> None:
    """Units by their printed names (``unit_names``: the log's "a Jet", not "jet"); market
    slots and buy choices numbered from 1 as the page and the terminal show them (``slot``),
    while the notation keeps the engine's ``buy 0`` (review)."""
    game = new(client, players=["human", "heuristic"], seed=1)
    rng = random.Random(1)
    for _ in range(300):
        buys = [a for a in game["legal"] if a["kind"] == "buy"]
        if buys:
            break
        path = f"/api/games/{game['id']}/" + ("act" if game["waiting"]["human"] else "advance")
        body = {"index": rng.randrange(len(game["legal"]))} if game["waiting"]["human"] else {}
        game = client.post(path, json=body).json()
    else:
        raise AssertionError("no buy before the end")
    board = game["board"]
    assert board["unit_names"] == {"infantry": "Infantry", "jet": "Jet", "tank": "Tank"}
    market = board["market"]
    assert [c["slot"] for c in market if c is not None] == [
        i + 1 for i, c in enumerate(market) if c is not None
    ]
    for entry in buys:
        slot = entry["slot"]
        assert entry["action"] == f"buy {slot - 1}"  # the notation counts from 0
        assert entry["label"].startswith(f"Buy {market[slot - 1]['name']} for ")


@pytest.mark.parametrize("host", ["::1", "localhost"])
def test_kingofny_serve_on_the_other_loopback_names(host: str) -> None:
    """``--host ::1`` and ``--host localhost`` serve this machine only, at an address that
    opens (``http://[::1]:PORT/``), and answer a client there (review)."""
    import socket
    import urllib.request

    if host == "::1":
        try:
            with socket.socket(socket.AF_INET6) as probe:
                probe.bind(("::1", 0))
        except OSError:
            pytest.skip("no IPv6 loopback on this machine")
    with serve_process("--host", host) as (proc, line):
        shown = "[::1]" if host == "::1" else host
        assert line.startswith(f"kingofny: playing at http://{shown}:"), line
        url = line.split()[3]
        with urllib.request.urlopen(url + "api", timeout=20) as answer:
            assert b"kingofny_version" in answer.read()
        proc.terminate()
        rest, _ = proc.communicate(timeout=20)
    assert "other machines can reach" not in rest  # this machine only: no warning


def test_a_bot_asking_for_more_than_the_servers_budget_gets_a_400(client: Any) -> None:
    """``mcts:playouts=100000000`` held its game and a server thread for hours: the server
    lists the options its bots take, with their bounds, and refuses anything beyond them."""
    info = client.get("/api").json()
    assert info["max_bot_ms"] == 5000
    assert info["max_advance_seconds"] == 10
    options = info["bot_options"]
    assert set(options) - {"policy"} == {"random", "heuristic", "mcts", "expectimax", "planner"}
    assert options["mcts"]["playouts"] == {"type": "int", "min": 1, "max": 10000, "none": True}
    assert options["mcts"]["ms"]["max"] == info["max_bot_ms"]
    assert options["random"] == {}
    for spec, named in (
        ("mcts:playouts=100000000", "playouts must be an integer between 1 and 10000"),
        ("mcts:ms=60000", "ms must be a number between 1 and 5000"),
        ("expectimax:samples=1000000", "samples must be an integer between 1 and 64"),
        ("planner:playouts=100000000", "playouts must be an integer between 1 and 10000"),
        ("planner:ms=60000", "ms must be a number between 1 and 5000"),
        ("mcts:policy=random", "option 'policy'"),
    ):
        answer = client.post("/api/games", json={"players": ["human", spec]})
        assert answer.status_code == 400, answer.text
        assert named in answer.json()["error"], answer.text
    answer = client.post("/api/games", json={"players": ["human", "mcts:playouts=50,ms=100"]})
    assert answer.status_code == 201, answer.text
