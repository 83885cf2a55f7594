"""Tests of :mod:`kingofny.review` and of ``kingofny review`` (issue 21, §3 *a coach for any
game*, and §4: "the review of a hand-made record, where a deliberately bad move [...] is ranked
among the costliest").

The hand-made record is played through the public API in explicit-chance mode (``new_game``
without a seed, ``legal_actions``, ``apply_recorded``), the outcomes chosen by the test: Kong
(seat 0) rolls nothing but Energy, the other monsters nothing but Heal (nobody attacks, so
nothing but the market matters), and the market shows cards nobody wants until Kong, with 20
Energy, sweeps it (rules, *Buy Cards*: "pay 2 Energy to discard the three face-up cards and
reveal three new ones") and three VP cards come up: The Unisphere (5 Energy, +4 VP), Brooklyn
Bridge (6, +4 VP) and Coney Island (4, +3 VP), 11 VP for 15 of Kong's 18 Energy when 20 VP wins
the game (rules, *Victory*). Kong then ends its buying without a card: the deliberately bad
move.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import kingofny as k
from kingofny.cli import main
from kingofny.errors import KingOfNYError
from kingofny.review import (
    REVIEW_FORMAT,
    REVIEW_SCHEMA,
    GameReview,
    LoadedRecord,
    ReviewError,
    load_record,
    review_from_dict,
    review_from_json,
    review_game,
)
from kingofny.tournament.results import RESULTS_KIND

MONSTERS = ["kong", "mantis", "drakonis", "captain-fish"]
JUNK = (  # cards the heuristic bots never buy (HeuristicPlayer.card_value below 0)
    "base:next-stage",
    "base:power-substation",
    "base:natural-selection",
    "base:new-york-marathon",
)
GOOD = ("base:the-unisphere", "base:brooklyn-bridge", "base:coney-island")
LAST_TURN = 12


def _dice(state: k.GameState, faces: str) -> k.Outcome:
    want = k.Dice.parse(faces)
    return next(
        o for o, _ in k.chance_outcomes(state) if isinstance(o, k.DiceRoll) and o.dice == want
    )


def _card(state: k.GameState, rng: random.Random, wanted: tuple[str, ...]) -> k.Outcome:
    offered = {o.card: o for o, _ in k.chance_outcomes(state) if isinstance(o, k.CardDraw)}
    for card in wanted:
        if card in offered:
            return offered[card]
    return k.sample_outcome(state, rng)


@attrs.frozen
class Scenario:
    record: k.GameRecord
    blunder: int | None
    """The index of Kong's End buying among the record's events (None if Kong bought)."""


def _build(blunder: bool) -> Scenario:
    """The hand-made game of the module docstring, played to the start of turn
    ``LAST_TURN + 1``; with ``blunder``, Kong ends its buying after the sweep, else the heuristic
    buys for it."""
    record, state = k.start_record(k.new_game(MONSTERS).config)
    rng = random.Random(5)
    bots = [k.HeuristicPlayer(seat) for seat in range(len(MONSTERS))]
    swept = False
    bad: int | None = None
    while not state.is_terminal and state.turn.number <= LAST_TURN:
        pending = k.waiting_for(state)
        assert pending is not None
        move: k.Action | k.Outcome
        if state.is_chance:
            if pending.kind is k.PendingKind.ROLL_OFF:  # Kong plays first
                move = _dice(state, ("A" if pending.seat == 0 else "E") * 8)
            elif pending.kind is k.PendingKind.DICE_ROLL:
                size = next(iter(k.chance_outcomes(state)))[0].dice.total  # type: ignore[attr-defined]
                move = _dice(state, ("E" if state.turn.seat == 0 else "H") * size)
            elif pending.kind is k.PendingKind.CARD_REVEAL:
                move = _card(state, rng, GOOD if swept else JUNK)
            else:
                move = k.sample_outcome(state, rng)
        else:
            legal = k.legal_actions(state)
            seat = state.current_player
            assert seat is not None
            move = bots[seat].choose(state, legal)
            if pending.kind is k.PendingKind.SHOP and seat == 0:
                energy = state.monsters[0].energy
                if not swept and energy >= 20:
                    move = next(a for a in legal if isinstance(a, k.Sweep))
                    swept = True
                elif (swept and blunder and bad is None) or not swept:
                    move = k.EndBuying()
                    if swept:
                        assert energy == 18
                        assert {state.market[a.slot] for a in legal if isinstance(a, k.Buy)} == set(
                            GOOD
                        )
                        bad = len(record.events)
        record, state = k.apply_recorded(record, state, move)
    assert swept, "the scenario no longer reaches the sweep: adjust it to the engine"
    return Scenario(record, bad)


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return _build(blunder=True)


@pytest.fixture(scope="module")
def review(scenario: Scenario) -> GameReview:
    return review_game(scenario.record, seats=[0], top=3, samples=4)


# -- the costliest decisions --------------------------------------------------------------------


def test_the_deliberate_blunder_is_among_the_costliest(
    scenario: Scenario, review: GameReview
) -> None:
    """Issue 21 §4: buying nothing with about 20 Energy and good cards on offer is ranked among
    the costliest decisions of that seat (here the top 3 of Kong's)."""
    (kong,) = review.seats
    assert kong.seat == 0
    assert kong.monster == "Kong"
    ranked = [d.event for d in kong.costliest]
    assert scenario.blunder in ranked, [(d.event, d.chosen.words, d.loss) for d in kong.costliest]
    worst = next(d for d in kong.costliest if d.event == scenario.blunder)
    assert worst.kind == "shop"
    assert worst.chosen.action == str(k.EndBuying())
    assert worst.best.action.startswith("buy ")  # buying one of the three VP cards
    assert worst.loss >= 0.10  # ten points of win probability or more


def test_sound_play_in_the_same_spot_costs_little(scenario: Scenario, review: GameReview) -> None:
    """The other side of the same test: when the heuristic buys the VP cards in that spot
    instead, none of those buying decisions costs half as much as the blunder did. (Without
    it, a review that ranks every shop decision high would pass the test above.) The sweep
    before them is scripted in both games, so it is not what is compared."""
    control = _build(blunder=False)
    assert control.blunder is None
    checked = review_game(control.record, seats=[0], top=50, samples=4)
    events = control.record.events
    swept = next(i for i, e in enumerate(events) if e.seat == 0 and isinstance(e.move, k.Sweep))
    assert any(e.seat == 0 and isinstance(e.move, k.Buy) for e in events[swept:])  # it bought
    blunder = next(d for d in review.seats[0].costliest if d.event == scenario.blunder)
    shop_losses = [
        d.loss
        for d in checked.seats[0].costliest
        if d.kind == "shop" and d.turn == blunder.turn and d.event > swept
    ]
    assert all(loss < blunder.loss / 2 for loss in shop_losses), shop_losses


def test_only_the_chosen_seats_are_assessed(scenario: Scenario, review: GameReview) -> None:
    """``seats``: the decisions of the other seats are not valued (issue 21 §3, "for each seat,
    or for the human seats only")."""
    assert [s.seat for s in review.seats] == [0]
    assert all(d.seat == 0 for d in review.costliest)
    decisions = [e for e in scenario.record.events if e.seat == 0]
    assert 0 < review.seats[0].assessed <= len(decisions)


def test_a_costly_decision_says_where_what_and_how_much(review: GameReview) -> None:
    """Issue 21 §3: "Show the position, what was chosen, what was better, and by how much"."""
    for d in review.costliest:
        assert d.asked.startswith("Kong: ")
        assert d.loss == pytest.approx(d.best.value - d.chosen.value)
        assert d.loss > 0
        assert d.alternatives[0] == d.best
        assert d.chosen in d.alternatives
        assert [a.value for a in d.alternatives] == sorted(
            (a.value for a in d.alternatives), reverse=True
        )
        assert 0.0 <= d.chosen.value <= 1.0
        assert 0.0 <= d.best.value <= 1.0


# -- the win-probability curve ------------------------------------------------------------------


def test_a_point_after_every_decision(scenario: Scenario, review: GameReview) -> None:
    """Issue 21 §3: "the win probability of every monster after every decision"; the shares
    are the evaluation's, which sum to 1 (kingofny.players.Evaluation.values)."""
    decisions = [i for i, e in enumerate(scenario.record.events) if e.seat is not None]
    after = [p.event for p in review.points if p.seat is not None]
    assert after == decisions
    assert review.points[0].event is None
    assert review.points[0].seat is None
    for point in review.points:
        assert len(point.win) == len(MONSTERS)
        assert sum(point.win) == pytest.approx(1.0)
    start = k.new_game(MONSTERS)
    assert review.points[0].win == k.players.LearnedEvaluation().values(start)


def test_the_blunder_shows_on_the_curve(scenario: Scenario, review: GameReview) -> None:
    """Kong gains 11 VP in the control game's turn 9 and none in the blunder's: Kong's curve
    after turn 9 stands lower in the review of the blunder (the evaluation weighs VP, see
    kingofny.players.Evaluation)."""
    control = review_game(_build(blunder=False).record, seats=[], samples=1)
    assert dict(review.by_turn())[9][0] < dict(control.by_turn())[9][0] - 0.1


def test_the_same_review_twice(scenario: Scenario, review: GameReview) -> None:
    """The rollouts are seeded (``seed``): the same record and arguments, the same review."""
    assert review_game(scenario.record, seats=[0], top=3, samples=4) == review


def test_search_gives_the_curve_from_rollouts(scenario: Scenario) -> None:
    """``search=True``: every point from rollouts of the position (issue 21 §3, "or a short
    search"), still shares of the win; the first point differs from the evaluation's."""
    searched = review_game(scenario.record, seats=[], samples=2, search=True)
    static = review_game(scenario.record, seats=[], samples=2)
    assert len(searched.points) == len(static.points)
    assert all(sum(p.win) == pytest.approx(1.0) for p in searched.points)
    assert searched.points[0].win != static.points[0].win


def test_a_budget_bounds_the_work(scenario: Scenario) -> None:
    """``budget=0``: no rollout at all, every decision of the reviewed seat is skipped and
    the curve is still there."""
    cheap = review_game(scenario.record, seats=[0], budget=0)
    assert cheap.seats[0].assessed == 0
    assert cheap.skipped > 0
    assert cheap.costliest == ()
    assert len(cheap.points) > 1


# -- JSON ---------------------------------------------------------------------------------------


def test_json_round_trip(review: GameReview) -> None:
    """Issue 21 §3, "--json output, so that notebooks and the web app's review screen can use
    it": the JSON reads back to the same review, in a versioned envelope like the package's
    other documents (DESIGN, Contract 8)."""
    text = review.to_json()
    document = json.loads(text)
    assert document["format"] == REVIEW_FORMAT
    assert document["schema_version"] == REVIEW_SCHEMA
    assert document["kingofny_version"] == k.__version__
    assert review_from_json(text) == review
    assert review_from_dict(document) == review
    seat = document["data"]["seats"][0]
    assert seat["costliest"][0]["loss"] == review.seats[0].costliest[0].loss


def test_json_of_another_version_or_shape_is_refused(review: GameReview) -> None:
    """A review of another schema version is a SchemaVersionError; a broken one names the JSON
    path of the problem (DESIGN, Contract 8)."""
    document = review.to_dict()
    with pytest.raises(k.SchemaVersionError):
        review_from_dict({**document, "schema_version": REVIEW_SCHEMA + 1})
    broken = json.loads(review.to_json())
    broken["data"]["points"][1]["win"][0] = "high"
    with pytest.raises(k.SerializationError, match=r"\$\.data\.points\[1\]\.win\[0\]"):
        review_from_dict(broken)
    with pytest.raises(k.SerializationError, match="format"):
        review_from_dict({**document, "format": k.RECORD_FORMAT})
    with pytest.raises(k.SerializationError):
        review_from_json("{not json")


# -- reading records ----------------------------------------------------------------------------


def test_load_record_reads_a_plain_record(scenario: Scenario) -> None:
    loaded = load_record(k.to_json(scenario.record))
    assert loaded.record == scenario.record
    assert loaded.players is None
    assert loaded.human_seats is None


def test_load_record_reads_a_play_save_and_its_human_seats(scenario: Scenario) -> None:
    """A ``kingofny play`` save names its players (kingofny.play.session.Session.to_json), so
    ``seats="human"`` reviews the people only (issue 21 §3, "for the human seats only")."""
    from kingofny.play.session import Session

    players = ["human", "heuristic", "heuristic", "heuristic"]
    save = Session(players, scenario.record, k.replay(scenario.record)).to_json()
    loaded = load_record(save)
    assert loaded.record == scenario.record
    assert loaded.human_seats == (0,)
    humans = review_game(loaded, seats="human", budget=0)
    assert [s.seat for s in humans.seats] == [0]
    with pytest.raises(k.ArgumentError, match="human"):
        review_game(scenario.record, seats="human")


def _corrupted(record: k.GameRecord) -> str:
    """The record's JSON with its first reroll asking for dice that are not showing."""
    document = json.loads(k.to_json(record))
    for event in document["data"]["events"]:
        if event.get("action", {}).get("type") == "reroll":
            event["action"]["dice"] = "OOOOOO"
            return json.dumps(document)
    raise AssertionError("no reroll in the record")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda r: "{not json", "not JSON"),
        (lambda r: k.to_json(k.replay(r)), "a game state, not a game record"),
        (lambda r: json.dumps({"kind": RESULTS_KIND, "schema": 1}) + "\n{}\n", "results file"),
        (lambda r: json.dumps([1, 2, 3]), "not a kingofny game record"),
        (
            lambda r: json.dumps({**json.loads(k.to_json(r)), "schema_version": 99}),
            "another format version",
        ),
        (_corrupted, "corrupted record that does not replay"),
    ],
)
def test_bad_input_is_a_review_error(
    scenario: Scenario, make: Callable[[k.GameRecord], str], message: str
) -> None:
    """Bad input is a typed error, a subclass of the package's base error (DESIGN, Contract 3
    and 8; errors.py: "every error the package raises on bad input derives from
    KingOfNYError")."""
    with pytest.raises(ReviewError, match=message) as caught:
        load_record(make(scenario.record))
    assert isinstance(caught.value, KingOfNYError)


