"""The balance studies of "What wins King of New York" (issue 22 §4).

Every study plays identical bots (``bot``, a player spec) with keyed chance
(:mod:`kingofny.streams`), so that the only differences between its games are the ones it
makes on purpose:

* :func:`seat_study`: the first player's advantage at 2 to 6 monsters;
* :func:`monster_study`: the win rate of each monster with monsters shuffled over the seats, an
  A/A test for the base game, whose monsters have no powers (they must agree within their
  intervals), and a real measurement for plugin monsters that have some;
* :func:`shape_study`: how long games last, how they end, where the VP come from;
* :func:`card_study`: the causal effect of each card on its holder's win rate. In each deal, a
  seat (rotating over the deals) is given one card at its first Buy step, bought for free; the
  same deal is played without the gift, and with a gift of Energy equal to each card's cost.
  The card's effect is the seat's win rate with the card minus without it, paired by deal, and
  its cost-adjusted value is its effect minus the effect of the Energy it costs.

Seeds: study ``seed`` and the game number give each game's seed and its bots' seeds, so a study
is reproducible, in any number of processes.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from kingofny import new_game
from kingofny.errors import ArgumentError
from kingofny.model.cards import CardKind
from kingofny.model.content import content_of
from kingofny.players import player_factory
from kingofny.study.games import SOURCES, GameFacts, Gift, play_study_game
from kingofny.tournament.report import wilson_interval

__all__ = [
    "Estimate",
    "card_study",
    "monster_study",
    "seat_study",
    "shape_study",
]

Z95 = 1.959963984540054
PERMUTATIONS = 1000
"""Relabellings behind the monster study's p-value."""
T = TypeVar("T")
R = TypeVar("R")


@attrs.frozen(slots=True)
class Estimate:
    """A measured value with its 95% interval and the number of units behind it."""

    value: float
    low: float
    high: float
    n: int

    @classmethod
    def rate(cls, wins: float, n: int) -> Estimate:
        """A win rate with its Wilson interval."""
        low, high = wilson_interval(round(wins), n)
        return cls(wins / n if n else 0.0, low, high, n)

    @classmethod
    def mean(cls, values: Sequence[float]) -> Estimate:
        """A mean of independent units with its normal interval."""
        n = len(values)
        mean = statistics.fmean(values) if n else 0.0
        half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
        return cls(mean, mean - half, mean + half, n)

    def as_dict(self) -> dict[str, float | int]:
        """The estimate as JSON-ready numbers."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def _seed(*parts: int) -> int:
    """A game's seed from the study's seed and its coordinates (stable across processes)."""
    rng = random.Random(":".join(str(p) for p in parts))
    return rng.getrandbits(62)


def _players(bot: str, count: int, seed: int) -> list[Any]:
    factory = player_factory(bot)
    return [factory(_seed(seed, 7, seat)) for seat in range(count)]


def _map(function: Callable[[T], R], tasks: Iterable[T], workers: int) -> Iterator[R]:
    """``function`` over ``tasks`` in order, on ``workers`` processes (1: this one)."""
    if workers <= 1:
        yield from map(function, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(function, tasks, chunksize=4)


def _int(name: str, value: object, low: int, high: int | None = None) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise ArgumentError(name, f"expected an int {span}, got {value!r}")


def _check(bot: str, count: int, workers: int, seed: object) -> None:
    """ArgumentError naming the first bad common argument, before any game."""
    if not isinstance(bot, str):
        raise ArgumentError("bot", f"expected a player spec, got {bot!r}")
    player_factory(bot)  # an unknown bot fails here
    _int("games", count, 1)
    _int("workers", workers, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("seed", f"expected an int, got {seed!r}")


# -- seats ----------------------------------------------------------------------------------------


def _seat_game(task: tuple[str, int, int]) -> tuple[int, float]:
    bot, count, seed = task
    facts = play_study_game(_players(bot, count, seed), seed, monsters=count)
    return facts.first, facts.share(facts.first)


def seat_study(
    bot: str,
    games: int,
    *,
    seed: int,
    counts: Sequence[int] = (2, 3, 4, 5, 6),
    workers: int = 1,
) -> dict[str, Any]:
    """The first player's win rate at each player count (fair share ``1 / count``)."""
    _check(bot, games, workers, seed)
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) or not counts:
        raise ArgumentError("counts", f"expected player counts, got {counts!r}")
    for count in counts:
        _int("counts", count, 2, 6)
    found: dict[str, Any] = {"bot": bot, "seed": seed, "games_per_count": games, "counts": {}}
    for count in counts:
        tasks = [(bot, count, _seed(seed, count, g)) for g in range(games)]
        wins = sum(share for _, share in _map(_seat_game, tasks, workers))
        estimate = Estimate.rate(wins, games)
        found["counts"][str(count)] = {
            "first_player": estimate.as_dict(),
            "fair_share": 1 / count,
            "advantage": estimate.value - 1 / count,
        }
    return found


