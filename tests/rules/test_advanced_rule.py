"""The 5–6 monster advanced rule: two places in Manhattan (seed 000, *Advanced Rule*; rulings C2,
C1)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseFlee, ChooseMove, LeaveManhattan
from kingofny.testing import Scenario, play, resolve

M = k.Borough.MANHATTAN
MAIN, SECOND = k.Track.MAIN, k.Track.SECOND
FIVE = ["kong", "mantis", "rob", "sheriff", "drakonis"]


def at(zone: k.Zone, track: k.Track = MAIN) -> k.Location:
    return k.Location(M, zone, track)


def five() -> Scenario:
    """Kong (0) Queens, Mantis (1) Bronx, Rob (2) Brooklyn, Sheriff (3) Staten Island, Drakonis (4)
    Queens; nobody in Manhattan."""
    return (
        Scenario(FIVE)
        .monster("kong", borough="queens")
        .monster("mantis", borough="bronx")
        .monster("rob", borough="brooklyn")
        .monster("sheriff", borough="staten-island")
        .monster("drakonis", borough="queens")
    )


def test_with_five_monsters_a_second_monster_must_enter_on_lower_5_6() -> None:
    """seed 000 *Advanced Rule*: "you must move into Manhattan if there are fewer than 2 Monsters
    there"; "If there is already a Monster in a 2-4 space regardless of the zone he is in, you
    must move into the 5-6 space" of Lower Manhattan; rulings C1: each entering monster gains 1
    VP."""
    state = five().monster("mantis", manhattan="upper").turn("kong", at="move").build()
    assert not isinstance(state.next_step, ChooseMove)
    assert state.monsters[0].location == at(k.Zone.LOWER, SECOND)
    assert state.monsters[0].vp == 1


def test_the_first_monster_to_enter_takes_the_2_4_space() -> None:
    """seed 000 *Advanced Rule*: "When you move into Manhattan, you normally move into the 2-4
    space"."""
    state = five().turn("kong", at="move").build()
    assert state.monsters[0].location == at(k.Zone.LOWER, MAIN)


def test_with_two_monsters_in_manhattan_the_others_may_not_enter() -> None:
    """seed 000 *Advanced Rule*: "there can be as many as two Monsters in Manhattan"."""
    state = (
        five()
        .monster("mantis", manhattan="upper")
        .monster("rob", manhattan="lower", track="5-6")
        .turn("kong", at="move")
        .build()
    )
    assert state.next_step == ChooseMove(0)
    assert all(not isinstance(a, k.MoveTo) or a.borough is not M for a in k.legal_actions(state))


@pytest.mark.parametrize(
    ("track", "start", "end"),
    [
        (MAIN, k.Zone.LOWER, k.Zone.MIDTOWN),
        (SECOND, k.Zone.LOWER, k.Zone.MIDTOWN),
        (SECOND, k.Zone.MIDTOWN, k.Zone.UPPER),
        (SECOND, k.Zone.UPPER, k.Zone.UPPER),
    ],
)
def test_each_track_advances_along_its_own_spaces(
    track: k.Track, start: k.Zone, end: k.Zone
) -> None:
    """seed 000 *Advanced Rule*: "If you are on 2–4, you will advance to the next 2–4; if you are
    on 5–6, you will advance to the next 5–6"."""
    other = k.Zone.UPPER if start is not k.Zone.UPPER else k.Zone.MIDTOWN
    state = (
        five()
        .monster("kong", manhattan=start, track=track)
        .monster("mantis", manhattan=other, track=SECOND if track is MAIN else MAIN)
        .turn("kong", at="move")
        .build()
    )
    assert state.monsters[0].location == at(end, track)


def test_the_5_6_monster_earns_its_zone_too() -> None:
    """seed 000 *Advanced Rule*: "The rules are the same for these two Monsters" (zone earnings,
    *Effects of Manhattan*)."""
    state = (
        five()
        .monster("kong", manhattan="midtown", track="5-6")
        .monster("mantis", manhattan="upper")
        .turn("kong", at="start")
        .build()
    )
    assert (state.monsters[0].vp, state.monsters[0].energy) == (2, 1)


