"""Tests of the ``kingofny`` command (``kingofny.cli``) and of the game log it prints
(``kingofny.narrate``)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from kingofny import (
    Action,
    Buy,
    Event,
    GameRecord,
    Outcome,
    __version__,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    serialize,
)
from kingofny.cli import main
from kingofny.narrate import describe, monster_name, narrate
from kingofny.players import RandomPlayer
from kingofny.record import replay_states
from kingofny.runner import play_game


def test_simulate_prints_the_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    header = out.splitlines()[0].split()
    assert header[:4] == ["player", "seats", "wins", "win"]
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:4]}
    assert set(rows) == {"heuristic", "random"}
    assert rows["heuristic"][1] == "1"
    assert rows["random"][1] == "3"
    assert "games: 2 (seed 1, seats rotated every game)" in out
    assert "mean turns:" in out
    assert err == ""  # no progress bar: stderr is not a terminal


def test_simulate_summary_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--games", "3", "--seed", "5", "--players", "random,random"])
    first = capsys.readouterr().out
    main(["simulate", "--games", "3", "--seed", "5", "--players", "random,random"])
    second = capsys.readouterr().out
    strip = [line for line in first.splitlines() if not line.startswith("time:")]
    assert strip == [line for line in second.splitlines() if not line.startswith("time:")]


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    """--progress draws the bar on stderr, redrawn in place, and ends it full with a newline.

    (This test used to compare the output with its own tail, which could not fail.)"""
    assert main(["simulate", "--games", "2", "--seed", "1", "--progress"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1
    frames = err.rstrip("\n").split("\r")
    assert frames[0] == ""  # every frame starts with a carriage return
    bar = re.compile(r"\[([#.]{30})\] ([0-9]+)/2 games, [0-9]+ games/s(, [0-9hms]+ left)? *")
    matches = [bar.fullmatch(frame) for frame in frames[1:]]
    assert all(matches), frames
    done = [int(m.group(2)) for m in matches if m]
    assert done == sorted(done)
    assert done[-1] == 2
    assert [m.group(1) for m in matches if m][-1] == "#" * 30
    assert "#" * 15 + "." * 15 in err  # the frame after the first of two games is half full
    assert frames[1].rstrip().endswith("s left")  # a time left until the end...
    assert "left" not in frames[-1]  # ...but not on the last frame


def test_verbose_single_game_prints_turns_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--seed", "4", "--verbose"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("King of New York: Captain Fish (seat 0), Drakonis (seat 1)")
    # Who plays which seat, and what the dice letters mean (a newcomer's trial asked for both).
    assert lines[1] == "Players: seat 0 heuristic, seat 1 random, seat 2 random, seat 3 random."
    assert lines[2] == (
        "Dice letters: E energy, H heal, A attack, C celebrity, D destruction, O ouch."
    )
    assert any(line.startswith("== Turn 1: ") for line in lines)
    assert any(line.startswith("== Turn 2: ") for line in lines)
    assert any(" rerolls " in line or " stops rolling: " in line for line in lines)
    assert any(" resolves " in line for line in lines)
    assert any("VP" in line and "life" in line for line in lines)
    assert any(line.startswith("Game over after ") for line in lines)
    assert lines[-1] == "seed: 4"


def test_verbose_many_games_prints_a_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "4", "--verbose"]) == 0
    out = capsys.readouterr().out
    assert [line.split(":")[0] for line in out.splitlines()[:3]] == ["game 1", "game 2", "game 3"]


def test_monsters_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "1", "--seed", "2", "--verbose", "--players", "random,random"]
    assert main([*argv, "--monsters", "kong,sheriff"]) == 0
    assert capsys.readouterr().out.startswith("King of New York: Kong (seat 0), Sheriff (seat 1)")


def test_saved_record_replays_with_the_same_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    argv = ["simulate", "--games", "1", "--seed", "6", "--verbose", "--save-record", str(path)]
    assert main(argv) == 0
    played = capsys.readouterr().out.splitlines()
    assert played[-1] == f"record of the last game written to {path}"
    record = serialize.from_json(path.read_text(encoding="utf-8"))
    assert isinstance(record, GameRecord)
    assert record.winners is not None
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    # The same log, without the players (a record does not name them), the seed and file lines.
    assert replayed == [played[0], *played[2:-2]]


def test_many_games_save_the_last_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "last.json"
    assert main(["simulate", "--games", "2", "--seed", "6", "--save-record", str(path)]) == 0
    capsys.readouterr()
    assert isinstance(serialize.from_json(path.read_text(encoding="utf-8")), GameRecord)


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    """The one-line error message on stderr; nothing was printed on stdout."""
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    return err


def test_replay_of_a_missing_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in _error(capsys)


def test_replay_of_bad_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert _error(capsys).startswith("kingofny: error: ")


def test_replay_of_a_state_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text(serialize.to_json(new_game(2, seed=1)), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "not a game record" in _error(capsys)


def test_replay_of_a_record_that_does_not_replay_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_game([RandomPlayer(0), RandomPlayer(1)], seed=3).record
    # The same events under another seed: the seed draws other outcomes than the record lists.
    wrong = attrs.evolve(record, config=attrs.evolve(record.config, seed=4))
    path = tmp_path / "wrong.json"
    path.write_text(serialize.to_json(wrong), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "event" in _error(capsys)


def test_replay_of_a_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    _error(capsys)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--players", "heuristic,genius"], "unknown player kind 'genius'"),
        (["simulate", "--players", "heuristic:depth=2,random"], "takes no option 'depth'"),
        (["simulate", "--players", "ms=2,random"], "before any player"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--games", "1", "--monsters", "kong"], "monsters"),
        (["simulate", "--games", "1", "--players", "random"], "2 to 6"),
        # issue 7 §3: every bad input is a one-line error, never a traceback
        (["simulate", "--players", ","], "--players needs at least one name"),
        (["simulate", "--players", ""], "--players needs at least one name"),
        (["simulate", "--players", "random,,random"], "--players has an empty name"),
        (["simulate", "--monsters", ","], "--monsters needs at least one name"),
        (["simulate", "--packs", ","], "--packs needs at least one name"),
        (["simulate", "--games", "1", "--packs", "nope"], "'nope' is not installed"),
        (["simulate", "--games", "1", "--monsters", "kong,godzilla"], "unknown monster"),
        (["simulate", "--games", "1", "--monsters", "kong,kong"], "only once"),
        (
            ["simulate", "--games", "1", "--players", "random,random", "--monsters", "kong"],
            "2 players but 1 monsters",
        ),
        (["simulate", "--games", "1", "--players", ",".join(["random"] * 7)], "2 to 6"),
        (["simulate", "--games", "-3"], "--games must be at least 1"),
        (["simulate", "--games", "x"], "--games: invalid int value"),
        (["simulate", "--games", "1.5"], "--games: invalid int value"),
        (["simulate", "--seed", "x"], "--seed: invalid int value"),
        (["simulate", "--bogus"], "unrecognized arguments: --bogus"),
        (["simulate", "--games", "1", "--save-record", "/nonexistent/dir/g.json"], "directory"),
        (["replay"], "required: FILE"),
        (["conquer"], "invalid choice"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_simulate_arguments_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in _error(capsys)


def test_a_record_path_that_is_a_directory_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--save-record to a directory is a one-line error before any game is played."""
    assert main(["simulate", "--games", "1", "--save-record", str(tmp_path)]) == 2
    assert "is a directory" in _error(capsys)


