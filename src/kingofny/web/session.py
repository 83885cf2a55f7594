"""Games at a web table, free of any web framework: the requests of the JSON API as methods
that take and return plain data (dicts, lists, str, int, bool, None).

:class:`Table` is one game: seats played by humans (through the API) or by bundled bots (on
the server). :class:`Tables` holds several games, each under its own id. Every problem with a
request raises :class:`~kingofny.web.checks.WebError` with an HTTP status and a message; the
app turns it into a JSON answer. The app in :mod:`kingofny.web.app` maps routes onto these
methods; another framework could mount them the same way.

Chance is drawn on the server with :func:`kingofny.sample_outcome` from a generator that
never leaves it, on a game in explicit-chance mode: the state a client sees holds no seed, and
the game record (decisions and outcomes) replays with ``kingofny replay`` at any point.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

import kingofny
from kingofny import (
    Action,
    Borough,
    Buy,
    Dice,
    EndBuying,
    Event,
    Face,
    GameRecord,
    GameState,
    KingOfNYError,
    Location,
    PendingKind,
    Player,
    Reroll,
    StayInManhattan,
    UnitKind,
    card_price,
    find_card,
)
from kingofny.narrate import (
    describe_end,
    describe_start,
    face_name,
    monster_name,
    unit_name,
)
from kingofny.play.hints import HINT_BOT, HINT_SPEC, suggest
from kingofny.players import BUILTIN_KINDS, HUMAN, parse_spec, player_factory
from kingofny.web import labels
from kingofny.web.checks import WebError, check_fields, check_int, cut, first_line, shown

__all__ = [
    "BOTS",
    "HUMAN",
    "MAX_ADVANCE_SECONDS",
    "MAX_BOT_MOVES",
    "MAX_BOT_MS",
    "MAX_GAMES",
    "MAX_HINTS",
    "MAX_HINT_MS",
    "MAX_PLAYOUTS",
    "MAX_SAMPLES",
    "MAX_SPEC_LENGTH",
    "MAX_UNDO",
    "Automation",
    "BotOption",
    "Table",
    "Tables",
    "WebError",
    "board_payload",
    "bot_menu",
    "bot_options",
    "monster_menu",
    "result",
    "seats_payload",
]

MAX_GAMES = 64
"""Games kept at once; creating one more forgets the one least recently used."""
MAX_BOT_MOVES = 2000
"""The most bot decisions one ``advance`` request may play."""
MAX_DECISIONS = 5000
"""A game still running after this many decisions is abandoned (no winner)."""
MAX_BOT_MS = 5000
"""The clock of a search bot (``mcts``, ``planner``) on the server, in milliseconds per move:
its search stops there even if its ``playouts`` are not done, and its ``ms`` may not ask for
more."""
MAX_PLAYOUTS = 10_000
"""The most ``playouts`` per move an ``mcts`` seat (per option, a ``planner`` seat) may ask
for."""
MAX_SAMPLES = 64
"""The most ``samples`` per option an ``expectimax`` seat may ask for."""
MAX_ADVANCE_SECONDS = 10.0
"""How long one ``advance`` request lets the bots play: it stops after the move that reaches
this many seconds (it plays at least one), and the client asks again."""
MAX_SPEC_LENGTH = 200
"""The longest bot spec a seat may have, in characters."""
MAX_UNDO = 32
"""How many of a person's decisions are kept for undo (the newest)."""
MAX_HINT_MS = 2000
"""The clock of a hint's search on the server, in milliseconds: a safety net (a hint's 40
playouts take about a tenth to half a second), past which the search stops."""
MAX_HINTS = 2
"""Hints searched at once on the server; a request beyond that is answered 429."""
_HINTS = threading.BoundedSemaphore(MAX_HINTS)
_SEED_LIMIT = 2**63

BOTS: tuple[tuple[str, str, str], ...] = (
    ("random", "Random", "beginner: any legal move, no plan"),
    ("heuristic", "Heuristic", "easy: rules of thumb, instant; wins 90% against random bots"),
    (
        "policy",
        "Policy",
        "medium: a trained network for 4 monsters; wins 41% against three heuristic bots",
    ),
    (
        "expectimax",
        "Expectimax",
        "strong: looks ahead over the dice; wins 52% against three heuristic bots",
    ),
    (
        "mcts:playouts=40",
        "MCTS",
        "strong: tree search, about 0.1 s a move; wins 60% against three heuristic bots",
    ),
    (
        "planner",
        "Planner",
        "strongest: exact dice and a look ahead, about 0.03 s a move; wins 58% against "
        "three heuristic bots and half its games against three MCTS bots",
    ),
)
"""The bots a seat may be given on the page, weakest first: ``(spec, name, strength)``; the
strengths are the win rates of the docs' *Strong play* and *Training an agent* pages (a fair
share is 25% with four monsters)."""


