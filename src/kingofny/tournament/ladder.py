"""A reproducible ladder of bots in mixed tables (issue 22 §3).

:func:`run_ladder` plays every table of ``seats`` bots drawn from a list (every combination),
each table a series of paired games (keyed chance, duplicate seating: every bot plays every seat
of each deal) written to its own results file, so a ladder resumes where it stopped.
:func:`ladder_report` reads the files and rates the bots three ways:

* **Bradley-Terry** over the pairwise results: in a game, a bot that finished ahead of another
  beat it (a tie counts half); strengths by maximum likelihood (Hunter's MM algorithm), on the
  Elo scale (400 log10 of the odds) with the first bot at 0, and 95% intervals from a bootstrap
  over deals (the unit that is independent: the games of one deal share its dice, and the pairs
  of one game its result);
* **Plackett-Luce** over the finishing order (openskill, extra ``stats``): mean and 95% interval
  (mu +- 1.96 sigma);
* **the pairwise matrix**: how often each bot finished ahead of each other, so that an
  intransitive cycle (A over B over C over A) shows.

The finishing order of a game: the winners first, then the monsters still in the game by VP,
then the eliminated ones by VP (equal VP ties).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from kingofny.errors import ArgumentError
from kingofny.players import player_factory
from kingofny.tournament.results import GameRow, load_results
from kingofny.tournament.series import simulate

__all__ = [
    "DEFAULT_BOTS",
    "LadderReport",
    "finishing_ranks",
    "format_ladder",
    "ladder_report",
    "run_ladder",
]

DEFAULT_BOTS = (
    "random",
    "heuristic",
    "expectimax",
    "mcts:playouts=20",
    "mcts:playouts=80",
)
"""The bundled bots at fixed budgets (MCTS at two), as player specs."""
TABLE_NAME = "table-{index:02d}.jsonl"
"""The results file of each table in a ladder's directory."""
Z95 = 1.959963984540054


def finishing_ranks(row: GameRow) -> tuple[int, ...]:
    """The rank of each seat in a finished game (0 first; equal ranks tie): the winners, then the
    monsters still in the game by VP, then the eliminated ones by VP."""
    winners = set(row.winners or ())

    def key(seat: int) -> tuple[int, int, int]:
        return (seat not in winners, row.final_life[seat] <= 0, -row.final_vp[seat])

    keys = [key(seat) for seat in range(len(row.seats))]
    return tuple(sorted(set(keys)).index(k) for k in keys)


@attrs.frozen(slots=True)
class Strength:
    """A bot's rating with its 95% interval."""

    label: str
    value: float
    low: float
    high: float


@attrs.frozen(slots=True)
class LadderReport:
    """What :func:`ladder_report` finds."""

    labels: tuple[str, ...]
    games: int
    """Finished games read."""
    bradley_terry: tuple[Strength, ...]
    """Elo-scale strengths, first bot at 0, best first."""
    plackett_luce: tuple[Strength, ...] | None
    """openskill mu with mu +- 1.96 sigma, best first; None without openskill."""
    ahead: tuple[tuple[float, ...], ...]
    """``ahead[i][j]``: times bot i finished ahead of bot j (a tie counts half)."""
    met: tuple[tuple[int, ...], ...]
    """``met[i][j]``: games with both at the table."""
    win_rates: tuple[tuple[int, int], ...]
    """(wins, games) of each bot."""


