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


def differences(a: str, b: str, games: int, seed: int, design: str, workers: int) -> list[float]:
    """A's win minus the B seats' mean win, per game, in game order."""
    out: list[float] = [0.0] * games

    def keep(index: int, result: k.GameResult, seats: tuple[int, ...]) -> None:
        winners = result.winners or ()
        share = [1 / len(winners) if s in winners else 0.0 for s in range(len(seats))]
        mine = share[seats.index(0)]
        others = [share[s] for s in range(len(seats)) if seats[s] != 0]
        out[index] = mine - sum(others) / len(others)

    factories = [player_factory(a)] + [player_factory(b)] * 3
    k.simulate(factories, games, seed=seed, workers=workers, on_result=keep, **DESIGNS[design])  # type: ignore[arg-type]
    return out


def wins(a: str, field: str, games: int, seed: int, design: str, workers: int) -> list[float]:
    """A's win (a share of a shared win) per game against three ``field`` bots."""
    out: list[float] = [0.0] * games

    def keep(index: int, result: k.GameResult, seats: tuple[int, ...]) -> None:
        winners = result.winners or ()
        seat = seats.index(0)
        out[index] = 1 / len(winners) if seat in winners else 0.0

    factories = [player_factory(a)] + [player_factory(field)] * 3
    k.simulate(factories, games, seed=seed, workers=workers, on_result=keep, **DESIGNS[design])  # type: ignore[arg-type]
    return out


def compare_widths(pair: tuple[str, str], games: int, seed: int, workers: int) -> dict[str, object]:
    """The half-width of (A's win rate - B's win rate), both against three B: independent
    series against paired deals."""
    a, b = pair
    started = time.process_time()
    a_alone = wins(a, b, games, seed, "independent", workers)
    b_alone = wins(b, b, games, seed + 1, "independent", workers)
    independent = Z95 * math.sqrt(
        statistics.variance(a_alone) / games + statistics.variance(b_alone) / games
    )
    a_paired = wins(a, b, games, seed + 2, "duplicate+keyed", workers)
    b_paired = wins(b, b, games, seed + 2, "duplicate+keyed", workers)
    per_deal = [
        statistics.fmean(a_paired[i : i + 4]) - statistics.fmean(b_paired[i : i + 4])
        for i in range(0, games, 4)
    ]
    row: dict[str, Any] = {
        "games_each": games,
        "independent_half_width": round(independent, 4),
        "paired_half_width": round(half_width(per_deal), 4),
        "independent_difference": round(statistics.fmean(a_alone) - statistics.fmean(b_alone), 4),
        "paired_difference": round(statistics.fmean(per_deal), 4),
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    row["width_ratio"] = round(row["paired_half_width"] / row["independent_half_width"], 3)
    print(pair, "compare", row, flush=True)
    return row


def half_width(units: list[float]) -> float:
    """The 95% half-width of the mean of independent units."""
    return Z95 * statistics.stdev(units) / math.sqrt(len(units))


def measure(pair: tuple[str, str], games: int, seed: int, workers: int) -> dict[str, object]:
    """The three designs of one pair."""
    rows: dict[str, Any] = {}
    for design in DESIGNS:
        started = time.process_time()
        wall = time.monotonic()
        diffs = differences(*pair, games, seed, design, workers)
        units = (
            diffs
            if design == "independent"
            else [statistics.fmean(diffs[i : i + 4]) for i in range(0, games, 4)]
        )
        rows[design] = {
            "games": games,
            "units": len(units),
            "mean_difference": round(statistics.fmean(diffs), 4),
            "half_width": round(half_width(units), 4),
            "cpu_seconds": round(time.process_time() - started, 1),
            "wall_seconds": round(time.monotonic() - wall, 1),
        }
        print(pair, design, rows[design], flush=True)
    base = rows["independent"]["half_width"]
    for design in DESIGNS:
        rows[design]["width_ratio"] = round(rows[design]["half_width"] / base, 3)
    return rows


def main() -> None:
    """Measure the pairs given on the command line and write them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pair", action="append", required=True, help="A,B as bot specs")
    parser.add_argument("--games", type=int, default=800, help="games per design (x4)")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
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
        results[f"{a} vs 3 x {b}"] = measure((a, b), args.games, args.seed, args.workers)
        results[f"{a} - {b}, each vs 3 x {b}"] = compare_widths(
            (a, b), args.games, args.seed, args.workers
        )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
