"""Manhattan and the Move step (seed 000, *3. Move*, *Controlling Manhattan*, *Effects of
Manhattan*, *Summary of a Game Turn*; rulings §5, §6, C1)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseMove, RollDice
from kingofny.testing import Scenario, card, play, resolve, roll

M = k.Borough.MANHATTAN


def where(zone: k.Zone, track: k.Track = k.Track.MAIN) -> k.Location:
    return k.Location(M, zone, track)


@pytest.mark.parametrize(
    ("zone", "vp", "energy"),
    [("lower", 1, 1), ("midtown", 2, 1), ("upper", 2, 2)],
)
def test_manhattan_earnings_at_the_start_of_the_turn(zone: str, vp: int, energy: int) -> None:
    """seed 000 *Effects of Manhattan*: "At the start of your turn, you earn ... Lower = [+1 VP /
    +1 Energy], Midtown = [+2 VP / +1 Energy], Upper = [+2 VP / +2 Energy]"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan=zone, vp=3, energy=1)
        .turn("kong", at="start")
        .build()
    )
    assert state.next_step == RollDice(6)
    assert (state.monsters[0].vp, state.monsters[0].energy) == (3 + vp, 1 + energy)


def test_no_earnings_outside_manhattan() -> None:
    """seed 000 *Summary of a Game Turn*: "0. Earnings (if you are in Manhattan ...)"."""
    state = Scenario(["kong", "mantis"]).monster("mantis", manhattan="upper").build()
    assert (state.monsters[0].vp, state.monsters[0].energy) == (0, 0)
    assert (state.monsters[1].vp, state.monsters[1].energy) == (0, 0)


def test_must_enter_an_empty_manhattan_on_lower_2_4_and_gain_1_vp() -> None:
    """seed 000 *Move*: "If there is no one in Manhattan you must move there ... place your Monster
    on Lower Manhattan on the 2–4 space"; *Effects of Manhattan* (rulings C1): +1 VP."""
    state = Scenario(["kong", "mantis"]).turn("kong", at="move").build()
    assert state.monsters[0].location == where(k.Zone.LOWER)
    assert state.monsters[0].vp == 1
    assert state.turn.seat == 1  # nothing to buy with 0 Energy: the turn ended


def test_entering_gives_no_zone_earnings_until_the_next_turn() -> None:
    """seed 000 *Effects of Manhattan*: earnings come "At the start of your turn"."""
    state = Scenario(["kong", "mantis"]).monster("kong", energy=0).turn("kong", at="move").build()
    assert state.monsters[0].energy == 0
    assert state.turn.seat == 1


def test_with_manhattan_occupied_you_may_move_to_any_borough_with_room_or_stay() -> None:
    """seed 000 *Move*: "You can move to any borough that doesn't already have 2 Monsters in it
    (except Manhattan), or you can just stay in your borough"; rulings §5: no adjacency needed."""
    state = (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="bronx")
        .turn("kong", at="move")
        .build()
    )
    assert state.next_step == ChooseMove(0)
    assert set(k.legal_actions(state)) == {
        k.StayPut(),
        k.MoveTo(k.Borough.BROOKLYN),
        k.MoveTo(k.Borough.STATEN_ISLAND),
    }
    moved = play(state, k.MoveTo(k.Borough.STATEN_ISLAND))
    assert moved.monsters[0].location == k.Location(k.Borough.STATEN_ISLAND)
    stayed = play(state, k.StayPut())
    assert stayed.monsters[0].location == k.Location(k.Borough.QUEENS)


