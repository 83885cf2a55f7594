"""Playing games with players: one game (:func:`play_game`) or a seat-rotated series
(:func:`simulate`).

Every game is seeded, so its :class:`~kingofny.record.GameRecord` replays it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from kingofny._engine.core import apply_logged, legal_actions, new_game, observe, start
from kingofny.errors import (
    ArgumentError,
    ConfigError,
    IllegalActionError,
    KingOfNYError,
    PlayerError,
)
from kingofny.model.actions import Action, Buy
from kingofny.model.outcomes import Outcome
from kingofny.model.state import GameState
from kingofny.players.base import Player, player_name
from kingofny.record import Event, GameRecord
from kingofny.streams import ChanceStreams, KeyedChance, check_chance

if TYPE_CHECKING:
    pass

IllegalPolicy = Literal["raise", "random", "abort", "forfeit"]
"""What :func:`play_game` does when a player raises, returns an action that is not legal, or (in
an isolated series) times out or dies: ``"raise"`` raises :class:`~kingofny.errors.PlayerError`;
``"random"`` plays a uniformly random legal action instead and records a :class:`Fault`;
``"abort"`` stops the game there, without winner, and records the fault; ``"forfeit"`` records
the fault and plays the rest of that seat's decisions at random, the seat no longer able to win.
"""

POLICIES: tuple[str, ...] = ("raise", "random", "abort", "forfeit")
"""The values of :data:`IllegalPolicy`."""


class BotFailure(Exception):
    """Raised by a player proxy (:mod:`kingofny.tournament.isolate`) for a bot that failed in its
    own process; ``problem`` says how ("timed out after 2 s", "choose() raised ...")."""

    def __init__(self, problem: str, timed_out: bool = False) -> None:
        super().__init__(problem)
        self.problem = problem
        """What went wrong, as it goes in a :class:`Fault`."""
        self.timed_out = timed_out
        """Whether the bot ran out of time (rather than raising or answering wrongly)."""


PlayerFactory = Callable[[int], Player]
"""Makes a fresh player from a seed; the bundled player classes are factories themselves."""

DEFAULT_MAX_DECISIONS = 20000
"""Decisions after which :func:`play_game` abandons a game (a safety net against bots that never
finish; real games take a few hundred)."""

MAX_TIMEOUT = 7 * 24 * 3600.0
"""The longest ``decision_timeout`` and ``game_timeout`` of :func:`simulate`, in seconds: a week.
Waits for a process's answer take at most 2**31 - 1 milliseconds (about 24.8 days) on every
platform (``select``/``poll``, ``multiprocessing`` connections), so longer ones, and ``inf``,
are refused rather than failing every game."""

SEED_BITS = 63


@attrs.frozen(slots=True)
class Fault:
    """A decision a player got wrong (raised, returned an illegal action, timed out, died)
    under any policy but ``"raise"``, or a lifecycle hook that raised."""

    seat: int | None
    """The seat of the faulty player; None for a fault of the game itself (more engine steps
    than ``max_steps``, longer than ``game_timeout``), which always aborts it."""
    decision: int | None
    """How many decisions had been made in the game before this one; None for a hook."""
    problem: str
    """What went wrong: the exception, or the illegal action returned."""
    substitute: Action | None
    """The random legal action played instead; None for a hook or a fault that aborted the
    game."""

    def __str__(self) -> str:
        where = "a hook" if self.decision is None else f"decision {self.decision}"
        instead = "" if self.substitute is None else f"; played {self.substitute} instead"
        who = "the game" if self.seat is None else f"seat {self.seat}"
        return f"{who}, {where}: {self.problem}{instead}"


@attrs.frozen(slots=True)
class GameResult:
    """The outcome of :func:`play_game`."""

    winners: tuple[int, ...] | None
    """The winning seats (several on a shared win, empty if nobody won), or None if the game was
    abandoned after ``max_decisions``."""
    final_state: GameState
    """The last state, seed included."""
    record: GameRecord
    """The configuration, every decision and every chance outcome; replays the game exactly."""
    decisions: int
    """How many decisions the players made (forced moves are taken by the engine and are not
    counted)."""
    turns: int
    """How many turns were started."""
    faults: tuple[Fault, ...] = ()
    """The players' faults (under every policy but ``"raise"``)."""
    decisions_by_seat: tuple[int, ...] = ()
    """How many of the decisions each seat made."""
    aborted: bool = False
    """Whether a fault stopped the game (``winners`` is None): a player's under the ``"abort"``
    policy, or the game's own (``max_steps``, ``game_timeout``)."""
    forfeited: tuple[int, ...] = ()
    """The seats that forfeited under the ``"forfeit"`` policy; they are never in ``winners``
    (the record's winners are the engine's, forfeits aside)."""
    cards_bought: tuple[tuple[str, ...], ...] = ()
    """The ids of the cards each seat bought, in order."""
    vp_by_turn: tuple[tuple[int, ...], ...] = ()
    """Every seat's VP at the first decision of each turn, then in the last state."""

    @property
    def finished(self) -> bool:
        """Whether the game reached its end (rather than being abandoned or aborted)."""
        return self.winners is not None

    @property
    def status(self) -> str:
        """``"finished"``, ``"aborted"`` (a fault under the ``"abort"`` policy, or of the game
        itself) or ``"abandoned"`` (the decision limit)."""
        if self.winners is not None:
            return "finished"
        return "aborted" if self.aborted else "abandoned"


