"""The report (issue 11) against a small results file computed by hand: ``tests/fixtures/
results-small.jsonl``, four games between ``alpha`` and ``beta``:

====  =====  ================  ========  =======  =====================
game  seats  monsters          winners   turns    cards bought
====  =====  ================  ========  =======  =====================
0     a, b   kong, mantis      seat 0    10       a: base:a; b: base:b
1     b, a   mantis, kong      seat 1    14       seat 0 (b): a, b
2     a, b   kong, mantis      both      12       seat 1 (b): base:a
3     b, a   kong, mantis      aborted   2        (alpha's fault)
====  =====  ================  ========  =======  =====================

So alpha won games 0, 1, 2 (3 of 4) and beta game 2 (1 of 4); seat 0 won games 0 and 2 and
seat 1 games 1 and 2 (2 of 4 each); kong won games 0, 1 (seat 1) and 2 (3 of 4), mantis game 2
(1 of 4). Of the 8 seat-games, 4 were won. base:a was bought in 3 seat-games, 2 of them won
(2/3), against 2 wins in the other 5 (2/5): lift +4/15. base:b was bought in 2 seat-games, none
won, against 4 of the other 6: lift -2/3. The finished games lasted 10, 14 and 12 turns (mean and
median 12) and took 50, 70 and 60 decisions (mean 60).

The Wilson 95% intervals, worked out by hand from the formula: 3/4 gives (0.3006, 0.9544),
1/4 (0.0456, 0.6994), 2/4 (0.1500, 0.8500), 5/40 (0.0546, 0.2611).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingofny.cli import main
from kingofny.tournament import ResultsError, format_report, load_results, report, wilson_interval
from kingofny.tournament.report import Report

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "results-small.jsonl"


@pytest.fixture(scope="module")
def rep() -> Report:
    return report(load_results(SMALL), ratings=False)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(5, 40, 0.0546, 0.2611), (3, 4, 0.3006, 0.9544), (1, 4, 0.0456, 0.6994), (2, 4, 0.15, 0.85)],
)
def test_wilson_interval_matches_known_values(
    wins: int, games: int, low: float, high: float
) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=5e-5)


def test_win_rates_per_entrant_monster_and_seat(rep: Report) -> None:
    assert rep.games == 4
    table = {r.label: (r.wins, r.games) for r in (*rep.entrants, *rep.monsters, *rep.seats)}
    assert table == {
        "alpha": (3, 4),
        "beta": (1, 4),
        "base:kong": (3, 4),
        "base:mantis": (1, 4),
        "seat 0": (2, 4),
        "seat 1": (2, 4),
    }
    alpha = rep.entrants[0]
    assert alpha.rate == 0.75
    assert (alpha.low, alpha.high) == pytest.approx((0.3006, 0.9544), abs=5e-5)


def test_game_length_and_faults(rep: Report) -> None:
    n = rep.length
    assert (n.games, n.finished, n.aborted, n.abandoned) == (4, 3, 1, 0)
    assert (n.mean_turns, n.median_turns, n.min_turns, n.max_turns) == (12.0, 12.0, 10, 14)
    assert n.mean_decisions == 60.0
    assert [(f.label, f.faults, f.games) for f in rep.faults] == [("alpha", 1, 1), ("beta", 0, 0)]


def test_card_lift(rep: Report) -> None:
    a, b = rep.cards
    assert (a.card, a.buyers, a.buyer_wins, a.others, a.other_wins) == ("base:a", 3, 2, 5, 2)
    assert a.lift == pytest.approx(2 / 3 - 2 / 5)
    assert (b.card, b.buyers, b.buyer_wins, b.others, b.other_wins) == ("base:b", 2, 0, 6, 4)
    assert b.lift == pytest.approx(-2 / 3)


def test_the_table_and_the_json(rep: Report, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no card bought 5 times or more" in format_report(rep)
    text = format_report(rep, min_bought=1)
    assert "alpha" in text
    assert "75.0%" in text
    assert "30.1%-95.4%" in text
    assert "+26.7 pts" in text
    assert main(["report", str(SMALL), "--json", "--no-ratings"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["entrants"][0] == {
        "label": "alpha",
        "games": 4,
        "wins": 3,
        "low": pytest.approx(0.3006, abs=5e-5),
        "high": pytest.approx(0.9544, abs=5e-5),
        "rate": 0.75,
    }
    assert data["length"]["mean_turns"] == 12.0
    assert data["ratings"] is None
    assert main(["report", str(SMALL), "--no-ratings", "--min-bought", "2"]) == 0
    assert "Kong" in capsys.readouterr().out


def test_repeated_labels_are_numbered() -> None:
    from kingofny.tournament.report import unique_labels

    assert unique_labels(["h", "r", "r"]) == ("h", "r #1", "r #2")


def test_ratings_with_openskill() -> None:
    pytest.importorskip("openskill")
    ratings = report(load_results(SMALL)).ratings
    assert ratings is not None
    best, worst = ratings
    assert (best.label, worst.label) == ("alpha", "beta")
    assert best.ordinal == pytest.approx(best.mu - 3 * best.sigma)
    assert best.mu > 25 > worst.mu


def test_a_shared_win_is_a_tie_in_the_ratings() -> None:
    pytest.importorskip("openskill")
    rows = [r for r in load_results(SMALL) if r.index == 2]  # the shared win alone
    a, b = report(rows, ["alpha", "beta"]).ratings or ()
    assert a.mu == pytest.approx(b.mu)
    assert a.sigma == pytest.approx(b.sigma)


@pytest.mark.parametrize(
    ("mangle", "where"),
    [
        (lambda lines: lines[:1] + ["{nope"], ":2"),
        (lambda lines: [lines[0].replace("kingofny.results", "other")], ":1 $.kind"),
        (
            lambda lines: [lines[0], lines[1].replace('"winners":[0]', '"winners":[5]')],
            "$.winners[0]",
        ),
        (lambda lines: [lines[0], lines[2]], ":2 $.index"),
        (lambda lines: [lines[0], lines[1].replace('"turns":10', '"turns":"10"')], "$.turns"),
        (
            lambda lines: [lines[0], lines[1].replace('"status":"finished"', '"status":"aborted"')],
            "$.winners",
        ),
    ],
)
def test_a_bad_results_file_raises_a_typed_error_naming_the_place(
    tmp_path: Path, mangle: object, where: str
) -> None:
    lines = SMALL.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(mangle(lines)) + "\n", encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(ResultsError) as caught:
        load_results(path)
    assert where in caught.value.path


def test_a_partial_last_line_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_bytes(SMALL.read_bytes()[:-40])
    assert len(load_results(path)) == 3


def test_report_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing.jsonl")]) == 2
    (tmp_path / "x.jsonl").write_text("[]\n", encoding="utf-8")
    assert main(["report", str(tmp_path / "x.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err
    assert "expected an object" in err


def _with_real_cards(tmp_path: Path) -> Path:
    """The small results file with cards that exist: base:a is Fireball, base:b Stomp."""
    text = SMALL.read_text(encoding="utf-8")
    path = tmp_path / "results.jsonl"
    path.write_text(
        text.replace('"base:a"', '"base:fireball"').replace('"base:b"', '"base:stomp"'),
        encoding="utf-8",
    )
    return path


def test_the_table_names_monsters_and_cards_and_the_json_keeps_the_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kingofny report`` shows the printed names (``Kong``, ``Fireball``) where people expect
    them; ``--json`` keeps the ids and adds the names (review)."""
    path = _with_real_cards(tmp_path)
    assert main(["report", str(path), "--no-ratings", "--min-bought", "1"]) == 0
    text = capsys.readouterr().out
    assert "base:" not in text
    rows = {line.split()[0] for line in text.splitlines() if line.strip()}
    assert {"Kong", "Mantis", "Fireball", "Stomp"} <= rows
    assert main(["report", str(path), "--json", "--no-ratings"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["label"], m["name"]) for m in data["monsters"]] == [
        ("base:kong", "Kong"),
        ("base:mantis", "Mantis"),
    ]
    assert [(c["card"], c["name"]) for c in data["cards"]] == [
        ("base:fireball", "Fireball"),
        ("base:stomp", "Stomp"),
    ]


def test_an_id_no_pack_knows_is_shown_as_it_is(rep: Report) -> None:
    text = format_report(rep, min_bought=1)
    assert "base:a" in text  # no installed card: its id
    assert "Kong" in text
    cards = rep.to_dict()["cards"]
    assert isinstance(cards, list)
    assert cards[0]["name"] == "base:a"