@pytest.mark.parametrize(
    ("start", "end"),
    [(k.Zone.LOWER, k.Zone.MIDTOWN), (k.Zone.MIDTOWN, k.Zone.UPPER), (k.Zone.UPPER, k.Zone.UPPER)],
)
def test_a_monster_in_manhattan_advances_one_zone_and_stays_in_upper(
    start: k.Zone, end: k.Zone
) -> None:
    """seed 000 *Move*: "If you were already in Manhattan, advance to the 2–4 space in the next
    zone up"; "Once you are in Upper Manhattan, you no longer move during this phase"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan=start)
        .turn("kong", at="move")
        .build()
    )
    assert state.monsters[0].location == where(end)
    assert state.monsters[0].vp == 0  # advancing is not seizing control


def test_a_monster_in_manhattan_cannot_move_out_at_its_move_step() -> None:
    """seed 000 *Move*: "If you were already in Manhattan, you may not move to another borough
    (unless you have been damaged by another Monster's attack)"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="lower", energy=0)
        .turn("kong", at="move")
        .build()
    )
    assert not isinstance(state.next_step, ChooseMove)
    assert state.monsters[0].in_manhattan


def test_a_monster_entering_this_move_does_not_also_advance() -> None:
    """rulings §5: "A monster that enters Manhattan this Move step does not also advance"."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("mantis", manhattan="upper", life=2)
        .turn("kong", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"), resolve("C"))
    assert state.monsters[1].eliminated
    assert state.monsters[0].location == where(k.Zone.LOWER)


def test_manhattan_holds_one_monster_in_a_game_of_four() -> None:
    """seed 000 *Controlling Manhattan*: "there can only be one Monster in Manhattan, regardless
    of which zone it's in"."""
    state = Scenario(4).monster(1, manhattan="upper").turn(0, at="move").build()
    assert state.next_step == ChooseMove(0)
    assert k.MoveTo(M) not in k.legal_actions(state)


def test_the_first_monster_to_move_enters_manhattan_at_the_start_of_the_game() -> None:
    """seed 000 *Controlling Manhattan*: "At the start of the game, there are no Monsters in
    Manhattan. If there are no Monsters in Manhattan at the end of your turn, you must move
    into Manhattan"."""
    state = k.new_game(3, seed=2)
    while state.turn.number == 0:
        state = k.apply(state, k.legal_actions(state)[0])
    first = state.turn.seat
    while state.turn.number == 1:
        state = k.apply(state, k.legal_actions(state)[0])
    assert state.monsters[first].in_manhattan


def test_manhattan_empty_at_the_end_of_the_turn_is_entered() -> None:
    """seed 000, *Controlling Manhattan*: "If there are no Monsters in Manhattan at the end of
    your turn, you must move into Manhattan" (+1 VP for seizing it, *Effects of Manhattan*).
    Kong buys General Ellis in its Buy step (after its Move step) and its damage eliminates the
    lone Manhattan monster: Kong enters at the end of the turn, so Rob's turn starts with
    Manhattan occupied and Rob's attack hits."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=10, trophies=["tank"])
        .monster("mantis", manhattan="midtown", life=1)
        .monster("rob", borough="bronx")
        .market(["general-ellis", None, None])
        .turn("kong", at="buy", destroyed=["tank"])
        .build()
    )
    state = play(state, k.Buy(0), card("stomp"))
    assert state.monsters[1].eliminated
    assert state.monsters[0].location is not None
    assert state.monsters[0].location.borough is k.Borough.QUEENS
    state = play(state, k.EndBuying())
    assert state.turn.seat == 2
    assert state.monsters[0].location == where(k.Zone.LOWER)
    assert state.monsters[0].vp == 3 + 1  # General Ellis, then seizing Manhattan
    assert state.turn.manhattan_was_occupied
    state = play(state, roll("AAEEEE"), k.StopRolling(), resolve("A"))
    assert state.monsters[0].life == 9 - 2


def test_a_monster_eliminated_in_its_own_turn_does_not_enter_at_its_end() -> None:
    """seed 000, *Controlling Manhattan* ("you must move into Manhattan") binds a monster still in
    the game (rulings C3: an eliminated monster's turn ends at once): Power Substation's
    3 damage eliminates the buyer, Manhattan stays empty for the next monster's Move step."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=5, life=3)
        .monster("rob", borough="bronx")
        .market(["power-substation", None, None])
        .turn("kong", at="buy")
        .build()
    )
    state = play(state, k.Buy(0), card("stomp"))
    assert state.monsters[0].eliminated
    assert not any(m.in_manhattan for m in state.monsters)
    assert state.turn.seat == 1