def _draw_seed() -> int:
    return random.SystemRandom().getrandbits(SEED_BITS)


def seeded_random(seed: int) -> random.Random:
    """A ``random.Random`` for a user seed in which negative seeds are distinct.

    ``random.Random(seed)`` uses the magnitude of an int seed, so ``-5`` and ``5`` would give the
    same series; the seed is first mapped one-to-one onto the non-negative ints (``n`` to ``2n``,
    ``-n`` to ``2n - 1``).
    """
    return random.Random(2 * seed if seed >= 0 else -2 * seed - 1)


def _check_int(where: str, value: object, minimum: int | None = None) -> None:
    """Refuse anything but an int (a bool included) and, with ``minimum``, an int below it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(where, f"expected an int, got {value!r} ({type(value).__name__})")
    if minimum is not None and value < minimum:
        raise ArgumentError(where, f"must be at least {minimum}, got {value}")


def check_timeout(where: str, value: object) -> float | None:
    """``value`` as seconds: None, or a finite number above 0 and at most :data:`MAX_TIMEOUT`
    (:class:`~kingofny.errors.ArgumentError` naming ``where`` otherwise)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentError(where, f"expected seconds above 0, got {value!r}")
    if not 0 < value <= MAX_TIMEOUT:  # nan and inf fail here too
        raise ArgumentError(
            where, f"expected seconds above 0 and at most {MAX_TIMEOUT:g} (a week), got {value!r}"
        )
    return float(value)


def _check_callable(where: str, value: object) -> None:
    """Refuse anything but a callable or None."""
    if value is not None and not callable(value):
        raise ArgumentError(where, f"expected a callable or None, got {value!r}")


