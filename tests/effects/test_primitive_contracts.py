"""What each public effect primitive of :mod:`kingofny.effects` guarantees.

Every primitive takes a state and returns the next one, applying the rules and telling the
effects that watch it (the module documentation of :mod:`kingofny.effects.primitives`): floors
(VP and Energy never below 0: rulings D34), caps (Life never above the maximum: seed 000 *Heal*,
*Card Clarifications*), no effect on an eliminated monster (rulings §11), notifications (an
Energy gain goes through Power Tap and Overload, damage through Bulletproof and Phoenix Blood,
entering through I ♥ NY Tourist and Chinatown Regular: components §1), typed errors for bad
arguments where the primitive documents one, and an input left unchanged (DESIGN Contract 2).
The raw updates (``evolve``, ``push``, ``set_monster``, ``set_turn``, ``set_borough``) apply no
rule. Positions are built with the public testing kit.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import cast

import pytest

import kingofny as k
import kingofny.effects as fx
from kingofny.effects import (
    OUTER_BOROUGHS,
    Borough,
    CardChoice,
    CardRoll,
    GameState,
    RevealCard,
    Source,
    Zone,
    add_marker,
    advance_zone,
    ask,
    bought,
    capacity,
    check_eliminations,
    clamp_life,
    damage,
    discard_card,
    enter_manhattan,
    entered,
    evolve,
    extra_turn,
    gain_energy,
    gain_vp,
    give_tokens,
    has_mark,
    heal,
    lose_all_life,
    manhattan_occupants,
    mark,
    max_life,
    move_cost,
    must_enter,
    open_boroughs,
    owned,
    remove_tokens,
    roll,
    set_borough,
    set_monster,
    set_turn,
    settle_manhattan,
    spend_energy,
    stop_waiting,
    take_from_market,
    unmark,
    voluntary_move,
    wait_for_reveals,
    win,
    withdraw_win,
)
from kingofny.model.city import Track
from kingofny.model.steps import ChooseMove, LeaveManhattan, Shop
from kingofny.testing import Scenario, card, play

COLUMBIA = "base:columbia-university"
ANTIMATTER = "base:antimatter-pellets"
CARAPACE = "base:carapace"
HUNTER = "base:hunter"
OVERLOAD = "base:overload"
STOMP = "base:stomp"
FLATIRON = "base:flatiron-building"
SOUVENIR = "souvenir"
MAIN, SECOND = Track.MAIN, Track.SECOND
QUEENS, BRONX, BROOKLYN = Borough.QUEENS, Borough.BRONX, Borough.BROOKLYN
STATEN_ISLAND, MANHATTAN = Borough.STATEN_ISLAND, Borough.MANHATTAN


def three() -> Scenario:
    """Kong (0) in Queens, Mantis (1) in Lower Manhattan, Rob (2) in the Bronx; Kong's turn."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
    )


def five() -> Scenario:
    """Five monsters (seed 000 *Advanced Rule*: Manhattan holds two): Captain Fish (0), Drakonis
    (1), Kong (2), Mantis (3), Rob (4), all in outer boroughs; seat 0's turn."""
    return (
        Scenario(5)
        .monster(0, borough="queens")
        .monster(1, borough="queens")
        .monster(2, borough="bronx")
        .monster(3, borough="brooklyn")
        .monster(4, borough="staten-island")
    )


def vps(state: GameState) -> list[int]:
    return [m.vp for m in state.monsters]


def energies(state: GameState) -> list[int]:
    return [m.energy for m in state.monsters]


def lives(state: GameState) -> list[int]:
    return [m.life for m in state.monsters]


def where(state: GameState, seat: int) -> tuple[Borough, Zone | None, Track | None]:
    found = state.monsters[seat].location
    assert found is not None
    return found.borough, found.zone, found.track


# -- Victory Points -------------------------------------------------------------------------------


def test_gain_vp_adds_to_that_monster_only() -> None:
    """seed 000 *Statue of Liberty* / *Superstar*: "You immediately gain ... Victory Points"."""
    state = three().monster("kong", vp=3).build()
    assert vps(gain_vp(state, 0, 4)) == [7, 0, 0]
    assert vps(gain_vp(state, 2, 1)) == [3, 0, 1]


@pytest.mark.parametrize(("vp", "loss", "left"), [(2, -3, 0), (0, -1, 0), (3, -3, 0), (5, -3, 2)])
def test_gain_vp_negative_never_takes_vp_below_0(vp: int, loss: int, left: int) -> None:
    """rulings D34: "VP never go below 0" (Statue loss, Trash Thrower)."""
    state = three().monster("rob", vp=vp).build()
    assert gain_vp(state, 2, loss).monsters[2].vp == left


def test_gain_vp_leaves_an_eliminated_monster_as_it_was() -> None:
    """rulings §11: an eliminated monster is out of the game (its VP no longer change, as its
    Life, Energy and tokens do not)."""
    state = three().monster("rob", vp=4, eliminated=True).build()
    assert gain_vp(state, 2, 3) == state
    assert gain_vp(state, 2, -3) == state


def test_gain_vp_of_nothing_changes_nothing() -> None:
    """A gain of 0 VP is no gain."""
    state = three().monster("kong", vp=3).build()
    assert gain_vp(state, 0, 0) == state


# -- Energy ----------------------------------------------------------------------------------------


def test_gain_energy_adds_and_counts_the_gain_for_the_turn() -> None:
    """seed 000 *Energy*: Energy cubes are gained and hoarded; rulings D17 (Power Tap) counts
    every monster's Energy gained this turn."""
    state = three().monster("rob", energy=2).build()
    state = gain_energy(state, 2, 3)
    state = gain_energy(state, 0, 1)
    assert energies(state) == [1, 0, 5]
    assert state.turn.energy_gained == (1, 0, 3)


@pytest.mark.parametrize("amount", [0, -2])
def test_gain_energy_of_nothing_or_less_changes_nothing(amount: int) -> None:
    """A gain never takes Energy away (spending is :func:`spend_energy`)."""
    state = three().monster("kong", energy=4).build()
    assert gain_energy(state, 0, amount) == state


