"""Replays on the web page: a game record (from ``kingofny simulate --save-record``, a results
file's ``--records``, a save of ``kingofny play``, or a web game) opened for scrubbing, turn by
turn, forward and back, with the board and the log in step.

:class:`Replay` replays the record once on the engine (:func:`kingofny.replay_states`) and keeps
every position where a decision was taken (a *frame*) and the narration up to it (the log of
``kingofny replay``). :class:`Replays` keeps a few, by id. Free of any web framework, like
:mod:`kingofny.web.session`; problems are :class:`~kingofny.web.checks.WebError` (4xx).
"""

from __future__ import annotations

import bisect
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import kingofny
from kingofny import GameRecord, GameState, KingOfNYError
from kingofny.narrate import describe_end, describe_start
from kingofny.web import labels
from kingofny.web.checks import WebError, check_fields, check_int, first_line, shown
from kingofny.web.session import HUMAN, board_payload, result, seats_payload

if TYPE_CHECKING:  # loaded with the review, on first use
    from kingofny.review import CostlyDecision

__all__ = [
    "MAX_OPENING",
    "MAX_RECORD_BODY",
    "MAX_REPLAYS",
    "MAX_REPLAY_EVENTS",
    "MAX_REVIEWS",
    "MAX_REVIEW_BUDGET",
    "MAX_REVIEW_SAMPLES",
    "MAX_REVIEW_TOP",
    "REVIEW_ACTIONS",
    "REVIEW_SAMPLES",
    "Replay",
    "Replays",
    "read_record",
]

MAX_RECORD_BODY = 4 * 1024 * 1024
"""The largest record a ``POST /api/replays`` body may hold, in bytes."""
MAX_REPLAY_EVENTS = 10_000
"""The most events (decisions and chance outcomes) a replayed record may have: twice a web
game's most decisions (about 15 seconds of CPU and 20 MB to open, at the most)."""
MAX_OPENING = 2
"""Replays being opened at once on the server; a request beyond that is answered 429."""
MAX_REPLAYS = 16
"""Replays kept at once; opening one more forgets the one least recently used."""
MAX_REVIEWS = 2
"""Reviews computed at once on the server; a request beyond that is answered 429."""
MAX_REVIEW_BUDGET = 30_000
"""The ``budget`` of a review on the server (:func:`kingofny.review.review_game`): the most
rollouts and dice-search leaves it spends, about ten seconds of CPU. A 4-monster game of 35
turns is reviewed whole within it; in a longer game the last decisions are left unassessed
(the review's ``skipped`` counts them)."""
REVIEW_SAMPLES = 4
"""Rollouts per action of a review on the server, unless the request asks for other."""
MAX_REVIEW_SAMPLES = 8
"""The most rollouts per action a review request may ask for."""
REVIEW_ACTIONS = 6
"""The most actions a review on the server values per decision (rerolls are all valued)."""
MAX_REVIEW_TOP = 10
"""The most costly decisions per seat a review request may ask for."""
_REVIEWS_KEPT = 4


