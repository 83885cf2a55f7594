"""The web app in a real browser (issues 12 and 24): Debian's Chromium, driven by Playwright,
at 1440×900 and at a phone's 390×844, used the way a person uses it: a whole game clicked
through at each size, a hotseat game, an undo refused after a roll, a replay scrubbed forward
and back, bots watched; with no console error, no sideways scroll on the phone, buttons 44 px
tall, and axe-core reporting no serious or critical violation.

Skipped when Playwright, Starlette or uvicorn are missing, or no Chromium is found
(``KINGOFNY_CHROMIUM``, then ``chromium`` on the ``PATH``); with ``KINGOFNY_REQUIRE_BROWSER=1``
(CI) a missing Chromium fails instead. The accessibility checks need axe-core's
``axe.min.js`` (``npm install axe-core``): ``KINGOFNY_AXE`` names the file, else
``node_modules/axe-core/axe.min.js`` under the repository is used; without it they are skipped,
unless ``KINGOFNY_REQUIRE_AXE=1`` (CI), which fails instead.

Screenshots go to ``KINGOFNY_ARTIFACTS`` (default: the test's temporary directory); with
``KINGOFNY_UPDATE_SCREENSHOT=1`` they also replace ``docs/_static/web-*.png``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from tests.web.support import held_review, served  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS_STATIC = ROOT / "docs" / "_static"
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
MAX_CLICKS = 900
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
"""The two window sizes every page is tried at."""


def _chromium() -> str:
    found = os.environ.get("KINGOFNY_CHROMIUM") or shutil.which("chromium")
    if not found or not Path(found).exists():
        if os.environ.get("KINGOFNY_REQUIRE_BROWSER") == "1":  # CI: a skip would hide the test
            pytest.fail("no Chromium, and KINGOFNY_REQUIRE_BROWSER=1")
        pytest.skip("no Chromium: install Debian's chromium or set KINGOFNY_CHROMIUM")
    return found


def _axe_source() -> str | None:
    """axe-core's script, or None (then the accessibility checks are skipped, or fail under
    ``KINGOFNY_REQUIRE_AXE=1``)."""
    named = os.environ.get("KINGOFNY_AXE")
    path = Path(named) if named else ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    if os.environ.get("KINGOFNY_REQUIRE_AXE") == "1":
        pytest.fail(f"no axe-core at {path}, and KINGOFNY_REQUIRE_AXE=1")
    return None


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread."""
    with served() as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module's tests."""
    executable = _chromium()
    with sync_api.sync_playwright() as pw:
        opened = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield opened
        finally:
            opened.close()


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    where = Path(os.environ.get("KINGOFNY_ARTIFACTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


class Tab:
    """A page at a window size, collecting console errors and warnings and page errors."""

    def __init__(
        self, browser: Any, size: str, *, reduced_motion: bool = True, touch: bool = False
    ) -> None:
        width, height = SIZES[size]
        self.size = size
        self.page = browser.new_page(
            viewport={"width": width, "height": height},
            reduced_motion="reduce" if reduced_motion else "no-preference",
            has_touch=touch,
            is_mobile=touch,
        )
        self.problems: list[str] = []
        self.page.on(
            "console",
            lambda msg: (
                self.problems.append(f"console {msg.type}: {msg.text}")
                if msg.type in ("error", "warning")
                else None
            ),
        )
        self.page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']")

    def open_game(self, server: str, game_id: str, ready: str) -> None:
        """Open the game ``game_id`` (bots at once) and wait until ``ready`` shows and the page
        is idle."""
        self.open(f"{server}/?pace=0#{game_id}")
        self.page.wait_for_selector(ready)
        self.idle()

    def idle(self) -> None:
        """Wait until the page has its answer (and the bots have played)."""
        self.page.wait_for_function(
            "() => !document.body.classList.contains('busy')", timeout=60_000
        )

    def check_layout(self) -> None:
        """No sideways scroll; every visible button and select at least 44 px tall."""
        page = self.page
        wide = page.evaluate("document.documentElement.scrollWidth")
        inner = page.evaluate("window.innerWidth")
        assert wide <= inner, f"{self.size}: sideways scroll, {wide} > {inner} px"
        short = page.evaluate(
            """() => Array.from(document.querySelectorAll('button, select, summary'))
                .filter((b) => b.offsetParent !== null && !b.closest('.tip'))
                .map((b) => [b.textContent.trim().slice(0, 30), b.getBoundingClientRect().height])
                .filter(([, h]) => h > 0 && h < 43.5)"""
        )
        assert short == [], f"{self.size}: controls under 44 px: {short}"

    def check_axe(self, where: str) -> None:
        """axe-core finds no serious or critical violation on the page as it is."""
        source = _axe_source()
        if source is None:
            return
        if not self.page.evaluate("() => typeof window.axe !== 'undefined'"):
            self.page.evaluate(source + "\n;0")
        violations = self.page.evaluate(
            """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
                .filter((v) => ['serious', 'critical'].includes(v.impact))
                .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, e.g. `
                    + v.nodes[0].html.slice(0, 160))"""
        )
        assert violations == [], f"{self.size} {where}: {violations}"

    def shot(self, artifacts: Path, name: str, *, full: bool = False) -> None:
        path = artifacts / name
        self.page.screenshot(path=str(path), full_page=full)
        assert path.stat().st_size > 5_000
        if os.environ.get("KINGOFNY_UPDATE_SCREENSHOT") == "1":
            shutil.copyfile(path, DOCS_STATIC / name)


def _call(server: str, method: str, path: str, body: object = None) -> Any:
    """One request of the JSON API, answered 2xx."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def _play_one(tab: Tab, rng: random.Random) -> None:
    """One decision by clicking: hand-over screen passed, some dice marked, a button."""
    page = tab.page
    if page.locator("#handover").is_visible():
        page.click("#handover-go")
    dice = page.locator("#dice button.toggle")
    if dice.count() and rng.random() < 0.5:
        for i in range(dice.count()):
            if rng.random() < 0.5:
                dice.nth(i).click()
    buttons = page.locator("#actions button.action:enabled:visible")
    count = buttons.count()
    assert count, (page.inner_text("#prompt"), page.evaluate("document.body.className"))
    buttons.nth(rng.randrange(count)).click()
    tab.idle()


# -- a whole game at each size -----------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_game_by_clicking(browser: Any, server: str, artifacts: Path, size: str) -> None:
    """The landing screen (no empty board), every bot with a strength label and the monster
    picker; a game played by clicking to its game-over screen (standings and how it ended);
    at the phone's size the question comes before the city."""
    tab = Tab(browser, size, reduced_motion=size == "phone")
    page = tab.page
    rng = random.Random(12)
    tab.open(f"{server}/?pace=0")
    # The landing screen: the set-up form, and no board yet.
    assert page.locator("#setup").is_visible()
    assert page.locator("#play").is_hidden()
    options = page.locator("#kind-1 option").all_inner_texts()
    for bot in ("Random", "Heuristic", "Expectimax", "MCTS"):
        assert any(o.startswith(f"{bot} bot — ") for o in options), options
    assert page.locator("#strength-1").inner_text().startswith("Heuristic: easy")
    page.select_option("#kind-1", "expectimax")
    assert "52%" in page.locator("#strength-1").inner_text()
    page.select_option("#kind-1", "random")
    monsters = page.locator("#monster-0 option").all_inner_texts()
    assert monsters[0] == "Random monster"
    assert "Kong" in monsters
    page.select_option("#monster-0", "base:kong")
    tab.check_layout()
    tab.check_axe("landing")
    if size == "desktop":
        tab.shot(artifacts, "web-setup.png", full=True)
    page.fill("#seed", "2024")
    # No setting for one-choice decisions: the engine takes them itself (docs/web.rst).
    assert page.locator("#setup-forced").count() == 0
    assert "only one choice is always taken" in page.inner_text("#auto-setup")
    page.click("#start")
    tab.idle()
    assert page.locator("#setup").is_hidden()
    assert "Kong (you)" in page.locator(".monster[data-seat='0'] .who b").inner_text()
    if size == "phone":
        prompt = page.locator("#prompt").bounding_box()
        city = page.locator("#city").bounding_box()
        assert prompt is not None
        assert city is not None
        assert prompt["y"] + prompt["height"] <= city["y"], "the question is not above the city"
    clicks = 0
    shot = checked = False
    while page.locator("#gameover").is_hidden():
        assert clicks < MAX_CLICKS, "the game did not end"
        _play_one(tab, rng)
        clicks += 1
        if not shot and clicks >= 12 and page.locator("#dice .die").count():
            tab.check_layout()
            tab.check_axe("mid-game")
            tab.shot(artifacts, "web-play.png" if size == "desktop" else "web-play-phone.png")
            shot = True
        if not checked and page.locator("#dice .die.resolved").count():
            # Resolved dice say so in words (for screen readers), not by colour alone.
            label = page.locator("#dice .die.resolved").first.get_attribute("aria-label")
            assert label is not None
            assert label.endswith(", resolved")
            checked = True
    # The game-over screen: how it ended and the standings, one row a monster.
    assert "turns)" in page.inner_text("#gameover-how")
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 4
    assert rows.first.locator("td").first.inner_text() == "1"
    assert "Game over" in page.inner_text("#log")
    # The log: grouped by turn, with the narration's indentation.
    assert page.locator("#log .turn-group").count() > 3
    assert page.locator("#log .line.depth2").count() > 0
    at_bottom = page.evaluate(
        "(() => { const l = document.getElementById('log');"
        " return l.scrollHeight - l.scrollTop - l.clientHeight < 4; })()"
    )
    assert at_bottom, "the newest log line is not in view"
    tab.check_layout()
    tab.check_axe("game over")
    tab.shot(artifacts, f"web-over-{size}.png")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    if size == "desktop":
        # The finished game opens as a replay.
        page.click("#replay-game")
        tab.idle()
        assert page.locator("#replay-bar").is_visible()
        assert page.locator("#rp-back").is_disabled()
        page.click("#rp-last")
        tab.idle()
        assert page.locator("#gameover").is_visible()
    assert tab.problems == []
    assert shot
    assert checked


# -- hotseat -----------------------------------------------------------------------------------


def test_a_hotseat_game_hands_over_between_people(
    browser: Any, server: str, artifacts: Path
) -> None:
    """Two people at one screen: before each one's decisions a hand-over screen names who is
    next, and hides the question until they say they are there."""
    tab = Tab(browser, "phone")
    page = tab.page
    rng = random.Random(5)
    tab.open(f"{server}/?pace=0")
    page.select_option("#seat-count", "3")
    page.select_option("#kind-1", "human")
    page.select_option("#kind-2", "heuristic")
    page.fill("#seed", "31")
    page.click("#start")
    tab.idle()
    named: list[str] = []
    for _ in range(200):
        if page.locator("#gameover").is_visible():
            break
        if page.locator("#handover").is_visible():
            title = page.inner_text("#handover-title")
            assert title.startswith("Pass the screen to ")
            assert page.locator("#handover-go").evaluate("b => b === document.activeElement")
            named.append(title.removeprefix("Pass the screen to "))
            # A real modal: the board is hidden (not dimmed), focus stays on the button, and
            # Escape does not reveal the turn.
            assert page.locator("#play").is_hidden()
            assert page.locator("#question").is_hidden()
            go = page.locator("#handover-go")
            assert go.inner_text() == f"I am {named[-1]}: show my turn"
            for key in ("Tab", "Shift+Tab", "Tab"):
                page.keyboard.press(key)
                assert go.evaluate("b => b === document.activeElement"), key
            page.keyboard.press("Escape")
            assert page.locator("#handover").is_visible()
            assert "stays hidden until" in page.inner_text("#handover-note")
            assert page.locator("#main").evaluate("m => m.inert")
            if len(named) == 3:
                tab.check_axe("hand-over")
                tab.shot(artifacts, "web-handover.png")
                # A failure while the screen is up is shown above it (and announced).
                page.evaluate("showError('the server is not answering')")
                error = page.locator("#error")
                assert not error.evaluate("e => e.inert")
                centre = "const r = e.getBoundingClientRect(); const x = r.x + r.width / 2;"
                on_top = f"e => {{ {centre} return document.elementFromPoint(x, r.y + 4) === e; }}"
                assert error.evaluate(on_top)
                page.evaluate("showError('')")
            if len(named) >= 6:
                break
            page.click("#handover-go")
            assert page.locator("#question").is_visible()
            assert not page.locator("#main").evaluate("m => m.inert")
        _play_one(tab, rng)
    assert len(named) >= 6, named
    assert len(set(named)) == 2, named
    assert all(a != b for a, b in itertools.pairwise(named)), named
    assert tab.problems == []


# -- undo --------------------------------------------------------------------------------------


def test_undo_within_a_turn_and_refused_after_a_roll(browser: Any, server: str) -> None:
    """Resolving Energy can be taken back (no chance since, no one else decided); after a
    reroll the Undo button is off and says why, and the API refuses it."""
    tab = Tab(browser, "desktop")
    page = tab.page
    rng = random.Random(3)
    tab.open(f"{server}/?pace=0")
    page.select_option("#seat-count", "2")
    page.fill("#seed", "77")
    page.click("#start")
    tab.idle()
    undone = refused = False
    for _ in range(400):
        if undone and refused:
            break
        assert page.locator("#gameover").is_hidden(), "the game ended first"
        question = page.inner_text("#question")
        calm = page.locator(
            "#actions button.action:enabled", has_text=re.compile(r"^Resolve .*Energy")
        )
        if not undone and "which dice to resolve" in question and calm.count():
            log_before = page.locator("#log .line").count()
            calm.first.click()
            tab.idle()
            undo = page.locator("#undo-box button.undo")
            assert undo.is_enabled(), page.inner_text("#prompt")
            undo.click()
            tab.idle()
            assert page.inner_text("#question") == question
            assert page.locator("#log .line").count() == log_before
            undone = True
            continue
        rerolls = page.locator("#actions .all-rerolls button")
        if not refused and rerolls.count():
            page.locator("#actions .all-rerolls summary").click()
            rerolls.first.click()
            tab.idle()
            if (
                "reroll any dice" in page.inner_text("#question")
                or page.locator("#undo-box button.undo").count()
            ):
                undo = page.locator("#undo-box button.undo")
                assert undo.is_disabled()
                assert "chance was drawn" in page.inner_text("#undo-why")
                game = page.evaluate("location.hash.slice(1)")
                status = page.evaluate(
                    f"""async () => (await fetch('/api/games/{game}/undo', {{method: 'POST',
                        headers: {{'Content-Type': 'application/json'}}, body: '{{}}'}})).status"""
                )
                assert status == 409
                tab.problems = [p for p in tab.problems if "409 (Conflict)" not in p]
                refused = True
            continue
        _play_one(tab, rng)
    assert undone
    assert refused
    assert tab.problems == []


# -- replays -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_a_replay_scrubbed_forward_and_back(
    browser: Any, server: str, artifacts: Path, tmp_path: Path, size: str
) -> None:
    """A record file opened from the page: steps and turns forward and back (buttons, slider,
    keys), the board and the log in step with the frame the API gives."""
    game = _call(server, "POST", "/api/games", {"players": ["heuristic"] * 3, "seed": 8})
    game = _call(server, "POST", f"/api/games/{game['id']}/advance", {})
    assert game["over"]
    record = tmp_path / "game.json"
    record.write_text(json.dumps(_call(server, "GET", f"/api/games/{game['id']}/record")))
    tab = Tab(browser, size)
    page = tab.page
    tab.open(server)
    page.click("#nav-replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector("#replay-bar:not([hidden])")
    tab.idle()

    def where() -> tuple[int, int, str]:
        text = page.inner_text("#replay-where")
        match = re.match(r"Turn (\d+) · position (\d+) of \d+", text)
        assert match, text
        return int(match[1]), int(match[2]), page.inner_text("#monsters")

    turn, position, _ = where()
    assert (turn, position) == (0, 1) or position == 1
    lines = page.locator("#log .line").count()
    for _ in range(5):
        page.click("#rp-next")
        tab.idle()
    assert where()[1] == 6
    assert page.locator("#log .line").count() > lines
    page.click("#rp-turn-next")
    tab.idle()
    page.click("#rp-turn-next")
    tab.idle()
    turn, position, board = where()
    assert position > 6
    # The board is the frame's: the API's frame at that position names the same life totals.
    replay_id = page.evaluate("app.replay.summary.id")
    frame = _call(server, "GET", f"/api/replays/{replay_id}/frames/{position - 1}")
    assert frame["turn"]["number"] == turn
    for m in frame["board"]["monsters"]:
        assert f"♥ {m['life']} life" in board
    shown = page.locator("#replay-dice .die")
    assert shown.count() == len(frame["board"]["dice"]["faces"])
    if frame["kind"] == "reroll":  # dice being rerolled are not resolved ones
        assert page.locator("#replay-dice .die.resolved").count() == 0
    logged = page.locator("#log .line, #log .turn-head:not(.setup)").count()
    assert logged == frame["log_end"], (
        page.evaluate("app.replay.frame"),
        position,
        page.inner_text("#log")[-300:],
        frame["log_end"],
    )
    tab.check_layout()
    tab.check_axe("replay")
    tab.shot(artifacts, f"web-replay-{size}.png")
    page.click("#rp-turn-back")
    tab.idle()
    assert where()[1] < position
    assert page.locator("#log .line, #log .turn-head:not(.setup)").count() < logged
    # Page Down and Page Up jump a turn with the slider focused too.
    page.locator("#rp-range").focus()
    before = page.evaluate("app.replay.frame")
    starts = page.evaluate("app.replay.summary.turn_starts")
    page.keyboard.press("PageDown")
    tab.idle()
    assert page.evaluate("app.replay.frame") == min(s for s in starts if s > before)
    page.keyboard.press("PageUp")
    tab.idle()
    assert page.evaluate("app.replay.frame") == max(s for s in starts if s <= before)
    # After a jump, a monster's change badges compare with the frame shown just before.
    shown_before = page.evaluate("app.replay.data.board.monsters")
    page.locator("#rp-next").focus()
    page.keyboard.press("End")
    tab.idle()
    last = page.evaluate("app.replay.data.board.monsters")
    for old, new in zip(shown_before, last, strict=True):
        pops = page.locator(f".monster[data-seat='{new['seat']}'] .pop").all_text_contents()
        lost = old["life"] - new["life"]
        assert (f"−{lost} ♥" in pops) == (lost > 0), (pops, old, new)
        gained = new["vp"] - old["vp"]
        assert (f"+{gained} ★" in pops) == (gained > 0), (pops, old, new)
    assert page.locator("#gameover").is_visible()
    page.keyboard.press("Home")
    tab.idle()
    assert where()[1] == 1
    assert page.locator("#gameover").is_hidden()
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    assert tab.problems == []


# -- watching bots -------------------------------------------------------------------------------


def test_bots_are_watched_to_the_end_with_a_pause(browser: Any, server: str) -> None:
    """Watch bots play: every seat a bot, played at the chosen speed to the game-over screen,
    with a Pause button in the meantime."""
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open(f"{server}/")
    page.click(".prefs summary")
    page.select_option("#pace", "80")
    page.select_option("#seat-count", "2")
    page.click("#watch")
    page.wait_for_selector("#actions button.pause")
    page.click("#actions button.pause")
    tab.idle()
    paused = page.inner_text("#question")
    time.sleep(0.5)
    assert page.inner_text("#question") == paused
    page.click(".prefs summary")  # the Speed menu closed when the page was clicked
    page.select_option("#pace", "0")
    page.click("#actions button.pause")
    page.wait_for_selector("#gameover:not([hidden])", timeout=120_000)
    assert page.locator("#standings tbody tr").count() == 2
    assert tab.problems == []


# -- names and numbers as the terminal ---------------------------------------------------------


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


def test_the_page_names_and_numbers_things_as_the_terminal_and_the_log(
    browser: Any, server: str
) -> None:
    """Units by their names, as the log tells them ("Jet", not "jet"); buildings labelled as on
    the terminal's board; the market numbered from 1 as in the terminal (``buy 2``), the buy
    buttons naming that number; a card's full text in its tooltip; and buying by a click."""
    import kingofny as k
    from kingofny.play.board import board_view

    game = _position_with_units_and_a_buy(server)
    terminal = board_view(k.state_from_dict(game["state"]), 0)
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open_game(server, game["id"], "#market .card b")
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
    slot = int(buys.first.get_attribute("data-slot") or 0)
    bought = names[slot]
    text = page.locator(f"#market .card[data-slot='{slot}'] p").inner_text()
    buys.first.click()
    tab.idle()
    assert f"buys {bought}" in page.inner_text("#log")
    # The card bought: its full text in a tooltip, shown on keyboard focus.
    chip = page.locator(".monster .card-name", has_text=bought).first
    chip.focus()
    tip = page.locator(f"#{chip.get_attribute('aria-describedby')}")
    assert tip.is_visible()
    assert text in tip.inner_text()
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    assert tab.problems == []


def test_axe_core_is_there_for_the_accessibility_checks() -> None:
    """The accessibility checks above are skipped without axe-core: say so (a skip), or fail
    under ``KINGOFNY_REQUIRE_AXE=1``."""
    source = _axe_source()
    if source is None:
        pytest.skip("no axe-core: npm install axe-core, or set KINGOFNY_AXE to its axe.min.js")
    assert "axe" in source[:5000]


# -- the review and the hint (issues 21 and 24) ---------------------------------------------------


def _finished_game(server: str, seed: int = 8) -> str:
    """A game of three heuristic bots played to its end through the API; its id."""
    game = _call(server, "POST", "/api/games", {"players": ["heuristic"] * 3, "seed": seed})
    game = _call(server, "POST", f"/api/games/{game['id']}/advance", {})
    assert game["over"]
    return str(game["id"])


def _check_review(tab: Tab, server: str) -> None:
    """The review view as drawn: a loading state first, then the chart (one curve and one set
    of markers a monster, a title and a description for screen readers), a key naming every
    monster, the table of the curve by turn, and the costliest decisions of every monster;
    pressing one jumps the replay to the position where it was taken."""
    page = tab.page
    page.wait_for_selector("#review[aria-busy='true']", timeout=30_000)
    assert "Reviewing the game" in page.inner_text("#review-status")
    tab.idle()
    page.wait_for_selector("#review-body:not([hidden])")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    answer = page.evaluate("app.review")
    review = answer["review"]["data"]
    names = review["monsters"]
    chart = page.locator("#review-chart svg")
    assert chart.get_attribute("role") == "img"
    assert "Win probability" in (page.text_content("#chart-title") or "")
    assert "won" in (page.text_content("#chart-desc") or "")
    assert page.locator("#review-chart path.curve").count() == len(names)
    assert page.locator("#review-chart g[data-seat] path.chart-mark").count() > len(names)
    key = page.inner_text("#review-legend")
    for name in names:
        assert name in key, key
    # The table: a row a turn, the win probabilities after its last decision, as in the JSON.
    page.click("#review-table-box summary")
    rows = page.locator("#review-table tbody tr")
    turns = sorted({p["turn"] for p in review["points"]})
    assert rows.count() == len(turns)
    last = rows.nth(rows.count() - 1).locator("td").all_inner_texts()
    assert last == [str(round(100 * w)) for w in review["points"][-1]["win"]]
    # The costliest decisions: every seat's, each with the turn, the loss, what was chosen and
    # what was better.
    listed = page.locator("#review-costly button.costly")
    costly = [d for seat in review["seats"] for d in seat["costliest"]]
    assert listed.count() == len(costly) > 0
    first = costly[0]
    text = listed.first.inner_text()
    assert f"Turn {first['turn']} · −{100 * first['loss']:.1f} points" in text
    # In the game page's words, not the terminal's notation ("reroll CO (keep EEEA)").
    words = answer["words"][str(first["event"])]
    assert f"Chose: {words['actions'][first['chosen']['action']]}" in text
    assert f"Better: {words['actions'][first['best']['action']]}" in text
    assert words["asked"] in text
    for button in listed.all_inner_texts():
        assert not re.search(r"\b(reroll|keep) [EHACDO]+\b", button), button
    # The axis labels are readable: 12 px at least on the screen, at any width.
    sizes = page.evaluate(
        """() => Array.from(document.querySelectorAll('#review-chart text.chart-axis'))
            .map((t) => t.getBoundingClientRect().height)"""
    )
    assert sizes
    assert min(sizes) >= 12, sizes
    tab.check_layout()
    tab.check_axe("review")
    # Pressing it shows that position in the replay: that turn, that monster deciding.
    listed.first.click()
    tab.idle()
    frame_index = answer["costly_frames"][str(first["event"])]
    assert page.evaluate("app.replay.frame") == frame_index
    where = page.inner_text("#replay-where")
    assert where.startswith(f"Turn {first['turn']} · position {frame_index + 1} of"), where
    frame = _call(server, "GET", f"/api/replays/{answer['replay']}/frames/{frame_index}")
    assert frame["deciding"] == first["seat"]
    assert "gave away" in page.inner_text("#replay-note")
    assert listed.first.get_attribute("aria-current") == "step"
    cursor = page.locator("#chart-cursor")
    assert float(cursor.get_attribute("x1") or -10) > 0


def test_a_game_reviewed_from_its_game_over_screen(
    browser: Any, server: str, artifacts: Path
) -> None:
    """Issue 24's review, at 1440×900: **Review this game** on the game-over screen opens the
    replay with the review of ``kingofny review`` beside it."""
    gid = _finished_game(server)
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open(f"{server}/?pace=0#{gid}")
    page.wait_for_selector("#gameover:not([hidden])")
    tab.idle()
    page.click("#review-game")
    _check_review(tab, server)
    page.click("#review-table-box summary")  # the table folded again, for the picture
    page.evaluate("window.scrollTo(0, 0)")
    tab.shot(artifacts, "web-review.png", full=True)
    assert tab.problems == []


def test_a_replay_reviewed_on_a_phone(
    browser: Any, server: str, artifacts: Path, tmp_path: Path
) -> None:
    """The review from the replay screen, at a phone's 390×844: no sideways scroll (the chart
    shrinks to the width, the table scrolls in its own box), axe-core clean."""
    gid = _finished_game(server, seed=5)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(_call(server, "GET", f"/api/games/{gid}/record")))
    tab = Tab(browser, "phone")
    page = tab.page
    tab.open(server)
    page.click("#nav-replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector("#replay-bar:not([hidden])")
    tab.idle()
    page.click("#rp-review")
    _check_review(tab, server)
    page.locator("#review-title").scroll_into_view_if_needed()
    tab.shot(artifacts, "web-review-phone.png")
    assert tab.problems == []


def test_a_review_runs_off_the_event_loop(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a review is computed (seconds), the server answers other requests at once: the
    review is held inside the server until the other requests have been answered, so a review
    run on the event loop would keep them waiting (and the test would fail on their waits)."""
    gid = _finished_game(server, seed=12)
    replay = _call(server, "POST", "/api/replays", {"game": gid})
    done: list[Any] = []
    worker = threading.Thread(
        target=lambda: done.append(
            _call(server, "POST", f"/api/replays/{replay['id']}/review", {"samples": 1})
        )
    )
    with held_review(monkeypatch) as (entered, release):
        worker.start()
        assert entered.wait(30), "the review never started"
        waits = []
        for _ in range(3):
            asked = time.monotonic()
            assert _call(server, "GET", "/api")["hint"]["spec"].startswith("planner:")
            waits.append(time.monotonic() - asked)
        assert not done  # the review was still held while they were answered
        assert max(waits) < 5.0, waits
        release.set()
    worker.join(120)
    assert done, "the review did not answer"


def test_a_hint_shows_and_marks_the_strongest_bots_choice(browser: Any, server: str) -> None:
    """Issue 21: **Hint** asks the strongest bot (MCTS, a short budget) and shows its choice:
    in words, and on its button (marked ★ hint, not by colour alone); for a reroll, the dice
    it would reroll are marked. The API gives the same hint for the same position."""
    tab = Tab(browser, "desktop")
    page = tab.page
    rng = random.Random(4)
    tab.open(f"{server}/?pace=0")
    page.select_option("#seat-count", "2")
    page.fill("#seed", "21")
    page.click("#start")
    tab.idle()
    kinds: set[str] = set()
    for _ in range(300):
        assert page.locator("#gameover").is_hidden(), "the game ended first"
        if len(kinds) >= 2 and "reroll" in kinds:
            break
        buttons = page.locator("#actions button.action:enabled:visible")
        if buttons.count() < 2:
            _play_one(tab, rng)
            continue
        page.click("#hint-box button")
        tab.idle()
        hint_text = page.inner_text("#hint-text")
        assert hint_text.startswith("The planner bot (6 playouts) would choose: "), hint_text
        game = page.evaluate("app.game.data")
        again = _call(server, "POST", f"/api/games/{game['id']}/hint", {"version": game["version"]})
        assert again["label"] in hint_text
        marked = page.locator("#actions button.suggested")
        assert marked.count() == 1
        assert marked.get_attribute("data-index") == str(again["index"])
        assert "★ hint" in marked.inner_text()
        if again["kind"] == "reroll":
            assert page.locator("#dice button.toggle.marked").count() == len(again["dice"])
            assert marked.evaluate("b => b.classList.contains('reroll-marked')")
        if not kinds:
            tab.check_axe("hint")
        kinds.add(again["kind"])
        marked.click()  # take the hint
        tab.idle()
        assert page.locator("#actions button.suggested").count() == 0
    assert "reroll" in kinds
    assert len(kinds) >= 2
    assert tab.problems == []


# -- what a first-time player found awkward (the trial) ------------------------------------------


def _position(
    server: str, wanted: Any, *, players: list[str], seed: int, limit: int = 600
) -> dict[str, Any]:
    """A game played through the API (random choices for the people, bots on the server) up to
    a position where a person decides and ``wanted(game)`` holds."""
    rng = random.Random(seed)
    game = _call(server, "POST", "/api/games", {"players": players, "seed": seed})
    for _ in range(limit):
        assert not game["over"], "no such position before the end"
        if not game["waiting"]["human"]:
            game = _call(server, "POST", f"/api/games/{game['id']}/advance", {})
            continue
        if wanted(game):
            return dict(game)
        body = {"index": rng.randrange(len(game["legal"])), "version": game["version"]}
        game = _call(server, "POST", f"/api/games/{game['id']}/act", body)
    raise AssertionError("no such position")


def _buying(game: dict[str, Any]) -> bool:
    return any(a["kind"] == "buy" for a in game["legal"])


@pytest.mark.parametrize("size", list(SIZES))
def test_the_market_stands_beside_the_question_while_buying(
    browser: Any, server: str, size: str
) -> None:
    """At the Buy step the market (with the cards' texts) is next to the buy buttons: at
    1440×900 in the question's column right under it and in view, not below the city; on a
    phone right after the question."""
    game = _position(server, _buying, players=["human", "heuristic"], seed=1)
    tab = Tab(browser, size)
    page = tab.page
    tab.open_game(server, game["id"], "#actions button[data-kind=buy]")
    prompt = page.locator("#prompt").bounding_box()
    market = page.locator("#market-box").bounding_box()
    monsters = page.locator("#monsters").bounding_box()
    assert prompt is not None
    assert market is not None
    assert monsters is not None
    assert market["y"] >= prompt["y"] + prompt["height"] - 1
    assert market["y"] < monsters["y"], "the monsters come between the question and the market"
    if size == "desktop":
        assert abs(market["x"] - prompt["x"]) < 2, (market, prompt)
        assert market["y"] + 100 < SIZES["desktop"][1], "the market is out of view"
    assert page.locator("#market .card p").first.is_visible()  # the cards' texts
    tab.check_layout()
    tab.check_axe("buying")
    # Once the Buy step is over, the market goes back to its place.
    page.click("#actions button[data-kind=end-buying]")
    tab.idle()
    assert page.locator("#play.buying").count() == 0
    assert tab.problems == []


def _marathon_move(game: dict[str, Any]) -> bool:
    return any(a.get("energy") for a in game["legal"])


def test_new_york_marathon_prices_the_moves_on_their_buttons(browser: Any, server: str) -> None:
    """While New York Marathon is face up in the market, moving costs 2 Energy: the move
    buttons say so, with a line saying why (the log's note on a monster that could not pay is
    tested in test_features)."""
    game = _position(server, _marathon_move, players=["human", "random", "random"], seed=0)
    assert any(c and c["name"] == "New York Marathon" for c in game["board"]["market"])
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open_game(server, game["id"], "#actions button[data-energy]")
    priced = page.locator("#actions button[data-energy]")
    assert priced.count() == sum(1 for a in game["legal"] if a.get("energy"))
    assert all("(costs 2 Energy)" in text for text in priced.all_inner_texts())
    stays = [a for a in game["legal"] if a["kind"] in ("stay-put", "stay-in-manhattan")]
    for entry in stays:  # staying is free
        button = page.locator(f"#actions button[data-index='{entry['index']}']")
        assert "costs" not in button.inner_text()
    note = page.inner_text("#actions .move-cost")
    assert "New York Marathon is face up in the market" in note, note
    tab.check_axe("marathon")
    assert tab.problems == []


def test_an_attack_painbow_adds_is_drawn_with_the_dice(browser: Any, server: str) -> None:
    """Painbow's extra Attack (``dice.added`` in the payload) is drawn after the dice, marked
    with the card, for sight and for screen readers."""
    game = _position(
        server, lambda g: g["waiting"]["kind"] == "resolve", players=["human", "heuristic"], seed=2
    )
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open_game(server, game["id"], "#dice .die")
    faces = page.locator("#dice .die").count()
    page.evaluate(
        """() => {
            const data = structuredClone(app.game.data);
            data.board.dice.added = [
                {face: "attack", symbol: "A", name: "Attack", card: "Painbow"}];
            data.board.dice.unresolved += "A";
            drawDice(data, false, data);
        }"""
    )
    added = page.locator("#dice .die.added")
    assert page.locator("#dice .die").count() == faces + 1
    assert added.count() == 1
    assert "+ Painbow" in added.inner_text()
    assert added.get_attribute("aria-label") == "Attack, added by Painbow"
    tab.check_axe("painbow")
    assert tab.problems == []


def test_the_small_things_of_the_trial(browser: Any, server: str) -> None:
    """Your own monster says it is your turn; the log marks Energy with ⚡ as the rest of the
    page does (★ is VP); opening the Speed settings does not make the header taller."""
    tab = Tab(browser, "desktop")
    page = tab.page
    tab.open(f"{server}/?pace=0")
    page.select_option("#seat-count", "2")
    page.fill("#seed", "9")
    page.click("#start")
    tab.idle()
    rng = random.Random(9)
    while "gains" not in page.inner_text("#log") or "energy" not in page.inner_text("#log"):
        _play_one(tab, rng)
    mine = page.locator(".monster[data-seat='0'] .badges")
    while page.evaluate("app.game.data.turn.seat") != 0:
        _play_one(tab, rng)
    assert "your turn" in mine.inner_text()
    assert "(a person)" not in mine.inner_text()
    for line in page.locator("#log .line").all():
        text = line.inner_text()
        icon = line.locator(".icon").inner_text()
        if re.search(r"gains \d+ energy", text):
            assert icon == "⚡", text
        if re.search(r"gains \d+ VP", text):
            assert icon == "★", text
    header = page.locator("header").bounding_box()
    page.click(".prefs summary")
    assert page.locator("#pace").is_visible()
    opened = page.locator("header").bounding_box()
    assert header is not None
    assert opened is not None
    assert opened["height"] == header["height"]
    tab.check_layout()
    tab.check_axe("speed open")
    # It closes as a menu does: Escape (the focus back on its button), or a click elsewhere.
    page.keyboard.press("Escape")
    assert page.locator("#pace").is_hidden()
    assert page.evaluate("document.activeElement.matches('.prefs summary')")
    page.click(".prefs summary")
    assert page.locator("#pace").is_visible()
    page.click("#log")
    assert page.locator("#pace").is_hidden()
    assert tab.problems == []


def test_on_a_phone_your_monster_and_borough_stand_by_the_question(
    browser: Any, server: str
) -> None:
    """At 390×844 a reroll is decided seeing, beside the question, your monster and the
    buildings and units of your borough (the city is far below)."""

    def rerolling_by_units(game: dict[str, Any]) -> bool:
        if game["waiting"]["kind"] != "reroll":
            return False
        me = game["board"]["monsters"][game["waiting"]["seat"]]
        if me["location"] is None:
            return False
        borough = next(b for b in game["board"]["boroughs"] if b["id"] == me["location"]["borough"])
        return bool(borough["units"])

    game = _position(server, rerolling_by_units, players=["human", "heuristic"], seed=3)
    tab = Tab(browser, "phone")
    page = tab.page
    tab.open_game(server, game["id"], "#dice button.toggle")
    box = page.locator("#you-box")
    assert box.is_visible()
    me = game["board"]["monsters"][game["waiting"]["seat"]]
    borough = next(b for b in game["board"]["boroughs"] if b["id"] == me["location"]["borough"])
    text = box.inner_text()
    assert f"{me['life']} life" in text
    assert f"{me['energy']} Energy" in text
    assert f"{borough['label']}:" in text
    for unit in borough["units"]:
        assert game["board"]["unit_names"][unit] in text
    for stack in borough["stacks"]:
        if stack["label"]:
            assert stack["label"] in text
    you = box.bounding_box()
    dice = page.locator("#dice").bounding_box()
    assert you is not None
    assert dice is not None
    assert you["y"] + you["height"] <= dice["y"] + 1
    tab.check_layout()
    tab.check_axe("phone reroll")
    desktop = Tab(browser, "desktop")
    desktop.open(f"{server}/?pace=0#{game['id']}")
    desktop.page.wait_for_selector("#dice button.toggle")
    assert desktop.page.locator("#you-box").is_hidden()  # the city is beside the question
    assert tab.problems == []
    assert desktop.problems == []


def test_the_replays_keyboard_hints_are_not_shown_on_a_touch_screen(
    browser: Any, server: str
) -> None:
    """The keys of a replay are listed where there is a keyboard, not on a touch phone."""
    gid = _finished_game(server, seed=3)
    for touch in (True, False):
        tab = Tab(browser, "phone" if touch else "desktop", touch=touch)
        page = tab.page
        tab.open(f"{server}/?pace=0#{gid}")
        page.wait_for_selector("#gameover:not([hidden])")
        tab.idle()
        page.click("#replay-game")
        page.wait_for_selector("#replay-bar:not([hidden])")
        tab.idle()
        assert page.locator("#replay-bar .keys").is_visible() is not touch
        tab.check_layout()
        assert tab.problems == []
