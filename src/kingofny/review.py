"""Reviewing a game, as chess players do with an engine: who was winning after every decision,
and which decisions cost the most.

:func:`review_game` replays a :class:`~kingofny.GameRecord` (the JSON of ``kingofny simulate
--save-record``, a record of ``simulate --records DIR``, a web game's record, a ``kingofny
play`` save: :func:`load_record` reads any of them) and returns a :class:`GameReview`:

* **the win-probability curve**: each monster's share of the win after every decision, from
  the strongest bot's evaluation (:class:`kingofny.players.LearnedEvaluation`, a conditional
  logit of who wins fitted on self-play), or with ``search=True`` from short rollouts of every
  position;
* **the costliest decisions** of each reviewed seat: the decisions where the action chosen was
  worth the most less than the best legal action, in points of win probability.

**How an action is valued.** Every legal action of a reviewed decision (at most
``max_actions`` of them: the one chosen, the rollout policy's, then the others in the engine's
order) is applied to the decider's view (:func:`kingofny.observe`), and the position is played
on to a *horizon* by the rollout policy (:class:`kingofny.HeuristicPlayer`), chance drawn
``samples`` times with the same seeds for every action (common random numbers), and scored by
the evaluation. The horizon is the end of the decider's own turn (``horizon="turn"``: the
current turn, or the decider's next one for a decision taken in another monster's turn, such as
fleeing Manhattan; the evaluation was fitted on turn starts) or of the round
(``horizon="round"``: as many turns as monsters alive, so every rival answers once, like
:class:`kingofny.MCTSPlayer`'s playouts). At a
reroll decision, keeping each multiset of dice is valued exactly by the dice expectimax of
:class:`kingofny.ExpectimaxPlayer` (every final result of the dice resolved to the end of the
turn, then the exact expectation over every roll). The luck of the recorded outcomes plays no
part: a decision is judged on what could be known when it was made.

**Cost.** About ``samples`` short rollouts per legal action of each reviewed decision, and a few
hundred turn resolutions per reroll decision (once per turn): about ten seconds of CPU for a
4-monster game of 25 turns with the defaults, most of it at the reroll decisions. ``seats``,
``samples`` and ``max_actions`` make it cheaper; ``budget`` caps the rollouts of a whole review,
and the decisions left when it runs out are not assessed (:attr:`GameReview.skipped` counts
them).

::

    from kingofny.review import load_record, review_game

    loaded = load_record(open("game.json").read())
    review = review_game(loaded, top=3)
    for d in review.costliest:
        print(d.turn, d.monster, d.chosen.words, "->", d.best.words, f"{100 * d.loss:.1f}")

The JSON form (:meth:`GameReview.to_json`, ``kingofny review --json``) has an envelope like the
package's other documents: ``format`` is :data:`REVIEW_FORMAT`, ``schema_version`` is
:data:`REVIEW_SCHEMA`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

import attrs

import kingofny as k
from kingofny.errors import (
    ArgumentError,
    ConfigError,
    KingOfNYError,
    SchemaVersionError,
    SerializationError,
)
from kingofny.wording import action_words, monster_name

__all__ = [
    "HORIZONS",
    "REVIEW_FORMAT",
    "REVIEW_SCHEMA",
    "ActionValue",
    "CostlyDecision",
    "GameReview",
    "LoadedRecord",
    "Point",
    "ReviewError",
    "ReviewSettings",
    "SeatSummary",
    "Valuer",
    "load_record",
    "require_matplotlib",
    "review_from_dict",
    "review_from_json",
    "review_game",
    "write_plot",
]

REVIEW_FORMAT = "kingofny/review"
"""The envelope ``format`` of a review's JSON."""
REVIEW_SCHEMA = 1
"""The version of the review's JSON layout this release writes, and the only one it reads."""
HORIZONS = ("turn", "round")
"""Where the rollouts valuing an action stop: the end of the turn, or of the round."""

Horizon = Literal["turn", "round"]

MAX_ROLLOUT_STEPS = 2000
"""Decisions after which a rollout stops (a safety net: a round takes a few dozen)."""
MAX_SAMPLES = 10_000
"""The most rollouts per action a review takes."""
MAX_TOP = 10_000
"""The most costly decisions per seat a review lists."""
_PLAY_SAVE_FORMAT = "kingofny/play"
_RESULTS_MESSAGE = (
    "a results file holds no moves: review the records that simulate --records DIR writes "
    "next to it"
)
_HUMAN = "human"


class ReviewError(KingOfNYError, ValueError):
    """Input a review cannot use: text that is not a game record, a record of a format version
    this release cannot read, a record whose events do not replay (a corrupted record, with an
    illegal action), or a review's JSON that cannot be read. The cause, if any, is chained."""