def test_an_eliminated_monster_gains_no_energy() -> None:
    """rulings §11: an eliminated monster is removed from the game (Holland Tunnel's "every
    monster gains 3 E" gives it nothing)."""
    state = three().monster("rob", eliminated=True).build()
    assert gain_energy(state, 2, 3) == state


def test_an_energy_gain_of_3_in_a_turn_pays_power_tap() -> None:
    """components §1 #43 Power Tap: "Whenever a Monster gains 3 or more Energy in one turn, it
    must pay you 1 Energy"; rulings D17: once per monster per turn, when its gains first reach
    3, never the owner."""
    state = three().monster("mantis", cards=["power-tap"]).build()
    assert energies(gain_energy(state, 0, 2)) == [2, 0, 0]
    assert energies(gain_energy(state, 0, 3)) == [2, 1, 0]
    assert energies(gain_energy(gain_energy(state, 0, 2), 0, 1)) == [2, 1, 0]
    assert energies(gain_energy(gain_energy(state, 0, 3), 0, 3)) == [5, 1, 0]
    assert energies(gain_energy(gain_energy(state, 0, 3), 2, 4)) == [2, 2, 3]
    assert energies(gain_energy(state, 1, 5)) == [0, 5, 0]


def test_an_energy_gain_from_dice_goes_through_overload() -> None:
    """components §1 #37 Overload: "whenever you roll one or more Energy results, gain 1 Energy
    fewer than they would give"; rulings D31. Other gains, and other monsters' dice, are not
    reduced."""
    state = three().monster("kong", cards=["overload"]).build()
    assert gain_energy(state, 0, 3, dice=True).monsters[0].energy == 2
    assert gain_energy(state, 0, 1, dice=True) == state
    assert gain_energy(state, 0, 3).monsters[0].energy == 3
    assert gain_energy(state, 1, 3, dice=True).monsters[1].energy == 3


def test_spend_energy_pays_and_is_no_gain() -> None:
    """seed 000 *Buy Cards*: Energy is paid; paying is not gaining (Power Tap is not told, the
    turn's gains are not counted)."""
    state = three().monster("kong", energy=5).monster("mantis", cards=["power-tap"]).build()
    spent = spend_energy(state, 0, 3)
    assert energies(spent) == [2, 0, 0]
    assert spent.turn.energy_gained == state.turn.energy_gained
    assert spend_energy(state, 0, 0) == state


def test_spend_energy_never_goes_below_0() -> None:
    """Energy is a pile of cubes (seed 000 *Energy*): never fewer than none (the floor of the
    raw gain, as rulings D34's for VP)."""
    state = three().monster("kong", energy=2).build()
    assert spend_energy(state, 0, 5).monsters[0].energy == 0


# -- Life ------------------------------------------------------------------------------------------


def test_max_life_is_10_or_12_with_carapace() -> None:
    """seed 000 *Heal*: "A Monster cannot have more than 10 Life Points"; components §1 #8
    Carapace: "While you own it, your maximum Life is 2 higher (12)". Only its owner's."""
    state = three().monster("kong", cards=["carapace"]).build()
    assert [max_life(state, seat) for seat in range(3)] == [12, 10, 10]


def test_heal_adds_life_up_to_the_maximum() -> None:
    """seed 000 *Heal* (no more than 10) and *Card Clarifications* ("No cards permit you to have
    more than 10 Life Points unless they explicitly say"); Carapace raises it to 12."""
    state = three().monster("kong", life=4).monster("rob", life=8).build()
    assert lives(heal(state, 0, 3)) == [7, 10, 8]
    assert lives(heal(state, 2, 5)) == [4, 10, 10]
    armoured = three().monster("kong", life=9, cards=["carapace"]).build()
    assert heal(armoured, 0, 5).monsters[0].life == 12
    assert heal(armoured, 0, 2).monsters[0].life == 11


def test_heal_works_in_manhattan() -> None:
    """seed 000 *Effects of Manhattan*: "you can always use cards to heal yourself" (only Heal
    dice do not heal there)."""
    state = three().monster("mantis", life=5).build()
    assert heal(state, 1, 2).monsters[1].life == 7


@pytest.mark.parametrize("amount", [0, -3])
def test_heal_of_nothing_or_less_changes_nothing(amount: int) -> None:
    """Healing never takes Life away (that is damage)."""
    state = three().monster("kong", life=4).build()
    assert heal(state, 0, amount) == state


def test_heal_brings_no_eliminated_monster_back() -> None:
    """seed 000 *Glossary*: "Eliminated: Having 0 Life Points (or fewer)"; rulings §11: it is
    out of the game, so it keeps 0 Life and stays eliminated."""
    state = three().monster("rob", eliminated=True).build()
    healed = heal(state, 2, 4)
    assert healed == state
    assert (healed.monsters[2].life, healed.monsters[2].eliminated) == (0, True)


def test_clamp_life_cuts_life_above_a_lowered_maximum() -> None:
    """rulings §16 Carapace / D25: losing it drops the maximum back to 10 and "life above 10 is
    cut to 10"; a monster at or below its maximum is left alone."""
    state = three().monster("kong", life=12, cards=["carapace"]).monster("rob", life=6).build()
    assert clamp_life(state, 0) == state
    assert clamp_life(state, 2) == state
    bare = set_monster(state, 0, evolve(state.monsters[0], cards=()))
    assert clamp_life(bare, 0).monsters[0].life == 10


# -- damage and elimination ------------------------------------------------------------------------


def test_damage_takes_life_from_each_target() -> None:
    """seed 000 *Glossary*: "Damage: Lose 1 Life Point"."""
    state = three().monster("rob", life=6).build()
    state = damage(state, {0: 3, 2: 2})
    assert lives(state) == [7, 10, 4]
    assert [m.eliminated for m in state.monsters] == [False, False, False]


def test_damage_hits_every_target_before_anyone_is_eliminated() -> None:
    """rulings §2, *Multi-target effects*: "applied to all targets at once, then eliminations are
    checked"; seed 000 *Glossary*: 0 Life Points or fewer is eliminated."""
    state = three().monster("kong", life=2).monster("rob", life=1).build()
    state = damage(state, {0: 3, 2: 1})
    assert [m.eliminated for m in state.monsters] == [True, False, True]
    assert lives(state) == [0, 10, 0]
    assert state.monsters_in(QUEENS) == ()
    assert state.monsters_in(BRONX) == ()


