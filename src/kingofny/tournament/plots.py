"""PNG plots of a results file, with matplotlib (the ``stats`` extra): :func:`write_plots`.

Each plot is :data:`WIDTH` x :data:`HEIGHT` pixels:

- ``win-rate.png``: each entrant's win rate with its Wilson 95% interval;
- ``vp-race.png``: the VP of each seat turn by turn in a sample game (the longest finished one,
  named in the title by its index and seed), an ✕ ending the line of each monster eliminated;
- ``game-length.png``: a histogram of the turns per finished game;
- ``card-lift.png``: the cards of highest and lowest lift, an observational measure (see
  :data:`~kingofny.tournament.report.CARD_LIFT_WARNING`).

Monsters and cards appear by their printed names (``Captain Fish``), as in the report's table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from kingofny.errors import ConfigError
from kingofny.tournament.report import (
    CARD_LIFT_WARNING,
    Report,
    card_name,
    monster_name,
    names_of,
    report,
)
from kingofny.tournament.results import GameRow, Results

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

WIDTH = 800
"""Width of every plot, in pixels."""
HEIGHT = 500
"""Height of every plot, in pixels."""
_DPI = 100

PLOTS = ("win-rate.png", "vp-race.png", "game-length.png", "card-lift.png")
"""The files :func:`write_plots` writes."""


def write_plots(
    results: Results,
    directory: str | os.PathLike[str],
    rep: Report | None = None,
    *,
    cards: int = 8,
    min_bought: int = 5,
) -> list[Path]:
    """Write the plots of ``results`` (see the module's docstring) into ``directory`` (made if
    missing) and return their paths. ``rep`` is the results' :func:`report` if already computed;
    ``cards`` the number of highest and of lowest lift cards shown, among those bought at least
    ``min_bought`` times (a card bought twice has no lift worth drawing). Raises
    :class:`~kingofny.errors.ConfigError` if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("plots need matplotlib: pip install 'kingofny[stats]'") from None
    rep = rep if rep is not None else report(results, ratings=False)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []

    def figure() -> tuple[Figure, Axes]:
        fig, ax = plt.subplots(figsize=(WIDTH / _DPI, HEIGHT / _DPI), dpi=_DPI)
        return fig, ax

    def save(fig: Figure, name: str, bottom: float = 0.0) -> None:
        path = out / name
        fig.tight_layout(rect=(0.0, bottom, 1.0, 1.0))  # ``bottom``: room for a note
        fig.savefig(path, dpi=_DPI)
        plt.close(fig)
        paths.append(path)

    # win rate per entrant with its interval
    fig, ax = figure()
    rates = rep.entrants
    xs = range(len(rates))
    ax.bar(
        xs,
        [100 * r.rate for r in rates],
        yerr=[
            [100 * max(0.0, r.rate - r.low) for r in rates],
            [100 * max(0.0, r.high - r.rate) for r in rates],
        ],
        capsize=6,
        color="#4C72B0",
    )
    ax.set_xticks(list(xs), [r.label for r in rates], rotation=20, ha="right")
    ax.set_ylabel("win rate (%), 95% Wilson interval")
    ax.set_title(f"Win rate per entrant ({rep.games} games)")
    ax.set_ylim(0, 100)
    save(fig, PLOTS[0])

    # the VP race of a sample game
    fig, ax = figure()
    finished = [row for row in results.rows if row.status == "finished"] or list(results.rows)
    if finished:
        sample = max(finished, key=lambda row: (row.turns, -row.index))
        which = "the longest finished" if sample.status == "finished" else "the longest"
        _vp_race(ax, sample, results.labels, which)
    ax.set_ylabel("victory points")
    save(fig, PLOTS[1])

    # game length
    fig, ax = figure()
    turns = [row.turns for row in results.rows if row.status == "finished"]
    if turns:
        ax.hist(turns, bins=range(min(turns), max(turns) + 2), color="#55A868", align="left")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title(
        f"Game length ({len(turns)} finished games, mean {rep.length.mean_turns:.1f} turns)"
    )
    save(fig, PLOTS[2])

    # card lift
    fig, ax = figure()
    shown = [c for c in rep.cards if c.buyers >= min_bought]
    if len(shown) > 2 * cards:
        shown = shown[:cards] + shown[-cards:]
    shown.reverse()  # highest at the top
    ax.barh(
        range(len(shown)),
        [100 * c.lift for c in shown],
        color=["#55A868" if c.lift >= 0 else "#C44E52" for c in shown],
    )
    names = names_of([c.card for c in shown], card_name)
    ax.set_yticks(
        list(range(len(shown))),
        [f"{name} ({c.buyers})" for name, c in zip(names, shown)],
        fontsize="small",
    )
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate of buyers minus the others (points)")
    ax.set_title(
        f"Card lift, observational (times bought; cards bought at least {min_bought} times)"
    )
    # The report's warning, on two lines to fit the width.
    note = (CARD_LIFT_WARNING[0].upper() + CARD_LIFT_WARNING[1:] + ".").replace("; ", ";\n", 1)
    fig.text(0.5, 0.015, note, ha="center", va="bottom", fontsize="small", style="italic")
    save(fig, PLOTS[3], bottom=0.08)
    return paths


