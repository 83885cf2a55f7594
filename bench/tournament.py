"""Series throughput (issue 11): games/s with 1 worker and with all cores, and the scaling.

    PYTHONPATH=src python bench/tournament.py                 # 1000 games, best of 3
    PYTHONPATH=src python bench/tournament.py --games 1000 --reps 5 --workers 4
    PYTHONPATH=src python bench/tournament.py --quick         # a smoke run (the tests use it)

Two figures per worker count: end to end, as a user sees it (``simulate(..., workers=N)``,
starting the worker processes included), and steady (from the first game reported to the last,
which leaves out the start-up of about half a second that a long series amortises). The runs
alternate (1, N, 1, N...) so that a change in the machine's load
hits both, and the best of the repetitions is kept. The summaries of all runs must be equal
(the series is the same whatever the worker count), or the script fails.
"""

from __future__ import annotations

import argparse
import functools
import os
import time

from kingofny import simulate
from kingofny.players import player_factory
from kingofny.players.spec import split_specs


def _note_first(into: list[tuple[int, float]], done: int, total: int) -> None:
    if not into:
        into.append((done, time.perf_counter()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--players", default="heuristic,random,random,random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="16 games, 1 repetition")
    args = parser.parse_args()
    if args.quick:
        args.games, args.reps = 16, 1
    factories = [player_factory(spec) for spec in split_specs(args.players)]
    counts = [1] if args.workers == 1 else [1, args.workers]
    best: dict[int, float] = {}
    steady: dict[int, float] = {}
    summaries = set()
    for _ in range(args.reps):
        for workers in counts:
            first: list[tuple[int, float]] = []
            progress = functools.partial(_note_first, first)
            started = time.perf_counter()
            summary = simulate(
                factories, args.games, seed=args.seed, workers=workers, progress=progress
            )
            ended = time.perf_counter()
            best[workers] = max(best.get(workers, 0.0), args.games / (ended - started))
            done, at = first[0]
            if ended > at:
                steady[workers] = max(steady.get(workers, 0.0), (args.games - done) / (ended - at))
            summaries.add(summary)
    if len(summaries) != 1:
        raise SystemExit("the summaries differ between worker counts: a determinism bug")
    print(
        f"players {args.players}; {args.games} games per run, best of {args.reps}; "
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'workers':>7}  {'games/s':>8}  {'steady':>8}")
    for workers in counts:
        print(f"{workers:>7}  {best[workers]:>8.1f}  {steady.get(workers, 0.0):>8.1f}")
    if len(counts) > 1:
        n = args.workers
        print(
            f"scaling with {n} workers: {best[n] / best[1]:.2f}x end to end, "
            f"{steady.get(n, 0.0) / max(steady.get(1, 0.0), 1e-9):.2f}x steady"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