def test_damage_of_nothing_or_to_the_eliminated_changes_nothing() -> None:
    """A damage of 0 is none; an eliminated monster takes no more (rulings §11)."""
    state = three().monster("rob", eliminated=True).build()
    assert damage(state, {0: 0, 1: -2}) == state
    assert damage(state, {2: 3}) == state


def test_damage_goes_through_damage_taken_effects() -> None:
    """components §1 #6 Bulletproof: "Whenever you take damage caused by Ouch, take 1 less
    damage"; rulings D30: only the army's fire, not card damage."""
    state = three().monster("kong", cards=["bulletproof"]).build()
    assert damage(state, {0: 3}, Source.ARMY).monsters[0].life == 8
    assert damage(state, {0: 1}, Source.ARMY) == state
    assert damage(state, {0: 3}, Source.CARD).monsters[0].life == 7
    assert damage(state, {1: 3}, Source.ARMY).monsters[1].life == 7


def test_damage_tells_the_damaged_monsters_effects() -> None:
    """components §1 #40 Phoenix Blood: "Gain 1 Energy each time you take damage"; rulings D32:
    per damage event, not per point."""
    state = three().monster("kong", cards=["phoenix-blood"]).build()
    hurt = damage(state, {0: 3, 2: 1})
    assert (hurt.monsters[0].life, hurt.monsters[0].energy) == (7, 1)
    assert energies(hurt) == [1, 0, 0]
    assert damage(state, {2: 2}).monsters[0].energy == 0


def test_card_damage_is_not_an_attack_nobody_may_flee() -> None:
    """seed 000 *Glossary*: "Cards that inflict damage ... are not considered to be attacks.
    Thus, this sort of damage does not enable Monsters in Manhattan to flee"."""
    state = three().turn("kong", at="move").build()
    assert state.next_step == ChooseMove(0)
    hurt = damage(state, {1: 2}, dealer=0)
    assert hurt.monsters[1].life == 8
    assert hurt.next_step == ChooseMove(0)
    assert hurt.agenda == state.agenda


def test_damage_dealt_by_the_turns_monster_is_counted_for_the_turn() -> None:
    """rulings D16 (Photo Op counts "your card damage" dealt to a monster this turn)."""
    state = three().build()
    assert damage(state, {1: 2, 2: 1}, dealer=0).turn.damage_dealt == (0, 2, 1)
    assert damage(state, {1: 2, 2: 1}).turn.damage_dealt == state.turn.damage_dealt


def test_the_manhattan_monster_killed_by_damage_leaves_manhattan_empty() -> None:
    """rulings §6: an occupant "eliminated by something other than an attack ... leaves, and
    Manhattan is empty"; seed 000 *Move*: a monster outside must then enter."""
    state = three().monster("mantis", life=2).build()
    assert not must_enter(state, 0)
    state = damage(state, {1: 2})
    assert state.monsters[1].eliminated
    assert state.monsters[1].location is None
    assert manhattan_occupants(state) == ()
    assert must_enter(state, 0)


def test_lose_all_life_eliminates() -> None:
    """components §1 #33 Natural Selection: "you lose this card and all your Life Points";
    rulings §11: its Keep cards go to the discard pile and it leaves the board."""
    state = three().monster("kong", cards=["stomp"], life=10).build()
    state = lose_all_life(state, 0)
    kong = state.monsters[0]
    assert (kong.life, kong.eliminated, kong.location, kong.cards) == (0, True, None, ())
    assert STOMP in state.discard


def test_check_eliminations_with_nobody_at_0_life_changes_nothing() -> None:
    """seed 000 *Glossary*: only 0 Life Points or fewer is eliminated."""
    state = three().monster("rob", life=1).build()
    assert check_eliminations(state) == state


@pytest.mark.parametrize("life", [0, -2])
def test_check_eliminations_removes_everything_of_the_dead(life: int) -> None:
    """rulings §11: removed at once, freeing its borough; Keep cards to the discard pile; goal
    cards back to the supply; tokens removed; skipped in turn order (its extra turns and the
    effects it left waiting go with it). The living keep theirs."""
    state = (
        three()
        .monster("rob", cards=["stomp"], tokens={"web": 2}, vp=9)
        .goals(superstar="rob", statue="rob")
        .build()
    )
    state = wait_for_reveals(wait_for_reveals(state, 2, COLUMBIA), 0, COLUMBIA)
    state = extra_turn(extra_turn(state, 2), 1, "x")
    state = check_eliminations(set_monster(state, 2, evolve(state.monsters[2], life=life)))
    rob = state.monsters[2]
    assert (rob.life, rob.eliminated, rob.location, rob.cards, rob.tokens) == (
        0,
        True,
        None,
        (),
        (),
    )
    assert STOMP in state.discard
    assert (state.superstar, state.statue) == (None, None)
    assert state.waiting == ((0, COLUMBIA),)
    assert state.extra_turns == ((1, "x"),)
    assert state.monsters_in(BRONX) == ()
    assert [m.eliminated for m in state.monsters] == [False, False, True]


def test_the_turns_monster_eliminated_ends_its_turn_at_once() -> None:
    """rulings C3: "If the active monster is eliminated during its own turn, its turn ends at
    once"; the next living monster plays."""
    state = three().turn("kong", at="move").build()
    state = check_eliminations(set_monster(state, 0, evolve(state.monsters[0], life=0)))
    state = k.settle(state)
    assert state.turn.seat == 1
    assert not state.is_terminal


# -- tokens and markers ----------------------------------------------------------------------------


def test_give_tokens_adds_to_the_monsters_pile() -> None:
    """rulings §15 / D10: one token per damaged monster and event; supply unlimited."""
    state = three().monster("kong", tokens={"curse": 1}).build()
    state = give_tokens(state, 0, "web", 2)
    state = give_tokens(state, 0, "web")
    assert state.monsters[0].tokens == (("curse", 1), ("web", 3))
    assert state.monsters[0].token_count("web") == 3