def race_positions(row: GameRow) -> tuple[list[int], dict[int, str], str]:
    """Where each entry of ``row.vp_by_turn`` goes on the VP race's x axis, the tick labels
    that differ from the number, and the axis label (issue 22 §5).

    The runner takes every seat's VP at the first decision of each turn (as the turn starts,
    after its Manhattan earnings), the setup's included (turn 0, before the first turn), then
    once more in the last state: ``turns + 2`` entries. Entry ``k`` is then drawn at turn
    ``k``: 0 is labelled ``setup`` and ``turns + 1`` ``end``. A row of another length (written
    by hand, or by a runner that took them otherwise) is drawn entry by entry, and the axis
    says so."""
    count = len(row.vp_by_turn)
    xs = list(range(count))
    if count == row.turns + 2:
        return (
            xs,
            {0: "setup", count - 1: "end"},
            "turn (VP as each turn starts; end: after the last)",
        )
    return (
        xs,
        {},
        f"entry of the row's VP race ({count} entries for {row.turns} turns: not one per turn)",
    )


def _vp_race(ax: Axes, sample: GameRow, labels: tuple[str, ...], which: str) -> None:
    """Draw the VP race of the game ``sample`` (``which`` game of the file it is) on ``ax``: a
    line per seat over its turns, an ✕ at the end of the line of each monster eliminated, whole
    VP on the y axis, and a title that names the game by its index and seed (issue 22 §5)."""
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator

    xs, named, xlabel = race_positions(sample)
    out = [seat for seat, life in enumerate(sample.final_life) if life <= 0]
    for seat in range(len(sample.seats)):
        ys = [vp[seat] for vp in sample.vp_by_turn]
        label = f"seat {seat}: {labels[sample.seats[seat]]} ({monster_name(sample.monsters[seat])})"
        if seat in out:
            label += ", eliminated"
        (line,) = ax.step(xs, ys, where="post", label=label)
        if seat in out and ys:
            ax.plot(
                [xs[-1]],
                [ys[-1]],
                marker="X",
                markersize=11,
                color=line.get_color(),
                markeredgecolor="black",
                linestyle="none",
            )
    ax.axhline(20, color="grey", linestyle=":", linewidth=1)
    handles, _ = ax.get_legend_handles_labels()
    if out:
        handles.append(
            Line2D(
                [],
                [],
                marker="X",
                markersize=9,
                color="grey",
                markeredgecolor="black",
                linestyle="none",
                label="eliminated (VP at the end; the results file does not say when)",
            )
        )
    ax.legend(handles=handles, loc="upper left", fontsize="small")
    # Ticks: whole turns and whole VP, "setup" and "end" where the race has them.
    if xs:
        last = xs[-1]
        inner = [
            int(t)
            for t in MaxNLocator(nbins=10, integer=True).tick_values(0, last)
            if 0 <= t <= last
        ]
        gap = max(1, (last + 1) // 15)  # keep "setup" and "end" clear of the next tick
        ticks = sorted({*named, *(t for t in inner if all(abs(t - n) >= gap for n in named))})
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: named.get(round(x), f"{x:.0f}")))
        ax.set_xlim(-0.5, last + 0.5)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    won = ", ".join(f"seat {s}" for s in sample.winners or ()) or "nobody"
    ax.set_title(
        f"VP race of game {sample.index} (seed {sample.game_seed})\n"
        f"{which} game of the file: {sample.turns} turns, won by {won}"
    )
