"""The framework-free part of the web app: the tables and the plain-language labels. These run
without the ``web`` extra."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import pytest

import kingofny
from kingofny.narrate import building_name, place_name
from kingofny.web import DEFAULT_HOST, DEFAULT_PORT, is_loopback_host
from kingofny.web.labels import action_label, building_label, dice_words, place_label, question
from kingofny.web.session import HUMAN, Table, Tables, WebError


def test_labels_are_plain_words_for_every_action_seen_in_random_games() -> None:
    seen_kinds: set[str] = set()
    for game in range(40):
        rng = random.Random(game)
        state = kingofny.new_game(rng.randint(2, 6), seed=game)
        while not state.is_terminal:
            legal = kingofny.legal_actions(state)
            ask = question(state)
            assert ask
            assert "base:" not in ask
            for action in legal:
                label = action_label(state, action)
                seen_kinds.add(action.KIND)
                assert label[0].isupper(), label
                assert "base:" not in label, label
                assert "_" not in label, label
            state = kingofny.apply(state, rng.choice(legal))
        assert question(state) == "Game over"
    assert {"place", "reroll", "stop", "resolve", "buy", "end-buying", "flee"} <= seen_kinds


def test_dice_words() -> None:
    assert dice_words(kingofny.Dice.parse("AAHO")) == "Heal, 2 Attack, Ouch!"
    assert dice_words(kingofny.Dice.parse("-")) == "no dice"


def test_names_are_the_narrations_with_the_pages_extras() -> None:
    high_rise = kingofny.Building.parse("high-rise-2")
    assert building_label(high_rise) == building_name(high_rise) == "High-Rise (2 VP)"
    assert building_label(kingofny.Building.parse("power-plant-3")) == "Power Plant (3 energy)"
    queens = kingofny.Location(kingofny.Borough.QUEENS)
    assert place_label(queens) == place_name(queens) == "Queens"
    assert place_label(None) == "off the board"
    state = kingofny.new_game(["kong", "mantis"], seed=1)
    jet = kingofny.DestroyUnit(kingofny.Borough.QUEENS, kingofny.UnitKind.JET)
    assert action_label(state, jet) == "Destroy Jet (3 to destroy, 2 energy) in Queens"
    use = kingofny.UseCard("base:chameleon", "convert:energy:ouch")
    assert action_label(state, use).endswith(": turn an Energy die into Ouch!")


def test_a_question_without_words_of_its_own_is_the_terminals() -> None:
    from kingofny.play.board import asked

    state = kingofny.new_game(["kong", "mantis"])  # explicit chance: tiles, cards, roll-off
    asks, rng = set(), random.Random(0)
    while state.is_chance:
        pending = kingofny.waiting_for(state)
        assert pending is not None
        seat = pending.seat
        asks.add(question(state))
        assert question(state) == (asked(state) if seat is not None else f"Chance: {asked(state)}")
        state = kingofny.apply(state, kingofny.sample_outcome(state, rng))
    assert "Chance: reveal a building tile" in asks
    assert "Kong: roll 8 dice for the first-player roll" in asks
    assert question(state).endswith(": choose the outer borough you start in")


def test_a_table_plays_to_the_end_and_its_record_replays() -> None:
    table = Table("t", [HUMAN, "heuristic", "random"], seed=11)
    rng = random.Random(0)
    while not table.over:
        table.advance({})
        if table.over:
            break
        legal = table.payload()["legal"]
        table.act({"index": rng.randrange(len(legal))})
    record = kingofny.record_from_dict(table.record())
    assert record.config.seed is None
    assert kingofny.replay(record) == table.state


def test_web_errors_carry_a_status() -> None:
    tables = Tables(limit=1)
    with pytest.raises(WebError) as caught:
        tables.get("missing")
    assert caught.value.status == 404
    with pytest.raises(WebError) as caught:
        tables.create({"players": [HUMAN, "tests.web.evil:Bot"]})
    assert caught.value.status == 400
    assert "tests.web.evil" not in sys.modules  # a spec that names code is never imported


def test_the_defaults_stay_on_this_machine() -> None:
    assert DEFAULT_HOST == "127.0.0.1"
    assert DEFAULT_PORT == 8765
    from kingofny.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == (DEFAULT_HOST, DEFAULT_PORT)
    assert all(is_loopback_host(h) for h in ("127.0.0.1", "::1", "[::1]", "localhost"))
    assert not any(is_loopback_host(h) for h in ("0.0.0.0", "192.168.1.2", "example.com", ""))


def test_the_help_says_how_to_let_other_machines_in(capsys: pytest.CaptureFixture[str]) -> None:
    """The default stays the loopback; the help says which ``--host`` lets other machines play
    (review), and that ``::1`` and ``localhost`` stay on this machine."""
    from kingofny.cli import main

    assert main(["serve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "default 127.0.0.1: this machine only, as are ::1 and localhost" in text
    assert "--host 0.0.0.0 (every IPv4 interface), --host :: (every interface)" in text
    assert "no login" in text


def test_the_address_to_open() -> None:
    from kingofny.web import page_url

    assert page_url("127.0.0.1", 8765) == "http://127.0.0.1:8765/"
    assert page_url("::1", 8765) == page_url("[::1]", 8765) == "http://[::1]:8765/"
    assert page_url("localhost", 80) == "http://localhost:80/"
    # A wildcard is no address to open: this machine's loopback is.
    assert page_url("0.0.0.0", 8765) == "http://127.0.0.1:8765/"
    assert page_url("::", 8765) == "http://[::1]:8765/"
    assert page_url("192.168.1.2", 1) == "http://192.168.1.2:1/"


def test_serve_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kingofny.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    assert main(["serve", "--port", "8799"]) == 2
    assert "pip install 'kingofny[web]'" in capsys.readouterr().err


def test_the_framework_free_modules_load_no_web_framework() -> None:
    import subprocess

    code = (
        "import sys, kingofny.web.session, kingofny.web.labels, kingofny.web.replays\n"
        "assert not {'starlette', 'uvicorn'} & set(sys.modules), sorted(sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_log_tells_the_dice_rolled_in_order() -> None:
    """Newcomer trial: the page's log left out every roll (each chance outcome is now told as
    it is drawn, after the decision that led to it)."""
    table = Table("g1", ["human", "heuristic"], seed=11)
    for _ in range(40):
        if table.over:
            break
        if table.state.current_player == 0:
            table.act({"index": 0})
        else:
            table.advance({"moves": 1})
    rolls = [line for line in table.log if " rolls " in line]
    assert rolls, table.log
    assert all(line.strip() for line in table.log)


def test_a_move_that_fails_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: a failure while a move was applied left the game's record and log half-written.
    Now the move is all or nothing, and answered 409."""
    table = Table("g1", ["human", "heuristic"], seed=3)
    state, events, log = table.state, list(table.events), list(table.log)
    real_apply = kingofny.apply_traced

    def failing(
        s: kingofny.GameState, move: object
    ) -> tuple[kingofny.GameState, tuple[kingofny.StepRun, ...]]:
        if s.is_chance:
            raise kingofny.EffectError("fx", "fx:glitch", "on_roll", "roll", "raised RuntimeError")
        return real_apply(s, move)  # type: ignore[arg-type]

    monkeypatch.setattr(kingofny, "apply_traced", failing)

    def step() -> None:
        if table.state.current_player == 0:
            table.act({"index": 0})
        else:
            table.advance({"moves": 1})

    for _ in range(20):  # until a move reaches a chance node
        try:
            step()
        except WebError as failure:
            error = failure
            break
        state, events, log = table.state, list(table.events), list(table.log)
    else:
        pytest.fail("no move reached a chance node")
    assert error.status == 409
    assert error.message.startswith("the game cannot go on: effect of fx:glitch")
    assert (table.state, table.events, table.log) == (state, events, log)


