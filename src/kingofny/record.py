"""Game records: a configuration plus every decision and chance outcome, replayable exactly."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from kingofny.engine.core import apply_logged, start
from kingofny.errors import IllegalActionError, ReplayError
from kingofny.model.actions import Action
from kingofny.model.outcomes import Outcome
from kingofny.model.state import GameConfig, GameState


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
    replaying checks that they agree.
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


def replay_states(record: GameRecord) -> Iterator[tuple[Event | None, GameState]]:
    """Yield ``(None, first state)`` then ``(event, state after it)`` for each decision and
    explicit chance outcome of ``record``.

    Raises :class:`~kingofny.errors.ReplayError` naming the first event that does not replay.
    """
    drawn: list[Outcome] = []
    state = start(record.config, drawn)
    yield None, state
    for index, event in enumerate(record.events):
        if record.config.seed is not None and event.seat is None:
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
