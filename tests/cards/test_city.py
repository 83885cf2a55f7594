"""The 'city' card group: destruction, entering boroughs, Superstar cards, start-of-turn gains,
Power Tap and Scavenger (components §1; rulings §10, §12, §15, §16, §17; seed 000).

Expected numbers are worked out by hand from the card text and the rules. Unless a test says
otherwise, Kong is seat 0 and takes the turn, Mantis is seat 1.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import kingofny as k
from kingofny import _registry as registry
from kingofny.effects.primitives import add_marker
from kingofny.model.actions import Pass, UseCard
from kingofny.model.steps import CardChoice, ChooseFace, ChooseFlee, ChooseMove, LeaveManhattan
from kingofny.testing import Scenario, play, resolve, roll

M = k.Borough.MANHATTAN
BX = k.Borough.BRONX
Q = k.Borough.QUEENS
BK = k.Borough.BROOKLYN
SI = k.Borough.STATEN_ISLAND
INF, JET, TANK = k.UnitKind.INFANTRY, k.UnitKind.JET, k.UnitKind.TANK
EMPTY: list[str | None] = [None, None, None]
STINK = "base:stink-attack"
SCAVENGER = "base:scavenger"


def kong_in_queens(
    dice: str,
    cards: list[str],
    *,
    stacks: list[str | None] | None = None,
    units: tuple[str, ...] = (),
    life: int = 10,
    energy: int = 0,
) -> Scenario:
    """Kong in Queens holding ``cards`` resolves ``dice``; Mantis in Lower Manhattan. Queens
    holds ``stacks`` (none by default, nothing face down) and ``units``."""
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", cards=cards, life=life, energy=energy)
        .monster("mantis", manhattan="lower")
        .borough("queens", stacks=stacks or EMPTY, hidden=0, units=list(units))
        .turn("kong", dice=dice)
    )


def bare(scenario: Scenario, *boroughs: str) -> Scenario:
    """The boroughs named have no building and no unit."""
    for name in boroughs:
        scenario = scenario.borough(name, stacks=EMPTY, hidden=0, units=[])
    return scenario


def vp_energy_life(state: k.GameState, seat: int = 0) -> tuple[int, int, int]:
    m = state.monsters[seat]
    return (m.vp, m.energy, m.life)


def question(state: k.GameState) -> CardChoice:
    assert isinstance(state.next_step, CardChoice)
    return state.next_step


# -- Can Opener, Long Neck -------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "destroyed"), [(["can-opener"], True), ([], False)])
def test_can_opener_destroys_a_tank_with_3_destruction(cards: list[str], destroyed: bool) -> None:
    """components §1 #7 / rulings §16: "A Tank needs 3 Destruction (normally 4)"; a Tank pays
    3 VP (components §3.2)."""
    state = play(kong_in_queens("DDDCCH", cards, units=("tank",)).build(), resolve("D"))
    assert (state.borough(Q).units == ()) is destroyed
    assert state.monsters[0].vp == (3 if destroyed else 0)
    assert (TANK in state.monsters[0].trophies) is destroyed


@pytest.mark.parametrize(("stacks", "units"), [(None, ("jet",)), (["high-rise-3", None, None], ())])
def test_can_opener_changes_only_tanks(stacks: list[str | None] | None, units: tuple[str]) -> None:
    """components §1 #7: only "to destroy a Tank"; a Jet still needs 3 and a durability-3
    Building 3 (seed 000 *Tile Description*)."""
    scenario = kong_in_queens("DDCCEH", ["can-opener"], stacks=stacks, units=units)
    state = play(scenario.build(), resolve("D"))
    assert state.borough(Q).units == tuple(k.UnitKind[u.upper()] for u in units)
    assert state.monsters[0].vp == 0
    top = None if stacks is None or stacks[0] is None else k.Building.parse(stacks[0])
    assert state.borough(Q).stacks[0].top == top


@pytest.mark.parametrize(("cards", "energy"), [(["long-neck"], 2), ([], 0)])
def test_long_neck_destroys_a_jet_with_2_destruction(cards: list[str], energy: int) -> None:
    """components §1 #32 / rulings §16: "a Jet needs 2 (normally 3)"; a Jet pays 2 Energy."""
    state = play(kong_in_queens("DDCCHH", cards, units=("jet",)).build(), resolve("D"))
    assert state.monsters[0].energy == energy
    assert state.borough(Q).units == (() if energy else (JET,))


def test_long_neck_does_not_help_against_tanks() -> None:
    """components §1 #32: only Jets are cheaper; a Tank still needs 4."""
    state = play(kong_in_queens("DDDCCH", ["long-neck"], units=("tank",)).build(), resolve("D"))
    assert state.borough(Q).units == (TANK,)


# -- Seismic Ray -----------------------------------------------------------------------------------


def seismic(dice: str, *, energy: int, cards: tuple[str, ...] = ()) -> Scenario:
    """Kong in an empty Queens with Seismic Ray; only the Bronx has tiles (set by the test)."""
    scenario = kong_in_queens(dice, ["seismic-ray", *cards], energy=energy)
    return bare(scenario, "manhattan", "brooklyn", "staten-island", "bronx")


def test_seismic_ray_destroys_in_another_borough_for_1_energy_per_point() -> None:
    """components §1 #46 / rulings §16 DEFAULT: "pay per point; each targeted tile still needs
    its full number"; the reward is earned as usual (seed 000 *Destruction*)."""
    scenario = seismic("DDCCHH", energy=5).borough("bronx", stacks=["high-rise-2", None, None])
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyBuilding(BX, 0), Pass())
    state = play(state, k.DestroyBuilding(BX, 0))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (2, 3)
    assert state.borough(BX).fresh_units == (JET,)
    assert isinstance(state.next_step, ChooseFace)