def test_give_tokens_of_nothing_or_to_the_eliminated_changes_nothing() -> None:
    """rulings §11: an eliminated monster's tokens are removed; it gets none afterwards."""
    state = three().monster("rob", eliminated=True).build()
    assert give_tokens(state, 0, "web", 0) == state
    assert give_tokens(state, 0, "web", -1) == state
    assert give_tokens(state, 2, "web", 2) == state


def test_remove_tokens_never_goes_below_0_and_none_means_all() -> None:
    """rulings §15: discarding tokens (a Web token spent, Carapace's tokens with the card);
    a pile never holds fewer than none."""
    state = three().monster("kong", tokens={"web": 3, "curse": 2}).build()
    assert remove_tokens(state, 0, "web", 1).monsters[0].tokens == (("curse", 2), ("web", 2))
    assert remove_tokens(state, 0, "web", 5).monsters[0].tokens == (("curse", 2),)
    assert remove_tokens(state, 0, "curse").monsters[0].tokens == (("web", 3),)
    assert remove_tokens(state, 0, "carapace").monsters[0].tokens == (("curse", 2), ("web", 3))


@pytest.mark.parametrize("count", [-1, -5])
def test_remove_tokens_refuses_a_negative_count(count: int) -> None:
    """Removing a negative number of tokens would give some: an ArgumentError instead (in both
    builds; a count of another type is a TypeError in the compiled one)."""
    state = three().monster("kong", tokens={"web": 3}).build()
    with pytest.raises(k.ArgumentError, match=r"remove_tokens\(count\)"):
        remove_tokens(state, 0, "web", count)


def test_add_marker_puts_one_souvenir_on_a_borough() -> None:
    """components §1 #28 I ♥ NY Tourist and §4.2 (5 Souvenirs): at most one per borough (rulings
    §15), other boroughs untouched."""
    state = three().build()
    marked = add_marker(state, BROOKLYN, SOUVENIR)
    assert marked.boroughs[BROOKLYN].markers == (SOUVENIR,)
    assert [marked.boroughs[b].markers for b in (MANHATTAN, BRONX, QUEENS, STATEN_ISLAND)] == [
        ()
    ] * 4
    assert add_marker(marked, BROOKLYN, SOUVENIR) == marked


# -- cards and the market --------------------------------------------------------------------------


def test_bought_runs_the_cards_buy_effect_for_its_buyer() -> None:
    """components §1 #37 Overload: "When bought: gain 4 Energy" (an Energy gain like any other);
    seed 000 *Card Description*."""
    state = three().build()
    after = bought(state, 2, OVERLOAD)
    assert energies(after) == [0, 0, 4]
    assert after.turn.energy_gained == (0, 0, 4)
    assert bought(state, 0, STOMP) == state  # Stomp has no buy effect


def test_discard_card_lowers_the_maximum_and_takes_the_cards_tokens() -> None:
    """rulings §16 Carapace / D25: losing it "drops your maximum back to 10 (life above 10 is cut
    to 10)"; a forced discard gives no heal; its tokens go with it (components §4.2); other
    tokens stay. The card goes to the discard pile (seed 000 *Card Description*)."""
    state = (
        three()
        .monster("kong", life=12, cards=["stomp", "carapace"], tokens={"carapace": 2, "web": 1})
        .build()
    )
    after = discard_card(state, 0, CARAPACE)
    kong = after.monsters[0]
    assert (kong.cards, kong.life, kong.tokens) == ((STOMP,), 10, (("web", 1),))
    assert CARAPACE in after.discard
    assert CARAPACE not in state.discard
    kept = discard_card(state, 0, STOMP).monsters[0]
    assert (kept.cards, kept.life, kept.token_count("carapace")) == ((CARAPACE,), 12, 2)


def test_take_from_market_takes_a_keep_card_for_free_and_refills_the_slot() -> None:
    """components §1 #13 Columbia University: the KEEP card "is yours for free"; rulings D15: it
    counts as bought at cost 0, and its replacement is revealed at once."""
    state = (
        three()
        .monster("kong", energy=3)
        .market(["hunter", "overload", "flatiron-building"])
        .build()
    )
    after = take_from_market(state, 0, 0)
    assert after.monsters[0].cards == (HUNTER,)
    assert after.monsters[0].energy == 3
    assert after.market == (None, OVERLOAD, FLATIRON)
    assert after.next_step == RevealCard(0)
    after = play(after, card("stomp"))
    assert after.market == (STOMP, OVERLOAD, FLATIRON)


def test_take_from_market_counts_as_buying() -> None:
    """rulings D15 / §12: a card taken through Columbia University counts as bought: Overload's
    +4 Energy (components §1 #37); a DISCARD card acts and goes to the discard pile (Flatiron
    Building: +2 VP, components §1 #22)."""
    state = (
        three()
        .monster("kong", energy=3)
        .market(["hunter", "overload", "flatiron-building"])
        .build()
    )
    keep = take_from_market(state, 0, 1)
    assert (keep.monsters[0].cards, keep.monsters[0].energy) == ((OVERLOAD,), 7)
    gone = take_from_market(state, 0, 2)
    assert (gone.monsters[0].cards, gone.monsters[0].vp) == ((), 2)
    assert FLATIRON in gone.discard
    assert gone.next_step == RevealCard(2)


def test_a_waiting_effect_is_told_of_the_next_reveal() -> None:
    """rulings D15: Columbia University "waits until a Keep card is revealed, even off-turn": Rob
    waits; Kong buys Stomp; the Hunter revealed in its place goes to Rob for free."""
    state = (
        three()
        .monster("kong", energy=4)
        .monster("rob", energy=1)
        .market(["stomp", "fireball", "drain"])
        .turn("kong", at="buy")
        .build()
    )
    state = wait_for_reveals(state, 2, COLUMBIA)
    assert state.waiting == ((2, COLUMBIA),)
    state = play(state, k.Buy(0), card("hunter"))
    assert state.monsters[0].cards == (STOMP,)
    assert (state.monsters[2].cards, state.monsters[2].energy) == ((HUNTER,), 1)
    assert state.waiting == ()


