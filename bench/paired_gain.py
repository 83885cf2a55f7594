"""How much narrower paired games make an interval (issue 22 §1): "A against 3 × B" series
played three ways, with the same number of games each:

* independent: a new seed every game, the seats rotated (``kingofny simulate``'s default);
* duplicate: each deal played once per seat rotation (``duplicate=True``), chance in order;
* duplicate + keyed: the same, with keyed chance streams (``chance="keyed"``), so that every
  monster's rolls are the same in each rotation of a deal.

For each, the 95% interval half-width of A's win-rate difference (A's win rate minus the mean
win rate of the B seats in the same games), from the spread of independent units: games for
the first, deals for the other two.

Then the comparison ``kingofny compare`` makes: A and B each against three B, their win rates'
difference, from two independent series (different seeds) against from paired deals (the same
deals, keyed chance, duplicate seating: :func:`kingofny.tournament.compare.compare`).

    python bench/paired_gain.py --pair heuristic,random --games 800 --json out.json
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import time
from pathlib import Path
from typing import Any

import kingofny as k
from kingofny.players import player_factory

Z95 = 1.959963984540054
DESIGNS = {
    "independent": {},
    "duplicate": {"duplicate": True},
    "duplicate+keyed": {"duplicate": True, "chance": "keyed"},
}


Series = tuple[list[float], list[float]]
"""Per game: entrant 0's win share, and the mean win share of the other seats."""


def series(a: str, b: str, games: int, seed: int, design: str, workers: int) -> Series:
    """Play A against three B in ``design``; per game, A's win share and the B seats' mean."""
    mine: list[float] = [0.0] * games
    others: list[float] = [0.0] * games

    def keep(index: int, result: k.GameResult, seats: tuple[int, ...]) -> None:
        winners = result.winners or ()
        share = [1 / len(winners) if s in winners else 0.0 for s in range(len(seats))]
        mine[index] = share[seats.index(0)]
        rest = [share[s] for s in range(len(seats)) if seats[s] != 0]
        others[index] = sum(rest) / len(rest)

    factories = [player_factory(a)] + [player_factory(b)] * 3
    k.simulate(factories, games, seed=seed, workers=workers, on_result=keep, **DESIGNS[design])  # type: ignore[arg-type]
    return mine, others


def half_width(units: list[float]) -> float:
    """The 95% half-width of the mean of independent units."""
    return Z95 * statistics.stdev(units) / math.sqrt(len(units))


def per_deal(values: list[float]) -> list[float]:
    """Means over each deal's four games (duplicate seating)."""
    return [statistics.fmean(values[i : i + 4]) for i in range(0, len(values), 4)]


def measure(
    pair: tuple[str, str], games: int, seed: int, workers: int, designs: list[str]
) -> dict[str, Any]:
    """Both measurements for one pair, each series played once: A against 3 B in each design
    (with B's win rates in the same games), and B against 3 B independently and paired."""
    a, b = pair
    played: dict[str, Series] = {}
    cpu: dict[str, float] = {}
    for design in designs:
        started = time.process_time()
        played[design] = series(a, b, games, seed, design, workers)
        cpu[design] = round(time.process_time() - started, 1)
        print(pair, design, "played", cpu[design], flush=True)
    b_alone = series(b, b, games, seed + 1, "independent", workers)[0]
    b_paired = series(b, b, games, seed, "duplicate+keyed", workers)[0]
    rows: dict[str, Any] = {}
    for design in designs:
        mine, others = played[design]
        diffs = [x - y for x, y in zip(mine, others)]
        units = diffs if design == "independent" else per_deal(diffs)
        rows[design] = {
            "games": games,
            "units": len(units),
            "mean_difference": round(statistics.fmean(diffs), 4),
            "half_width": round(half_width(units), 4),
            "cpu_seconds": cpu[design],
        }
    base = rows["independent"]["half_width"]
    for design in designs:
        rows[design]["width_ratio"] = round(rows[design]["half_width"] / base, 3)
    a_alone = played["independent"][0]
    a_paired = played["duplicate+keyed"][0]
    independent = Z95 * math.sqrt(
        statistics.variance(a_alone) / games + statistics.variance(b_alone) / games
    )
    deals = [x - y for x, y in zip(per_deal(a_paired), per_deal(b_paired))]
    compare: dict[str, Any] = {
        "games_each": games,
        "independent_half_width": round(independent, 4),
        "paired_half_width": round(half_width(deals), 4),
        "independent_difference": round(statistics.fmean(a_alone) - statistics.fmean(b_alone), 4),
        "paired_difference": round(statistics.fmean(deals), 4),
    }
    compare["width_ratio"] = round(
        compare["paired_half_width"] / compare["independent_half_width"], 3
    )
    print(pair, rows, compare, flush=True)
    return {"a_vs_3b": rows, "compare": compare}


def main() -> None:
    """Measure the pairs given on the command line and write them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pair", action="append", required=True, help="A,B as bot specs")
    parser.add_argument("--games", type=int, default=800, help="games per design (x4)")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--designs",
        default=",".join(DESIGNS),
        help="A against 3 B designs to play (independent and duplicate+keyed are needed)",
    )
    args = parser.parse_args()
    if args.games % 4:
        parser.error("--games must be a multiple of 4 (one deal per seat rotation)")
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}",
        "kingofny": k.__version__,
        "seed": args.seed,
    }
    for text in args.pair:
        a, b = text.split(",")
        results[f"{a} vs 3 x {b}"] = measure(
            (a, b), args.games, args.seed, args.workers, args.designs.split(",")
        )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