class Valuer(Protocol):
    """What a review needs of an evaluation: every seat's share of the win in a state (the
    method of :class:`kingofny.players.Evaluation`)."""

    def values(self, state: k.GameState, /) -> tuple[float, ...]:
        """Each seat's share of the win in ``state``, summing to 1 (or 0 if nobody won)."""
        ...


# -- reading records ----------------------------------------------------------------------------


@attrs.frozen(slots=True)
class LoadedRecord:
    """A game record read by :func:`load_record`, with the players if the file named them."""

    record: k.GameRecord
    """The game record."""
    players: tuple[str, ...] | None = None
    """The player of each seat (``"human"``, ``"heuristic"``...) of a ``kingofny play`` save;
    None for a plain record, which does not say who played."""

    @property
    def human_seats(self) -> tuple[int, ...] | None:
        """The seats a person played, or None when the file does not say."""
        if self.players is None:
            return None
        return tuple(seat for seat, who in enumerate(self.players) if who == _HUMAN)


def _results_kind() -> str:
    from kingofny.tournament.results import RESULTS_KIND

    return RESULTS_KIND


def _is_results_file(text: str | bytes) -> bool:
    """Whether ``text`` starts like a results file (JSON lines, a manifest first)."""
    first = text.splitlines()[0] if text.strip() else ""
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(head, dict) and head.get("kind") == _results_kind()


def load_record(text: str | bytes) -> LoadedRecord:
    """The game record in JSON ``text``: a record (:func:`kingofny.to_json` of a
    :class:`~kingofny.GameRecord`: ``kingofny simulate --save-record``, the files of
    ``--records DIR``, the web app's ``/record``) or a ``kingofny play`` save (which names the
    players too). The record is replayed, every event checked.

    Raises :class:`ReviewError` for anything else (a game state, a results file, text that is
    not JSON), for a record of a format version this release cannot read, and for a record
    whose events do not replay; the reader's error is chained.
    """
    if not isinstance(text, (str, bytes)):
        raise ArgumentError("load_record(text)", f"expected str or bytes, got {text!r:.60}")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        if _is_results_file(text):
            raise ReviewError(_RESULTS_MESSAGE) from None
        raise ReviewError(f"not JSON: {exc}") from None
    players: tuple[str, ...] | None = None
    if isinstance(document, dict) and document.get("format") == _PLAY_SAVE_FORMAT:
        saved = document.get("players")
        if not isinstance(saved, list) or not all(isinstance(p, str) for p in saved):
            raise ReviewError("a kingofny play save without its list of players ($.players)")
        players = tuple(saved)
        document = document.get("record")
    elif isinstance(document, dict) and document.get("kind") == _results_kind():
        raise ReviewError(_RESULTS_MESSAGE)
    elif isinstance(document, dict) and document.get("format") == k.STATE_FORMAT:
        raise ReviewError("a game state, not a game record: a review needs every move")
    try:
        record = k.record_from_dict(document)
    except SchemaVersionError as exc:
        raise ReviewError(f"a record of another format version: {exc}") from exc
    except SerializationError as exc:
        if exc.path.startswith("$.data.events[") or exc.path == "$.data.winners":
            raise ReviewError(f"a corrupted record that does not replay: {exc}") from exc
        raise ReviewError(f"not a kingofny game record: {exc}") from exc
    if players is not None and len(players) != record.config.player_count:
        raise ReviewError(
            f"the save names {len(players)} players for a game of {record.config.player_count}"
        )
    return LoadedRecord(record, players)


# -- the result ---------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Point:
    """The win probabilities after one decision (or at the start, or at the end)."""

    event: int | None
    """The index of the decision in the record's events; None for the start, and for the end
    when chance came after the last decision."""
    turn: int
    """The turn the decision was taken in (0: setup)."""
    seat: int | None
    """The seat that decided (None for the start and the end)."""
    action: str | None
    """The decision, in the engine's notation (``"reroll AAD"``); None for the start and end."""
    win: tuple[float, ...]
    """Each seat's estimated probability of winning after the decision, summing to 1 (all 0
    once a game ended with no winner)."""


@attrs.frozen(slots=True)
class ActionValue:
    """One legal action of a decision and its estimated win probability for the decider."""

    action: str
    """The action in the engine's notation (``"flee brooklyn"``)."""
    words: str
    """The action in words, as a menu says it (``"flee to Brooklyn"``)."""
    value: float
    """The decider's estimated probability of winning after it."""


