"""The engine behind :func:`kingofny.simulate`: a seed plan drawn in the driver, games played
in the driver, in a process pool or on Ray, and tallied in game order.

Determinism: the driver draws, for game ``i`` in order, the game seed and then one seed per
entrant from ``random.Random(seed)`` (exactly what the serial runner always drew), and computes
the seating. A worker plays :class:`Planned` games from those numbers alone, and the driver
consumes the results in game order, so the summary, the rows and the records are the same for
every worker count and backend.
"""

from __future__ import annotations

import os
import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TextIO, TypeVar

import attrs

from kingofny._version import __version__
from kingofny.errors import ConfigError, KingOfNYError
from kingofny.players import Player, SpecFactory, player_name
from kingofny.runner import (
    SEED_BITS,
    GameResult,
    IllegalPolicy,
    PlayerFactory,
    TournamentSummary,
    play_game,
    seating,
    seeded_random,
)
from kingofny.tournament.results import (
    RESULTS_KIND,
    RESULTS_SCHEMA,
    GameRow,
    dump_line,
    read_manifest,
    read_results,
)

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext, SpawnContext

    from kingofny.tournament.isolate import BotHost

Backend = Literal["process", "ray"]
"""Where :func:`kingofny.simulate` runs games with ``workers`` other than 1: ``"process"``, a
local pool of processes; ``"ray"``, Ray tasks on a local or remote Ray cluster."""

BACKENDS: tuple[str, ...] = ("process", "ray")
"""The values of :data:`Backend`."""

_T = TypeVar("_T")


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


def plan(entrants: int, games: int, seed: int, rotate_seats: bool = True) -> Iterator[Planned]:
    """The games of a series, as the serial runner always drew them."""
    master = seeded_random(seed)
    for index in range(games):
        game_seed = master.getrandbits(SEED_BITS)
        seats = seating(entrants, index, rotate_seats)
        player_seeds = tuple(master.getrandbits(SEED_BITS) for _ in range(entrants))
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


@attrs.frozen(slots=True)
class Played:
    """A played game: its row, and its whole result when the job keeps them."""

    row: GameRow
    result: GameResult | None


class Worker:
    """Plays planned games for one :class:`Job`, holding the bots' processes when isolated."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.hosts: list[BotHost] = []
        if job.isolate:
            from kingofny.tournament.isolate import BotHost

            self.hosts = [
                BotHost(factory, label, job.decision_timeout)
                for factory, label in zip(job.factories, job.labels)
            ]

    def play(self, item: Planned) -> Played:
        """Play one planned game."""
        job = self.job
        made: list[Player]
        if self.hosts:
            made = [host.new_player(seed) for host, seed in zip(self.hosts, item.player_seeds)]
        else:
            made = [factory(seed) for factory, seed in zip(job.factories, item.player_seeds)]
        result = play_game(
            [made[entrant] for entrant in item.seats],
            monsters=job.monsters,
            packs=job.packs,
            seed=item.game_seed,
            on_illegal=job.on_illegal,
            max_decisions=job.max_decisions,
        )
        row = GameRow.from_result(item.index, item.game_seed, item.player_seeds, item.seats, result)
        return Played(row, result if job.keep else None)

    def play_all(self, items: Iterable[Planned]) -> list[Played]:
        """Play planned games in order."""
        return [self.play(item) for item in items]

    def close(self) -> None:
        """Stop the bots' processes."""
        for host in self.hosts:
            host.close()


# -- backends -----------------------------------------------------------------------------------

_WORKER: Worker | None = None
"""The worker of a pool process (each process has its own; never shared between threads)."""


def _init_pool_worker(job: Job) -> None:
    global _WORKER
    _WORKER = Worker(job)


def _pool_chunk(items: list[Planned]) -> list[Played]:
    assert _WORKER is not None
    return _WORKER.play_all(items)


def _ray_chunk(job: Job, items: list[Planned]) -> list[Played]:
    worker = Worker(job)
    try:
        return worker.play_all(items)
    finally:
        worker.close()


def _chunks(items: Iterator[Planned], size: int) -> Iterator[list[Planned]]:
    while True:
        chunk = [item for _, item in zip(range(size), items)]
        if not chunk:
            return
        yield chunk