@dataclass(frozen=True)
class BotOption:
    """An option a bundled bot takes on the server: the kind of its value and its bounds."""

    kind: Literal["int", "number", "bool"]
    """``int``, ``number`` (an int or a float) or ``bool``."""
    low: int = 0
    """The smallest value taken (numbers only)."""
    high: int = 0
    """The largest value taken (numbers only)."""
    none: bool = False
    """Whether ``none`` (the bot's own default) is taken."""

    def problem(self, key: str, value: object) -> str | None:
        """What is wrong with ``key=value``, in a sentence naming ``key``; None if it is fine."""
        if value is None and self.none:
            return None
        if self.kind == "bool":
            if isinstance(value, bool):
                return None
            return f"{key} must be true or false, got {shown(value)}"
        if (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and (self.kind == "number" or isinstance(value, int))
            and self.low <= value <= self.high  # NaN fails both comparisons
        ):
            return None
        what = "an integer" if self.kind == "int" else "a number"
        return (
            f"{key} must be {what} between {self.low} and {self.high} on this server, "
            f"got {shown(value)}"
        )

    def describe(self) -> dict[str, Any]:
        """The option as ``GET /api`` lists it: ``{"type", "min", "max", "none"}``."""
        if self.kind == "bool":
            return {"type": "bool", "none": self.none}
        return {"type": self.kind, "min": self.low, "max": self.high, "none": self.none}


def bot_options() -> dict[str, dict[str, BotOption]]:
    """The options each bundled bot takes on the server, with their bounds: those that make a
    move take longer are capped (:data:`MAX_BOT_MS`, :data:`MAX_PLAYOUTS`,
    :data:`MAX_SAMPLES`), and options that take objects (``policy``, ``evaluation``) are not
    offered. A bundled kind not listed takes no option."""
    return {
        "random": {},
        "heuristic": {
            "flee_life": BotOption("int", 0, 100),
            "flee_per_attacker": BotOption("number", 0, 100),
        },
        "mcts": {
            "playouts": BotOption("int", 1, MAX_PLAYOUTS, none=True),
            "ms": BotOption("number", 1, MAX_BOT_MS, none=True),
            "c": BotOption("number", 0, 10),
            "widening": BotOption("number", 0, 100),
            "reroll_candidates": BotOption("int", 1, 462),
            "confidence": BotOption("number", 0, 100),
            "dice_prior": BotOption("bool"),
        },
        "expectimax": {"samples": BotOption("int", 1, MAX_SAMPLES)},
        "planner": {
            "playouts": BotOption("int", 1, MAX_PLAYOUTS, none=True),
            "ms": BotOption("number", 1, MAX_BOT_MS, none=True),
            "width": BotOption("int", 1, 64),
        },
        "policy": {},
    }