@attrs.frozen(slots=True)
class CostlyDecision:
    """A decision whose chosen action was estimated worse than the best legal one."""

    event: int
    """The index of the decision in the record's events."""
    turn: int
    """The turn it was taken in (0: setup)."""
    seat: int
    """The seat that decided."""
    monster: str
    """That seat's monster, by name."""
    asked: str
    """What the position asked, in words (``"Kong: reroll some dice or stop (2 reroll(s)
    left)"``)."""
    kind: str
    """The kind of decision (:class:`kingofny.PendingKind`'s value: ``"reroll"``, ``"flee"``,
    ``"shop"``...)."""
    chosen: ActionValue
    """The action taken and its value."""
    best: ActionValue
    """The best action found and its value."""
    alternatives: tuple[ActionValue, ...]
    """Every action valued, best first (the chosen and the best among them; at a reroll
    decision, the few best keeps and the one chosen)."""
    win_before: float
    """The decider's win probability before the decision (the curve's previous point)."""

    @property
    def loss(self) -> float:
        """How much win probability the choice gave away: ``best.value - chosen.value``."""
        return self.best.value - self.chosen.value


@attrs.frozen(slots=True)
class SeatSummary:
    """How one reviewed seat played: its decisions assessed and the win probability lost."""

    seat: int
    """The seat."""
    monster: str
    """Its monster, by name."""
    assessed: int
    """Its decisions valued (those with more than one legal action, within the budget)."""
    total_loss: float
    """The sum of its decisions' losses (best value minus chosen value)."""
    costliest: tuple[CostlyDecision, ...]
    """Its costliest decisions, the costliest first (at most ``top``, losses above 0 only)."""

    @property
    def mean_loss(self) -> float:
        """The average loss per decision assessed (0 if none)."""
        return self.total_loss / self.assessed if self.assessed else 0.0


@attrs.frozen(slots=True)
class ReviewSettings:
    """How a review was made: the arguments of :func:`review_game` that shape its figures."""

    horizon: str
    """Where the rollouts stopped: ``"turn"`` or ``"round"`` (see :data:`HORIZONS`)."""
    samples: int
    """Rollouts per action."""
    max_actions: int
    """The most actions valued per decision."""
    top: int
    """The most costly decisions listed per seat."""
    search: bool
    """Whether the curve comes from rollouts (True) or from the evaluation (False)."""
    seed: int
    """The seed of the rollouts."""
    budget: int | None
    """The most rollouts of the review, or None."""
    evaluation: str
    """The class name of the evaluation."""


@attrs.frozen(slots=True)
class GameReview:
    """The review of one game (see :func:`review_game`)."""

    monsters: tuple[str, ...]
    """The monster of each seat, by name."""
    winners: tuple[int, ...] | None
    """The winning seats, or None if the record stops before the end of the game."""
    points: tuple[Point, ...]
    """The win-probability curve: the start, then after every decision (then the end, if
    chance came after the last decision)."""
    seats: tuple[SeatSummary, ...]
    """The reviewed seats, in seat order."""
    settings: ReviewSettings
    """How the review was made."""
    skipped: int = 0
    """Decisions of reviewed seats left unassessed because ``budget`` ran out."""

    @property
    def costliest(self) -> tuple[CostlyDecision, ...]:
        """Every reviewed seat's costliest decisions, the costliest first."""
        found = [d for s in self.seats for d in s.costliest]
        return tuple(sorted(found, key=lambda d: (-d.loss, d.event)))

    def by_turn(self) -> tuple[tuple[int, tuple[float, ...]], ...]:
        """The curve per turn: for each turn, the win probabilities after its last decision
        (turn 0 is setup; the last row is the end of the record)."""
        rows: dict[int, tuple[float, ...]] = {}
        last = 0
        for point in self.points:
            last = max(last, point.turn)
            rows[last] = point.win
        return tuple(rows.items())

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON data, in an envelope (``format``, ``schema_version``,
        ``kingofny_version``, ``data``)."""

        def value(v: ActionValue) -> dict[str, Any]:
            return {"action": v.action, "words": v.words, "value": v.value}

        def costly(d: CostlyDecision) -> dict[str, Any]:
            return {
                "event": d.event,
                "turn": d.turn,
                "seat": d.seat,
                "monster": d.monster,
                "asked": d.asked,
                "kind": d.kind,
                "chosen": value(d.chosen),
                "best": value(d.best),
                "loss": d.loss,
                "alternatives": [value(v) for v in d.alternatives],
                "win_before": d.win_before,
            }

        return {
            "format": REVIEW_FORMAT,
            "schema_version": REVIEW_SCHEMA,
            "kingofny_version": k.__version__,
            "data": {
                "monsters": list(self.monsters),
                "winners": None if self.winners is None else list(self.winners),
                "settings": attrs.asdict(self.settings),
                "skipped": self.skipped,
                "points": [
                    {
                        "event": p.event,
                        "turn": p.turn,
                        "seat": p.seat,
                        "action": p.action,
                        "win": list(p.win),
                    }
                    for p in self.points
                ],
                "seats": [
                    {
                        "seat": s.seat,
                        "monster": s.monster,
                        "assessed": s.assessed,
                        "total_loss": s.total_loss,
                        "mean_loss": s.mean_loss,
                        "costliest": [costly(d) for d in s.costliest],
                    }
                    for s in self.seats
                ],
            },
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text (what ``kingofny review --json`` prints)."""
        return json.dumps(self.to_dict(), indent=indent)