def test_stop_waiting_ends_one_waiting_effect() -> None:
    """rulings D15: each Columbia University bought is one claim; ending one leaves the others,
    in the order they began."""
    state = three().build()
    state = wait_for_reveals(state, 0, COLUMBIA)
    state = wait_for_reveals(state, 2, COLUMBIA)
    state = wait_for_reveals(state, 0, COLUMBIA)
    assert state.waiting == ((0, COLUMBIA), (2, COLUMBIA), (0, COLUMBIA))
    assert stop_waiting(state, 2, COLUMBIA).waiting == ((0, COLUMBIA), (0, COLUMBIA))
    assert stop_waiting(state, 0, COLUMBIA).waiting == ((2, COLUMBIA), (0, COLUMBIA))


# -- the turn --------------------------------------------------------------------------------------


def test_marks_are_flags_of_the_current_turn() -> None:
    """The turn's flags (:func:`mark`): set once, cleared by :func:`unmark`, and gone when the
    turn ends (seed 000 *Summary of a Game Turn*: each turn starts afresh)."""
    state = three().turn("kong", at="move").build()
    marked = mark(mark(state, "b"), "a")
    assert marked.turn.marks == ("a", "b")
    assert has_mark(marked, "a")
    assert not has_mark(state, "a")
    assert mark(marked, "a") == marked
    assert unmark(marked, "a").turn.marks == ("b",)
    assert unmark(state, "a") == state
    after = play(marked, k.StayPut())
    assert after.turn.seat == 1
    assert after.turn.marks == ()


def test_extra_turn_queues_a_turn_right_after_this_one() -> None:
    """rulings §16 Terminal Rage / Subway: "you take an extra turn immediately after this one";
    extra turns owed earlier come first; the mark is set on that turn; play then goes on from
    where it would have (rulings §16 Columbia)."""
    state = three().turn("kong", at="move").build()
    owed = extra_turn(extra_turn(state, 2, "yy"), 1)
    assert owed.extra_turns == ((2, "yy"), (1, ""))
    after = play(owed, k.StayPut())
    assert (after.turn.seat, after.turn.marks) == (2, ("yy",))
    assert after.extra_turns == ((1, ""),)


BOOL_AS_INT = [] if k.COMPILED else [True]
"""A bool where an int is expected: refused by the pure build; the compiled one receives an int
parameter as an int (True is 1), so the refusal is the pure build's only."""


@pytest.mark.parametrize("seat", [-1, 3, *BOOL_AS_INT])
def test_extra_turn_for_no_such_seat_is_an_argument_error(seat: int) -> None:
    """:func:`extra_turn` documents an ArgumentError "if there is no such seat"."""
    state = three().build()
    with pytest.raises(k.ArgumentError, match=r"extra_turn\(seat\)"):
        extra_turn(state, seat)


def test_win_ends_the_game_at_the_end_of_the_turn_for_a_survivor() -> None:
    """seed 000 *Card Clarifications*: "You must survive your entire turn in order to win";
    *End of the Game* (rulings C3): the game ends at the end of the turn."""
    state = three().turn("kong", at="move").build()
    claimed = win(state, (0,))
    assert claimed.turn.win_claims == (0,)
    assert not claimed.is_terminal
    after = play(claimed, k.StayPut())
    assert after.is_terminal
    assert after.winners == (0,)


def test_a_claimant_eliminated_before_the_end_of_its_turn_does_not_win() -> None:
    """seed 000 *Card Clarifications*: "It's possible that you reach 20 Victory Points but die due
    to some cards. You must survive your entire turn in order to win"."""
    state = win(three().turn("kong", at="move").build(), (0,))
    state = k.settle(damage(state, {0: 10}))
    assert not state.is_terminal
    assert state.winners is None
    assert state.turn.seat == 1


def test_withdraw_win_takes_back_a_claim() -> None:
    """:func:`withdraw_win`: a claim taken back does not end the game."""
    state = three().turn("kong", at="move").build()
    claimed = win(state, (2, 0))
    assert claimed.turn.win_claims == (0, 2)
    assert withdraw_win(claimed, (0,)).turn.win_claims == (2,)
    after = play(withdraw_win(claimed, (0, 2)), k.StayPut())
    assert not after.is_terminal
    assert after.turn.seat == 1


def test_ask_puts_the_question_to_that_seat() -> None:
    """DESIGN Contract 4 (whose decision): a card's question is the asked seat's decision, its
    options the legal actions; with no option there is no question."""
    state = three().build()
    options = (f"card:{HUNTER}", f"card:{STOMP}")
    asked = ask(state, 2, COLUMBIA, options, (7,))
    assert asked.next_step == CardChoice(2, COLUMBIA, options, (7,))
    assert asked.current_player == 2
    assert k.legal_actions(asked) == tuple(k.UseCard(COLUMBIA, o) for o in options)
    assert ask(state, 2, COLUMBIA, ()) == state


def test_roll_is_a_chance_node_of_that_many_dice() -> None:
    """DESIGN Contract 5: every random event is a chance node with exact probabilities summing to
    1; dice outcomes are unordered multisets of faces (6 for one die, 21 for two)."""
    state = three().build()
    rolled = roll(state, 1, ANTIMATTER, 1, (4,))
    assert rolled.next_step == CardRoll(ANTIMATTER, 1, 1, (4,))
    one = k.chance_outcomes(rolled)
    assert len(one) == 6
    assert {Fraction(p) for _, p in one} == {Fraction(1, 6)}
    two = k.chance_outcomes(roll(state, 1, ANTIMATTER, 2))
    assert len(two) == 21
    assert sum(Fraction(p) for _, p in two) == 1


@pytest.mark.parametrize("count", [0, -1, 9, *BOOL_AS_INT])
def test_roll_of_no_dice_or_more_than_the_box_is_an_argument_error(count: int) -> None:
    """:func:`roll` documents an ArgumentError "unless count is 1 to 8 (the dice in the box)"
    (components §4.3: 6 black and 2 green dice)."""
    state = three().build()
    with pytest.raises(k.ArgumentError, match=r"roll\(count\)"):
        roll(state, 0, ANTIMATTER, count)


