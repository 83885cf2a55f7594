"""Records of a series (review): the results row was written before its record, so a driver
killed between the two lost that record for good, and ``--resume`` never noticed. A record is
now written whole (a temporary file, renamed) before its row, and a resumed series plays again
the games whose record is missing."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import attrs
import pytest

from kingofny import RandomPlayer, simulate
from kingofny.cli import main
from kingofny.tournament import load_results

ARGS = ([RandomPlayer, RandomPlayer], 6)


def _series(out: Path, records: Path, **kwargs: object) -> object:
    return simulate(*ARGS, seed=3, output=out, records=records, **kwargs)  # type: ignore[arg-type]


def _snapshot(records: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(records.iterdir())}


def test_a_row_is_never_written_without_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The series dies while writing the record of game 3 (as a killed driver would): the
    results file must not hold a row for game 3."""
    import kingofny.serialize

    real = kingofny.serialize.to_json
    calls = []

    def dying(*args: object, **kwargs: object) -> str:
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kingofny.serialize, "to_json", dying)
    out, records = tmp_path / "r.jsonl", tmp_path / "records"
    with pytest.raises(KeyboardInterrupt):
        _series(out, records)
    rows = load_results(out).rows
    assert [row.index for row in rows] == [0, 1, 2]
    for row in rows:
        assert (records / f"game-{row.index:06d}.json").exists()
    assert not any(name.endswith(".tmp") for name in os.listdir(records))


def test_a_record_is_written_to_a_temporary_file_then_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renamed: list[tuple[str, str]] = []
    real = os.replace

    def replace(src: str, dst: str) -> None:
        assert not Path(dst).exists()
        assert Path(src).parent == Path(dst).parent
        renamed.append((os.path.basename(src), os.path.basename(dst)))
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    _series(tmp_path / "r.jsonl", tmp_path / "records")
    assert [dst for _, dst in renamed] == [f"game-{i:06d}.json" for i in range(6)]
    assert all(src.startswith(".game-") and src.endswith(".tmp") for src, _ in renamed)


def test_resume_plays_again_the_games_whose_record_is_missing(tmp_path: Path) -> None:
    out, records = tmp_path / "r.jsonl", tmp_path / "records"
    first = _series(out, records)
    whole, saved = out.read_bytes(), _snapshot(records)
    (records / "game-000002.json").unlink()
    (records / "game-000004.json").write_text('{"cut', encoding="utf-8")  # a partial record
    (records / ".game-000005.json.abc.tmp").write_text("{", encoding="utf-8")  # a stale temp
    again = _series(out, records, resume=True)
    assert again.replayed == (2, 4)  # type: ignore[attr-defined]
    assert out.read_bytes() == whole
    assert _snapshot(records) == saved  # games replay exactly: the same records
    assert again == attrs.evolve(first, replayed=(2, 4))  # type: ignore[misc]
    # Nothing missing: nothing played again.
    assert _series(out, records, resume=True).replayed == ()  # type: ignore[attr-defined]


def test_the_cli_says_which_records_it_refilled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, records = tmp_path / "r.jsonl", tmp_path / "records"
    argv = ["simulate", "--games", "4", "--seed", "2", "--workers", "1"]
    argv += ["--players", "random,random", "--output", str(out), "--records", str(records)]
    assert main(argv) == 0
    (records / "game-000001.json").unlink()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main([*argv, "--resume"]) == 0
    assert (records / "game-000001.json").exists()
    assert "1 record missing" in err.getvalue()
    assert "game-000001.json" in err.getvalue()
    assert "played again from game 1" in err.getvalue()