# -- monsters -------------------------------------------------------------------------------------


def _monster_game(task: tuple[str, tuple[str, ...], tuple[str, ...], int]) -> list[float]:
    bot, lineup, packs, seed = task
    facts = play_study_game(_players(bot, len(lineup), seed), seed, monsters=lineup, packs=packs)
    return [facts.share(seat) for seat in range(len(lineup))]


def monster_study(
    bot: str,
    games: int,
    *,
    seed: int,
    monsters: Sequence[str] | None = None,
    packs: Sequence[str] = ("base",),
    table: int = 4,
    workers: int = 1,
) -> dict[str, Any]:
    """Each monster's win rate over ``games`` games of ``table`` monsters drawn from
    ``monsters`` (default: every monster of ``packs``) in random seats, with a test of "they
    all win equally often" (the A/A test for monsters without powers): Pearson's chi-square
    statistic, its p-value by permutation (see :func:`_permutation_p`)."""
    _check(bot, games, workers, seed)
    content = content_of(new_game(2, packs=packs).config)
    pool = tuple(monsters) if monsters is not None else tuple(content.monsters)
    _int("table", table, 2, min(6, len(pool)))
    tasks = []
    for g in range(games):
        rng = random.Random(_seed(seed, 11, g))
        tasks.append((bot, tuple(rng.sample(pool, table)), tuple(packs), _seed(seed, 13, g)))
    wins: dict[str, float] = dict.fromkeys(pool, 0.0)
    played: Counter[str] = Counter()
    games_played: list[tuple[tuple[str, ...], list[float]]] = []
    for (_, lineup, _, _), shares in zip(tasks, _map(_monster_game, tasks, workers)):
        games_played.append((lineup, shares))
        for monster, share in zip(lineup, shares):
            wins[monster] += share
            played[monster] += 1
    rows = {m: Estimate.rate(wins[m], played[m]).as_dict() for m in pool}
    chi2 = _chi2(wins, played)
    return {
        "bot": bot,
        "seed": seed,
        "games": games,
        "table": table,
        "packs": list(packs),
        "monsters": rows,
        "chi_square": chi2,
        "degrees_of_freedom": sum(1 for m in pool if played[m]) - 1,
        "p_value": _permutation_p(games_played, chi2, PERMUTATIONS, seed),
        "p_value_method": f"permutation ({PERMUTATIONS} relabellings of each game's line-up)",
    }


def _chi2(wins: Mapping[str, float], played: Mapping[str, int]) -> float:
    """Pearson's statistic of "every monster wins equally often" over the monsters that played."""
    overall = sum(wins.values()) / sum(played.values())
    return sum(
        (wins[m] - played[m] * overall) ** 2 / (played[m] * overall * (1 - overall))
        for m in played
        if played[m]
    )


def _permutation_p(
    games: Sequence[tuple[tuple[str, ...], list[float]]], observed: float, rounds: int, seed: int
) -> float:
    """The share of ``rounds`` relabellings whose statistic reaches ``observed``: each game's
    win shares shuffled over its line-up, as they would be if the monsters did not matter
    (they were seated at random). Exact whatever the dependence between the seats of a game,
    which Pearson's chi-square ignores (one winner per game)."""
    rng = random.Random(seed)
    played = Counter(m for lineup, _ in games for m in lineup)
    reached = 0
    for _ in range(rounds):
        wins: dict[str, float] = dict.fromkeys(played, 0.0)
        for lineup, shares in games:
            shuffled = shares[:]
            rng.shuffle(shuffled)
            for monster, share in zip(lineup, shuffled):
                wins[monster] += share
        reached += _chi2(wins, played) >= observed - 1e-9
    return (reached + 1) / (rounds + 1)


# -- shape ----------------------------------------------------------------------------------------


