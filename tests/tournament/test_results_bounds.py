"""Review: ``kingofny report`` crashed with OverflowError on a row holding a 400-digit integer.
Every number of a results row is bounded when it is read: a ResultsError names the line and
the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingofny.cli import main
from kingofny.tournament import ResultsError, load_results, report
from kingofny.tournament.results import MAX_INT

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "results-small.jsonl"
HUGE = 10**400


def _with(tmp_path: Path, change: dict[str, object], line: int = 1) -> Path:
    lines = SMALL.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[line])
    for key, value in change.items():
        row[key] = value
    lines[line] = json.dumps(row)
    path = tmp_path / "huge.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


FIELDS = [
    ({"turns": HUGE}, "$.turns"),
    ({"decisions": HUGE}, "$.decisions"),
    ({"index": HUGE}, "$.index"),
    ({"game_seed": -HUGE}, "$.game_seed"),
    ({"player_seeds": [HUGE, 1]}, "$.player_seeds[0]"),
    ({"final_vp": [0, HUGE]}, "$.final_vp[1]"),
    ({"final_life": [-HUGE, 0]}, "$.final_life[0]"),
    ({"decisions_by_seat": [HUGE, 0]}, "$.decisions_by_seat[0]"),
    ({"vp_by_turn": [[0, 0], [HUGE, 0]]}, "$.vp_by_turn[1][0]"),
    ({"faults": [{"seat": 0, "decision": HUGE, "problem": "x", "substitute": None}]}, "decision"),
]


@pytest.mark.parametrize(("change", "field"), FIELDS)
def test_a_huge_number_is_a_results_error_naming_line_and_field(
    tmp_path: Path, change: dict[str, object], field: str
) -> None:
    path = _with(tmp_path, change)
    with pytest.raises(ResultsError) as caught:
        load_results(path)
    assert caught.value.path.startswith(f"{path}:2 ")
    assert field in caught.value.path
    assert "at most" in caught.value.message


def test_report_of_a_huge_number_exits_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with(tmp_path, {"turns": HUGE})
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kingofny: error: {path}:2 $.turns: ")
    assert err.count("\n") == 1


def test_the_largest_numbers_allowed_still_report(tmp_path: Path) -> None:
    path = _with(
        tmp_path,
        {"turns": MAX_INT, "decisions": MAX_INT, "final_vp": [MAX_INT, -MAX_INT]},
    )
    rep = report(load_results(path), ratings=False)
    assert rep.length.max_turns == MAX_INT


def test_a_huge_manifest_count_is_refused(tmp_path: Path) -> None:
    lines = SMALL.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["games"] = HUGE
    lines[0] = json.dumps(head)
    path = tmp_path / "head.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ResultsError, match=r"\$\.games"):
        load_results(path)
