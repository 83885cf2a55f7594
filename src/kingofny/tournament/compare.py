"""Is bot A better than bot B? Paired games and a sequential test (issue 22 §2).

:func:`compare` plays A against a field of bots, and B against the same field on the same deals:
keyed chance (:mod:`kingofny.streams`) and duplicate seating, so that A and B meet the same dice
in the same seat against the same opponents. Each deal is played once per seat for A and once
per seat for B, and its paired result is the difference of their win rates over those games.
After each batch of deals an :class:`~kingofny.tournament.sprt.SPRT` weighs H0 (A is no better
than B) against H1 (A is better by ``margin`` of win rate), until it accepts one or the game cap
is reached. ``kingofny compare A B`` is the command.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs

from kingofny.errors import ArgumentError, ConfigError
from kingofny.runner import GameResult, PlayerFactory
from kingofny.tournament.report import wilson_interval
from kingofny.tournament.series import simulate
from kingofny.tournament.sprt import SPRT, SPRTState

__all__ = ["Comparison", "compare", "format_comparison"]

_BATCH_SALT = 0x5F3759DF


@attrs.frozen(slots=True)
class Comparison:
    """The result of :func:`compare`."""

    labels: tuple[str, str]
    """A's and B's labels."""
    field: tuple[str, ...]
    """The labels of the other seats' bots."""
    seed: int
    deals: int
    """Deals played (each by A and by B in every seat)."""
    games: int
    """Games each of A and B played."""
    wins: tuple[float, float]
    """A's and B's wins (a shared win counts as a share)."""
    test: SPRTState
    """The sequential test where it stopped."""
    margin: float
    alpha: float
    beta: float
    max_games: int

    @property
    def stopped_by(self) -> str:
        """``"H1"`` (A is better by the margin), ``"H0"`` (A is no better) or ``"cap"``."""
        return self.test.decision or "cap"

    @property
    def win_rates(self) -> tuple[float, float]:
        """A's and B's win rates against the field."""
        return (self.wins[0] / self.games, self.wins[1] / self.games) if self.games else (0, 0)


def _check_factory(where: str, factory: object) -> None:
    if not callable(factory):
        raise ArgumentError(where, f"expected a player factory, got {factory!r}")


def _label(factory: PlayerFactory) -> str:
    spec = getattr(factory, "spec", None)  # a SpecFactory: its spec, options included
    if spec is not None:
        return str(spec.text)
    return str(getattr(factory, "name", None) or getattr(factory, "__name__", "bot"))