def _in_order(
    submit: Callable[[list[Planned]], _T],
    get: Callable[[_T], list[Played]],
    chunks: Iterator[list[Planned]],
    window: int,
) -> Iterator[Played]:
    """Results chunk by chunk in submission order, with at most ``window`` chunks in flight."""
    pending: deque[_T] = deque(submit(c) for _, c in zip(range(window), chunks))
    while pending:
        done = get(pending.popleft())
        nxt = next(chunks, None)
        if nxt is not None:
            pending.append(submit(nxt))
        yield from done


PRELOAD = ("kingofny.tournament.series", "kingofny.players.heuristic", "kingofny.content.base")
"""Modules the fork server imports once, so that each worker starts without importing them."""


def process_context() -> ForkServerContext | SpawnContext:
    """The start method of worker and bot processes: ``forkserver`` where the platform has it
    (a server process imports kingofny once, then forks a worker in milliseconds), ``spawn``
    elsewhere. Never plain ``fork``: forking a process that may run threads is unsafe (and no
    longer 3.14's default)."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        return context
    return multiprocessing.get_context("spawn")


def _process_pool(job: Job, chunks: Iterator[list[Planned]], workers: int) -> Iterator[Played]:
    context = process_context()
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_init_pool_worker, initargs=(job,)
    ) as pool:
        try:

            def submit(chunk: list[Planned]) -> Future[list[Played]]:
                return pool.submit(_pool_chunk, chunk)

            def get(future: Future[list[Played]]) -> list[Played]:
                return future.result()

            yield from _in_order(submit, get, chunks, 2 * workers)
        except BrokenProcessPool as exc:
            raise KingOfNYError(
                f"a worker process died ({exc}); if a player factory comes from a script or a "
                "notebook, give it as a spec (module:Class or file.py:Class) instead"
            ) from exc
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _ray(
    job: Job, chunks: Iterator[list[Planned]], workers: int | None, address: str | None
) -> Iterator[Played]:
    import importlib

    try:
        # Untyped on purpose: the ray extra is optional, and mypy runs without it too.
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ConfigError("backend='ray' needs Ray: pip install 'kingofny[ray]'") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    job_ref = ray.put(job)
    remote = ray.remote(_ray_chunk)

    outstanding: list[object] = []

    def submit(chunk: list[Planned]) -> object:
        ref = remote.remote(job_ref, chunk)
        outstanding.append(ref)
        return ref

    def get(ref: object) -> list[Played]:
        played: list[Played] = ray.get(ref)
        outstanding.remove(ref)
        return played

    try:
        yield from _in_order(submit, get, chunks, 2 * max(1, workers or cpus))
    finally:
        # A series stopped early (an error, Ctrl+C, a consumer that stops reading) leaves no
        # task running on the cluster.
        for ref in outstanding:
            ray.cancel(ref)


# -- results files ------------------------------------------------------------------------------


def _describe_factory(factory: PlayerFactory) -> dict[str, object]:
    if isinstance(factory, SpecFactory):
        return {"spec": factory.spec.text}
    name = getattr(factory, "__qualname__", None) or type(factory).__qualname__
    module = getattr(factory, "__module__", None) or type(factory).__module__
    return {"spec": None, "factory": f"{module}:{name}"}


def manifest(
    factories: Sequence[PlayerFactory],
    labels: Sequence[str],
    games: int,
    seed: int,
    monsters: Sequence[str],
    packs: Sequence[str],
    settings: dict[str, object],
) -> dict[str, object]:
    """The first line of a results file."""
    from kingofny.content import registry

    found = registry.installed()
    return {
        "kind": RESULTS_KIND,
        "schema": RESULTS_SCHEMA,
        "kingofny_version": __version__,
        "packs": [
            {"name": name, "version": getattr(found.find(name), "version", None)} for name in packs
        ],
        "seed": seed,
        "games": games,
        "entrants": [
            {"label": label, **_describe_factory(factory)}
            for factory, label in zip(factories, labels)
        ],
        "monsters": list(monsters),
        **settings,
    }


class _Output:
    """The results file and records directory of a series, written by the driver only."""

    def __init__(
        self,
        path: Path | None,
        records: Path | None,
        head: dict[str, object],
        resume: bool,
        on_row: Callable[[GameRow], None],
    ) -> None:
        self.records = records
        self.done = 0
        """Games read back from a resumed file (each given to ``on_row``)."""
        self.file: TextIO | None = None
        self.created: Path | None = None
        """The results file, if this series created it (see :meth:`discard`)."""
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        if path is None:
            return
        if path.is_dir():
            raise ConfigError(f"results file {path} is a directory")
        exists = path.exists() and path.stat().st_size > 0
        if exists and not resume:
            raise ConfigError(
                f"results file {path} exists: resume it (resume=True, --resume) or remove it"
            )
        if exists:
            theirs = read_manifest(path)
            if theirs != head:
                keys = sorted(k for k in {*theirs, *head} if theirs.get(k) != head.get(k))
                raise ConfigError(
                    f"cannot resume {path}: it was written by another series (differs in "
                    f"{', '.join(keys)})"
                )

            games = head["games"]
            assert isinstance(games, int)
            limit: int = games

            def count(row: GameRow) -> None:
                if row.index >= limit:
                    raise ConfigError(f"cannot resume {path}: it has more than {limit} games")
                self.done += 1
                on_row(row)

            _, good = read_results(path, count)
            os.truncate(path, good)  # a partial last line, from a killed run
            self.file = path.open("a", encoding="utf-8")
        else:
            self.file = path.open("w", encoding="utf-8")
            self.created = path
            self.file.write(dump_line(head))
            self.file.flush()

    def discard(self) -> None:
        """Remove the results file this series created, while it holds no game yet (a series
        that fails before its first game leaves nothing that would block the retry)."""
        if self.created is not None and self.done == 0 and self.file is not None:
            self.file.close()
            self.file = None
            self.created.unlink(missing_ok=True)

    def write(self, played: Played) -> None:
        if self.file is not None:
            self.file.write(dump_line(played.row.to_dict()))
            self.file.flush()
        if self.records is not None and played.result is not None:
            from kingofny.serialize import to_json

            name = self.records / f"game-{played.row.index:06d}.json"
            name.write_text(to_json(played.result.record) + "\n", encoding="utf-8")

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


# -- the series ---------------------------------------------------------------------------------


class _Tally:
    def __init__(self, entrants: int) -> None:
        self.wins = [0] * entrants
        self.decisions = [0] * entrants
        self.faults_by_entrant = [0] * entrants
        self.no_winner = self.unfinished = self.aborted = self.shared = 0
        self.turns = self.total_decisions = 0

    def add(self, row: GameRow) -> None:
        if not row.winners:
            self.no_winner += 1
        if row.status == "abandoned":
            self.unfinished += 1
        elif row.status == "aborted":
            self.aborted += 1
        elif row.winners is not None and len(row.winners) > 1:
            self.shared += 1
        for entrant in row.winning_entrants:
            self.wins[entrant] += 1
        for seat, made in enumerate(row.decisions_by_seat):
            self.decisions[row.seats[seat]] += made
        for fault in row.faults:
            self.faults_by_entrant[row.seats[fault.seat]] += 1
        self.turns += row.turns
        self.total_decisions += row.decisions


def _label(factory: PlayerFactory, seed: int, isolate: bool) -> str:
    """An entrant's label: the ``name`` of the factory (or of the class a spec names), else the
    name of the players it makes, followed by a spec's options. With ``isolate`` no player is
    made here, since bots run in their own processes only: the factory's own name stands in."""
    options = ""
    source: object = factory
    if isinstance(factory, SpecFactory):
        options = factory.spec.options_text
        source = factory.target()
    name = getattr(source, "name", None)
    if not (isinstance(name, str) and name):
        if isolate:
            name = str(getattr(source, "__name__", None) or type(source).__name__)
        else:
            name = player_name(factory(seed))
    return name + (f":{options}" if options else "")


