"""Result files: JSON Lines, a manifest line then one row per game (:class:`GameRow`).

The file is written by the driver process only, one flushed line per game in game order, so a
series killed midway leaves a prefix of the full file (and at most one partial last line, which
:func:`read_results` drops); :func:`kingofny.simulate` with ``resume=True`` continues it. The
format is plain JSON, read back with full validation (no pickle, no eval): a problem raises
:class:`ResultsError` naming the line and the field.

Why not SQLite or Parquet: a row is about 800 bytes (4 monsters), so a million games is 0.8 GB
of text that streams, appends, resumes and diffs with standard tools, and loads in pandas or
DuckDB directly (``read_json(lines=True)``); SQLite would add a schema to migrate for no query a
notebook cannot do, and Parquet a heavy dependency (pyarrow) that cannot be appended to line by
line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import attrs

from kingofny.errors import ResultsError

if TYPE_CHECKING:
    from kingofny.runner import GameResult

__all__ = [
    "MAX_INT",
    "RESULTS_KIND",
    "RESULTS_SCHEMA",
    "GameRow",
    "Results",
    "RowFault",
    "load_results",
    "read_manifest",
    "read_results",
    "row_from_dict",
]

RESULTS_KIND = "kingofny.results"
"""The ``kind`` of a results file's manifest line."""
RESULTS_SCHEMA = 1
"""The version of the results format this release writes and reads."""

MAX_INT = 2**63 - 1
"""The largest magnitude of a number in a results file: a signed 64-bit integer (what pandas and
DuckDB read). Reading refuses a larger one, naming the line and the field, rather than letting
it overflow later (a float conversion in the report)."""

STATUSES = ("finished", "abandoned", "aborted")
"""The values of :attr:`GameRow.status`."""


@attrs.frozen(slots=True)
class RowFault:
    """A :class:`~kingofny.runner.Fault` as a results row keeps it."""

    seat: int | None
    """The seat of the faulty player; None for a fault of the game itself (``max_steps``,
    ``game_timeout``)."""
    decision: int | None
    """The decision number, or None for a hook."""
    problem: str
    """What went wrong."""
    substitute: str | None
    """The action played instead (as text), or None."""


