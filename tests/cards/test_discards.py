"""The 'discards' group: DISCARD cards that act once, when bought (components §1; rulings §12,
§16, D4, D16, D21, D30; seed 000 *Card Description*, *Card Clarifications*, *Glossary*).

Every card enters play through a real Buy action from the market. The buyer is Kong (seat 0)
unless a test says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import kingofny as k
from kingofny.content.base.effects import discards
from kingofny.effects import CONTENT_API_VERSION, CardKind, CardSpec, ContentPack, Effect, Source
from kingofny.model.actions import UseCard
from kingofny.model.state import GameState
from kingofny.model.steps import ChooseFlee, RevealCard, Shop
from kingofny.testing import Scenario, card, play

FILLER = ["fireball", "hunter"]
"""Two KEEP cards filling the other market slots (no effect on buying)."""
REVEALED = "overload"
"""The card revealed to replace a bought one: it costs 0, so the Buy step stays open (the
engine ends a Buy step by itself when ending it is the only legal action)."""
SPY_CARD = "spy:card"
"""A KEEP card of the test's own pack (:data:`SPY_PACK`) whose effect is a :class:`Spy`."""


def shop(
    name: str,
    energy: int,
    *,
    where: str = "queens",
    life: int = 10,
    vp: int = 0,
    destroyed: tuple[str, ...] = (),
) -> Scenario:
    """Kong (0) at its Buy step in ``where`` with ``name`` in market slot 0; Mantis (1) in
    Manhattan (in Brooklyn when Kong is in Manhattan); Rob (2) in Staten Island."""
    scenario = (
        Scenario(["kong", "mantis", "rob"], packs=PACKS)
        .monster("kong", life=life, vp=vp, energy=energy)
        .monster("rob", borough="staten-island")
        .market([name, *FILLER])
        .turn("kong", at="buy", destroyed=destroyed)
    )
    if where == "manhattan":
        return scenario.monster("kong", manhattan="lower").monster("mantis", borough="brooklyn")
    return scenario.monster("kong", borough=where).monster("mantis", manhattan="lower")


def buy(state: GameState, slot: int = 0) -> GameState:
    """Buy the card in ``slot`` and reveal its replacement (if the game goes on)."""
    state = play(state, k.Buy(slot))
    if state.next_step == RevealCard(slot):
        state = play(state, card(REVEALED))
    return state


def lives(state: GameState) -> list[int]:
    """Every seat's Life."""
    return [m.life for m in state.monsters]


def energies(state: GameState) -> list[int]:
    """Every seat's Energy."""
    return [m.energy for m in state.monsters]


