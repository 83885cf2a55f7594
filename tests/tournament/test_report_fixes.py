"""Issue 22 §5, report fixes: card lift labelled observational (table, plot), and a VP-race plot
whose x axis matches the game's turns, which marks the eliminated monsters, has whole VP ticks
and names the game it shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kingofny import RandomPlayer, simulate
from kingofny.tournament import format_report, load_results, report
from kingofny.tournament.report import CARD_LIFT_WARNING
from kingofny.tournament.results import GameRow

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "results-small.jsonl"


# -- card lift ----------------------------------------------------------------------------------


def test_the_card_table_says_card_lift_is_observational() -> None:
    """Issue 22 §5: a one-line warning over the card-lift table, pointing to the causal study."""
    text = format_report(report(load_results(SMALL), ratings=False), min_bought=1)
    lines = text.splitlines()
    note = lines.index(f"note: {CARD_LIFT_WARNING}")
    assert lines[note + 1].split()[:2] == ["card", "bought"]  # right above the table
    assert "observational" in CARD_LIFT_WARNING
    assert "not card strength" in CARD_LIFT_WARNING
    assert "causal card study" in CARD_LIFT_WARNING
    assert "What wins King of New York" in CARD_LIFT_WARNING
    assert "\n" not in CARD_LIFT_WARNING


def test_no_card_table_no_warning() -> None:
    """Issue 22 §5: the warning goes with the table, not with a report that shows no card."""
    text = format_report(report(load_results(SMALL), ratings=False))  # none bought 5 times
    assert "no card bought 5 times or more" in text
    assert CARD_LIFT_WARNING not in text


# -- plots: what each figure holds when it is saved ---------------------------------------------


@pytest.fixture
def saved(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The figures :func:`write_plots` saves, by file name, captured as they are saved."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    figures: dict[str, Any] = {}
    save = Figure.savefig

    def recording(self: Figure, path: Any, *args: Any, **kwargs: Any) -> None:
        self.canvas.draw()  # lay out the ticks as they are saved
        ax: Any = self.axes[0]
        legend = ax.get_legend()
        figures[Path(path).name] = {
            "title": ax.get_title(),
            "texts": [t.get_text() for t in self.texts],
            "xticks": list(ax.get_xticks()),
            "xlabels": [t.get_text() for t in ax.get_xticklabels()],
            "xlabel": ax.get_xlabel(),
            "yticks": list(ax.get_yticks()),
            "lines": [
                (list(line.get_xdata()), list(line.get_ydata()), line.get_marker())
                for line in ax.get_lines()
            ],
            "legend": [] if legend is None else [t.get_text() for t in legend.get_texts()],
        }
        save(self, path, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", recording)
    return figures


def test_the_card_lift_plot_says_card_lift_is_observational(
    tmp_path: Path, saved: dict[str, Any]
) -> None:
    """Issue 22 §5: the plot's title says observational, and its note is the table's warning."""
    from kingofny.tournament.plots import write_plots

    write_plots(load_results(SMALL), tmp_path, min_bought=1)
    lift = saved["card-lift.png"]
    assert "observational" in lift["title"]
    (note,) = lift["texts"]
    assert note.replace("\n", " ").rstrip(".").lower() == CARD_LIFT_WARNING.lower()


MANIFEST = SMALL.read_text(encoding="utf-8").splitlines()[0]


def _row(**fields: object) -> str:
    row: dict[str, object] = {
        "index": 0,
        "game_seed": 1,
        "player_seeds": [2, 3],
        "seats": [0, 1],
        "monsters": ["base:kong", "base:mantis"],
        "winners": [0],
        "status": "finished",
        "turns": 4,
        "decisions": 40,
        "decisions_by_seat": [20, 20],
        "faults": [],
        "forfeited": [],
        "cards": [[], []],
        "final_vp": [3, 1],
        "final_life": [6, 5],
        "vp_by_turn": [[0, 0], [0, 0], [1, 0], [2, 1], [3, 1], [3, 1]],
    }
    row.update(fields)
    return json.dumps(row)


def _results(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join([MANIFEST, *rows]) + "\n", encoding="utf-8")
    return path


def test_a_played_row_has_one_vp_entry_per_turn_plus_setup_and_end(tmp_path: Path) -> None:
    """Issue 22 §5 ("the row has 43 entries for 41 turns"): the runner takes the VP at the first
    decision of every turn, setup (turn 0) included, then once more at the end: turns + 2
    entries, which the plot's x axis relies on. Setup scores nothing."""
    out = tmp_path / "r.jsonl"
    simulate([RandomPlayer, RandomPlayer, RandomPlayer], 6, seed=22, output=out)
    for row in load_results(out):
        assert len(row.vp_by_turn) == row.turns + 2
        assert row.vp_by_turn[0] == row.vp_by_turn[1] == (0, 0, 0)
        assert row.vp_by_turn[-1] == row.final_vp


