"""Start and end of a turn, and the end of the game (seed 000, *Summary of a Game Turn*, *End of
the Game*; rulings C3, §11)."""

from __future__ import annotations

from kingofny.engine.ops import evolve, gain, manhattan_occupants, push
from kingofny.model.city import ZONE_EARNINGS, BoroughState
from kingofny.model.monster import WINNING_VP
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import BeginResolution, EndTurn, MovePhase, RollDice, Shop, StartTurn

BLACK_DICE = 6
"""Dice rolled each turn without cards."""
REROLLS = 2
"""Rolls after the first (seed 000, *Roll the Dice*)."""


def start_turn(state: GameState, step: StartTurn) -> GameState:
    """Step 0, earnings: in Manhattan, gain the zone's VP and Energy. Then queue the turn."""
    seat = step.seat
    turn = TurnState(
        seat=seat,
        number=state.turn.number + 1,
        rerolls_left=REROLLS,
        manhattan_was_occupied=bool(manhattan_occupants(state)),
    )
    state = evolve(state, turn=turn)
    where = state.monsters[seat].location
    if where is not None and where.zone is not None:
        vp, energy = ZONE_EARNINGS[where.zone]
        state = gain(state, seat, vp=vp, energy=energy)
    return push(state, RollDice(BLACK_DICE), BeginResolution(), MovePhase(), Shop(seat), EndTurn())


def next_seat(state: GameState, seat: int) -> int:
    """The next living seat clockwise (to the left) after ``seat``."""
    n = len(state.monsters)
    for k in range(1, n + 1):
        candidate = (seat + k) % n
        if not state.monsters[candidate].eliminated:
            return candidate
    return seat


def end_turn(state: GameState, step: EndTurn) -> GameState:
    """Units that appeared this turn lose their protection; then the game ends if a living monster
    has 20 VP or at most one monster is left (shared win if several have 20; nobody wins if all
    are eliminated; rulings C3), else the next living monster's turn starts."""
    if any(b.fresh_units for b in state.boroughs):
        state = evolve(
            state,
            boroughs=tuple(
                BoroughState(b.stacks, tuple(sorted(b.units + b.fresh_units)))
                if b.fresh_units
                else b
                for b in state.boroughs
            ),
        )
    alive = state.alive_seats
    if len(alive) <= 1:
        return evolve(state, winners=alive, agenda=())
    champions = tuple(s for s in alive if state.monsters[s].vp >= WINNING_VP)
    if champions:
        return evolve(state, winners=champions, agenda=())
    return push(state, StartTurn(next_seat(state, state.turn.seat)))
