"""Plots of the studies' results (extra ``stats``: matplotlib), as PNG files."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["write_study_plot"]


def _figure(width: float, height: float, columns: int = 1) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(1, columns, figsize=(width, height), dpi=100)


def _save(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def _errors(
    rows: list[Mapping[str, Any]], scale: float = 100.0
) -> tuple[list[float], list[list[float]]]:
    values = [scale * r["value"] for r in rows]
    low = [max(0.0, scale * (r["value"] - r["low"])) for r in rows]
    high = [max(0.0, scale * (r["high"] - r["value"])) for r in rows]
    return values, [low, high]


def _seats(result: Mapping[str, Any], path: Path) -> Path:
    fig, ax = _figure(7, 4)
    counts = list(result["counts"])
    rows = [result["counts"][c]["first_player"] for c in counts]
    values, errors = _errors(rows)
    ax.errorbar(counts, values, yerr=errors, fmt="o", capsize=4, label="first player")
    ax.plot(
        counts,
        [100 * result["counts"][c]["fair_share"] for c in counts],
        "k_",
        ms=20,
        label="fair share",
    )
    ax.set_xlabel("monsters")
    ax.set_ylabel("win rate (%)")
    ax.set_title(f"The first player's win rate ({result['bot']} bots, 95% intervals)")
    ax.legend()
    return _save(fig, path)


def _monsters(result: Mapping[str, Any], path: Path) -> Path:
    names = sorted(result["monsters"])
    rows = [result["monsters"][m] for m in names]
    fig, ax = _figure(7, 0.5 * len(names) + 1.5)
    values, errors = _errors(rows)
    ax.errorbar(values, range(len(names)), xerr=errors, fmt="o", capsize=4)
    from kingofny.tournament.report import monster_name

    ax.set_yticks(range(len(names)), [monster_name(n) for n in names])
    ax.axvline(100 / result["table"], color="k", lw=0.8, ls="--", label="fair share")
    ax.set_xlabel("win rate (%)")
    ax.set_title(f"Win rate by monster (p = {result['p_value']:.2f} for equal rates)")
    ax.legend()
    return _save(fig, path)


def _shape(result: Mapping[str, Any], path: Path) -> Path:
    fig, (left, right) = _figure(10, 4, columns=2)
    histogram = {int(k): v for k, v in result["turns"]["histogram"].items()}
    left.bar(list(histogram), list(histogram.values()), color="tab:blue")
    left.set_xlabel("turns")
    left.set_ylabel("games")
    left.set_title(f"Game length ({result['games']} games)")
    sources = result["vp_sources_winners"]
    total = sum(sources.values()) or 1
    right.barh(list(sources), [100 * v / total for v in sources.values()], color="tab:green")
    right.set_xlabel("share of the winners' VP (%)")
    right.set_title("Where the winners' VP come from")
    return _save(fig, path)


def _cards(result: Mapping[str, Any], path: Path) -> Path:
    rows = sorted(result["cards"].values(), key=lambda r: r["effect"]["value"])
    fig, ax = _figure(8, 0.22 * len(rows) + 1.5)
    values, errors = _errors([r["effect"] for r in rows])
    adjusted = [100 * r["adjusted"]["value"] for r in rows]
    ax.errorbar(
        values,
        range(len(rows)),
        xerr=errors,
        fmt="o",
        ms=3,
        capsize=2,
        label="effect of holding it (95% interval)",
    )
    ax.plot(
        adjusted,
        range(len(rows)),
        "x",
        color="tab:red",
        ms=4,
        label="minus the effect of its cost in Energy",
    )
    ax.set_yticks(range(len(rows)), [r["name"] for r in rows], fontsize=7)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel("points of win rate for its holder")
    ax.set_title(f"Card effects ({result['bot']} bots, {result['deals']} deals)")
    ax.legend(loc="lower right", fontsize=8)
    return _save(fig, path)


_PLOTS = {"seats": _seats, "monsters": _monsters, "shape": _shape, "cards": _cards}


def write_study_plot(result: Mapping[str, Any], path: str | Path) -> Path:
    """Draw a study's result (its ``"study"`` key says which) to the PNG file ``path``."""
    return _PLOTS[result["study"]](result, Path(path))
