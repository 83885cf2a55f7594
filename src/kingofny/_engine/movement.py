"""Placement, the Move step, fleeing and leaving Manhattan (seed 000, *How to Play*, *Move*,
*Controlling Manhattan*; rulings §4, §5)."""

from __future__ import annotations

from typing import Final

from kingofny._engine import manhattan
from kingofny._engine.dispatch import counted, in_market, overrides
from kingofny._engine.economy import spend_energy
from kingofny._engine.ops import manhattan_occupants, move_monster, push
from kingofny.model.actions import Action, Flee, MoveTo, PlaceMonster, StayInManhattan, StayPut
from kingofny.model.city import OUTER_BOROUGHS, OUTER_CAPACITY, Borough, location
from kingofny.model.limits import manhattan_capacity
from kingofny.model.state import GameState
from kingofny.model.steps import ChooseFlee, ChooseMove, LeaveManhattan, MovePhase, Place


def open_boroughs(state: GameState, exclude: Borough | None = None) -> tuple[Borough, ...]:
    """Outer boroughs with room for one more monster (at most two each), except ``exclude``."""
    return tuple(
        b for b in OUTER_BOROUGHS if b is not exclude and len(state.monsters_in(b)) < OUTER_CAPACITY
    )


def move_cost(state: GameState, seat: int) -> int:
    """Energy a voluntary move costs ``seat`` now (New York Marathon in the market)."""
    total = 0
    for key, effect in in_market(state):
        if not overrides(effect, "market_move_cost"):
            continue
        cost = counted(state, key, effect.market_move_cost, state, seat, low=0)
        total += cost
    return total


def voluntary_move(state: GameState, seat: int, borough: Borough) -> GameState:
    """``seat`` chooses to move to an outer borough: it pays what the market charges, and its
    ENTER_BOROUGH effects act; a 5–6 monster left alone in Manhattan slides to 2–4."""
    state = spend_energy(state, seat, move_cost(state, seat))
    state = move_monster(state, seat, location(borough))
    state = manhattan.settle_manhattan(state)
    return manhattan.entered(state, seat, borough)


# -- setup placement ---------------------------------------------------------------------------

_PLACE: Final = {b: PlaceMonster(b) for b in OUTER_BOROUGHS}
_MOVE: Final = {b: MoveTo(b) for b in OUTER_BOROUGHS}
_FLEE: Final = {b: Flee(b) for b in OUTER_BOROUGHS}
_STAY: Final = StayPut()
_STAY_IN_MANHATTAN: Final = StayInManhattan()


def place_legal(state: GameState, step: Place) -> tuple[Action, ...]:
    """Any outer borough with fewer than two monsters (seed 000, *How to Play*)."""
    return tuple(_PLACE[b] for b in open_boroughs(state))


def place_act(state: GameState, step: Place, action: Action) -> GameState:
    """Put the monster in the chosen borough."""
    assert isinstance(action, PlaceMonster)
    return move_monster(state, step.seat, location(action.borough))


# -- the Move step -----------------------------------------------------------------------------


def run_move_phase(state: GameState, step: MovePhase) -> GameState:
    """The turn's Move step.

    In Manhattan: advance one zone. Outside, with room in Manhattan: enter it. Otherwise the
    monster may move to another outer borough or stay (seed 000, *Move*).
    """
    seat = state.turn.seat
    m = state.monsters[seat]
    if m.eliminated or m.location is None:
        return state
    if m.location.in_manhattan:
        return manhattan.advance(state, seat)
    if manhattan.must_enter(state, seat):
        return manhattan.enter(state, seat)
    return push(state, ChooseMove(seat))


def choose_move_legal(state: GameState, step: ChooseMove) -> tuple[Action, ...]:
    """Stay, or move to another outer borough with room (no adjacency needed; rulings §5)."""
    m = state.monsters[step.seat]
    current = m.location.borough if m.location is not None else None
    if m.energy < move_cost(state, step.seat):
        return (_STAY,)
    return (_STAY,) + tuple(_MOVE[b] for b in open_boroughs(state, exclude=current))


def choose_move_act(state: GameState, step: ChooseMove, action: Action) -> GameState:
    """Move, or stay."""
    if isinstance(action, MoveTo):
        return voluntary_move(state, step.seat, action.borough)
    return state


# -- fleeing Manhattan -------------------------------------------------------------------------


def flee_legal(state: GameState, step: ChooseFlee) -> tuple[Action, ...]:
    """Stay, or flee to an outer borough with room (rulings §4)."""
    m = state.monsters[step.seat]
    if not m.in_manhattan:
        return ()
    if m.energy < move_cost(state, step.seat):
        return (_STAY_IN_MANHATTAN,)
    return (_STAY_IN_MANHATTAN,) + tuple(_FLEE[b] for b in open_boroughs(state))


def flee_act(state: GameState, step: ChooseFlee, action: Action) -> GameState:
    """Leave Manhattan for the chosen borough (a voluntary move: rulings §4)."""
    if isinstance(action, Flee):
        return voluntary_move(state, step.seat, action.borough)
    return state


# -- leaving when the 5–6 space closes ---------------------------------------------------------


def leave_legal(state: GameState, step: LeaveManhattan) -> tuple[Action, ...]:
    """Any outer borough with room (seed 000, *Advanced Rule*)."""
    m = state.monsters[step.seat]
    if not m.in_manhattan or len(manhattan_occupants(state)) <= manhattan_capacity(state):
        return ()
    return tuple(_MOVE[b] for b in open_boroughs(state))


def leave_act(state: GameState, step: LeaveManhattan, action: Action) -> GameState:
    """Move to the chosen borough."""
    assert isinstance(action, MoveTo)
    state = move_monster(state, step.seat, location(action.borough))
    state = manhattan.settle_manhattan(state)
    return manhattan.entered(state, step.seat, action.borough)