GAMES_PER_WORKER = 8
"""With ``workers=None``, the fewest games per worker (a process costs a few games to start)."""


def _check_main(factories: Sequence[PlayerFactory], backend: Backend) -> None:
    """Refuse, before starting processes, factories defined in an interactive ``__main__`` (a
    notebook, ``python -c``): worker processes cannot import them."""
    import sys

    main = sys.modules.get("__main__")
    if backend == "ray" or getattr(main, "__file__", None) is not None:
        return  # a script is imported again by the workers; Ray pickles such classes by value
    for factory in factories:
        owner = getattr(factory, "__module__", None) or type(factory).__module__
        if owner == "__main__":
            raise ConfigError(
                f"{factory!r} is defined in an interactive session, which worker processes "
                "cannot import: put it in a file and give it as a spec ('bots.py:MyBot', see "
                "kingofny.players.player_factory), or play with workers=1"
            )


def run_series(
    factories: Sequence[PlayerFactory],
    games: int,
    *,
    seed: int,
    monsters: Sequence[str] | None,
    resolved_monsters: Sequence[str],
    packs: Sequence[str],
    rotate_seats: bool,
    progress: Callable[[int, int], None] | None,
    on_result: Callable[[int, GameResult, tuple[int, ...]], None] | None,
    on_illegal: IllegalPolicy,
    max_decisions: int,
    workers: int | None,
    backend: Backend,
    ray_address: str | None,
    chunksize: int | None,
    isolate: bool,
    decision_timeout: float | None,
    output: str | os.PathLike[str] | None,
    records: str | os.PathLike[str] | None,
    resume: bool,
) -> TournamentSummary:
    """Play a checked series (see :func:`kingofny.simulate`)."""
    count = len(factories)
    items = plan(count, games, seed, rotate_seats)
    first = next(plan(count, 1, seed, rotate_seats))
    isolate = isolate or decision_timeout is not None
    labels = tuple(_label(f, s, isolate) for f, s in zip(factories, first.player_seeds))
    job = Job(
        factories=tuple(factories),
        labels=labels,
        monsters=None if monsters is None else tuple(monsters),
        packs=tuple(packs),
        on_illegal=on_illegal,
        max_decisions=max_decisions,
        isolate=isolate,
        decision_timeout=decision_timeout,
        keep=on_result is not None or records is not None,
    )
    settings: dict[str, object] = {
        "rotate_seats": rotate_seats,
        "on_illegal": on_illegal,
        "max_decisions": max_decisions,
        "isolate": isolate,
        "decision_timeout": decision_timeout,
    }
    head = manifest(factories, labels, games, seed, resolved_monsters, packs, settings)
    tally = _Tally(count)
    out = _Output(
        None if output is None else Path(output),
        None if records is None else Path(records),
        head,
        resume,
        tally.add,
    )
    try:
        skip = out.done
        for _ in range(skip):
            next(items, None)
        remaining = games - skip
        cores = os.cpu_count() or 1
        wanted = max(1, min(cores, remaining // GAMES_PER_WORKER)) if workers is None else workers
        parallel = backend == "ray" or min(wanted, remaining) > 1
        if parallel or isolate:
            try:
                _check_main(factories, backend)
            except ConfigError:
                out.discard()
                raise
            try:
                pickle.dumps(job)
            except Exception as exc:
                out.discard()
                raise ConfigError(
                    "with workers > 1, backend='ray' or isolate=True the player factories go to "
                    f"other processes and must pickle, which one does not ({exc}); use a class, "
                    "a functools.partial of a module-level function, or a spec such as "
                    "'mypkg.bots:MyBot' (kingofny.players.player_factory)"
                ) from None
        played: Iterator[Played]
        worker: Worker | None = None
        if backend == "ray":
            # A Ray task costs about a millisecond: larger chunks.
            size = chunksize or max(1, min(32, remaining // (8 * wanted) or 1))
            played = _ray(job, _chunks(items, size), workers, ray_address)
        elif parallel:
            use = min(wanted, remaining)
            # Small chunks: a game takes milliseconds and a chunk's round trip about 0.1 ms, and
            # small chunks keep the workers equally busy to the end.
            size = chunksize or max(1, min(8, remaining // (8 * use) or 1))
            played = _process_pool(job, _chunks(items, size), use)
        else:
            worker = Worker(job)
            played = (worker.play(item) for item in items)
        done = skip
        try:
            for game in played:
                out.write(game)
                tally.add(game.row)
                done += 1
                if on_result is not None and game.result is not None:
                    on_result(game.row.index, game.result, game.row.seats)
                if progress is not None:
                    progress(done, games)
        finally:
            close = getattr(played, "close", None)
            if close is not None:
                close()
            if worker is not None:
                worker.close()
    finally:
        out.close()
    return TournamentSummary(
        seed=seed,
        games=games,
        labels=labels,
        wins=tuple(tally.wins),
        decisions=tuple(tally.decisions),
        no_winner=tally.no_winner,
        unfinished=tally.unfinished,
        shared=tally.shared,
        total_turns=tally.turns,
        total_decisions=tally.total_decisions,
        faults=sum(tally.faults_by_entrant),
        rotate_seats=rotate_seats,
        aborted=tally.aborted,
        faults_by_entrant=tuple(tally.faults_by_entrant),
    )
