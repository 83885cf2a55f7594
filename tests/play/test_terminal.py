"""``kingofny play`` (issue 12): whole games driven through standard input, shortcuts, undo that
cannot reroll luck, save and resume, and companion mode with typed dice."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import kingofny as k
from kingofny.cli import main
from kingofny.play.choices import InputError, choices, parse_action
from kingofny.play.hints import HINT_BOT, HINT_PLAYOUTS, HINT_SEED, suggest
from kingofny.play.outcomes import parse_outcome
from kingofny.play.session import Session
from kingofny.play.terminal import Terminal

SRC = Path(__file__).resolve().parents[2] / "src"


def _play(argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """Run ``kingofny play`` in process with ``script`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = main(["play", *argv])
    return code, out.getvalue(), err.getvalue()


def test_a_whole_game_against_bots_through_stdin(tmp_path: Path) -> None:
    """The human answers 1 to everything; the game ends, and the screen shows the board, the
    numbered choices and the bots' turns narrated."""
    save = tmp_path / "game.json"
    done = subprocess.run(
        [sys.executable, "-m", "kingofny", "play", "--players", "human,heuristic,random"]
        + ["--seed", "7", "--save", str(save)],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(
        "seed 7\nKing of New York: Captain Fish (seat 0), Drakonis (seat 1), Kong"
    )
    assert "(you are Captain Fish, seat 0)" in out
    assert "Market (your price" in out
    assert re.search(r"^   1\. start in The Bronx$", out, re.M)
    assert re.search(r"^== Turn \d+: Kong \(seat 2\)", out, re.M)  # a bot's turn, narrated
    assert re.search(r"^Game over after \d+ turns", out, re.M)
    assert "Traceback" not in done.stderr
    assert not save.exists()  # nobody quit


def test_shortcuts_help_errors_and_hint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    script = "\n".join(
        ["2", "help", "keep ZZ", "frobnicate", "hint", "keep all", "quit"]  # place in Queens
    )
    code, out, _ = _play(
        ["--players", "human,heuristic", "--seed", "5", "--save", str(tmp_path / "g.json")],
        script + "\n",
        monkeypatch,
    )
    assert code == 0
    assert "Captain Fish starts in Queens" in out
    assert "keep AAC / reroll DO" in out  # help
    assert "'Z' is not a die face" in out
    assert "'frobnicate' is not a choice now" in out
    assert "the planner bot (6 playouts) would " in out
    assert "Captain Fish stops rolling with" in out
    assert f"saved to {tmp_path / 'g.json'}" in out


def test_parse_action_shortcuts() -> None:
    state = k.new_game(["kong", "mantis"], seed=3)
    while k.waiting_for(state).kind is not k.PendingKind.REROLL:  # type: ignore[union-attr]
        state = k.apply(state, k.legal_actions(state)[0])
    dice = state.turn.dice
    face = dice.faces_present()[0]
    keep = k.Dice.of([face])
    action = parse_action(f"keep {keep}", state)
    assert action == k.Reroll(dice.minus(keep))
    assert parse_action(f"reroll {keep}".lower(), state) == k.Reroll(keep)
    assert parse_action("stop", state) == k.StopRolling()
    assert parse_action("1", state) == choices(state)[0].action
    with pytest.raises(InputError, match="no choice 999"):
        parse_action("999", state)
    flee_state = _find(lambda s: k.waiting_for(s).kind is k.PendingKind.FLEE)  # type: ignore[union-attr]
    flee = next(a for a in k.legal_actions(flee_state) if isinstance(a, k.Flee))
    assert parse_action(f"flee {flee.borough}", flee_state) == flee
    assert parse_action("stay", flee_state) == k.StayInManhattan()
    shop = _find(
        lambda s: (
            k.waiting_for(s).kind is k.PendingKind.SHOP  # type: ignore[union-attr]
            and any(isinstance(a, k.Buy) for a in k.legal_actions(s))
        )
    )
    buy = next(a for a in k.legal_actions(shop) if isinstance(a, k.Buy))
    assert parse_action(f"buy {buy.slot + 1}", shop) == buy
    card = shop.market[buy.slot]
    assert card is not None
    assert parse_action(f"buy {k.find_card(card).name.upper()}", shop) == buy
    assert parse_action("end", shop) == k.EndBuying()


def _find(wanted: object) -> k.GameState:
    """A position of a heuristic game where ``wanted(state)`` holds."""
    assert callable(wanted)
    for seed in range(200):
        state = k.new_game(3, seed=seed)
        bot = k.HeuristicPlayer(seed=seed)
        while not state.is_terminal:
            if wanted(state):
                return state
            state = k.apply(state, bot.choose(state, k.legal_actions(state)))
    raise AssertionError("no such position")


def test_undo_goes_back_only_where_no_chance_was_drawn() -> None:
    """Undo after resolving a face (no chance drawn): back to the decision. Undo after a
    reroll (the dice were drawn): refused, so luck cannot be rerolled."""
    session = Session.new(["human", "human"], seed=4)
    while k.waiting_for(session.state).kind is not k.PendingKind.REROLL:  # type: ignore[union-attr]
        session.apply(k.legal_actions(session.state)[0], by_person=True)
    before_reroll = session.state
    reroll = next(a for a in k.legal_actions(before_reroll) if isinstance(a, k.Reroll))
    session.apply(reroll, by_person=True)
    assert session.undo() is not None  # dice drawn since: refused
    assert session.state is not before_reroll
    # A face that draws nothing (not Destruction, which may reveal a tile), with more to
    # resolve after it: undo goes back to the decision, record and all.
    rolled = _find(
        lambda s: (
            k.waiting_for(s).kind is k.PendingKind.RESOLVE  # type: ignore[union-attr]
            and len(s.turn.unresolved.faces_present()) >= 3
            and any(
                isinstance(a, k.ResolveFace) and a.face in (k.Face.ENERGY, k.Face.CELEBRITY)
                for a in k.legal_actions(s)
            )
        )
    )
    record, _ = k.start_record(rolled.config)
    session = Session(["human"] * len(rolled.monsters), record, rolled)
    action = next(
        a
        for a in k.legal_actions(rolled)
        if isinstance(a, k.ResolveFace) and a.face in (k.Face.ENERGY, k.Face.CELEBRITY)
    )
    session.apply(action, by_person=True)
    assert session.state.rng == rolled.rng
    assert session.can_undo
    assert session.undo() is None
    assert session.state is rolled
    assert session.undo() == "there is nothing to undo"


def test_save_quit_and_resume_replay_the_same_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    argv = ["--players", "human,heuristic", "--seed", "11", "--save", str(save)]
    code, out, _ = _play(argv, "1\n" * 12 + "quit\n", monkeypatch)
    assert code == 0
    assert f"resume with: kingofny play --resume {save}" in out
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["format"] == "kingofny/play"
    assert saved["players"] == ["human", "heuristic"]
    first = k.record_from_dict(saved["record"])
    code, out, _ = _play(["--resume", str(save)], "1\n" * 3000, monkeypatch)
    assert code == 0
    assert out.startswith("Resuming turn ")
    assert re.search(r"^Game over after \d+ turns", out, re.M)
    # played through without quitting: the save is the one written at the quit
    assert k.record_from_dict(json.loads(save.read_text())["record"]) == first


def test_resume_of_a_bad_file_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kingofny/play", "version": 1, "players": ["human"]}')
    code, _out, err = _play(["--resume", str(bad)], "", monkeypatch)
    assert code == 2
    assert err.startswith(f"kingofny: error: {bad} cannot be resumed")
    code, _, err = _play(["--players", "human,nosuchbot"], "", monkeypatch)
    assert code == 2
    assert "unknown player kind 'nosuchbot'" in err
    for unreadable, says in (
        (tmp_path, "is a directory, not a saved game"),
        (tmp_path / "missing.json", "no such file"),
    ):
        code, _, err = _play(["--resume", str(unreadable)], "", monkeypatch)
        assert code == 2
        assert err.startswith("kingofny: error: ")
        assert says in err
        assert len(err.strip().splitlines()) == 1
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = _play(["--resume", str(binary)], "", monkeypatch)
    assert code == 2
    assert "is not a text file" in err


class _Table(io.StringIO):
    """Standard input for companion mode: reads the screen written so far and answers the
    question on its last lines as a table would (dice from a list, 1 to every decision), with a
    typo first at the first roll."""

    def __init__(self, screen: io.StringIO, faces: str) -> None:
        super().__init__()
        self.screen = screen
        self.faces = faces
        self.index = 0
        self.answers: list[str] = []
        self.typo_made = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        del size
        asked = self.screen.getvalue()
        rolls = re.findall(r"rolls (\d+) dic?e[^\n]*: type the faces", asked)
        if asked.endswith("table> ") and rolls:
            if not self.typo_made:
                self.typo_made = True
                answer = "AAX"
            else:
                n = int(rolls[-1])
                answer = "".join(self.faces[(self.index + i) % len(self.faces)] for i in range(n))
                self.index += n
        elif asked.endswith("> "):
            answer = "1"
        else:  # pragma: no cover - a prompt the table does not know
            return ""
        self.answers.append(answer)
        if len(self.answers) > 5000:  # pragma: no cover - a game that never ends
            return ""
        return answer + "\n"


def test_companion_game_with_typed_dice_to_the_end(tmp_path: Path) -> None:
    """Dice typed, tiles and cards drawn: the first question is the first-player roll (no 15
    tile and 3 card reveals), a typo changes nothing, and the game is played to its end."""
    session = Session.new(["human", "heuristic", "human"], seed=2, typed=[k.ChanceKind.DICE])
    assert k.waiting_for(session.state).kind is k.PendingKind.ROLL_OFF  # type: ignore[union-attr]
    screen = io.StringIO()
    table = _Table(screen, "AHCDEOEDACHO")
    code = Terminal(session, table, screen, save_path=tmp_path / "g.json").run()
    out = screen.getvalue()
    assert code == 0
    assert "'X' is not a die face" in out
    assert "first-player roll: Captain Fish rolls" in out
    assert "Turn over the top tile" not in out
    assert re.search(r"^Game over after \d+ turns", out, re.M)
    assert k.replay(session.record) == session.state  # the typed and drawn outcomes replay


def test_typed_tiles_and_cards_forgiving_and_strict() -> None:
    state = k.new_game(2, seed=1, manual={"tile", "card"})
    assert k.waiting_for(state).kind is k.PendingKind.TILE_REVEAL  # type: ignore[union-attr]
    assert parse_outcome("High Rise 1", state) == k.TileDraw(k.Building.parse("high-rise-1"))
    assert parse_outcome("pp3", state) == k.TileDraw(k.Building.parse("power-plant-3"))
    with pytest.raises(InputError, match="did you mean hospital"):
        parse_outcome("hostpital 2", state)
    with pytest.raises(InputError, match="no Power Plant \\(1 energy\\) is left"):
        parse_outcome("power plant 1", state)
    while k.waiting_for(state).kind is not k.PendingKind.CARD_REVEAL:  # type: ignore[union-attr]
        state = k.apply(state, k.sample_outcome(state, __import__("random").Random(1)))
    assert parse_outcome("tesla canon", state) == k.CardDraw("base:tesla-cannon")
    with pytest.raises(InputError, match="unknown card 'teslo'"):
        parse_outcome("teslo", state)


def test_a_hint_can_be_typed_as_given(tmp_path: Path) -> None:
    """Newcomer trial: ``hint`` named choice 19 when only 1 to 6 were listed. Whatever it
    says, typed back, is the hint bot's action (asked at every reroll decision, where many
    choices go unlisted, and at every fifth other decision, to keep the test short)."""
    session = Session.new(["human", "human"], seed=4)
    out = io.StringIO()
    terminal = Terminal(session, io.StringIO(), out, save_path=tmp_path / "g.json")
    unlisted = numbered_seen = 0
    for step in range(400):
        state = session.state
        if state.is_terminal or (unlisted >= 2 and numbered_seen >= 4):
            break
        seat = state.current_player
        assert seat is not None
        legal = k.legal_actions(state)
        rerolling = k.waiting_for(state).kind is k.PendingKind.REROLL  # type: ignore[union-attr]
        if not rerolling and step % 5:
            session.apply(k.HeuristicPlayer(seed=0).choose(k.observe(state, seat), legal))
            continue
        wanted = suggest(state)
        out.seek(0)
        out.truncate()
        terminal.hint()
        said = out.getvalue().strip()
        assert said.startswith(f"{HINT_BOT} would "), said
        numbered = re.fullmatch(r".* would choose (\d+)\. .*", said)
        typed = numbered.group(1) if numbered else said.rsplit(": type ", 1)[1]
        unlisted += numbered is None
        numbered_seen += numbered is not None
        shown = terminal.listed(choices(state))
        assert parse_action(typed, state, shown) == wanted, said
        session.apply(wanted, by_person=True)
    assert unlisted >= 2  # the case of the report came up
    assert numbered_seen >= 4


def test_the_hint_is_the_strongest_bots_choice_not_the_heuristics(tmp_path: Path) -> None:
    """Issue 21: the terminal's ``hint`` asks the strongest bot with a short budget (the public
    :class:`kingofny.PlannerPlayer`, :data:`~kingofny.play.hints.HINT_PLAYOUTS` playouts, on
    the decider's view), the same answer every time for a position; in a position where the
    planner and the heuristic bot disagree, the hint gives the planner's choice."""
    session = Session.new(["human", "heuristic", "heuristic"], seed=9)
    out = io.StringIO()
    terminal = Terminal(session, io.StringIO(), out, save_path=tmp_path / "g.json")
    for _ in range(300):
        state = session.state
        assert not state.is_terminal, "no position where the bots disagree"
        seat = state.current_player
        assert seat is not None
        legal = k.legal_actions(state)
        view = k.observe(state, seat)
        planner = k.PlannerPlayer(HINT_SEED, playouts=HINT_PLAYOUTS).choose(view, legal)
        heuristic = k.HeuristicPlayer(seed=0).choose(view, legal)
        if planner != heuristic and session.is_human(seat):
            break
        session.apply(heuristic)
    assert suggest(state) == planner
    assert suggest(state) == planner  # a fresh search with the same seed: the same hint
    terminal.hint()
    said = out.getvalue().strip()
    label = next(o.label for o in choices(state) if o.action == planner)
    assert label in said, (said, label)
    wrong = next(o.label for o in choices(state) if o.action == heuristic)
    assert not said.endswith(wrong), said


def test_a_save_file_cannot_name_code_to_run(tmp_path: Path) -> None:
    """A save is data (review): its seats may be people or the bundled bots, never a
    ``module:Class`` that resuming would import and call."""
    session = Session.new(["human", "heuristic"], seed=2)
    document = json.loads(session.to_json())
    marker = tmp_path / "ran"
    document["players"][1] = f"os:system:command=touch {marker}"
    with pytest.raises(k.KingOfNYError, match=r"\$\.players\[1\]: .* is not a bundled bot"):
        Session.from_json(json.dumps(document))
    assert not marker.exists()
    # Given again on the command line, the players are the user's own choice.
    assert Session.from_json(json.dumps(document), ["human", "random"]).players[1] == "random"


def test_a_failing_bot_does_not_lose_the_game(tmp_path: Path) -> None:
    """Review: only ``quit`` saved; a bot that raised ended the game unsaved."""
    session = Session.new(["human", "heuristic"], seed=2)
    save = tmp_path / "g.json"
    terminal = Terminal(session, io.StringIO("1\n" * 50), io.StringIO(), save_path=save)

    def broken() -> k.Action:
        raise k.PlayerError("the bot broke")

    session.bot_move = broken  # type: ignore[method-assign]
    with pytest.raises(k.PlayerError):
        terminal.run()
    assert Session.from_json(save.read_text()).record == session.record


def _dice_lines_by_question(out: str) -> dict[str, list[str]]:
    """For each kind of question asked (``"reroll"``, ``"resolve"``, ``"buy"``), the line shown
    right above each ``Now:`` of that kind (where the board and the short re-prompt both put the
    dice line, when there is one)."""
    lines = out.splitlines()
    found: dict[str, list[str]] = {"reroll": [], "resolve": [], "buy": []}
    for i, line in enumerate(lines):
        if not line.startswith("Now: Captain Fish: "):
            continue
        question = line.removeprefix("Now: Captain Fish: ")
        for kind, words in (
            ("reroll", "reroll some dice or stop"),
            ("resolve", "choose which dice to resolve next"),
            ("buy", "buy cards, sweep the market"),
        ):
            if question.startswith(words):
                found[kind].append(lines[i - 1])
    return found


def test_the_dice_line_says_what_matters_at_each_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """While rolling, the dice and the rerolls left; while resolving, the dice still to resolve
    (not the rerolls, which are over); in the Buy step, no dice line at all (review: the old
    "Dice:" line stayed on screen where it no longer said anything)."""
    script = "2\nstop\n" + "1\n" * 24 + "quit\n"  # Queens; stop; then the first choice
    code, out, _ = _play(
        ["--players", "human,heuristic", "--seed", "5", "--plain"]
        + ["--save", str(tmp_path / "g.json")],
        script,
        monkeypatch,
    )
    assert code == 0
    seen = _dice_lines_by_question(out)
    assert all(seen.values()), seen  # each step was asked at least once
    for line in seen["reroll"]:
        assert re.match(r"Dice: [EHACDO]{6}, (\d reroll\(s\)|no rerolls) left", line), line
    for line in seen["resolve"]:
        assert re.match(r"Dice still to resolve: [EHACDO]+( \(rolled [EHACDO]{6}\))? ", line), line
        assert "reroll" not in line
    assert any(
        line.startswith("Dice still to resolve: HCDD (rolled EEHCDD) ") for line in seen["resolve"]
    )
    for line in seen["buy"]:
        assert "dice" not in line.lower(), line  # the market's last line, not the dice


def test_one_numbering_on_one_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 24: a player saw ``1. buy Natural Selection``, typed ``buy 1`` and was refused about
    the card in market slot 1. The numbers on the screen are the choices' only: the board
    letters the market's cards (``b. Name [...]``), ``buy b`` buys the card lettered b, and
    ``buy N`` is choice N when that choice is a purchase, else refused with what to type."""
    shop = _find(
        lambda s: (
            k.waiting_for(s).kind is k.PendingKind.SHOP  # type: ignore[union-attr]
            and s.current_player == 0
            and any(isinstance(a, k.Buy) and a.slot > 0 for a in k.legal_actions(s))
        )
    )
    legal = k.legal_actions(shop)
    buy = next(a for a in legal if isinstance(a, k.Buy) and a.slot > 0)
    card = shop.market[buy.slot]
    assert card is not None
    name = k.find_card(card).name
    letter = "abc"[buy.slot]
    not_a_buy = next(i + 1 for i, a in enumerate(legal) if not isinstance(a, k.Buy))
    record, _ = k.start_record(shop.config)
    players = ["human"] + ["heuristic"] * (len(shop.monsters) - 1)
    session = Session(players, record, shop)
    out = io.StringIO()
    script = io.StringIO(f"buy {not_a_buy}\nbuy z\nbuy {letter}\nquit\n")
    Terminal(session, script, out, save_path=tmp_path / "g.json").run()
    text = out.getvalue()
    assert re.search(rf"^  {letter}\. {re.escape(name)} \[", text, re.M)  # as listed
    assert not re.search(r"^  [0-9]\. .* energy: ", text, re.M)  # no numbered market row
    assert f"choice '{not_a_buy}' is no purchase; the market's cards are lettered" in text
    assert "there is no card z in the market" in text
    assert f"buys {name}" in text
    assert session.record.events[len(record.events)] == k.Event(0, buy)


def test_buy_with_a_choice_number_buys_that_choice() -> None:
    """Issue 24: ``buy N`` where choice N is a purchase buys that very card."""
    shop = _find(
        lambda s: (
            k.waiting_for(s).kind is k.PendingKind.SHOP  # type: ignore[union-attr]
            and any(isinstance(a, k.Buy) for a in k.legal_actions(s))
        )
    )
    listed = choices(shop)
    number, action = next((c.number, c.action) for c in listed if isinstance(c.action, k.Buy))
    assert parse_action(f"buy {number}", shop, listed) == action


def test_buildings_and_units_read_the_same_on_the_board_in_choices_and_on_the_web() -> None:
    """One label per building and unit: the terminal's board and choices, the web page's tiles
    and buttons, and the log (review: "High-Rise (2 VP)" against "High-Rise 2 (+2 VP)")."""
    from kingofny.narrate import building_name
    from kingofny.play.board import board_view, building_label, unit_label
    from kingofny.web.labels import action_label
    from kingofny.web.labels import building_label as web_building_label

    high_rise = k.Building.parse("high-rise-2")
    assert building_label(high_rise) == web_building_label(high_rise) == building_name(high_rise)
    assert building_label(high_rise) == "High-Rise (2 VP)"
    assert unit_label(k.UnitKind.JET) == "Jet (3 to destroy, 2 energy)"
    state = _find(
        lambda s: (
            k.waiting_for(s).kind is k.PendingKind.DESTROY  # type: ignore[union-attr]
            and any(isinstance(a, k.DestroyBuilding) for a in k.legal_actions(s))
        )
    )
    stacks = [stack for row in board_view(state).boroughs for stack in row.stacks]
    for option in choices(state):
        action = option.action
        web = action_label(state, action)
        assert web.lower() == option.label.lower(), (web, option.label)
        if isinstance(action, k.DestroyBuilding):
            top = state.borough(action.borough).stacks[action.stack].top
            assert top is not None
            assert building_label(top) in option.label
            assert any(s.startswith(building_label(top)) for s in stacks)


def test_the_destroy_question_says_the_points_left_and_the_board_what_destroying_takes() -> None:
    """Issue 24: the destroy question says how many Destruction points are left, and the board
    shows what destroying each unit takes (components §3.1: Infantry 2, Jet 3, Tank 4) and
    groups a borough's units ("2 Infantry")."""
    from kingofny.play.board import asked, board_lines, board_view
    from kingofny.testing import Scenario, resolve

    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens")
        .monster("mantis", borough="bronx")
        .borough("queens", units=["infantry", "infantry", "jet"])
        .turn("kong", dice="DDDCCE")
        .build()
    )
    state = k.apply(state, resolve("D"))
    assert asked(state) == "Kong: spend Destruction on a building or a unit (3 left)"
    text = "\n".join(board_lines(board_view(state, 0)))
    assert "To destroy: Infantry 2, Jet 3, Tank 4 Destruction; a building as many as it earns" in (
        text
    )
    assert "units: 2 Infantry, Jet" in text


def test_a_shared_screen_names_who_decides_not_you(tmp_path: Path) -> None:
    """Issue 24: in companion mode with several people, the board said "(you are Captain Fish,
    seat 0)" while another person decided. On a shared screen it names the seat deciding; with
    one person it still says "you"."""
    from kingofny.play.board import board_lines, board_view

    state = k.new_game(["kong", "mantis"], seed=2)
    while state.current_player != 1 or state.is_chance:
        state = k.apply(state, k.legal_actions(state)[0])
    shared = attrs.evolve(board_view(state, 1), shared=True)
    title = board_lines(shared)[1]
    assert title.endswith("(Mantis decides, seat 1)"), title
    text = "\n".join(board_lines(shared))
    assert "(you" not in text
    assert "Market (Mantis's price;" in text
    assert board_lines(board_view(state, 1))[1].endswith("(you are Mantis, seat 1)")

    record, _ = k.start_record(state.config)
    out = io.StringIO()
    Terminal(
        Session(["human", "human"], record, state),
        io.StringIO("quit\nquit\n"),
        out,
        save_path=tmp_path / "g.json",
    ).run()
    assert "(Mantis decides, seat 1)" in out.getvalue()
    assert "(you are" not in out.getvalue()


def test_the_plain_board_fits_the_terminal_width() -> None:
    """Issue 24: the plain board ran past 120 columns (a crowded borough, a card's text). Given
    the terminal's width, every line fits, no word is lost, and continuations are indented."""
    from kingofny.play.board import board_lines, board_view

    state = k.new_game(4, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        state = k.apply(state, rng.choice(k.legal_actions(state)))
    view = board_view(state, state.current_player)
    full = board_lines(view)
    assert max(map(len, full)) > 80  # the case this is about
    for width in (80, 120):
        fitted = board_lines(view, width)
        assert max(map(len, fitted)) <= width
        assert " ".join(fitted).split() == " ".join(full).split()
    assert board_lines(view, 1000) == full
