"""Games in a process of their own, killed when they overrun (``simulate(game_timeout=...)``).

The engine runs a game's content packs' effects in the process that plays the game, and a
Python function that never returns cannot be interrupted from another thread. So with a
``game_timeout`` each worker (the driver itself with ``workers=1``) plays its games through a
:class:`GameHost`: a process, kept from game to game, that plays one game at a time and tells
its progress (the engine steps taken, see :func:`kingofny.play_game`'s ``max_steps``) through
shared memory. A game that overruns has its host killed (a fresh one plays the next game), and
is then played again in a fresh host with ``max_steps`` set to stop it just before the step at
which it hung: games replay exactly from their seeds, so this gives the game up to that step,
recorded as aborted by the fault of the game itself, with the reason. If that fails too (the
game hangs before its first decision, or plays differently the second time), the result holds
the game's starting position and no events.

A host that dies (a bot that exits its process without ``isolate``) is handled the same way.
"""

from __future__ import annotations

import multiprocessing.util
from collections.abc import Iterable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

import attrs

from kingofny import new_game
from kingofny.errors import KingOfNYError
from kingofny.record import GameRecord
from kingofny.runner import Fault, GameResult, describe_exception
from kingofny.tournament.jobs import Job, Planned, Played, Worker
from kingofny.tournament.lifeline import Lifeline, watch
from kingofny.tournament.processes import process_context, stop
from kingofny.tournament.results import GameRow

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.sharedctypes import Synchronized

__all__ = ["GameHost"]

_UNKNOWN = -1
"""The step count before the game reaches its first decision."""


class _Overrun(Exception):
    """The host did not answer in time, or died; ``steps`` is the progress it had told."""

    def __init__(self, problem: str, steps: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.steps = steps


def _game_host_main(
    conn: Connection, job: Job, steps: Synchronized[int], lifeline: Connection
) -> None:
    """The host process: play the games asked for, one at a time, until the pipe closes."""
    watch(lifeline)
    worker = Worker(job)

    def progress(taken: int) -> None:
        steps.value = taken

    try:
        while True:
            try:
                item, max_steps, keep, step_fault = conn.recv()
            except (EOFError, OSError):
                return
            reply: tuple[str, object]
            try:
                played = worker.play(
                    item, max_steps=max_steps, on_step=progress, keep=keep, step_fault=step_fault
                )
                reply = ("ok", played)
            except Exception as exc:
                reply = ("error", _portable(exc))
            conn.send(reply)
    finally:
        worker.close()


def _portable(exc: Exception) -> Exception:
    """``exc`` if it pickles (kingofny's errors do), else a :class:`KingOfNYError` saying it."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return KingOfNYError(describe_exception(exc))
    return exc


class GameHost:
    """The process playing one worker's games under a ``game_timeout`` (see the module)."""

    def __init__(self, job: Job) -> None:
        assert job.game_timeout is not None
        self.job = job
        """The series' job (its ``game_timeout`` applies here; the host plays without one)."""
        self.timeout: float = job.game_timeout
        """Seconds a game may take."""
        self._inner = attrs.evolve(job, game_timeout=None)
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._steps: Synchronized[int] | None = None
        self._lifeline: Lifeline | None = None
        self._busy = False
        # A worker of a process pool exits without closing its Worker: close the host then
        # (before multiprocessing waits for its children, which would wait forever).
        self._finalizer = multiprocessing.util.Finalize(
            self, GameHost.close, args=(self,), exitpriority=10
        )

    def _start(self) -> Connection:
        context = process_context()
        if self._lifeline is None:
            self._lifeline = Lifeline()
        ours, theirs = context.Pipe()
        steps = context.Value("q", _UNKNOWN, lock=False)
        # Not a daemon: with ``isolate`` the host starts the bots' processes itself.
        process = context.Process(
            target=_game_host_main,
            args=(theirs, self._inner, steps, self._lifeline.reader),
            daemon=False,
            name="kingofny game",
        )
        process.start()
        theirs.close()
        self._process, self._conn, self._steps = process, ours, steps
        return ours

    def _kill(self) -> None:
        """Stop the host at once (it may be stuck in an effect)."""
        self._busy = False
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        self._process = self._conn = None

    def close(self) -> None:
        """Let the host exit (its pipe closes), then stop it if it does not; stop it at once if
        it is playing a game (the series stopped early)."""
        if self._busy:
            self._kill()
        process = self._process
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None
        stop(process, 5)
        if self._lifeline is not None:
            self._lifeline.cut()
            self._lifeline = None
        self._finalizer.cancel()

    def _run(
        self, item: Planned, max_steps: int | None, keep: bool, step_fault: str | None
    ) -> Played:
        if self._process is not None and not self._process.is_alive():
            self._kill()  # it died between games (killed from outside): a fresh one plays
        conn = self._conn if self._conn is not None else self._start()
        steps = self._steps
        assert steps is not None
        steps.value = _UNKNOWN
        self._busy = True
        try:
            conn.send((item, max_steps, keep, step_fault))
            if not conn.poll(self.timeout):
                taken = steps.value
                self._kill()
                raise _Overrun(f"the game took longer than {self.timeout:g} s", taken)
            kind, payload = conn.recv()
        except (EOFError, OSError):
            taken = steps.value
            process = self._process
            if process is not None:
                process.join(1)
            code = process.exitcode if process is not None else None
            self._kill()
            raise _Overrun(f"the game's process died (exit status {code})", taken) from None
        # Only here: a series stopped while the game plays (Ctrl+C, SIGTERM) leaves the host
        # busy, and closing it then kills it rather than waiting for the game.
        self._busy = False
        if kind == "error":
            assert isinstance(payload, BaseException)
            raise payload
        assert isinstance(payload, Played)
        return payload

    def play_all(self, items: Iterable[Planned]) -> list[Played]:
        """Play planned games in order, each within the time limit."""
        return [self.play(item) for item in items]

    def play(self, item: Planned) -> Played:
        """Play a planned game within the time limit (see the module for what an overrun
        gives)."""
        job = self.job
        try:
            return self._run(item, job.max_steps, job.keep, None)
        except _Overrun as overrun:
            problem, taken = overrun.problem, overrun.steps
        where = "before its first decision" if taken == _UNKNOWN else f"at engine step {taken}"
        problem = f"{problem} (game_timeout), stopped {where}"
        result: GameResult | None = None
        if taken != _UNKNOWN:
            try:
                again = self._run(item, taken - 1, True, problem).result
            except _Overrun:
                again = None
            if again is not None and again.faults and again.faults[-1].problem == problem:
                result = again
        if result is None:
            result = self._start_of(item, problem)
        row = GameRow.from_result(item.index, item.game_seed, item.player_seeds, item.seats, result)
        return Played(row, result if job.keep else None)

    def _start_of(self, item: Planned, problem: str) -> GameResult:
        """A result for a game that could not be played again: its starting position (before
        setup's chance), no events, and the fault."""
        job = self.job
        # The table before any chance: an explicit-chance game stops at its first reveal, before
        # any effect runs (the hang may have been in one).
        state = new_game(job.resolved_monsters, packs=job.resolved_packs)
        config = attrs.evolve(state.config, seed=item.game_seed)
        count = len(config.monsters)
        return GameResult(
            winners=None,
            final_state=state,
            record=GameRecord(config, (), None),
            decisions=0,
            turns=state.turn.number,
            faults=(Fault(None, 0, problem, None),),
            decisions_by_seat=(0,) * count,
            aborted=True,
            cards_bought=((),) * count,
            vp_by_turn=(tuple(m.vp for m in state.monsters),),
        )