def _bradley_terry(ahead: Sequence[Sequence[float]], iterations: int = 400) -> list[float]:
    """Strengths (summing to the number of bots) by Hunter's MM algorithm; a bot that never
    won or never lost gets a tiny or a large strength rather than 0 or infinity (each pair gets
    a tenth of a win each way, a prior that keeps the fit finite)."""
    n = len(ahead)
    wins = [[ahead[i][j] + (0.1 if i != j else 0.0) for j in range(n)] for i in range(n)]
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total = sum(wins[i])
            denominator = sum((wins[i][j] + wins[j][i]) / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(total / denominator if denominator else p[i])
        scale = n / sum(new)
        p = [x * scale for x in new]
    return p


def _elo(p: Sequence[float]) -> list[float]:
    return [400 * math.log10(x / p[0]) for x in p]


def _pairwise(
    games: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], n: int
) -> tuple[list[list[float]], list[list[int]]]:
    ahead = [[0.0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    for bots, ranks in games:
        for (a, ra), (b, rb) in itertools.combinations(zip(bots, ranks), 2):
            met[a][b] += 1
            met[b][a] += 1
            if ra < rb:
                ahead[a][b] += 1
            elif rb < ra:
                ahead[b][a] += 1
            else:
                ahead[a][b] += 0.5
                ahead[b][a] += 0.5
    return ahead, met


def _plackett_luce(
    games: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], labels: Sequence[str]
) -> tuple[Strength, ...] | None:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce(tau=0.0)  # bots do not change between games
    current = [model.rating(name=label) for label in labels]
    for bots, ranks in games:
        teams = [[current[bot]] for bot in bots]
        rated = model.rate(teams, ranks=[float(r) for r in ranks])
        for bot, team in zip(bots, rated):
            current[bot] = team[0]
    found = [
        Strength(label, r.mu, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma)
        for label, r in zip(labels, current)
    ]
    return tuple(sorted(found, key=lambda s: -s.value))


def ladder_report(
    tables: Sequence[tuple[Sequence[str], Sequence[GameRow]]],
    *,
    bootstrap: int = 200,
    seed: int = 0,
    ratings: bool = True,
) -> LadderReport:
    """Rate the bots of ``tables``: (the labels of a table's entrants, its rows) for each table.

    A bot is known by its label across tables. ``bootstrap`` resamples of the games give the
    Bradley-Terry intervals (0: none); ``ratings=False`` skips openskill.
    """
    if isinstance(bootstrap, bool) or not isinstance(bootstrap, int) or bootstrap < 0:
        raise ArgumentError("ladder_report(bootstrap)", f"expected an int >= 0, got {bootstrap!r}")
    if isinstance(tables, (str, bytes)) or not isinstance(tables, Sequence):
        raise ArgumentError(
            "ladder_report(tables)", f"expected (labels, rows) pairs, got {tables!r}"
        )
    labels: list[str] = []
    for table in tables:
        if not isinstance(table, Sequence) or len(table) != 2:
            raise ArgumentError("ladder_report(tables)", f"expected (labels, rows), got {table!r}")
        labels.extend(str(label) for label in table[0] if str(label) not in labels)
    index = {label: i for i, label in enumerate(labels)}
    n = len(labels)
    if n < 2:
        raise ArgumentError("ladder_report(tables)", "a ladder needs at least two bots")
    games: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    deals: dict[tuple[int, int], list[int]] = {}
    """The games of each deal (table, deal), the unit the bootstrap resamples."""
    wins = [0] * n
    played = [0] * n
    for number, (entrants, rows) in enumerate(tables):
        for row in rows:
            if not isinstance(row, GameRow):
                raise ArgumentError("ladder_report(tables)", f"expected GameRow rows, got {row!r}")
            if row.status != "finished":
                continue
            if max(row.seats) >= len(entrants):
                raise ArgumentError(
                    "ladder_report(tables)",
                    f"table {number}: a row seats entrant {max(row.seats)}, but the table names "
                    f"{len(entrants)}",
                )
            bots = tuple(index[str(entrants[entrant])] for entrant in row.seats)
            deals.setdefault((number, row.index // len(row.seats)), []).append(len(games))
            games.append((bots, finishing_ranks(row)))
            for seat, bot in enumerate(bots):
                played[bot] += 1
                wins[bot] += seat in (row.winners or ())
    ahead, met = _pairwise(games, n)
    elo = _elo(_bradley_terry(ahead))
    low, high = list(elo), list(elo)
    if bootstrap and games:
        rng = random.Random(seed)
        units = list(deals.values())
        samples: list[list[float]] = [[] for _ in range(n)]
        for _ in range(bootstrap):
            resample = [games[g] for _ in units for g in units[rng.randrange(len(units))]]
            fitted = _elo(_bradley_terry(_pairwise(resample, n)[0]))
            for i, value in enumerate(fitted):
                samples[i].append(value)
        for i in range(n):
            ordered = sorted(samples[i])
            low[i] = ordered[int(0.025 * (len(ordered) - 1))]
            high[i] = ordered[math.ceil(0.975 * (len(ordered) - 1))]
    bt = tuple(
        sorted(
            (Strength(labels[i], elo[i], low[i], high[i]) for i in range(n)),
            key=lambda s: -s.value,
        )
    )
    return LadderReport(
        labels=tuple(labels),
        games=len(games),
        bradley_terry=bt,
        plackett_luce=_plackett_luce(games, labels) if ratings else None,
        ahead=tuple(tuple(row) for row in ahead),
        met=tuple(tuple(row) for row in met),
        win_rates=tuple(zip(wins, played)),
    )


def run_ladder(
    specs: Sequence[str],
    games_per_table: int,
    directory: str | Path,
    *,
    seed: int,
    seats: int = 4,
    workers: int | None = 1,
    resume: bool = False,
    progress: Callable[[int, int, int], None] | None = None,
) -> LadderReport:
    """Play every table of ``seats`` bots from ``specs`` (player specs, e.g. ``DEFAULT_BOTS``),
    ``games_per_table`` paired games each (a multiple of ``seats``: whole deals), into
    ``directory`` (one results file per table; ``resume`` continues them), then rate the bots.
    ``progress(table, tables, games)`` is called after each table."""
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Sequence):
        raise ArgumentError("ladder(bots)", f"expected a list of bot specs, got {specs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("ladder(seed)", f"expected an int, got {seed!r}")
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise ArgumentError("ladder(seats)", f"expected an int, got {seats!r}")
    if progress is not None and not callable(progress):
        raise ArgumentError("ladder(progress)", f"expected a callable, got {progress!r}")
    if len(set(specs)) != len(specs) or len(specs) < 2:
        raise ArgumentError("ladder(bots)", f"expected two or more different bots, got {specs!r}")
    if not 2 <= seats <= min(6, len(specs)):
        raise ArgumentError("ladder(seats)", f"expected 2 to {min(6, len(specs))}, got {seats!r}")
    if isinstance(games_per_table, bool) or not isinstance(games_per_table, int):
        raise ArgumentError("ladder(games)", f"expected an int, got {games_per_table!r}")
    if games_per_table < seats or games_per_table % seats:
        raise ArgumentError(
            "ladder(games)",
            f"expected a positive multiple of {seats} (whole deals), got {games_per_table}",
        )
    factories = {spec: player_factory(spec) for spec in specs}
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    tables = list(itertools.combinations(specs, seats))
    read: list[tuple[Sequence[str], Sequence[GameRow]]] = []
    for number, table in enumerate(tables):
        path = folder / TABLE_NAME.format(index=number)
        # With resume, simulate checks that the file is this table's series (bots, games,
        # seed, settings) and plays only what is missing.
        simulate(
            [factories[spec] for spec in table],
            games_per_table,
            seed=seed + number,
            chance="keyed",
            duplicate=True,
            workers=workers,
            output=path,
            resume=resume and path.exists(),
        )
        read.append((table, load_results(path).rows))
        if progress is not None:
            progress(number + 1, len(tables), games_per_table)
    return ladder_report(read, seed=seed)


def read_ladder(directory: str | Path, *, seed: int = 0) -> LadderReport:
    """Rate the bots of a ladder's directory (the results files :func:`run_ladder` wrote);
    ``seed`` draws the bootstrap (the ladder's seed gives the intervals it printed)."""
    tables = []
    for path in sorted(Path(directory).glob("table-*.jsonl")):
        results = load_results(path)
        tables.append((_specs(results.manifest), results.rows))
    if not tables:
        raise ArgumentError("ladder directory", f"no table-*.jsonl files in {str(directory)!r}")
    return ladder_report(tables, seed=seed)


def _specs(manifest: object) -> list[str]:
    entrants = getattr(manifest, "get", lambda _: None)("entrants") or []
    return [str(e.get("spec") or e.get("label")) for e in entrants]


def _cell(x: float) -> str:
    return f"{x:5.2f}"


def format_ladder(report: LadderReport) -> str:
    """The ladder as text: the Bradley-Terry table, the Plackett-Luce table, the pairwise
    matrix."""
    width = max(len(label) for label in report.labels)
    lines = [f"ladder over {report.games} finished games"]
    rates = dict(zip(report.labels, report.win_rates))
    lines.append("")
    lines.append(f"Bradley-Terry (Elo scale, {report.labels[0]} = 0; 95% bootstrap interval)")
    for s in report.bradley_terry:
        won, played = rates[s.label]
        rate = won / played if played else 0.0
        lines.append(
            f"  {s.label:<{width}}  {s.value:+7.0f}  ({s.low:+.0f} to {s.high:+.0f})  "
            f"won {rate:.3f} of {played}"
        )
    if report.plackett_luce is not None:
        lines.append("")
        lines.append("Plackett-Luce over the finishing order (openskill mu; 95% interval)")
        for s in report.plackett_luce:
            lines.append(f"  {s.label:<{width}}  {s.value:6.2f}  ({s.low:.2f} to {s.high:.2f})")
    lines.append("")
    lines.append("Finished ahead (row ahead of column, share of the games both played)")
    short = [f"{i + 1:>5}" for i in range(len(report.labels))]
    lines.append(f"  {'':<{width + 4}}" + " ".join(short))
    for i, label in enumerate(report.labels):
        cells = [
            "    -"
            if i == j or not report.met[i][j]
            else _cell(report.ahead[i][j] / report.met[i][j])
            for j in range(len(report.labels))
        ]
        lines.append(f"  {i + 1:>2}. {label:<{width}}" + " ".join(cells))
    return "\n".join(lines)