def _policy_available() -> bool:
    """Whether the ``policy`` bot can play here (it needs numpy)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _kinds() -> tuple[str, ...]:
    """The bot kinds a seat may name: the bundled kinds, and ``policy`` (the bundled network,
    no option: a ``path`` would read a file on the server) where numpy is installed."""
    return (*BUILTIN_KINDS, "policy") if _policy_available() else BUILTIN_KINDS


def bot_menu() -> list[dict[str, str]]:
    """The bots the page offers, weakest first (:data:`BOTS`), as ``{"spec", "name",
    "strength"}``; ``policy`` only where it can play (numpy installed)."""
    kinds = _kinds()
    return [
        {"spec": spec, "name": name, "strength": strength}
        for spec, name, strength in BOTS
        if spec.partition(":")[0] in kinds
    ]


def monster_menu() -> list[dict[str, str]]:
    """The monsters a game may be played with (those of the base game), as ``{"id", "name",
    "description"}``."""
    content = kingofny.new_game(2).config.content
    assert content is not None  # a new game's content is resolved
    return [
        {"id": spec.id, "name": spec.name, "description": spec.description}
        for spec in content.monsters.values()
    ]


@dataclass(frozen=True)
class Automation:
    """What a game's human seats let the server decide for them (BGA's automation): each is a
    per-game setting, off by default, changed with ``POST /api/games/{id}/settings``."""

    stay_unless_below: int | None = None
    """Stay in Manhattan when hit there, unless life is below this (then you are asked)."""
    skip_buy: bool = False
    """End the Buy step at once when no card can be bought (a sweep is not wanted)."""
    forced: bool = False
    """Take a decision that has only one choice without asking. Kept for older clients: the
    engine takes every such decision itself, so no person is ever asked one and this changes
    nothing (the page offers no such setting)."""

    @classmethod
    def from_body(cls, body: Mapping[str, object], base: Automation | None = None) -> Automation:
        """The settings of ``body`` (``stay_unless_below``: null or 1 to 99; ``skip_buy`` and
        ``forced``: true or false), the fields not given as in ``base``; else a 400."""
        base = base or cls()
        if not isinstance(body, Mapping):
            raise WebError(400, f"settings must be a JSON object, got {shown(body)}")
        check_fields(body, ("stay_unless_below", "skip_buy", "forced"))
        stay = base.stay_unless_below
        if "stay_unless_below" in body:
            value = body["stay_unless_below"]
            stay = None if value is None else check_int(value, "stay_unless_below", 1, 99)
        flags = {}
        for key in ("skip_buy", "forced"):
            value = body.get(key, getattr(base, key))
            if not isinstance(value, bool):
                raise WebError(400, f"{key} must be true or false, got {shown(value)}")
            flags[key] = value
        return cls(stay, flags["skip_buy"], flags["forced"])

    def to_dict(self) -> dict[str, Any]:
        """The settings as the API sends them."""
        return {
            "stay_unless_below": self.stay_unless_below,
            "skip_buy": self.skip_buy,
            "forced": self.forced,
        }

    def choice(self, state: GameState, legal: Sequence[Action]) -> tuple[Action, str] | None:
        """The action these settings take for the decision of ``state``, with the reason in
        words, or None to ask the person."""
        pending = kingofny.waiting_for(state)
        if pending is None or pending.seat is None or not legal:
            return None
        if self.forced and len(legal) == 1:
            return legal[0], "the only choice"
        if self.stay_unless_below is not None and pending.kind is PendingKind.FLEE:
            life = state.monsters[pending.seat].life
            stay = [a for a in legal if isinstance(a, StayInManhattan)]
            if stay and life >= self.stay_unless_below:
                return stay[0], f"life {life} is not below {self.stay_unless_below}"
        if self.skip_buy and pending.kind is PendingKind.SHOP:
            ends = [a for a in legal if isinstance(a, EndBuying)]
            if ends and not any(isinstance(a, Buy) for a in legal):
                return ends[0], "no card can be bought"
        return None


def _bot(spec: str, seed: int) -> Player:
    """A bundled bot from its spec (``heuristic``, ``heuristic:flee_life=3``) with the options
    of :func:`bot_options` only, and a search bot held to the clock :data:`MAX_BOT_MS`; specs
    that load code (``module:Class``, ``file.py:Class``) are refused."""
    named = shown(spec)
    if len(spec) > MAX_SPEC_LENGTH:
        raise WebError(400, f"player {named}: a spec may be at most {MAX_SPEC_LENGTH} characters")
    try:
        parsed = parse_spec(spec)
    except (KingOfNYError, ValueError) as exc:
        raise WebError(400, f"player {named}: {cut(str(exc), 300)}") from None
    if parsed.target not in _kinds():
        raise WebError(
            400,
            f"unknown player {named}; a seat is {HUMAN!r} or a bundled bot: " + ", ".join(_kinds()),
        )
    allowed = bot_options().get(parsed.target, {})
    for key, value in parsed.options:
        option = allowed.get(key)
        if option is None:
            takes = ", ".join(allowed) or "none"
            raise WebError(
                400,
                f"player {named}: this server takes no option {shown(key)} for {parsed.target} "
                f"(options: {takes})",
            )
        problem = option.problem(key, value)
        if problem is not None:
            raise WebError(400, f"player {named}: {problem}")
    try:
        player = player_factory(parsed)(seed)
    except (KingOfNYError, TypeError, ValueError) as exc:
        raise WebError(400, f"player {named}: {cut(str(exc), 300)}") from None
    from kingofny.players import MCTSPlayer, PlannerPlayer  # loaded with the bots, on first use

    if isinstance(player, (MCTSPlayer, PlannerPlayer)):  # the clock stops the search
        player.ms = MAX_BOT_MS if player.ms is None else min(player.ms, MAX_BOT_MS)
    if isinstance(player, MCTSPlayer):
        # A hard cap per decision: time management would give a first reroll up to 3 times it.
        player.manage_time = False
    return player


class Table:
    """One game at the table: its state, who plays each seat, and the log so far.

    Methods are safe to call from several threads: each takes the table's lock.
    """

    def __init__(
        self,
        game_id: str,
        players: Sequence[str],
        *,
        monsters: Sequence[str | None] | None = None,
        seed: int | None = None,
        settings: Automation | None = None,
    ) -> None:
        if seed is None:
            # 53 bits: the page reads JSON numbers as doubles, exact up to 2**53.
            seed = secrets.randbits(53)
        self.id = game_id
        """The game's id in the API's paths."""
        self.seed = seed
        """The seed chance and the bots are drawn from (sent to clients only once the game is
        over: it tells the dice to come)."""
        self.players = tuple(players)
        """The kind of each seat: :data:`HUMAN` or a bot spec."""
        self.touched = time.monotonic()
        """When a request last used the game (for forgetting the oldest)."""
        self._lock = threading.Lock()
        master = random.Random(seed)
        self._chance = random.Random(master.getrandbits(64))
        bot_seeds = [master.getrandbits(32) for _ in self.players]
        self._bots: dict[int, Player] = {
            seat: _bot(kind, bot_seeds[seat])
            for seat, kind in enumerate(self.players)
            if kind != HUMAN
        }
        self._fallback = random.Random(master.getrandbits(64))
        picked = _pick_monsters(monsters, random.Random(master.getrandbits(64)))
        try:
            first = kingofny.new_game(picked if picked is not None else len(self.players))
        except KingOfNYError as exc:
            raise WebError(400, first_line(exc)) from None
        self.settings = settings or Automation()
        """What the server decides for the human seats (:class:`Automation`)."""
        self._changes = 0
        self._marks: list[tuple[GameState, int, int, int, int]] = []
        self._hint: tuple[int, dict[str, Any]] | None = None
        self.events: list[Event] = []
        """Every decision and chance outcome so far, in order (the game record's events)."""
        self.config = first.config
        """The game's configuration (explicit chance: no seed)."""
        self.state = self._settle(first, self.events)
        """The current state: a decision or the end of the game, never a chance node."""
        self.log: list[str] = describe_start(self.state)
        """The narration so far, one line each."""
        self.decisions = 0
        """Decisions taken so far, by humans and bots."""
        self._automate()

    # -- the game ---------------------------------------------------------------------------

    def _settle(
        self, state: GameState, events: list[Event], log: list[str] | None = None
    ) -> GameState:
        """Draw chance outcomes until a decision or the end of the game, adding each to
        ``events`` and telling it in ``log`` when it is given (the setup's draws are summed up
        by ``describe_start``)."""
        while state.is_chance:
            outcome = kingofny.sample_outcome(state, self._chance)
            event = Event(None, outcome)
            after, steps = kingofny.apply_traced(state, outcome)
            events.append(event)
            if log is not None:
                log += labels.log_lines(state, event, after, steps)
            state = after
        return state

    def _play(self, seat: int, action: Action, *, note: str = "") -> None:
        """Apply ``action`` and the chance after it, all or nothing: a failure (a card's effect
        that raises) leaves the game, its record, its log and the chance generator as they
        were, and is answered 409."""
        before = self.state
        chance = self._chance.getstate()
        events = [Event(seat, action)]
        try:
            after, steps = kingofny.apply_traced(before, action)
            log = labels.log_lines(before, events[0], after, steps)
            after = self._settle(after, events, log)
        except KingOfNYError as exc:
            self._chance.setstate(chance)
            raise WebError(409, f"the game cannot go on: {first_line(exc)}") from None
        self.events += events
        self.log += [f"  (automatic: {note})", *log] if note else log
        self.state = after
        self.decisions += 1
        self._changes += 1
        if after.is_terminal:
            self.log += describe_end(after)
        elif self.decisions >= MAX_DECISIONS:
            self.log.append(f"Game abandoned after {self.decisions} decisions")

    def _automate(self) -> None:
        """Take the human seats' decisions that :attr:`settings` decide, until a person must
        choose, a bot decides, or the game ends."""
        while not self.over and self._human_decides():
            seat = self.state.current_player
            assert seat is not None
            taken = self.settings.choice(self.state, kingofny.legal_actions(self.state))
            if taken is None:
                return
            self._play(seat, taken[0], note=taken[1])

    @contextmanager
    def _request(
        self, body: Mapping[str, object], fields: Sequence[str] | None = None
    ) -> Iterator[None]:
        """What every request does around its work: refuse a field not in ``fields`` (400;
        None: the body is checked elsewhere), then hold the table's lock, note the time it was
        used (for forgetting the oldest), and refuse a ``version`` in the body that is not the
        game's (409; only when ``fields`` takes one)."""
        if fields is not None:
            check_fields(body, fields)
        with self._lock:
            self.touched = time.monotonic()
            if fields is not None and "version" in fields:
                self._check_version(body)
            yield

    def set_settings(self, body: Mapping[str, object]) -> None:
        """Change the game's :class:`Automation` (the fields given), then let it decide."""
        with self._request(body):
            self.settings = Automation.from_body(body, self.settings)
            self._changes += 1
            self._automate()

    def _undo_problem(self) -> str | None:
        """Why the last decision a person made cannot be undone now, or None if it can: the
        terminal's policy (``kingofny play``'s ``undo``), and BGA's: back within the same
        person's decisions only, never across a chance outcome (dice, a tile, a card) or
        another seat's decision."""
        if not self._marks:
            return "there is nothing to undo"
        if self.over:  # won, or abandoned after MAX_DECISIONS
            return "the game is over"
        _, events, _, _, seat = self._marks[-1]
        if self.state.current_player != seat:
            return "another monster decides now: undo only goes back within your own decisions"
        since = self.events[events:]
        if any(e.seat is None for e in since):
            return (
                "chance was drawn since your last decision (dice, a tile or a card): undoing it "
                "would draw again, so it is not allowed"
            )
        if any(e.seat != seat for e in since):
            return "another monster has decided since: undo only goes back within your own turn"
        return None

    def undo(self, body: Mapping[str, object]) -> None:
        """Go back to the position of the last decision a person made (``{"version": n}``
        optional), unless :meth:`_undo_problem` says why not (a 409)."""
        with self._request(body, ("version",)):
            problem = self._undo_problem()
            if problem is not None:
                raise WebError(409, f"cannot undo: {problem}")
            state, events, log, decisions, _ = self._marks.pop()
            self.state = state
            del self.events[events:]
            del self.log[log:]  # the log is rolled back too: the page drops the lines
            self.decisions = decisions
            self._changes += 1

    def _check_version(self, body: Mapping[str, object]) -> None:
        if "version" in body:
            version = check_int(body["version"], "version", 0, 2**31)
            if version != self.version:
                raise WebError(
                    409,
                    f"the game has moved on: version {self.version}, the request saw "
                    f"{version}; get the game again",
                )

    @property
    def over(self) -> bool:
        """Whether the game has ended (or been abandoned)."""
        return self.state.is_terminal or self.decisions >= MAX_DECISIONS

    @property
    def version(self) -> int:
        """How many times the game has changed (a decision, an undo, new settings): an ``act``
        or ``undo`` request may name the version it saw, and is refused if the game has moved
        on since. Without undo or settings it is the number of decisions taken."""
        return self._changes

    def _human_decides(self) -> bool:
        seat = self.state.current_player
        return seat is not None and self.players[seat] == HUMAN

    def act(self, body: Mapping[str, object]) -> None:
        """Take a human seat's decision: ``{"index": i}`` (into the legal actions) or
        ``{"action": "reroll AAD"}`` (an action's notation), with an optional ``"version"``."""
        with self._request(body, ("index", "action", "version")):
            if self.over:
                raise WebError(409, "the game is over")
            seat = self.state.current_player
            assert seat is not None
            if self.players[seat] != HUMAN:
                raise WebError(
                    409,
                    f"seat {seat} ({monster_name(self.state, seat)}) is played by "
                    f"the bot {self.players[seat]!r}: advance the game instead",
                )
            legal = kingofny.legal_actions(self.state)
            if ("index" in body) == ("action" in body):
                raise WebError(400, "give exactly one of index or action")
            if "index" in body:
                action = legal[check_int(body["index"], "index", 0, len(legal) - 1)]
            else:
                text = body["action"]
                if not isinstance(text, str):
                    raise WebError(400, f"action must be a string, got {shown(text)}")
                found = [a for a in legal if str(a) == text.strip()]
                if not found:
                    offered = ", ".join(str(a) for a in legal[:8])
                    raise WebError(
                        409, f"{shown(text)} is not a legal action now; legal: {offered}, ..."
                    )
                action = found[0]
            mark = (self.state, len(self.events), len(self.log), self.decisions, seat)
            self._play(seat, action)
            self._marks = [*self._marks[-(MAX_UNDO - 1) :], mark]
            self._automate()

    def hint(self, body: Mapping[str, object]) -> dict[str, Any]:
        """What the strongest bot would do for the person deciding now
        (:func:`kingofny.play.hints.suggest`: MCTS with a short budget, on that seat's view),
        with an optional ``{"version": n}``: the action as an entry of ``legal`` (``index``,
        ``kind``, ``action``, ``label``...) with ``id``, ``version``, ``seat``, ``bot`` (the
        bot in words) and ``spec``. A 409 when no person decides, or the game has moved on;
        a 429 when :data:`MAX_HINTS` hints are being searched already."""
        with self._request(body, ("version",)):
            if self.over:
                raise WebError(409, "the game is over")
            seat = self.state.current_player
            assert seat is not None
            if self.players[seat] != HUMAN:
                raise WebError(
                    409, f"seat {seat} ({monster_name(self.state, seat)}) is a bot: no hint"
                )
            state, version = self.state, self.version
            if self._hint is not None and self._hint[0] == version:
                return dict(self._hint[1])
        if not _HINTS.acquire(blocking=False):
            raise WebError(429, "the server is busy with other hints: ask again in a moment")
        try:
            action = suggest(state, ms=MAX_HINT_MS)
        except KingOfNYError as exc:
            raise WebError(409, f"no hint here: {first_line(exc)}") from None
        finally:
            _HINTS.release()
        legal = kingofny.legal_actions(state)
        entry = {
            "id": self.id,
            "version": version,
            "seat": seat,
            "bot": HINT_BOT,
            "spec": HINT_SPEC,
            **_action_entry(state, legal.index(action), action),
        }
        with self._lock:
            if self.version == version:
                self._hint = (version, entry)
        return dict(entry)

    def advance(self, body: Mapping[str, object]) -> int:
        """Let the bots play: ``{"moves": n}`` bot decisions at most (default: until a human
        decides or the game ends), for :data:`MAX_ADVANCE_SECONDS` at most; returns how many
        they played."""
        check_fields(body, ("moves",))
        limit = MAX_BOT_MOVES
        if "moves" in body:
            limit = check_int(body["moves"], "moves", 1, MAX_BOT_MOVES)
        played = 0
        with self._request(body):
            started = self.touched
            while played < limit and not self.over and not self._human_decides():
                seat = self.state.current_player
                assert seat is not None
                self._play(seat, self._bot_choice(seat))
                self._automate()
                played += 1
                if time.monotonic() - started >= MAX_ADVANCE_SECONDS:
                    break
        return played

    def _bot_choice(self, seat: int) -> Action:
        """The bot's choice, or a random legal action (noted in the log) if it fails."""
        legal = kingofny.legal_actions(self.state)
        try:
            choice: object = self._bots[seat].choose(kingofny.observe(self.state, seat), legal)
        except Exception as exc:  # a bot's bug must not take the server down
            choice = exc
        if isinstance(choice, Action) and choice in legal:
            return choice
        problem = f"raised {choice!r}" if isinstance(choice, Exception) else "chose badly"
        self.log.append(f"(the {self.players[seat]} bot of seat {seat} {problem}: random move)")
        return legal[self._fallback.randrange(len(legal))]

    # -- what a client sees -----------------------------------------------------------------

    def payload(self, since: int = 0) -> dict[str, Any]:
        """The game as the API sends it (see the docs page *Playing in a browser*): log lines
        from index ``since`` on."""
        with self._request({}):
            return self._payload(since)

    def _viewer(self) -> int | None:
        """The seat whose prices the board shows: the human deciding now, else the first human
        seat, else the seat deciding."""
        seat = self.state.current_player
        if seat is not None and self.players[seat] == HUMAN:
            return seat
        humans = [s for s, kind in enumerate(self.players) if kind == HUMAN]
        return humans[0] if humans else seat

    def _payload(self, since: int) -> dict[str, Any]:
        state = self.state
        view = kingofny.observe(state)
        seat = state.current_player
        human = seat is not None and self.players[seat] == HUMAN and not self.over
        legal = kingofny.legal_actions(state) if human else ()
        pending = kingofny.waiting_for(state)
        waiting = None
        if pending is not None and not self.over:
            waiting = {
                "kind": str(pending.kind),
                "seat": pending.seat,
                "card": pending.card,
                "human": human,
                "question": labels.question(state),
            }
        since = max(0, min(since, len(self.log)))
        undo = None
        if self._marks and not self.over:
            undo = {"seat": self._marks[-1][4], "refused": self._undo_problem()}
        return {
            "id": self.id,
            "version": self.version,
            "over": self.over,
            "winners": list(state.winners) if state.winners is not None else None,
            "result": result(state, abandoned=self.over and not state.is_terminal),
            "seed": self.seed if self.over else None,
            "settings": self.settings.to_dict(),
            "undo": undo,
            "seats": seats_payload(state, self.players),
            "turn": {
                "number": state.turn.number,
                "seat": state.turn.seat,
                "phase": str(state.phase),
            },
            "waiting": waiting,
            "legal": [_action_entry(state, i, a) for i, a in enumerate(legal)],
            "board": board_payload(state, self._viewer()),
            "log": self.log[since:],
            "log_from": since,
            "log_next": len(self.log),
            "state": kingofny.state_to_dict(view),
        }

    def game_record(self) -> GameRecord:
        """The game record so far: explicit chance, every decision and outcome."""
        with self._request({}):
            return GameRecord(self.config, tuple(self.events), self.state.winners)

    def record(self) -> dict[str, Any]:
        """The game record so far as JSON (``kingofny replay`` reads it)."""
        return kingofny.record_to_dict(self.game_record())


def seats_payload(state: GameState, players: Sequence[str]) -> list[dict[str, Any]]:
    """Who plays each seat: ``{"seat", "player", "monster", "name"}``."""
    return [
        {
            "seat": s,
            "player": kind,
            "monster": state.monsters[s].monster,
            "name": monster_name(state, s),
        }
        for s, kind in enumerate(players)
    ]


def result(state: GameState, *, abandoned: bool = False) -> dict[str, Any] | None:
    """How a game ended, for the game-over screen: ``{"winners", "how", "turns",
    "standings"}``, the standings best first (winners, then monsters still standing by VP and
    life, then the eliminated); None while the game goes on (and is not ``abandoned``)."""
    winners = state.winners
    if winners is None and not abandoned:
        return None
    won = set(winners or ())
    alive = [s for s, m in enumerate(state.monsters) if not m.eliminated]
    if abandoned:
        how = "The game was abandoned: it ran too long."
    elif not winners:
        how = "Every monster was eliminated: nobody wins."
    elif len(alive) == len(won) and len(alive) < len(state.monsters):
        names = " and ".join(monster_name(state, s) for s in winners)
        how = f"{names}: the last monster standing."
    else:
        names = " and ".join(
            f"{monster_name(state, s)} ({state.monsters[s].vp} VP)" for s in winners
        )
        how = f"{names} reached the victory points to win."
    order = sorted(
        range(len(state.monsters)),
        key=lambda s: (
            s not in won,
            state.monsters[s].eliminated,
            -state.monsters[s].vp,
            -state.monsters[s].life,
        ),
    )
    standings = []
    for place, seat in enumerate(order, 1):
        m = state.monsters[seat]
        standings.append(
            {
                "place": place,
                "seat": seat,
                "name": monster_name(state, seat),
                "vp": m.vp,
                "life": m.life,
                "energy": m.energy,
                "cards": len(m.cards),
                "eliminated": m.eliminated,
                "winner": seat in won,
            }
        )
    return {
        "winners": sorted(won),
        "how": how,
        "turns": state.turn.number,
        "standings": standings,
    }


def _action_entry(state: GameState, index: int, action: Action) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "index": index,
        "kind": action.KIND,
        "action": str(action),
        "label": labels.action_label(state, action),
    }
    if isinstance(action, Reroll):
        entry["dice"] = str(action.dice)
    if isinstance(action, Buy):
        entry["slot"] = action.slot + 1  # as the page and the terminal number the market
    price = labels.move_price(state, action)
    if price:
        entry["energy"] = price
    return entry


