"""Strength benchmark of the search bots (``nox -s strength``; a benchmark, never a test).

Each row plays seat-rotated games of one bot against copies of an opponent (by default three
``HeuristicPlayer``s, base cards) and prints its win rate with a Wilson 95% interval and its
mean, 99th percentile (of the decisions with a choice) and largest CPU milliseconds per
decision, measured with ``time.process_time`` so that a busy machine does not inflate them (a
bot budgeted by ``ms=`` still counts wall time). Game
``i`` of a row is played with the seed ``seed * 1_000_003 + i`` and the bot in seat
``i % monsters``; the opponents' seeds follow from the game's, so a row's games are the same
whatever ``--jobs`` is, and ``--first`` splits a row into parts that add up.

    python bench/strength.py --games 40 --seed 1
    python bench/strength.py --only mcts-4 --mcts mcts:playouts=200 --games 100 --jobs 2

Rows (``--only`` takes a comma-separated list of their names):

``target-mcts-4``, ``target-expectimax-4``
    the strongest bot (``--strongest``, by default ``planner``, with its default ``mixed``
    weights) against three MCTS bots at 40
    playouts, and against three expectimax bots (issue 21's target: a lower bound above 30%);
``strongest-4``
    the strongest bot against three heuristic players;
``curve-1x``, ``curve-4x``, ``curve-16x``
    the budget curve: ``--curve-bot`` (by default ``planner:horizon=round,weights=heuristic``,
    the bot whose curve the docs show) at 1, 4 and 16 times ``--curve-base`` (1) playouts per
    option against three copies of itself at 1 time;
``mcts-4``, ``expectimax-4``
    the bot against three heuristic players;
``mcts-2``, ``expectimax-2``, ``mcts-6``, ``expectimax-6``
    against one and five heuristic players;
``heuristic-random-4``
    the heuristic against three random players (the yard-stick of issue 10: at least 78%).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

import kingofny
from kingofny import Action, GameState
from kingofny.players import Player, PlayerSpec, parse_spec, player_factory

CURVE_BOT = "planner:horizon=round,weights=heuristic"
"""The default bot of the budget curve: the one whose curve "Strong play" shows, measured when
the ``heuristic`` weights were the planner's default."""


@dataclass(frozen=True)
class Row:
    """One line of the table: a bot spec against ``monsters - 1`` copies of ``opponent``."""

    name: str
    bot: str
    opponent: str
    monsters: int


@dataclass(frozen=True)
class Tally:
    """What the games of a row measured."""

    games: int = 0
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    max_ms: float = 0.0
    times_ms: tuple[float, ...] = ()

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.games + other.games,
            self.wins + other.wins,
            self.decisions + other.decisions,
            self.seconds + other.seconds,
            max(self.max_ms, other.max_ms),
            self.times_ms + other.times_ms,
        )

    def percentile_ms(self, share: float) -> float:
        """The decision time (CPU ms) below which ``share`` of the searched decisions fall."""
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