def test_the_race_positions_label_setup_and_end() -> None:
    """Issue 22 §5: entry k is turn k, the first is setup and the last the end of the game; a row
    of another shape is drawn entry by entry, and its axis says so."""
    pytest.importorskip("matplotlib")
    from kingofny.tournament.plots import race_positions

    (row,) = load_results_rows(_row())
    xs, named, label = race_positions(row)
    assert xs == [0, 1, 2, 3, 4, 5]
    assert named == {0: "setup", 5: "end"}
    assert label.startswith("turn")
    (odd,) = load_results_rows(_row(vp_by_turn=[[0, 0], [3, 1]]))
    xs, named, label = race_positions(odd)
    assert (xs, named) == ([0, 1], {})
    assert "2 entries for 4 turns" in label


def load_results_rows(*rows: str) -> list[GameRow]:
    from kingofny.tournament.results import row_from_dict

    return [row_from_dict(json.loads(r)) for r in rows]


def test_the_vp_race_axis_matches_the_turns(tmp_path: Path, saved: dict[str, Any]) -> None:
    """Issue 22 §5: a game of 4 turns has its VP drawn at setup, turns 1 to 4 and the end; the
    ticks say so; the VP ticks are whole numbers even over a range of 3 VP (where matplotlib
    would tick every half point)."""
    from kingofny.tournament.plots import write_plots

    write_plots(load_results(_results(tmp_path, _row())), tmp_path / "plots")
    race = saved["vp-race.png"]
    steps = [line for line in race["lines"] if line[2] in ("None", "", None)]
    seat0 = steps[0]
    assert seat0[0] == [0, 1, 2, 3, 4, 5]
    assert seat0[1] == [0, 0, 1, 2, 3, 3]
    shown = dict(zip(race["xticks"], race["xlabels"]))
    assert shown[0] == "setup"
    assert shown[5] == "end"
    assert all(label in ("setup", "end") or label == f"{x:.0f}" for x, label in shown.items())
    assert race["yticks"]
    assert all(float(y).is_integer() for y in race["yticks"])
    assert race["xlabel"].startswith("turn")


def test_the_vp_race_marks_the_eliminated_monsters(tmp_path: Path, saved: dict[str, Any]) -> None:
    """Issue 22 §5: an eliminated monster's line ends in an ✕ (marker ``X``) and the legend
    says it was eliminated; a monster alive at the end has no mark."""
    from kingofny.tournament.plots import write_plots

    row = _row(final_life=[7, 0])
    write_plots(load_results(_results(tmp_path, row)), tmp_path / "plots")
    race = saved["vp-race.png"]
    marks = [line for line in race["lines"] if line[2] == "X"]
    assert [(xs, ys) for xs, ys, _ in marks] == [([5], [1])]  # seat 1, at the end of its line
    legend = race["legend"]
    assert next(t for t in legend if t.startswith("seat 1")).endswith(", eliminated")
    assert not next(t for t in legend if t.startswith("seat 0")).endswith("eliminated")
    assert any(t.startswith("eliminated") for t in legend)


def test_no_mark_when_nobody_is_eliminated(tmp_path: Path, saved: dict[str, Any]) -> None:
    """Issue 22 §5: no ✕ and no legend entry for eliminations in a game without any."""
    from kingofny.tournament.plots import write_plots

    write_plots(load_results(_results(tmp_path, _row())), tmp_path / "plots")
    race = saved["vp-race.png"]
    assert not [line for line in race["lines"] if line[2] == "X"]
    assert not [t for t in race["legend"] if "eliminated" in t]


def test_the_vp_race_title_names_the_game(tmp_path: Path, saved: dict[str, Any]) -> None:
    """Issue 22 §5: the title gives the game's index and seed (the longest finished game)."""
    from kingofny.tournament.plots import write_plots

    rows = (
        _row(),
        _row(index=1, game_seed=987654321, turns=5, vp_by_turn=[[0, 0]] * 7),
        _row(index=2, game_seed=5, turns=9, status="aborted", winners=None),
    )
    write_plots(load_results(_results(tmp_path, *rows)), tmp_path / "plots")
    title = saved["vp-race.png"]["title"]
    assert "game 1 " in title
    assert "seed 987654321" in title
    assert "longest finished" in title
    assert "5 turns" in title


# -- found on the way: the win-rate plot of an entrant that never won ---------------------------


@pytest.mark.parametrize("games", range(1, 60))
def test_the_wilson_bounds_hold_the_rate_at_the_edges(games: int) -> None:
    """Issue 22 §5 (found while testing the plots): for 0 wins in 3 games the lower bound came
    out 5.6e-17, above the rate 0, and the win-rate plot refused the negative error bar."""
    from kingofny.tournament import wilson_interval

    assert wilson_interval(0, games)[0] == 0.0
    assert wilson_interval(games, games)[1] == 1.0
    for wins in range(games + 1):
        low, high = wilson_interval(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0


def test_the_plots_of_an_entrant_that_never_won(tmp_path: Path) -> None:
    """Issue 22 §5 (found on the way): three games won by seat 0 alone plot without error."""
    pytest.importorskip("matplotlib")
    from kingofny.tournament.plots import PLOTS, write_plots

    rows = [_row(index=i) for i in range(3)]
    paths = write_plots(load_results(_results(tmp_path, *rows)), tmp_path / "plots")
    assert [p.name for p in paths] == list(PLOTS)