def test_owned_lists_the_effects_acting_for_a_monster() -> None:
    """seed 000 *Card Description*: a KEEP card acts for the monster in front of which it lies,
    in the order they were gained; an eliminated monster has none (rulings §11)."""
    state = three().monster("kong", cards=["stomp", "drain"]).monster("rob", cards=[]).build()
    assert [key for key, _ in owned(state, 0)] == [STOMP, "base:drain"]
    assert owned(state, 2) == ()
    dead = lose_all_life(state, 0)
    assert owned(dead, 0) == ()


# -- moving and Manhattan --------------------------------------------------------------------------


def test_open_boroughs_are_the_outer_boroughs_with_room() -> None:
    """seed 000 *Move*: "any other borough (not Manhattan) that has fewer than 2 monsters"
    (rulings §5)."""
    state = three().monster("rob", borough="queens").build()
    assert open_boroughs(state) == (BRONX, BROOKLYN, STATEN_ISLAND)
    assert open_boroughs(state, exclude=BRONX) == (BROOKLYN, STATEN_ISLAND)
    assert open_boroughs(three().build()) == OUTER_BOROUGHS


def test_move_cost_is_0_unless_new_york_marathon_is_face_up() -> None:
    """components §1 #34 New York Marathon: "While this card is face up in the market, every
    Monster must pay 2 Energy to move"."""
    assert [move_cost(three().build(), seat) for seat in range(3)] == [0, 0, 0]
    state = three().market(["new-york-marathon", None, None]).build()
    assert [move_cost(state, seat) for seat in range(3)] == [2, 2, 2]


def test_voluntary_move_moves_and_pays_what_the_market_charges() -> None:
    """seed 000 *Move*; components §1 #34 New York Marathon: 2 Energy per voluntary move."""
    state = three().monster("kong", energy=3).build()
    moved = voluntary_move(state, 0, BROOKLYN)
    assert where(moved, 0) == (BROOKLYN, None, None)
    assert moved.monsters[0].energy == 3
    marathon = three().monster("kong", energy=3).market(["new-york-marathon", None, None])
    moved = voluntary_move(marathon.build(), 0, BROOKLYN)
    assert (where(moved, 0), moved.monsters[0].energy) == ((BROOKLYN, None, None), 1)


def test_voluntary_move_tells_the_enter_effects() -> None:
    """components §1 #28 I ♥ NY Tourist: a Souvenir in "each borough you enter that has none
    yet"; "Each time you place one, gain 1 VP and 1 Energy"."""
    state = three().monster("kong", cards=["i-love-ny-tourist"]).build()
    moved = voluntary_move(state, 0, BROOKLYN)
    assert moved.boroughs[BROOKLYN].markers == (SOUVENIR,)
    assert (moved.monsters[0].vp, moved.monsters[0].energy) == (1, 1)
    again = voluntary_move(add_marker(state, BROOKLYN, SOUVENIR), 0, BROOKLYN)
    assert (again.monsters[0].vp, again.monsters[0].energy) == (0, 0)


def test_the_2_4_monster_moving_out_lets_the_5_6_monster_slide_over() -> None:
    """rulings C2 / seed 000 *Advanced Rule*: "If he flees Manhattan ... the Monster on the 5–6
    space moves to the 2–4 space in his current zone"."""
    state = five().monster(0, manhattan="midtown").monster(1, manhattan="upper", track="5-6")
    moved = voluntary_move(state.build(), 0, QUEENS)
    assert where(moved, 0) == (QUEENS, None, None)
    assert where(moved, 1) == (MANHATTAN, Zone.UPPER, MAIN)


def test_must_enter_while_manhattan_has_room() -> None:
    """seed 000 *Move*: a monster outside must move into an empty Manhattan; *Advanced Rule*:
    "you must move into Manhattan if there are fewer than 2 Monsters there" (5–6 players).
    Never a monster already there, nor an eliminated one."""
    state = three().build()
    assert [must_enter(state, seat) for seat in range(3)] == [False, False, False]
    empty = three().monster("mantis", borough="brooklyn").monster("rob", eliminated=True)
    assert [must_enter(empty.build(), seat) for seat in range(3)] == [True, True, False]
    big = five().monster(0, manhattan="lower").build()
    assert [must_enter(big, seat) for seat in range(5)] == [False, True, True, True, True]


def test_enter_manhattan_takes_lower_manhattan_and_1_vp() -> None:
    """seed 000 *Effects of Manhattan*: "You earn 1 Victory Point when you seize control of
    Manhattan. Place your figure in Lower Manhattan" (rulings C1)."""
    state = three().monster("mantis", borough="brooklyn").monster("kong", vp=2).build()
    entered_ = enter_manhattan(state, 0)
    assert where(entered_, 0) == (MANHATTAN, Zone.LOWER, MAIN)
    assert vps(entered_) == [3, 0, 0]
    assert manhattan_occupants(entered_) == (0,)


def test_enter_manhattan_takes_the_5_6_space_when_a_2_4_space_is_taken() -> None:
    """seed 000 *Advanced Rule*: "If there is already a Monster in a 2-4 space regardless of the
    zone he is in, you must move into the 5-6 space" (rulings C2); each entering monster gains
    the 1 VP (rulings C1)."""
    state = five().monster(1, manhattan="upper").build()
    entered_ = enter_manhattan(state, 0)
    assert where(entered_, 0) == (MANHATTAN, Zone.LOWER, SECOND)
    assert where(entered_, 1) == (MANHATTAN, Zone.UPPER, MAIN)
    assert entered_.monsters[0].vp == 1
    assert manhattan_occupants(entered_) == (1, 0)


def test_entering_manhattan_tells_the_enter_effects() -> None:
    """components §1 #11 Chinatown Regular: "Heal 2 damage whenever you enter Manhattan"
    (rulings §7: card healing works in Manhattan)."""
    state = (
        three()
        .monster("mantis", borough="brooklyn")
        .monster("kong", life=5, cards=["chinatown-regular"])
    ).build()
    assert enter_manhattan(state, 0).monsters[0].life == 7


