"""A game being played by people and bots: its record, its state, undo, save and resume.

A :class:`Session` keeps a complete :class:`~kingofny.GameRecord` as it goes
(:func:`kingofny.start_record`, :func:`kingofny.apply_recorded`), so a saved game replays
exactly, and a stack of the positions at which a person decided, for :meth:`Session.undo`.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Sequence
from pathlib import Path

import kingofny as k
from kingofny.players import BUILTIN_KINDS, HUMAN, parse_spec, player_factory

__all__ = ["HUMAN", "SAVE_FORMAT", "SaveError", "Session"]

SAVE_FORMAT = "kingofny/play"
"""The ``format`` of a saved game of ``kingofny play``: the players and the game record."""
_SAVE_VERSION = 1


class SaveError(k.KingOfNYError):
    """A saved game that cannot be resumed (with the reason)."""


class Session:
    """One game: the seats' players, the record so far, the state, and the undo stack."""

    def __init__(self, players: Sequence[str], record: k.GameRecord, state: k.GameState) -> None:
        if len(players) != record.config.player_count:
            raise k.ConfigError(f"{len(players)} players for {record.config.player_count} monsters")
        self.players = list(players)
        """The player spec of each seat: :data:`HUMAN` or a bot spec (``heuristic``)."""
        self.record = record
        """Everything that happened, replayable."""
        self.state = state
        """The position now (seed included)."""
        seed = record.config.seed or 0
        self.bots: dict[int, k.Player] = {
            seat: player_factory(spec)(seed + seat)
            for seat, spec in enumerate(players)
            if spec != HUMAN
        }
        """The bots, by seat."""
        self.rng = random.Random(seed)
        """Draws what a table asks the program to draw (the ``draw`` command)."""
        self.last_steps: tuple[k.StepRun, ...] = ()
        """The steps the engine ran for the last move applied (:func:`kingofny.apply_traced`)."""
        self._history: list[tuple[k.GameRecord, k.GameState, tuple[object, int]]] = []
        self._program_draws = 0

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        monsters: Sequence[str] | None = None,
        seed: int | None = None,
        typed: Sequence[k.ChanceKind] = (),
        packs: Sequence[str] = ("base",),
    ) -> Session:
        """A new game. ``typed`` kinds of chance are typed in at the table (companion mode);
        the others are drawn from ``seed`` (every kind typed: no seed is used)."""
        all_typed = set(typed) >= set(k.ChanceKind)
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        state = k.new_game(
            list(monsters) if monsters is not None else len(players),
            seed=None if all_typed else seed,
            packs=packs,
            manual=() if all_typed else tuple(typed),
        )
        record, state = k.start_record(state.config)
        return cls(players, record, state)

    # -- playing ---------------------------------------------------------------------------

    def is_human(self, seat: int | None) -> bool:
        """Whether a person decides for ``seat``."""
        return seat is not None and self.players[seat] == HUMAN

    def apply(
        self, move: k.Action | k.Outcome, *, by_person: bool = False, drawn: bool = False
    ) -> k.GameState:
        """Apply a decision or an outcome; return the state before it. ``by_person``: a person
        typed it (it can be undone); ``drawn``: the program drew it for the table. The steps the
        engine ran are kept in :attr:`last_steps`, for narration."""
        before = self.state
        steps: list[k.StepRun] = []
        record, after = k.apply_recorded(self.record, before, move, steps=steps)
        self.last_steps = tuple(steps)
        if by_person:
            self._history.append((self.record, before, self._marker()))
        if drawn:
            self._program_draws += 1
        self.record, self.state = record, after
        return before

    def bot_move(self) -> k.Action:
        """What the bot of the deciding seat chooses (checked to be legal)."""
        seat = self.state.current_player
        assert seat is not None
        legal = k.legal_actions(self.state)
        action = self.bots[seat].choose(k.observe(self.state, seat), legal)
        if action not in legal:
            raise k.PlayerError(f"the {self.players[seat]} bot of seat {seat} chose {action}")
        return action

    def draw(self) -> k.Outcome:
        """An outcome for the chance node, drawn by the program."""
        return k.sample_outcome(self.state, self.rng)

    def _marker(self) -> tuple[object, int]:
        """What changes whenever hidden chance is drawn: the seed's generator, and the count of
        outcomes drawn for the table."""
        return (self.state.rng, self._program_draws)

    def undo(self) -> str | None:
        """Go back to the position of the last decision (or typed outcome) a person made, unless
        hidden chance was drawn since. Returns why not, or None once done."""
        if not self._history:
            return "there is nothing to undo"
        record, state, marker = self._history[-1]
        if marker != self._marker():
            return (
                "chance was drawn since your last decision (dice, a tile or a card): undoing it "
                "would draw again, so it is not allowed"
            )
        self._history.pop()
        self.record, self.state = record, state
        return None

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would succeed now."""
        return bool(self._history) and self._history[-1][2] == self._marker()

    # -- saving ----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The saved game: the players and the record (which ``kingofny replay`` reads too,
        under ``record``)."""
        document = {
            "format": SAVE_FORMAT,
            "version": _SAVE_VERSION,
            "players": self.players,
            "record": k.record_to_dict(self.record),
        }
        return json.dumps(document, indent=1)

    def save(self, path: Path) -> None:
        """Write :meth:`to_json` to ``path`` (through a temporary file, so a failed write
        leaves the old save and no temporary file).

        Raises ``OSError`` (a directory, no such folder, no permission) or ``ValueError`` (a
        name with a NUL character) if it cannot be written."""
        text = self.to_json() + "\n"
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
        except BaseException:
            with contextlib.suppress(OSError, ValueError):
                temporary.unlink(missing_ok=True)
            raise

    @classmethod
    def from_json(cls, text: str, players: Sequence[str] | None = None) -> Session:
        """A session from a saved game (or from a plain game record, with ``players``)."""
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"not JSON: {exc}") from None
        if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
            if document.get("version") != _SAVE_VERSION:
                raise SaveError(f"unknown save version {document.get('version')!r}")
            saved = document.get("players")
            if not isinstance(saved, list) or not all(isinstance(p, str) for p in saved):
                raise SaveError("$.players: expected a list of player kinds")
            if players is None:
                # A save is data: it may name people and the bundled bots, never code to load
                # (a module:Class or file.py:Class seat must be given again with --players).
                for index, spec in enumerate(saved):
                    if spec != HUMAN and parse_spec(spec).target not in BUILTIN_KINDS:
                        raise SaveError(
                            f"$.players[{index}]: {spec!r} is not a bundled bot; give the "
                            "players again (--players) to run it"
                        )
            players = list(players) if players is not None else saved
            record_doc = document.get("record")
        else:
            record_doc = document
        record = k.record_from_dict(record_doc)
        if players is None:
            players = [HUMAN] + ["heuristic"] * (record.config.player_count - 1)
        return cls(players, record, k.replay(record))