def two_inside(**turn: object) -> Scenario:
    """Mantis on Upper 2–4, Rob on Midtown 5–6; Kong outside attacks."""
    return (
        five()
        .monster("mantis", manhattan="upper")
        .monster("rob", manhattan="midtown", track="5-6")
        .turn("kong", **turn)  # type: ignore[arg-type]
    )


def test_an_attack_from_outside_hits_both_and_the_2_4_monster_decides_first() -> None:
    """seed 000 *Advanced Rule*: "When a card or an effect targets the Monster in Manhattan, it
    affects all the Monsters in Manhattan"; "the Monster on the 2–4 space says whether he will
    flee" (rulings C2)."""
    state = play(two_inside(dice="AACCEE").build(), resolve("A"))
    assert [m.life for m in state.monsters] == [10, 8, 8, 10, 10]
    assert state.next_step == ChooseFlee(1, attacker=0)


def test_when_the_2_4_monster_flees_the_5_6_monster_slides_over_then_decides() -> None:
    """seed 000 *Advanced Rule*: "If he flees Manhattan ... the Monster on the 5–6 space moves to
    the 2–4 space in his current zone, unless he also decides to flee" (rulings C2)."""
    state = play(two_inside(dice="AACCEE").build(), resolve("A"), k.Flee(k.Borough.BROOKLYN))
    assert state.monsters[1].location == k.Location(k.Borough.BROOKLYN)
    assert state.monsters[2].location == at(k.Zone.MIDTOWN, MAIN)
    assert state.next_step == ChooseFlee(2, attacker=0)
    state = play(state, k.StayInManhattan(), resolve("C"))
    # the attacker must fill the free place, on Lower 5–6 since a 2–4 space is taken
    assert state.monsters[0].location == at(k.Zone.LOWER, SECOND)
    assert state.monsters[0].vp == 1


def test_when_both_flee_the_attacker_enters_on_lower_2_4() -> None:
    """seed 000 *Advanced Rule*: "... unless he also decides to flee"; the attacker then enters
    normally on the 2–4 space (rulings C2)."""
    state = play(
        two_inside(dice="AACCEE").build(),
        resolve("A"),
        k.Flee(k.Borough.BROOKLYN),
        k.Flee(k.Borough.BRONX),
        resolve("C"),
    )
    assert state.monsters[1].location == k.Location(k.Borough.BROOKLYN)
    assert state.monsters[2].location == k.Location(k.Borough.BRONX)
    assert state.monsters[0].location == at(k.Zone.LOWER, MAIN)


def test_the_5_6_monster_may_flee_alone() -> None:
    """rulings C2 / §4: each damaged Manhattan monster decides for itself."""
    state = play(
        two_inside(dice="AACCEE").build(),
        resolve("A"),
        k.StayInManhattan(),
        k.Flee(k.Borough.STATEN_ISLAND),
    )
    assert state.monsters[1].location == at(k.Zone.UPPER, MAIN)
    assert state.monsters[2].location == k.Location(k.Borough.STATEN_ISLAND)


def test_an_attacker_beside_a_lone_occupant_damages_it_then_enters_too() -> None:
    """seed 000 *Advanced Rule*: "If Manhattan is only occupied by one Monster, the attacking
    Monster inflicts damage on the Monster in Manhattan, and then must move into Manhattan,
    too"."""
    state = five().monster("mantis", manhattan="midtown").turn("kong", dice="AAACCE").build()
    state = play(state, resolve("A"), k.StayInManhattan(), resolve("C"))
    assert state.monsters[1].life == 7
    assert state.monsters[1].location == at(k.Zone.MIDTOWN, MAIN)
    assert state.monsters[0].location == at(k.Zone.LOWER, SECOND)


