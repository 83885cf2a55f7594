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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TextIO, TypeVar

from kingofny import new_game
from kingofny._version import __version__
from kingofny.errors import ArgumentError, ConfigError, KingOfNYError
from kingofny.model.content import resolve
from kingofny.players import SpecFactory, player_name
from kingofny.runner import (
    DEFAULT_MAX_DECISIONS,
    GameResult,
    IllegalPolicy,
    PlayerFactory,
    TournamentSummary,
    _check_callable,
    _check_int,
    _check_policy,
    _check_sequence,
    check_timeout,
)
from kingofny.streams import ChanceStreams, check_chance
from kingofny.tournament.gamehost import GameHost
from kingofny.tournament.jobs import Job, Planned, Played, Worker, plan
from kingofny.tournament.lifeline import Lifeline, watch
from kingofny.tournament.lock import ResultsLock
from kingofny.tournament.processes import process_context
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


Backend = Literal["process", "ray"]
"""Where :func:`kingofny.simulate` runs games with ``workers`` other than 1: ``"process"``, a
local pool of processes; ``"ray"``, Ray tasks on a local or remote Ray cluster."""

BACKENDS: tuple[str, ...] = ("process", "ray")
"""The values of :data:`Backend`."""

_T = TypeVar("_T")


# -- backends -----------------------------------------------------------------------------------


def make_worker(job: Job) -> Worker | GameHost:
    """The player of a job's games in this process: a :class:`~kingofny.tournament.jobs.Worker`,
    or with a ``game_timeout`` a :class:`~kingofny.tournament.gamehost.GameHost`, whose games
    run in a process of their own."""
    if job.game_timeout is not None:
        return GameHost(job)  # which holds the bots' processes, if isolated
    return Worker(job)


_WORKER: Worker | GameHost | None = None
"""The worker of a pool process (each process has its own; never shared between threads)."""


def _init_pool_worker(job: Job, lifeline: Connection) -> None:
    global _WORKER
    watch(lifeline)  # the worker leaves when the driver ends, however it ends
    _WORKER = make_worker(job)


def _pool_chunk(items: list[Planned]) -> list[Played]:
    assert _WORKER is not None
    return _WORKER.play_all(items)


def _ray_chunk(job: Job, items: list[Planned]) -> list[Played]:
    worker = make_worker(job)
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
    versions = {pack.name: pack.version for pack in resolve(tuple(packs)).packs}
    return {
        "kind": RESULTS_KIND,
        "schema": RESULTS_SCHEMA,
        "kingofny_version": __version__,
        "packs": [{"name": name, "version": versions.get(name)} for name in packs],
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

    The results file is locked (:mod:`~kingofny.tournament.lock`) from the start to
    :meth:`close` or :meth:`discard`: a second series on the same file is refused with a
    :class:`~kingofny.tournament.lock.ResultsLockedError` instead of interleaving its rows
    (issue 22 §5).
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
        self.lock: ResultsLock | None = None
        """The lock of the results file, held until :meth:`close`."""
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        if path is None:
            return
        if path.is_dir():
            raise ConfigError(f"results file {path} is a directory")
        self.lock = ResultsLock(path)
        self.lock.acquire()
        try:
            self._open(path, records, head, resume, on_row)
        except BaseException:
            self.close()
            raise

    def _open(
        self,
        path: Path,
        records: Path | None,
        head: dict[str, object],
        resume: bool,
        on_row: Callable[[GameRow], None],
    ) -> None:
        """Check the results file and open it: to continue it, or a new one with ``head``."""
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
            self._unlock()

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
        """Close the results file and remove its lock (idempotent)."""
        try:
            if self.file is not None:
                self.file.close()
                self.file = None
        finally:
            self._unlock()

    def _unlock(self) -> None:
        if self.lock is not None:
            self.lock.release()


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
    chance: ChanceStreams = "sequential",
    duplicate: bool = False,
) -> TournamentSummary:
    """Play a checked series (see :func:`kingofny.simulate`)."""
    count = len(factories)
    items = plan(count, games, seed, rotate_seats, duplicate)
    first = next(plan(count, 1, seed, rotate_seats, duplicate))
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
        chance=chance,
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
    if chance != "sequential":
        settings["chance"] = chance
    if duplicate:
        settings["duplicate"] = duplicate
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
        worker: Worker | GameHost | None = None
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
            worker = make_worker(job)
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


