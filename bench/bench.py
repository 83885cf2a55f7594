"""Speed benchmark: random self-play on one core (``nox -s bench``).

Plays random games (uniform choice over :func:`kingofny.legal_actions`, ``random.Random``
seeded per game) and prints games per second, decisions and turns per game, and the cost of a
step, of ``apply`` and of ``legal_actions``, next to the targets of
``research/perf-anchors.md`` §1 (4-monster random self-play, one core, CPython 3.11).

Two passes over the same games: a clean pass for games/s, then an instrumented pass that times
every call with ``time.perf_counter_ns``. In auto-chance mode (the default; ``--seed``) chance is
drawn by the engine inside ``apply``; with ``--explicit`` the game stops at chance nodes and the
benchmark samples an outcome from ``chance_outcomes`` with the listed probabilities (reported
separately). No timing here is asserted anywhere: the figures are for people to read.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import kingofny
from kingofny import GameState, Outcome

MAX_STOPS = 5000
"""A random game needing more stops than this is a bug."""

# perf-anchors.md §1: (alarm floor, target)
TARGET_GAMES_PER_S = (30.0, 100.0)
TARGET_STEP_US = (80.0, 25.0)
TARGET_APPLY_US = (60.0, 15.0)
TARGET_LEGAL_US = (20.0, 5.0)


@dataclass
class Stats:
    """What the instrumented pass measured (nanoseconds)."""

    step_ns: list[int] = field(default_factory=list)
    apply_ns: list[int] = field(default_factory=list)
    legal_ns: list[int] = field(default_factory=list)
    chance_step_ns: list[int] = field(default_factory=list)
    chance_apply_ns: list[int] = field(default_factory=list)
    outcomes_ns: list[int] = field(default_factory=list)
    decisions: int = 0
    chance_steps: int = 0
    turns: int = 0
    games: int = 0


def pick(pairs: tuple[tuple[Outcome, Fraction], ...], rnd: random.Random) -> Outcome:
    """One of the listed outcomes, drawn with the listed probabilities."""
    return rnd.choices([o for o, _ in pairs], weights=[float(p) for _, p in pairs])[0]


def new_game(players: int, seed: int, explicit: bool) -> GameState:
    """Game ``seed``: auto-chance with that seed, or explicit-chance."""
    return kingofny.new_game(players) if explicit else kingofny.new_game(players, seed=seed)


def play_clean(players: int, seed: int, explicit: bool) -> tuple[int, int, int]:
    """Play one game without timers: (decisions, chance steps, turns)."""
    policy = random.Random(seed)
    chance = random.Random(seed ^ 0xC4A11CE)
    legal_actions, apply = kingofny.legal_actions, kingofny.apply
    state = new_game(players, seed, explicit)
    decisions = chance_steps = 0
    for _ in range(MAX_STOPS):
        if state.winners is not None:
            return decisions, chance_steps, state.turn.number
        if state.is_chance:
            state = apply(state, pick(kingofny.chance_outcomes(state), chance))
            chance_steps += 1
        else:
            state = apply(state, policy.choice(legal_actions(state)))
            decisions += 1
    raise RuntimeError(f"game {seed} is not over after {MAX_STOPS} stops")


def play_timed(players: int, seed: int, explicit: bool, stats: Stats) -> None:
    """Play the same game as :func:`play_clean`, timing every call."""
    policy = random.Random(seed)
    chance = random.Random(seed ^ 0xC4A11CE)
    legal_actions, apply = kingofny.legal_actions, kingofny.apply
    now = time.perf_counter_ns
    state = new_game(players, seed, explicit)
    for _ in range(MAX_STOPS):
        if state.winners is not None:
            stats.turns += state.turn.number
            stats.games += 1
            return
        if state.is_chance:
            t0 = now()
            pairs = kingofny.chance_outcomes(state)
            t1 = now()
            outcome = pick(pairs, chance)
            t2 = now()
            state = apply(state, outcome)
            t3 = now()
            stats.chance_step_ns.append(t3 - t0)
            stats.outcomes_ns.append(t1 - t0)
            stats.chance_apply_ns.append(t3 - t2)
            stats.chance_steps += 1
            continue
        t0 = now()
        legal_actions(state)
        stats.legal_ns.append(now() - t0)
        t0 = now()
        action = policy.choice(legal_actions(state))
        t1 = now()
        state = apply(state, action)
        t2 = now()
        stats.step_ns.append(t2 - t0)
        stats.apply_ns.append(t2 - t1)
        stats.decisions += 1
    raise RuntimeError(f"game {seed} is not over after {MAX_STOPS} stops")


def us(values: list[int], how: Callable[[list[int]], float]) -> float:
    """A statistic of nanosecond samples, in microseconds."""
    return how(values) / 1000 if values else float("nan")


def at_least(value: float, anchors: tuple[float, float]) -> str:
    """``ok``, ``below target`` or ``ALARM`` for a figure that should be high."""
    alarm, target = anchors
    return "ok" if value >= target else ("ALARM" if value < alarm else "below target")


def at_most(value: float, anchors: tuple[float, float]) -> str:
    """``ok``, ``above target`` or ``ALARM`` for a figure that should be low."""
    alarm, target = anchors
    return "ok" if value <= target else ("ALARM" if value > alarm else "above target")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--players", type=int, default=4, help="monsters per game (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--explicit",
        action="store_true",
        help="explicit-chance mode: sample outcomes from chance_outcomes",
    )
    parser.add_argument("--warmup", type=int, default=5, help="untimed games first (default 5)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    seeds = [args.seed + i for i in range(args.games)]

    for seed in range(args.seed - args.warmup, args.seed):
        play_clean(args.players, seed, args.explicit)

    decisions = chance_steps = turns = 0
    start = time.perf_counter()
    for seed in seeds:
        d, c, t = play_clean(args.players, seed, args.explicit)
        decisions, chance_steps, turns = decisions + d, chance_steps + c, turns + t
    elapsed = time.perf_counter() - start
    games_per_s = args.games / elapsed

    stats = Stats()
    for seed in seeds:
        play_timed(args.players, seed, args.explicit, stats)
    if (stats.decisions, stats.chance_steps) != (decisions, chance_steps):
        raise RuntimeError("the timed pass did not replay the clean pass")

    mode = "explicit-chance" if args.explicit else "auto-chance"
    n = args.games
    step_mean = us(stats.step_ns, statistics.fmean)
    apply_median = us(stats.apply_ns, statistics.median)
    legal_median = us(stats.legal_ns, statistics.median)
    step_median = us(stats.step_ns, statistics.median)
    apply_mean = us(stats.apply_ns, statistics.fmean)
    legal_mean = us(stats.legal_ns, statistics.fmean)
    legal_status = at_most(legal_median, TARGET_LEGAL_US)
    rows: list[tuple[str, float, str, str]] = [
        ("games/s", games_per_s, ">= 100", at_least(games_per_s, TARGET_GAMES_PER_S)),
        ("decisions per game", decisions / n, "~400 (estimate)", "apply calls on decisions"),
        ("turns per game", turns / n, "40-60 (estimate)", ""),
        ("us per step (mean)", step_mean, "<= 25", at_most(step_mean, TARGET_STEP_US)),
        ("us per step (median)", step_median, "", ""),
        ("us per apply (median)", apply_median, "<= 15", at_most(apply_median, TARGET_APPLY_US)),
        ("us per apply (mean)", apply_mean, "", ""),
        ("us per legal_actions (median)", legal_median, "<= 5", legal_status),
        ("us per legal_actions (mean)", legal_mean, "", ""),
    ]  # fmt: skip
    if args.explicit:
        chance_step = us(stats.chance_step_ns, statistics.fmean)
        chance_apply = us(stats.chance_apply_ns, statistics.median)
        outcomes = us(stats.outcomes_ns, statistics.median)
        rows += [
            ("chance steps per game", chance_steps / n, "", ""),
            ("us per chance step (mean)", chance_step, "", "chance_outcomes + pick + apply"),
            ("us per chance_outcomes (median)", outcomes, "", ""),
            ("us per chance apply (median)", chance_apply, "", ""),
        ]
    print(
        f"kingofny {kingofny.__version__} bench: {n} random games, {args.players} monsters, "
        f"{mode}, seeds {seeds[0]}..{seeds[-1]}, {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
    print(f"{'metric':<33}{'value':>9}  {'target (perf-anchors §1)':<26}status")
    for name, value, target, status in rows:
        print(f"{name:<33}{value:9.2f}  {target:<26}{status}")
    print(
        "step = legal_actions + random.choice + apply on a decision; apply and legal_actions are "
        "timed alone (legal_actions by a separate call); clean pass for games/s."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