def test_entered_runs_the_enter_effects_only() -> None:
    """:func:`entered` tells ENTER_BOROUGH effects (I ♥ NY Tourist, components §1 #28; Chinatown
    Regular only for Manhattan, #11) without moving the monster."""
    state = (
        three().monster("kong", life=5, cards=["i-love-ny-tourist", "chinatown-regular"]).build()
    )
    after = entered(state, 0, STATEN_ISLAND)
    assert after.boroughs[STATEN_ISLAND].markers == (SOUVENIR,)
    kong = after.monsters[0]
    assert (kong.vp, kong.energy, kong.life) == (1, 1, 5)
    assert where(after, 0) == (QUEENS, None, None)
    healed = entered(state, 0, MANHATTAN)
    assert healed.monsters[0].life == 7
    assert where(healed, 0) == (QUEENS, None, None)
    assert entered(three().build(), 0, BROOKLYN) == three().build()


def test_advance_zone_moves_one_zone_up_and_stops_in_upper_manhattan() -> None:
    """seed 000 *Move*: already in Manhattan, advance one zone (Lower → Midtown → Upper); in Upper
    stay; *Advanced Rule*: "If you are on 2–4, you will advance to the next 2–4; if you are on
    5–6, you will advance to the next 5–6"."""
    state = three().build()
    midtown = advance_zone(state, 1)
    assert where(midtown, 1) == (MANHATTAN, Zone.MIDTOWN, MAIN)
    upper = advance_zone(midtown, 1)
    assert where(upper, 1) == (MANHATTAN, Zone.UPPER, MAIN)
    assert advance_zone(upper, 1) == upper
    big = five().monster(0, manhattan="upper").monster(1, manhattan="lower", track="5-6").build()
    assert where(advance_zone(big, 1), 1) == (MANHATTAN, Zone.MIDTOWN, SECOND)
    top = five().monster(0, manhattan="midtown").monster(1, manhattan="upper", track="5-6")
    assert advance_zone(top.build(), 1) == top.build()


def test_capacity_is_2_only_with_five_monsters_in_a_5_or_6_monster_game() -> None:
    """seed 000 *Advanced Rule*: "In a 5- or 6-player game, there can be as many as two Monsters
    in Manhattan"; "If the elimination of a Monster means that fewer than five Monsters remain
    in the game, from now on, there can only be one Monster in Manhattan"."""
    assert capacity(three().build()) == 1
    assert capacity(Scenario(4).build()) == 1
    assert capacity(five().build()) == 2
    assert capacity(Scenario(6).monster(5, eliminated=True).build()) == 2
    two_gone = Scenario(6).monster(5, eliminated=True).monster(4, eliminated=True)
    assert capacity(two_gone.build()) == 1
    assert capacity(five().monster(4, eliminated=True).build()) == 1


def test_manhattan_occupants_lists_the_2_4_monster_first() -> None:
    """seed 000 *Advanced Rule*: "the Monster on the 2–4 space says whether he will flee" first;
    nobody outside Manhattan is listed."""
    state = five().monster(3, manhattan="midtown").monster(0, manhattan="lower", track="5-6")
    assert manhattan_occupants(state.build()) == (3, 0)
    assert manhattan_occupants(five().build()) == ()


def test_settle_manhattan_slides_a_lone_5_6_monster_to_2_4() -> None:
    """seed 000 *Advanced Rule*: "At any time if the Monster in the 2–4 space is eliminated, the
    Monster on the 5–6 space automatically moves to the 2–4 space in his current zone"."""
    state = five().monster(0, manhattan="lower").monster(1, manhattan="midtown", track="5-6")
    state_ = state.build()
    assert settle_manhattan(state_) == state_
    gone = set_monster(state_, 0, evolve(state_.monsters[0], location=None, eliminated=True))
    settled = settle_manhattan(gone)
    assert where(settled, 1) == (MANHATTAN, Zone.MIDTOWN, MAIN)


def test_settle_manhattan_sends_the_5_6_monster_out_below_five_monsters() -> None:
    """seed 000 *Advanced Rule*: "If there are still two Monsters in Manhattan, the one on the 5–6
    space automatically moves out of Manhattan to the borough of his choice" (rulings C2)."""
    state = five().monster(0, manhattan="lower").monster(1, manhattan="midtown", track="5-6")
    state_ = state.build()
    dead = set_monster(state_, 4, evolve(state_.monsters[4], life=0))
    after = check_eliminations(dead)
    assert capacity(after) == 1
    assert after.next_step == LeaveManhattan(1)
    raw = set_monster(state_, 4, evolve(state_.monsters[4], life=0, location=None, eliminated=True))
    assert settle_manhattan(raw).next_step == LeaveManhattan(1)
    assert k.legal_actions(settle_manhattan(raw)) == tuple(k.MoveTo(b) for b in OUTER_BOROUGHS)


# -- raw updates: no rule runs ---------------------------------------------------------------------


def test_evolve_copies_with_changes_and_refuses_unknown_fields() -> None:
    """:func:`evolve`: a frozen value with fields changed (DESIGN Contract 2: immutable states)."""
    state = three().build()
    kong = evolve(state.monsters[0], vp=4, energy=2)
    assert (kong.vp, kong.energy, kong.life) == (4, 2, 10)
    assert state.monsters[0].vp == 0
    with pytest.raises(TypeError):
        evolve(state.monsters[0], wings=2)


def test_set_monster_applies_no_rule() -> None:
    """A raw update: no cap (Life 15 stays; seed 000's 10 is the primitives' business), no
    Power Tap payment, no Energy gain counted."""
    state = three().monster("mantis", cards=["power-tap"]).build()
    raw = set_monster(state, 0, evolve(state.monsters[0], life=15, energy=5))
    assert lives(raw) == [15, 10, 10]
    assert energies(raw) == [5, 0, 0]
    assert raw.turn.energy_gained == state.turn.energy_gained


def test_set_turn_and_set_borough_replace_what_they_are_given() -> None:
    """Raw updates of the turn and of one borough; nothing else changes."""
    state = three().build()
    turned = set_turn(state, marks=("x",), rerolls_left=0)
    assert (turned.turn.marks, turned.turn.rerolls_left) == (("x",), 0)
    assert turned.turn.seat == state.turn.seat
    assert turned.monsters == state.monsters
    tiles = evolve(state.boroughs[BRONX], markers=(SOUVENIR,))
    bordered = set_borough(state, BRONX, tiles)
    assert bordered.boroughs[BRONX] == tiles
    assert bordered.boroughs[QUEENS] == state.boroughs[QUEENS]