def test_if_the_2_4_monster_is_eliminated_the_5_6_monster_slides_over() -> None:
    """seed 000 *Advanced Rule*: "At any time if the Monster in the 2–4 space is eliminated, the
    Monster on the 5–6 space automatically moves to the 2–4 space in his current zone"."""
    state = play(two_inside(dice="AAACCE").monster("mantis", life=3).build(), resolve("A"))
    assert state.monsters[1].eliminated
    assert state.monsters[2].location == at(k.Zone.MIDTOWN, MAIN)
    # 4 monsters are left, so Manhattan holds one: Rob, alone on its 2–4 space, stays, and may
    # flee since it was damaged by the attack
    assert state.next_step == ChooseFlee(2, attacker=0)


def test_manhattan_attacker_does_not_hurt_the_other_manhattan_monster() -> None:
    """seed 000 *Attack*: from Manhattan, "each Attack ... inflicts damage to all Monsters outside
    Manhattan" (rulings §3: not the other Manhattan monster)."""
    state = play(two_inside(dice="AACCEE").turn("mantis", dice="AACCEE").build(), resolve("A"))
    assert [m.life for m in state.monsters] == [8, 10, 10, 8, 8]
    assert not isinstance(state.next_step, ChooseFlee)


def test_two_ouch_in_manhattan_hit_both_manhattan_monsters() -> None:
    """seed 000 *Ouch!*: two Ouch hit "all the Monsters in your borough"; rulings §9: Manhattan
    units hit both Manhattan monsters."""
    state = (
        two_inside().borough("manhattan", units=["infantry"]).turn("mantis", dice="OOCCEE").build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[1].life == 9
    assert state.monsters[2].life == 9


def test_dropping_below_five_monsters_the_5_6_monster_leaves_for_a_borough_of_its_choice() -> None:
    """seed 000 *Advanced Rule*: "If the elimination of a Monster means that fewer than five
    Monsters remain in the game, from now on, there can only be one Monster in Manhattan. If there
    are still two Monsters in Manhattan, the one on the 5–6 space automatically moves out of
    Manhattan to the borough of his choice which doesn't have already 2 Monsters in it" (rulings
    C2: it does not move to the 2–4 track)."""
    state = two_inside().monster("kong", life=2).turn("mantis", dice="AACCEE").build()
    state = play(state, resolve("A"))
    assert state.monsters[0].eliminated
    assert state.next_step == LeaveManhattan(2)
    assert state.current_player == 2
    options = set(k.legal_actions(state))
    # Queens keeps Drakonis only now (Kong is gone); every outer borough has room
    assert options == {
        k.MoveTo(k.Borough.BRONX),
        k.MoveTo(k.Borough.QUEENS),
        k.MoveTo(k.Borough.BROOKLYN),
        k.MoveTo(k.Borough.STATEN_ISLAND),
    }
    state = play(state, k.MoveTo(k.Borough.BROOKLYN))
    assert state.monsters[2].location == k.Location(k.Borough.BROOKLYN)
    assert state.monsters[1].location == at(k.Zone.UPPER, MAIN)
    assert state.monsters[2].vp == 0


def test_a_six_monster_game_down_to_five_keeps_two_places() -> None:
    """seed 000 *Advanced Rule*: one place only "If ... fewer than five Monsters remain"."""
    state = (
        Scenario([*FIVE, "captain-fish"])
        .monster("kong", borough="queens", life=1)
        .monster("mantis", manhattan="upper")
        .monster("rob", manhattan="lower", track="5-6")
        .turn("mantis", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"))
    assert state.monsters[0].eliminated
    assert not isinstance(state.next_step, LeaveManhattan)
    assert state.monsters[2].location == at(k.Zone.LOWER, SECOND)


def test_five_monster_game_down_to_four_then_only_one_may_enter() -> None:
    """seed 000 *Advanced Rule*: "from now on, there can only be one Monster in Manhattan"."""
    state = (
        five()
        .monster("drakonis", eliminated=True)
        .monster("mantis", manhattan="upper")
        .turn("kong", at="move")
        .build()
    )
    assert state.next_step == ChooseMove(0)
