"""The web app in a real browser (issue 12, *Tested in a real browser*): Debian's Chromium,
driven by Playwright, plays a whole game by clicking, with no JavaScript error logged, and saves
screenshots.

Skipped when Playwright, Starlette or uvicorn are missing, or no Chromium is found
(``KINGOFNY_CHROMIUM``, then ``chromium`` on the ``PATH``); with ``KINGOFNY_REQUIRE_BROWSER=1``
(CI) a missing Chromium fails instead. Screenshots go to
``KINGOFNY_ARTIFACTS`` (default: the test's temporary directory); with
``KINGOFNY_UPDATE_SCREENSHOT=1`` the mid-game one also replaces ``docs/_static/web-play.png``.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from kingofny.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS_SCREENSHOT = ROOT / "docs" / "_static" / "web-play.png"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""The start flags of this machine's notes: without the background-networking ones Chromium
keeps knocking on a closed network."""
MAX_CLICKS = 600


def _chromium() -> str:
    found = os.environ.get("KINGOFNY_CHROMIUM") or shutil.which("chromium")
    if not found or not Path(found).exists():
        if os.environ.get("KINGOFNY_REQUIRE_BROWSER") == "1":  # CI: a skip would hide the test
            pytest.fail("no Chromium, and KINGOFNY_REQUIRE_BROWSER=1")
        pytest.skip("no Chromium: install Debian's chromium or set KINGOFNY_CHROMIUM")
    return found


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(), log_level="warning", lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    where = Path(os.environ.get("KINGOFNY_ARTIFACTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def _idle(page: Any) -> None:
    """Wait until the page has its answer (and the bots have played)."""
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=30_000)


def test_a_whole_game_by_clicking(server: str, artifacts: Path) -> None:
    problems: list[str] = []
    rng = random.Random(12)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=_chromium(), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on(
                "console",
                lambda msg: (
                    problems.append(f"console {msg.type}: {msg.text}")
                    if msg.type in ("error", "warning")
                    else None
                ),
            )
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.goto(f"{server}/?pace=0")
            page.fill("#seed", "2024")
            page.click("#start")
            _idle(page)
            clicks = 0
            shot = False
            while "Game over" not in page.inner_text("#question"):
                assert clicks < MAX_CLICKS, "the game did not end"
                dice = page.locator("#dice button.toggle")
                if dice.count() and rng.random() < 0.5:
                    for i in range(dice.count()):
                        if rng.random() < 0.5:
                            dice.nth(i).click()
                buttons = page.locator("#actions button.action:enabled:visible")
                count = buttons.count()
                assert count, page.inner_text("#prompt")
                buttons.nth(rng.randrange(count)).click()
                clicks += 1
                _idle(page)
                if not shot and clicks >= 12 and page.locator("#dice .die").count():
                    page.screenshot(path=str(artifacts / "web-play.png"))
                    shot = True
            page.screenshot(path=str(artifacts / "web-game-over.png"), full_page=True)
            assert page.locator("#error").is_hidden(), page.inner_text("#error")
            assert page.locator("#log li").count() > 20
            assert "Game over" in page.inner_text("#log")
        finally:
            browser.close()
    assert problems == []
    assert shot
    assert (artifacts / "web-play.png").stat().st_size > 10_000
    if os.environ.get("KINGOFNY_UPDATE_SCREENSHOT") == "1":
        shutil.copyfile(artifacts / "web-play.png", DOCS_SCREENSHOT)


def _call(server: str, method: str, path: str, body: object = None) -> Any:
    """One request of the JSON API, answered 2xx."""
    import json
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _position_with_units_and_a_buy(server: str) -> dict[str, Any]:
    """A game (a person against the heuristic bot, played through the API with random choices)
    at a Buy step where the person can buy and units stand in the city."""
    rng = random.Random(1)
    game = _call(server, "POST", "/api/games", {"players": ["human", "heuristic"], "seed": 1})
    for _ in range(300):
        assert not game["over"], "no such position before the end"
        boroughs = game["board"]["boroughs"]
        units = any(b["units"] or b["fresh_units"] for b in boroughs)
        if units and any(a["kind"] == "buy" for a in game["legal"]):
            return dict(game)
        if not game["waiting"]["human"]:
            game = _call(server, "POST", f"/api/games/{game['id']}/advance", {})
            continue
        choice = rng.randrange(len(game["legal"]))
        body = {"index": choice, "version": game["version"]}
        game = _call(server, "POST", f"/api/games/{game['id']}/act", body)
    raise AssertionError("no such position")


def test_the_page_names_and_numbers_things_as_the_terminal_and_the_log(server: str) -> None:
    """Units by their names, as the log tells them ("Jet", not "jet"); buildings labelled as on
    the terminal's board; the market numbered from 1 as in the terminal (``buy 2``), the buy
    buttons naming that number; and buying by a click (review)."""
    import re

    import kingofny as k
    from kingofny.play.board import board_view

    game = _position_with_units_and_a_buy(server)
    terminal = board_view(k.state_from_dict(game["state"]), 0)
    problems: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=_chromium(), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
            page.goto(f"{server}/?pace=0#{game['id']}")
            page.wait_for_selector("#market .card b")
            _idle(page)
            log = page.inner_text("#log")
            # Units: the names of the log and the terminal's board.
            units = page.locator("#city .unit").all_inner_texts()
            assert units
            shown_units = {u for row in terminal.boroughs for u in row.units}
            for text in units:
                match = re.fullmatch(r"(?:\d+ )?(Infantry|Jet|Tank)(?: \(new\))?", text)
                assert match, text
                assert match[1] in shown_units
                assert re.search(rf"\b(an? |\d+ ){match[1]}\b", log), (match[1], log)
            # Buildings: each tile as the terminal's board shows its stack.
            tiles = page.locator("#city .tile:not(.empty)").all_inner_texts()
            stacks = [s for row in terminal.boroughs for s in row.stacks if s != "empty"]
            assert [t.split(" · ")[0] for t in tiles] == [s.split(" +")[0] for s in stacks]
            # The market: numbered as the terminal lists it ("  1. Fireball [keep] ...").
            heads = page.locator("#market .card:not(.empty) b").all_inner_texts()
            assert heads == [f"{row.slot}. {row.name}" for row in terminal.market]
            names = {row.slot: row.name for row in terminal.market}
            buys = page.locator("#actions button[data-kind=buy]")
            assert buys.count()
            for i in range(buys.count()):
                button = buys.nth(i)
                slot = int(button.get_attribute("data-slot") or 0)
                assert button.get_attribute("title") == f"card {slot} of the market"
                assert button.inner_text().startswith(f"Buy {names[slot]} for ")
            bought = names[int(buys.first.get_attribute("data-slot") or 0)]
            buys.first.click()
            _idle(page)
            assert f"buys {bought}" in page.inner_text("#log")
            assert page.locator("#error").is_hidden(), page.inner_text("#error")
        finally:
            browser.close()
    assert problems == []