def _location(location: Location | None) -> dict[str, Any] | None:
    if location is None:
        return None
    return {
        "borough": str(location.borough),
        "zone": None if location.zone is None else str(location.zone),
        "track": None if location.track is None else str(location.track),
        "label": labels.place_label(location),
    }


def _card(state: GameState, card_id: str, viewer: int | None) -> dict[str, Any]:
    try:
        spec = find_card(card_id)
    except KingOfNYError:
        return {"id": card_id, "name": card_id, "cost": None, "kind": None, "text": ""}
    entry: dict[str, Any] = {
        "id": card_id,
        "name": spec.name,
        "cost": spec.cost,
        "kind": str(spec.kind),
        "text": spec.text,
    }
    if viewer is not None:
        entry["price"] = card_price(state, viewer, card_id)
    return entry


_ADDED_MARK = "base:added-symbols:"
_PAINBOW_MARK = "base:painbow:attack:"
_HAILING_CABS_MARK = "base:hailing-cabs:used"


def _added_symbols(marks: Sequence[str]) -> list[dict[str, str]]:
    """The symbols cards added to this turn's result beyond the dice (the base game's turn
    marks: Painbow's Attack, Hailing Cabs' Destruction, ...), each as a die of the payload with
    the ``card`` that added it (``"a card"`` when the marks do not say)."""
    added = painbow = ""
    cabs = False
    for mark in marks:
        if mark.startswith(_ADDED_MARK):
            added = mark.removeprefix(_ADDED_MARK)
        elif mark.startswith(_PAINBOW_MARK):
            painbow = mark.removeprefix(_PAINBOW_MARK)
        cabs = cabs or mark == _HAILING_CABS_MARK
    try:
        symbols = list(Dice.parse(added)) if added else []
        from_painbow = int(painbow) if painbow.isdecimal() else 0
    except (KingOfNYError, ValueError):
        return []
    entries = []
    for face in symbols:
        card = "a card"
        if face is Face.ATTACK and from_painbow > 0:
            card, from_painbow = find_card("base:painbow").name, from_painbow - 1
        elif face is Face.DESTRUCTION and cabs:
            card = find_card("base:hailing-cabs").name
        entries.append(
            {"face": str(face), "symbol": face.symbol, "name": face_name(face), "card": card}
        )
    return entries


