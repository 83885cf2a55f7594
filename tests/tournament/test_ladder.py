"""The ladder's rating fits on hand-made results (issue 22 §3): Bradley-Terry with known
answers, the pairwise matrix showing an intransitive cycle, the finishing order, and a tiny
real ladder that resumes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest

import kingofny as k
from kingofny.tournament.ladder import (
    finishing_ranks,
    format_ladder,
    ladder_report,
    read_ladder,
    run_ladder,
)
from kingofny.tournament.results import GameRow


def _row(
    index: int,
    winner: int | None,
    vp: Sequence[int],
    life: Sequence[int] | None = None,
) -> GameRow:
    """A finished game of ``len(vp)`` seats, entrant i in seat i."""
    n = len(vp)
    return GameRow(
        index=index,
        game_seed=index,
        player_seeds=(0,) * n,
        seats=tuple(range(n)),
        monsters=tuple(f"base:m{i}" for i in range(n)),
        winners=() if winner is None else (winner,),
        status="finished",
        turns=10,
        decisions=40,
        decisions_by_seat=(10,) * n,
        faults=(),
        forfeited=(),
        cards=((),) * n,
        final_vp=tuple(vp),
        final_life=tuple(life or (5,) * n),
        vp_by_turn=(tuple(vp),),
    )


def test_the_finishing_order_is_winners_then_the_living_by_vp_then_the_eliminated() -> None:
    """Issue 22 §3: seat 2 won; seat 0 (alive, 12 VP) is next; seat 3 (alive, 9 VP) third;
    seat 1 was eliminated with 15 VP, last; equal keys tie."""
    row = _row(0, 2, [12, 15, 20, 9], life=[3, 0, 4, 1])
    assert finishing_ranks(row) == (1, 3, 0, 2)
    assert finishing_ranks(_row(0, None, [5, 5], life=[0, 0])) == (0, 0)


def test_bradley_terry_recovers_known_odds() -> None:
    """Issue 22 §3: in 400 two-seat games where A finishes ahead of B 300 times, the fitted
    strengths have odds 3:1, 400 log10(3) = 190.8 Elo apart (the small prior moves it by less
    than 1); the bootstrap interval holds the estimate."""
    rows = [_row(i, 0 if i < 300 else 1, [20, 10] if i < 300 else [10, 20]) for i in range(400)]
    report = ladder_report([(("A", "B"), rows)], bootstrap=100, ratings=False)
    strengths = {s.label: s for s in report.bradley_terry}
    assert strengths["A"].value == 0.0
    assert strengths["B"].value == pytest.approx(-400 * math.log10(3), abs=1.0)
    assert strengths["B"].low < strengths["B"].value < strengths["B"].high
    assert report.win_rates == ((300, 400), (100, 400))


def test_an_intransitive_cycle_shows_in_the_matrix_and_rates_level() -> None:
    """Issue 22 §3: A beats B, B beats C, C beats A, each 2 games in 3 (three 2-seat tables):
    the matrix shows each share, and Bradley-Terry, which cannot cycle, rates all three level."""

    def table(first: str, second: str) -> tuple[tuple[str, str], list[GameRow]]:
        rows = [_row(i, 0 if i % 3 else 1, [20, 10] if i % 3 else [10, 20]) for i in range(300)]
        return (first, second), rows

    report = ladder_report([table("A", "B"), table("B", "C"), table("C", "A")], bootstrap=0)
    a, b, c = (report.labels.index(x) for x in "ABC")
    assert report.ahead[a][b] / report.met[a][b] == pytest.approx(2 / 3)
    assert report.ahead[b][c] / report.met[b][c] == pytest.approx(2 / 3)
    assert report.ahead[c][a] / report.met[c][a] == pytest.approx(2 / 3)
    assert all(abs(s.value) < 1.0 for s in report.bradley_terry)
    assert "Finished ahead" in format_ladder(report)


def test_plackett_luce_ranks_the_stronger_first() -> None:
    """With openskill: the bot that always finishes first of three is rated above the one that
    always finishes last, with disjoint intervals."""
    pytest.importorskip("openskill")
    rows = [_row(i, 0, [20, 10, 5]) for i in range(60)]
    report = ladder_report([(("A", "B", "C"), rows)], bootstrap=0)
    assert report.plackett_luce is not None
    best, _, worst = report.plackett_luce
    assert (best.label, worst.label) == ("A", "C")
    assert best.low > worst.high


def test_a_tiny_ladder_runs_reads_back_and_resumes(tmp_path: Path) -> None:
    """Issue 22 §3: every table of 2 from 3 bots, 4 paired games each, one results file per
    table; reading the directory gives the same report, and a resumed ladder plays nothing
    again."""
    bots = ["random", "heuristic", "heuristic:flee_life=3"]
    report = run_ladder(bots, 4, tmp_path, seed=3, seats=2)
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == [
        "table-00.jsonl",
        "table-01.jsonl",
        "table-02.jsonl",
    ]
    assert report.games == 12
    assert read_ladder(tmp_path).ahead == report.ahead
    before = {p: p.read_bytes() for p in tmp_path.glob("*.jsonl")}
    again = run_ladder(bots, 4, tmp_path, seed=3, seats=2, resume=True)
    assert {p: p.read_bytes() for p in tmp_path.glob("*.jsonl")} == before
    assert again.ahead == report.ahead


def test_a_resumed_ladder_must_be_the_same_ladder(tmp_path: Path) -> None:
    """Resuming with the bots in another order, another seed or more games per table is
    refused (the tables' files belong to another ladder), rather than crediting one bot's
    results to another."""
    run_ladder(["random", "heuristic"], 4, tmp_path, seed=1, seats=2)
    with pytest.raises(k.KingOfNYError):
        run_ladder(["heuristic", "random"], 4, tmp_path, seed=1, seats=2, resume=True)
    with pytest.raises(k.KingOfNYError):
        run_ladder(["random", "heuristic"], 4, tmp_path, seed=2, seats=2, resume=True)


def test_bad_ladders_are_argument_errors(tmp_path: Path) -> None:
    """Whole deals, at least two different bots."""
    with pytest.raises(k.ArgumentError, match="games"):
        run_ladder(["random", "heuristic"], 3, tmp_path, seed=1, seats=2)
    with pytest.raises(k.ArgumentError, match="bots"):
        run_ladder(["random", "random"], 4, tmp_path, seed=1, seats=2)