def test_push_still_puts_the_first_step_given_on_top_while_deprecated() -> None:
    """``kingofny.effects.push`` (deprecated in 0.2: effects ask and roll) still works until 0.3,
    with a DeprecationWarning: "the first one given runs first"; its input is unchanged."""
    with pytest.warns(DeprecationWarning, match="push is deprecated"):
        push = cast(Callable[..., GameState], fx.push)
    state, twin = three().turn("kong", at="move").build(), three().turn("kong", at="move").build()
    pushed = push(state, Shop(2), ChooseMove(1))
    assert pushed.next_step == Shop(2)
    assert pushed.agenda == (*state.agenda, ChooseMove(1), Shop(2))
    assert state == twin
    assert state.next_step == ChooseMove(0)


# -- every primitive leaves its input unchanged ----------------------------------------------------

Call = Callable[[GameState], object]

NEW, SAME, VALUE = "new", "same", "value"
"""What a call on :func:`busy` returns: a changed state, a state equal to its input (a no-op,
or an update undone), or a value that is not a state."""

CALLS: list[tuple[str, Call, str]] = [
    ("gain_vp", lambda s: gain_vp(s, 0, 3), NEW),
    ("gain_vp-", lambda s: gain_vp(s, 0, -3), NEW),
    ("gain_energy", lambda s: gain_energy(s, 0, 4, dice=True), NEW),
    ("spend_energy", lambda s: spend_energy(s, 0, 2), NEW),
    ("heal", lambda s: heal(s, 0, 3), NEW),
    ("max_life", lambda s: max_life(s, 0), VALUE),
    ("clamp_life", lambda s: clamp_life(s, 0), SAME),
    ("damage", lambda s: damage(s, {0: 2, 1: 9}, Source.CARD, 0), NEW),
    ("lose_all_life", lambda s: lose_all_life(s, 0), NEW),
    ("check_eliminations", check_eliminations, SAME),
    ("give_tokens", lambda s: give_tokens(s, 0, "web", 2), NEW),
    ("remove_tokens", lambda s: remove_tokens(s, 0, "curse"), NEW),
    ("add_marker", lambda s: add_marker(s, BROOKLYN, SOUVENIR), NEW),
    ("bought", lambda s: bought(s, 0, OVERLOAD), NEW),
    ("discard_card", lambda s: discard_card(s, 0, CARAPACE), NEW),
    ("take_from_market", lambda s: take_from_market(s, 0, 0), NEW),
    ("mark", lambda s: mark(s, "x"), NEW),
    ("unmark", lambda s: unmark(mark(s, "x"), "x"), SAME),
    ("has_mark", lambda s: has_mark(s, "x"), VALUE),
    ("extra_turn", lambda s: extra_turn(s, 1), NEW),
    ("win", lambda s: win(s, (0,)), NEW),
    ("withdraw_win", lambda s: withdraw_win(win(s, (0,)), (0,)), SAME),
    ("voluntary_move", lambda s: voluntary_move(s, 0, BROOKLYN), NEW),
    ("move_cost", lambda s: move_cost(s, 0), VALUE),
    ("must_enter", lambda s: must_enter(s, 0), VALUE),
    ("open_boroughs", open_boroughs, VALUE),
    ("enter_manhattan", lambda s: enter_manhattan(s, 2), NEW),
    ("entered", lambda s: entered(s, 0, MANHATTAN), NEW),
    ("advance_zone", lambda s: advance_zone(s, 1), NEW),
    ("capacity", capacity, VALUE),
    ("manhattan_occupants", manhattan_occupants, VALUE),
    ("settle_manhattan", settle_manhattan, SAME),
    ("wait_for_reveals", lambda s: wait_for_reveals(s, 0, COLUMBIA), NEW),
    ("stop_waiting", lambda s: stop_waiting(wait_for_reveals(s, 0, COLUMBIA), 0, COLUMBIA), SAME),
    ("ask", lambda s: ask(s, 0, COLUMBIA, (f"card:{HUNTER}",)), NEW),
    ("roll", lambda s: roll(s, 0, ANTIMATTER, 2), NEW),
    ("owned", lambda s: owned(s, 0), VALUE),
    ("evolve", lambda s: evolve(s, statue=0), NEW),
    ("set_monster", lambda s: set_monster(s, 0, evolve(s.monsters[0], vp=9)), NEW),
    ("set_turn", lambda s: set_turn(s, marks=("x",)), NEW),
    ("set_borough", lambda s: set_borough(s, BRONX, evolve(s.boroughs[BRONX], markers=())), NEW),
]


def busy() -> Scenario:
    """A position the calls above act on: Kong (0) in Queens with Carapace and Chinatown Regular
    (9 of 12 Life), tokens, Energy and VP; Mantis (1) in Lower Manhattan with Power Tap; Rob (2)
    in Staten Island; Hunter in the market; a Souvenir in the Bronx; Kong's Move step."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", life=9, vp=5, energy=6)
        .monster("kong", cards=["carapace", "chinatown-regular"])
        .monster("kong", tokens={"curse": 1, "carapace": 2})
        .monster("mantis", manhattan="lower", cards=["power-tap"])
        .monster("rob", borough="staten-island")
        .market(["hunter", None, None])
        .borough("bronx", souvenir=True)
        .turn("kong", at="move")
    )


@pytest.mark.parametrize(("name", "call", "returns"), CALLS, ids=[c[0] for c in CALLS])
def test_a_primitive_leaves_its_input_unchanged(name: str, call: Call, returns: str) -> None:
    """DESIGN Contract 2: states are immutable and equal by value; every primitive returns a new
    value and leaves the state it was given equal, in value, ``repr`` and hash, to what it was.
    A no-op (or an update undone by its inverse) gives a state equal to the input."""
    state, twin = busy().build(), busy().build()
    before = repr(state)
    result = call(state)
    assert state == twin
    assert repr(state) == before
    assert hash(state) == hash(twin)
    if returns == VALUE:
        assert not isinstance(result, GameState)
    else:
        assert isinstance(result, GameState)
        assert (result == state) is (returns == SAME), name