def test_a_record_that_does_not_replay_is_a_review_error(scenario: Scenario) -> None:
    """A GameRecord built without the replay check (record_from_json(replay_check=False)) is
    refused by the review itself, naming the event."""
    record = k.record_from_json(_corrupted(scenario.record), replay_check=False)
    with pytest.raises(ReviewError, match="event"):
        review_game(record)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"seats": [4]}, "seats"),
        ({"seats": "all"}, "seats"),
        ({"top": -1}, "top"),
        ({"samples": 0}, "samples"),
        ({"horizon": "game"}, "horizon"),
        ({"max_actions": 1}, "max_actions"),
        ({"budget": -1}, "budget"),
        ({"seed": 1.5}, "seed"),
        ({"evaluation": "strong"}, "evaluation"),
    ],
)
def test_bad_arguments_are_argument_errors(
    scenario: Scenario, kwargs: dict[str, object], field: str
) -> None:
    with pytest.raises(k.ArgumentError, match=field):
        review_game(scenario.record, **kwargs)  # type: ignore[arg-type]


def test_a_loaded_record_is_reviewed_like_its_record(scenario: Scenario) -> None:
    loaded = LoadedRecord(scenario.record)
    assert review_game(loaded, seats=[1], budget=0) == review_game(
        scenario.record, seats=[1], budget=0
    )


