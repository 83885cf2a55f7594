"""The engine behind :func:`kingofny.simulate`: a seed plan drawn in the driver, games played
in the driver, in a process pool or on Ray, and tallied in game order.

Determinism: the driver draws, for game ``i`` in order, the game seed and then one seed per
entrant from ``random.Random(seed)`` (exactly what the serial runner always drew), and computes
the seating. A worker plays :class:`Planned` games from those numbers alone, and the driver
consumes the results in game order, so the summary, the rows and the records are the same for
every worker count and backend.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import tempfile
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
    _play,
    seating,
    seeded_random,
)
from kingofny.tournament.lifeline import Lifeline, watch
from kingofny.tournament.results import (
    RESULTS_KIND,
    RESULTS_SCHEMA,
    GameRow,
    dump_line,
    read_manifest,
    read_results,
)

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext, SpawnContext

    from kingofny.tournament.gamehost import GameHost
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
    max_steps: int | None = None
    """Engine steps a game may take (see :func:`kingofny.play_game`)."""
    game_timeout: float | None = None
    """Seconds a game may take; the games then run in a process of their own (see
    :mod:`kingofny.tournament.gamehost`)."""
    resolved_monsters: tuple[str, ...] = ()
    """The monster ids by seat, as the game's configuration has them."""
    resolved_packs: tuple[str, ...] = ()
    """The packs in play, as the game's configuration has them."""


@attrs.frozen(slots=True)
class Played:
    """A played game: its row, and its whole result when the job keeps them."""

    row: GameRow
    result: GameResult | None