def test_a_negative_seed_is_its_own_series(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 7 §3, §4: --seed -5 is accepted, and is not the series of --seed 5."""
    outputs = []
    for seed in ("-5", "5"):
        assert main(["simulate", "--games", "1", "--seed", seed, "--verbose"]) == 0
        outputs.append(capsys.readouterr().out.splitlines())
    assert outputs[0][-1] == "seed: -5"
    assert outputs[0][:-1] != outputs[1][:-1]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"kingofny {__version__}"


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kingofny", "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"kingofny {__version__}"


# -- the log --------------------------------------------------------------------------------------


def test_monster_names_are_the_printed_ones() -> None:
    state = new_game(["sheriff", "captain-fish"], seed=1)
    assert monster_name(state, 0) == "Sheriff"
    assert monster_name(state, 1) == "Captain Fish"


def test_a_purchase_is_logged_with_the_card_name_and_its_cost() -> None:
    before = new_game(2, seed=1)
    before = attrs.evolve(before, market=("base:coney-island", None, None))
    monsters = list(before.monsters)
    monsters[0] = attrs.evolve(monsters[0], energy=6)
    before = attrs.evolve(before, monsters=tuple(monsters))
    after_monsters = list(monsters)
    after_monsters[0] = attrs.evolve(monsters[0], energy=2)
    after = attrs.evolve(before, monsters=tuple(after_monsters), market=(None, None, None))
    lines = describe(before, Event(0, Buy(0)), after)
    assert lines[0] == "  Captain Fish buys Coney Island"
    assert any("4 energy" in line and "now 0 VP, 10 life, 2 energy" in line for line in lines)


def test_a_new_turn_opens_with_a_header() -> None:
    record = play_game([RandomPlayer(0), RandomPlayer(1)], seed=2, max_decisions=3).record
    states = list(replay_states(record))
    # The first two decisions place the monsters; after the second the first turn starts.
    (_, start), (place, placed), (last, first_turn) = states[:3]
    assert placed.turn.number == 0
    assert first_turn.turn.number == 1
    assert place is not None
    assert last is not None
    assert not any(line.startswith("== Turn") for line in describe(start, place, placed))
    lines = describe(placed, last, first_turn)
    seat = first_turn.turn.seat
    header = [line for line in lines if line.startswith("== Turn 1: ")]
    assert header == [line for line in lines if line.startswith("==")]
    assert header[0].startswith(f"== Turn 1: {monster_name(first_turn, seat)} (seat {seat})")
    assert lines[-1] == f"  {monster_name(first_turn, seat)} rolls {first_turn.turn.dice}"


def test_an_explicit_chance_record_is_narrated_roll_by_roll() -> None:
    rng = random.Random(1)
    state = new_game(2)
    events: list[Event] = []
    while not state.is_terminal:
        if state.is_chance:
            outcomes = chance_outcomes(state)
            weights = [float(p) for _, p in outcomes]
            move: Action | Outcome = rng.choices([o for o, _ in outcomes], weights)[0]
        else:
            move = rng.choice(legal_actions(state))
        events.append(Event(state.current_player, move))
        state = apply(state, move)
    record = GameRecord(state.config, tuple(events), state.winners)
    lines = list(narrate(replay_states(record)))
    assert sum(line.startswith("  first-player roll: ") for line in lines) >= 2
    assert any(line.startswith("  a High-Rise (1 VP) is revealed in ") for line in lines)
    assert any(line.endswith(" is revealed in the market") for line in lines)
    assert any(line.startswith("== Turn 1: ") for line in lines)
    assert any(": dice now " in line for line in lines)
    assert not any(line.endswith("dice now: -") for line in lines)
    assert lines[len(lines) - 3].startswith("Game over after ")


def test_plugins_lists_the_base_pack(capsys: pytest.CaptureFixture[str]) -> None:
    """DESIGN Contract 7: `kingofny plugins` lists the installed packs with versions."""
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("base ")
    assert "6 monsters, 64 cards" in out


def test_simulate_takes_player_specs_with_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--players`` takes options and bots from files (issue 11: bots from anywhere)."""
    bot = tmp_path / "firstbot.py"
    bot.write_text(
        "class FirstBot:\n"
        "    name = 'first'\n"
        "    def choose(self, view, legal):\n"
        "        return legal[0]\n"
    )
    argv = ["simulate", "--games", "2", "--seed", "3"]
    assert (
        main([*argv, "--players", f"heuristic:flee_life=3,flee_per_attacker=1,{bot}:FirstBot"]) == 0
    )
    out = capsys.readouterr().out
    assert "heuristic" in out
    assert "first" in out


def test_resume_refuses_set_up_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A resumed game keeps its set-up: options that would change it are refused, not ignored."""
    save = tmp_path / "game.json"
    save.write_text("{}")
    assert main(["play", "--resume", str(save), "--seed", "3"]) == 2
    assert "drop --seed" in capsys.readouterr().err


def test_a_reader_that_stops_early_is_no_error(tmp_path: Path) -> None:
    """``kingofny replay game.json | head -1``: the closed pipe ends the command quietly."""
    record = tmp_path / "game.json"
    assert main(["simulate", "--games", "1", "--seed", "2", "--save-record", str(record)]) == 0
    reader = subprocess.Popen(
        [sys.executable, "-m", "kingofny", "replay", str(record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert reader.stdout is not None
    assert reader.stderr is not None
    reader.stdout.close()  # the reader is gone before the first line is written
    errors = reader.stderr.read()
    assert reader.wait(timeout=60) == 0, errors
    assert "Broken pipe" not in errors
    assert "error" not in errors


def test_the_report_help_writes_percent_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A description is not %-formatted by argparse: ``95%%`` showed as written."""
    assert main(["report", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Wilson 95% intervals" in out
    assert "%%" not in out


def test_a_save_of_kingofny_play_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: ``kingofny replay`` refused a save from ``kingofny play`` ("unknown format"),
    though the docs say a save replays exactly (docs/playing.rst). It replays the record the
    save holds, with the same log as the record alone."""
    from kingofny.play.session import Session

    session = Session.new(["heuristic", "heuristic"], seed=4)
    for _ in range(12):
        session.apply(session.bot_move())
    saved = tmp_path / "kingofny-game.json"
    session.save(saved)
    alone = tmp_path / "record.json"
    alone.write_text(serialize.to_json(session.record), encoding="utf-8")
    assert main(["replay", str(alone)]) == 0
    expected = capsys.readouterr().out
    assert expected.count("\n") > 5
    assert main(["replay", str(saved)]) == 0
    assert capsys.readouterr().out == expected


def test_typed_without_companion_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: ``--typed`` without ``--companion`` silently started companion mode; it is a
    usage error saying what to add."""
    assert main(["play", "--typed", "dice", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "--typed is for companion mode: add --companion" in err