# -- the command --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_file(scenario: Scenario, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.json"
    path.write_text(k.to_json(scenario.record), encoding="utf-8")
    return path


def test_cli_prints_the_table_and_the_costliest(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kingofny review RECORD``: a row per turn with each monster's win probability (%),
    then the costliest decisions with what was chosen and what was better (issue 21 §3)."""
    assert main(["review", str(record_file), "--seats", "0", "--samples", "4"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("turn "))
    assert lines[header].split() == ["turn", "Kong", "Mantis", "Drakonis", "Captain", "Fish"]
    rows = [line.split() for line in lines[header + 1 :] if line[:4].strip().isdigit()]
    assert [int(row[0]) for row in rows] == list(range(LAST_TURN + 2))[: len(rows)]
    assert all(len(row) == 5 and all(c.isdigit() for c in row) for row in rows)
    assert "Kong (seat 0):" in out
    assert "chose:  end buying" in out
    assert "better: buy " in out


def test_cli_json_is_the_review(
    record_file: Path, capsys: pytest.CaptureFixture[str], review: GameReview
) -> None:
    assert main(["review", str(record_file), "--seats", "0", "--samples", "4", "--json"]) == 0
    printed = review_from_json(capsys.readouterr().out)
    assert printed == review


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert "Traceback" not in out
    assert err.startswith("kingofny: error: "), err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, [], "no such file"),
        ("{not json", [], "not JSON"),
        ("STATE", [], "game state"),
        ("CORRUPT", [], "does not replay"),
        ("RECORD", ["--seats", "human"], "--seats human"),
        ("RECORD", ["--seats", "zero"], "--seats"),
        ("RECORD", ["--seats", ","], "--seats"),
        ("RECORD", ["--seats", "9"], "seats"),
        ("RECORD", ["--samples", "0"], "samples"),
    ],
)
def test_cli_bad_input_exits_2_without_a_traceback(
    scenario: Scenario,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    args: list[str],
    message: str,
) -> None:
    """Bad input: one line on stderr and exit status 2, like the other commands
    (kingofny.cli.EXIT_ERROR; issue 7 §3: never a traceback)."""
    path = tmp_path / "input.json"
    texts = {
        "STATE": k.to_json(k.replay(scenario.record)),
        "CORRUPT": _corrupted(scenario.record),
        "RECORD": k.to_json(scenario.record),
    }
    if content is not None:
        path.write_text(texts.get(content, content), encoding="utf-8")
    assert main(["review", str(path), "--budget", "0", *args]) == 2
    err = _error(capsys)
    assert message in err
    assert err.count(str(path)) <= 1, "the file is named once"


def test_cli_plot_writes_a_png(
    record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--plot FILE.png`` (issue 21 §3: "plot it (PNG, with the stats extra)")."""
    pytest.importorskip("matplotlib")
    target = tmp_path / "curves.png"
    assert main(["review", str(record_file), "--budget", "0", "--plot", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"plot written to {target}" in capsys.readouterr().out


def test_cli_plot_without_matplotlib_is_a_clear_error(
    record_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the stats extra, --plot says what to install (as ``kingofny report --plot``
    does, kingofny.tournament.plots.write_plots) and exits 2."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    target = tmp_path / "curves.png"
    assert main(["review", str(record_file), "--budget", "0", "--plot", str(target)]) == 2
    assert "pip install 'kingofny[stats]'" in _error(capsys)
    assert not target.exists()


def test_a_budget_is_paced_over_the_whole_game() -> None:
    """A budget that affords part of the review assesses decisions all through the game (it
    skips while ahead of its share of the budget), not only the first ones: the turns of the
    decisions found costly reach past the game's middle."""
    game = k.play_game([k.HeuristicPlayer(seat) for seat in range(4)], seed=7)
    assert game.record is not None
    full = review_game(game.record, seats=[0], samples=1, max_actions=2, top=100)
    paced = review_game(game.record, seats=[0], samples=1, max_actions=2, top=100, budget=800)
    assert 0 < paced.seats[0].assessed < full.seats[0].assessed
    assert paced.skipped > 0
    last_turn = max(point.turn for point in full.points)
    assert max(d.turn for d in paced.costliest) > last_turn / 2
