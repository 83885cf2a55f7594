"""The analysis of a results file: :func:`report` computes it, :func:`format_report` prints it.

Win rates count a shared win for every winner and are taken over every game of the file
(abandoned and aborted games are games nobody won); each comes with its Wilson 95% interval.
Card lift compares the seats that bought a card with all the other seats of the file: an
observational measure (:data:`CARD_LIFT_WARNING`), which mostly says which entrant buys which
card, not how strong the card is. Ratings are openskill's Plackett-Luce (the ``stats`` extra),
game by game in file order, the winners ranked first and tied, everybody tied when nobody won;
unfinished games are skipped. Bots do not change between games, so the model has no drift
(``tau=0``); the updates are still online, so the order of the games matters a little, and with
close entrants the win rates and their intervals are the steadier figure.

The report keeps the ids of monsters and cards (``base:captain-fish``); the table and the plots
show their printed names (``Captain Fish``, :func:`monster_name`, :func:`card_name`), and the JSON
has both.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

import attrs

from kingofny.tournament.results import GameRow, Results

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

CARD_LIFT_WARNING = (
    "card lift is observational: it mostly shows who buys which card, not card strength; for "
    "that, see the causal card study (kingofny study cards, in What wins King of New York)"
)
"""The one line that goes with card lift in the report's table and plot (issue 22 §5): the
buyers of a card are not a random sample (a strong bot buys other cards than a weak one, and a
monster that is ahead may have more Energy to spend), so lift is not the card's effect; the
causal study gives or withholds the card under the same dice."""


def monster_name(monster_id: str) -> str:
    """The printed name of a monster id of the results (``"base:captain-fish"`` gives
    ``"Captain Fish"``), looked up with :func:`kingofny.find_monster`; the id itself if no
    installed pack knows it."""
    from kingofny import KingOfNYError, find_monster

    try:
        return find_monster(monster_id).name
    except KingOfNYError:
        return monster_id


def card_name(card_id: str) -> str:
    """The printed name of a card id of the results (``"base:fireball"`` gives ``"Fireball"``),
    looked up with :func:`kingofny.find_card`; the id itself if no installed pack knows it."""
    from kingofny import KingOfNYError, find_card

    try:
        return find_card(card_id).name
    except KingOfNYError:
        return card_id


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate ``wins / games`` (95% by default); ``(0, 1)`` for
    no games. For 5 wins in 40 games it is about (0.055, 0.261)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    # At 0 wins (all wins) the bound is exactly 0 (1); rounding gave 5.6e-17 for 0 in 3, a
    # bound beyond the rate itself, which the win-rate plot refused (negative error bar).
    low = 0.0 if wins <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if wins >= games else min(1.0, max(p, centre + half))
    return low, high


@attrs.frozen(slots=True)
class WinRate:
    """Wins out of games for an entrant, a monster or a seat, with its Wilson 95% interval."""

    label: str
    """Who or what: an entrant's label, a monster id (its name: :func:`monster_name`),
    ``"seat 0"``."""
    games: int
    """Games played."""
    wins: int
    """Games won (shared wins included)."""
    low: float
    """Lower bound of the 95% interval."""
    high: float
    """Upper bound of the 95% interval."""

    @property
    def rate(self) -> float:
        """``wins / games`` (0 for no games)."""
        return self.wins / self.games if self.games else 0.0

    @classmethod
    def of(cls, label: str, wins: int, games: int) -> WinRate:
        """The rate with its interval."""
        low, high = wilson_interval(wins, games)
        return cls(label, games, wins, low, high)


@attrs.frozen(slots=True)
class GameLength:
    """How long the games were."""

    games: int
    """All games of the file."""
    finished: int
    """Games that reached their end."""
    aborted: int
    """Games stopped by a fault."""
    abandoned: int
    """Games abandoned at the decision limit."""
    mean_turns: float
    """Mean turns per finished game."""
    median_turns: float
    """Median turns per finished game."""
    min_turns: int
    """Fewest turns of a finished game."""
    max_turns: int
    """Most turns of a finished game."""
    mean_decisions: float
    """Mean decisions per finished game."""
    game_faults: int = 0
    """Games stopped by a fault of the game itself (``max_steps``, ``game_timeout``), included
    in ``aborted``."""


@attrs.frozen(slots=True)
class CardLift:
    """The win rate of the seats that bought a card against that of all the other seats.

    Observational (:data:`CARD_LIFT_WARNING`): it says how buying the card went with winning in
    this file, which mostly reflects who bought it, not what the card is worth."""

    card: str
    """The card id."""
    buyers: int
    """Seat-games in which the card was bought."""
    buyer_wins: int
    """Of those, the ones won."""
    others: int
    """The other seat-games of the file."""
    other_wins: int
    """Of those, the ones won."""

    @property
    def buyer_rate(self) -> float:
        """Win rate of the buyers."""
        return self.buyer_wins / self.buyers if self.buyers else 0.0

    @property
    def other_rate(self) -> float:
        """Win rate of the others."""
        return self.other_wins / self.others if self.others else 0.0

    @property
    def lift(self) -> float:
        """``buyer_rate - other_rate``: how many points of win rate go with buying the card."""
        return self.buyer_rate - self.other_rate


@attrs.frozen(slots=True)
class Rating:
    """An entrant's openskill Plackett-Luce rating."""

    label: str
    """The entrant."""
    mu: float
    """Mean skill."""
    sigma: float
    """Uncertainty."""
    ordinal: float
    """``mu - 3 sigma``: a conservative skill to rank by."""


