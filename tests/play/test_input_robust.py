"""``kingofny play`` answers every input and never loses a game (review of the terminal front
end): non-ASCII digits, a save file name with a NUL, huge numbers, text that is not UTF-8, an
unexpected crash; and the tile examples the companion mode gives are tiles that exist."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import kingofny as k
from kingofny.cli import main
from kingofny.play import outcomes, terminal
from kingofny.play.choices import InputError, parse_action
from kingofny.play.outcomes import TILE_EXAMPLES, outcome_prompt, parse_outcome
from kingofny.play.session import Session
from kingofny.play.terminal import PlayCrash, Terminal

ROOT = Path(__file__).resolve().parents[2]
ODD = ["²", "٣", "¹²", "٣ ٤", "buy ²", "buy ٣", "9" * 5000, "buy " + "9" * 5000, "\x00", "\ufffd"]
"""Inputs that once ended the program (``str.isdigit`` is True for ``²`` and ``٣``, which
``int`` refuses, and ``int`` refuses more than 4300 digits) and other odd ones."""


def _shop() -> k.GameState:
    """A position in some seat's Buy step with a card it can buy."""
    for seed in range(100):
        state = k.new_game(2, seed=seed)
        bot = k.HeuristicPlayer(seed=seed)
        while not state.is_terminal:
            legal = k.legal_actions(state)
            if any(isinstance(a, k.Buy) for a in legal):
                return state
            state = k.apply(state, bot.choose(state, legal))
    raise AssertionError("no shop")


@pytest.mark.parametrize("text", ODD)
def test_odd_input_is_an_input_error(text: str) -> None:
    for state in (k.new_game(2, seed=3), _shop()):
        with pytest.raises(InputError):
            parse_action(text, state)


def test_odd_outcomes_are_input_errors() -> None:
    state = k.new_game(2, seed=1, manual={"dice", "tile", "card"})
    kinds = set()
    for _ in range(400):
        pending = k.waiting_for(state)
        if pending is None:
            break
        if pending.is_chance:
            kinds.add(pending.chance_kind)
            for text in ODD:
                with pytest.raises(InputError):
                    parse_outcome(text, state)
            state = k.apply(state, k.sample_outcome(state, __import__("random").Random(1)))
        else:
            state = k.apply(state, k.legal_actions(state)[0])
    assert kinds == set(k.ChanceKind)


def _terminal(script: str, tmp_path: Path, **options: object) -> tuple[Terminal, io.StringIO]:
    session = Session.new(["human", "heuristic"], seed=5)
    out = io.StringIO()
    save = tmp_path / "g.json"
    return Terminal(session, io.StringIO(script), out, save_path=save, **options), out  # type: ignore[arg-type]


def test_every_odd_input_is_answered_and_asked_again(tmp_path: Path) -> None:
    script = "\n".join([*ODD, "save bad\x00name.json", "save " + str(tmp_path), "2", "quit"])
    term, out = _terminal(script + "\n", tmp_path)
    assert term.run() == 0
    text = out.getvalue()
    assert "there is no choice" in text  # ² and ٣ answered, not a traceback
    assert "cannot save to" in text
    assert "NUL" in text
    assert "starts in Queens" in text  # the valid answer after them was taken
    assert (
        k.record_from_dict(json.loads((tmp_path / "g.json").read_text())["record"])
        == term.session.record
    )
    assert not list(tmp_path.glob("*.tmp"))  # a failed save leaves no temporary file


def test_odd_table_input_is_answered(tmp_path: Path) -> None:
    session = Session.new(["human", "human"], seed=2, typed=list(k.ChanceKind))
    out = io.StringIO()
    script = "\n".join([*ODD, "quit"]) + "\n"
    term = Terminal(session, io.StringIO(script), out, save_path=tmp_path / "g.json")
    assert term.run() == 0
    assert out.getvalue().count("table> ") == len(ODD) + 1


