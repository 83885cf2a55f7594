"""The plots of ``kingofny report --plot`` (extra ``stats``): real PNG files of the right size."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from kingofny.cli import main

pytest.importorskip("matplotlib")

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "results-small.jsonl"


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG signature and its IHDR chunk, which must come first."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height = struct.unpack(">II", data[16:24])
    assert data[-8:-4] == b"IEND"
    return width, height


def test_report_plot_writes_the_four_pngs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kingofny.tournament.plots import HEIGHT, PLOTS, WIDTH

    out = tmp_path / "plots"
    assert (
        main(["report", str(SMALL), "--plot", str(out), "--no-ratings", "--min-bought", "1"]) == 0
    )
    assert sorted(p.name for p in out.iterdir()) == sorted(PLOTS)
    for name in PLOTS:
        assert _png_size(out / name) == (WIDTH, HEIGHT) == (800, 500)
        assert (out / name).stat().st_size > 5000  # something was drawn
    assert "plot written to" in capsys.readouterr().out


def test_the_plots_open_as_images(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    from kingofny.tournament import load_results
    from kingofny.tournament.plots import write_plots

    paths = write_plots(load_results(SMALL), tmp_path)
    for path in paths:
        with image.open(path) as img:
            img.load()
            assert img.size == (800, 500)
            # Not a blank canvas: the plot has many colours.
            assert len(img.convert("RGB").getcolors(maxcolors=1 << 16) or ()) > 10


def test_the_plots_name_monsters_and_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The VP race's legend and the card lift's labels show printed names, not ids (review)."""
    from matplotlib.figure import Figure

    from kingofny.tournament import load_results
    from kingofny.tournament.plots import write_plots

    text = SMALL.read_text(encoding="utf-8").replace('"base:a"', '"base:fireball"')
    path = tmp_path / "results.jsonl"
    path.write_text(text, encoding="utf-8")
    seen: list[str] = []
    save = Figure.savefig

    def recording(self: Figure, *args: object, **kwargs: object) -> None:
        for ax in self.axes:
            seen.extend(t.get_text() for t in ax.get_yticklabels())
            legend = ax.get_legend()
            if legend is not None:
                seen.extend(t.get_text() for t in legend.get_texts())
        save(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Figure, "savefig", recording)
    write_plots(load_results(path), tmp_path / "plots", min_bought=1)
    assert "Fireball (3)" in seen
    assert any(t.startswith("seat 0: ") and t.endswith("(Mantis)") for t in seen), seen
    assert not [t for t in seen if "base:" in t and "base:b" not in t], seen