def test_seismic_ray_targets_the_owner_cannot_pay_for_are_not_offered() -> None:
    """rulings §16 DEFAULT: 1 Energy per Destruction point spent elsewhere; with 1 Energy only
    a durability-1 tile is within reach."""
    scenario = seismic("DDCCHH", energy=1).borough(
        "bronx", stacks=["high-rise-2", "high-rise-1", None]
    )
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyBuilding(BX, 1), Pass())


def test_seismic_ray_targets_elsewhere_are_optional() -> None:
    """rulings §16: "The forced-destruction rule covers only your own borough": with nothing to
    destroy at home the owner may pass, keeping its Energy."""
    scenario = seismic("DDCCHH", energy=5).borough("bronx", stacks=["high-rise-2", None, None])
    state = play(scenario.build(), resolve("D"), Pass())
    assert state.monsters[0].energy == 5
    assert state.borough(BX).stacks[0].top == k.Building.parse("high-rise-2")
    assert isinstance(state.next_step, ChooseFace)


def test_seismic_ray_the_owner_borough_stays_forced() -> None:
    """seed 000 *Destruction*: "If you have enough Destruction to destroy a Building or a Unit,
    you must do so"; rulings §16: the owner may aim elsewhere, but cannot stop while a tile of
    its own borough is still within reach."""
    scenario = seismic("DDCCHH", energy=5).borough("bronx", stacks=["high-rise-1", None, None])
    scenario = scenario.borough("queens", stacks=["high-rise-1", None, None], hidden=0)
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyBuilding(Q, 0), k.DestroyBuilding(BX, 0))
    state = play(state, k.DestroyBuilding(BX, 0))  # the last point must go to Queens
    assert state.borough(Q).stacks[0].top is None
    assert (state.monsters[0].vp, state.monsters[0].energy) == (2, 4)


def test_seismic_ray_from_manhattan_reaches_the_outer_boroughs() -> None:
    """components §1 #46: "a borough other than the one you are in"; from Manhattan that is any
    outer borough (DEFAULT)."""
    scenario = (
        seismic("DCCHHE", energy=2)
        .monster("kong", manhattan="lower")
        .monster("mantis", borough="queens")
        .borough("bronx", stacks=["high-rise-1", None, None])
    )
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyBuilding(BX, 0), Pass())


def test_seismic_ray_with_can_opener_a_tank_elsewhere_costs_3_energy() -> None:
    """rulings §16: Seismic Ray costs 1 Energy per Destruction point; Can Opener makes a Tank
    need 3 points (components §1 #7), so 3 Energy."""
    scenario = seismic("DDDCCH", energy=3, cards=("can-opener",)).borough("bronx", units=["tank"])
    state = play(scenario.build(), resolve("D"), k.DestroyUnit(BX, TANK))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (3, 0)
    assert state.borough(BX).units == ()


def test_a_tank_destroyed_with_seismic_ray_lets_you_buy_general_ellis() -> None:
    """rulings §12: the Tank/Jet condition counts "any means of destroying ... including Seismic
    Ray and Sharp Shooter" (components §1 #24)."""
    scenario = (
        seismic("DDDDCC", energy=9)
        .borough("bronx", units=["tank"])
        .market(["general-ellis", None, None])
    )
    state = play(scenario.build(), resolve("D"), k.DestroyUnit(BX, TANK))
    assert state.monsters[0].energy == 5
    state = play(state, k.StayPut())
    assert k.Buy(0) in k.legal_actions(state)


# -- Sharp Shooter ---------------------------------------------------------------------------------


def test_sharp_shooter_destroys_a_jet_elsewhere_at_no_extra_cost() -> None:
    """components §1 #48 / rulings §16: "You may destroy Jets in any borough at no extra cost;
    +1 VP per Jet destroyed" (a Jet pays 2 Energy)."""
    scenario = kong_in_queens("DDDCCH", ["sharp-shooter"]).borough("bronx", units=["jet"])
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyUnit(BX, JET), Pass())
    state = play(state, k.DestroyUnit(BX, JET))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 2)
    assert JET in state.turn.destroyed_units


def test_sharp_shooter_reaches_only_jets_elsewhere() -> None:
    """components §1 #48: only "Jets that are not in your borough" are reachable."""
    scenario = kong_in_queens("DDDDCC", ["sharp-shooter"], energy=10).borough(
        "bronx", stacks=["high-rise-1", None, None], units=["infantry", "jet", "tank"]
    )
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyUnit(BX, JET), Pass())


def test_sharp_shooter_scores_jets_in_the_owner_borough_too() -> None:
    """components §1 #48: "Gain 1 VP each time you destroy a Jet"; two Jets, 2 VP."""
    state = kong_in_queens("DDDDDD", ["sharp-shooter"], units=("jet", "jet")).build()
    assert state.borough(Q).units == ()
    assert (state.monsters[0].vp, state.monsters[0].energy) == (2, 4)


def test_sharp_shooter_with_long_neck_a_jet_elsewhere_needs_2() -> None:
    """components §1 #32 and #48 together: Long Neck's 2 applies to every Jet the owner
    destroys."""
    scenario = kong_in_queens("DDCCHH", ["sharp-shooter", "long-neck"]).borough(
        "bronx", units=["jet"]
    )
    state = play(scenario.build(), resolve("D"))
    assert k.legal_actions(state) == (k.DestroyUnit(BX, JET), Pass())


def test_sharp_shooter_with_seismic_ray_jets_elsewhere_stay_free() -> None:
    """rulings §16: Sharp Shooter's Jets cost no Energy, even for a Seismic Ray owner."""
    scenario = seismic("DDDCCH", energy=0, cards=("sharp-shooter",)).borough("bronx", units=["jet"])
    state = play(scenario.build(), resolve("D"), k.DestroyUnit(BX, JET))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 2)


