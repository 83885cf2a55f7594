"""What issue 24 added to the web table, without a browser: undo within a person's own
decisions (never across chance or another seat), the automation settings, the game-over
result, the monster picker and the bots offered with their strengths, and replays of records
scrubbed frame by frame with the log in step."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kingofny
from kingofny.web.replays import Replay, Replays, read_record
from kingofny.web.session import (
    BOTS,
    HUMAN,
    Automation,
    Table,
    Tables,
    WebError,
    board_payload,
    bot_menu,
    monster_menu,
    result,
)
from tests.web.support import finished_table


def _to_human(table: Table) -> dict[str, Any]:
    """Let the bots play until a person decides (or the game ends)."""
    table.advance({})
    return table.payload()


def _play_until(table: Table, wanted: Any, rng: random.Random, limit: int = 2000) -> None:
    """Random choices for the people until ``wanted(payload)`` holds."""
    for _ in range(limit):
        payload = _to_human(table)
        assert not payload["over"], "the game ended first"
        if wanted(payload):
            return
        table.act({"index": rng.randrange(len(payload["legal"]))})
    raise AssertionError("never found")


def _calm(payload: dict[str, Any]) -> int | None:
    """The index of a Resolve Energy or Heal action (no chance, no one else asked), if any."""
    for entry in payload["legal"]:
        if entry["kind"] == "resolve" and entry["label"].startswith(
            ("Resolve 1 Energy", "Resolve 2 Energy", "Resolve 3 Energy")
        ):
            return int(entry["index"])
    return None


# -- undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_a_decision_with_no_chance_since() -> None:
    table = Table("u", [HUMAN, "heuristic"], seed=5)
    rng = random.Random(1)
    _play_until(table, lambda p: _calm(p) is not None, rng)
    before = table.payload()
    index = _calm(before)
    assert index is not None
    table.act({"index": index})
    after = table.payload()
    assert after["undo"] == {"seat": 0, "refused": None}
    table.undo({"version": after["version"]})
    back = table.payload()
    assert back["state"] == before["state"]
    assert back["log_next"] == before["log_next"]
    assert back["legal"] == before["legal"]
    assert back["version"] > after["version"]  # a stale request is refused
    with pytest.raises(WebError) as caught:
        table.act({"index": 0, "version": after["version"]})
    assert caught.value.status == 409
    # The record is rolled back too: it replays to the position now.
    record = kingofny.record_from_dict(table.record())
    assert kingofny.replay(record) == table.state


def test_undo_is_refused_after_a_roll_and_after_another_seat() -> None:
    table = Table("r", [HUMAN, "heuristic"], seed=9)
    rng = random.Random(2)
    assert table.payload()["undo"] is None
    with pytest.raises(WebError, match="nothing to undo"):
        table.undo({})
    _play_until(table, lambda p: any(a["kind"] == "reroll" for a in p["legal"]), rng)
    reroll = next(a for a in table.payload()["legal"] if a["kind"] == "reroll")
    table.act({"index": reroll["index"]})
    payload = table.payload()
    assert payload["undo"]["refused"].startswith("chance was drawn")
    state = table.state
    with pytest.raises(WebError, match="cannot undo: chance was drawn") as caught:
        table.undo({})
    assert caught.value.status == 409
    assert table.state == state
    # Another seat decides now: the person placed, and the bot places next.
    table = Table("p", [HUMAN, "heuristic"], seed=3)
    _to_human(table)
    table.act({"index": 0})
    if table.state.current_player not in (None, 0):
        assert table.payload()["undo"]["refused"].startswith("another monster decides now")


def test_undo_never_crosses_another_persons_decision() -> None:
    table = Table("h", [HUMAN, HUMAN], seed=4)
    rng = random.Random(0)
    for _ in range(200):
        payload = table.payload()
        seat = payload["waiting"]["seat"]
        table.act({"index": rng.randrange(len(payload["legal"]))})
        after = table.payload()
        if after["waiting"] and after["waiting"]["seat"] != seat:
            assert after["undo"]["refused"] is not None
            with pytest.raises(WebError, match="cannot undo"):
                table.undo({})
            if not any(e.seat is None for e in table.events[-2:]):
                return  # a hand-over with no chance between: refused all the same
    raise AssertionError("no hand-over without chance in these games")


# -- automation ---------------------------------------------------------------------------------


def test_automation_takes_only_what_it_is_told() -> None:
    state = kingofny.new_game(2, seed=1)
    legal = kingofny.legal_actions(state)
    assert Automation().choice(state, legal) is None
    assert Automation(forced=True).choice(state, legal) is None  # four places to start
    assert Automation(forced=True).choice(state, legal[:1]) == (legal[0], "the only choice")
    with pytest.raises(WebError, match="stay_unless_below must be between 1 and 99"):
        Automation.from_body({"stay_unless_below": 0})
    with pytest.raises(WebError, match="skip_buy must be true or false"):
        Automation.from_body({"skip_buy": 1})
    kept = Automation.from_body({"forced": True}, Automation(stay_unless_below=4))
    assert kept == Automation(stay_unless_below=4, forced=True)


def test_a_game_with_every_automation_never_asks_what_it_answers() -> None:
    settings = {"stay_unless_below": 1, "skip_buy": True, "forced": True}
    table = Tables().create(
        {"players": [HUMAN, "heuristic", "heuristic"], "seed": 21, "settings": settings}
    )
    rng = random.Random(4)
    automatic = 0
    while not table.over:
        payload = _to_human(table)
        if payload["over"]:
            break
        assert len(payload["legal"]) > 1
        kinds = {a["kind"] for a in payload["legal"]}
        assert payload["waiting"]["kind"] != "flee"  # life is never below 1 while playing
        if payload["waiting"]["kind"] == "shop":
            assert "buy" in kinds
        table.act({"index": rng.randrange(len(payload["legal"]))})
    automatic = sum("(automatic: " in line for line in table.log)
    assert automatic > 3
    assert table.payload()["settings"] == settings


def test_settings_change_mid_game_and_decide_at_once() -> None:
    table = Table("s", [HUMAN, "random"], seed=2)
    rng = random.Random(3)
    _play_until(
        table,
        lambda p: (
            p["waiting"]["kind"] == "shop" and not any(a["kind"] == "buy" for a in p["legal"])
        ),
        rng,
    )
    version = table.version
    table.set_settings({"skip_buy": True})
    assert table.version > version
    assert table.log[-1] != ""
    assert any("no card can be bought" in line for line in table.log)
    assert table.settings.skip_buy


# -- the result, the picker, the bots --------------------------------------------------------------


def test_the_result_says_how_the_game_ended_and_ranks_everyone() -> None:
    table = Table("o", ["heuristic", "random", "random"], seed=8)
    assert table.payload()["result"] is None
    assert table.payload()["seed"] is None  # the seed tells the dice to come: kept till the end
    table.advance({})
    assert table.payload()["seed"] == 8
    outcome = table.payload()["result"]
    assert outcome is not None
    assert [row["place"] for row in outcome["standings"]] == [1, 2, 3]
    assert outcome["standings"][0]["winner"]
    assert outcome["winners"] == sorted(table.state.winners or ())
    assert "VP" in outcome["how"] or "last monster standing" in outcome["how"]
    assert outcome["turns"] == table.state.turn.number
    assert result(table.state) == outcome


def test_the_monster_picker_fills_random_seats_with_other_monsters() -> None:
    names = [m["id"] for m in monster_menu()]
    assert len(names) == 6
    assert "base:kong" in names
    table = Tables().create(
        {"players": [HUMAN, "random", "random"], "monsters": [None, "kong", None], "seed": 1}
    )
    picked = [s["monster"] for s in table.payload()["seats"]]
    assert picked[1] == "base:kong"
    assert len(set(picked)) == 3
    again = Tables().create(
        {"players": [HUMAN, "random", "random"], "monsters": [None, "kong", None], "seed": 1}
    )
    assert [s["monster"] for s in again.payload()["seats"]] == picked  # the seed decides
    with pytest.raises(WebError, match="only once"):
        Table("x", ["random"] * 2, monsters=["kong", "kong"])
    with pytest.raises(WebError):
        Tables().create({"players": [HUMAN, "random"], "monsters": [None, 3]})


def test_every_bundled_bot_is_offered_weakest_first_with_its_strength() -> None:
    menu = bot_menu()
    specs = [bot["spec"] for bot in menu]
    assert specs[:2] == ["random", "heuristic"]
    assert specs[-3:] == ["expectimax", "mcts:playouts=40", "planner"]
    assert all(bot["strength"] for bot in menu)
    assert len(BOTS) == 6
    for spec in specs:
        table = Table("b", [HUMAN, spec], seed=1)
        assert table.payload()["seats"][1]["player"] == spec
    # A path would read a file on the server: only the bundled policy is offered (where numpy
    # is installed; without it, there is no policy bot at all).
    refused = "takes no option" if "policy" in specs else "unknown player"
    with pytest.raises(WebError, match=refused):
        Table("b", [HUMAN, "policy:path=/etc/passwd"], seed=1)


# -- replays --------------------------------------------------------------------------------------


def _finished(seed: int = 6) -> Table:
    return finished_table(["heuristic", "random", "random"], seed)


def test_a_replay_has_a_frame_per_decision_and_the_log_in_step() -> None:
    table = _finished()
    replay = Replay("r", table.game_record(), table.players)
    summary = replay.summary()
    assert summary["frames"] == table.decisions + 1
    from kingofny.narrate import narrate

    # The log of ``kingofny replay``: the same words as the game's, the setup told in full.
    told = list(narrate(kingofny.replay_states(table.game_record())))
    assert summary["log"] == told
    assert [line for line in table.log if line.startswith("==")] == [
        line for line in told if line.startswith("==")
    ]
    assert summary["frame_log"] == sorted(summary["frame_log"])
    assert summary["frame_log"][-1] == len(told)
    assert summary["turn_starts"][0] == 0
    turns = summary["frame_turns"]
    assert all(turns[i] != turns[i - 1] for i in summary["turn_starts"][1:])
    first, last = replay.frame(0), replay.frame(summary["frames"] - 1)
    assert first["kind"] == "place"
    assert last["kind"] is None
    assert first["chosen"]
    assert last["chosen"] is None
    assert last["over"]
    assert last["result"] == summary["result"]
    middle = replay.frame(summary["frames"] // 2)
    assert middle["log_end"] < last["log_end"]
    with pytest.raises(WebError) as caught:
        replay.frame(summary["frames"])
    assert caught.value.status == 404


def test_records_of_the_command_line_open_as_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kingofny",
            "simulate",
            "--games",
            "1",
            "--seed",
            "3",
            "--save-record",
            str(path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(path.read_text())
    record, players = read_record(document)
    assert players is None
    replay = Replays().open(record)
    assert replay.summary()["result"] is not None
    save = {"format": "kingofny/play", "players": [HUMAN] + ["heuristic"] * 3, "record": document}
    record, players = read_record(save)
    assert players == [HUMAN, "heuristic", "heuristic", "heuristic"]
    with pytest.raises(WebError, match="not a game record"):
        read_record({"format": "kingofny/state"})


def test_replays_beyond_the_limit_are_forgotten() -> None:
    record = _finished().game_record()
    replays = Replays(limit=2)
    opened = [replays.open(record) for _ in range(3)]
    with pytest.raises(WebError) as caught:
        replays.get(opened[0].id)
    assert caught.value.status == 404
    assert replays.get(opened[2].id) is opened[2]


# -- what the engine decides itself, and New York Marathon ---------------------------------------


def test_a_person_is_never_asked_a_decision_with_one_choice() -> None:
    """The engine takes every decision with a single legal choice itself (the web page has no
    setting for it, docs/web.rst): whatever a person is asked has two choices or more."""
    rng = random.Random(3)
    for seed in range(3):
        table = Table("o", [HUMAN, HUMAN, "random"], seed=seed)
        while not table.over:
            payload = _to_human(table)
            if payload["over"]:
                break
            assert len(payload["legal"]) >= 2, payload["waiting"]
            table.act({"index": rng.randrange(len(payload["legal"]))})


def test_a_monster_that_cannot_pay_new_york_marathon_is_told_it_could_not_move() -> None:
    """With New York Marathon face up, a move costs 2 Energy: the engine keeps a monster with
    less where it is (its only choice), and the log says why, in the game and in its replay;
    a move a person is offered names its price (``energy``)."""
    table = Table("m", ["random"] * 4, seed=0)
    table.advance({})
    stuck = [line for line in table.log if "(could not " in line]
    assert stuck
    for line in stuck:
        assert re.fullmatch(
            r"  \S.* stays in .*\(could not (move|flee): moving costs 2 Energy while New York "
            r"Marathon is in the market, and .* has [01]\)",
            line,
        ), line
    replay = Replay("r", table.game_record(), None)
    assert [line for line in replay.log if "(could not " in line] == stuck
    priced = Table("p", [HUMAN, "random", "random"], seed=0)
    rng = random.Random(0)
    for _ in range(400):
        payload = _to_human(priced)
        moves = [a for a in payload["legal"] if a["kind"] in ("move", "flee")]
        if any(a.get("energy") for a in moves):
            assert all(a["energy"] == 2 for a in moves)
            stays = [a for a in payload["legal"] if a["kind"] not in ("move", "flee")]
            assert all("energy" not in a for a in stays)
            return
        priced.act({"index": rng.randrange(len(payload["legal"]))})
    raise AssertionError("no priced move offered")


def test_the_symbols_painbow_adds_are_sent_with_the_dice() -> None:
    """Painbow's extra Attack is in the payload's dice (``added``, naming the card)."""
    for seed in range(20):
        rng = random.Random(seed)
        state = kingofny.new_game(4, seed=seed)
        given = False
        for _ in range(600):
            if state.is_terminal:
                break
            pending = kingofny.waiting_for(state)
            if not given and pending and pending.kind is kingofny.PendingKind.SHOP:
                state, given = kingofny.grant_card(state, "base:painbow"), True
                continue
            added = board_payload(state, None)["dice"]["added"]
            if any(a["card"] == "Painbow" for a in added):
                assert {
                    "face": "attack",
                    "symbol": "A",
                    "name": "Attack",
                    "card": "Painbow",
                } in added
                return
            state = kingofny.apply(state, rng.choice(kingofny.legal_actions(state)))
    raise AssertionError("Painbow never added an Attack")


def test_the_pages_turn_marks_are_the_base_packs() -> None:
    """The page reads the base pack's turn marks to draw the symbols cards added (Painbow's
    Attack, Hailing Cabs' Destruction); the import contract keeps content out of the web app,
    so it holds copies of the strings, which must not drift from the pack's own."""
    from kingofny.content.base.effects import dice
    from kingofny.web import session

    assert session._ADDED_MARK == dice.ADDED_MARK
    assert session._PAINBOW_MARK == dice.PAINBOW_MARK
    assert session._HAILING_CABS_MARK == dice.UNITS_ONLY_MARK