def _check_sequence(where: str, value: object) -> None:
    """Refuse a ``str`` (a sequence of letters) or anything that is not a sequence."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ArgumentError(
            where, f"expected a list or tuple, got {value!r} ({type(value).__name__})"
        )


def _check_policy(on_illegal: object) -> None:
    if on_illegal not in POLICIES:
        raise ConfigError(
            f"on_illegal must be one of {', '.join(map(repr, POLICIES))}, got {on_illegal!r}"
        )


def describe_exception(exc: BaseException) -> str:
    """An exception in one line: its type, and its message if it has one."""
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def play_game(
    players: Sequence[Player],
    *,
    monsters: Sequence[str] | None = None,
    seed: int | None = None,
    packs: Sequence[str] = ("base",),
    on_illegal: IllegalPolicy = "raise",
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    max_steps: int | None = None,
    chance: ChanceStreams = "sequential",
) -> GameResult:
    """Play one game, ``players[i]`` deciding for seat ``i``.

    ``monsters`` are the monster ids by seat (default: the first monsters of ``packs``, the
    content packs in play). ``seed`` drives
    every chance event; when None one is drawn from the operating system, so the game is still
    reproducible from its record. ``chance="keyed"`` draws the chance from ``seed`` by keyed
    streams instead of in order (:mod:`kingofny.streams`: common random numbers, so that two
    games that differ in one decision or one player see the same dice wherever they can); the
    game is then played in explicit-chance mode, and its record lists every outcome and replays
    exactly. Each player gets, at each of its decisions, its view of the
    state (:func:`kingofny.observe`, without the seed) and the legal actions, and must return one
    of them. Its optional hooks ``on_game_start(view, seat)`` and ``on_game_end(view, winners)``
    are called once per seat it occupies.

    The policy for a player that raises an exception or returns an action that is not among the
    legal ones (``on_illegal``):

    * ``"raise"`` (default): raise :class:`~kingofny.errors.PlayerError` naming the seat, the
      action and the cause; a raised exception is chained as ``__cause__``. A hook that raises is
      treated the same way.
    * ``"random"``: play a uniformly random legal action instead (drawn from a generator seeded
      with the game's seed, so the game stays reproducible) and note a :class:`Fault` in
      :attr:`GameResult.faults`.
    * ``"abort"``: stop the game at once and note the :class:`Fault`; the result has ``winners``
      None and :attr:`GameResult.aborted` set, and its record replays to the state it stopped in.
    * ``"forfeit"``: note the :class:`Fault`; the seat forfeits: its player is not asked again,
      its remaining decisions are random legal actions (as under ``"random"``), and it is left
      out of the winners (if it alone would have won, nobody does).

    Under every policy but ``"raise"``, a hook that raises is noted as a :class:`Fault` and
    otherwise ignored.

    Exceptions that are not :class:`Exception` (``KeyboardInterrupt``) always propagate. After
    ``max_decisions`` decisions the game is abandoned: the result has ``winners`` None.

    ``max_steps`` bounds the game in *engine steps*: the chance outcomes drawn (setup's
    included) plus the decisions, that is the events of its record. Before each decision, a
    game that has taken more than ``max_steps`` steps is stopped as a fault of the game itself:
    the result is aborted (``winners`` None), with a :class:`Fault` whose ``seat`` is None, and
    its record replays to the state it stopped in. This catches content that makes a game go
    on and on (a card's effect that keeps adding turns or rolls); an effect that never returns
    at all can only be stopped from outside, by running the game in a process that can be
    killed (``simulate(game_timeout=...)``).

    Raises :class:`~kingofny.errors.ConfigError` for a bad setup (player and monster counts that
    differ, an unknown monster, a player without ``choose``, an unknown policy), and
    :class:`~kingofny.errors.ArgumentError` for an argument of the wrong type or range:
    ``players`` or ``monsters`` not a list or tuple, a ``seed`` that is not an int (any int is a
    seed, negative and huge ones included, each its own game: see
    ``kingofny._engine.rng.seed_state``), a ``max_decisions`` or ``max_steps`` that is not an
    int of 0 or more.
    """
    if max_steps is not None:
        _check_int("play_game(max_steps)", max_steps, 0)
    return _play(
        players,
        monsters=monsters,
        seed=seed,
        packs=packs,
        on_illegal=on_illegal,
        max_decisions=max_decisions,
        max_steps=max_steps,
        chance=check_chance("play_game(chance)", chance),
    )


def _draw_keyed(state: GameState, keyed: KeyedChance, drawn: list[Outcome]) -> GameState:
    """``state`` after the chance nodes it waits at, their outcomes drawn by ``keyed`` (and
    appended to ``drawn``)."""
    while not state.is_terminal and state.current_player is None:
        outcome = keyed.draw(state)
        drawn.append(outcome)
        state = apply_logged(state, outcome, None)
    return state


def _play(
    players: Sequence[Player],
    *,
    monsters: Sequence[str] | None,
    seed: int | None,
    packs: Sequence[str],
    on_illegal: IllegalPolicy,
    max_decisions: int,
    max_steps: int | None,
    on_step: Callable[[int], None] | None = None,
    step_fault: str | None = None,
    chance: ChanceStreams = "sequential",
) -> GameResult:
    """:func:`play_game`, also telling ``on_step`` the steps taken before each decision (a game
    that runs elsewhere reports its progress that way), and with ``step_fault`` the problem to
    note when ``max_steps`` stops the game (when that limit stands in for another)."""
    _check_sequence("play_game(players)", players)
    if monsters is not None:
        _check_sequence("play_game(monsters)", monsters)
    if seed is not None:
        _check_int("play_game(seed)", seed)
    _check_int("play_game(max_decisions)", max_decisions, 0)
    _check_policy(on_illegal)
    for seat, player in enumerate(players):
        if not callable(getattr(player, "choose", None)):
            raise ConfigError(f"the player of seat {seat} ({player!r}) has no choose() method")
    if monsters is not None and len(monsters) != len(players):
        raise ConfigError(f"{len(players)} players but {len(monsters)} monsters")
    if seed is None:
        seed = _draw_seed()
    keyed = KeyedChance(seed) if chance == "keyed" else None
    drawn: list[Outcome] = []
    if keyed is None:
        config = new_game(
            len(players) if monsters is None else monsters, seed=seed, packs=packs
        ).config
        state = start(config, drawn)
    else:
        # Explicit chance, each outcome drawn from its keyed stream (kingofny.streams).
        state = new_game(len(players) if monsters is None else monsters, packs=packs)
        config = state.config
        state = _draw_keyed(state, keyed, drawn)
    events: list[Event] = [Event(None, outcome) for outcome in drawn]
    faults: list[Fault] = []
    fallback = seeded_random(seed)
    per_seat = [0] * len(players)
    forfeited: list[int] = []
    bought: list[list[str]] = [[] for _ in players]
    vp_by_turn: list[tuple[int, ...]] = []

    def hook_failed(seat: int, name: str, exc: Exception) -> None:
        problem = (
            f"{name}: {exc.problem}"
            if isinstance(exc, BotFailure)
            else f"{name} raised {describe_exception(exc)}"
        )
        if on_illegal == "raise":
            raise PlayerError(f"seat {seat} ({player_name(players[seat])}): {problem}") from exc
        faults.append(Fault(seat, None, problem, None))

    def call_hooks(name: str, argument: Callable[[int], object]) -> None:
        """Call an optional lifecycle hook of every player with its view and ``argument(seat)``."""
        for seat, player in enumerate(players):
            hook = getattr(player, name, None)
            if callable(hook):
                try:
                    hook(observe(state, seat), argument(seat))
                except Exception as exc:
                    hook_failed(seat, name, exc)

    call_hooks("on_game_start", lambda seat: seat)

    decisions = 0
    aborted = False
    turn = -1
    steps = len(events)
    while not state.is_terminal and decisions < max_decisions:
        if on_step is not None:
            on_step(steps)
        if max_steps is not None and steps > max_steps:
            problem = step_fault or (
                f"the game took more than {max_steps} engine steps (decisions and chance outcomes)"
            )
            faults.append(Fault(None, decisions, problem, None))
            aborted = True
            break
        decider = state.current_player
        if decider is None:
            raise KingOfNYError(f"the engine stopped at {state.next_step!r} with nobody to decide")
        if state.turn.number != turn:
            turn = state.turn.number
            vp_by_turn.append(tuple(m.vp for m in state.monsters))
        seat = decider
        legal = legal_actions(state)
        player = players[seat]
        cause: Exception | None = None
        problem = ""
        following: GameState | None = None
        action: object = None
        if seat in forfeited:
            action = legal[fallback.randrange(len(legal))]
        else:
            try:
                action = player.choose(observe(state, seat), legal)
            except BotFailure as exc:
                cause = exc
                problem = exc.problem
            except Exception as exc:
                cause = exc
                problem = f"choose() raised {describe_exception(exc)}"
        if not problem:
            if isinstance(action, Action):
                # apply checks legality as cheaply as possible (Contract 3): no second scan here.
                drawn.clear()
                try:
                    following = apply_logged(state, action, drawn)
                except IllegalActionError:
                    if action in legal:
                        raise  # the engine refused one of its own legal actions: not the player
            if following is None:
                problem = f"returned {action!r}, which is not legal here"
        if following is None:
            if on_illegal == "raise":
                raise PlayerError(
                    f"seat {seat} ({player_name(player)}) at {state.phase} "
                    f"(turn {state.turn.number}): {problem}"
                ) from cause
            if on_illegal == "abort":
                faults.append(Fault(seat, decisions, problem, None))
                aborted = True
                break
            if on_illegal == "forfeit":
                forfeited.append(seat)
            action = legal[fallback.randrange(len(legal))]
            faults.append(Fault(seat, decisions, problem, action))
            drawn.clear()
            following = apply_logged(state, action, drawn)
        if keyed is not None:
            following = _draw_keyed(following, keyed, drawn)
        assert isinstance(action, Action)
        if isinstance(action, Buy):
            card = state.market[action.slot]
            if card is not None:
                bought[seat].append(card)
        state = following
        events.append(Event(seat, action))
        events.extend(Event(None, outcome) for outcome in drawn)
        steps += 1 + len(drawn)
        decisions += 1
        per_seat[seat] += 1

    vp_by_turn.append(tuple(m.vp for m in state.monsters))
    engine_winners = None if aborted else state.winners
    call_hooks("on_game_end", lambda seat: engine_winners)
    winners = engine_winners
    if winners is not None and forfeited:
        winners = tuple(s for s in winners if s not in forfeited)

    return GameResult(
        winners=winners,
        final_state=state,
        record=GameRecord(config, tuple(events), engine_winners),
        decisions=decisions,
        turns=state.turn.number,
        faults=tuple(faults),
        decisions_by_seat=tuple(per_seat),
        aborted=aborted,
        forfeited=tuple(sorted(forfeited)),
        cards_bought=tuple(tuple(cards) for cards in bought),
        vp_by_turn=tuple(vp_by_turn),
    )


# -- many games ---------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class KindStats:
    """The results of every entrant of one kind (label) in a :class:`TournamentSummary`."""

    label: str
    """The players' label (``"heuristic"``)."""
    entrants: int
    """How many seats of each game this kind held."""
    wins: int
    """Games won by an entrant of this kind, a shared win counting for each winner."""
    win_rate: float
    """Wins per entrant per game: comparable across kinds (1 / players for equal players)."""
    decisions_per_game: float
    """Mean decisions an entrant of this kind made per game."""


@attrs.frozen(slots=True)
class TournamentSummary:
    """What :func:`simulate` measured. Equal runs give equal summaries."""

    seed: int
    """The seed the series was drawn from."""
    games: int
    """How many games were played."""
    labels: tuple[str, ...]
    """Each entrant's label, in the order of the factories."""
    wins: tuple[int, ...]
    """Each entrant's wins (a shared win counts for every winner)."""
    decisions: tuple[int, ...]
    """Each entrant's decisions over all games."""
    no_winner: int
    """Games that ended with nobody winning, or were abandoned."""
    unfinished: int
    """Games abandoned after the decision limit (included in ``no_winner``)."""
    shared: int
    """Games won by several monsters together."""
    total_turns: int
    """Turns over all games."""
    total_decisions: int
    """Decisions over all games."""
    faults: int
    """Player faults over all games (the games' own faults are in ``game_faults``)."""
    rotate_seats: bool = True
    """Whether the entrants changed seats every game."""
    aborted: int = 0
    """Games stopped by a fault under the ``"abort"`` policy (included in ``no_winner``)."""
    faults_by_entrant: tuple[int, ...] = ()
    """Each entrant's faults over all games."""
    game_faults: int = 0
    """Faults of the games themselves (``max_steps``, ``game_timeout``), not of a player: each
    aborted its game (and is counted in ``aborted``), none is in ``faults``."""
    replayed: tuple[int, ...] = ()
    """On ``resume`` with ``records``: the games of the file whose record was missing, played
    again (with every later game of the file) so that every row has its record."""

    @property
    def mean_turns(self) -> float:
        """Mean turns per game."""
        return self.total_turns / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        """Mean decisions per game, all players together."""
        return self.total_decisions / self.games if self.games else 0.0

    def win_rate(self, entrant: int) -> float:
        """The share of the games entrant ``entrant`` won (shared wins included)."""
        return self.wins[entrant] / self.games if self.games else 0.0

    def kinds(self) -> tuple[KindStats, ...]:
        """Results grouped by label, in order of first appearance."""
        order: list[str] = []
        for label in self.labels:
            if label not in order:
                order.append(label)
        stats = []
        for label in order:
            members = [i for i, lab in enumerate(self.labels) if lab == label]
            wins = sum(self.wins[i] for i in members)
            decisions = sum(self.decisions[i] for i in members)
            slots = len(members) * self.games
            stats.append(
                KindStats(
                    label=label,
                    entrants=len(members),
                    wins=wins,
                    win_rate=wins / slots if slots else 0.0,
                    decisions_per_game=decisions / slots if slots else 0.0,
                )
            )
        return tuple(stats)


def seating(entrants: int, game: int, rotate_seats: bool = True) -> tuple[int, ...]:
    """The entrant in each seat for game number ``game``: entrant ``i`` sits in seat
    ``(i + game) % entrants`` when rotating, so over any ``entrants`` consecutive games every
    entrant plays every seat once (and goes first from each seat equally often on average)."""
    shift = game % entrants if rotate_seats else 0
    return tuple((seat - shift) % entrants for seat in range(entrants))


def __getattr__(name: str) -> object:
    """``kingofny.runner.simulate``, the 0.1 spelling of :func:`kingofny.simulate` (which lives
    in :mod:`kingofny.tournament.series`): it works in 0.2 with a DeprecationWarning and goes
    in 0.3."""
    if name != "simulate":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    import warnings

    warnings.warn(
        "kingofny.runner.simulate is deprecated since kingofny 0.2 and goes in 0.3: use "
        "kingofny.simulate",
        DeprecationWarning,
        stacklevel=2,
    )
    # Looked up by name: the series module imports this one, not the other way round.
    return importlib.import_module("kingofny.tournament.series").simulate
