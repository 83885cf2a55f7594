"""Elimination and the end of the game (seed 000, *Attack*, *End of the Game*, *Card
Clarifications*, *Summary of a Game Turn* step 5; rulings C3, §11, D23)."""

from __future__ import annotations

import kingofny as k
from kingofny.model.steps import ChooseMove, RollDice, Shop
from kingofny.testing import Scenario, play, resolve


def three() -> Scenario:
    """Kong (0) in Queens, Mantis (1) in Manhattan, Rob (2) in the Bronx."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
    )


def test_an_eliminated_monster_leaves_the_board_and_discards_its_cards() -> None:
    """seed 000 *Attack*: "If a Monster loses its last Life Point, it is eliminated"; rulings §11:
    it is removed at once, its Keep cards go to the discard pile, its goal cards return to the
    supply."""
    state = (
        three()
        .monster("rob", life=2, vp=5, cards=["stomp", "drain"])
        .goals(superstar="rob", statue="rob")
        .monster("rob", vp=8)
        .turn("mantis", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"))
    rob = state.monsters[2]
    assert rob.eliminated
    assert (rob.life, rob.location, rob.cards) == (0, None, ())
    assert {"base:stomp", "base:drain"} <= set(state.discard)
    assert state.superstar is None
    assert state.statue is None
    assert state.monsters_in(k.Borough.BRONX) == ()


def test_an_eliminated_monster_loses_its_tokens() -> None:
    """rulings §11: an eliminated monster is removed at once and "Its tokens are removed" (Web
    and Curse tokens, components §4.2); the other monsters keep theirs. Guards against the
    elimination leaving its tokens in front of the dead monster."""
    state = (
        three()
        .monster("rob", life=2, tokens={"web": 2, "curse": 1})
        .monster("kong", tokens={"web": 1})
        .turn("mantis", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"), check=False)
    rob = state.monsters[2]
    assert rob.eliminated
    assert rob.tokens == ()
    assert state.monsters[0].tokens == (("web", 1),)


def test_eliminated_monsters_are_skipped_in_turn_order() -> None:
    """rulings §11: "It is skipped in turn order" (seed 000 *End Your Turn*: pass the dice to the
    player on your left)."""
    state = three().monster("kong", eliminated=True).turn("rob", at="end").build()
    assert state.turn.seat == 1  # after seat 2 comes seat 0, eliminated, so seat 1
    state = three().monster("mantis", eliminated=True).turn("kong", at="end").build()
    assert state.turn.seat == 2
    assert state.next_step == RollDice(6)


def test_twenty_vp_wins_at_the_end_of_the_turn_not_before() -> None:
    """seed 000 *End of the Game*: "The game ends at the end of a turn if a Monster has reached 20
    Victory Points and survived" (rulings C3)."""
    state = three().monster("kong", vp=17, energy=5).turn("kong", dice="CCCCCE").build()
    state = play(state, resolve("C"))
    assert state.monsters[0].vp == 20
    assert not state.is_terminal
    assert state.next_step == ChooseMove(0)  # the turn goes on: Move, then Buy
    state = play(state, k.StayPut())
    assert state.next_step == Shop(0)
    state = play(state, k.EndBuying())
    assert state.is_terminal
    assert state.winners == (0,)
    assert k.legal_actions(state) == ()


def test_reaching_20_vp_then_dying_in_the_same_turn_does_not_win() -> None:
    """seed 000 *Card Clarifications*: "You must survive your entire turn in order to win"."""
    state = (
        three()
        .monster("kong", vp=17, life=1)
        .borough("queens", units=["infantry"])
        .turn("kong", dice="CCCCOE")
        .build()
    )
    state = play(state, resolve("C"), resolve("O"))
    assert state.monsters[0].eliminated
    assert not state.is_terminal
    assert state.turn.seat == 1


def test_the_last_monster_standing_wins_at_the_end_of_the_turn() -> None:
    """seed 000 *End of the Game*: "or if there is only one Monster still in the game" — checked
    "at the end of a turn" (rulings C3): the winner still moves and buys first."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("mantis", manhattan="lower", life=2)
        .monster("kong", energy=4)
        .market(["stomp", "drain", "carapace"])
        .turn("kong", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"))
    assert state.monsters[1].eliminated
    assert not state.is_terminal
    state = play(state, resolve("C"))
    assert state.monsters[0].in_manhattan  # the Move step still happened
    assert state.next_step == Shop(0)
    state = play(state, k.EndBuying())
    assert state.winners == (0,)


def test_if_all_monsters_are_eliminated_in_the_same_turn_nobody_wins() -> None:
    """seed 000 *End of the Game*: "If all the Monsters have been eliminated in the same turn,
    nobody wins"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", life=1)
        .monster("mantis", manhattan="lower", life=2)
        .borough("queens", units=["infantry"])
        .borough("manhattan", units=["jet", "tank"])
        .turn("kong", dice="OOOEEE")
        .build()
    )
    state = play(state, resolve("O"))
    assert all(m.eliminated for m in state.monsters)
    assert state.is_terminal
    assert state.winners == ()


def test_an_active_monster_eliminated_ends_its_turn_at_once() -> None:
    """rulings C3: "If the active monster is eliminated during its own turn, its turn ends at once
    (then the end-of-turn check runs)": its other dice are not resolved, no Move, no Buy."""
    state = (
        three()
        .monster("kong", life=1, energy=9)
        .borough("queens", units=["jet"])
        .turn("kong", dice="OEEEEC")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].eliminated
    assert state.monsters[0].energy == 9
    assert state.turn.seat == 1
    assert state.next_step == RollDice(6)


def test_two_monsters_left_after_an_active_death_play_on() -> None:
    """seed 000 *End of the Game*: the game goes on while two or more monsters remain."""
    state = (
        three()
        .monster("rob", life=1)
        .borough("bronx", units=["jet"])
        .turn("rob", dice="OEEEEC")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[2].eliminated
    assert not state.is_terminal
    assert state.turn.seat == 0


def test_several_monsters_at_20_share_the_win() -> None:
    """rulings D23: "Several 20+: shared win" (checked at the end of the turn)."""
    state = three().monster("kong", vp=21).monster("rob", vp=20).turn("mantis", at="end").build()
    assert state.winners == (0, 2)


def test_an_eliminated_monster_with_20_vp_does_not_win() -> None:
    """seed 000 *End of the Game*: the winner has 20 VP "and survived"."""
    state = three().monster("rob", vp=22, eliminated=True).turn("kong", at="end").build()
    assert not state.is_terminal