def read_record(document: object) -> tuple[GameRecord, list[str] | None]:
    """The record in ``document`` (a ``kingofny/record`` envelope, or a ``kingofny/play`` save
    holding one under ``record``) and the save's players if it has them; else a 400."""
    players = None
    if isinstance(document, Mapping) and document.get("format") == "kingofny/play":
        kinds = document.get("players")
        if isinstance(kinds, list) and all(isinstance(p, str) for p in kinds):
            players = [str(p)[:40] for p in kinds]
        document = document.get("record")
    try:
        record = kingofny.record_from_dict(document, replay_check=False)
    except (KingOfNYError, ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise WebError(400, f"not a game record: {first_line(exc)}") from None
    if len(record.events) > MAX_REPLAY_EVENTS:
        raise WebError(413, f"a replay may have at most {MAX_REPLAY_EVENTS} events")
    if players is not None and len(players) != record.config.player_count:
        players = None
    return record, players


class Replay:
    """A game record replayed: its frames (the positions where a decision was taken, and the
    last position), the log, and which log lines and turn go with each frame."""

    def __init__(self, replay_id: str, record: GameRecord, players: Sequence[str] | None) -> None:
        self.id = replay_id
        """The replay's id in the API's paths."""
        self.touched = time.monotonic()
        """When a request last used the replay (for forgetting the oldest)."""
        self.frames: list[GameState] = []
        """The positions shown, in order."""
        self.frame_log: list[int] = []
        """For each frame, how many log lines tell the game up to it."""
        self.chosen: list[str | None] = []
        """For each frame, the decision taken there, in words (None for the last)."""
        self.log: list[str] = []
        """The whole narration, as ``kingofny replay`` prints it."""
        self.record = record
        """The game record replayed."""
        self.decision_events = [i for i, e in enumerate(record.events) if e.seat is not None]
        """For each decision, in order, its index in the record's events: decision ``n`` was
        taken at frame ``n``."""
        self._reviews: OrderedDict[tuple[object, ...], dict[str, Any]] = OrderedDict()
        self._reviewing = threading.Lock()
        previous: GameState | None = None
        try:
            for event, state in kingofny.replay_states(record):
                if previous is None:
                    self.log += describe_start(state)
                else:
                    assert event is not None
                    if event.seat is not None and self.chosen and self.chosen[-1] is None:
                        action = event.move
                        assert isinstance(action, kingofny.Action)
                        self.chosen[-1] = labels.action_label(previous, action)
                    self.log += labels.log_lines(previous, event, state)
                if not state.is_chance:
                    self.frames.append(state)
                    self.frame_log.append(len(self.log))
                    self.chosen.append(None)
                previous = state
        except (KingOfNYError, ValueError) as exc:
            raise WebError(400, f"the record does not replay: {first_line(exc)}") from None
        if previous is None or not self.frames:
            raise WebError(400, "the record has no position to show")
        self.log += describe_end(previous)
        if previous.is_terminal:
            self.frame_log[-1] = len(self.log)
        self.players = list(players) if players is not None else ["bot"] * len(previous.monsters)
        """Who played each seat, if the record says (a save of ``kingofny play``)."""

    def summary(self) -> dict[str, Any]:
        """The replay as ``POST /api/replays`` answers: the frames' turns and log ends, where
        each turn starts, the whole log, the seats and the final result."""
        self.touched = time.monotonic()
        last = self.frames[-1]
        turns = [state.turn.number for state in self.frames]
        return {
            "id": self.id,
            "frames": len(self.frames),
            "frame_turns": turns,
            "turn_starts": [i for i, t in enumerate(turns) if i == 0 or t != turns[i - 1]],
            "frame_log": self.frame_log,
            "log": self.log,
            "seats": seats_payload(last, self.players),
            "result": result(last),
        }

    def frame(self, index: int) -> dict[str, Any]:
        """Frame ``index`` as ``GET /api/replays/{id}/frames/{index}`` answers: the board, the
        turn, who decided (``deciding``), about what (``kind``, ``question``) and what they
        chose, and how many log lines go with it."""
        if not 0 <= index < len(self.frames):
            raise WebError(404, f"no frame {index}: this replay has {len(self.frames)}")
        self.touched = time.monotonic()
        state = self.frames[index]
        pending = kingofny.waiting_for(state)
        return {
            "id": self.id,
            "frame": index,
            "frames": len(self.frames),
            "over": state.is_terminal,
            "turn": {
                "number": state.turn.number,
                "seat": state.turn.seat,
                "phase": str(state.phase),
            },
            "question": labels.question(state),
            "kind": None if pending is None else str(pending.kind),
            "chosen": self.chosen[index],
            "deciding": state.current_player,
            "log_end": self.frame_log[index],
            "seats": seats_payload(state, self.players),
            "board": board_payload(state, None),
            "result": result(state),
        }

    def frame_of_event(self, event: int) -> int:
        """The frame where the decision at index ``event`` of the record's events was taken
        (for a chance outcome, the frame after it)."""
        return min(bisect.bisect_left(self.decision_events, event), len(self.frames) - 1)

    def _page_words(self, frame: int, decision: CostlyDecision) -> dict[str, Any]:
        """A costly decision in the page's words: ``asked``, the question of the position (as
        the game page asks it), and ``actions``, each valued action's button label by its
        notation (the review itself has the terminal's words: ``reroll CO (keep EEEA)``)."""
        state = self.frames[frame]
        by_notation = {str(a): a for a in kingofny.legal_actions(state)}
        actions = {}
        for value in (decision.chosen, decision.best, *decision.alternatives):
            action = by_notation.get(value.action)
            if action is not None:
                actions[value.action] = labels.action_label(state, action)
        return {"asked": labels.question(state), "actions": actions}

    def review_options(self, body: Mapping[str, object]) -> dict[str, Any]:
        """The options of ``POST /api/replays/{id}/review`` (``seats``: seat numbers, or
        ``"human"`` for the seats people played; ``top``, ``samples``, ``seed``), checked and
        with the server's defaults; else a 400."""
        check_fields(body, ("seats", "top", "samples", "seed"))
        count = len(self.players)
        seats: tuple[int, ...] = tuple(range(count))
        given = body.get("seats")
        if given == "human":
            seats = tuple(s for s, who in enumerate(self.players) if who == HUMAN)
            if not seats:
                raise WebError(400, "seats 'human': nobody in this record is said to be a person")
        elif given is not None:
            if not isinstance(given, list) or not given:
                raise WebError(
                    400, f"seats must be a list of seat numbers or 'human', got {shown(given)}"
                )
            seats = tuple(sorted({check_int(s, "a seat", 0, count - 1) for s in given}))
        return {
            "seats": seats,
            "top": check_int(body.get("top", 3), "top", 1, MAX_REVIEW_TOP),
            "samples": check_int(
                body.get("samples", REVIEW_SAMPLES), "samples", 1, MAX_REVIEW_SAMPLES
            ),
            "seed": check_int(body.get("seed", 0), "seed", 0, 2**62),
        }

    def review(self, body: Mapping[str, object], slots: threading.Semaphore) -> dict[str, Any]:
        """The review of the replayed game (:func:`kingofny.review.review_game` with the
        options of :meth:`review_options`, :data:`REVIEW_ACTIONS` and
        :data:`MAX_REVIEW_BUDGET`), as ``POST /api/replays/{id}/review`` answers: ``replay``
        (this id), ``review`` (the review's JSON, :meth:`kingofny.review.GameReview.to_dict`),
        ``point_frames`` (the frame that shows each point of the curve), ``costly_frames``
        (for each costly decision's ``event``, the frame where it was taken), ``words`` (for
        each costly decision's ``event``, its question and actions in the game page's words)
        and ``seconds``.

        The last few reviews are kept. A 429 if this replay's review is being computed, or if
        ``slots`` (the reviews computed at once) are all taken."""
        from kingofny.review import ReviewError, review_game

        options = self.review_options(body)
        key = tuple(sorted(options.items()))
        self.touched = time.monotonic()
        if not self._reviewing.acquire(blocking=False):
            raise WebError(429, "this game is being reviewed already: ask again in a moment")
        try:
            kept = self._reviews.get(key)
            if kept is not None:
                return kept
            if not slots.acquire(blocking=False):
                raise WebError(429, "the server is busy with other reviews: ask again soon")
            try:
                started = time.monotonic()
                reviewed = review_game(
                    self.record,
                    seats=options["seats"],
                    top=options["top"],
                    samples=options["samples"],
                    seed=options["seed"],
                    max_actions=REVIEW_ACTIONS,
                    budget=MAX_REVIEW_BUDGET,
                )
                seconds = time.monotonic() - started
            except (KingOfNYError, ReviewError, ValueError) as exc:
                raise WebError(400, f"the game cannot be reviewed: {first_line(exc)}") from None
            finally:
                slots.release()
            last = len(self.frames) - 1
            points = []
            for index, point in enumerate(reviewed.points):
                if point.event is not None:
                    points.append(min(self.frame_of_event(point.event) + 1, last))
                else:
                    points.append(0 if index == 0 else last)
            costly: dict[str, int] = {}
            words: dict[str, Any] = {}
            for seat in reviewed.seats:
                for d in seat.costliest:
                    frame = costly[str(d.event)] = self.frame_of_event(d.event)
                    words[str(d.event)] = self._page_words(frame, d)
            answer = {
                "replay": self.id,
                "review": reviewed.to_dict(),
                "point_frames": points,
                "costly_frames": costly,
                "words": words,
                "seconds": round(seconds, 2),
            }
            self._reviews[key] = answer
            while len(self._reviews) > _REVIEWS_KEPT:
                self._reviews.popitem(last=False)
            return answer
        finally:
            self._reviewing.release()


class Replays:
    """The replays open, by id; at most ``limit``, forgetting the least recently used."""

    def __init__(self, limit: int = MAX_REPLAYS, reviews: int = MAX_REVIEWS) -> None:
        self.limit = limit
        """How many replays are kept at once."""
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()
        self.review_slots = threading.BoundedSemaphore(reviews)
        """The reviews that may be computed at once (:meth:`review`)."""
        self._opening = threading.BoundedSemaphore(MAX_OPENING)

    def open(self, record: GameRecord, players: Sequence[str] | None = None) -> Replay:
        """Replay ``record`` and keep it under a new id (a 429 while :data:`MAX_OPENING`
        others are being opened)."""
        if not self._opening.acquire(blocking=False):
            raise WebError(429, "other replays are being opened: try again in a moment")
        try:
            replay = Replay(secrets.token_hex(8), record, players)
        finally:
            self._opening.release()
        replay.touched = time.monotonic()  # built now: not the first to be forgotten
        with self._lock:
            self._replays[replay.id] = replay
            while len(self._replays) > self.limit:
                oldest = min(self._replays.values(), key=lambda r: r.touched)
                del self._replays[oldest.id]
        return replay

    def get(self, replay_id: str) -> Replay:
        """The replay with this id, else a 404."""
        with self._lock:
            replay = self._replays.get(replay_id)
        if replay is None:
            raise WebError(404, f"no replay {replay_id[:40]!r} (replays are forgotten in time)")
        return replay

    def review(self, replay_id: str, body: Mapping[str, object]) -> dict[str, Any]:
        """The review of the replay with this id (:meth:`Replay.review`); a 404 if there is
        no such replay."""
        return self.get(replay_id).review(body, self.review_slots)
