"""The framework-free part of the web app: the tables and the plain-language labels. These run
without the ``web`` extra."""

from __future__ import annotations

import random
import sys

import pytest

import kingofny
from kingofny.web import DEFAULT_HOST, DEFAULT_PORT, is_loopback_host
from kingofny.web.labels import action_label, dice_words, question
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
        "import sys, kingofny.web.session, kingofny.web.labels\n"
        "assert not {'starlette', 'uvicorn'} & set(sys.modules), sorted(sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
