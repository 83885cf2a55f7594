"""``kingofny play``: people and bots at one terminal, and companion mode for a real table.

:func:`run` drives a :class:`~kingofny.play.session.Session` with a text input and output
(standard input and output, or any streams: the tests script whole games). Bots' turns are
narrated as they happen (:mod:`kingofny.narrate`); at each person's decision the board is drawn
(:mod:`kingofny.play.board`, with rich when it is installed and the output is a terminal) with
numbered choices.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import attrs

import kingofny as k
from kingofny.narrate import describe, describe_end, describe_start, monster_name
from kingofny.play.board import (
    COMPACT_ROWS,
    BoardView,
    board_lines,
    board_view,
    compact_lines,
    dice_line,
)
from kingofny.play.choices import Choice, InputError, choices, parse_action
from kingofny.play.hints import HINT_BOT, suggest
from kingofny.play.outcomes import TILE_EXAMPLES, outcome_prompt, parse_outcome
from kingofny.play.session import Session
from kingofny.runner import describe_exception
from kingofny.wording import dice_letters_legend

__all__ = ["HELP", "MAX_LISTED", "PlayCrash", "Terminal", "run"]

MAX_LISTED = 16
"""Choices listed in full; beyond that (rerolls) the main ones are listed and the rest typed."""

HELP = """\
Type a choice's number, or a command:
  keep AAC / reroll DO    keep these dice and reroll the others / reroll these
  stop (or keep all)      stop rolling
  resolve attack, or A    resolve that face next
  destroy <what>          e.g. destroy high-rise bronx
  flee bronx / stay       after being hit in Manhattan
  move queens / stay      in the Move step
  buy b / buy fireball    buy the market's card b, or by name; sweep; end
  use <card>              use a card's ability
  board, cards, log       show the board, the cards' texts, the recent log
  hint                    what the strongest bot (MCTS) would do
  undo                    back to your last decision (not past dice or cards drawn since)
  save [FILE]             save the game;  quit  saves and stops
""" + dice_letters_legend()

_TABLE_HELP = """\
Companion mode: do at the table what the line says, then type what came up:
  dice as letters (AACDEO: E energy, H heal, A attack, C celebrity, D destruction, O ouch),
  a tile by kind and number ({tiles}), a card by its name.
  draw: let the program draw this one;  board, undo, save [FILE], quit as usual.""".format(
    tiles=", ".join(TILE_EXAMPLES)
)


class _Quit(Exception):
    """The person asked to stop (``saved``: the game was saved), or the input ended."""

    def __init__(self, saved: bool) -> None:
        super().__init__()
        self.saved = saved


class PlayCrash(k.KingOfNYError):
    """An unexpected error ended the game; the game was saved first, if it could be.

    The message says what went wrong and where the game was saved; the error is chained as
    ``__cause__``.
    """

    def __init__(self, message: str, saved: Path | None) -> None:
        super().__init__(message)
        self.saved = saved
        """Where the game was saved, or None if it could not be."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments."""
        return type(self), (str(self), self.saved)


def _where(path: Path) -> str:
    """``path`` made absolute, quoted if it holds characters a terminal does not show."""
    text = os.path.abspath(path)
    return text if text.isprintable() else repr(text)


def _argument(path: Path) -> str:
    """``path`` made absolute and quoted for the shell, as a command to copy shows it (macOS's
    data folder is under ``Application Support``, with a space)."""
    text = os.path.abspath(path)
    return subprocess.list2cmdline([text]) if os.name == "nt" else shlex.quote(text)