def compare(
    a: PlayerFactory,
    b: PlayerFactory,
    field: Sequence[PlayerFactory],
    *,
    seed: int,
    margin: float = 0.05,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_games: int = 2000,
    batch: int = 8,
    packs: Sequence[str] = ("base",),
    workers: int | None = 1,
    progress: Callable[[SPRTState, int], None] | None = None,
) -> Comparison:
    """Play A and B against ``field`` (one factory per other seat) on paired deals until the
    test decides or each has played ``max_games`` games, rounded up to whole deals (see the
    module's documentation).

    ``batch`` deals are played between looks at the test; ``progress(state, games)`` is called
    after each. The games of a batch run on ``workers`` processes (see
    :func:`kingofny.simulate`). The same arguments give the same comparison.

    Raises :class:`~kingofny.errors.ArgumentError` for a bad argument (the message names it).
    """
    _check_factory("compare(a)", a)
    _check_factory("compare(b)", b)
    if isinstance(field, (str, bytes)) or not isinstance(field, Sequence) or not field:
        raise ArgumentError("compare(field)", f"expected one factory per other seat, got {field!r}")
    for i, factory in enumerate(field):
        _check_factory(f"compare(field[{i}])", factory)
    for name, value, low in (("max_games", max_games, 1), ("batch", batch, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ArgumentError(
                f"compare({name})", f"expected an int of {low} or more, got {value!r}"
            )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("compare(seed)", f"expected an int, got {seed!r}")
    for name, number, high in (
        ("margin", margin, 1.0),
        ("alpha", alpha, 0.5),
        ("beta", beta, 0.5),
    ):
        if (
            isinstance(number, bool)
            or not isinstance(number, (int, float))
            or not 0 < number < high
        ):
            raise ArgumentError(
                f"compare({name})", f"expected a number in (0, {high}), got {number!r}"
            )
    test = SPRT(0.0, margin, alpha, beta)
    seats = len(field) + 1
    if not 2 <= seats <= 6:
        raise ConfigError(f"{seats} seats: a game has 2 to 6 monsters")
    wins = [0.0, 0.0]
    deals = games = 0
    state = test.state()
    batch_index = 0
    while state.decision is None and games < max_games:
        deals_now = min(batch, math.ceil((max_games - games) / seats))
        batch_seed = seed ^ (_BATCH_SALT * (batch_index + 1))
        by_deal: list[list[float]] = []
        for side, bot in enumerate((a, b)):
            won = [0.0] * deals_now

            def keep(index: int, result: GameResult, order: tuple[int, ...]) -> None:
                winners = result.winners or ()
                seat = order.index(0)
                if seat in winners:
                    won[index // seats] += 1 / len(winners)  # noqa: B023 - used at once

            simulate(
                [bot, *field],
                deals_now * seats,
                seed=batch_seed,
                packs=packs,
                chance="keyed",
                duplicate=True,
                workers=workers,
                on_result=keep,
            )
            wins[side] += sum(won)
            by_deal.append(won)
        state = test.add((x - y) / seats for x, y in zip(by_deal[0], by_deal[1]))
        deals += deals_now
        games += deals_now * seats
        batch_index += 1
        if progress is not None:
            progress(state, games)
    return Comparison(
        labels=(_label(a), _label(b)),
        field=tuple(_label(f) for f in field),
        seed=seed,
        deals=deals,
        games=games,
        wins=(wins[0], wins[1]),
        test=state,
        margin=margin,
        alpha=alpha,
        beta=beta,
        max_games=max_games,
    )


def _pct(x: float) -> str:
    return f"{100 * x:+.1f}"


def format_comparison(result: Comparison) -> str:
    """The comparison as text: the games, the win rates with their Wilson intervals, the test
    (its log-likelihood ratio and bounds) and what it accepted, the estimated difference."""
    a, b = result.labels
    test = result.test
    lines = [
        f"compare: A = {a}, B = {b}, against {', '.join(result.field)} "
        f"(keyed chance, duplicate seating, seed {result.seed})",
        f"deals {result.deals}: {result.games} games each for A and B",
    ]
    for label, wins in zip(result.labels, result.wins):
        low, high = wilson_interval(round(wins), result.games)
        rate = wins / result.games if result.games else 0.0
        lines.append(f"  {label}: won {rate:.3f} of its games (95% CI {low:.3f} to {high:.3f})")
    lines.append(
        f"SPRT H0: A - B = 0 against H1: A - B = {result.margin:+.3f} "
        f"(alpha {result.alpha}, beta {result.beta}): LLR {test.llr:.2f}, "
        f"bounds {test.lower:.2f} and {test.upper:.2f}"
    )
    if test.decision == "H1":
        verdict = (
            "H1 accepted: A is better than B (the test looks for a difference of "
            f"{result.margin:.3f}; the interval below says how much)"
        )
    elif test.decision == "H0":
        verdict = "H0 accepted: A is not better than B by the margin"
    else:
        verdict = f"no decision within {result.max_games} games each (the cap)"
    lines.append(verdict)
    lines.append(
        f"difference A - B: {_pct(test.mean)} points of win rate "
        f"(95% CI {_pct(test.low)} to {_pct(test.high)}, over {test.count} deals)"
    )
    return "\n".join(lines)