@attrs.frozen(slots=True)
class GameRow:
    """One game of a series: its seeds, seating, outcome and per-seat figures."""

    index: int
    """The game's number in the series, from 0."""
    game_seed: int
    """The game's seed."""
    player_seeds: tuple[int, ...]
    """The seed each entrant's player was made with, by entrant."""
    seats: tuple[int, ...]
    """The entrant in each seat."""
    monsters: tuple[str, ...]
    """The monster id of each seat."""
    winners: tuple[int, ...] | None
    """The winning seats (forfeited seats left out), or None for an abandoned or aborted game."""
    status: str
    """``"finished"``, ``"abandoned"`` (decision limit) or ``"aborted"`` (a fault)."""
    turns: int
    """Turns started."""
    decisions: int
    """Decisions made by the players."""
    decisions_by_seat: tuple[int, ...]
    """Decisions by seat."""
    faults: tuple[RowFault, ...]
    """The players' faults, and the game's own (``seat`` None: ``max_steps``,
    ``game_timeout``)."""
    forfeited: tuple[int, ...]
    """Seats that forfeited."""
    cards: tuple[tuple[str, ...], ...]
    """The card ids each seat bought."""
    final_vp: tuple[int, ...]
    """VP by seat in the last state."""
    final_life: tuple[int, ...]
    """Life by seat in the last state."""
    vp_by_turn: tuple[tuple[int, ...], ...]
    """VP by seat at each turn's first decision, then at the end (the "VP race")."""

    @property
    def winning_entrants(self) -> tuple[int, ...]:
        """The entrants who won (empty when nobody did or the game did not finish)."""
        return tuple(self.seats[s] for s in self.winners or ())

    def faults_by_entrant(self, entrants: int) -> tuple[int, ...]:
        """How many faults each of ``entrants`` entrants made in this game."""
        counts = [0] * entrants
        for fault in self.faults:
            if fault.seat is not None:
                counts[self.seats[fault.seat]] += 1
        return tuple(counts)

    @classmethod
    def from_result(
        cls,
        index: int,
        game_seed: int,
        player_seeds: Sequence[int],
        seats: Sequence[int],
        result: GameResult,
    ) -> GameRow:
        """The row of a game played by :func:`kingofny.play_game`."""
        state = result.final_state
        return cls(
            index=index,
            game_seed=game_seed,
            player_seeds=tuple(player_seeds),
            seats=tuple(seats),
            monsters=tuple(m.monster for m in state.monsters),
            winners=result.winners,
            status=result.status,
            turns=result.turns,
            decisions=result.decisions,
            decisions_by_seat=result.decisions_by_seat,
            faults=tuple(
                RowFault(
                    f.seat,
                    f.decision,
                    f.problem,
                    None if f.substitute is None else str(f.substitute),
                )
                for f in result.faults
            ),
            forfeited=result.forfeited,
            cards=result.cards_bought,
            final_vp=tuple(m.vp for m in state.monsters),
            final_life=tuple(m.life for m in state.monsters),
            vp_by_turn=result.vp_by_turn,
        )

    def to_dict(self) -> dict[str, object]:
        """The row as JSON data (what :func:`row_from_dict` reads)."""
        return {
            "index": self.index,
            "game_seed": self.game_seed,
            "player_seeds": list(self.player_seeds),
            "seats": list(self.seats),
            "monsters": list(self.monsters),
            "winners": None if self.winners is None else list(self.winners),
            "status": self.status,
            "turns": self.turns,
            "decisions": self.decisions,
            "decisions_by_seat": list(self.decisions_by_seat),
            "faults": [attrs.asdict(f) for f in self.faults],
            "forfeited": list(self.forfeited),
            "cards": [list(c) for c in self.cards],
            "final_vp": list(self.final_vp),
            "final_life": list(self.final_life),
            "vp_by_turn": [list(v) for v in self.vp_by_turn],
        }


# -- reading, with validation -------------------------------------------------------------------