def test_sharp_shooter_with_seismic_ray_buildings_elsewhere_stay_reachable() -> None:
    """components §1 #46 and #48: holding Sharp Shooter takes nothing away from Seismic Ray; a
    Building elsewhere is still a target for 1 Energy per point."""
    scenario = seismic("DDDCCH", energy=5, cards=("sharp-shooter",)).borough(
        "bronx", stacks=["high-rise-1", None, None], units=["jet"]
    )
    state = play(scenario.build(), resolve("D"))
    assert set(k.legal_actions(state)) == {
        k.DestroyBuilding(BX, 0),
        k.DestroyUnit(BX, JET),
        Pass(),
    }


# -- Hunter, Trophy Hunter, Leveler ----------------------------------------------------------------


def test_hunter_heals_1_per_infantry() -> None:
    """components §1 #27: "Heal 1 damage each time you destroy an Infantry"; each Infantry also
    heals its own 1 (components §3.2): 3 + 2 × (1 + 1) = 7."""
    state = kong_in_queens("DDDDCC", ["hunter"], units=("infantry", "infantry"), life=3).build()
    state = play(state, resolve("D"))
    assert state.monsters[0].life == 7


def test_hunter_works_in_manhattan() -> None:
    """rulings §16: "Heal 1 per Infantry you destroy; works in Manhattan" (seed 000 *Effects of
    Manhattan*: "you can always use cards to heal yourself")."""
    scenario = (
        kong_in_queens("DDCCEE", ["hunter"], life=5)
        .monster("kong", manhattan="lower")
        .monster("mantis", borough="queens")
        .borough("manhattan", stacks=EMPTY, hidden=0, units=["infantry"])
    )
    state = play(scenario.build(), resolve("D"))
    assert state.monsters[0].life == 7


@pytest.mark.parametrize("units", [("jet",), ("tank",)])
def test_hunter_ignores_other_units(units: tuple[str]) -> None:
    """components §1 #27: only Infantry heal."""
    state = kong_in_queens("DDDDCE", ["hunter"], units=units, life=5).build()
    state = play(state, resolve("D"))
    assert state.borough(Q).units == ()
    assert state.monsters[0].life == 5


def test_hunter_does_not_heal_above_the_maximum() -> None:
    """seed 000 *Card Clarifications*: "No cards permit you to have more than 10 Life Points"."""
    state = kong_in_queens("DDCCEE", ["hunter"], units=("infantry",), life=9).build()
    assert play(state, resolve("D")).monsters[0].life == 10


def test_trophy_hunter_scores_1_vp_per_unit() -> None:
    """components §1 #60: "Gain 1 VP each time you destroy a Unit"; Jet + Infantry: 2 VP, plus
    their rewards (2 Energy, 1 Life)."""
    state = kong_in_queens("DDDDDC", ["trophy-hunter"], units=("infantry", "jet"), life=5).build()
    state = play(state, resolve("D"), k.DestroyUnit(Q, JET))
    assert state.borough(Q).units == ()
    assert vp_energy_life(state) == (2, 2, 6)


def test_trophy_hunter_a_tank_gives_its_3_vp_and_1_more() -> None:
    """components §1 #60 and §3.2: Tank reward 3 VP + 1."""
    state = kong_in_queens("DDDDCC", ["trophy-hunter"], units=("tank",)).build()
    assert play(state, resolve("D")).monsters[0].vp == 4


def test_trophy_hunter_ignores_buildings() -> None:
    """components §1 #60: Units only; a High-Rise 1 gives its own 1 VP."""
    state = kong_in_queens("DCCEEE", ["trophy-hunter"], stacks=["high-rise-1", None, None]).build()
    assert play(state, resolve("D")).monsters[0].vp == 1


def test_leveler_scores_1_vp_for_a_building() -> None:
    """components §1 #31: "Gain 1 VP on each turn in which you destroy at least one Building"."""
    state = kong_in_queens("DCCEEE", ["leveler"], stacks=["high-rise-1", None, None]).build()
    assert play(state, resolve("D")).monsters[0].vp == 2


def test_leveler_scores_once_per_turn() -> None:
    """rulings §16: "+1 VP per turn in which you destroy at least 1 building": two High-Rise 1
    give 1 + 1 + 1."""
    stacks: list[str | None] = ["high-rise-1", "high-rise-1", None]
    state = kong_in_queens("DDCCEE", ["leveler"], stacks=stacks).build()
    state = play(state, resolve("D"), k.DestroyBuilding(Q, 0))
    assert state.borough(Q).stacks[1].top is None
    assert state.monsters[0].vp == 3


def test_leveler_ignores_units() -> None:
    """components §1 #31: Buildings only."""
    state = kong_in_queens("DDCCEE", ["leveler"], units=("infantry",)).build()
    assert play(state, resolve("D")).monsters[0].vp == 0


def test_leveler_scores_again_on_a_later_turn() -> None:
    """components §1 #31: "on each turn": Kong destroys a Building on its turn, Mantis plays,
    then Kong destroys another: 2 + 2 VP."""
    stacks: list[str | None] = ["high-rise-1", "high-rise-1", None]
    state = kong_in_queens("DCCEEE", ["leveler"], stacks=stacks).build()
    state = play(state, resolve("D"), k.DestroyBuilding(Q, 0), resolve("C"), k.StayPut())
    state = play(state, k.EndBuying())
    assert state.monsters[0].vp == 2
    # Mantis: earnings in Lower Manhattan, Heal dice (blocked there), advance, nothing to buy
    state = play(state, roll("HHHHHH"), k.StopRolling())
    assert state.turn.seat == 0
    state = play(state, roll("DCCEEE"), k.StopRolling(), resolve("D"))
    assert state.monsters[0].vp == 4


