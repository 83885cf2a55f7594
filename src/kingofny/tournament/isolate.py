"""Bots in their own processes (``simulate(isolate=True)``, ``--isolate``).

Each entrant's bot lives in a *host* process, started (``forkserver`` or ``spawn``, see
:func:`kingofny.tournament.processes.process_context`) from the
entrant's factory (so the factory must pickle: a class, a :class:`~kingofny.players.SpecFactory`,
a ``functools.partial``). The runner keeps the authoritative state: it sends the host a copy of
the seat's view and the legal actions, and the host answers with the *index* of the chosen action
as a small JSON object, which the runner checks and looks up in its own list. Nothing the bot
does to its copy of the view (even ``object.__setattr__`` on a frozen class) reaches the game,
and nothing it sends back is unpickled. This contains a bot's play, not hostile code: the runner
imports the module a spec names (to check it), and the host runs with the user's rights.

A host that does not answer within the decision timeout, or dies, is stopped; the decision is a
fault handled by the series' policy, and the seat's later requests in that game fail at once. The
next game starts a fresh host. A host leaves when the process that started it ends, however it
ends (see :mod:`kingofny.tournament.lifeline`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

from kingofny import Action, GameState, PlayerError
from kingofny.players import player_name
from kingofny.runner import BotFailure, describe_exception
from kingofny.tournament.lifeline import Lifeline, watch
from kingofny.tournament.processes import process_context, stop

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from kingofny.runner import PlayerFactory

SETUP_TIMEOUT = 120.0
"""Seconds a host may take to start and make its player (imports, loading a model)."""

_MAX_REPLY = 1 << 16


def _host_main(conn: Connection, factory: PlayerFactory, lifeline: Connection) -> None:
    """The host process: make players and answer requests until the pipe closes (or the
    process that started it ends, even in the middle of a decision)."""
    watch(lifeline)
    player: object = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        reply: dict[str, object]
        try:
            if kind == "new":
                player = factory(message[1])
                reply = {"ok": player_name(player)}
            elif kind == "choose":
                view, legal = message[1], message[2]
                action = player.choose(view, legal)  # type: ignore[attr-defined]
                if isinstance(action, Action) and action in legal:
                    reply = {"index": legal.index(action)}
                else:
                    reply = {"illegal": repr(action)[:300]}
            elif kind in ("on_game_start", "on_game_end"):
                hook = getattr(player, kind, None)
                if callable(hook):
                    hook(message[1], message[2])
                reply = {"ok": None}
            else:
                return
        except Exception as exc:
            reply = {"error": describe_exception(exc)[:2000]}
        conn.send_bytes(json.dumps(reply).encode())


class BotHost:
    """The process hosting one entrant's bot, restarted after a failure."""

    def __init__(self, factory: PlayerFactory, label: str, timeout: float | None) -> None:
        self.factory = factory
        """Makes the bot, in the host process."""
        self.label = label
        """The entrant's label, for messages."""
        self.timeout = timeout
        """Seconds each request may take, or None for no limit."""
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._lifeline: Lifeline | None = None
        self.dead = False
        """Whether the host was stopped during the current game."""

    def _start(self) -> Connection:

        context = process_context()
        if self._lifeline is None:
            self._lifeline = Lifeline()
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_host_main,
            args=(theirs, self.factory, self._lifeline.reader),
            daemon=True,
            name=f"bot {self.label}",
        )
        process.start()
        theirs.close()
        self._process, self._conn = process, ours
        return ours

    def stop(self) -> None:
        """Stop the host process (at once: it may be stuck in the bot's code)."""
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        self._process = self._conn = None
        self.dead = True

    def close(self) -> None:
        """Let the host exit (its pipe closes) and wait for it briefly."""
        process = self._process
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None
        stop(process, 2)
        if self._lifeline is not None:
            self._lifeline.cut()
            self._lifeline = None

    def request(self, message: tuple[object, ...], timeout: float | None) -> dict[str, object]:
        """Send ``message`` and wait for the answer, stopping the host if none comes in time."""
        if self.dead or self._conn is None:
            raise BotFailure("its process was stopped after an earlier fault in this game")
        conn = self._conn
        try:
            conn.send(message)
            if not conn.poll(timeout):
                self.stop()
                raise BotFailure(f"timed out after {timeout:g} s", timed_out=True)
            data = json.loads(conn.recv_bytes(_MAX_REPLY))
        except BotFailure:
            raise
        except (EOFError, OSError, ValueError, RecursionError) as exc:
            self.stop()
            raise BotFailure(
                f"its process died or answered garbage ({type(exc).__name__})"
            ) from None
        if not isinstance(data, dict):
            self.stop()
            raise BotFailure("its process answered garbage")
        return data

    def new_player(self, seed: int) -> IsolatedPlayer:
        """A proxy for a new player made in the host with ``seed``, for one game."""
        if self._process is None or not self._process.is_alive():
            self._start()
        self.dead = False
        reply = self.request(("new", seed), SETUP_TIMEOUT)
        name = reply.get("ok")
        if not isinstance(name, str):
            self.stop()
            raise PlayerError(
                f"entrant {self.label}: making its player failed: {reply.get('error')}"
            )
        return IsolatedPlayer(self, name)


class IsolatedPlayer:
    """A player whose bot runs in a :class:`BotHost` (see the module's docstring)."""

    def __init__(self, host: BotHost, name: str) -> None:
        self.host = host
        """The bot's process."""
        self.name = name
        """The bot's own name."""

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """Ask the bot; raise :class:`~kingofny.runner.BotFailure` if it fails."""
        reply = self.host.request(("choose", view, tuple(legal)), self.host.timeout)
        index = reply.get("index")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(legal):
            return legal[index]
        if "illegal" in reply:
            raise BotFailure(f"returned {reply['illegal']}, which is not legal here")
        raise BotFailure(f"choose() raised {reply.get('error', 'nothing we understand')}")

    def _hook(self, name: str, view: GameState, argument: object) -> None:
        if self.host.dead:
            return
        reply = self.host.request((name, view, argument), self.host.timeout)
        if "error" in reply:
            raise BotFailure(f"raised {reply['error']}")

    def on_game_start(self, view: GameState, seat: int) -> None:
        """Forward the hook to the bot."""
        self._hook("on_game_start", view, seat)

    def on_game_end(self, view: GameState, winners: tuple[int, ...] | None) -> None:
        """Forward the hook to the bot."""
        self._hook("on_game_end", view, winners)
