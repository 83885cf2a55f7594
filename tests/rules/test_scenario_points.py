"""Scenario improvements of issue 7 §6: Souvenir tokens, token kinds checked, and the
start-of-resolution effects at ``at="resolve"``. Each test cites its rule or names the defect it
guards against."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.model.steps import ChooseFace
from kingofny.testing import Scenario, play, resolve, token_kinds

Q = k.Borough.QUEENS


def souvenirs(state: k.GameState) -> set[k.Borough]:
    return {b for b in k.Borough if "souvenir" in state.borough(b).markers}


# -- Souvenirs ------------------------------------------------------------------------------------


def test_scenario_places_souvenirs_on_boroughs() -> None:
    """Defect: Scenario could not place Souvenir tokens (boroughs hold them, components §1 #28
    I ♥ NY Tourist)."""
    state = Scenario(["kong", "mantis"]).borough("queens", souvenir=True).build()
    assert souvenirs(state) == {Q}
    assert souvenirs(Scenario(["kong", "mantis"]).build()) == set()


def test_a_placed_souvenir_stops_tourist_placing_another() -> None:
    """rulings §16: Tourist places a Souvenir in the owner's borough "if it has none" (+1 VP
    and +1 Energy only when it places one)."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=6)
        .monster("mantis", manhattan="lower")
        .market(["i-love-ny-tourist", None, None])
        .turn("kong", at="buy")
    )
    with_one = play(scenario.borough("queens", souvenir=True).build(), k.Buy(0))
    assert (with_one.monsters[0].vp, with_one.monsters[0].energy) == (0, 0)
    without = play(scenario.build(), k.Buy(0))
    assert (without.monsters[0].vp, without.monsters[0].energy) == (1, 1)


def test_souvenir_must_be_a_bool() -> None:
    """Bad input raises ScenarioError naming it (kingofny.testing conventions)."""
    with pytest.raises(k.ScenarioError, match="souvenir must be True or False"):
        Scenario(["kong", "mantis"]).borough("queens", souvenir=1)  # type: ignore[arg-type]


# -- token kinds ------------------------------------------------------------------------------


def test_unknown_token_kinds_are_rejected() -> None:
    """Defect: ``tokens={"webb": 1}`` passed silently (a token no rule knows does nothing)."""
    with pytest.raises(k.ScenarioError, match=r"unknown token kind 'webb'.*did you mean 'web'"):
        Scenario(["kong", "mantis"]).monster("kong", tokens={"webb": 1})


def test_souvenirs_are_not_monster_tokens() -> None:
    """components §1 #28: Souvenirs are put on boroughs; the error points to ``borough()``."""
    with pytest.raises(k.ScenarioError, match=r"souvenir=True"):
        Scenario(["kong", "mantis"]).monster("kong", tokens={"souvenir": 1})


def test_base_token_kinds() -> None:
    """rulings §15, §16: the base game's monster tokens are Web, Curse and Carapace."""
    assert token_kinds(("base",)) == {"web", "curse", "carapace"}
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", tokens={"web": 1, "curse": 2})
        .monster("mantis", cards=["carapace"], tokens={"carapace": 1})
        .build()
    )
    assert state.monsters[0].tokens == (("curse", 2), ("web", 1))


# -- at="resolve" runs the start of resolution ----------------------------------------------------


def resolving(cards: list[str], dice: str, **monster: object) -> Scenario:
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=cards, **monster)  # type: ignore[arg-type]
        .turn("kong", at="resolve", dice=dice)
    )


def test_resolve_adds_stomp_symbol() -> None:
    """Defect: ``at="resolve"`` skipped the start of resolution, so Stomp's +1 Destruction
    (components §1 #50; rulings §2: it joins its type) was missing."""
    state = resolving(["stomp"], "EEEHHA").build()
    assert state.turn.unresolved == k.Dice.parse("EEEHHAD")


def test_resolve_runs_personal_spotlight() -> None:
    """components §1 #39: +1 VP in a turn whose roll shows a Celebrity, at the start of
    resolution (rulings §16)."""
    state = resolving(["personal-spotlight"], "CEEHHA").build()
    assert state.monsters[0].vp == 1


def test_resolve_asks_hailing_cabs() -> None:
    """components §1 #25: the owner may add 2 Destruction, asked before any type resolves."""
    state = resolving(["hailing-cabs"], "DEEHHA").build()
    pending = k.waiting_for(state)
    assert pending is not None
    assert pending.kind is k.PendingKind.CARD_QUESTION
    assert pending.card == "base:hailing-cabs"


def test_resolve_checks_climb_the_empire_state_building() -> None:
    """components §1 #12; rulings D28: all six faces in Manhattan give +2 VP and an extra turn,
    checked at the start of resolution, as the first type resolves."""
    state = resolving(["climb-the-empire-state-building"], "AHECDO", manhattan="lower").build()
    assert state.next_step == ChooseFace(0)
    state = play(state, resolve("C"))
    assert state.monsters[0].vp == 2
    assert state.extra_turns == ((0, ""),)


def test_resolve_with_unresolved_is_under_way() -> None:
    """Documented turn point (kingofny.testing.scenario): with ``unresolved=`` the resolution
    has begun, so its start-of-resolution effects are taken as done and not run again."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["stomp", "personal-spotlight"])
        .turn("kong", at="resolve", dice="CEEHHA", unresolved="EEHHA")
        .build()
    )
    assert state.monsters[0].vp == 0
    assert state.turn.unresolved == k.Dice.parse("EEHHA")
    assert state.next_step == ChooseFace(0)
    state = play(state, resolve("E"))
    assert state.monsters[0].energy == 2