def simulate(
    player_factories: Sequence[PlayerFactory],
    games: int,
    *,
    seed: int,
    monsters: Sequence[str] | None = None,
    packs: Sequence[str] = ("base",),
    rotate_seats: bool = True,
    progress: Callable[[int, int], None] | None = None,
    on_result: Callable[[int, GameResult, tuple[int, ...]], None] | None = None,
    on_illegal: IllegalPolicy = "abort",
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    workers: int | None = 1,
    backend: Backend = "process",
    ray_address: str | None = None,
    chunksize: int | None = None,
    isolate: bool = False,
    decision_timeout: float | None = None,
    output: str | os.PathLike[str] | None = None,
    records: str | os.PathLike[str] | None = None,
    resume: bool = False,
    max_steps: int | None = None,
    game_timeout: float | None = None,
    chance: ChanceStreams = "sequential",
    duplicate: bool = False,
) -> TournamentSummary:
    """Play ``games`` games between the players the factories make, and tally the results.

    Each factory is an *entrant*: it makes a fresh player for every game from a seed. Its label
    is its ``name`` attribute (the bundled classes have one), else the name of the players it
    makes, followed for a :class:`~kingofny.players.SpecFactory` by its options
    (``heuristic:flee_life=3``). With ``rotate_seats`` the entrants change seats every game (see
    :func:`seating`) so that the advantage of a seat cancels out over the series; the monsters
    stay in their seats (they have no powers). Game and player seeds are drawn from ``seed``, so
    the same arguments give the same summary, rows and records, whatever ``workers`` and
    ``backend``.

    ``progress(done, games)`` is called after each game and ``on_result(index, result, seats)``
    receives each game's :class:`GameResult` and the entrant of each seat, both in game order
    (also when the games run elsewhere).

    Faults (see :data:`IllegalPolicy` and :func:`play_game`): by default (``"abort"``) a player
    that raises, returns an illegal action or times out stops its game, which is recorded as
    aborted with the reason, and the series goes on; the summary counts the faults of each
    entrant. ``on_illegal="raise"`` stops the series with a
    :class:`~kingofny.errors.PlayerError` instead.

    Paired games (for comparisons that need fewer games, issue 22 §1):

    * ``chance="keyed"``: each game draws its chance from keyed streams of its seed
      (:mod:`kingofny.streams`), so that games with the same seed see the same dice on the same
      monster's turn and roll, the same tiles and the same order of cards, whoever plays;
    * ``duplicate``: each deal (a game seed and the players' seeds) is played once per rotation
      of the seats, ``len(player_factories)`` games in a row (``games`` must be a multiple of
      it, and ``rotate_seats`` left True).
      With ``chance="keyed"`` too, every entrant plays every seat of the same deal on the same
      dice: the luck of the deal and of the seat cancel out within each deal.

    Scale and isolation:

    * ``workers``: how many processes play; None: all cores, but at least 8 games each (a
      process costs a few games to start). 1 plays in this process.
      ``backend="process"`` uses a local pool (see
      :func:`kingofny.tournament.series.process_context`); ``backend="ray"`` runs
      Ray tasks on the cluster at ``ray_address``, or on a local Ray started on demand with
      ``workers`` CPUs (needs the ``ray`` extra; Ray stays up for the next series until
      ``ray.shutdown()``). ``chunksize`` is how many games a task plays (default: automatic).
    * ``isolate``: each entrant's bot runs in its own process, which gets copies of its views
      and answers with the index of its action; the game's state stays here, so a bot cannot
      alter it (see :mod:`kingofny.tournament.isolate`).
    * ``decision_timeout``: seconds each decision (and hook) may take; it implies ``isolate``,
      since only a bot in its own process can be stopped. A bot out of time is stopped, and the
      decision is a fault handled by ``on_illegal`` (abort the game, forfeit the seat, or play a
      random legal action; later decisions of that seat in that game then fail at once).
      At most :data:`MAX_TIMEOUT` (a week).

    Bounding a game (faults of the game itself, whatever ``on_illegal``: the game is aborted,
    its row has a fault without seat and its reason, and the series goes on):

    * ``max_steps``: engine steps (chance outcomes and decisions) a game may take, see
      :func:`play_game`; checked between decisions, so it stops content that makes a game go
      on and on, not an effect that never returns.
    * ``game_timeout``: seconds of wall-clock time a game may take (at most
      :data:`MAX_TIMEOUT`). Each game then runs in a process of its own (one at a time per
      worker, the process kept from game to game), which is killed when its game overruns and
      replaced for the next one: a content pack's effect that never returns cannot be stopped
      in any other way. The game is then played again, in a fresh process, up to the step it
      had reached (games replay exactly from their seeds), so that its row and record hold the
      game up to the step that hung; if that fails too (a game that hangs before its first
      decision, or plays differently the second time), the row holds the game's starting
      position and the record its configuration only. Timed-out games depend on the machine's
      speed, like ``decision_timeout``'s.

    With ``workers`` other than 1, a Ray backend or ``isolate``, the factories are sent to other
    processes and must pickle: bundled classes, :func:`~kingofny.players.player_factory` specs
    (``"mypkg.bots:MyBot"``, ``"bots.py:MyBot"``) and ``functools.partial`` of module-level
    callables do; lambdas and local functions do not (:class:`~kingofny.errors.ConfigError`).

    Files: ``output`` writes a results file (JSON Lines: a manifest line, then one row per game,
    see :mod:`kingofny.tournament.results`); ``records`` a directory of full game records
    (``game-000000.json`` ...), which replay exactly. Each record is written whole (to a
    temporary file, then renamed) before its game's row, so a row always has its record.
    ``output`` refuses an existing non-empty file unless ``resume``: then a file written by the
    same series (same manifest) is continued after its last complete row, and the summary covers
    every game, read or played. With ``records``, resuming also checks that every row has its
    record: from the first game whose record is missing, the rows are dropped and the games
    played again (:attr:`TournamentSummary.replayed` lists the games whose record was missing).

    Every argument is checked before the first game, even for a series of no games: an argument
    of the wrong type or range (no factories, a factory that is not callable, ``games`` or
    ``max_decisions`` not an int of 0 or more, a ``seed`` that is not an int, a ``rotate_seats``
    that is not a bool, callbacks that are not callable, ``workers`` below 1, ``max_steps`` not
    an int of 0 or more, a timeout that is not a number above 0 and at most
    :data:`MAX_TIMEOUT`) raises
    :class:`~kingofny.errors.ArgumentError`; a configuration that cannot start a game (player and
    monster counts that differ, an unknown monster or pack, an unknown ``on_illegal`` policy or
    backend) raises :class:`~kingofny.errors.ConfigError`. Any int is a seed, negative and huge
    ones included, and different seeds give different series (``-5`` is not ``5``).
    """
    _check_sequence("simulate(player_factories)", player_factories)
    if not player_factories:
        raise ArgumentError("simulate(player_factories)", "no player factories given")
    for index, factory in enumerate(player_factories):
        if not callable(factory):
            raise ArgumentError(
                f"simulate(player_factories[{index}])",
                f"expected a player factory (a callable taking a seed), got {factory!r}",
            )
    _check_int("simulate(games)", games, 0)
    _check_int("simulate(seed)", seed)
    _check_int("simulate(max_decisions)", max_decisions, 0)
    if workers is not None:
        _check_int("simulate(workers)", workers, 1)
    chance = check_chance("simulate(chance)", chance)
    flags = (
        ("rotate_seats", rotate_seats),
        ("isolate", isolate),
        ("resume", resume),
        ("duplicate", duplicate),
    )
    for flag, value in flags:
        if not isinstance(value, bool):
            raise ArgumentError(f"simulate({flag})", f"expected a bool, got {value!r}")
    if duplicate and not rotate_seats:
        raise ArgumentError(
            "simulate(duplicate)",
            "duplicate seating rotates the seats: it cannot keep them fixed (rotate_seats=False, "
            "--no-rotate)",
        )
    if duplicate and isinstance(games, int) and games % len(player_factories):
        raise ArgumentError(
            "simulate(duplicate)",
            f"duplicate seating plays whole deals: games must be a multiple of "
            f"{len(player_factories)}, got {games}",
        )
    decision_timeout = check_timeout("simulate(decision_timeout)", decision_timeout)
    game_timeout = check_timeout("simulate(game_timeout)", game_timeout)
    if max_steps is not None:
        _check_int("simulate(max_steps)", max_steps, 0)
    if chunksize is not None:
        _check_int("simulate(chunksize)", chunksize, 1)
    _check_callable("simulate(progress)", progress)
    _check_callable("simulate(on_result)", on_result)
    _check_policy(on_illegal)
    if backend not in ("process", "ray"):
        raise ConfigError(f"backend must be 'process' or 'ray', got {backend!r}")
    count = len(player_factories)
    if monsters is not None:
        _check_sequence("simulate(monsters)", monsters)
        if len(monsters) != count:
            raise ConfigError(f"{count} players but {len(monsters)} monsters")
    # The setup is valid (and these are its monster ids).
    config = new_game(count if monsters is None else monsters, packs=packs).config
    return run_series(
        player_factories,
        games,
        seed=seed,
        monsters=monsters,
        resolved_monsters=config.monsters,
        packs=packs,
        rotate_seats=rotate_seats,
        progress=progress,
        on_result=on_result,
        on_illegal=on_illegal,
        max_decisions=max_decisions,
        workers=workers,
        backend=backend,
        ray_address=ray_address,
        chunksize=chunksize,
        isolate=isolate,
        decision_timeout=decision_timeout,
        output=output,
        records=records,
        resume=resume,
        max_steps=max_steps,
        game_timeout=game_timeout,
        resolved_packs=config.packs,
        chance=chance,
        duplicate=duplicate,
    )
