"""PNG plots of a results file, with matplotlib (the ``stats`` extra): :func:`write_plots`.

Each plot is :data:`WIDTH` x :data:`HEIGHT` pixels:

- ``win-rate.png``: each entrant's win rate with its Wilson 95% interval;
- ``vp-race.png``: the VP of each seat turn by turn in a sample game (the longest finished one);
- ``game-length.png``: a histogram of the turns per finished game;
- ``card-lift.png``: the cards of highest and lowest lift.

Monsters and cards appear by their printed names (``Captain Fish``), as in the report's table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from kingofny.errors import ConfigError
from kingofny.tournament.report import Report, card_name, monster_name, names_of, report
from kingofny.tournament.results import Results

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

    def save(fig: Figure, name: str) -> None:
        path = out / name
        fig.tight_layout()
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
            [100 * (r.rate - r.low) for r in rates],
            [100 * (r.high - r.rate) for r in rates],
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
        labels = results.labels
        for seat in range(len(sample.seats)):
            ax.step(
                range(len(sample.vp_by_turn)),
                [vp[seat] for vp in sample.vp_by_turn],
                where="post",
                label=f"seat {seat}: {labels[sample.seats[seat]]} "
                f"({monster_name(sample.monsters[seat])})",
            )
        ax.axhline(20, color="grey", linestyle=":", linewidth=1)
        ax.legend(loc="upper left", fontsize="small")
        won = ", ".join(f"seat {s}" for s in sample.winners or ()) or "nobody"
        ax.set_title(f"VP race of game {sample.index} (won by {won})")
    ax.set_xlabel("turn")
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
    ax.set_title(f"Card lift (times bought; cards bought at least {min_bought} times)")
    save(fig, PLOTS[3])
    return paths