# -- Chinatown Regular -----------------------------------------------------------------------------


def mover(cards: list[str], *, manhattan_empty: bool, life: int = 10, energy: int = 0) -> Scenario:
    """Kong in the Bronx at its Move step; Mantis in Lower Manhattan unless Manhattan is empty
    (then in Staten Island)."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="bronx", cards=cards, life=life, energy=energy)
        .turn("kong", at="move")
    )
    if manhattan_empty:
        return scenario.monster("mantis", borough="staten-island")
    return scenario.monster("mantis", manhattan="lower")


def test_chinatown_regular_heals_2_on_entering_manhattan() -> None:
    """components §1 #11: "Heal 2 damage whenever you enter Manhattan"; rulings §16: "this works
    in Manhattan"."""
    state = mover(["chinatown-regular"], manhattan_empty=True, life=5).build()
    assert state.monsters[0].in_manhattan
    assert (state.monsters[0].life, state.monsters[0].vp) == (7, 1)


def test_chinatown_regular_ignores_other_boroughs() -> None:
    """components §1 #11: only Manhattan."""
    state = mover(["chinatown-regular"], manhattan_empty=False, life=5).build()
    state = play(state, k.MoveTo(BK))
    assert state.monsters[0].life == 5


def test_chinatown_regular_ignores_advancing_between_zones() -> None:
    """Trigger table / rulings §16: advancing a zone is not entering Manhattan."""
    scenario = mover(["chinatown-regular"], manhattan_empty=True, life=5)
    state = scenario.monster("kong", manhattan="lower").build()
    assert state.monsters[0].location == k.Location(M, k.Zone.MIDTOWN, k.Track.MAIN)
    assert state.monsters[0].life == 5


# -- I ♥ NY Tourist --------------------------------------------------------------------------------

TOURIST = "i-love-ny-tourist"


def souvenirs(state: k.GameState) -> set[k.Borough]:
    return {b for b in k.Borough if "souvenir" in state.borough(b).markers}


def tourist_buyer() -> Scenario:
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=6)
        .monster("mantis", manhattan="lower")
        .market([TOURIST, None, None])
        .turn("kong", at="buy")
    )


def test_tourist_bought_puts_a_souvenir_in_the_owner_borough() -> None:
    """components §1 #28: "Place a Souvenir token in your current borough ... Each time you place
    one, gain 1 VP and 1 Energy" (6 Energy − cost 6 + 1)."""
    state = play(tourist_buyer().build(), k.Buy(0))
    assert souvenirs(state) == {Q}
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 1)


def test_tourist_bought_where_a_souvenir_lies_gives_nothing() -> None:
    """rulings §16: "place a Souvenir in your current borough if it has none"."""
    state = add_marker(tourist_buyer().build(), Q, "souvenir")
    state = play(state, k.Buy(0))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (0, 0)


def test_tourist_entering_manhattan_places_one() -> None:
    """rulings §16: "Entering includes entering Manhattan" (+1 VP for entering, rulings C1)."""
    state = mover([TOURIST], manhattan_empty=True).build()
    assert souvenirs(state) == {M}
    assert (state.monsters[0].vp, state.monsters[0].energy) == (2, 1)


def test_tourist_moving_to_a_borough_places_one() -> None:
    """components §1 #28: "one in each borough you enter that has none yet"."""
    state = play(mover([TOURIST], manhattan_empty=False).build(), k.MoveTo(BK))
    assert souvenirs(state) == {BK}
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 1)


def test_tourist_entering_a_borough_with_a_souvenir_gives_nothing() -> None:
    """components §1 #28 / rulings §15: one Souvenir per borough."""
    state = add_marker(mover([TOURIST], manhattan_empty=False).build(), BK, "souvenir")
    state = play(state, k.MoveTo(BK))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (0, 0)


def test_tourist_fleeing_places_one() -> None:
    """rulings §16: "Entering includes ... fleeing into a borough"."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower", cards=[TOURIST])
        .turn("kong", dice="ACCEEH")
    )
    state = play(scenario.build(), resolve("A"))
    assert state.next_step == ChooseFlee(1, attacker=0)
    state = play(state, k.Flee(SI))
    assert souvenirs(state) == {SI}
    assert (state.monsters[1].vp, state.monsters[1].energy) == (1, 1)


def test_tourist_leaving_the_5_6_space_places_one() -> None:
    """seed 000 *Advanced Rule*: the 5–6 monster "moves out of Manhattan to the borough of his
    choice"; that is entering a borough (rulings §16 DEFAULT)."""
    scenario = (
        Scenario(["kong", "mantis", "rob", "sheriff", "drakonis"])
        .monster("kong", borough="queens", life=1)
        .monster("mantis", manhattan="upper")
        .monster("rob", manhattan="midtown", track="5-6", cards=[TOURIST])
        .monster("sheriff", borough="staten-island")
        .monster("drakonis", borough="queens")
        .turn("mantis", dice="AACCEE")
    )
    state = play(scenario.build(), resolve("A"))
    assert state.next_step == LeaveManhattan(2)
    state = play(state, k.MoveTo(BX))
    assert souvenirs(state) == {BX}
    assert (state.monsters[2].vp, state.monsters[2].energy) == (1, 1)


def test_tourist_advancing_a_zone_places_none() -> None:
    """rulings §16 DEFAULT: "not advancing between Manhattan zones"."""
    state = mover([TOURIST], manhattan_empty=True).monster("kong", manhattan="lower").build()
    assert state.monsters[0].location == k.Location(M, k.Zone.MIDTOWN, k.Track.MAIN)
    assert souvenirs(state) == set()
    assert state.monsters[0].vp == 0


