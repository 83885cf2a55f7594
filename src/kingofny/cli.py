"""The ``kingofny`` command: play in the terminal or a browser, simulate games between bots,
replay a saved game.

::

    kingofny play --players human,heuristic,random
    kingofny play --companion --typed dice
    kingofny play --resume ~/.local/share/kingofny/games/2026-12-02_061400.json
    kingofny simulate --games 500 --players heuristic,random,random,random --seed 1
    kingofny simulate --games 1 --verbose --save-record game.json
    kingofny simulate --games 10000 --players heuristic,random,random --output results.jsonl
    kingofny report results.jsonl --plot plots/
    kingofny replay game.json
    kingofny review game.json --top 3 --plot curves.png
    kingofny serve --port 8765
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO

from kingofny._files import read_text_file
from kingofny._version import __version__
from kingofny.errors import KingOfNYError
from kingofny.players import BUILTIN_KINDS
from kingofny.streams import CHANCE_STREAMS

# What the commands need is imported inside them, so that ``kingofny --help`` (and a usage
# error) loads neither the runner, the narrator, JSON nor plugin discovery.
if TYPE_CHECKING:
    from pathlib import Path

    from kingofny import ChanceKind
    from kingofny.players import SpecFactory
    from kingofny.record import GameRecord
    from kingofny.runner import GameResult, TournamentSummary

EXIT_OK = 0
"""Success."""
EXIT_ERROR = 2
"""Bad arguments or input (a missing or invalid file, a record that does not replay)."""

EXIT_INTERRUPTED = 128 + 2
"""Stopped by Ctrl+C (SIGINT); ``simulate`` first closes its files and says how to resume."""

PROG = "kingofny"
DEFAULT_PLAYERS = "heuristic,random,random,random"
DEFAULT_PLAY = "human,heuristic,heuristic,heuristic"
DEFAULT_SAVE = "kingofny-game.json"
"""The save file in the current directory when the user's data folder cannot be made."""
_BAR_WIDTH = 30


class _UsageError(Exception):
    """A problem with the arguments, reported in one line."""


class _Terminated(Exception):
    """SIGTERM arrived while ``simulate`` ran (see :func:`_stop_on_sigterm`)."""


EXIT_TERMINATED = 128 + 15
"""``simulate`` stopped by SIGTERM (after closing its files and stopping its processes)."""


def _stop_on_sigterm() -> Callable[[], None]:
    """Make SIGTERM stop ``simulate`` as Ctrl+C does: an exception in the main thread, so that
    the results file is closed after its last whole row and the worker processes are stopped.
    A second SIGTERM ends the process at once (its workers follow it, see
    :mod:`kingofny.tournament.lifeline`). Returns what puts the previous handler back."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, stop)

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    return restore


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (no usage block), exit 2."""

    def error(self, message: str) -> NoReturn:
        """Report a usage error in one line and exit with :data:`EXIT_ERROR`."""
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _default_save_path() -> Path:
    """A new game's save file under the user's data folder (:mod:`kingofny.play.saves`); the
    current directory if that folder cannot be made."""
    from kingofny.play.saves import new_save_path

    try:
        return new_save_path()
    except OSError:
        return _path(DEFAULT_SAVE)


