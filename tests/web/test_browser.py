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