def test_tourist_souvenirs_stay_when_the_card_leaves_play() -> None:
    """rulings D26: "They stay on the board" (the owner is eliminated, its cards discarded)."""
    scenario = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower", cards=[TOURIST], life=1)
        .turn("kong", dice="ACCEEH")
    )
    state = add_marker(add_marker(scenario.build(), M, "souvenir"), Q, "souvenir")
    state = play(state, resolve("A"))
    assert state.monsters[1].eliminated
    assert "base:i-love-ny-tourist" in state.discard
    assert souvenirs(state) == {M, Q}


# -- Stink Attack ----------------------------------------------------------------------------------


def sends(unit: str, *boroughs: str) -> tuple[str, ...]:
    return tuple(f"send:{unit}:{b}" for b in boroughs)


def stinker(units: list[str], fresh: list[str] | None = None) -> Scenario:
    """Kong in the Bronx with Stink Attack at its Move step; Mantis in Lower Manhattan; Queens
    holds ``units``. Kong's 2 Energy make its Buy step wait for a decision, so the turn (and the
    protection of fresh units) does not end by itself."""
    return (
        mover(["stink-attack"], manhattan_empty=False, energy=2)
        .borough("queens", units=units, fresh_units=fresh or [])
        .borough("bronx", units=[])
    )


def test_stink_attack_asks_about_each_unit_of_the_borough_entered() -> None:
    """components §1 #49: "you may disperse up to 4 Units from the borough you move into"; rulings
    D27: "units may go to any borough except the destination, including Manhattan"."""
    state = play(stinker(["infantry", "jet", "tank"]).build(), k.MoveTo(Q))
    ask = question(state)
    others = ("manhattan", "bronx", "brooklyn", "staten-island")
    assert (ask.seat, ask.card) == (0, STINK)
    assert ask.options == (
        *sends("infantry", *others),
        *sends("jet", *others),
        *sends("tank", *others),
        "done",
    )


def test_stink_attack_sends_each_unit_to_a_different_borough() -> None:
    """components §1 #49: "each dispersed Unit must go to a different borough"."""
    state = play(stinker(["infantry", "jet", "tank"]).build(), k.MoveTo(Q))
    state = play(state, UseCard(STINK, "send:infantry:bronx"))
    assert question(state).options == (
        *sends("jet", "manhattan", "brooklyn", "staten-island"),
        *sends("tank", "manhattan", "brooklyn", "staten-island"),
        "done",
    )
    state = play(state, UseCard(STINK, "send:jet:manhattan"), UseCard(STINK, "done"))
    assert state.borough(Q).units == (TANK,)
    assert state.borough(BX).units == (INF,)
    assert state.borough(M).units == (JET,)
    assert state.monsters[0].location == k.Location(Q)


def test_stink_attack_sends_at_most_4() -> None:
    """components §1 #49: "up to 4 Units"; with one borough per Unit the fifth stays."""
    state = play(stinker(["infantry", "infantry", "jet", "jet", "tank"]).build(), k.MoveTo(Q))
    state = play(
        state,
        UseCard(STINK, "send:infantry:manhattan"),
        UseCard(STINK, "send:infantry:bronx"),
        UseCard(STINK, "send:jet:brooklyn"),
        UseCard(STINK, "send:tank:staten-island"),
    )
    assert not isinstance(state.next_step, CardChoice)
    assert state.borough(Q).units == (JET,)
    assert [state.borough(b).units for b in (M, BX, BK, SI)] == [(INF,), (INF,), (JET,), (TANK,)]


def test_stink_attack_units_keep_their_protection() -> None:
    """rulings §16 / D27: "Units keep their 'revealed this turn' protection when moved"; the
    owner says which kind of Jet goes (DEFAULT)."""
    state = play(stinker(["jet"], fresh=["jet"]).build(), k.MoveTo(Q))
    others = ("manhattan", "bronx", "brooklyn", "staten-island")
    assert question(state).options == (
        *sends("jet", *others),
        *(f"{o}:fresh" for o in sends("jet", *others)),
        "done",
    )
    state = play(state, UseCard(STINK, "send:jet:bronx:fresh"), UseCard(STINK, "done"))
    assert (state.borough(BX).units, state.borough(BX).fresh_units) == ((), (JET,))
    assert (state.borough(Q).units, state.borough(Q).fresh_units) == ((JET,), ())


def test_stink_attack_done_at_once_moves_nothing() -> None:
    """components §1 #49: "you may"."""
    state = play(stinker(["infantry"]).build(), k.MoveTo(Q), UseCard(STINK, "done"))
    assert state.borough(Q).units == (INF,)


def test_stink_attack_no_units_no_question() -> None:
    """components §1 #49: nothing to disperse, nothing to ask."""
    state = play(stinker(["infantry"]).build(), k.MoveTo(BK))
    assert not isinstance(state.next_step, CardChoice)


def test_stink_attack_on_entering_manhattan() -> None:
    """rulings D27: "Any move into a new borough triggers it", the obligatory entry included."""
    scenario = mover(["stink-attack"], manhattan_empty=True).borough("manhattan", units=["tank"])
    state = scenario.build()
    assert question(state).options == (
        *sends("tank", "bronx", "queens", "brooklyn", "staten-island"),
        "done",
    )
    state = play(state, UseCard(STINK, "send:tank:queens"))
    assert (state.borough(M).units, state.borough(Q).units) == ((), (TANK,))