class Terminal:
    """The text front end of one session."""

    def __init__(
        self,
        session: Session,
        inp: TextIO,
        out: TextIO,
        *,
        save_path: Path,
        pace: float = 0.0,
        use_rich: bool = False,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.session = session
        self.inp = inp
        self.out = out
        self.save_path = save_path
        """Where ``save`` and ``quit`` write."""
        self.pace = pace
        """Seconds to wait after each bot decision (0: none)."""
        self.use_rich = use_rich
        self.sleep = sleep
        self.log: list[str] = []
        """Every line narrated so far."""
        self._shown_for: object = None
        self._log_seen = 0
        self._room: int | None = None
        """Lines left for the choices under the board on a small terminal; None: no limit."""
        self._quit_unsaved: int | None = None
        """The number of events when a ``quit`` was refused for want of a save: a second
        ``quit`` leaves without saving only if nothing was played since."""

    # -- output ----------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        """Write lines."""
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def narrate(self, lines: list[str]) -> None:
        """Write narration lines and keep them for ``log``."""
        self.log += lines
        self.say(*lines)

    def show_board(self, seat: int | None, choices_after: int = 0) -> None:
        """Draw the board as ``seat`` sees it (rich tables or plain text), laid out for the
        terminal: when the full board and ``choices_after`` choices would not fit its height
        (or it has fewer than :data:`COMPACT_ROWS` rows), the compact board."""
        view = board_view(k.observe(self.session.state), seat)
        if sum(map(self.session.is_human, range(len(self.session.players)))) > 1:
            view = attrs.evolve(view, shared=True)  # companion mode: several people here
        tty = getattr(self.out, "isatty", lambda: False)()
        size = shutil.get_terminal_size() if tty else None
        self._room = None
        if size is not None and (
            size.lines < COMPACT_ROWS
            or self._full_height(view, size.columns) + min(choices_after, MAX_LISTED) + 2
            > size.lines
        ):
            # A small terminal: the compact board, and the choices in what is left of it.
            lines = compact_lines(view, size.columns)
            self.say(*lines)
            self._room = max(3, size.lines - len(lines) - 2)
        elif self.use_rich:
            from kingofny.play.rich_board import print_board

            print_board(view, self.out)
        else:
            # Wrapped to a real terminal's width; a transcript (not a terminal) keeps its lines.
            self.say(*board_lines(view, size.columns if size is not None else None))

    def _full_height(self, view: BoardView, width: int) -> int:
        """The lines the full board takes ``width`` columns wide."""
        if self.use_rich:
            from kingofny.play.rich_board import board_height

            return board_height(view, width)
        return len(board_lines(view, width))

    def show_cards(self, seat: int | None) -> None:
        """The texts of the market's cards and of every monster's cards."""
        state = self.session.state
        for card in state.market:
            if card is not None:
                spec = k.find_card(card)
                self.say(f"  market: {spec.name} ({spec.cost} energy, {spec.kind}): {spec.text}")
        for i, m in enumerate(state.monsters):
            for card in m.cards:
                spec = k.find_card(card)
                mine = " (yours)" if i == seat else ""
                self.say(f"  {monster_name(state, i)}{mine}: {spec.name}: {spec.text}")

    # -- input -----------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """Read a line after ``prompt``; the end of the input quits."""
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline()
        except UnicodeDecodeError:
            self.say("", "  that line is not text (UTF-8); type it again")
            return ""
        if not line:
            self.say("")
            raise _Quit(saved=False)
        if not getattr(self.inp, "isatty", lambda: False)():
            self.say(line.rstrip("\n"))  # echo scripted input, so a transcript reads well
        return line.strip()

    def common(self, text: str, seat: int | None) -> bool:
        """Handle a command available at every prompt; whether it was one."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("help", "?", "h"):
            self.say(_TABLE_HELP if self.session.state.is_chance else HELP)
        elif word == "board":
            self.show_board(seat)
        elif word == "cards":
            self.show_cards(seat)
        elif word == "log":
            self.say(*self.log[-30:])
        elif word == "undo":
            problem = self.session.undo()
            if problem:
                self.say(f"cannot undo: {problem}")
            else:
                self.say("undone: back to your last decision")
                self.log.append("(undo)")
                if not self.session.state.is_chance:
                    self.show_board(self.session.state.current_player)
        elif word == "save":
            path = Path(rest.strip()) if rest.strip() else self.save_path
            self.save(path)
        elif word in ("quit", "exit", "q"):
            played = len(self.session.record.events)
            if self.save(self.save_path) or self._quit_unsaved == played:
                raise _Quit(saved=True)
            self._quit_unsaved = played
            self.say(
                "not quitting, since the game is not saved: save FILE saves it elsewhere; quit "
                "again leaves without saving"
            )
            return True
        else:
            return False
        self._quit_unsaved = None
        return True

    def save(self, path: Path) -> bool:
        """Save the game to ``path`` and say where (the whole path) and how to resume it, or
        why it could not be saved; whether it was saved."""
        where = _where(path)
        try:
            self.session.save(path)
        except OSError as exc:
            self.say(f"cannot save to {where}: {exc.strerror or exc}")
            return False
        except ValueError as exc:  # a NUL character in the name
            why = "a file name cannot hold a NUL character" if "\0" in str(path) else str(exc)
            self.say(f"cannot save to {where}: {why}")
            return False
        except k.KingOfNYError as exc:  # a position that cannot be written (an effect failing)
            self.say(f"cannot save to {where}: {exc}")
            return False
        self.say(f"saved to {where}; resume with: kingofny play --resume {_argument(path)}")
        return True

    def save_anywhere(self) -> Path | None:
        """Save the game to :attr:`save_path`, or failing that to a new file in the temporary
        directory; where it went, or None if nowhere."""
        if self.save(self.save_path):
            return self.save_path
        try:
            handle, name = tempfile.mkstemp(prefix="kingofny-game-", suffix=".json")
            os.close(handle)
        except OSError as exc:
            self.say(f"cannot save to the temporary directory either: {exc.strerror or exc}")
            return None
        fallback = Path(name)
        if self.save(fallback):
            return fallback
        fallback.unlink(missing_ok=True)
        return None

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person quits; 0 either way.

        The game is saved whenever it stops early: at ``quit`` or the end of the input, and
        before an error goes on (a bot's or an effect's :class:`~kingofny.KingOfNYError`, Ctrl+C);
        any other exception is a bug, reported as :class:`PlayCrash` naming where the game was
        saved."""
        state = self.session.state
        try:
            if not self.session.record.events or state.turn.number == 0:
                self.narrate(describe_start(state))
            else:
                self.say(f"Resuming turn {state.turn.number}.")
            while not self.session.state.is_terminal:
                self.step()
        except _Quit as stop:
            if not stop.saved and self.save_anywhere() is None:
                raise PlayCrash("the input ended and the game could not be saved", None) from None
            return 0
        except (k.KingOfNYError, KeyboardInterrupt):
            # A bot or a card's effect that failed, or Ctrl+C: the game so far is kept.
            self.say("")
            self.save_anywhere()
            raise
        except Exception as exc:
            # A bug: the game so far is kept, and the error reported in one line.
            self.say("")
            saved = self.save_anywhere()
            what = f"unexpected error {describe_exception(exc)}"
            if saved is None:
                raise PlayCrash(f"{what}; the game could not be saved", None) from exc
            raise PlayCrash(
                f"{what}; the game was saved to {_where(saved)} (resume with: kingofny play "
                f"--resume {_argument(saved)})",
                saved,
            ) from exc
        self.narrate(describe_end(self.session.state))
        return 0

    def step(self) -> None:
        """One decision or outcome: a person's, a bot's or the table's."""
        session = self.session
        state = session.state
        if state.is_chance:
            self.typed_outcome()
            return
        seat = state.current_player
        if session.is_human(seat):
            self.human_decision()
            return
        action = session.bot_move()
        before = session.apply(action)
        self.narrate(describe(before, k.Event(seat, action), session.state, session.last_steps))
        if self.pace:
            self.sleep(self.pace)

    def typed_outcome(self) -> None:
        """Ask the table for the chance outcome awaited (or draw it on ``draw``)."""
        session = self.session
        waiting = session.state
        self.say(outcome_prompt(waiting))
        while True:
            text = self.ask("table> ")
            if not text or self.common(text, None):
                if session.state is not waiting:
                    return  # undone
                continue
            drawn = text.lower() in ("draw", "random")
            try:
                outcome = session.draw() if drawn else parse_outcome(text, session.state)
            except InputError as exc:
                self.say(f"  {exc}")
                continue
            before = session.apply(outcome, by_person=not drawn, drawn=drawn)
            self.narrate(
                describe(before, k.Event(None, outcome), session.state, session.last_steps)
            )
            return

    def listed(self, options: tuple[Choice, ...]) -> list[Choice]:
        """The choices to list, numbered from 1: all, or for many rerolls the main ones (and on
        a small terminal, as many as fit under the board)."""
        room = MAX_LISTED if self._room is None else min(MAX_LISTED, self._room)
        if len(options) <= room:
            return list(options)
        dice = self.session.state.turn.dice
        main = []
        for option in options:
            action = option.action
            if isinstance(action, k.Reroll):
                faces = action.dice.faces_present()
                whole = all(action.dice[f] == dice[f] for f in faces)
                if (len(faces) == 1 and whole) or action.dice == dice:
                    main.append(option)
            else:
                main.append(option)
        # Only rerolls are left out (``keep XYZ`` and ``reroll XYZ`` name any of them).
        rerolls = room - sum(not isinstance(o.action, k.Reroll) for o in main)
        fitted = []
        for option in main:
            if isinstance(option.action, k.Reroll):
                if rerolls <= 0:
                    continue
                rerolls -= 1
            fitted.append(option)
        return [attrs.evolve(option, number=i + 1) for i, option in enumerate(fitted)]

    def human_decision(self) -> None:
        """Show the board and the choices; read and apply the person's decision."""
        session = self.session
        state = session.state
        seat = state.current_player
        moment = (seat, state.turn.number, k.waiting_for(state))
        shop = state.waiting_for is not None and state.waiting_for.kind is k.PendingKind.SHOP
        if self._shown_for == moment and len(self.log) == self._log_seen and not shop:
            # The same question again, right after this seat's own move (the next reroll, the
            # next face to resolve): the dice and the question, not the whole board.
            view = board_view(k.observe(state), seat)
            dice = dice_line(view, legend=self._room is None)
            if dice:
                self.say(dice)
            self.say(f"Now: {view.question}")
        else:
            self.show_board(seat, len(choices(state)))
        options = choices(state)
        shown = self.listed(options)
        for option in shown:
            self.say(f"  {option.number:>2}. {option.label}")
        if len(shown) < len(options):
            self.say(
                f"  ... {len(options) - len(shown)} more: type keep XYZ (reroll the rest) or "
                "reroll XYZ"
            )
        name = monster_name(state, seat) if seat is not None else ""
        while True:
            text = self.ask(f"{name}> ")
            if not text:
                continue
            if text.lower() == "hint":
                self.hint()
                continue
            if self.common(text, seat):
                if session.state is not state:
                    return  # undone
                continue
            try:
                action = parse_action(text, state, shown)
            except InputError as exc:
                self.say(f"  {exc}")
                continue
            before = session.apply(action, by_person=True)
            self.narrate(describe(before, k.Event(seat, action), session.state, session.last_steps))
            after = session.state
            self._shown_for = (after.current_player, after.turn.number, k.waiting_for(after))
            self._log_seen = len(self.log)
            return

    def hint(self) -> None:
        """Say what the strongest bot would choose (:func:`kingofny.play.hints.suggest`: MCTS
        with a short budget), as a choice's number or as it is typed."""
        state = self.session.state
        action = suggest(state)
        shown = next((o for o in self.listed(choices(state)) if o.action == action), None)
        if shown is not None:
            self.say(f"  {HINT_BOT} would choose {shown.number}. {shown.label}")
            return
        # Not among the numbered choices (one of many rerolls): say it as it is typed.
        label = next(o.label for o in choices(state) if o.action == action)
        typed = label.split(" (", 1)[0]
        self.say(f"  {HINT_BOT} would {label}: type {typed}")


def run(session: Session, inp: TextIO, out: TextIO, **options: object) -> int:
    """Play ``session`` on these streams (options as :class:`Terminal` takes them)."""
    return Terminal(session, inp, out, **options).run()  # type: ignore[arg-type]