# -- reading a review's JSON --------------------------------------------------------------------


class _Reader:
    """Typed access to JSON data, failing with a :class:`~kingofny.SerializationError` that
    names the JSON path."""

    @staticmethod
    def obj(value: object, path: str, keys: Collection[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SerializationError(path, f"expected an object, got {type(value).__name__}")
        missing = [key for key in keys if key not in value]
        if missing:
            raise SerializationError(path, f"missing key {missing[0]!r}")
        return value

    @staticmethod
    def array(value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise SerializationError(path, f"expected an array, got {type(value).__name__}")
        return value

    @staticmethod
    def integer(value: object, path: str, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise SerializationError(path, f"expected an integer, got {value!r:.40}")
        return value

    @staticmethod
    def number(value: object, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SerializationError(path, f"expected a number, got {value!r:.40}")
        return float(value)

    @staticmethod
    def text(value: object, path: str, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise SerializationError(path, f"expected a string, got {value!r:.40}")
        return value


def review_from_dict(document: object) -> GameReview:
    """The review in JSON data written by :meth:`GameReview.to_dict`.

    Raises :class:`~kingofny.SchemaVersionError` for another ``schema_version`` and
    :class:`~kingofny.SerializationError` (with the JSON path) for anything else amiss.
    """
    r = _Reader
    envelope = r.obj(document, "$", ("format", "schema_version", "data"))
    if envelope["format"] != REVIEW_FORMAT:
        raise SerializationError(
            "$.format", f"expected {REVIEW_FORMAT!r}, got {envelope['format']!r:.40}"
        )
    if envelope["schema_version"] != REVIEW_SCHEMA:
        raise SchemaVersionError(
            "$.schema_version",
            f"this release reads review schema {REVIEW_SCHEMA}, got "
            f"{envelope['schema_version']!r:.40}",
        )
    data = r.obj(
        envelope["data"],
        "$.data",
        ("monsters", "winners", "settings", "skipped", "points", "seats"),
    )

    def value(obj: object, path: str) -> ActionValue:
        o = r.obj(obj, path, ("action", "words", "value"))
        return ActionValue(
            r.text(o["action"], f"{path}.action"),
            r.text(o["words"], f"{path}.words"),
            r.number(o["value"], f"{path}.value"),
        )

    def costly(obj: object, path: str) -> CostlyDecision:
        keys = ("event", "turn", "seat", "monster", "asked", "kind", "chosen", "best")
        o = r.obj(obj, path, (*keys, "alternatives", "win_before"))
        return CostlyDecision(
            event=r.integer(o["event"], f"{path}.event"),
            turn=r.integer(o["turn"], f"{path}.turn"),
            seat=r.integer(o["seat"], f"{path}.seat"),
            monster=r.text(o["monster"], f"{path}.monster"),
            asked=r.text(o["asked"], f"{path}.asked"),
            kind=r.text(o["kind"], f"{path}.kind"),
            chosen=value(o["chosen"], f"{path}.chosen"),
            best=value(o["best"], f"{path}.best"),
            alternatives=tuple(
                value(v, f"{path}.alternatives[{i}]")
                for i, v in enumerate(r.array(o["alternatives"], f"{path}.alternatives"))
            ),
            win_before=r.number(o["win_before"], f"{path}.win_before"),
        )

    points = []
    for i, obj in enumerate(r.array(data["points"], "$.data.points")):
        path = f"$.data.points[{i}]"
        o = r.obj(obj, path, ("event", "turn", "seat", "action", "win"))
        points.append(
            Point(
                event=r.integer(o["event"], f"{path}.event", optional=True),
                turn=r.integer(o["turn"], f"{path}.turn"),
                seat=r.integer(o["seat"], f"{path}.seat", optional=True),
                action=r.text(o["action"], f"{path}.action", optional=True),
                win=tuple(
                    r.number(w, f"{path}.win[{j}]")
                    for j, w in enumerate(r.array(o["win"], f"{path}.win"))
                ),
            )
        )
    seats = []
    for i, obj in enumerate(r.array(data["seats"], "$.data.seats")):
        path = f"$.data.seats[{i}]"
        o = r.obj(obj, path, ("seat", "monster", "assessed", "total_loss", "costliest"))
        seats.append(
            SeatSummary(
                seat=r.integer(o["seat"], f"{path}.seat"),
                monster=r.text(o["monster"], f"{path}.monster"),
                assessed=r.integer(o["assessed"], f"{path}.assessed"),
                total_loss=r.number(o["total_loss"], f"{path}.total_loss"),
                costliest=tuple(
                    costly(d, f"{path}.costliest[{j}]")
                    for j, d in enumerate(r.array(o["costliest"], f"{path}.costliest"))
                ),
            )
        )
    winners = data["winners"]
    fields = ("horizon", "samples", "max_actions", "top", "search", "seed", "budget")
    given = r.obj(data["settings"], "$.data.settings", (*fields, "evaluation"))
    where = "$.data.settings"
    if not isinstance(given["search"], bool):
        raise SerializationError(
            f"{where}.search", f"expected a boolean, got {given['search']!r:.40}"
        )
    settings = ReviewSettings(
        horizon=r.text(given["horizon"], f"{where}.horizon"),
        samples=r.integer(given["samples"], f"{where}.samples"),
        max_actions=r.integer(given["max_actions"], f"{where}.max_actions"),
        top=r.integer(given["top"], f"{where}.top"),
        search=given["search"],
        seed=r.integer(given["seed"], f"{where}.seed"),
        budget=r.integer(given["budget"], f"{where}.budget", optional=True),
        evaluation=r.text(given["evaluation"], f"{where}.evaluation"),
    )
    return GameReview(
        monsters=tuple(
            r.text(m, f"$.data.monsters[{i}]")
            for i, m in enumerate(r.array(data["monsters"], "$.data.monsters"))
        ),
        winners=None
        if winners is None
        else tuple(
            r.integer(w, f"$.data.winners[{i}]")
            for i, w in enumerate(r.array(winners, "$.data.winners"))
        ),
        points=tuple(points),
        seats=tuple(seats),
        settings=settings,
        skipped=r.integer(data["skipped"], "$.data.skipped"),
    )


def review_from_json(text: str | bytes) -> GameReview:
    """The review in JSON text written by :meth:`GameReview.to_json` (errors as
    :func:`review_from_dict`, and :class:`~kingofny.SerializationError` for text that is not
    JSON)."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SerializationError("$", f"not JSON: {exc}") from None
    return review_from_dict(document)


# -- valuing actions ----------------------------------------------------------------------------


def _rollout(
    state: k.GameState, policy: k.Player, stop: Callable[[k.GameState], bool]
) -> k.GameState:
    """``state`` (a seeded game: chance draws itself) played on by ``policy`` until ``stop``
    says so or the game ends."""
    for _ in range(MAX_ROLLOUT_STEPS):
        if state.winners is not None or stop(state):
            break
        legal = k.legal_actions(state)
        choice = policy.choose(state, legal) if len(legal) > 1 else legal[0]
        if choice not in legal:
            choice = legal[0]
        state = k.apply(state, choice)
    return state


def _horizon(
    view: k.GameState, seat: int | None, horizon: Horizon
) -> Callable[[k.GameState], bool]:
    """Whether a rollout from ``view`` has reached its horizon: the end of ``seat``'s own turn
    (the current turn if it is ``seat``'s or ``seat`` is None, else its next one) or, for
    ``"round"``, as many turns as monsters alive (and at least that)."""
    start = view.turn.number
    limit = start + max(1, len(view.alive_seats))
    if horizon == "round":
        return lambda state: state.turn.number >= limit
    if seat is None or view.turn.seat == seat:
        return lambda state: state.turn.number > start
    # A decision in another monster's turn (fleeing Manhattan, a card's question): on to the
    # end of the decider's next turn, which earns Manhattan's reward at its start.
    own: list[int] = []

    def stop(state: k.GameState) -> bool:
        number = state.turn.number
        if not own and number > start and state.turn.seat == seat:
            own.append(number)
        return number > own[0] if own else number > limit

    return stop


@attrs.frozen
class _Scorer:
    """A :class:`Valuer` with the ``value(state, seat)`` that :class:`kingofny.ExpectimaxPlayer`
    asks of an evaluation too."""

    evaluation: Valuer

    def values(self, state: k.GameState) -> tuple[float, ...]:
        return tuple(self.evaluation.values(state))

    def value(self, state: k.GameState, seat: int) -> float:
        return self.values(state)[seat]


@attrs.define
class _Valuer:
    """The rollouts and the dice expectimax of one review, with its cost so far."""

    evaluation: Valuer
    samples: int
    horizon: Horizon
    max_actions: int
    seed: int
    budget: int | None
    spent: int = 0
    dice: tuple[int, Any] | None = None
    """The turn number and the dice expectimax of that turn (which keeps its leaves for the
    turn's next reroll decision)."""

    def seeds(self, key: int) -> list[int]:
        rng = random.Random(f"{self.seed}:{key}")
        return [rng.getrandbits(63) for _ in range(self.samples)]

    def mean_values(
        self,
        view: k.GameState,
        seat: int | None,
        action: k.Action | None,
        seeds: Sequence[int],
        horizon: Horizon,
    ) -> tuple[float, ...]:
        """The mean of the evaluation's values at the horizon of ``seat``'s decision, after
        ``action`` (None: the position as it is), over one rollout per seed."""
        totals = [0.0] * len(view.monsters)
        for seed in seeds:
            state = k.reseed(view, seed)
            if action is not None:
                state = k.apply(state, action)
            state = _rollout(state, k.HeuristicPlayer(seed), _horizon(view, seat, horizon))
            for index, share in enumerate(self.evaluation.values(state)):
                totals[index] += share
        self.spent += len(seeds)
        return tuple(t / len(seeds) for t in totals)

    def candidates(
        self, view: k.GameState, legal: Sequence[k.Action], chosen: k.Action
    ) -> list[k.Action]:
        """The actions to value: the chosen one, the policy's, then the engine's order, at
        most :attr:`max_actions`."""
        first = k.HeuristicPlayer(self.seed).choose(view, legal)
        ordered = [chosen, *([first] if first in legal else []), *legal]
        unique = list(dict.fromkeys(ordered))
        return unique[: max(self.max_actions, 2)]

    def action_values(
        self, key: int, state: k.GameState, seat: int, chosen: k.Action
    ) -> dict[k.Action, float]:
        """The decider's value of the chosen action and its alternatives in ``state``."""
        view = k.observe(state, seat)
        legal = k.legal_actions(view)
        pending = k.waiting_for(view)
        values: dict[k.Action, float] = {}
        rest: list[k.Action] = list(legal)
        horizon = self.horizon
        if pending is not None and pending.kind is k.PendingKind.REROLL:
            # One dice expectimax per turn, seeded by the turn: a decision's values do not
            # depend on which other decisions the review assesses.
            turn = view.turn.number
            if self.dice is None or self.dice[0] != turn:
                seed = random.Random(f"{self.seed}:turn:{turn}").getrandbits(63)
                scorer = _Scorer(self.evaluation)
                self.dice = (turn, k.ExpectimaxPlayer(seed, evaluation=scorer))  # type: ignore[arg-type]
            player = self.dice[1]
            before = player.leaves_resolved
            dice = player.reroll_values(view, seat)
            self.spent += player.leaves_resolved - before
            values = {a: v for a, v in dice.items() if a in legal}
            rest = [a for a in legal if a not in values]
            horizon = "turn"  # comparable with the dice table's values
            if chosen not in values and chosen not in rest:  # not a reroll the table knows
                rest = [chosen, *rest]
        if rest:
            seeds = self.seeds(key)
            for action in self.candidates(view, rest, chosen if chosen in rest else rest[0]):
                values[action] = self.mean_values(view, seat, action, seeds, horizon)[seat]
        return values

    def exhausted(self) -> bool:
        return self.budget is not None and self.spent >= self.budget


# -- the review ---------------------------------------------------------------------------------


def _check_int(field: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArgumentError(field, f"expected an int from {low} to {high:,}, got {value!r:.60}")
    return value


def _value(state: k.GameState, seat: int, action: str | k.Action, value: float) -> ActionValue:
    if isinstance(action, str):
        return ActionValue(action, action, value)
    return ActionValue(str(action), action_words(state, seat, action).imperative, value)


def _asked(state: k.GameState) -> str:
    from kingofny.play.board import asked

    return asked(state)


def review_game(
    record: k.GameRecord | LoadedRecord,
    *,
    seats: Iterable[int] | Literal["human"] | None = None,
    top: int = 3,
    samples: int = 8,
    horizon: Horizon = "turn",
    max_actions: int = 12,
    search: bool = False,
    budget: int | None = None,
    evaluation: Valuer | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Review the game of ``record``: the win-probability curve and the ``top`` costliest
    decisions of each seat in ``seats`` (see :mod:`kingofny.review` for the method).

    * ``seats``: the seats whose decisions are valued (default every seat), or ``"human"`` for
      the human seats of a :class:`LoadedRecord` read from a ``kingofny play`` save.
    * ``samples`` (1 to :data:`MAX_SAMPLES`): rollouts per action, with the same seeds for every
      action of a decision; ``horizon``: ``"turn"`` or ``"round"`` (see :data:`HORIZONS`);
      ``max_actions``: the most actions valued per decision (at least 2; rerolls are all valued
      exactly); ``budget``: the most rollouts of the whole review (None: no cap), paced over
      the game: a decision is skipped while the review is ahead of its share of the budget, so
      the decisions left unassessed are spread over the game rather than all at its end.
    * ``search``: the curve from ``samples`` rollouts of every position to the horizon, instead
      of the evaluation of the position itself (slower, and it sees the turn's dice).
    * ``evaluation``: anything with the ``values(state)`` of :class:`kingofny.players.Evaluation`
      (the default, :class:`kingofny.players.LearnedEvaluation`, the strongest bot's); ``seed``
      seeds the rollouts: the same record and arguments give the same review.
    * ``progress(done, total)`` is called after every decision.

    Raises :class:`ReviewError` if the record does not replay (a corrupted record) and
    :class:`~kingofny.ArgumentError` for an argument of the wrong type or out of range.
    """
    loaded = record if isinstance(record, LoadedRecord) else None
    if loaded is not None:
        record = loaded.record
    if not isinstance(record, k.GameRecord):
        raise ArgumentError("review_game(record)", f"expected a GameRecord, got {record!r:.60}")
    count = record.config.player_count
    if seats == "human":
        humans = None if loaded is None else loaded.human_seats
        if humans is None:
            raise ArgumentError(
                "review_game(seats)",
                "'human' needs a record that names its players (a kingofny play save)",
            )
        chosen_seats = frozenset(humans)
    elif seats is None:
        chosen_seats = frozenset(range(count))
    elif isinstance(seats, str):
        raise ArgumentError(
            "review_game(seats)", f"expected seat numbers or 'human', got {seats!r}"
        )
    else:
        chosen_seats = frozenset(_check_int("review_game(seats)", s, 0, count - 1) for s in seats)
    top = _check_int("review_game(top)", top, 0, MAX_TOP)
    samples = _check_int("review_game(samples)", samples, 1, MAX_SAMPLES)
    max_actions = _check_int("review_game(max_actions)", max_actions, 2, 10**6)
    if horizon not in HORIZONS:
        raise ArgumentError("review_game(horizon)", f"expected 'turn' or 'round', got {horizon!r}")
    if budget is not None:
        budget = _check_int("review_game(budget)", budget, 0, 10**12)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("review_game(seed)", f"expected an int, got {seed!r:.60}")
    if not isinstance(search, bool):
        raise ArgumentError("review_game(search)", f"expected True or False, got {search!r:.60}")
    if evaluation is None:
        from kingofny.players import LearnedEvaluation

        evaluation = LearnedEvaluation()
    elif not callable(getattr(evaluation, "values", None)):
        raise ArgumentError(
            "review_game(evaluation)",
            f"expected an object with values(state), got {evaluation!r:.60}",
        )
    valuer = _Valuer(evaluation, samples, horizon, max_actions, seed, budget)

    try:
        steps = list(k.replay_states(record))
    except k.ReplayError as exc:
        raise ReviewError(f"the record does not replay: {exc}") from exc

    def win_of(state: k.GameState, key: int) -> tuple[float, ...]:
        if search and state.winners is None:
            view = k.observe(state)
            return valuer.mean_values(view, None, None, valuer.seeds(key), horizon)
        return tuple(evaluation.values(state))

    names = tuple(monster_name(steps[0][1], seat) for seat in range(count))
    total = sum(1 for event, _ in steps if event is not None and event.seat is not None)
    points = [Point(None, 0, None, None, win_of(steps[0][1], -1))]
    found: dict[int, list[CostlyDecision]] = {seat: [] for seat in chosen_seats}
    assessed = dict.fromkeys(chosen_seats, 0)
    losses = dict.fromkeys(chosen_seats, 0.0)
    skipped = 0
    done = 0
    # For the pacing of a budget: the decisions to assess, and how many have come so far.
    eligible = 0
    if budget is not None:
        eligible = sum(
            1
            for (event, _), (_, state) in zip(steps[1:], steps[:-1])
            if event is not None and event.seat in chosen_seats and len(k.legal_actions(state)) > 1
        )
    seen = 0
    before = steps[0][1]
    index = -1
    for event, after in steps[1:]:
        assert event is not None
        # The event's index in the record: a seeded record lists the outcomes the seed drew,
        # which replay_states does not yield.
        index = record.events.index(event, index + 1)
        if event.seat is None:
            before = after
            continue
        seat = event.seat
        move = event.move
        assert isinstance(move, k.Action)
        legal = k.legal_actions(before)
        win_before = points[-1].win[seat]
        if seat in chosen_seats and len(legal) > 1:
            seen += 1
            if valuer.exhausted() or (
                budget is not None and valuer.spent > budget * (seen - 1) / max(1, eligible)
            ):
                skipped += 1
            else:
                values = valuer.action_values(index, before, seat, move)
                assessed[seat] += 1
                best_action = max(values, key=lambda a: values[a])
                loss = values[best_action] - values[move]
                losses[seat] += loss
                if loss > 0:
                    ranked = sorted(values, key=lambda a: -values[a])
                    shown = ranked[:3] + ([move] if move not in ranked[:3] else [])
                    found[seat].append(
                        CostlyDecision(
                            event=index,
                            turn=before.turn.number,
                            seat=seat,
                            monster=names[seat],
                            asked=_asked(before),
                            kind=str(k.waiting_for(before).kind),  # type: ignore[union-attr]
                            chosen=_value(before, seat, move, values[move]),
                            best=_value(before, seat, best_action, values[best_action]),
                            alternatives=tuple(_value(before, seat, a, values[a]) for a in shown),
                            win_before=win_before,
                        )
                    )
        points.append(Point(index, before.turn.number, seat, str(move), win_of(after, index)))
        done += 1
        if progress is not None:
            progress(done, total)
        before = after
    final = steps[-1][1]
    last = steps[-1][0]
    if last is not None and last.seat is None:  # chance came after the last decision
        points.append(Point(None, final.turn.number, None, None, win_of(final, -2)))
    summaries = tuple(
        SeatSummary(
            seat=seat,
            monster=names[seat],
            assessed=assessed[seat],
            total_loss=losses[seat],
            costliest=tuple(sorted(found[seat], key=lambda d: (-d.loss, d.event))[:top]),
        )
        for seat in sorted(chosen_seats)
    )
    settings = ReviewSettings(
        horizon=horizon,
        samples=samples,
        max_actions=max_actions,
        top=top,
        search=search,
        seed=seed,
        budget=budget,
        evaluation=type(evaluation).__name__,
    )
    return GameReview(names, final.winners, tuple(points), summaries, settings, skipped)


# -- plotting -----------------------------------------------------------------------------------


def require_matplotlib() -> None:
    """Check that matplotlib can be imported: :class:`~kingofny.ConfigError` saying what to
    install if not (``kingofny review --plot`` checks before it reviews)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError("plots need matplotlib: pip install 'kingofny[stats]'") from None


def write_plot(review: GameReview, path: str | Path) -> Path:
    """Write a PNG of the win-probability curves of ``review`` (one line per monster, by
    decision, turns marked below) to ``path``; return the path.

    Needs matplotlib (the ``stats`` extra): :class:`~kingofny.ConfigError` if it is missing.
    """
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    target = Path(path)
    xs = list(range(len(review.points)))
    fig, ax = plt.subplots(figsize=(9, 4.5), layout="constrained")
    try:
        for seat, name in enumerate(review.monsters):
            ax.plot(xs, [100 * p.win[seat] for p in review.points], label=name, linewidth=1.6)
        ax.set_ylim(0, 100)
        ax.set_xlim(0, max(1, len(xs) - 1))
        ax.set_ylabel("win probability (%)")
        ax.set_xlabel("decision (turn numbers below)")
        ticks: list[int] = []
        labels: list[str] = []
        seen: set[int] = set()
        room = max(1, len(xs) // 25)  # the closest two turn labels may stand, in decisions
        for x, point in enumerate(review.points):
            if point.turn not in seen:
                seen.add(point.turn)
                if not ticks or x - ticks[-1] >= room:
                    ticks.append(x)
                    labels.append(str(point.turn))
        ax.set_xticks(ticks, labels)
        for seat in review.winners or ():
            ax.annotate(
                f"{review.monsters[seat]} wins",
                (xs[-1], 100 * review.points[-1].win[seat]),
                textcoords="offset points",
                xytext=(-4, -12),
                ha="right",
            )
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left", frameon=False)
        ax.set_title("Win probability after every decision")
        fig.savefig(target, dpi=110)
    finally:
        plt.close(fig)
    return target