def test_stink_attack_on_fleeing() -> None:
    """rulings §16 DEFAULT: "voluntary, obligatory or fleeing"; the Jet is chased into the
    attacker's borough."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower", cards=["stink-attack"])
        .borough("brooklyn", units=["jet"])
        .borough("queens", units=[])
        .turn("kong", dice="ACCEEH")
    )
    state = play(scenario.build(), resolve("A"), k.Flee(BK))
    assert question(state).seat == 1
    state = play(state, UseCard(STINK, "send:jet:queens"))
    assert state.borough(Q).units == (JET,)
    assert isinstance(state.next_step, ChooseFace)


def test_stink_attack_cannot_send_a_unit_back_to_the_destination() -> None:
    """rulings D27: "any borough except the destination"; a refused answer changes nothing."""
    state = play(stinker(["infantry"]).build(), k.MoveTo(Q))
    with pytest.raises(
        k.IllegalActionError,
        match=(
            r"^use base:stink-attack send:infantry:queens is not legal for seat 0 at card-choice; "
        ),
    ):
        k.apply(state, UseCard(STINK, "send:infantry:queens"))
    assert state.borough(Q).units == (INF,)


def test_stink_attack_a_stale_answer_raises_a_typed_error() -> None:
    """Bad input raises :class:`~kingofny.IllegalActionError`: a Unit that is no longer there
    cannot be sent (the effect is called directly, past the engine's own check)."""
    state = play(stinker(["infantry"]).build(), k.MoveTo(Q))
    step = question(state)
    effect = registry.effect(STINK)
    assert effect is not None
    with pytest.raises(k.IllegalActionError, match=r"^Stink Attack cannot 'send:jet:bronx' now$"):
        effect.choose(state, step, "send:jet:bronx")
    with pytest.raises(k.IllegalActionError, match=r"^Stink Attack question with bad data \(\)$"):
        effect.choose(state, CardChoice(0, STINK, step.options, ()), "send:infantry:bronx")


# -- King of Queens, Regeneration ------------------------------------------------------------------


def starter(cards: list[str], *, where: str = "queens", life: int = 7) -> Scenario:
    """Kong's turn starts; Kong holds ``cards``; Mantis in Staten Island."""
    scenario = Scenario(["kong", "mantis"]).monster("mantis", borough="staten-island")
    if where == "manhattan":
        scenario = scenario.monster("kong", manhattan="lower", cards=cards, life=life)
    else:
        scenario = scenario.monster("kong", borough=where, cards=cards, life=life)
    return scenario.turn("kong", at="start")


def test_king_of_queens_gives_1_energy_and_heals_1_in_queens() -> None:
    """components §1 #30: "If you start your turn in Queens, gain 1 Energy and heal 1"."""
    state = starter(["king-of-queens"]).build()
    assert vp_energy_life(state) == (0, 1, 8)


def test_king_of_queens_does_nothing_elsewhere() -> None:
    """components §1 #30: only in Queens."""
    state = starter(["king-of-queens"], where="bronx").build()
    assert vp_energy_life(state) == (0, 0, 7)


def test_king_of_queens_at_full_life_still_gives_energy() -> None:
    """components §1 #30 with seed 000 *Card Clarifications* (10 Life at most)."""
    state = starter(["king-of-queens"], life=10).build()
    assert vp_energy_life(state) == (0, 1, 10)


def test_king_of_queens_only_on_the_owner_turn() -> None:
    """components §1 #30: "your turn"."""
    scenario = starter([]).monster("mantis", borough="queens", cards=["king-of-queens"], life=7)
    state = scenario.monster("kong", borough="bronx").build()
    assert vp_energy_life(state, 1) == (0, 0, 7)


def test_regeneration_heals_1_at_the_start_of_the_turn() -> None:
    """components §1 #44: "Heal 1 damage at the start of your turn"."""
    assert starter(["regeneration"], where="bronx").build().monsters[0].life == 8


def test_regeneration_works_in_manhattan() -> None:
    """rulings §16: "Heal 1 at the start of your turn; works in Manhattan" (Lower Manhattan
    earnings: +1 VP, +1 Energy)."""
    state = starter(["regeneration"], where="manhattan").build()
    assert vp_energy_life(state) == (1, 1, 8)


def test_regeneration_only_on_the_owner_turn() -> None:
    """components §1 #44: "your turn"."""
    state = starter([]).monster("mantis", cards=["regeneration"], life=7).build()
    assert state.monsters[1].life == 7


# -- Diva, Violent Star ----------------------------------------------------------------------------


def celebrity(
    dice: str, *, mantis: Sequence[str], kong: Sequence[str] = (), holder: str | None
) -> Scenario:
    """Kong in Queens resolves ``dice``; Mantis in Lower Manhattan holds ``mantis`` cards;
    ``holder`` holds Superstar."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", cards=list(kong))
        .monster("mantis", manhattan="lower", cards=list(mantis))
        .monster("rob", borough="bronx")
        .goals(superstar=holder)
        .turn("kong", dice=dice)
    )


def test_diva_3_celebrity_do_not_take_superstar_from_the_owner() -> None:
    """components §1 #16: "Other Monsters need 4 Celebrity (not 3) to take Superstar from you"."""
    state = play(celebrity("CCCEEH", mantis=["diva"], holder="mantis").build(), resolve("C"))
    assert state.superstar == 1
    assert state.monsters[0].vp == 0


def test_diva_4_celebrity_take_it_for_2_vp() -> None:
    """rulings D8: "VP for taking Superstar against Diva: 1 + (Celebrity − 3)"."""
    state = play(celebrity("CCCCEH", mantis=["diva"], holder="mantis").build(), resolve("C"))
    assert state.superstar == 0
    assert state.monsters[0].vp == 2


@pytest.mark.parametrize("holder", [None, "rob"])
def test_diva_protects_only_a_superstar_the_owner_holds(holder: str | None) -> None:
    """components §1 #16: "to take Superstar from you"; from the supply or another holder 3 are
    enough."""
    state = play(celebrity("CCCEEH", mantis=["diva"], holder=holder).build(), resolve("C"))
    assert state.superstar == 0


def test_violent_star_taking_superstar_deals_2_damage_to_the_loser() -> None:
    """components §1 #62: "When you take Superstar from a Monster, deal 2 damage to it"."""
    state = celebrity("CCCEEH", mantis=[], kong=["violent-star"], holder="mantis").build()
    state = play(state, resolve("C"))
    assert [m.life for m in state.monsters] == [10, 8, 10]
    assert state.turn.damage_dealt[1] == 2  # dealt by the owner (rulings D16, Photo Op)


def test_violent_star_damage_is_not_an_attack() -> None:
    """rulings §16: "Its damage is not an attack", so the Manhattan monster may not flee (seed 000
    *Glossary: Flee*)."""
    state = celebrity("CCCEEE", mantis=[], kong=["violent-star"], holder="mantis").build()
    state = play(state, resolve("C"))
    assert state.monsters[1].life == 8
    assert isinstance(state.next_step, ChooseMove)


def test_violent_star_a_monster_taking_it_from_the_owner_takes_1() -> None:
    """components §1 #62: "When a Monster takes Superstar from you, deal 1 damage to it"."""
    state = play(
        celebrity("CCCEEH", mantis=["violent-star"], holder="mantis").build(), resolve("C")
    )
    assert state.superstar == 0
    assert [m.life for m in state.monsters] == [9, 10, 10]


def test_violent_star_from_the_supply_deals_nothing() -> None:
    """rulings §10: "Taking it from the supply triggers no Violent Star damage"."""
    state = celebrity("CCCEEH", mantis=[], kong=["violent-star"], holder=None).build()
    state = play(state, resolve("C"))
    assert [m.life for m in state.monsters] == [10, 10, 10]


def test_violent_star_can_eliminate_the_taker() -> None:
    """components §1 #62 with rulings §10 *Elimination*: the taker at 1 Life dies and Superstar
    returns to the supply; its turn ends (rulings C3)."""
    scenario = celebrity("CCCEEH", mantis=["violent-star"], holder="mantis").monster("kong", life=1)
    state = play(scenario.build(), resolve("C"))
    assert state.monsters[0].eliminated
    assert state.superstar is None
    assert state.turn.seat == 1


def test_diva_with_violent_star_3_celebrity_take_nothing_and_hurt_nobody() -> None:
    """rulings §10 / D8: Diva raises the threshold, so no transfer and no Violent Star."""
    scenario = celebrity("CCCEEH", mantis=["diva", "violent-star"], holder="mantis")
    state = play(scenario.build(), resolve("C"))
    assert state.superstar == 1
    assert [m.life for m in state.monsters] == [10, 10, 10]


def test_diva_with_violent_star_4_celebrity_take_it_for_2_vp_and_1_damage() -> None:
    """rulings §10 / D8: the taker scores 1 + (4 − 3) and Violent Star deals it 1 damage."""
    scenario = celebrity("CCCCEH", mantis=["diva", "violent-star"], holder="mantis")
    state = play(scenario.build(), resolve("C"))
    assert state.superstar == 0
    assert (state.monsters[0].vp, state.monsters[0].life) == (2, 9)


def test_violent_star_taker_hurts_a_diva_owner() -> None:
    """rulings §10: a Violent Star owner taking Superstar from a Diva owner with 4 Celebrity
    deals it 2 damage."""
    scenario = celebrity("CCCCEH", mantis=["diva"], kong=["violent-star"], holder="mantis")
    state = play(scenario.build(), resolve("C"))
    assert [m.life for m in state.monsters] == [10, 8, 10]


# -- Broadway Star, Ego Trip -----------------------------------------------------------------------

BONUS = [("broadway-star", "vp"), ("ego-trip", "energy")]


@pytest.mark.parametrize(("card", "field"), BONUS)
def test_superstar_bonus_on_taking_superstar(card: str, field: str) -> None:
    """components §1 #4 / #19: "+1 VP (Broadway Star) or +1 E (Ego Trip) when you take
    Superstar" (3 Celebrity: 1 VP for taking it)."""
    state = play(celebrity("CCCHHH", mantis=[], kong=[card], holder="mantis").build(), resolve("C"))
    m = state.monsters[0]
    assert (m.vp, m.energy) == ((2, 0) if field == "vp" else (1, 1))


@pytest.mark.parametrize(("card", "field"), BONUS)
def test_superstar_bonus_not_when_the_holder_rolls_celebrity(card: str, field: str) -> None:
    """rulings §10: "The 'take' formula does not apply to a card you already have": 3 Celebrity
    give the holder 3 VP and nothing else."""
    state = play(celebrity("CCCHHH", mantis=[], kong=[card], holder="kong").build(), resolve("C"))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (3, 0)


@pytest.mark.parametrize(("card", "field"), BONUS)
@pytest.mark.parametrize("holds", [True, False])
def test_superstar_bonus_at_the_start_of_each_turn(card: str, field: str, holds: bool) -> None:
    """components §1 #4 / #19: "at the start of each of your turns while you hold Superstar"."""
    state = starter([card], where="bronx").goals(superstar="kong" if holds else None).build()
    assert getattr(state.monsters[0], field) == (1 if holds else 0)


# -- Power Tap -------------------------------------------------------------------------------------


def tapped(dice: str, stacks: list[str | None] | None = None) -> Scenario:
    """Kong in Queens resolves ``dice``; Mantis (Lower Manhattan) holds Power Tap."""
    return kong_in_queens(dice, [], stacks=stacks).monster("mantis", cards=["power-tap"])


def test_power_tap_a_monster_gaining_3_pays_the_owner_1() -> None:
    """components §1 #43: "Whenever a Monster gains 3 or more Energy in one turn, it must pay you
    1 Energy"."""
    state = play(tapped("EEECCH").build(), resolve("E"))
    assert (state.monsters[0].energy, state.monsters[1].energy) == (2, 1)


def test_power_tap_2_energy_pay_nothing() -> None:
    """components §1 #43: 3 or more."""
    state = play(tapped("EECCCH").build(), resolve("E"))
    assert (state.monsters[0].energy, state.monsters[1].energy) == (2, 0)


def test_power_tap_counts_every_gain_of_the_turn() -> None:
    """rulings D17: "when that turn's gains first reach 3": Upper Manhattan earnings (2) then
    one Energy die."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="upper")
        .monster("mantis", borough="bronx", cards=["power-tap"])
        .turn("kong", at="start")
    )
    state = play(scenario.build(), roll("EHHHCC"), k.StopRolling())
    assert (state.monsters[0].energy, state.monsters[1].energy) == (2, 0)
    state = play(state, resolve("E"))
    assert (state.monsters[0].energy, state.monsters[1].energy) == (2, 1)


def test_power_tap_once_per_monster_per_turn() -> None:
    """rulings D17: "Once per monster per turn": 3 Energy dice, then a Power Plant 3."""
    state = tapped("EEEDDD", stacks=["power-plant-3", None, None]).build()
    state = play(state, resolve("E"))  # the Destruction, the last type left, resolves at once
    assert state.borough(Q).stacks[0].top is None
    assert (state.monsters[0].energy, state.monsters[1].energy) == (5, 1)


def test_power_tap_never_taxes_its_owner() -> None:
    """rulings §16 / D17: "It never applies to the owner"."""
    state = kong_in_queens("EEECCH", ["power-tap"]).build()
    state = play(state, resolve("E"))
    assert (state.monsters[0].energy, state.monsters[1].energy) == (3, 0)


# -- Scavenger -------------------------------------------------------------------------------------


def scavenger(energy: int, discard: list[str]) -> Scenario:
    """Kong in Queens with Scavenger at its Buy step; the discard pile is ``discard``."""
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", cards=["scavenger"], energy=energy)
        .monster("mantis", manhattan="lower")
        .discard(discard)
        .turn("kong", at="buy")
    )


def scavenger_options(state: k.GameState) -> set[str]:
    return {
        a.option for a in k.legal_actions(state) if isinstance(a, UseCard) and a.card == SCAVENGER
    }


def test_scavenger_offers_affordable_keep_cards_for_1_less() -> None:
    """components §1 #45: "buy KEEP cards from the discard pile, paying 1 Energy less"; Stomp
    costs 4 → 3; Power Substation is a DISCARD card; Extra Head costs 7 → 6."""
    state = scavenger(3, ["stomp", "power-substation", "extra-head"]).build()
    assert scavenger_options(state) == {"buy:card:base:stomp"}


def test_scavenger_buys_from_the_discard_pile_and_keeps_shopping() -> None:
    """components §1 #45; seed 000 *Buy Cards*: "as many times as you want": Can Opener 4 → 3,
    then Long Neck 3 → 2, from 5 Energy."""
    state = scavenger(5, ["can-opener", "long-neck"]).build()
    state = play(state, UseCard(SCAVENGER, "buy:card:base:can-opener"))
    assert state.monsters[0].cards == ("base:scavenger", "base:can-opener")
    assert state.monsters[0].energy == 2
    assert "base:can-opener" not in state.discard
    assert scavenger_options(state) == {"buy:card:base:long-neck"}
    state = play(state, UseCard(SCAVENGER, "buy:card:base:long-neck"))
    assert state.monsters[0].cards[-1] == "base:long-neck"
    assert state.monsters[0].energy == 0


def test_scavenger_price_never_goes_below_0() -> None:
    """rulings §16 DEFAULT: "minimum cost 0": Overload costs 0 (components §1 #37)."""
    assert scavenger_options(scavenger(0, ["overload"]).build()) == {"buy:card:base:overload"}


def test_scavenger_buying_counts_as_buying() -> None:
    """rulings §12: "Buying this way counts as buying": I ♥ NY Tourist (6 → 5) places its
    Souvenir."""
    state = play(
        scavenger(5, [TOURIST]).build(), UseCard(SCAVENGER, "buy:card:base:i-love-ny-tourist")
    )
    assert souvenirs(state) == {Q}
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 1)


def test_scavenged_tourist_finds_the_old_souvenir() -> None:
    """rulings D26: Souvenirs stay on the board, so a later owner scores nothing there."""
    state = add_marker(scavenger(5, [TOURIST]).build(), Q, "souvenir")
    state = play(state, UseCard(SCAVENGER, "buy:card:base:i-love-ny-tourist"))
    assert (state.monsters[0].vp, state.monsters[0].energy) == (0, 0)


def test_scavenger_only_in_the_owner_buy_step() -> None:
    """rulings §12 / §16 DEFAULT: "only in your Buy step"."""
    state = kong_in_queens("CCEEHH", ["scavenger"], energy=5).discard(["stomp"]).build()
    assert scavenger_options(state) == set()
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:scavenger buy:card:base:stomp is not offered to seat 0 now$",
    ):
        k.apply(state, UseCard(SCAVENGER, "buy:card:base:stomp"))


def test_scavenger_refuses_a_card_it_does_not_offer() -> None:
    """components §1 #45: KEEP cards only; the refused action changes nothing."""
    state = scavenger(9, ["power-substation"]).build()
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:scavenger buy:card:base:power-substation is not offered to seat 0 now$",
    ):
        k.apply(state, UseCard(SCAVENGER, "buy:card:base:power-substation"))
    assert state.monsters[0].energy == 9