class Timed:
    """A player that times another's decisions, in CPU time of the process
    (``time.process_time``): on a shared machine, wall time measures the neighbours too."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", type(inner).__name__)
        self.decisions = 0
        self.seconds = 0.0
        self.max_ms = 0.0
        self.times_ms: list[float] = []

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        started = time.process_time()
        action = self.inner.choose(view, legal)
        spent = time.process_time() - started
        self.decisions += 1
        self.seconds += spent
        self.max_ms = max(self.max_ms, spent * 1000)
        if len(legal) > 1:  # a single action is answered at once: not a decision's time
            self.times_ms.append(spent * 1000)
        return action


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play(row: Row, seed: int, indices: Sequence[int]) -> Tally:
    """Play the games ``indices`` of a row."""
    bot_factory = player_factory(row.bot)
    other_factory = player_factory(row.opponent)
    tally = Tally()
    for index in indices:
        game_seed = seed * 1_000_003 + index
        seat = index % row.monsters
        bot = Timed(bot_factory(game_seed))
        players: list[Player] = [
            other_factory(game_seed * 7 + s + 1) for s in range(row.monsters - 1)
        ]
        players.insert(seat, bot)
        result = kingofny.play_game(players, seed=game_seed)
        won = result.winners or ()
        share = 1.0 / len(won) if seat in won else 0.0
        tally = tally + Tally(1, share, bot.decisions, bot.seconds, bot.max_ms, tuple(bot.times_ms))
    return tally


def progress(row: Row, tally: Tally, started: float) -> None:
    """A progress line on standard error."""
    low, high = wilson(tally.wins, tally.games)
    print(
        f"  {row.name}: {tally.wins:g}/{tally.games} ({100 * low:.0f}-{100 * high:.0f}%), "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
        flush=True,
    )


def with_playouts(spec: str, playouts: int) -> str:
    """``spec`` with its option ``playouts`` set to ``playouts`` (``planner:horizon=round``
    gives ``planner:horizon=round,playouts=N``)."""
    parsed = parse_spec(spec)
    options = tuple(item for item in parsed.options if item[0] != "playouts")
    return PlayerSpec(parsed.target, (*options, ("playouts", playouts))).text


def rows(args: argparse.Namespace) -> list[Row]:
    """The rows selected by the options."""
    table = [
        Row("target-mcts-4", args.strongest, args.target_mcts, 4),
        Row("target-expectimax-4", args.strongest, "expectimax", 4),
        Row("strongest-4", args.strongest, "heuristic", 4),
        *(
            Row(f"curve-{times}x", with_playouts(args.curve_bot, times * args.curve_base), base, 4)
            for base in [with_playouts(args.curve_bot, args.curve_base)]
            for times in (1, 4, 16)
        ),
        Row("mcts-4", args.mcts, "heuristic", 4),
        Row("expectimax-4", args.expectimax, "heuristic", 4),
        Row("mcts-2", args.mcts, "heuristic", 2),
        Row("expectimax-2", args.expectimax, "heuristic", 2),
        Row("mcts-6", args.mcts, "heuristic", 6),
        Row("expectimax-6", args.expectimax, "heuristic", 6),
        Row("heuristic-random-4", "heuristic", "random", 4),
    ]
    if args.only:
        wanted = args.only.split(",")
        unknown = set(wanted) - {r.name for r in table}
        if unknown:
            raise SystemExit(f"unknown rows: {', '.join(sorted(unknown))}")
        table = [r for r in table if r.name in wanted]
    return table


def main(argv: Sequence[str] | None = None) -> int:
    """Print the strength table; return the exit status (0)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per row (40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the series (1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="play games first..games-1 only, to split a row across machines (0)",
    )
    parser.add_argument("--only", default="", help="comma-separated row names (all)")
    parser.add_argument("--mcts", default="mcts:ms=200", help="the MCTS spec (mcts:ms=200)")
    parser.add_argument(
        "--expectimax", default="expectimax", help="the expectimax spec (expectimax)"
    )
    parser.add_argument("--strongest", default="planner", help="the strongest bot's spec (planner)")
    parser.add_argument(
        "--curve-bot",
        default=CURVE_BOT,
        help=f"the bot of the budget curve, a spec without playouts ({CURVE_BOT})",
    )
    parser.add_argument(
        "--curve-base",
        type=int,
        default=1,
        help="the base playouts of the budget curve's bot (1)",
    )
    parser.add_argument(
        "--target-mcts",
        default="mcts:playouts=40",
        help="the MCTS opponents of target-mcts-4 (mcts:playouts=40)",
    )
    args = parser.parse_args(argv)
    print(
        f"kingofny {kingofny.__version__}, games {args.first}-{args.games - 1} of each row, "
        f"seed {args.seed}"
    )
    header = (
        f"{'row':<20} {'bot':<24} {'games':>5} {'win%':>6} {'95% CI':>13} "
        f"{'ms/dec':>7} {'p99 ms':>7} {'max ms':>7}"
    )
    print(header)
    for row in rows(args):
        started = time.perf_counter()
        jobs = max(1, args.jobs)
        size = 5
        chunks = [
            list(range(i, min(i + size, args.games))) for i in range(args.first, args.games, size)
        ]
        tally = Tally()
        if jobs == 1:
            for chunk in chunks:
                tally = tally + play(row, args.seed, chunk)
                progress(row, tally, started)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                futures = [pool.submit(play, row, args.seed, chunk) for chunk in chunks]
                for future in as_completed(futures):
                    tally = tally + future.result()
                    progress(row, tally, started)
        low, high = wilson(tally.wins, tally.games)
        rate = tally.wins / tally.games if tally.games else 0.0
        ms = 1000 * tally.seconds / tally.decisions if tally.decisions else 0.0
        print(
            f"{row.name:<20} {row.bot:<24} {tally.games:>5} {100 * rate:>5.1f}% "
            f"{100 * low:>5.1f}-{100 * high:<5.1f}% {ms:>7.1f} "
            f"{tally.percentile_ms(0.99):>7.0f} {tally.max_ms:>7.0f}"
            f"  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
