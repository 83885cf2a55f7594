"""Attack and fleeing Manhattan (seed 000, *Attack*, *Controlling Manhattan*, *Glossary: Flee*;
rulings §3, §4, C1, D5)."""

from __future__ import annotations

import kingofny as k
from kingofny.model.steps import ChooseFlee, ChooseMove, Shop
from kingofny.testing import Scenario, play, resolve, roll

LOWER_MAIN = k.Location(k.Borough.MANHATTAN, k.Zone.LOWER, k.Track.MAIN)


def four() -> Scenario:
    """Kong (seat 0) in Queens, Mantis (1) in Manhattan, Rob (2) in the Bronx, Sheriff (3) in
    Brooklyn."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="midtown")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="brooklyn")
    )


def lives(state: k.GameState) -> list[int]:
    return [m.life for m in state.monsters]


def test_attack_from_outside_damages_the_monster_in_manhattan() -> None:
    """seed 000 *Attack*: "If you are not in Manhattan each Attack you roll inflicts damage to all
    Monsters in Manhattan"; one damage per Attack."""
    state = four().turn("kong", dice="AAACCE").build()
    state = play(state, resolve("A"))
    assert lives(state) == [10, 7, 10, 10]


def test_attack_from_manhattan_damages_every_monster_outside() -> None:
    """seed 000 *Attack*: "If you are in Manhattan each Attack you roll inflicts damage to all
    Monsters outside Manhattan", whatever outer borough they are in (rulings §3)."""
    state = four().turn("mantis", dice="AACCEE").build()
    state = play(state, resolve("A"))
    assert lives(state) == [8, 10, 8, 8]
    assert not isinstance(state.next_step, ChooseFlee)  # outsiders never flee


def test_attack_eliminates_a_monster_at_0_life() -> None:
    """seed 000 *Attack*: "If a Monster loses its last Life Point, it is eliminated"."""
    state = four().monster("rob", life=2).turn("mantis", dice="AACCEE").build()
    state = play(state, resolve("A"))
    assert state.monsters[2].eliminated
    assert state.monsters[2].location is None
    assert lives(state) == [8, 10, 0, 8]