def _path(text: str) -> Path:
    """A file argument as a :class:`~pathlib.Path` (pathlib is imported only when a command is
    given one)."""
    from pathlib import Path

    return Path(text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``kingofny`` command."""
    parser = _Parser(
        prog=PROG,
        description="King of New York: play in the terminal, simulate games between bots, "
        "replay records.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    sim = commands.add_parser(
        "simulate",
        help="play games between bots",
        description="Play games between bots, rotating seats, and print a summary.",
    )
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play (100)")
    sim.add_argument(
        "--players",
        default=None,
        metavar="KINDS",
        help=f"comma-separated players by seat: a kind ({', '.join(BUILTIN_KINDS)}), "
        "policy (the bundled trained policy, extra rl) or policy:path=FILE.npz, "
        "module:Class or file.py:Class, each with options as kind:key=value,key=value "
        f"(default {DEFAULT_PLAYERS}, or one heuristic and random players for --monsters)",
    )
    sim.add_argument(
        "--monsters",
        default=None,
        metavar="IDS",
        help="comma-separated monster ids by seat (default: the first base monsters)",
    )
    sim.add_argument(
        "--packs",
        default="base",
        metavar="P,P",
        help="comma-separated content packs in play (default: base)",
    )
    sim.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="seed of the series (any int; default: drawn at random)",
    )
    sim.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="print the game turn by turn (one game), or a line per game",
    )
    sim.add_argument(
        "--save-record",
        type=_path,
        default=None,
        metavar="FILE",
        help="write the last game as JSON",
    )
    sim.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar on stderr even when it is not a terminal",
    )
    sim.add_argument(
        "--no-rotate", action="store_true", help="keep every player in its seat for every game"
    )
    paired = sim.add_argument_group("paired games (common random numbers)")
    paired.add_argument(
        "--chance",
        choices=CHANCE_STREAMS,
        default="sequential",
        help="draw chance in order from the seed (default), or from keyed streams: the same "
        "dice on the same monster's turn and roll in games with the same seed, whoever plays",
    )
    paired.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seat rotation (whole deals: --games a multiple of the "
        "players); with --chance keyed every player meets every seat's dice",
    )
    scale = sim.add_argument_group("scale and isolation")
    scale.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="processes playing games (default: all cores, at least 8 games each; "
        "1 plays in this process)",
    )
    scale.add_argument(
        "--backend",
        choices=("process", "ray"),
        default="process",
        help="a local process pool (default) or Ray tasks (extra: kingofny[ray])",
    )
    scale.add_argument(
        "--ray-address",
        default=None,
        metavar="ADDR",
        help="join the Ray cluster at ADDR (default: start a local Ray)",
    )
    scale.add_argument(
        "--isolate",
        action="store_true",
        help="run each bot in its own process; the game state stays in the runner",
    )
    scale.add_argument(
        "--decision-timeout",
        type=float,
        default=None,
        metavar="S",
        help="seconds a bot may take per decision, at most a week (implies --isolate); "
        "a late bot is a fault handled by --on-fault",
    )
    scale.add_argument(
        "--game-timeout",
        type=float,
        default=None,
        metavar="S",
        help="seconds a game may take, at most a week: each game runs in a process of its own, "
        "killed when it overruns (a content pack's effect that never returns); the game is "
        "aborted with the reason and the series goes on",
    )
    scale.add_argument(
        "--max-steps",
        type=int,
        default=None,
        metavar="N",
        help="engine steps (decisions and chance outcomes) a game may take; a longer game is "
        "aborted with the reason and the series goes on",
    )
    scale.add_argument(
        "--on-fault",
        choices=("abort", "forfeit", "random", "raise"),
        default="abort",
        help="a bot that raises, plays an illegal action or times out: abort its game "
        "(default), forfeit its seat, play a random legal action for it, or stop the series",
    )
    files = sim.add_argument_group("result files")
    files.add_argument(
        "--output",
        type=_path,
        default=None,
        metavar="FILE",
        help="write a results file (JSON Lines: a manifest, then a row per game)",
    )
    files.add_argument(
        "--records",
        type=_path,
        default=None,
        metavar="DIR",
        help="write every game's full record to DIR/game-NNNNNN.json",
    )
    files.add_argument(
        "--resume",
        action="store_true",
        help="continue the series of an interrupted --output file (give the same options; "
        "the seed may be left out)",
    )

    play = commands.add_parser(
        "play",
        help="play against bots in the terminal, or keep score for a real table",
        description="Play King of New York in the terminal: people (human) and bots in any "
        "mix, or companion mode for a game at a real table, whose dice (and, if you like, "
        "tiles and cards) are typed in.",
    )
    play.add_argument(
        "--players",
        default=None,
        metavar="KINDS",
        help="comma-separated players by seat: human, or a bot spec as for simulate "
        f"(default {DEFAULT_PLAY}; in companion mode every seat human)",
    )
    play.add_argument("--monsters", default=None, metavar="IDS", help="monster ids by seat")
    play.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the game")
    play.add_argument(
        "--companion",
        action="store_true",
        help="companion mode: the table rolls the dice and types them in (see --typed)",
    )
    play.add_argument(
        "--typed",
        default=None,
        metavar="KINDS",
        help="with --companion, the kinds of chance typed in, of dice, tiles, cards "
        "(default dice; the others are drawn by the program)",
    )
    play.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="pause after each bot move (default 0.5 in a terminal, else 0)",
    )
    play.add_argument(
        "--save",
        type=_path,
        default=None,
        metavar="FILE",
        help="where save and quit write (default: a new file in kingofny's data folder, "
        "~/.local/share/kingofny/games on Linux; or the resumed file)",
    )
    play.add_argument("--resume", type=_path, default=None, metavar="FILE", help="resume a game")
    play.add_argument("--plain", action="store_true", help="plain text even if rich is installed")

    commands.add_parser(
        "plugins",
        help="list the installed content packs",
        description="List the content packs installed on the kingofny.content entry points.",
    )
    rep = commands.add_parser(
        "replay", help="print the log of a saved game", description="Replay a game record."
    )
    rep.add_argument("file", type=_path, metavar="FILE", help="a record written by --save-record")

    web = commands.add_parser(
        "serve",
        help="play against bots in a browser (extra web)",
        description="Serve a local web app to play against bots in a browser, and its JSON API. "
        "Needs the web extra: pip install 'kingofny[web]'.",
    )
    web.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only, as are ::1 and "
        "localhost); to let other machines play, say so with --host 0.0.0.0 (every IPv4 "
        "interface), --host :: (every interface) or one of this machine's addresses: there is "
        "no login, so only on a network you trust",
    )
    web.add_argument(
        "--port", type=int, default=8765, help="port to listen on (default 8765; 0: any free port)"
    )
    ana = commands.add_parser(
        "report",
        help="analyse a results file",
        description="Win rates with Wilson 95% intervals per entrant, monster and seat, game "
        "length, card lift and openskill ratings of a results file written by simulate --output.",
    )
    ana.add_argument("file", type=_path, metavar="FILE", help="a results file (results.jsonl)")
    ana.add_argument("--json", action="store_true", help="print the report as JSON")
    ana.add_argument(
        "--plot",
        type=_path,
        default=None,
        metavar="DIR",
        help="write PNG plots to DIR (extra: kingofny[stats])",
    )
    ana.add_argument("--no-ratings", action="store_true", help="skip the openskill ratings")
    ana.add_argument(
        "--cards", type=int, default=10, metavar="N", help="cards of highest and lowest lift (10)"
    )
    ana.add_argument(
        "--min-bought",
        type=int,
        default=5,
        metavar="N",
        help="show the lift of cards bought at least N times (5)",
    )
    from kingofny.cli_experiments import add_commands

    add_commands(commands)
    from kingofny.cli_review import add_command as add_review

    add_review(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``kingofny`` command with ``argv`` (default: the process arguments); return the
    exit status: 0 on success, 2 on bad arguments or input (with a one-line message on
    stderr)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    restore = _stop_on_sigterm() if args.command == "simulate" else None
    try:
        if args.command == "simulate":
            return _simulate(args, sys.stdout, sys.stderr)
        if args.command == "plugins":
            return _plugins(sys.stdout)
        if args.command == "serve":
            return _serve(args, sys.stdout)
        if args.command == "play":
            return _play(args, sys.stdin, sys.stdout)
        if args.command == "report":
            return _report(args, sys.stdout)
        if args.command in ("compare", "ladder", "study"):
            from kingofny.cli_experiments import run

            return run(args, sys.stdout, sys.stderr)
        if args.command == "review":
            from kingofny.cli_review import run as run_review

            return run_review(args, sys.stdout, sys.stderr)
        return _replay(args.file, sys.stdout)
    except KeyboardInterrupt:  # Ctrl+C: a game in play was saved first
        print(file=sys.stderr)
        if args.command == "simulate":
            print(_interrupted(args), file=sys.stderr)
        return EXIT_INTERRUPTED
    except _Terminated:
        resume = " (--resume continues it)" if getattr(args, "output", None) else ""
        print(f"{PROG}: stopped by SIGTERM{resume}", file=sys.stderr)
        return EXIT_TERMINATED
    except BrokenPipeError:
        # The reader stopped early (``kingofny replay game.json | head``): not an error. Point
        # stdout at nothing so that the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (_UsageError, KingOfNYError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        if restore is not None:
            restore()


# -- plugins ------------------------------------------------------------------------------------


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _plugins(out: TextIO) -> int:
    """Print one line per installed pack: name, version, counts, description; then one line
    per entry point that failed to load, with its error (the listing itself succeeds)."""
    from kingofny.plugins import load_installed

    reg = load_installed()  # discovered afresh, every pack loaded
    broken = reg.load_all()
    for name in sorted(reg.loaded):
        pack = reg.loaded[name]
        out.write(
            f"{name} {pack.version}: {_count(len(pack.monsters), 'monster')}, "
            f"{_count(len(pack.cards), 'card')}"
            f"{' - ' + pack.description if pack.description else ''}\n"
        )
    for source, error in broken:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        out.write(f"{source.name} (failed to load): {message}\n")
    return 0


# -- simulate -----------------------------------------------------------------------------------


def _split(text: str, option: str) -> list[str]:
    """The comma-separated names of ``option``; at least one, and no empty one."""
    parts = [part.strip() for part in text.split(",")]
    if not any(parts):
        raise _UsageError(f"{option} needs at least one name, got {text!r}")
    if not all(parts):
        raise _UsageError(f"{option} has an empty name in {text!r}")
    return parts


def _player_specs(text: str) -> list[str]:
    from kingofny.errors import ArgumentError
    from kingofny.players import split_specs

    try:
        return split_specs(text, "--players")
    except ArgumentError as exc:
        raise _UsageError(f"--players {exc.message}") from None


def _factories(specs: Sequence[str]) -> list[SpecFactory]:
    from kingofny.errors import ArgumentError
    from kingofny.players import player_factory

    try:
        return [player_factory(spec) for spec in specs]
    except ArgumentError as exc:
        raise _UsageError(f"--players: {exc.message}") from None


class ProgressBar:
    """A plain-text progress bar redrawn in place (carriage return, no newline) on a stream,
    with the rate and the time left. Both are measured from the first game reported, so that
    starting worker processes and the games a resumed series read back do not skew them."""

    def __init__(self, stream: TextIO, width: int = _BAR_WIDTH, interval: float = 0.1) -> None:
        self.stream = stream
        """Where the bar is drawn."""
        self.width = width
        """Characters of the bar itself."""
        self.interval = interval
        """Seconds between redraws (the first and last states are always drawn)."""
        self._start = time.perf_counter()
        self._drawn = float("-inf")
        self._first: tuple[int, float] | None = None

    def __call__(self, done: int, total: int) -> None:
        """Redraw for ``done`` of ``total`` games; a newline ends it when complete."""
        now = time.perf_counter()
        if self._first is None:
            self._first = (done, now)
        if done < total and done > 1 and now - self._drawn < self.interval:
            return
        self._drawn = now
        filled = self.width * done // total if total else self.width
        first, since = self._first
        if done > first and now > since:
            rate = (done - first) / (now - since)
        else:  # one game so far: its own time
            rate = done / (now - self._start) if now > self._start else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        left = f", {_duration((total - done) / rate)} left" if rate > 0 and done < total else ""
        self.stream.write(f"\r[{bar}] {done}/{total} games, {rate:.0f} games/s{left}   ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """``42s``, ``3m05s`` or ``2h07m``."""
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from kingofny.narrate import narrate
    from kingofny.record import replay_states
    from kingofny.runner import MAX_TIMEOUT
    from kingofny.tournament.series import simulate
    from kingofny.wording import dice_letters_legend

    monsters = _split(args.monsters, "--monsters") if args.monsters is not None else None
    if args.players is not None:
        kinds = _player_specs(args.players)
    elif monsters:
        kinds = ["heuristic"] + ["random"] * (len(monsters) - 1)
    else:
        kinds = _split(DEFAULT_PLAYERS, "--players")
    factories = _factories(kinds)
    packs = _split(args.packs, "--packs")
    if args.games < 1:
        raise _UsageError(f"--games must be at least 1, got {args.games}")
    if args.save_record is not None:
        _check_writable(args.save_record)
    if args.workers is not None and args.workers < 1:
        raise _UsageError(f"--workers must be at least 1, got {args.workers}")
    for option, value in (
        ("--decision-timeout", args.decision_timeout),
        ("--game-timeout", args.game_timeout),
    ):
        if value is not None and not 0 < value <= MAX_TIMEOUT:
            raise _UsageError(
                f"{option} must be above 0 and at most {MAX_TIMEOUT:g} seconds (a week), "
                f"got {value:g}"
            )
    if args.max_steps is not None and args.max_steps < 0:
        raise _UsageError(f"--max-steps must be 0 or more, got {args.max_steps}")
    if args.resume and args.output is None:
        raise _UsageError("--resume needs --output, the file to continue")
    if args.resume and args.seed is None:
        args.seed = _seed_of(args.output)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    args.seed = seed  # the seed in use, which Ctrl+C's resume command gives (see main)
    last: list[tuple[GameResult, tuple[int, ...]]] = []  # the last game, and who sat where
    verbose_games = args.verbose and args.games > 1

    def on_result(index: int, result: GameResult, seats: tuple[int, ...]) -> None:
        last[:] = [(result, seats)]
        if verbose_games:
            out.write(_game_line(index, result, [kinds[e] for e in seats]) + "\n")

    # Whole results come back from the workers only when needed: rows are enough otherwise.
    wanted = args.games == 1 or args.verbose or args.save_record is not None
    show_bar = args.games > 1 and (args.progress or err.isatty())
    started = time.perf_counter()
    summary = simulate(
        factories,
        args.games,
        seed=seed,
        monsters=monsters,
        packs=packs,
        rotate_seats=not args.no_rotate,
        progress=ProgressBar(err) if show_bar else None,
        on_result=on_result if wanted else None,
        on_illegal=args.on_fault,
        workers=args.workers,
        backend=args.backend,
        ray_address=args.ray_address,
        isolate=args.isolate,
        decision_timeout=args.decision_timeout,
        output=args.output,
        records=args.records,
        resume=args.resume,
        max_steps=args.max_steps,
        game_timeout=args.game_timeout,
        chance=args.chance,
        duplicate=args.duplicate,
    )
    elapsed = time.perf_counter() - started
    if summary.replayed:
        names = ", ".join(f"game-{i:06d}.json" for i in summary.replayed[:5])
        more = f" and {len(summary.replayed) - 5} more" if len(summary.replayed) > 5 else ""
        err.write(
            f"kingofny: resumed: {_count(len(summary.replayed), 'record')} missing from "
            f"{args.records} ({names}{more}); played again from game {summary.replayed[0]}\n"
        )
    if not last:  # a series of many games, or every game read back from the resumed file
        out.write(format_summary(summary, elapsed) + "\n")
        if args.output is not None:
            out.write(f"results written to {args.output}\n")
        return EXIT_OK
    result, seats = last[0]
    if args.games == 1:
        if args.verbose:
            lines = iter(narrate(replay_states(result.record)))
            out.write(next(lines) + "\n")  # the monsters in their seats
            seated = ", ".join(
                f"seat {seat} {kinds[entrant]}" for seat, entrant in enumerate(seats)
            )
            out.write(f"Players: {seated}.\n{dice_letters_legend()}\n")
            for line in lines:
                out.write(line + "\n")
        else:
            out.write(_game_line(0, result, kinds) + "\n")
        out.write(f"seed: {seed}\n")
    else:
        out.write(format_summary(summary, elapsed) + "\n")
    if args.output is not None:
        out.write(f"results written to {args.output}\n")
    if args.save_record is not None:
        _save(result.record, args.save_record)
        out.write(f"record of the last game written to {args.save_record}\n")
    return EXIT_OK


def _game_line(index: int, result: GameResult, labels: Sequence[str]) -> str:
    from kingofny.narrate import monster_name

    state = result.final_state
    if result.winners is None:
        outcome = result.status  # aborted (a fault) or abandoned (the decision limit)
        if result.aborted and result.faults:
            outcome += f" ({result.faults[-1].problem})"
    elif not result.winners:
        outcome = "nobody wins"
    else:
        outcome = "won by " + " and ".join(
            f"{monster_name(state, s)} (seat {s}, {labels[s]})" for s in result.winners
        )
    return f"game {index + 1}: {outcome} in {result.turns} turns, {result.decisions} decisions"


def format_summary(summary: TournamentSummary, elapsed: float | None = None) -> str:
    """The summary table printed by ``kingofny simulate``."""
    header = ("player", "seats", "wins", "win rate", "decisions/game")
    rows = [
        (
            kind.label,
            str(kind.entrants),
            str(kind.wins),
            f"{100 * kind.win_rate:.1f}%",
            f"{kind.decisions_per_game:.1f}",
        )
        for kind in summary.kinds()
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = "  ".join(c.rjust(w) for c, w in zip(cells[1:], widths[1:]))
        return f"{first}  {rest}"

    out = [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]
    rotation = "seats rotated every game" if summary.rotate_seats else "fixed seats"
    out.append("")
    out.append(
        f"games: {summary.games} (seed {summary.seed}, {rotation}); "
        f"no winner: {summary.no_winner}; shared wins: {summary.shared}"
    )
    out.append(
        f"mean turns: {summary.mean_turns:.1f}; mean decisions/game: {summary.mean_decisions:.1f}"
    )
    if summary.unfinished:
        out.append(f"abandoned (decision limit): {summary.unfinished}")
    # A fault of the game itself (at most one a game) always aborts it.
    if summary.aborted > summary.game_faults:
        out.append(f"aborted (a player's fault): {summary.aborted - summary.game_faults}")
    if summary.game_faults:
        out.append(f"aborted (--max-steps or --game-timeout): {summary.game_faults}")
    if summary.faults:
        by_entrant = ", ".join(
            f"{label} {n}" for label, n in zip(summary.labels, summary.faults_by_entrant) if n
        )
        out.append(f"player faults: {summary.faults} ({by_entrant})")
    if elapsed is not None and elapsed > 0:
        out.append(f"time: {elapsed:.1f} s ({summary.games / elapsed:.1f} games/s)")
    return "\n".join(out)


def _check_writable(path: Path) -> None:
    """Refuse a ``--save-record`` path that cannot be written, before any game is played."""
    if path.is_dir():
        raise _UsageError(f"--save-record: {path} is a directory")
    parent = path.parent if str(path.parent) else _path(".")
    if not parent.is_dir():
        raise _UsageError(f"--save-record: no such directory: {parent}")


def _save(record: GameRecord, path: Path) -> None:
    from kingofny.serialize import to_json

    path.write_text(to_json(record, indent=2) + "\n", encoding="utf-8")


def _resume_command(args: argparse.Namespace) -> str:
    """The ``kingofny simulate`` command that continues the series of ``args`` (issue 22 §5):
    every option that differs from its default, as parsed (so abbreviated options are spelled
    out), then ``--resume``. An option's name is its destination's (``save_record`` is
    ``--save-record``), as for every option of ``simulate``."""
    import shlex

    defaults = vars(build_parser().parse_args(["simulate"]))
    words = [PROG, "simulate"]
    for dest, value in vars(args).items():
        if dest in ("command", "resume") or dest not in defaults or value == defaults[dest]:
            continue
        option = "--" + dest.replace("_", "-")
        if value is True:
            words.append(option)  # a flag set (every flag of simulate defaults to False)
        elif isinstance(value, (list, tuple)):
            for item in value:
                words += [option, str(item)]
        else:
            words += [option, str(value)]
    return shlex.join([*words, "--resume"])


def _interrupted(args: argparse.Namespace) -> str:
    """What ``simulate`` says when Ctrl+C stops it: how to resume the series, if it writes a
    results file."""
    if args.output is None:
        return (
            f"{PROG}: interrupted; without --output there is no results file to resume "
            "(give --output FILE to write one, which --resume continues)"
        )
    if not args.output.exists():
        return f"{PROG}: interrupted before {args.output} was written; run the command again"
    return (
        f"{PROG}: interrupted; {args.output} keeps every game finished. "
        f"Continue the series with:\n  {_resume_command(args)}"
    )


def _seed_of(path: Path) -> int:
    """The seed in the manifest of the results file ``path`` (for --resume without --seed)."""
    from kingofny.tournament.results import read_results

    if not path.exists():
        raise _UsageError(f"--resume: no such file: {path} (give --seed to start it)")
    seed = read_results(path)[0].manifest["seed"]
    assert isinstance(seed, int)
    return seed


# -- report -------------------------------------------------------------------------------------


def _report(args: argparse.Namespace, out: TextIO) -> int:
    import json

    from kingofny.tournament.report import format_report, report
    from kingofny.tournament.results import load_results

    if not args.file.is_file():
        raise _UsageError(f"no such file: {args.file}")
    if args.cards < 0:
        raise _UsageError(f"--cards must be 0 or more, got {args.cards}")
    results = load_results(args.file)
    rep = report(results, ratings=not args.no_ratings)
    if args.json:
        out.write(json.dumps(rep.to_dict(), indent=2) + "\n")
    else:
        out.write(format_report(rep, cards=args.cards, min_bought=args.min_bought) + "\n")
    if args.plot is not None:
        from kingofny.tournament.plots import write_plots

        for path in write_plots(results, args.plot, rep, min_bought=args.min_bought):
            if not args.json:
                out.write(f"plot written to {path}\n")
    return EXIT_OK


# -- replay -------------------------------------------------------------------------------------


def _replay(path: Path, out: TextIO) -> int:
    from kingofny.narrate import narrate
    from kingofny.record import GameRecord, replay_states
    from kingofny.serialize import from_json
    from kingofny.wording import dice_letters_legend

    text = read_text_file(path, "a saved game record", _UsageError)
    try:
        record = _saved_game_record(text) or from_json(text)
    except KingOfNYError as exc:
        raise _UsageError(f"{path} is not a kingofny game record we can read: {exc}") from None
    if not isinstance(record, GameRecord):
        raise _UsageError(f"{path} holds a game state, not a game record")
    lines = list(narrate(replay_states(record)))
    lines.insert(1, dice_letters_legend())  # after the monsters in their seats
    for line in lines:
        out.write(line + "\n")
    return EXIT_OK


def _saved_game_record(text: str) -> GameRecord | None:
    """The game record inside a save of ``kingofny play`` (which holds the players too), or
    None if ``text`` is not such a save."""
    import json

    from kingofny.play.session import SAVE_FORMAT
    from kingofny.serialize import record_from_dict

    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None  # from_json says what is wrong with it
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        return None
    return record_from_dict(document.get("record"))


# -- serve --------------------------------------------------------------------------------------


def _serve(args: argparse.Namespace, out: TextIO) -> int:
    from kingofny.web import MissingExtraError, is_loopback_host, serve

    if not 0 <= args.port <= 65535:
        raise _UsageError(f"--port must be between 0 and 65535, got {args.port}")

    def ready(url: str) -> None:
        out.write(f"kingofny: playing at {url} (Ctrl+C to stop)\n")
        if not is_loopback_host(args.host):
            out.write(
                f"kingofny: warning: other machines can reach this server (at this machine's "
                f"address, port {url.rsplit(':', 1)[1].strip('/')}); it has no login\n"
            )
        out.flush()

    try:
        serve(args.host, args.port, on_ready=ready)
    except MissingExtraError as exc:
        raise _UsageError(str(exc)) from None
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles Ctrl+C itself
        pass
    return EXIT_OK


# -- play ---------------------------------------------------------------------------------------


def _typed_kinds(text: str | None, companion: bool) -> list[ChanceKind]:
    from kingofny import ChanceKind

    if text is None:
        return [ChanceKind.DICE] if companion else []
    kinds = []
    for name in _split(text, "--typed"):
        word = name.lower().rstrip("s")
        try:
            kinds.append(ChanceKind(word))
        except ValueError:
            raise _UsageError(
                f"--typed: unknown kind {name!r}; choose from dice, tiles, cards"
            ) from None
    return kinds


def _play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    from kingofny.play.rich_board import available
    from kingofny.play.session import HUMAN, SaveError, Session
    from kingofny.play.terminal import Terminal

    if args.typed is not None and not args.companion and args.resume is None:
        raise _UsageError("--typed is for companion mode: add --companion")
    companion = args.companion
    monsters = _split(args.monsters, "--monsters") if args.monsters is not None else None
    players = _player_specs(args.players) if args.players is not None else None
    if players is not None:
        bots = [spec for spec in players if spec.lower() != HUMAN]
        try:
            _factories(bots)  # checked now: an unknown bot is a usage error
        except _UsageError as exc:
            raise _UsageError(f"{exc} (or human, for a person at the keyboard)") from None
        players = [HUMAN if spec.lower() == HUMAN else spec for spec in players]
    if args.resume is not None:
        ignored = [
            option
            for option, value in (
                ("--monsters", args.monsters),
                ("--seed", args.seed),
                ("--typed", args.typed),
                ("--companion", args.companion or None),
            )
            if value is not None
        ]
        if ignored:
            raise _UsageError(
                f"--resume continues the saved game as it was set up; drop {', '.join(ignored)}"
            )
        text = read_text_file(args.resume, "a saved game", _UsageError)
        try:
            session = Session.from_json(text, players)
        except (SaveError, KingOfNYError) as exc:
            raise _UsageError(f"{args.resume} cannot be resumed: {exc}") from None
        save_path = args.save or args.resume
    else:
        count = len(monsters) if monsters else len(players) if players else 4
        if players is None:
            players = [HUMAN] * count if companion else _split(DEFAULT_PLAY, "--players")[:count]
        if monsters is not None and len(monsters) != len(players):
            raise _UsageError(f"{len(players)} players but {len(monsters)} monsters")
        session = Session.new(
            players,
            monsters=monsters,
            seed=args.seed,
            typed=_typed_kinds(args.typed, companion),
        )
        save_path = args.save or _default_save_path()
        seed = session.record.config.seed
        out.write(f"seed {seed}\n" if seed is not None else "every chance is typed in\n")
    tty = out.isatty()
    pace = args.pace if args.pace is not None else (0.5 if tty else 0.0)
    if pace < 0:
        raise _UsageError(f"--pace must be 0 or more, got {pace}")
    use_rich = tty and not args.plain and available()
    reconfigure = getattr(inp, "reconfigure", None)
    if callable(reconfigure):
        # Bytes that are not UTF-8 are read as U+FFFD and answered like any other typo.
        reconfigure(errors="replace")
    return Terminal(session, inp, out, save_path=save_path, pace=pace, use_rich=use_rich).run()
