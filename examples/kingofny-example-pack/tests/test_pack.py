"""Tests of the example pack, with kingofny's conformance kit and scenario builder."""

from __future__ import annotations

from kingofny_example_pack import manifest

from kingofny import Borough, Buy, DestroyBuilding, Face, ResolveFace, apply, new_game
from kingofny.plugins import discover
from kingofny.testing import Scenario, check_content_pack, play


def test_the_pack_is_registered_on_the_entry_point_group() -> None:
    """Installing the distribution is enough for kingofny to find the pack."""
    assert "example" in {ep.name for ep in discover()}


def test_the_pack_conforms() -> None:
    """Random games with the pack keep every invariant of the game, and every card of the pack
    is exercised (bought or held) in at least 3 games, so no effect goes untested."""
    report = check_content_pack(manifest(), games=12, seed=3, min_card_uses=3)
    assert report.games >= 12
    assert report.monsters_played["example:gigazaur"] > 0
    assert report.never_exercised == ()
    assert report.coverage.keys() == {"example:big-claws", "example:street-food"}
    assert min(report.coverage.values()) >= 3


def test_a_game_can_pick_the_monster_and_deal_the_cards() -> None:
    """The pack's monster can be picked and its cards join the deck."""
    state = new_game(["gigazaur", "kong"], packs=("base", "example"), seed=1)
    assert state.monsters[0].monster == "example:gigazaur"
    assert len(state.deck) + 3 == 66


def test_gigazaur_heals_when_it_destroys_a_building() -> None:
    """Ability: heal 1 per building destroyed (and the building's own reward)."""
    state = (
        Scenario(["gigazaur", "kong"], packs=("base", "example"))
        .monster("gigazaur", borough="queens", life=5)
        .monster("kong", manhattan="lower")
        .borough("queens", stacks=["high-rise-1", "high-rise-1", "high-rise-1"], hidden=0)
        .turn("gigazaur", dice="DEEEEE")
        .build()
    )
    state = play(state, ResolveFace(Face.DESTRUCTION), DestroyBuilding(Borough.QUEENS, 0))
    assert state.monsters[0].life == 6
    assert state.monsters[0].vp == 1


def test_big_claws_adds_one_damage_to_each_attack() -> None:
    """Big Claws: 2 Attack dice deal 3 damage."""
    state = (
        Scenario(["gigazaur", "kong"], packs=("base", "example"))
        .monster("gigazaur", borough="queens", cards=["example:big-claws"])
        .monster("kong", manhattan="lower")
        .turn("gigazaur", dice="AAEEEE")
        .build()
    )
    state = play(state, ResolveFace(Face.ATTACK))
    assert state.monsters[1].life == 7


def test_street_food_scores_and_heals_when_bought() -> None:
    """Street Food: +1 VP and heal 3 for 3 Energy."""
    state = (
        Scenario(["gigazaur", "kong"], packs=("base", "example"))
        .monster("gigazaur", borough="queens", life=4, energy=3)
        .market(["example:street-food", "base:stomp", "base:drain"])
        .turn("gigazaur", at="buy")
        .build()
    )
    state = apply(state, Buy(0))
    me = state.monsters[0]
    assert (me.vp, me.life, me.energy) == (1, 7, 0)
    assert "example:street-food" in state.discard