def test_no_damage_when_nobody_was_in_manhattan_at_the_start_of_the_turn() -> None:
    """seed 000 *Attack*: "If there are no Monsters in Manhattan at the start of your turn, you
    don't inflict any damage, even if you roll Attack" (rulings §3: even from Manhattan)."""
    state = (
        four()
        .monster("mantis", borough="staten-island")
        .monster("kong", manhattan="lower")
        .turn("kong", dice="AAAACE", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 10, 10, 10]


def test_the_very_first_turn_of_the_game_deals_no_damage() -> None:
    """seed 000 *Controlling Manhattan*: "At the start of the game, there are no Monsters in
    Manhattan" and *Advanced Rule*: "only the very first Monster on the very first turn is unable
    to inflict any damage"."""
    state = k.new_game(2, seed=1)
    while state.turn.number == 0:
        state = k.apply(state, k.legal_actions(state)[0])
    assert not state.turn.manhattan_was_occupied
    state = Scenario(["kong", "mantis"]).turn("kong", dice="AAAAAA").build()
    assert lives(state) == [10, 10]
    assert state.monsters[0].location == LOWER_MAIN  # it entered the empty Manhattan


def test_a_damaged_manhattan_monster_decides_whether_to_flee() -> None:
    """seed 000 *Controlling Manhattan*: "If you are attacked while you are in Manhattan, you may
    flee Manhattan"; rulings §4/D5: the damaged monster decides, right after the damage."""
    state = four().turn("kong", dice="ACCEEE").build()
    state = play(state, resolve("A"))
    assert state.next_step == ChooseFlee(1, attacker=0)
    assert state.current_player == 1
    assert state.turn_owner == 0
    assert state.monsters[1].life == 9
    legal = set(k.legal_actions(state))
    assert k.StayInManhattan() in legal
    assert {a.borough for a in legal if isinstance(a, k.Flee)} == {
        k.Borough.BRONX,
        k.Borough.QUEENS,
        k.Borough.BROOKLYN,
        k.Borough.STATEN_ISLAND,
    }


def test_flee_only_to_a_borough_with_room() -> None:
    """rulings §4: the fleeing monster goes to "any non-Manhattan borough of its choice with fewer
    than 2 monsters" (seed 000 *How to Play*: at most 2 per borough)."""
    state = four().monster("sheriff", borough="queens").turn("kong", dice="ACCEEE").build()
    state = play(state, resolve("A"))
    flee_to = {a.borough for a in k.legal_actions(state) if isinstance(a, k.Flee)}
    assert k.Borough.QUEENS not in flee_to
    assert k.Borough.MANHATTAN not in flee_to


def test_after_a_flee_the_attacker_must_enter_manhattan_and_gains_1_vp() -> None:
    """seed 000 *Controlling Manhattan*: the fleeing monster leaves its place "to the Monster that
    attacked you (he will have to move into Manhattan during his movement). You still take any
    damage"; *Effects of Manhattan* / rulings C1: "You earn 1 Victory Point when you seize control
    of Manhattan"."""
    state = four().turn("kong", dice="AACCEE").build()
    state = play(state, resolve("A"), k.Flee(k.Borough.BRONX))
    assert state.monsters[1].location == k.Location(k.Borough.BRONX)
    assert state.monsters[1].life == 8
    state = play(state, resolve("C"))  # Energy resolves last by itself, then the Move step
    assert state.monsters[0].location == LOWER_MAIN
    assert state.monsters[0].vp == 1
    assert isinstance(state.next_step, Shop)


def test_the_attacked_monster_may_stay_and_then_the_attacker_may_not_enter() -> None:
    """seed 000 *Move*: "If there is already 1 Monster in any zone of Manhattan, you have two
    options: ... move to any borough ... or ... stay" (Kong remains in the book's example)."""
    state = four().turn("kong", dice="AACCEE").build()
    state = play(state, resolve("A"), k.StayInManhattan(), resolve("C"))
    assert state.monsters[1].in_manhattan
    assert state.next_step == ChooseMove(0)
    assert k.MoveTo(k.Borough.MANHATTAN) not in k.legal_actions(state)


def test_an_eliminated_occupant_is_not_asked_and_the_attacker_must_enter() -> None:
    """seed 000 *Controlling Manhattan*: "If you are in Manhattan, and are eliminated during an
    attack, the Monster that attacks you will have to move into Manhattan during his movement"."""
    state = four().monster("mantis", life=3).turn("kong", dice="AAACCE").build()
    state = play(state, resolve("A"))
    assert state.monsters[1].eliminated
    assert not isinstance(state.next_step, ChooseFlee)
    state = play(state, resolve("C"))
    assert state.monsters[0].location == LOWER_MAIN
    assert state.monsters[0].vp == 1


def test_no_flee_from_ouch_damage() -> None:
    """seed 000 *Controlling Manhattan*: fleeing follows an attack; rulings §4 and §9: unit damage
    (Ouch) "is not a monster's attack" and "does not let a monster flee"."""
    state = (
        four()
        .borough("manhattan", units=["infantry", "jet"])
        .borough("queens", stacks=[None, None, None], hidden=0)
        .turn("kong", dice="OOOCCE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[1].life == 8
    assert not isinstance(state.next_step, ChooseFlee)
    assert state.current_player == 0


def test_no_flee_without_damage_from_an_attack() -> None:
    """rulings §4: a Manhattan monster may leave "only after being damaged by another monster's
    attack": without Attack dice nobody is asked."""
    state = four().turn("kong", dice="CCEEEH").build()
    state = play(state, resolve("C"), resolve("E"))
    assert state.monsters[1].in_manhattan
    assert state.next_step == ChooseMove(0)


def test_an_attacker_eliminated_before_its_move_leaves_manhattan_to_the_next_mover() -> None:
    """rulings §4 (D6): "What if the attacker is eliminated before its Move step (for example by
    its own later Ouch)? Nobody enters on that turn. The next monster whose Move step comes must
    enter"."""
    state = (
        four()
        .monster("kong", life=1)
        .borough("queens", units=["infantry"])
        .turn("kong", dice="AOCCEE")
        .build()
    )
    state = play(state, resolve("A"), k.Flee(k.Borough.STATEN_ISLAND), resolve("O"))
    assert state.monsters[0].eliminated
    assert not any(m.in_manhattan for m in state.monsters)
    assert state.turn.seat == 1  # Mantis, now in Staten Island
    state = play(state, roll("CCEEHH"), k.StopRolling(), resolve("C"), resolve("E"))
    assert state.monsters[1].location == LOWER_MAIN


def test_an_occupant_killed_by_ouch_leaves_manhattan_to_the_active_monster() -> None:
    """rulings §6: "Occupant eliminated by something other than an attack (Ouch ...). It leaves,
    and Manhattan is empty. If the active player's Move step is still to come this turn, the
    active player must enter"."""
    state = (
        four()
        .monster("mantis", life=1)
        .borough("manhattan", units=["jet"])
        .borough("queens", stacks=[None, None, None], hidden=0)
        .turn("kong", dice="OOOCCE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[1].eliminated
    state = play(state, resolve("C"))
    assert state.monsters[0].location == LOWER_MAIN
    assert state.monsters[0].vp == 3 + 1  # the Statue, then seizing Manhattan