@attrs.frozen(slots=True)
class EntrantFaults:
    """An entrant's faults."""

    label: str
    """The entrant."""
    faults: int
    """Faults over all games."""
    games: int
    """Games with at least one of its faults."""


@attrs.frozen(slots=True)
class Report:
    """What :func:`report` measured."""

    games: int
    """Rows in the file."""
    entrants: tuple[WinRate, ...]
    """Per entrant, in entrant order (a repeated label gets ``#1``, ``#2``...)."""
    monsters: tuple[WinRate, ...]
    """Per monster, by monster id."""
    seats: tuple[WinRate, ...]
    """Per seat (``seat 0`` plays first at setup's roll-off, see the rules)."""
    length: GameLength
    """Game length."""
    cards: tuple[CardLift, ...]
    """Card lift, highest lift first (ties by card id)."""
    faults: tuple[EntrantFaults, ...]
    """Faults per entrant."""
    ratings: tuple[Rating, ...] | None
    """Ratings by entrant (best ordinal first), or None without openskill or when not asked."""

    def to_dict(self) -> dict[str, object]:
        """The report as JSON data (what ``kingofny report --json`` prints)."""

        def rate(r: WinRate) -> dict[str, object]:
            return {**attrs.asdict(r), "rate": r.rate}

        return {
            "games": self.games,
            "entrants": [rate(r) for r in self.entrants],
            "monsters": [{**rate(r), "name": monster_name(r.label)} for r in self.monsters],
            "seats": [rate(r) for r in self.seats],
            "length": attrs.asdict(self.length),
            "cards": [
                {
                    **attrs.asdict(c),
                    "name": card_name(c.card),
                    "buyer_rate": c.buyer_rate,
                    "other_rate": c.other_rate,
                    "lift": c.lift,
                }
                for c in self.cards
            ],
            "faults": [attrs.asdict(f) for f in self.faults],
            "ratings": None if self.ratings is None else [attrs.asdict(r) for r in self.ratings],
        }


