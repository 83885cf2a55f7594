"""The games of a series as work: the plan of each game, the job a worker is given, and the
worker that plays planned games in one process (:mod:`kingofny.tournament.series` hands them
out; :mod:`kingofny.tournament.gamehost` plays them under a time limit)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Literal

import attrs

from kingofny.players import Player
from kingofny.runner import (
    SEED_BITS,
    GameResult,
    IllegalPolicy,
    PlayerFactory,
    _play,
    seating,
    seeded_random,
)
from kingofny.streams import ChanceStreams
from kingofny.tournament.isolate import BotHost
from kingofny.tournament.results import GameRow


@attrs.frozen(slots=True)
class Planned:
    """One game of the plan: its number, seeds and seating."""

    index: int
    """The game's number, from 0."""
    game_seed: int
    """The game's seed."""
    player_seeds: tuple[int, ...]
    """The seed of each entrant's player, by entrant."""
    seats: tuple[int, ...]
    """The entrant in each seat."""


def plan(
    entrants: int, games: int, seed: int, rotate_seats: bool = True, duplicate: bool = False
) -> Iterator[Planned]:
    """The games of a series, as the serial runner always drew them. With ``duplicate`` (and
    ``rotate_seats``, which :func:`kingofny.simulate` requires with it), each deal (a game seed
    and the players' seeds) is played ``entrants`` times in a row, once per rotation of the
    seats."""
    master = seeded_random(seed)
    game_seed, player_seeds = 0, tuple[int, ...]()
    for index in range(games):
        if not duplicate or index % entrants == 0:
            game_seed = master.getrandbits(SEED_BITS)
            player_seeds = tuple(master.getrandbits(SEED_BITS) for _ in range(entrants))
        seats = seating(entrants, index, rotate_seats)
        yield Planned(index, game_seed, player_seeds, seats)


@attrs.frozen(slots=True)
class Job:
    """What a worker needs to play planned games (pickled once per worker)."""

    factories: tuple[PlayerFactory, ...]
    labels: tuple[str, ...]
    monsters: tuple[str, ...] | None
    packs: tuple[str, ...]
    on_illegal: IllegalPolicy
    max_decisions: int
    isolate: bool
    decision_timeout: float | None
    keep: bool
    """Whether to send back the whole :class:`GameResult` (for ``on_result`` and records)."""
    max_steps: int | None = None
    """Engine steps a game may take (see :func:`kingofny.play_game`)."""
    game_timeout: float | None = None
    """Seconds a game may take; the games then run in a process of their own (see
    :mod:`kingofny.tournament.gamehost`)."""
    resolved_monsters: tuple[str, ...] = ()
    """The monster ids by seat, as the game's configuration has them."""
    resolved_packs: tuple[str, ...] = ()
    """The packs in play, as the game's configuration has them."""
    chance: ChanceStreams = "sequential"
    """How the games draw their chance (:mod:`kingofny.streams`)."""


@attrs.frozen(slots=True)
class Played:
    """A played game: its row, and its whole result when the job keeps them."""

    row: GameRow
    result: GameResult | None


class Worker:
    """Plays planned games for one :class:`Job` in this process, holding the bots' processes
    when isolated (a job's ``game_timeout`` is the :class:`~kingofny.tournament.gamehost.GameHost`'s
    to apply: this worker plays without one)."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.hosts: list[BotHost] = []
        if job.isolate:
            self.hosts = [
                BotHost(factory, label, job.decision_timeout)
                for factory, label in zip(job.factories, job.labels)
            ]

    def play(
        self,
        item: Planned,
        *,
        max_steps: int | Literal["job"] | None = "job",
        on_step: Callable[[int], None] | None = None,
        keep: bool | None = None,
        step_fault: str | None = None,
    ) -> Played:
        """Play one planned game; the keywords stand in for the job's ``max_steps`` and
        ``keep``, and pass ``on_step`` and ``step_fault`` on (see ``kingofny.runner._play``)."""
        job = self.job
        made: list[Player]
        if self.hosts:
            made = [host.new_player(seed) for host, seed in zip(self.hosts, item.player_seeds)]
        else:
            made = [factory(seed) for factory, seed in zip(job.factories, item.player_seeds)]
        result = _play(
            [made[entrant] for entrant in item.seats],
            monsters=job.monsters,
            packs=job.packs,
            seed=item.game_seed,
            on_illegal=job.on_illegal,
            max_decisions=job.max_decisions,
            max_steps=job.max_steps if max_steps == "job" else max_steps,
            on_step=on_step,
            step_fault=step_fault,
            chance=job.chance,
        )
        row = GameRow.from_result(item.index, item.game_seed, item.player_seeds, item.seats, result)
        return Played(row, result if (job.keep if keep is None else keep) else None)

    def play_all(self, items: Iterable[Planned]) -> list[Played]:
        """Play planned games in order."""
        return [self.play(item) for item in items]

    def close(self) -> None:
        """Stop the bots' processes."""
        for host in self.hosts:
            host.close()