def board_payload(state: GameState, viewer: int | None) -> dict[str, Any]:
    """The board in display terms: names, places, prices for ``viewer``."""
    turn = state.turn
    current = state.current_player
    monsters = []
    for seat, m in enumerate(state.monsters):
        monsters.append(
            {
                "seat": seat,
                "id": m.monster,
                "name": monster_name(state, seat),
                "life": m.life,
                "vp": m.vp,
                "energy": m.energy,
                "location": _location(m.location),
                "where": "eliminated" if m.eliminated else labels.place_label(m.location),
                "cards": [_card(state, c, None) for c in m.cards],
                "tokens": dict(m.tokens),
                "trophies": [str(u) for u in m.trophies],
                "eliminated": m.eliminated,
                "superstar": state.superstar == seat,
                "statue": state.statue == seat,
                "turn": turn.seat == seat,
                "deciding": current == seat,
            }
        )
    boroughs = []
    for borough in Borough:
        tiles = state.boroughs[borough]
        boroughs.append(
            {
                "id": str(borough),
                "label": borough.label,
                "stacks": [
                    {
                        "top": None if s.top is None else str(s.top),
                        "label": None if s.top is None else labels.building_label(s.top),
                        "kind": None if s.top is None else str(s.top.kind),
                        "durability": None if s.top is None else s.top.durability,
                        "hidden": s.hidden,
                    }
                    for s in tiles.stacks
                ],
                "units": [str(u) for u in tiles.units],
                "fresh_units": [str(u) for u in tiles.fresh_units],
                "markers": list(tiles.markers),
                "monsters": list(state.monsters_in(borough)),
            }
        )
    return {
        "monsters": monsters,
        "boroughs": boroughs,
        "market": [
            None if c is None else {**_card(state, c, viewer), "slot": slot + 1}
            for slot, c in enumerate(state.market)
        ],
        "price_for": viewer,
        "deck": len(state.deck),
        "discard": len(state.discard),
        "dice": {
            "showing": str(turn.dice),
            "faces": [
                {"face": str(f), "symbol": f.symbol, "name": face_name(f)} for f in turn.dice
            ],
            "unresolved": str(turn.unresolved),
            "rerolls_left": turn.rerolls_left,
            "added": _added_symbols(turn.marks),
        },
        "superstar": state.superstar,
        "statue": state.statue,
        "unit_names": {str(unit): unit_name(unit) for unit in UnitKind},
    }