def test_input_that_is_not_utf8_is_answered(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    raw = b"\xff\xfe\n2\nquit\n"
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    save = tmp_path / "g.json"
    code = main(["play", "--players", "human,heuristic", "--seed", "5", "--save", str(save)])
    assert code == 0
    assert "is not a choice now" in out.getvalue()
    assert "starts in Queens" in out.getvalue()
    assert save.exists()


def test_a_default_save_goes_to_the_data_folder_and_says_where(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 24: a save made by default landed in the current directory (a repository's root,
    in the trial). It goes to a new file under the user's data folder, and says where."""
    work = tmp_path / "repository"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("KINGOFNY_DATA_DIR", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("save\nquit\n"))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["play", "--players", "human,heuristic", "--seed", "5"]) == 0
    assert list(work.iterdir()) == []
    (saved,) = (tmp_path / "data" / "kingofny" / "games").glob("*.json")
    assert f"saved to {saved}; resume with: kingofny play --resume {saved}" in out.getvalue()


def test_the_data_folder_of_each_platform(tmp_path: Path) -> None:
    """Issue 24: the user's data folder, per platform, and the override."""
    from kingofny.play.saves import data_dir, new_save_path

    home = Path.home()
    assert data_dir({}, "linux") == home / ".local" / "share" / "kingofny"
    assert data_dir({"XDG_DATA_HOME": "/x"}, "linux") == Path("/x/kingofny")
    assert data_dir({"XDG_DATA_HOME": "relative"}, "linux") == home / ".local/share/kingofny"
    assert data_dir({}, "darwin") == home / "Library" / "Application Support" / "kingofny"
    assert data_dir({"APPDATA": "C:/Users/a/AppData/Roaming"}, "win32") == Path(
        "C:/Users/a/AppData/Roaming", "kingofny"
    )
    assert data_dir({"KINGOFNY_DATA_DIR": str(tmp_path)}, "win32") == tmp_path
    first = new_save_path({"KINGOFNY_DATA_DIR": str(tmp_path)})
    second = new_save_path({"KINGOFNY_DATA_DIR": str(tmp_path)})  # in the same second, often
    assert first.parent == second.parent == tmp_path / "games"
    assert first != second


def test_an_unexpected_crash_saves_the_game_first(tmp_path: Path) -> None:
    term, _out = _terminal("1\n" * 50, tmp_path)

    def broken() -> k.Action:
        raise RuntimeError("a bug")

    term.session.bot_move = broken  # type: ignore[method-assign]
    with pytest.raises(PlayCrash) as info:
        term.run()
    assert isinstance(info.value, k.KingOfNYError)
    assert isinstance(info.value.__cause__, RuntimeError)
    save = tmp_path / "g.json"
    assert str(save) in str(info.value)
    assert "RuntimeError: a bug" in str(info.value)
    assert Session.from_json(save.read_text()).record == term.session.record


def test_an_unexpected_crash_is_one_line_on_the_command_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken(self: Session) -> k.Action:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Session, "bot_move", broken)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 50))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    save = tmp_path / "g.json"
    code = main(["play", "--players", "human,heuristic", "--seed", "5", "--save", str(save)])
    assert code == 2
    assert re.fullmatch(
        rf"kingofny: error: .*RuntimeError: a bug.*saved to {re.escape(str(save))}.*\n",
        err.getvalue(),
    )
    assert save.exists()


def test_a_crash_whose_save_fails_saves_elsewhere(tmp_path: Path) -> None:
    session = Session.new(["human", "heuristic"], seed=5)
    term = Terminal(
        session, io.StringIO("1\n" * 50), io.StringIO(), save_path=tmp_path / "no" / "g.json"
    )

    def broken() -> k.Action:
        raise RuntimeError("a bug")

    session.bot_move = broken  # type: ignore[method-assign]
    with pytest.raises(PlayCrash) as info:
        term.run()
    saved = info.value.saved
    assert saved is not None
    assert saved.exists()
    assert str(saved) in str(info.value)
    assert Session.from_json(saved.read_text()).record == session.record
    saved.unlink()


# -- the tile examples -----------------------------------------------------------------------

_TILE = re.compile(r"\b(?:high-rise|power plant|hospital|hr|pp) ?[0-9]\b", re.I)


def _tile_examples() -> list[str]:
    fresh = k.new_game(2, seed=1, manual={"tile"})
    texts = [
        terminal._TABLE_HELP,
        outcome_prompt(fresh),
        (ROOT / "docs" / "playing.rst").read_text(encoding="utf-8"),
    ]
    try:
        outcomes._parse_building("a tile")
    except InputError as exc:
        texts.append(str(exc))
    found = [m.group(0) for text in texts for m in _TILE.finditer(text)]
    return found + list(TILE_EXAMPLES)


def test_every_tile_example_given_is_a_real_tile() -> None:
    """Review: the hint and the docs gave ``hospital 1``, and there is no such tile (the
    Hospitals are of durability 2 and 3, components §3.2)."""
    fresh = k.new_game(2, seed=1, manual={"tile"})
    assert k.waiting_for(fresh).kind is k.PendingKind.TILE_REVEAL  # type: ignore[union-attr]
    examples = _tile_examples()
    assert len(examples) >= 6
    possible = {outcome for outcome, _ in k.chance_outcomes(fresh)}
    for example in examples:
        assert parse_outcome(example, fresh) in possible, example


def test_a_refused_quit_does_not_let_a_later_quit_drop_new_moves(tmp_path: Path) -> None:
    """Review: after ``quit`` was refused (the save failed), a move and then ``quit`` left
    without asking again, losing the move. A second ``quit`` leaves unsaved only if nothing was
    played since."""
    blocked = tmp_path / "missing" / "g.json"  # its folder does not exist: every save fails
    session = Session.new(["human", "heuristic"], seed=5)
    out = io.StringIO()
    script = "quit\n2\nquit\nquit\n"
    term = Terminal(session, io.StringIO(script), out, save_path=blocked)
    assert term.run() == 0
    text = out.getvalue()
    assert text.count("not quitting, since the game is not saved") == 2
    assert len(term.session.record.events) > 0