# -- a bot's time per move on the server ------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("mcts:playouts=100000000", "playouts"),
        ("mcts:ms=3600000", "ms"),
        ("mcts:ms=1e400", "ms"),
        ("mcts:playouts=1000,ms=0", "ms"),
        ("mcts:c=1e400", "c"),
        ("mcts:widening=1e300", "widening"),
        ("mcts:reroll_candidates=" + "9" * 30, "reroll_candidates"),
        ("mcts:dice_prior=2", "dice_prior"),
        ("expectimax:samples=1000000000", "samples"),
        ("heuristic:flee_life=" + "9" * 150, "flee_life"),
        ("heuristic:flee_per_attacker=1e308", "flee_per_attacker"),
        ("mcts:policy=heuristic", "policy"),
        ("planner:playouts=100000000", "playouts"),
        ("planner:width=1000", "width"),
        ("planner:evaluation=none", "evaluation"),
        ("expectimax:evaluation=none", "evaluation"),
        ("random:speed=1", "speed"),
    ],
)
def test_absurd_bot_budgets_are_refused_naming_the_parameter(spec: str, named: str) -> None:
    """A seat such as ``mcts:playouts=100000000`` held its game and a server thread for
    hours: the server takes only the options it lists, within bounds, and says which is wrong."""
    with pytest.raises(WebError) as caught:
        Tables().create({"players": [HUMAN, spec]})
    assert caught.value.status == 400
    message = caught.value.message
    assert f"{named} must be" in message or f"option {named!r}" in message, message


