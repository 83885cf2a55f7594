"""Game records: a configuration plus every decision and chance outcome, replayable exactly."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from kingofny._engine.core import apply_logged, apply_traced, start
from kingofny.errors import ArgumentError, IllegalActionError, ReplayError
from kingofny.model.actions import Action
from kingofny.model.outcomes import Outcome
from kingofny.model.state import GameConfig, GameState
from kingofny.model.trace import StepRun


@attrs.frozen(slots=True)
class Event:
    """One entry of a record: a seat's decision, or a chance outcome (``seat`` is None)."""

    seat: int | None
    """The deciding seat, or None for a chance outcome."""
    move: Action | Outcome
    """The action taken or the outcome that happened."""

    def __str__(self) -> str:
        who = "chance" if self.seat is None else f"seat {self.seat}"
        return f"{who}: {self.move}"


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game: its configuration and its events, in order.

    In a seeded game the chance outcomes are listed too, although the seed reproduces them;
    replaying checks that they agree. The outcomes of the :attr:`~kingofny.GameConfig.manual`
    kinds of a seeded game are applied like those of an explicit-chance game.
    """

    config: GameConfig
    """How the game was set up (the seed included, if any)."""
    events: tuple[Event, ...] = ()
    """Every decision and chance outcome, in order."""
    winners: tuple[int, ...] | None = None
    """The winning seats if the record reached the end of the game."""

    @property
    def decisions(self) -> tuple[Event, ...]:
        """The events that are decisions."""
        return tuple(e for e in self.events if e.seat is not None)


def start_record(config: GameConfig) -> tuple[GameRecord, GameState]:
    """The first state of a game with ``config`` and its record so far: the outcomes the seed
    drew during setup (none in explicit-chance mode). With :func:`apply_recorded`, a front end
    keeps a complete record as it plays, without a runner::

        record, state = start_record(kingofny.new_game(4, seed=7, manual={"dice"}).config)
        record, state = apply_recorded(record, state, kingofny.legal_actions(state)[0])
    """
    if not isinstance(config, GameConfig):
        raise ArgumentError("start_record(config)", f"expected a GameConfig, got {config!r}")
    drawn: list[Outcome] = []
    state = start(config, drawn)
    return GameRecord(config, tuple(Event(None, o) for o in drawn)), state


def apply_recorded(
    record: GameRecord,
    state: GameState,
    move: Action | Outcome,
    *,
    steps: list[StepRun] | None = None,
) -> tuple[GameRecord, GameState]:
    """:func:`kingofny.apply` ``move`` to ``state`` (the state ``record`` ends in), and the
    record with the move and the outcomes the seed drew on the way appended (``winners`` set
    once the game is over). Both are new values; the arguments are unchanged. Given a list as
    ``steps``, the steps the engine ran are appended to it, as :func:`kingofny.apply_traced`
    returns them (for narration, without applying the move a second time).

    Raises :class:`~kingofny.errors.IllegalActionError` as :func:`kingofny.apply` does, and
    :class:`~kingofny.errors.ArgumentError` for a record or a state that is not one.
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError("apply_recorded(record)", f"expected a GameRecord, got {record!r}")
    if not isinstance(state, GameState):
        raise ArgumentError("apply_recorded(state)", f"expected a GameState, got {state!r}")
    if steps is not None and not isinstance(steps, list):
        raise ArgumentError("apply_recorded(steps)", f"expected a list or None, got {steps!r}")
    drawn: list[Outcome] = []
    seat = state.current_player
    if steps is None:
        after = apply_logged(state, move, drawn)
    else:
        after, ran = apply_traced(state, move)
        # After the move's own step, every outcome in the trace is one the seed drew.
        drawn = [run.move for run in ran[1:] if isinstance(run.move, Outcome)]
        steps.extend(ran)
    added = (Event(seat if isinstance(move, Action) else None, move),) + tuple(
        Event(None, o) for o in drawn
    )
    return attrs.evolve(record, events=record.events + added, winners=after.winners), after


def replay_states(record: GameRecord) -> Iterator[tuple[Event | None, GameState]]:
    """Yield ``(None, first state)`` then ``(event, state after it)`` for each decision and
    explicit chance outcome of ``record``.

    Raises :class:`~kingofny.errors.ReplayError` naming the first event that does not replay.
    """
    drawn: list[Outcome] = []
    state = start(record.config, drawn)
    yield None, state
    for index, event in enumerate(record.events):
        if record.config.seed is not None and event.seat is None and (drawn or not state.is_chance):
            # An outcome the seed drew (a manual kind of chance stops the game: then it is
            # applied below like any explicit outcome).
            if not drawn:
                raise ReplayError(f"event {index} ({event}): the seed drew no outcome here", index)
            expected = drawn.pop(0)
            if expected != event.move:
                raise ReplayError(
                    f"event {index} ({event}): the seed drew {expected}, the record says "
                    f"{event.move}",
                    index,
                )
            continue
        if event.seat is not None and event.seat != state.current_player:
            raise ReplayError(
                f"event {index} ({event}): seat {state.current_player} decides here", index
            )
        if event.seat is None and not state.is_chance:
            raise ReplayError(f"event {index} ({event}): no chance event is pending here", index)
        if drawn:
            raise ReplayError(f"event {index} ({event}): outcome {drawn[0]} is missing", index)
        try:
            state = apply_logged(state, event.move, drawn)
        except IllegalActionError as exc:
            raise ReplayError(f"event {index} ({event}): {exc}", index) from exc
        yield event, state
    if drawn:
        raise ReplayError(f"record ends before outcome {drawn[0]}")


def replay(record: GameRecord) -> GameState:
    """The state a record ends in."""
    final = None
    for _, state in replay_states(record):
        final = state
    assert final is not None  # replay_states always yields the first state
    return final