class Spy(Effect):
    """Records the hooks the discards' effects must go through (a test double)."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []

    def energy_gain(self, state: GameState, owner: int, seat: int, amount: int, dice: bool) -> int:
        """Record every Energy gain (ENERGY_GAIN sees all monsters' gains)."""
        self.calls.append(("energy_gain", seat, amount, dice))
        return amount

    def damage_taken(self, state: GameState, owner: int, amount: int, source: Source) -> int:
        """Record the damage the spy's holder takes and its source."""
        self.calls.append(("damage_taken", owner, amount, source))
        return amount

    def after_damage_dealt(
        self, state: GameState, owner: int, damage: Mapping[int, int]
    ) -> GameState:
        """Record damage the spy's holder dealt outside attacks."""
        self.calls.append(("damage_dealt", owner, dict(damage)))
        return state

    def after_attacked(self, state: GameState, owner: int, attacker: int, amount: int) -> GameState:
        """Record attacks on the spy's holder (there must be none)."""
        self.calls.append(("attacked", owner, attacker, amount))
        return state

    def on_ouch_rolled(self, state: GameState, owner: int, count: int) -> GameState:
        """Record Ouch resolutions (there must be none)."""
        self.calls.append(("ouch", owner, count))
        return state

    def of(self, kind: str) -> list[tuple[object, ...]]:
        """The recorded calls of one hook."""
        return [c for c in self.calls if c[0] == kind]


SPY = Spy()
"""The effect of :data:`SPY_CARD` (its record is cleared for each test by the ``spy``
fixture)."""
SPY_PACK = ContentPack(
    name="spy",
    version="1",
    api_version=CONTENT_API_VERSION,
    cards=(CardSpec(SPY_CARD, "Spy", 0, CardKind.KEEP, "Records the hooks it sees."),),
    effects={SPY_CARD: SPY},
)
"""A pack played next to the base game in every scenario of this file, as a manifest: nothing
installed or patched."""
PACKS: tuple[str | ContentPack, ...] = ("base", SPY_PACK)
"""The packs of every scenario here."""


@pytest.fixture
def spy() -> Spy:
    """The :class:`Spy` of :data:`SPY_CARD`, with nothing recorded yet."""
    SPY.calls.clear()
    return SPY


# -- fixed rewards ---------------------------------------------------------------------------------

REWARDS = [
    # card, cost, a borough without discount, VP, Energy, heal
    ("brooklyn-bridge", 6, "queens", 4, 0, 0),
    ("central-park", 5, "queens", 2, 0, 2),
    ("coney-island", 4, "queens", 3, 0, 0),
    ("flatiron-building", 3, "queens", 2, 0, 0),
    ("the-unisphere", 5, "bronx", 4, 0, 0),
    ("yankee-stadium", 9, "queens", 5, 0, 5),
    ("drink-the-hudson", 12, "queens", 1, 13, 2),
]


@pytest.mark.parametrize(("name", "cost", "where", "vp", "energy", "healing"), REWARDS)
def test_each_card_gives_its_printed_vp_energy_and_healing(
    name: str, cost: int, where: str, vp: int, energy: int, healing: int
) -> None:
    """components §1 #5, #9, #14, #18, #22, #57, #64 (Brooklyn Bridge +4 VP; Central Park +2 VP,
    heal 2; Coney Island +3 VP; Drink the Hudson +13 Energy, +1 VP, heal 2; Flatiron +2 VP; The
    Unisphere +4 VP; Yankee Stadium +5 VP, heal 5); seed 000 *Card Clarifications*: "a number
    followed by a Victory Point star ... the number of Victory Points you earn by buying it"."""
    state = shop(name, cost, where=where, life=2, vp=3).build()
    state = buy(state)
    me = state.monsters[0]
    assert (me.vp, me.energy, me.life) == (3 + vp, energy, 2 + healing)
    assert state.next_step == Shop(0)


@pytest.mark.parametrize("name", [r[0] for r in REWARDS])
def test_a_bought_discard_card_goes_to_the_discard_pile(name: str) -> None:
    """seed 000 *Card Description*: "DISCARD: Resolve these cards' effects immediately, then
    discard the card"; the other monsters gain nothing."""
    cost = next(r[1] for r in REWARDS if r[0] == name)
    state = buy(shop(name, cost, where="queens" if name != "the-unisphere" else "bronx").build())
    assert state.monsters[0].cards == ()
    assert f"base:{name}" in state.discard
    assert [(m.vp, m.energy, m.life) for m in state.monsters[1:]] == [(0, 0, 10), (0, 0, 10)]


def test_the_vp_star_of_brooklyn_bridge_is_earned_by_buying_it() -> None:
    """seed 000 *Card Clarifications* (the VP star); components §1 #5: Brooklyn Bridge +4 VP. The
    same position as tests/rules/test_buying_market.py's xfail test."""
    state = play(shop("brooklyn-bridge", 6).build(), k.Buy(0))
    assert state.monsters[0].vp == 4
    assert state.monsters[0].energy == 0


def test_healing_stops_at_10() -> None:
    """seed 000 *Card Clarifications*: "No cards permit you to have more than 10 Life Points
    unless they explicitly say that you can exceed 10"; Yankee Stadium heals 5 (components §1
    #64)."""
    state = buy(shop("yankee-stadium", 9, life=8).build())
    assert state.monsters[0].life == 10
    assert state.monsters[0].vp == 5


@pytest.mark.parametrize(
    ("name", "cost", "healing"), [("central-park", 5, 2), ("drink-the-hudson", 12, 2)]
)
def test_card_healing_works_in_manhattan(name: str, cost: int, healing: int) -> None:
    """seed 000 *Effects of Manhattan*: "you can always use cards to heal yourself"; components
    §1 #9, #18 (the discounted price in Manhattan: 1 less)."""
    state = buy(shop(name, cost - 1, where="manhattan", life=5).build())
    assert state.monsters[0].life == 5 + healing


def test_healing_can_reach_a_raised_maximum() -> None:
    """rulings §16 Carapace: maximum Life 12 while owned; Yankee Stadium heals 5 (components §1
    #64), capped at the holder's maximum, not at 10."""
    state = shop("yankee-stadium", 9, life=6).monster("kong", cards=["carapace"]).build()
    state = buy(state)
    assert state.monsters[0].life == 11


def test_drink_the_hudson_energy_is_an_ordinary_energy_gain(spy: Spy) -> None:
    """components §1 #18 (+13 Energy); effects/api.py ENERGY_GAIN: card Energy goes through the
    Energy-gain effects (Power Tap, rulings D17), not as dice Energy."""
    state = shop("drink-the-hudson", 12).monster("rob", cards=[SPY_CARD]).build()
    state = buy(state)
    assert spy.of("energy_gain") == [("energy_gain", 0, 13, False)]
    assert state.turn.energy_gained[0] == 13


# -- borough discounts -----------------------------------------------------------------------------

DISCOUNTS = [
    # card, cost, the discount boroughs, a borough at full price
    ("brooklyn-bridge", 6, ("brooklyn",), "queens"),
    ("central-park", 5, ("manhattan",), "brooklyn"),
    ("coney-island", 4, ("brooklyn",), "bronx"),
    ("flatiron-building", 3, ("manhattan",), "queens"),
    ("the-unisphere", 5, ("queens",), "brooklyn"),
    ("yankee-stadium", 9, ("bronx",), "queens"),
    ("holland-tunnel", 9, ("manhattan",), "staten-island"),
    ("drink-the-hudson", 12, ("manhattan", "brooklyn", "staten-island"), "queens"),
]


@pytest.mark.parametrize(
    ("name", "cost", "where"),
    [(name, cost, where) for name, cost, boroughs, _ in DISCOUNTS for where in boroughs],
)
def test_a_borough_card_costs_1_energy_less_in_its_borough(
    name: str, cost: int, where: str
) -> None:
    """seed 000 *Card Clarifications*: "Certain Discard cards are linked to a borough, and they
    cost 1 Energy less if you are in the right borough when you buy them"; components §1 (the
    boroughs; Drink the Hudson: Manhattan, Brooklyn or Staten Island); rulings §12."""
    state = shop(name, cost - 1, where=where).build()
    assert k.Buy(0) in k.legal_actions(state)
    state = play(state, k.Buy(0))
    assert state.monsters[0].energy == (13 if name == "drink-the-hudson" else 0) + (
        3 if name == "holland-tunnel" else 0
    )


@pytest.mark.parametrize(("name", "cost", "where"), [(n, c, w) for n, c, _, w in DISCOUNTS])
def test_outside_its_borough_a_card_costs_its_full_price(name: str, cost: int, where: str) -> None:
    """seed 000 *Card Clarifications*: the discount needs "the right borough"; components §1."""
    state = shop(name, cost - 1, where=where).build()
    assert k.Buy(0) not in k.legal_actions(state)
    with pytest.raises(k.IllegalActionError, match=r"^buy 0 is not legal for seat 0 at shop; "):
        k.apply(state, k.Buy(0))
    state = play(shop(name, cost, where=where).build(), k.Buy(0))
    assert state.monsters[0].energy == (13 if name == "drink-the-hudson" else 0) + (
        3 if name == "holland-tunnel" else 0
    )


@pytest.mark.parametrize("where", ["manhattan", "queens"])
def test_cards_without_a_borough_have_no_discount(where: str) -> None:
    """components §1 #42: Power Substation costs 5 with no borough discount."""
    state = shop("power-substation", 4, where=where).build()
    assert k.Buy(0) not in k.legal_actions(state)


# -- Holland Tunnel --------------------------------------------------------------------------------


def test_holland_tunnel_gives_6_vp_and_every_monster_3_energy() -> None:
    """components §1 #26: "Gain 6 VP; all Monsters gain 3 Energy"; rulings D21: "all monsters"
    includes the buyer."""
    state = shop("holland-tunnel", 10).monster("mantis", energy=2).build()
    state = buy(state)
    assert state.monsters[0].vp == 6
    assert energies(state) == [1 + 3, 2 + 3, 0 + 3]
    assert [m.vp for m in state.monsters[1:]] == [0, 0]


def test_holland_tunnel_skips_eliminated_monsters() -> None:
    """rulings §11: an eliminated monster is out of the game; only living monsters gain."""
    state = (
        Scenario(["kong", "mantis", "rob"], packs=PACKS)
        .monster("kong", borough="queens", energy=9)
        .monster("mantis", manhattan="lower")
        .monster("rob", eliminated=True)
        .market(["holland-tunnel", *FILLER])
        .turn("kong", at="buy")
        .build()
    )
    state = buy(state)
    assert energies(state) == [3, 3, 0]


def test_holland_tunnel_gains_go_through_energy_gain_in_seat_order_from_the_buyer(
    spy: Spy,
) -> None:
    """rulings §16 / D21: "This triggers Power Tap for each monster" (each gain is an ordinary
    Energy gain, counted for the turn, rulings D17); DEFAULT order: seat order from the buyer."""
    state = (
        Scenario(["kong", "mantis", "rob"], packs=PACKS)
        .monster("kong", borough="queens", cards=[SPY_CARD])
        .monster("mantis", borough="bronx", energy=9)
        .monster("rob", manhattan="lower")
        .market(["holland-tunnel", *FILLER])
        .turn("mantis", at="buy")
        .build()
    )
    state = buy(state)
    assert spy.of("energy_gain") == [
        ("energy_gain", 1, 3, False),
        ("energy_gain", 2, 3, False),
        ("energy_gain", 0, 3, False),
    ]
    assert state.turn.energy_gained == (3, 3, 3)


def test_holland_tunnel_with_power_tap() -> None:
    """rulings D21 + D17: each other monster's 3 Energy reaches 3 gained this turn and pays the
    Power Tap owner 1 Energy; the owner itself never pays."""
    state = shop("holland-tunnel", 9).monster("rob", cards=["power-tap"]).build()
    state = buy(state)
    assert energies(state) == [3 - 1, 3 - 1, 3 + 2]


# -- Power Substation and Subterranean Cable -------------------------------------------------------


def test_power_substation_gives_1_vp_and_8_energy_then_3_damage() -> None:
    """components §1 #42: "Gain 1 VP and 8 Energy, and take 3 damage"."""
    state = buy(shop("power-substation", 6, vp=2).build())
    me = state.monsters[0]
    assert (me.vp, me.energy, me.life) == (3, 1 + 8, 7)
    assert "base:power-substation" in state.discard


def test_subterranean_cable_is_free_and_gives_4_energy_then_4_damage() -> None:
    """components §1 #51: cost 0; "Gain 4 Energy and take 4 damage"."""
    state = shop("subterranean-cable", 0).build()
    assert k.Buy(0) in k.legal_actions(state)
    state = buy(state)
    me = state.monsters[0]
    assert (me.vp, me.energy, me.life) == (0, 4, 6)


@pytest.mark.parametrize(
    ("name", "cost", "hurt"), [("power-substation", 5, 3), ("subterranean-cable", 0, 4)]
)
def test_self_damage_can_eliminate_the_buyer(name: str, cost: int, hurt: int) -> None:
    """rulings §16: "This can eliminate the buyer, which then cannot win on points"; rulings C3:
    an eliminated active monster's turn ends at once (the market is still refilled)."""
    state = shop(name, cost, life=hurt, vp=19).build()
    state = play(state, k.Buy(0))
    assert state.monsters[0].eliminated
    assert state.next_step == RevealCard(0)
    state = play(state, card(REVEALED))
    assert state.winners is None
    assert state.turn.seat == 1


@pytest.mark.parametrize(
    ("name", "cost", "energy", "hurt"),
    [("power-substation", 5, 8, 3), ("subterranean-cable", 0, 4, 4)],
)
def test_the_energy_comes_before_the_self_damage(
    spy: Spy, name: str, cost: int, energy: int, hurt: int
) -> None:
    """components §1 #42, #51 ("Gain ... Energy, and take ... damage"); rulings §16: the gains,
    then the damage; the gain is an ordinary Energy gain (ENERGY_GAIN, not dice)."""
    state = buy(shop(name, cost).monster("kong", cards=[SPY_CARD]).build())
    assert [c for c in spy.calls if c[0] in ("energy_gain", "damage_taken")] == [
        ("energy_gain", 0, energy, False),
        ("damage_taken", 0, hurt, Source.CARD),
    ]
    assert state.turn.energy_gained[0] == energy


def test_a_buyer_surviving_its_self_damage_with_20_vp_wins() -> None:
    """seed 000 *End of the Game*: 20 VP and survived the turn wins; Power Substation's +1 VP
    (components §1 #42) takes 19 to 20 and 4 Life survive 3 damage."""
    state = buy(shop("power-substation", 5, life=4, vp=19).build())
    assert state.monsters[0].life == 1
    state = play(state, k.EndBuying())
    assert state.winners == (0,)


def test_a_buyer_killed_by_its_own_card_loses_to_the_last_survivor() -> None:
    """seed 000 *Card Clarifications*: "It's possible that you reach 20 Victory Points but die due
    to some cards. You must survive your entire turn in order to win"; *End of the Game*: the
    last monster standing wins."""
    state = (
        Scenario(["kong", "mantis"], packs=PACKS)
        .monster("kong", borough="queens", life=4, vp=20)
        .monster("mantis", manhattan="lower")
        .market(["subterranean-cable", *FILLER])
        .turn("kong", at="buy")
        .build()
    )
    state = buy(state)
    assert state.winners == (1,)


def test_self_damage_is_not_an_attack_and_is_damage_the_buyer_dealt(spy: Spy) -> None:
    """seed 000 *Glossary*: "A Discard card that directly damages you is not an attack" (no
    flee from Manhattan); rulings D16: the buyer's card damage is damage it dealt (Photo Op)."""
    scenario = shop("power-substation", 5, where="manhattan").monster("kong", cards=[SPY_CARD])
    state = buy(scenario.build())
    assert state.monsters[0].life == 7
    assert state.monsters[0].in_manhattan
    assert state.next_step == Shop(0)
    assert not any(isinstance(s, ChooseFlee) for s in state.agenda)
    assert spy.of("damage_taken") == [("damage_taken", 0, 3, Source.CARD)]
    assert spy.of("attacked") == []
    assert state.turn.damage_dealt[0] == 3


# -- General Ellis ---------------------------------------------------------------------------------


def test_general_ellis_is_buyable_only_after_destroying_a_tank_this_turn() -> None:
    """components §1 #24: "Can be bought only on a turn in which you destroyed a Tank"; rulings
    §12: checked when buying, only this turn counts."""
    assert k.Buy(0) not in k.legal_actions(shop("general-ellis", 5).build())
    jet = shop("general-ellis", 5, destroyed=("jet", "infantry")).build()
    assert k.Buy(0) not in k.legal_actions(jet)
    earlier = shop("general-ellis", 5).monster("kong", trophies=["tank"]).build()
    assert k.Buy(0) not in k.legal_actions(earlier)
    with pytest.raises(k.IllegalActionError, match=r"^buy 0 is not legal for seat 0 at shop; "):
        k.apply(earlier, k.Buy(0))
    assert k.Buy(0) in k.legal_actions(shop("general-ellis", 5, destroyed=("tank",)).build())


def test_general_ellis_gives_3_vp_and_every_monster_takes_1_damage() -> None:
    """components §1 #24: "Gain 3 VP; all Monsters take 1 damage"; rulings D21: the buyer
    included."""
    state = shop("general-ellis", 5, vp=1, destroyed=("tank",)).monster("rob", life=4).build()
    state = buy(state)
    assert state.monsters[0].vp == 4
    assert lives(state) == [9, 9, 3]


def test_general_ellis_is_not_an_attack(spy: Spy) -> None:
    """seed 000 *Glossary*: cards that damage when bought, "such as General Ellis, are not
    considered to be attacks. Thus, this sort of damage does not enable Monsters in Manhattan to
    flee; similarly, cards that affect attacks cannot be played in response"."""
    state = (
        shop("general-ellis", 5, destroyed=("tank",)).monster("mantis", cards=[SPY_CARD]).build()
    )
    state = buy(state)
    assert state.monsters[1].in_manhattan
    assert state.monsters[1].life == 9
    assert state.next_step == Shop(0)
    assert not any(isinstance(s, ChooseFlee) for s in state.agenda)
    assert spy.of("damage_taken") == [("damage_taken", 1, 1, Source.CARD)]
    assert spy.of("attacked") == []


def test_general_ellis_damage_is_damage_the_buyer_dealt_in_one_event(spy: Spy) -> None:
    """rulings D16 / §16 Photo Op: card damage such as General Ellis counts as damage you dealt;
    rulings §15 / D10: one damaging event, so Webspinner and Curse hand out one token per
    damaged monster (AFTER_DAMAGE_DEALT is told once, with every monster hit)."""
    state = shop("general-ellis", 5, destroyed=("tank",)).monster("kong", cards=[SPY_CARD]).build()
    state = buy(state)
    assert spy.of("damage_dealt") == [("damage_dealt", 0, {0: 1, 1: 1, 2: 1})]
    assert state.turn.damage_dealt == (1, 1, 1)


def test_general_ellis_eliminates_everyone_at_1_life_at_once() -> None:
    """rulings §2 (multi-target effects) and §11: "All remaining monsters eliminated by one
    effect? Nobody wins"; seed 000 *End of the Game*: "If all the Monsters have been eliminated
    in the same turn, nobody wins"."""
    state = (
        Scenario(["kong", "mantis"], packs=PACKS)
        .monster("kong", borough="queens", life=1, vp=19, energy=5)
        .monster("mantis", manhattan="lower", life=1)
        .market(["general-ellis", *FILLER])
        .turn("kong", at="buy", destroyed=["tank"])
        .build()
    )
    state = buy(state)
    assert all(m.eliminated for m in state.monsters)
    assert state.winners == ()


def test_general_ellis_can_leave_the_buyer_the_last_monster_standing() -> None:
    """seed 000 *End of the Game*: the game ends at the end of the turn if only one monster is
    left; General Ellis damages the others too (components §1 #24)."""
    scenario = shop("general-ellis", 5, destroyed=("tank",))
    state = buy(scenario.monster("mantis", life=1).monster("rob", life=1).build())
    assert lives(state) == [9, 0, 0]
    state = play(state, k.EndBuying())
    assert state.winners == (0,)


def test_photo_op_counts_the_general_ellis_damage() -> None:
    """rulings D16 / §16 Photo Op: it "counts Attack damage and damage from your cards (Violent
    Star, Fireball, General Ellis)": 1 damage to Mantis, so +1 VP (components §1 #41)."""
    scenario = shop("general-ellis", 9, destroyed=("tank",))
    state = play(scenario.market(["general-ellis", "photo-op", "hunter"]).build(), k.Buy(0))
    state = play(state, card(REVEALED), k.Buy(1), UseCard("base:photo-op", "seat:1"))
    assert state.monsters[0].vp == 3 + 1


@pytest.mark.parametrize(("holding", "token"), [("webspinner", "web"), ("curse", "curse")])
def test_general_ellis_hands_out_webspinner_and_curse_tokens(holding: str, token: str) -> None:
    """rulings §15 / D10: Webspinner and Curse give one token to each monster the owner damages,
    once per damaging event, card damage included (cards.py notes: General Ellis)."""
    scenario = shop("general-ellis", 5, destroyed=("tank",)).monster("kong", cards=[holding])
    state = buy(scenario.build())
    assert [m.token_count(token) for m in state.monsters] == [0, 1, 1]


# -- Air Force One ---------------------------------------------------------------------------------


def city(**turn: object) -> Scenario:
    """Kong (0, the buyer, 6 Energy) and Rob (2) in Queens, which holds an Infantry and a Tank
    that appeared this turn; Mantis (1) in Manhattan with 1 unit; Sheriff (3) in the Bronx with
    3 units; Captain Fish (4) in Brooklyn, which has none."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff", "captain-fish"], packs=PACKS)
        .monster("kong", borough="queens", energy=6)
        .monster("mantis", manhattan="midtown")
        .monster("rob", borough="queens")
        .monster("sheriff", borough="bronx")
        .monster("captain-fish", borough="brooklyn")
        .borough("queens", units=["infantry"], fresh_units=["tank"])
        .borough("manhattan", units=["jet"])
        .borough("bronx", units=["infantry", "jet", "tank"])
        .market(["air-force-one", *FILLER])
        .turn("kong", at="buy", **turn)  # type: ignore[arg-type]
    )


def test_air_force_one_is_buyable_only_after_destroying_a_jet_this_turn() -> None:
    """components §1 #1: "Can be bought only on a turn in which you destroyed a Jet"; rulings
    §12: any means of destroying counts, checked when buying, this turn only."""
    assert k.Buy(0) not in k.legal_actions(city().build())
    assert k.Buy(0) not in k.legal_actions(city(destroyed=["tank", "infantry"]).build())
    earlier = city().monster("kong", trophies=["jet"]).build()
    assert k.Buy(0) not in k.legal_actions(earlier)
    assert k.Buy(0) in k.legal_actions(city(destroyed=["jet"]).build())


def test_air_force_one_gives_4_vp_and_every_unit_hits_the_monsters_of_its_borough() -> None:
    """components §1 #1: "Gain 4 VP; then every Unit on the board attacks every Monster in its
    own borough (each Unit deals 1 damage)"; rulings §16: the buyer included; "every Unit", so a
    unit that appeared this turn fires too (DEFAULT, as for Ouch, rulings §8)."""
    state = buy(city(destroyed=["jet"]).build())
    assert state.monsters[0].vp == 4
    assert state.monsters[0].energy == 0
    assert lives(state) == [8, 9, 8, 7, 10]
    assert "base:air-force-one" in state.discard


def test_air_force_one_hits_both_monsters_in_manhattan() -> None:
    """rulings §9: "Units in Manhattan hit every monster in Manhattan whatever its zone, so both
    monsters in a 5–6 player game"; seed 000 *Advanced Rule*: a card affecting the monster in
    Manhattan affects all the monsters in Manhattan."""
    scenario = city(destroyed=["jet"]).monster("captain-fish", manhattan="lower", track="5-6")
    state = buy(scenario.borough("manhattan", units=["jet", "infantry"]).build())
    assert lives(state)[1] == 8
    assert lives(state)[4] == 8


def test_air_force_one_is_not_ouch(spy: Spy) -> None:
    """rulings §16: "This is not Ouch: no Statue, no Bulletproof, no Carapace tokens"; rulings
    D30; effects/api.py ``Source.UNITS``."""
    scenario = city(destroyed=["jet"]).monster("sheriff", cards=[SPY_CARD, "carapace"])
    state = buy(scenario.goals(statue="mantis").monster("mantis", vp=3).build())
    assert state.statue == 1
    assert state.monsters[1].vp == 3
    assert spy.of("damage_taken") == [("damage_taken", 3, 3, Source.UNITS)]
    assert spy.of("ouch") == []
    assert state.monsters[3].token_count("base:carapace") == 0


def test_air_force_one_is_not_an_attack(spy: Spy) -> None:
    """rulings §16: "It is not a monster's attack, so nobody may flee"; seed 000 *Glossary*."""
    state = buy(city(destroyed=["jet"]).monster("mantis", cards=[SPY_CARD]).build())
    assert state.monsters[1].in_manhattan
    assert state.monsters[1].life == 9
    assert state.next_step == Shop(0)
    assert not any(isinstance(s, ChooseFlee) for s in state.agenda)
    assert spy.of("attacked") == []


def test_air_force_one_damage_is_not_damage_the_buyer_dealt(spy: Spy) -> None:
    """rulings §9 DEFAULT / D4 / D16: unit damage "is not 'damage you dealt', so it does not count
    for Photo Op, Webspinner or Curse"."""
    state = buy(city(destroyed=["jet"]).monster("kong", cards=[SPY_CARD]).build())
    assert spy.of("damage_dealt") == []
    assert not any(state.turn.damage_dealt)


def test_air_force_one_can_eliminate_the_buyer() -> None:
    """rulings §16: "every unit attacks every monster in its borough, the buyer included";
    rulings C3: the active monster's turn ends at once when it is eliminated."""
    state = buy(city(destroyed=["jet"]).monster("kong", life=2, vp=18).build())
    assert state.monsters[0].eliminated
    assert state.monsters[0].vp == 22
    assert state.winners is None
    assert state.turn.seat == 1


def test_photo_op_does_not_count_air_force_one_damage() -> None:
    """rulings D16 / §16 Photo Op: "not unit damage" (rulings §9 DEFAULT, D4): Mantis lost 1 Life
    to a unit, which earns nothing (components §1 #41)."""
    scenario = city(destroyed=["jet"]).monster("kong", energy=10)
    state = scenario.market(["air-force-one", "photo-op", "hunter"]).build()
    state = play(state, k.Buy(0), card(REVEALED), k.Buy(1), UseCard("base:photo-op", "seat:1"))
    assert state.monsters[1].life == 9
    assert state.monsters[0].vp == 4


def test_air_force_one_hands_out_no_web_tokens() -> None:
    """rulings §9 DEFAULT / D4: unit damage is not damage the buyer dealt, "so it does not count
    for Photo Op, Webspinner or Curse"."""
    state = buy(city(destroyed=["jet"]).monster("kong", cards=["webspinner"]).build())
    assert state.monsters[1].life == 9
    assert [m.token_count("web") for m in state.monsters] == [0, 0, 0, 0, 0]


def test_bulletproof_does_not_reduce_air_force_one() -> None:
    """rulings §9 / D30: Bulletproof "does not apply to Air Force One, which is not Ouch"."""
    state = buy(city(destroyed=["jet"]).monster("sheriff", cards=["bulletproof"]).build())
    assert state.monsters[3].life == 7


# -- typed errors ----------------------------------------------------------------------------------


def test_a_buyer_must_be_a_living_seat() -> None:
    """Bad input raises typed errors: the effect refuses a seat that cannot be buying."""
    state = shop("brooklyn-bridge", 6).monster("rob", eliminated=True).build()
    effect = discards.EFFECTS["base:brooklyn-bridge"]
    reasons = {
        3: r"^no seat 3 in a 3-monster game$",
        -1: r"^no seat -1 in a 3-monster game$",
        2: r"^seat 2 is eliminated and cannot gain a card$",
    }
    for seat, reason in reasons.items():
        with pytest.raises(k.IllegalActionError, match=reason):
            effect.on_buy(state, seat)


@pytest.mark.parametrize("bad", [-1, True, 1.5])
def test_a_card_amount_must_be_a_natural_number(bad: object) -> None:
    """Bad content raises typed errors: a reward below 0 or not an int cannot be declared."""
    with pytest.raises(k.PluginError):
        discards.BuyerGains(vp=bad)  # type: ignore[arg-type]
    with pytest.raises(k.PluginError):
        discards.EveryoneGainsEnergy(vp=1, everyone=bad)  # type: ignore[arg-type]


def test_every_card_of_the_group_has_an_effect_and_only_these() -> None:
    """The brief of the group: the twelve DISCARD cards that act through ON_BUY only."""
    assert set(discards.EFFECTS) == {
        "base:air-force-one",
        "base:brooklyn-bridge",
        "base:central-park",
        "base:coney-island",
        "base:drink-the-hudson",
        "base:flatiron-building",
        "base:general-ellis",
        "base:holland-tunnel",
        "base:power-substation",
        "base:subterranean-cable",
        "base:the-unisphere",
        "base:yankee-stadium",
    }
    base = k.new_game(2).config.content
    assert base is not None
    for key in discards.EFFECTS:
        assert base.cards[key].kind is k.CardKind.DISCARD
        assert base.effects[key] is discards.EFFECTS[key]
