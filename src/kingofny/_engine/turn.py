"""Start and end of a turn, extra turns, and the end of the game (seed 000, *Summary of a Game
Turn*, *End of the Game*; rulings C3, §11), with the TURN_START, DICE_COUNT, BEFORE_ROLL,
END_TURN and EXTRA_TURN effects."""

from __future__ import annotations

from typing import Final

from kingofny._engine import manhattan
from kingofny._engine.dispatch import counted, each, in_play, overrides, owned
from kingofny._engine.economy import gain_energy, gain_vp
from kingofny._engine.ops import evolve, maker, manhattan_occupants, push, with_turn
from kingofny._engine.stock import (
    BEGIN_RESOLUTION,
    CLOSE_TURN,
    END_TURN,
    MOVE_PHASE,
    SHOP,
    START_TURN,
    roll_dice,
)
from kingofny.model.city import ZONE_EARNINGS
from kingofny.model.limits import MAX_DICE
from kingofny.model.monster import WINNING_VP
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import (
    CloseTurn,
    EndTurn,
    StartTurn,
)

_WITH_AGENDA: Final = maker(GameState, "agenda")
_BLANK_TURN: Final = TurnState()
_NEW_TURN: Final = maker(
    TurnState, "seat", "number", "rerolls_left", "manhattan_was_occupied", "marks", "order_seat"
)
"""A new turn: the blank turn with these fields set."""
_WITH_REROLLS: Final = maker(TurnState, "rerolls_left")
BLACK_DICE: Final = 6
"""Dice rolled each turn without cards."""
REROLLS: Final = 2
"""Rolls after the first (seed 000, *Roll the Dice*)."""


def start_turn(state: GameState, step: StartTurn) -> GameState:
    """Step 0, earnings: in Manhattan, gain the zone's VP and Energy; TURN_START effects act.
    Then BEFORE_ROLL effects, and the turn's steps are queued with the dice DICE_COUNT effects
    give and the rerolls REROLL_RULES effects allow."""
    seat = step.seat
    previous = state.turn
    extra = bool(state.extra_turns) and state.extra_turns[0][0] == seat
    mark = ""
    if extra:
        mark = state.extra_turns[0][1]
        state = evolve(state, extra_turns=state.extra_turns[1:])
    turn = _NEW_TURN(
        _BLANK_TURN,
        seat,
        previous.number + 1,
        REROLLS,
        bool(manhattan_occupants(state)),
        (mark,) if mark else (),
        _rotation_seat(previous) if extra else None,
    )
    state = with_turn(state, turn)
    where = state.monsters[seat].location
    if where is not None and where.zone is not None:
        vp, energy = ZONE_EARNINGS[where.zone]
        state = gain_energy(gain_vp(state, seat, vp), seat, energy)
    state = each(state, owned(state, seat), "on_turn_start", seat)
    state = with_turn(state, _WITH_REROLLS(state.turn, reroll_allowance(state, seat)))
    state = push(
        state,
        roll_dice(dice_count(state, seat)),
        BEGIN_RESOLUTION,
        MOVE_PHASE,
        SHOP[seat],
        END_TURN,
    )
    state = each(state, owned(state, seat), "before_roll", seat)
    return state


def reroll_allowance(state: GameState, seat: int) -> int:
    """The rerolls ``seat`` gets on a turn starting now: 2, as REROLL_RULES effects change it."""
    rerolls = REROLLS
    for owner, key, effect in in_play(state):
        if not overrides(effect, "rerolls"):
            continue
        rerolls = counted(state, key, effect.rerolls, state, owner, seat, rerolls)
    return max(0, rerolls)


def dice_count(state: GameState, seat: int) -> int:
    """The dice ``seat`` rolls on a turn starting now: 6, plus what DICE_COUNT effects add, and
    never more than the box holds (8, components §5)."""
    dice = BLACK_DICE
    for key, effect in owned(state, seat):
        if not overrides(effect, "extra_dice"):
            continue
        green = counted(state, key, effect.extra_dice, state, seat, low=-MAX_DICE, high=MAX_DICE)
        dice += green
    return min(MAX_DICE, max(0, dice))


def _rotation_seat(turn: TurnState) -> int:
    return turn.seat if turn.order_seat is None else turn.order_seat


def next_seat(state: GameState, seat: int) -> int:
    """The next living seat clockwise (to the left) after ``seat``."""
    n = len(state.monsters)
    for k in range(1, n + 1):
        candidate = (seat + k) % n
        if not state.monsters[candidate].eliminated:
            return candidate
    return seat


def end_turn(state: GameState, step: EndTurn) -> GameState:
    """END_TURN effects act; then, if nobody is in Manhattan, the monster still in the game
    moves into it (+1 VP for seizing it; seed 000, *Controlling Manhattan*: "If there are no
    Monsters in Manhattan at the end of your turn, you must move into Manhattan"). The turn
    closes once whatever they raised is settled (a monster leaving Manhattan's 5–6 space after
    an elimination, a card's question on entering)."""
    seat = state.turn.seat
    state = each(state, owned(state, seat), "on_turn_end", seat)
    if not manhattan_occupants(state) and manhattan.must_enter(state, seat):
        state = manhattan.enter(state, seat)
    # An effect that eliminated the monster queued another end of this turn: drop it.
    raised = tuple(s for s in state.agenda if not isinstance(s, EndTurn))
    result: GameState = _WITH_AGENDA(state, (CLOSE_TURN, *raised))
    return result


def close_turn(state: GameState, step: CloseTurn) -> GameState:
    """Units that appeared this turn lose their protection; then the game ends if a living
    monster has 20 VP or a card declared it a winner this turn (Painbow), or at most one monster
    is left (shared win if several qualify; nobody wins if all are eliminated; rulings C3; seed
    000, *Card Clarifications*: "You must survive your entire turn in order to win"). Otherwise
    an extra turn owed is taken, or the next living monster's turn starts."""
    if any(b.fresh_units for b in state.boroughs):
        state = evolve(
            state,
            boroughs=tuple(
                evolve(b, units=tuple(sorted(b.units + b.fresh_units)), fresh_units=())
                if b.fresh_units
                else b
                for b in state.boroughs
            ),
        )
    alive = state.alive_seats
    if len(alive) <= 1:
        return evolve(state, winners=alive, agenda=())
    claims = state.turn.win_claims
    champions = tuple(s for s in alive if state.monsters[s].vp >= WINNING_VP or s in claims)
    if champions:
        return evolve(state, winners=champions, agenda=())
    if state.extra_turns:
        return push(state, START_TURN[state.extra_turns[0][0]])
    return push(state, START_TURN[next_seat(state, _rotation_seat(state.turn))])