def _pick_monsters(monsters: Sequence[str | None] | None, rng: random.Random) -> list[str] | None:
    """``monsters`` with each None replaced by a monster no other seat has, drawn by ``rng``;
    None if no monster is named."""
    if monsters is None:
        return None
    named = {m.strip().lower().removeprefix("base:") for m in monsters if m is not None}
    free = [m["id"] for m in monster_menu() if m["id"].removeprefix("base:") not in named]
    rng.shuffle(free)
    picked = []
    for m in monsters:
        if m is not None:
            picked.append(m)
        elif free:
            picked.append(free.pop())
        else:
            raise WebError(400, "more seats than monsters to give them")
    return picked


def _new_game_args(
    body: Mapping[str, object],
) -> tuple[list[str], list[str | None] | None, int | None, Automation]:
    check_fields(body, ("players", "monsters", "seed", "settings"))
    players = body.get("players", [HUMAN, "heuristic", "heuristic", "heuristic"])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise WebError(400, f"players must be a list of strings, got {shown(players)}")
    if not 2 <= len(players) <= 6:
        raise WebError(400, f"a game has 2 to 6 players, got {len(players)}")
    players = [p.strip().lower() if p.strip().lower() == HUMAN else p.strip() for p in players]
    monsters = body.get("monsters")
    if monsters is not None:
        if not isinstance(monsters, list) or not all(
            m is None or isinstance(m, str) for m in monsters
        ):
            raise WebError(
                400, f"monsters must be a list of names (or null), got {shown(monsters)}"
            )
        if len(monsters) != len(players):
            raise WebError(400, f"{len(players)} players but {len(monsters)} monsters")
    seed = body.get("seed")
    if seed is not None:
        seed = check_int(seed, "seed", -_SEED_LIMIT, _SEED_LIMIT)
    settings = body.get("settings", {})
    if not isinstance(settings, dict):
        raise WebError(400, f"settings must be a JSON object, got {shown(settings)}")
    return players, monsters, seed, Automation.from_body(settings)


class Tables:
    """The games being played, by id; at most ``limit``, forgetting the least recently used."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        """How many games are kept at once."""
        self._games: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def create(self, body: Mapping[str, object]) -> Table:
        """A new game from ``{"players": [...], "monsters": [...], "seed": n}`` (all optional)."""
        players, monsters, seed, settings = _new_game_args(body)
        table = Table(
            secrets.token_hex(8), players, monsters=monsters, seed=seed, settings=settings
        )
        with self._lock:
            self._games[table.id] = table
            while len(self._games) > self.limit:
                oldest = min(self._games.values(), key=lambda t: t.touched)
                del self._games[oldest.id]
        return table

    def get(self, game_id: str) -> Table:
        """The game with this id, else a 404."""
        with self._lock:
            table = self._games.get(game_id)
        if table is None:
            raise WebError(404, f"no game {game_id[:40]!r} (finished games are forgotten in time)")
        return table

    def ids(self) -> list[str]:
        """The ids of the games kept, oldest first."""
        with self._lock:
            return list(self._games)