class _Reader:
    """Typed access to one JSON object, raising :class:`ResultsError` with the field's path."""

    def __init__(self, where: str, data: object) -> None:
        self.where = where
        if not isinstance(data, dict):
            self.fail("$", f"expected an object, got {type(data).__name__}")
        self.data: dict[str, object] = data

    def fail(self, path: str, message: str) -> NoReturn:
        raise ResultsError(f"{self.where} {path}", message)

    def get(self, key: str) -> object:
        if key not in self.data:
            self.fail(f"$.{key}", "missing")
        return self.data[key]

    def int_(
        self, value: object, path: str, minimum: int | None = None, bounded: bool = True
    ) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected an int, got {value!r}")
        assert isinstance(value, int)
        if bounded and not -MAX_INT <= value <= MAX_INT:
            self.fail(
                path,
                f"must be at most {MAX_INT} in magnitude (a signed 64-bit integer), got a "
                f"number of {value.bit_length()} bits",
            )
        if minimum is not None and value < minimum:
            self.fail(path, f"must be at least {minimum}, got {value}")
        return value

    def str_(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            self.fail(path, f"expected a string, got {value!r}")
        assert isinstance(value, str)
        return value

    def list_(self, value: object, path: str, length: int | None = None) -> list[object]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list, got {value!r}")
        assert isinstance(value, list)
        if length is not None and len(value) != length:
            self.fail(path, f"expected {length} items, got {len(value)}")
        return value

    def ints(
        self, key: str, length: int | None = None, minimum: int | None = None
    ) -> tuple[int, ...]:
        items = self.list_(self.get(key), f"$.{key}", length)
        return tuple(self.int_(v, f"$.{key}[{i}]", minimum) for i, v in enumerate(items))


def row_from_dict(data: object, where: str = "row") -> GameRow:
    """Read a :class:`GameRow` from JSON data; :class:`ResultsError` on any problem."""
    r = _Reader(where, data)
    seats = r.ints("seats", minimum=0)
    n = len(seats)
    if sorted(seats) != list(range(n)) or n == 0:
        r.fail("$.seats", f"expected each entrant once, got {list(seats)}")

    def seat(value: object, path: str) -> int:
        number = r.int_(value, path, 0)
        if number >= n:
            r.fail(path, f"no seat {number} in a game of {n}")
        return number

    raw_winners = r.get("winners")
    winners = (
        None
        if raw_winners is None
        else tuple(
            seat(v, f"$.winners[{i}]") for i, v in enumerate(r.list_(raw_winners, "$.winners"))
        )
    )
    status = r.str_(r.get("status"), "$.status")
    if status not in STATUSES:
        r.fail("$.status", f"expected one of {', '.join(STATUSES)}, got {status!r}")
    if (winners is None) != (status != "finished"):
        r.fail("$.winners", f"a {status} game has {'no ' if winners is None else ''}winners")
    faults = []
    for i, item in enumerate(r.list_(r.get("faults"), "$.faults")):
        f = _Reader(f"{where} $.faults[{i}]", item)
        decision = f.get("decision")
        substitute = f.get("substitute")
        faulty = f.get("seat")
        faults.append(
            RowFault(
                seat=None if faulty is None else seat(faulty, f"$.faults[{i}].seat"),
                decision=None if decision is None else f.int_(decision, ".decision", 0),
                problem=f.str_(f.get("problem"), ".problem"),
                substitute=None if substitute is None else f.str_(substitute, ".substitute"),
            )
        )
    cards = tuple(
        tuple(r.str_(c, f"$.cards[{i}][{j}]") for j, c in enumerate(r.list_(per, f"$.cards[{i}]")))
        for i, per in enumerate(r.list_(r.get("cards"), "$.cards", n))
    )
    race = tuple(
        tuple(r.int_(v, f"$.vp_by_turn[{i}][{j}]") for j, v in enumerate(r.list_(t, "", n)))
        for i, t in enumerate(r.list_(r.get("vp_by_turn"), "$.vp_by_turn"))
    )
    monsters = tuple(
        r.str_(m, f"$.monsters[{i}]") for i, m in enumerate(r.list_(r.get("monsters"), "", n))
    )
    return GameRow(
        index=r.int_(r.get("index"), "$.index", 0),
        game_seed=r.int_(r.get("game_seed"), "$.game_seed"),
        player_seeds=r.ints("player_seeds", n),
        seats=seats,
        monsters=monsters,
        winners=winners,
        status=status,
        turns=r.int_(r.get("turns"), "$.turns", 0),
        decisions=r.int_(r.get("decisions"), "$.decisions", 0),
        decisions_by_seat=r.ints("decisions_by_seat", n, 0),
        faults=tuple(faults),
        forfeited=tuple(
            seat(v, f"$.forfeited[{i}]") for i, v in enumerate(r.list_(r.get("forfeited"), ""))
        ),
        cards=cards,
        final_vp=r.ints("final_vp", n),
        final_life=r.ints("final_life", n),
        vp_by_turn=race,
    )


@attrs.frozen(slots=True)
class Results:
    """A results file: its manifest and its rows, in game order (:func:`load_results`)."""

    manifest: Mapping[str, object]
    """The manifest line: ``kingofny_version``, ``packs``, ``entrants`` (label and spec),
    ``seed``, ``games`` and the series' settings."""
    rows: tuple[GameRow, ...]
    """One row per game played."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The entrants' labels, in entrant order."""
        entrants = self.manifest.get("entrants")
        assert isinstance(entrants, list)
        return tuple(str(e["label"]) for e in entrants)

    def __iter__(self) -> Iterator[GameRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def _check_manifest(data: object, where: str) -> dict[str, object]:
    r = _Reader(where, data)
    if r.get("kind") != RESULTS_KIND:
        r.fail("$.kind", f"expected {RESULTS_KIND!r}: not a kingofny results file")
    schema = r.get("schema")
    if schema != RESULTS_SCHEMA:
        r.fail("$.schema", f"this release reads schema {RESULTS_SCHEMA}, the file has {schema!r}")
    entrants = r.list_(r.get("entrants"), "$.entrants")
    if not entrants:
        r.fail("$.entrants", "no entrants")
    for i, entrant in enumerate(entrants):
        e = _Reader(f"{where} $.entrants[{i}]", entrant)
        e.str_(e.get("label"), ".label")
    r.int_(r.get("seed"), "$.seed", bounded=False)  # any int is a seed
    r.int_(r.get("games"), "$.games", 0)
    return r.data


def read_manifest(path: str | os.PathLike[str]) -> dict[str, object]:
    """The manifest (first line) of a results file, checked, without reading the rows."""
    file = Path(path)
    try:
        with file.open("rb") as stream:
            line = stream.readline()
    except OSError as exc:
        raise ResultsError(str(file), f"cannot read: {exc.strerror or exc}") from None
    if not line.endswith(b"\n"):
        raise ResultsError(f"{file}:1", "no complete manifest line")
    try:
        data = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise ResultsError(f"{file}:1", f"not JSON ({type(exc).__name__})") from None
    return _check_manifest(data, f"{file}:1")


def read_results(
    path: str | os.PathLike[str], on_row: Callable[[GameRow], None] | None = None
) -> tuple[Results, int]:
    """Read a results file line by line; also return the byte length of its complete lines (a
    partial last line, as a killed series may leave, is dropped). Rows must be numbered 0, 1,
    2... With ``on_row``, each row is given to it instead of being kept (the returned
    :class:`Results` then has no rows), so that a long file is read in constant memory."""
    file = Path(path)
    good = 0
    manifest: dict[str, object] | None = None
    entrants = 0
    rows: list[GameRow] = []
    try:
        with file.open("rb") as stream:
            for number, line in enumerate(stream, 1):
                if not line.endswith(b"\n"):
                    break
                good += len(line)
                try:
                    data = json.loads(line)
                except (ValueError, UnicodeDecodeError) as exc:
                    raise ResultsError(f"{file}:{number}", f"not JSON ({exc})") from None
                except RecursionError:
                    raise ResultsError(f"{file}:{number}", "not JSON (nested too deeply)") from None
                if manifest is None:
                    manifest = _check_manifest(data, f"{file}:1")
                    entrants = len(manifest["entrants"])  # type: ignore[arg-type]
                    continue
                row = row_from_dict(data, f"{file}:{number}")
                if row.index != number - 2:
                    raise ResultsError(
                        f"{file}:{number} $.index", f"expected {number - 2}, got {row.index}"
                    )
                if len(row.seats) != entrants:
                    raise ResultsError(f"{file}:{number} $.seats", f"expected {entrants} entrants")
                if on_row is None:
                    rows.append(row)
                else:
                    on_row(row)
    except OSError as exc:
        raise ResultsError(str(file), f"cannot read: {exc.strerror or exc}") from None
    if manifest is None:
        raise ResultsError(f"{file}:1", "empty file: no manifest line")
    return Results(manifest, tuple(rows)), good


def load_results(path: str | os.PathLike[str]) -> Results:
    """Load a results file written by ``simulate(output=...)`` or ``kingofny simulate
    --output``: the manifest and the rows, validated (:class:`ResultsError` on a problem)."""
    return read_results(path)[0]


def dump_line(data: Mapping[str, object]) -> str:
    """One line of a results file (compact JSON, keys in the order given, newline included)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
