"""Manhattan: capacity, entering, advancing, and the 5–6 monster rule (seed 000, *Controlling
Manhattan* and *Advanced Rule*; rulings C1, C2)."""

from __future__ import annotations

from typing import Final

from kingofny._engine.dispatch import each, owned
from kingofny._engine.economy import gain_vp
from kingofny._engine.ops import manhattan_occupants, move_monster, on_track, push, set_turn
from kingofny.model.city import Borough, Track, Zone, location
from kingofny.model.limits import manhattan_capacity as capacity
from kingofny.model.state import GameState
from kingofny.model.steps import LeaveManhattan

ENTRY_VP: Final = 1
"""VP for seizing control of Manhattan (seed 000, *Effects of Manhattan*; rulings C1)."""
SEIZED_MARK: Final = "seized-manhattan:"
"""Turn-mark prefix (with the seat): the monster has had its VP for seizing Manhattan this turn.

DEFAULT: the VP comes once per monster per turn. Only Subway's free movement can enter
Manhattan twice in one turn, and leaving and re-entering would otherwise give a VP per lap."""


def has_room(state: GameState) -> bool:
    """Whether a monster outside Manhattan must enter it at its Move step."""
    return len(manhattan_occupants(state)) < capacity(state)


def enter(state: GameState, seat: int) -> GameState:
    """``seat`` enters Manhattan: Lower Manhattan, on the 2–4 space unless a monster already
    stands on a 2–4 space, then on the 5–6 space; it gains 1 VP for seizing control, once a turn
    (rulings C1, C2; :data:`SEIZED_MARK`)."""
    track = Track.MAIN if on_track(state, Track.MAIN) is None else Track.SECOND
    state = move_monster(state, seat, location(Borough.MANHATTAN, Zone.LOWER, track))
    seized = f"{SEIZED_MARK}{seat}"
    if seized not in state.turn.marks:
        state = set_turn(state, marks=tuple(sorted((*state.turn.marks, seized))))
        state = gain_vp(state, seat, ENTRY_VP)
    return entered(state, seat, Borough.MANHATTAN)


def must_enter(state: GameState, seat: int) -> bool:
    """Whether ``seat``, outside Manhattan and in the game, must take the room Manhattan has when
    it moves: at its Move step, when a card moves it (Subway), or at the end of its turn if
    nobody is in Manhattan (seed 000, *Move*, *Controlling Manhattan*, *Advanced Rule*;
    glossary *Flee / Drive Out*: "the next monster who moves must enter Manhattan")."""
    m = state.monsters[seat]
    return not m.eliminated and m.location is not None and not m.in_manhattan and has_room(state)


def entered(state: GameState, seat: int, borough: Borough) -> GameState:
    """ENTER_BOROUGH effects of ``seat`` after it entered ``borough``."""
    state = each(state, owned(state, seat), "on_enter", seat, borough)
    return state


def advance(state: GameState, seat: int) -> GameState:
    """``seat``, already in Manhattan, advances to the next zone along its own track; in Upper
    Manhattan it stays (seed 000, *Move*)."""
    where = state.monsters[seat].location
    assert where is not None
    assert where.zone is not None
    if where.zone is Zone.UPPER:
        return state
    return move_monster(state, seat, location(Borough.MANHATTAN, Zone(where.zone + 1), where.track))


def settle_manhattan(state: GameState) -> GameState:
    """Restore Manhattan's invariants after a monster left it or was eliminated.

    A monster alone on a 5–6 space slides to the 2–4 space of its zone; if Manhattan now holds
    more monsters than its capacity, the 5–6 monster must leave for an outer borough of its
    choice (seed 000, *Advanced Rule*; rulings C2).
    """
    if on_track(state, Track.MAIN) is None:
        second = on_track(state, Track.SECOND)
        if second is not None:
            where = state.monsters[second].location
            assert where is not None
            state = move_monster(state, second, location(Borough.MANHATTAN, where.zone, Track.MAIN))
    occupants = manhattan_occupants(state)
    if len(occupants) > capacity(state):
        leaving = occupants[-1]
        if not any(isinstance(s, LeaveManhattan) and s.seat == leaving for s in state.agenda):
            state = push(state, LeaveManhattan(leaving))
    return state