def _shape_game(task: tuple[str, int, int]) -> GameFacts:
    bot, count, seed = task
    return play_study_game(_players(bot, count, seed), seed, monsters=count, trace=True)


def shape_study(
    bot: str, games: int, *, seed: int, count: int = 4, workers: int = 1
) -> dict[str, Any]:
    """Game length, how games end, and where VP come from (all monsters and the winners)."""
    _check(bot, games, workers, seed)
    _int("count", count, 2, 6)
    tasks = [(bot, count, _seed(seed, 17, g)) for g in range(games)]
    facts = list(_map(_shape_game, tasks, workers))
    turns = sorted(f.turns for f in facts)
    ends = Counter(f.end for f in facts)
    every = [0] * len(SOURCES)
    winners = [0] * len(SOURCES)
    for f in facts:
        for seat, row in enumerate(f.vp_sources):
            for i, vp in enumerate(row):
                every[i] += vp
                if f.winners and seat in f.winners:
                    winners[i] += vp
    return {
        "bot": bot,
        "seed": seed,
        "games": games,
        "monsters": count,
        "turns": {
            "mean": statistics.fmean(turns),
            "quantiles": {
                str(q): turns[min(len(turns) - 1, int(q * len(turns)))]
                for q in (0.05, 0.25, 0.5, 0.75, 0.95)
            },
            "histogram": dict(sorted(Counter(turns).items())),
        },
        "ends": {end: Estimate.rate(n, games).as_dict() for end, n in ends.most_common()},
        "vp_sources_all": dict(zip(SOURCES, every)),
        "vp_sources_winners": dict(zip(SOURCES, winners)),
    }


# -- cards ----------------------------------------------------------------------------------------


def _card_unit(
    task: tuple[str, int, int, int, tuple[str, ...], tuple[int, ...]],
) -> dict[str, float]:
    """One deal: the seat's win share without a gift, with each card, with each Energy gift."""
    bot, count, seat, seed, cards, energies = task
    arms: dict[str, float] = {}

    def play(gift: Gift | None) -> float:
        return play_study_game(_players(bot, count, seed), seed, monsters=count, gift=gift).share(
            seat
        )

    arms["control"] = play(None)
    for card in cards:
        arms[card] = play(Gift(seat, card=card))
    for energy in energies:
        arms[f"energy:{energy}"] = play(Gift(seat, energy=energy))
    return arms


def card_study(
    bot: str,
    deals: int,
    *,
    seed: int,
    cards: Sequence[str] | None = None,
    count: int = 4,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The effect of each card (default: every card of the base game) on its holder's win rate,
    over ``deals`` deals (see the module's documentation), and its cost-adjusted value."""
    _check(bot, deals, workers, seed)
    _int("count", count, 2, 6)
    content = content_of(new_game(2).config)
    chosen = tuple(cards) if cards is not None else tuple(sorted(set(content.deck)))
    for card in chosen:
        if card not in content.cards:
            raise ArgumentError("cards", f"no card {card!r} in the base game")
    energies = tuple(sorted({content.cards[c].cost for c in chosen}))
    tasks = [(bot, count, d % count, _seed(seed, 19, d), chosen, energies) for d in range(deals)]
    units: list[dict[str, float]] = []
    for done, unit in enumerate(_map(_card_unit, tasks, workers), 1):
        units.append(unit)
        if progress is not None:
            progress(done, deals)
    control = [u["control"] for u in units]
    energy_effect = {
        e: Estimate.mean([u[f"energy:{e}"] - c for u, c in zip(units, control)]) for e in energies
    }
    rows = {}
    for card in chosen:
        spec = content.cards[card]
        effect = Estimate.mean([u[card] - c for u, c in zip(units, control)])
        adjusted = Estimate.mean([u[card] - u[f"energy:{spec.cost}"] for u in units])
        rows[card] = {
            "name": spec.name,
            "cost": spec.cost,
            "kind": "keep" if spec.kind is CardKind.KEEP else "discard",
            "effect": effect.as_dict(),
            "adjusted": adjusted.as_dict(),
        }
    return {
        "bot": bot,
        "seed": seed,
        "deals": deals,
        "monsters": count,
        "control_win_rate": Estimate.mean(control).as_dict(),
        "energy": {str(e): est.as_dict() for e, est in energy_effect.items()},
        "cards": rows,
    }