class Worker:
    """Plays planned games for one :class:`Job`, holding the bots' processes when isolated, or
    the process that plays the games with a ``game_timeout``."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.hosts: list[BotHost] = []
        self.game_host: GameHost | None = None
        if job.game_timeout is not None:
            from kingofny.tournament.gamehost import GameHost

            self.game_host = GameHost(job)  # which holds the bots' processes, if isolated
            return
        if job.isolate:
            from kingofny.tournament.isolate import BotHost

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
        if self.game_host is not None:
            return self.game_host.play(item)
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
        )
        row = GameRow.from_result(item.index, item.game_seed, item.player_seeds, item.seats, result)
        return Played(row, result if (job.keep if keep is None else keep) else None)

    def play_all(self, items: Iterable[Planned]) -> list[Played]:
        """Play planned games in order."""
        return [self.play(item) for item in items]

    def close(self) -> None:
        """Stop the bots' processes, or the games' process."""
        if self.game_host is not None:
            self.game_host.close()
        for host in self.hosts:
            host.close()


# -- backends -----------------------------------------------------------------------------------

_WORKER: Worker | None = None
"""The worker of a pool process (each process has its own; never shared between threads)."""


def _init_pool_worker(job: Job, lifeline: Connection) -> None:
    global _WORKER
    watch(lifeline)  # the worker leaves when the driver ends, however it ends
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
    """Games played by a pool of ``workers`` processes, in order. The workers hold a
    :class:`~kingofny.tournament.lifeline.Lifeline` of this process: they leave when it ends
    (even killed), and at once when the series stops early (an error, Ctrl+C, SIGTERM, a
    consumer that stops reading), even in the middle of a game."""
    context = process_context()
    lifeline = Lifeline()
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_init_pool_worker, initargs=(job, lifeline.reader)
    )
    complete = False
    try:

        def submit(chunk: list[Planned]) -> Future[list[Played]]:
            return pool.submit(_pool_chunk, chunk)

        def get(future: Future[list[Played]]) -> list[Played]:
            return future.result()

        yield from _in_order(submit, get, chunks, 2 * workers)
        complete = True
    except BrokenProcessPool as exc:
        raise KingOfNYError(
            f"a worker process died ({exc}); if a player factory comes from a script or a "
            "notebook, give it as a spec (module:Class or file.py:Class) instead"
        ) from exc
    finally:
        if not complete:
            lifeline.cut()  # do not wait for games no one will read
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            lifeline.cut()


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
    from kingofny import _registry as registry

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


RECORD_NAME = "game-{index:06d}.json"
"""The name of a game's record in a series' records directory."""


def record_path(records: Path, index: int) -> Path:
    """Where a series writes the record of game ``index`` in its records directory."""
    return records / RECORD_NAME.format(index=index)


def has_record(records: Path, index: int) -> bool:
    """Whether the record of game ``index`` is in ``records``, whole: a record is written to a
    temporary file and renamed, and ends with a closing brace and a newline."""
    try:
        with record_path(records, index).open("rb") as stream:
            stream.seek(-2, os.SEEK_END)
            return stream.read() == b"}\n"
    except OSError:  # missing, unreadable, or shorter than two bytes
        return False


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``: a
    reader, or a series killed midway, sees the old file or the whole new one, never part."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class _Output:
    """The results file and records directory of a series, written by the driver only.

    Each game's record is written (whole, see :func:`_write_atomically`) before its row, so a
    row always has its record. A resumed series with records checks that: from the first row
    whose record is missing (a file written by an older release, a record deleted since), the
    rows are dropped and their games played again; ``missing`` lists those games.
    """

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
        self.missing: list[int] = []
        """The games of a resumed file whose record was missing."""
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
                if records is not None and not has_record(records, row.index):
                    self.missing.append(row.index)
                if not self.missing:
                    self.done += 1
                    on_row(row)

            _, good = read_results(path, count)
            if self.missing:
                good = _row_offset(path, self.missing[0])
            os.truncate(path, good)  # a partial last line, or the rows to play again
            if records is not None:
                for stale in records.glob(".game-*.tmp"):  # from a series killed mid-write
                    stale.unlink(missing_ok=True)
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
        """Write a game's record (whole), then its row."""
        if self.records is not None and played.result is not None:
            from kingofny.serialize import to_json

            path = record_path(self.records, played.row.index)
            _write_atomically(path, to_json(played.result.record) + "\n")
        if self.file is not None:
            self.file.write(dump_line(played.row.to_dict()))
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _row_offset(path: Path, index: int) -> int:
    """The byte offset at which the row of game ``index`` starts (after the manifest line and
    ``index`` rows)."""
    offset = 0
    with path.open("rb") as stream:
        for _, line in zip(range(index + 1), stream):
            offset += len(line)
    return offset


# -- the series ---------------------------------------------------------------------------------


class _Tally:
    def __init__(self, entrants: int) -> None:
        self.wins = [0] * entrants
        self.decisions = [0] * entrants
        self.faults_by_entrant = [0] * entrants
        self.no_winner = self.unfinished = self.aborted = self.shared = 0
        self.turns = self.total_decisions = self.game_faults = 0

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
            if fault.seat is None:
                self.game_faults += 1
            else:
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
    max_steps: int | None = None,
    game_timeout: float | None = None,
    resolved_packs: Sequence[str] | None = None,
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
        max_steps=max_steps,
        game_timeout=game_timeout,
        resolved_monsters=tuple(resolved_monsters),
        resolved_packs=tuple(packs if resolved_packs is None else resolved_packs),
    )
    settings: dict[str, object] = {
        "rotate_seats": rotate_seats,
        "on_illegal": on_illegal,
        "max_decisions": max_decisions,
        "isolate": isolate,
        "decision_timeout": decision_timeout,
    }
    # Only when set, so that the files of earlier releases (without them) still resume.
    if max_steps is not None:
        settings["max_steps"] = max_steps
    if game_timeout is not None:
        settings["game_timeout"] = game_timeout
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
        if parallel or isolate or game_timeout is not None:
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
                    "with workers > 1, backend='ray', isolate=True or a game_timeout the player "
                    "factories go to "
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
        game_faults=tally.game_faults,
        replayed=tuple(out.missing),
    )