@pytest.mark.parametrize(
    "spec",
    [
        "mcts",
        "mcts:playouts=100",
        "mcts:ms=250",
        "mcts:playouts=none,ms=100",
        "mcts:c=1.4,widening=2,reroll_candidates=6,confidence=0,dice_prior=false",
        "expectimax:samples=8",
        "planner",
        "planner:playouts=10,width=4",
        "planner:ms=50",
        "heuristic:flee_life=3,flee_per_attacker=1.5",
        "random",
    ],
)
def test_reasonable_bot_options_are_taken(spec: str) -> None:
    table = Tables().create({"players": [HUMAN, spec]})
    assert table.players == (HUMAN, spec)


def test_a_spec_too_long_or_with_too_many_digits_gets_a_400() -> None:
    """``int()`` refuses more than 4,300 digits with a ValueError, which was a 500."""
    for spec in ("mcts:playouts=" + "9" * 5000, "mcts:" + ",".join(f"k{i}=1" for i in range(500))):
        with pytest.raises(WebError) as caught:
            Tables().create({"players": [HUMAN, spec]})
        assert caught.value.status == 400
        assert "at most" in caught.value.message


@pytest.mark.parametrize("spec", ["mcts:playouts=2000", "planner:playouts=2000"])
def test_a_search_bot_stops_at_the_servers_clock(
    monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    """Playouts the server allows still stop at its per-move clock (``MAX_BOT_MS``)."""
    from kingofny.web import session

    monkeypatch.setattr(session, "MAX_BOT_MS", 30, raising=False)
    table = Table("t", [spec, "random"], seed=1)
    bot: Any = table._bots[0]
    searched = 0
    for _ in range(60):
        if table.over or searched >= 3:
            break
        bot.last_playouts = 0
        started = time.perf_counter()
        table.advance({"moves": 1})
        elapsed = time.perf_counter() - started
        if bot.last_playouts:
            searched += 1
            assert bot.last_playouts < 2000
            assert elapsed < 3.0, elapsed
    assert searched


def test_an_advance_stops_at_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """One ``advance`` plays bots for ``MAX_ADVANCE_SECONDS`` at most (and at least one move),
    so that a request never holds its game for long; the client advances again."""
    from kingofny.web import session

    monkeypatch.setattr(session, "MAX_ADVANCE_SECONDS", 0.0, raising=False)
    table = Table("t", ["random", "random"], seed=2)
    assert table.advance({}) == 1
    assert table.advance({"moves": 5}) == 1
    assert not table.over