def unique_labels(labels: Sequence[str]) -> tuple[str, ...]:
    """The labels with ``#1``, ``#2``... after those that repeat."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if labels.count(label) > 1:
            seen[label] = seen.get(label, 0) + 1
            out.append(f"{label} #{seen[label]}")
        else:
            out.append(label)
    return tuple(out)


def _ratings(rows: Sequence[GameRow], labels: Sequence[str]) -> tuple[Rating, ...] | None:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce(tau=0.0)  # bots do not change skill between games: no drift
    current = [model.rating(name=label) for label in labels]
    for row in rows:
        if row.status != "finished":
            continue
        winners = set(row.winners or ())
        teams = [[current[entrant]] for entrant in row.seats]
        ranks = [0.0 if (seat in winners or not winners) else 1.0 for seat in range(len(teams))]
        for seat, team in enumerate(model.rate(teams, ranks=ranks)):
            current[row.seats[seat]] = team[0]
    found = [Rating(lab, r.mu, r.sigma, r.ordinal()) for lab, r in zip(labels, current)]
    return tuple(sorted(found, key=lambda r: -r.ordinal))


def report(
    results: Results | Sequence[GameRow],
    labels: Sequence[str] | None = None,
    *,
    ratings: bool = True,
) -> Report:
    """Analyse the rows of a results file (:func:`~kingofny.tournament.load_results`).

    ``labels`` name the entrants (default: the file's manifest; ``entrant 0``... for bare rows).
    ``ratings=False`` skips openskill; without it installed ``ratings`` is None either way.
    """
    rows = tuple(results.rows if isinstance(results, Results) else results)
    if labels is None:
        if isinstance(results, Results):
            labels = results.labels
        else:
            labels = [f"entrant {i}" for i in range(len(rows[0].seats) if rows else 0)]
    names = unique_labels(labels)
    count = len(names)
    wins = [0] * count
    faults = [0] * count
    faulty_games = [0] * count
    seat_games: dict[int, int] = {}
    seat_wins: dict[int, int] = {}
    monster_games: dict[str, int] = {}
    monster_wins: dict[str, int] = {}
    card_buyers: dict[str, int] = {}
    card_wins: dict[str, int] = {}
    slots = total_wins = 0
    for row in rows:
        winners = set(row.winners or ())
        for entrant in row.winning_entrants:
            wins[entrant] += 1
        by_entrant = row.faults_by_entrant(count)
        for entrant, n in enumerate(by_entrant):
            faults[entrant] += n
            faulty_games[entrant] += n > 0
        for seat, monster in enumerate(row.monsters):
            won = seat in winners
            seat_games[seat] = seat_games.get(seat, 0) + 1
            seat_wins[seat] = seat_wins.get(seat, 0) + won
            monster_games[monster] = monster_games.get(monster, 0) + 1
            monster_wins[monster] = monster_wins.get(monster, 0) + won
            slots += 1
            total_wins += won
            for card in set(row.cards[seat]):
                card_buyers[card] = card_buyers.get(card, 0) + 1
                card_wins[card] = card_wins.get(card, 0) + won
    finished = [row for row in rows if row.status == "finished"]
    turns = [row.turns for row in finished]
    length = GameLength(
        games=len(rows),
        finished=len(finished),
        aborted=sum(row.status == "aborted" for row in rows),
        abandoned=sum(row.status == "abandoned" for row in rows),
        mean_turns=statistics.fmean(turns) if turns else 0.0,
        median_turns=float(statistics.median(turns)) if turns else 0.0,
        min_turns=min(turns, default=0),
        max_turns=max(turns, default=0),
        mean_decisions=statistics.fmean(r.decisions for r in finished) if finished else 0.0,
        game_faults=sum(1 for row in rows for f in row.faults if f.seat is None),
    )
    cards = [
        CardLift(
            card,
            buyers,
            card_wins[card],
            slots - buyers,
            total_wins - card_wins[card],
        )
        for card, buyers in card_buyers.items()
    ]
    cards.sort(key=lambda c: (-c.lift, c.card))
    return Report(
        games=len(rows),
        entrants=tuple(WinRate.of(names[i], wins[i], len(rows)) for i in range(count)),
        monsters=tuple(
            WinRate.of(m, monster_wins[m], monster_games[m]) for m in sorted(monster_games)
        ),
        seats=tuple(
            WinRate.of(f"seat {s}", seat_wins[s], seat_games[s]) for s in sorted(seat_games)
        ),
        length=length,
        cards=tuple(cards),
        faults=tuple(EntrantFaults(names[i], faults[i], faulty_games[i]) for i in range(count)),
        ratings=_ratings(rows, names) if ratings else None,
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = "  ".join(c.rjust(w) for c, w in zip(cells[1:], widths[1:]))
        return f"{first}  {rest}".rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rates(title: str, rates: Sequence[WinRate], names: Sequence[str] | None = None) -> list[str]:
    shown = names if names is not None else [r.label for r in rates]
    return _table(
        (title, "games", "wins", "win rate", "95% interval"),
        [
            (name, str(r.games), str(r.wins), _pct(r.rate), f"{_pct(r.low)}-{_pct(r.high)}")
            for name, r in zip(shown, rates)
        ],
    )


def names_of(ids: Sequence[str], name: Callable[[str], str]) -> list[str]:
    """The printed names of ``ids`` by ``name`` (:func:`monster_name`, :func:`card_name`), with
    the id after a name that two of them share (two packs' monsters of one name)."""
    names = [name(i) for i in ids]
    return [n if names.count(n) == 1 else f"{n} ({i})" for n, i in zip(names, ids)]


def format_report(rep: Report, cards: int = 10, min_bought: int = 5) -> str:
    """The report as readable tables: ``cards`` cards of highest and of lowest lift among those
    bought at least ``min_bought`` times."""
    out = [f"{rep.games} games", ""]
    out += _rates("entrant", rep.entrants) + [""]
    out += _rates("monster", rep.monsters, names_of([r.label for r in rep.monsters], monster_name))
    out.append("")
    out += _rates("seat", rep.seats) + [""]
    n = rep.length
    out.append(
        f"game length: {n.finished} finished games, turns mean {n.mean_turns:.1f}, median "
        f"{n.median_turns:g}, range {n.min_turns}-{n.max_turns}; decisions mean "
        f"{n.mean_decisions:.1f}"
    )
    if n.aborted or n.abandoned:
        out.append(f"aborted (faults): {n.aborted}; abandoned (decision limit): {n.abandoned}")
    if n.game_faults:
        out.append(f"aborted by the game's own limit (max_steps, game_timeout): {n.game_faults}")
    if any(f.faults for f in rep.faults):
        out.append(
            "faults: "
            + "; ".join(f"{f.label} {f.faults} in {f.games} games" for f in rep.faults if f.faults)
        )
    out.append("")
    eligible = [c for c in rep.cards if c.buyers >= min_bought]
    shown = eligible if len(eligible) <= 2 * cards else [*eligible[:cards], *eligible[-cards:]]
    if shown:
        card_names = names_of([c.card for c in shown], card_name)
        out.append(f"note: {CARD_LIFT_WARNING}")
        out += _table(
            ("card", "bought", "buyers win", "others win", "lift"),
            [
                (
                    card_names[i],
                    str(c.buyers),
                    _pct(c.buyer_rate),
                    _pct(c.other_rate),
                    f"{100 * c.lift:+.1f} pts",
                )
                for i, c in enumerate(shown)
            ],
        )
        out.append("")
    elif rep.cards:
        out += [f"card lift: no card bought {min_bought} times or more", ""]
    if rep.ratings is None:
        out.append("ratings: install the stats extra (pip install 'kingofny[stats]') for openskill")
    else:
        out += _table(
            ("rating (openskill)", "mu", "sigma", "ordinal"),
            [(r.label, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}") for r in rep.ratings],
        )
    return "\n".join(out)
