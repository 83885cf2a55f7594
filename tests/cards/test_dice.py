"""The 'dice' group of card effects: extra dice, reroll rules, added symbols and face
conversions (components §1; rulings §2, §7, §13, §16, D14, D18, D19, D31; seed 000 *Card
Description*, *Resolve the Dice*, *Attack*)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny.content.base.effects import dice as group
from kingofny.model.actions import UseCard
from kingofny.model.steps import CardChoice, ChooseFace, ChooseReroll, Destroy, RollDice, Shop
from kingofny.testing import Scenario, card, play, roll
from kingofny.testing import resolve as res


def use(slug: str, option: str) -> UseCard:
    """The action using (or answering for) the card ``base:<slug>``."""
    return UseCard(f"base:{slug}", option)


def d(text: str) -> k.Dice:
    return k.Dice.parse(text)


def table(cards: list[str], dice: str, **kong: object) -> Scenario:
    """Kong (seat 0) in Queens holding ``cards``, Mantis (seat 1) in Lower Manhattan; Kong's
    turn with ``dice`` showing and one reroll left (stopping sets the result aside)."""
    where = {"borough": "queens", **kong}
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=cards, **where)  # type: ignore[arg-type]
        .monster("mantis", manhattan="lower")
        .turn("kong", dice=dice, rerolls_left=1)
    )


def stop(scenario: Scenario) -> k.GameState:
    """Build and stop rolling: RESULT_MODIFY and RESOLUTION_START effects act."""
    return play(scenario.build(), k.StopRolling())


def resolving(cards: list[str], dice: str, **kong: object) -> k.GameState:
    """Like :func:`table`, but already at the ChooseFace decision (no resolution-start
    effects)."""
    where = {"borough": "queens", **kong}
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=cards, **where)  # type: ignore[arg-type]
        .monster("mantis", manhattan="lower")
        .turn("kong", dice=dice)
        .build()
    )


def offered(state: k.GameState, slug: str) -> list[str]:
    """The options of ``base:<slug>`` among the legal actions."""
    return [
        a.option
        for a in k.legal_actions(state)
        if isinstance(a, UseCard) and a.card == f"base:{slug}"
    ]


def finish_turn(state: k.GameState) -> k.GameState:
    """Stay put and end buying until seat 0's turn is over."""
    while not state.is_terminal and state.turn.seat == 0:
        top = state.next_step
        if isinstance(top, Shop):
            state = play(state, k.EndBuying())
        elif k.StayPut() in k.legal_actions(state):
            state = play(state, k.StayPut())
        else:
            raise AssertionError(f"unexpected decision {top}")
    return state


def play_out_turn(state: k.GameState) -> k.GameState:
    """Resolve the faces in the offered order, take the first destruction target, stay put and
    end buying until seat 0's turn is over (a tile revealed on the way is the first outcome)."""
    calm = (k.EndBuying(), k.StayPut(), k.StayInManhattan())
    while not state.is_terminal and state.turn.seat == 0:
        if state.is_chance:
            state = k.apply(state, k.chance_outcomes(state)[0][0])
            continue
        legal = k.legal_actions(state)
        state = play(state, next((a for a in calm if a in legal), legal[0]))
    return state


# -- Extra Head and Natural Selection ----------------------------------------------------------


def test_extra_head_rolls_a_seventh_die() -> None:
    """components §1 #20: "You roll 1 extra die (use a green die)"."""
    state = Scenario(["kong", "mantis"]).monster("kong", cards=["extra-head"]).build()
    assert state.next_step == RollDice(7)
    state = play(state, roll("AAEEHHC"))
    assert state.turn.dice.total == 7


def test_natural_selection_rolls_a_seventh_die() -> None:
    """components §1 #33: "You roll 1 extra die (green)"."""
    state = Scenario(["kong", "mantis"]).monster("kong", cards=["natural-selection"]).build()
    assert state.next_step == RollDice(7)


def test_extra_head_and_natural_selection_roll_eight_dice() -> None:
    """rulings §13: "A monster holding both rolls 8 dice"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["extra-head", "natural-selection"])
        .build()
    )
    assert state.next_step == RollDice(8)


def test_other_monsters_keep_six_dice() -> None:
    """components §1 #20: the extra die is the owner's ("You roll")."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("mantis", cards=["extra-head", "natural-selection"])
        .turn("kong", at="start")
        .build()
    )
    assert state.next_step == RollDice(6)


def buying(card_slug: str, *, dice: str = "AAEEHH", **kong: object) -> k.GameState:
    """Kong's Buy step with ``card_slug`` in market slot 0 (Kong in Queens unless told)."""
    where = {"borough": "queens", **kong}
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", **where)  # type: ignore[arg-type]
        .monster("mantis", manhattan="lower")
        .market([card_slug, None, None])
        .turn("kong", at="buy", dice=dice)
        .build()
    )


def test_natural_selection_when_bought_gives_4_energy_and_heals_4() -> None:
    """components §1 #33: "When bought: gain 4 Energy and heal 4 damage" (cost 2)."""
    state = play(buying("natural-selection", energy=5, life=5), k.Buy(0))
    kong = state.monsters[0]
    assert kong.cards == ("base:natural-selection",)
    assert kong.energy == 5 - 2 + 4
    assert kong.life == 9


def test_natural_selection_heals_no_higher_than_10() -> None:
    """seed 000 *Heal*: "A Monster cannot have more than 10 Life Points"."""
    state = play(buying("natural-selection", energy=2, life=8), k.Buy(0))
    assert state.monsters[0].life == 10
    assert state.monsters[0].energy == 4


def test_natural_selection_heals_in_manhattan() -> None:
    """rulings §7: non-dice healing works in Manhattan."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="midtown", energy=2, life=3)
        .market(["natural-selection", None, None])
        .turn("kong", at="buy")
        .build()
    )
    state = play(state, k.Buy(0))
    assert state.monsters[0].life == 7


def ending(cards: list[str], dice: str, seat: int = 0) -> k.GameState:
    """The end of ``seat``'s turn with ``dice`` as its result; Kong (0) holds ``cards``. The
    scenario runs the end of the turn, so the state is the next turn's."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", cards=cards)
        .monster("mantis", manhattan="lower")
        .turn(seat, at="end", dice=dice)
        .build()
    )


def test_natural_selection_a_celebrity_at_the_end_of_the_turn_eliminates_the_owner() -> None:
    """components §1 #33: "If you end a turn with at least 1 Celebrity among your results, you
    lose this card and all your Life Points"."""
    state = ending(["natural-selection", "stomp"], "CEEEEEE")
    kong = state.monsters[0]
    assert kong.eliminated
    assert kong.life == 0
    assert "base:natural-selection" in state.discard
    assert state.turn.seat == 1


def test_natural_selection_no_celebrity_no_loss() -> None:
    """components §1 #33: the loss needs "at least 1 Celebrity"."""
    state = ending(["natural-selection"], "AEEEEEH")
    kong = state.monsters[0]
    assert not kong.eliminated
    assert kong.life == 10
    assert kong.cards == ("base:natural-selection",)


def test_natural_selection_only_at_the_end_of_the_owners_turn() -> None:
    """components §1 #33: "If you end a turn": another monster's Celebrity do not count."""
    state = ending(["natural-selection"], "CCCEEE", seat=1)
    assert not state.monsters[0].eliminated


def test_natural_selection_applies_on_the_turn_it_was_bought() -> None:
    """rulings D14: "Applies" on the turn it was bought (literal reading)."""
    state = buying("natural-selection", dice="CAAEEE", energy=2)
    state = play(state, k.Buy(0), card("stomp"), k.EndBuying())
    assert state.monsters[0].eliminated
    assert state.turn.seat == 1


def test_natural_selection_survives_when_chameleon_discards_every_celebrity() -> None:
    """rulings D14 / §16: Natural Selection checks "the final faces, after Chameleon"; seed 000
    *Card Description* (Chameleon): "You can discard as many Celebrity as you wish"."""
    state = stop(table(["natural-selection", "chameleon"], "CEEEEEE"))
    state = play(state, use("chameleon", "discard:celebrity"))
    state = finish_turn(state)
    kong = state.monsters[0]
    assert not kong.eliminated
    assert kong.energy == 6
    assert kong.cards == ("base:natural-selection", "base:chameleon")


def test_natural_selection_counts_a_die_chameleon_turned_into_celebrity() -> None:
    """rulings D14: the final faces after Chameleon: a die changed to Celebrity shows one."""
    state = stop(table(["natural-selection", "chameleon"], "CEEEEEE"))
    state = play(state, use("chameleon", "convert:energy:celebrity"), res("C"))
    state = finish_turn(state)
    assert state.monsters[0].eliminated


# -- Stomp, Fury, Towering Titan -----------------------------------------------------------------


def test_stomp_adds_one_destruction_that_resolves_with_the_rolled_one() -> None:
    """components §1 #50: "Add 1 Destruction to your result"; rulings §2: card-added symbols
    join the group of their type (1 rolled + 1 = 2 destroys a High-Rise 2 worth 2 VP)."""
    scenario = table(["stomp"], "DEEEHH").borough(
        "queens", stacks=["high-rise-2", "high-rise-3", "high-rise-3"], hidden=0
    )
    state = stop(scenario)
    assert state.turn.unresolved == d("EEEHHDD")
    state = play(state, res("D"))
    assert state.monsters[0].vp == 2


def test_stomp_adds_destruction_without_any_rolled() -> None:
    """components §1 #50: the Destruction is added whatever was rolled."""
    state = stop(table(["stomp"], "EEEHHA"))
    assert state.turn.unresolved == d("EEEHHAD")


def test_fury_with_three_units_adds_destruction_and_energy() -> None:
    """components §1 #23: "If you are in a borough with at least 3 Units, add 1 Destruction and
    1 Energy to your roll"."""
    scenario = table(["fury"], "EHHHAA").borough("queens", units=["infantry"] * 3)
    state = stop(scenario)
    assert state.turn.unresolved == d("EHHHAA").plus(d("DE"))
    state = play(state, res("E"))
    assert state.monsters[0].energy == 2


def test_fury_with_two_units_adds_nothing() -> None:
    """components §1 #23: "at least 3 Units"."""
    state = stop(table(["fury"], "EHHHAA").borough("queens", units=["infantry"] * 2))
    assert state.turn.unresolved == d("EHHHAA")


def test_fury_is_checked_once_when_the_result_is_set_aside() -> None:
    """rulings §16: Fury is "checked once, at the start of resolution": destroying a unit that
    takes the borough below 3 leaves the added Energy in place (1 rolled + 1 = 2)."""
    scenario = table(["fury"], "DEHHHH", life=5).borough(
        "queens", stacks=["high-rise-3"] * 3, hidden=0, units=["infantry"] * 3
    )
    state = play(stop(scenario), res("D"))
    assert len(state.boroughs[k.Borough.QUEENS].units) == 2
    state = play(state, res("E"))
    assert state.monsters[0].energy == 2


def test_towering_titan_adds_two_attack() -> None:
    """components §1 #58: "Add 2 Attack to your result" (1 rolled + 2 = 3 damage)."""
    state = play(stop(table(["towering-titan"], "AEEEHH")), res("A"))
    assert state.monsters[1].life == 7


def test_towering_titan_attacks_without_any_rolled() -> None:
    """components §1 #58: the two Attack are added whatever was rolled."""
    state = play(stop(table(["towering-titan"], "EEEHHH")), res("A"))
    assert state.monsters[1].life == 8


def test_towering_titan_is_blocked_by_the_empty_manhattan_rule() -> None:
    """rulings §16: Towering Titan is "still subject to the empty-Manhattan rule"; seed 000
    *Attack*: no damage if nobody was in Manhattan at the start of the turn."""
    scenario = table(["towering-titan"], "AEEEHH").turn(
        "kong", dice="AEEEHH", rerolls_left=1, manhattan_was_occupied=False
    )
    state = play(stop(scenario), res("A"))
    assert state.monsters[1].life == 10


# -- Hailing Cabs --------------------------------------------------------------------------------


def cabs(dice: str, cards: list[str] | None = None) -> Scenario:
    """Hailing Cabs; Queens holds three High-Rise 1 (nothing under them) and one Infantry."""
    return table(cards or ["hailing-cabs"], dice, life=8).borough(
        "queens", stacks=["high-rise-1"] * 3, hidden=0, units=["infantry"]
    )


def test_hailing_cabs_asks_before_any_type_resolves() -> None:
    """components §1 #25: "You may add 2 Destruction"; cards.py notes: decided at
    RESULT_MODIFY, before any type resolves."""
    state = stop(cabs("DEEEHH"))
    assert state.next_step == CardChoice(0, "base:hailing-cabs", ("use", "skip"))
    assert state.agenda[-2] == ChooseFace(0)
    assert k.legal_actions(state) == (use("hailing-cabs", "use"), use("hailing-cabs", "skip"))


def test_hailing_cabs_used_adds_two_destruction_and_only_units_may_be_destroyed() -> None:
    """components §1 #25: "add 2 Destruction ...; if you do, you can destroy only Units (not
    Buildings) this turn": 3 points destroy the Infantry (2) and the third point is lost, though
    a High-Rise 1 stands."""
    state = play(stop(cabs("DEEEHH")), use("hailing-cabs", "use"))
    assert state.turn.unresolved[k.Face.DESTRUCTION] == 3
    state = play(state, res("D"))
    queens = state.boroughs[k.Borough.QUEENS]
    assert queens.units == ()
    assert all(s.top is not None for s in queens.stacks)
    assert state.monsters[0].life == 9
    assert isinstance(state.next_step, ChooseFace)


def test_hailing_cabs_skipped_changes_nothing() -> None:
    """components §1 #25: adding is optional; without it Buildings may be destroyed."""
    state = play(stop(cabs("DEEEHH")), use("hailing-cabs", "skip"))
    assert state.turn.unresolved == d("DEEEHH")
    state = play(state, res("D"))
    assert isinstance(state.next_step, Destroy)
    assert any(isinstance(a, k.DestroyBuilding) for a in k.legal_actions(state))


def test_hailing_cabs_rejects_other_answers() -> None:
    """Bad input raises a typed error and leaves the state alone."""
    state = stop(cabs("DEEEHH"))
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:hailing-cabs maybe is not legal for seat 0 at card-choice; ",
    ):
        k.apply(state, use("hailing-cabs", "maybe"))
    step = state.next_step
    assert isinstance(step, CardChoice)
    with pytest.raises(k.IllegalActionError, match=r"^base:hailing-cabs cannot use 'maybe' now; "):
        group.EFFECTS["base:hailing-cabs"].choose(state, step, "maybe")


# -- Painbow -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("destruction", "attack"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)]
)
def test_painbow_adds_attack_by_destruction(destruction: int, attack: int) -> None:
    """components §1 #38: "with 2 Destruction you get an extra Attack; with 4, 2 extra Attacks";
    rulings D19: "at least" thresholds, not cumulative."""
    dice = "D" * destruction + "E" * (6 - destruction)
    state = stop(table(["painbow"], dice))
    assert state.turn.unresolved[k.Face.ATTACK] == attack
    assert state.turn.unresolved[k.Face.DESTRUCTION] == destruction


def test_painbow_six_destruction_win_at_the_end_of_the_turn() -> None:
    """components §1 #38: "with 6, you win the game"; seed 000, *End of the Game*: "The game ends
    at the end of a turn", and *Card Clarifications*: "You must survive your entire turn in
    order to win". The game goes on until the turn is over, then the owner wins."""
    state = stop(table(["painbow"], "DDDDDD"))
    assert not state.is_terminal
    assert state.turn.win_claims == (0,)
    # docs/rules.rst K3: "at least" thresholds (rulings D19), so six also add the 2 Attack of four.
    assert state.turn.unresolved[k.Face.ATTACK] == 2
    state = play_out_turn(state)
    assert state.winners == (0,)


def test_painbow_win_is_lost_if_the_owner_dies_before_its_turn_ends() -> None:
    """seed 000, *Card Clarifications*: "You must survive your entire turn in order to win":
    Natural Selection eliminates the owner at the end of the turn (a Celebrity among its seven
    dice, rulings D14), so Painbow's six Destruction win nothing and the game ends with the last
    monster standing."""
    state = stop(table(["painbow", "natural-selection"], "DDDDDDC"))
    assert state.turn.win_claims == (0,)
    state = play_out_turn(state)
    assert state.monsters[0].eliminated
    assert state.winners == (1,)


def test_painbow_win_is_withdrawn_when_a_conversion_drops_below_six() -> None:
    """rulings §2: Painbow's thresholds "are computed on the results after those conversions":
    six Destruction declare the win, Chameleon turning one into Energy takes it back."""
    state = stop(table(["painbow", "chameleon", "extra-head"], "DDDDDDC"))
    assert state.turn.win_claims == (0,)
    state = play(state, use("chameleon", "convert:destruction:energy"))
    assert state.turn.win_claims == ()
    assert state.turn.unresolved[k.Face.ATTACK] == 2
    state = play_out_turn(state)
    assert not state.is_terminal


def test_painbow_attack_deals_damage_and_destruction_still_resolves() -> None:
    """rulings §16 (Painbow): "Destruction still resolves normally"; its Attack joins the
    Attack group (rulings §2): 1 rolled + 1 added = 2 damage."""
    scenario = table(["painbow"], "DDAEEE").borough(
        "queens", stacks=["high-rise-2", "high-rise-3", "high-rise-3"], hidden=0
    )
    state = play(stop(scenario), res("D"))
    assert state.monsters[0].vp == 2
    state = play(state, res("A"))
    assert state.monsters[1].life == 8


@pytest.mark.parametrize("cards", [["painbow", "stomp"], ["stomp", "painbow"]])
def test_painbow_counts_stomps_destruction(cards: list[str]) -> None:
    """rulings D19: "Card-added Destruction (Stomp, Fury, Hailing Cabs) counts": 1 + 1 = 2."""
    state = stop(table(cards, "DEEEHH"))
    assert state.turn.unresolved[k.Face.ATTACK] == 1


def test_painbow_counts_furys_destruction() -> None:
    """rulings D19: Fury's Destruction counts: 1 + 1 = 2."""
    scenario = table(["painbow", "fury"], "DEEEHH").borough("queens", units=["infantry"] * 3)
    assert stop(scenario).turn.unresolved[k.Face.ATTACK] == 1


@pytest.mark.parametrize("cards", [["painbow", "hailing-cabs"], ["hailing-cabs", "painbow"]])
def test_painbow_counts_after_hailing_cabs_answer(cards: list[str]) -> None:
    """cards.py notes: Hailing Cabs decides before Painbow counts; rulings D19: its Destruction
    counts: 2 + 2 = 4 give 2 Attack."""
    state = stop(table(cards, "DDEEEH"))
    assert state.turn.unresolved[k.Face.ATTACK] == 0
    state = play(state, use("hailing-cabs", "use"))
    assert state.turn.unresolved[k.Face.ATTACK] == 2
    assert state.turn.unresolved[k.Face.DESTRUCTION] == 4


def test_painbow_hailing_cabs_skipped_counts_the_dice_only() -> None:
    """rulings D19: 2 rolled Destruction give 1 Attack when Hailing Cabs adds nothing."""
    state = stop(table(["painbow", "hailing-cabs"], "DDEEEH"))
    state = play(state, use("hailing-cabs", "skip"))
    assert state.turn.unresolved[k.Face.ATTACK] == 1


def test_painbow_hailing_cabs_reaching_six_wins() -> None:
    """rulings D19: 4 rolled + 2 from Hailing Cabs = 6 Destruction: the owner wins at the end of
    the turn (seed 000, *End of the Game*)."""
    state = stop(table(["hailing-cabs", "painbow"], "DDDDEE"))
    assert state.turn.win_claims == ()
    state = play(state, use("hailing-cabs", "use"))
    assert state.turn.win_claims == (0,)
    assert play_out_turn(state).winners == (0,)


def test_painbow_recounts_after_chameleon_adds_destruction() -> None:
    """rulings §2: Painbow's thresholds "are computed on the results after those conversions":
    3 Destruction give 1 Attack; Chameleon makes it 4, giving 2."""
    state = stop(table(["painbow", "chameleon"], "DDDCEE"))
    assert state.turn.unresolved[k.Face.ATTACK] == 1
    state = play(state, use("chameleon", "convert:energy:destruction"))
    assert state.turn.unresolved == d("EDDDDAA")


def test_painbow_recounts_after_chameleon_removes_destruction() -> None:
    """rulings §2: 2 Destruction give 1 Attack; after Chameleon turns one into Energy, 1 gives
    none."""
    state = stop(table(["painbow", "chameleon"], "DDCEEE"))
    assert state.turn.unresolved[k.Face.ATTACK] == 1
    state = play(state, use("chameleon", "convert:destruction:energy"))
    assert state.turn.unresolved == d("EEEED")


def test_painbow_chameleon_reaching_six_wins() -> None:
    """rulings §2 and D19: 5 Destruction, and Chameleon turns a seventh die (Extra Head) into
    the sixth: the owner wins at the end of the turn (seed 000, *End of the Game*)."""
    state = stop(table(["painbow", "chameleon", "extra-head"], "DDDDDCE"))
    assert state.turn.win_claims == ()
    state = play(state, use("chameleon", "convert:energy:destruction"))
    assert state.turn.win_claims == (0,)
    assert play_out_turn(state).winners == (0,)


def test_painbow_attack_is_not_added_after_attack_resolved() -> None:
    """seed 000 *Resolve the Dice*: a type resolves once: once Attack has resolved (1 rolled +
    1 from 3 Destruction = 2 damage), raising Destruction to 4 adds no more Attack."""
    state = stop(table(["painbow", "chameleon"], "DDDCAE"))
    state = play(state, res("A"), k.StayInManhattan())
    assert state.monsters[1].life == 8
    assert state.next_step == ChooseFace(0)
    state = play(state, use("chameleon", "convert:energy:destruction"))
    # Only Destruction was left, so it resolved by itself, with 4 points.
    assert state.next_step == Destroy(0, 4)
    assert state.turn.unresolved == d("-")
    assert state.monsters[1].life == 8


# -- Chameleon -----------------------------------------------------------------------------------


def test_chameleon_options_are_offered_at_choose_face() -> None:
    """seed 000 *Card Description*: "You can discard as many Celebrity as you wish. For each
    Celebrity discarded, you can change the face of one of the dice you haven't resolved";
    rulings §16: to any face. One Celebrity, five Energy: discard only, or turn an Energy into
    each of the five other faces."""
    state = resolving(["chameleon"], "CEEEEE")
    assert k.legal_actions(state) == (
        res("E"),
        res("C"),
        use("chameleon", "discard:celebrity"),
        use("chameleon", "convert:energy:heal"),
        use("chameleon", "convert:energy:attack"),
        use("chameleon", "convert:energy:celebrity"),
        use("chameleon", "convert:energy:destruction"),
        use("chameleon", "convert:energy:ouch"),
    )


def test_chameleon_with_two_celebrity_may_change_the_other_one() -> None:
    """seed 000 *Card Description*: the second Celebrity is an unresolved die like any other:
    three source faces (Energy, Attack, Celebrity) times five targets, plus discard only."""
    options = offered(resolving(["chameleon"], "CCAEEE"), "chameleon")
    assert len(options) == 16
    assert options[0] == "discard:celebrity"
    assert {"convert:celebrity:attack", "convert:attack:energy", "convert:energy:ouch"} <= set(
        options
    )


def test_chameleon_change_is_used_when_the_type_resolves() -> None:
    """seed 000 *Card Description*: the changed die resolves with its new face: 1 Attack + 1
    changed from Energy = 2 damage; the discarded Celebrity is gone."""
    state = play(resolving(["chameleon"], "CEEAHH"), use("chameleon", "convert:energy:attack"))
    assert state.turn.unresolved == d("EHHAA")
    assert state.next_step == ChooseFace(0)
    state = play(state, res("A"))
    assert state.monsters[1].life == 8


def test_chameleon_discarded_celebrity_do_not_count_for_superstar() -> None:
    """rulings §16: "Discarded Celebrity dice no longer count for Superstar": 3 rolled, 1
    discarded, 2 resolve: no Superstar."""
    state = play(resolving(["chameleon"], "CCCEEE"), use("chameleon", "convert:energy:attack"))
    state = play(state, res("C"))
    assert state.superstar is None
    assert state.monsters[0].vp == 0


def test_chameleon_discard_only() -> None:
    """seed 000 *Card Description*: "you can change": discarding changes no other die."""
    state = play(resolving(["chameleon"], "CCEEEH"), use("chameleon", "discard:celebrity"))
    assert state.turn.unresolved == d("CEEEH")


def test_chameleon_not_offered_without_celebrity() -> None:
    """seed 000 *Card Description*: only Celebrity may be discarded."""
    assert offered(resolving(["chameleon"], "AEEEHH"), "chameleon") == []


def test_chameleon_never_into_a_type_already_resolved() -> None:
    """seed 000 *Resolve the Dice*: "all the dice of the same type must be resolved before
    resolving another type": after Energy resolved, no die is turned into Energy."""
    state = play(resolving(["chameleon"], "CEEHHH", life=5), res("E"))
    options = offered(state, "chameleon")
    assert "convert:heal:attack" in options
    assert not any(o.endswith(">E") for o in options)


def test_chameleon_cannot_change_a_card_added_symbol() -> None:
    """components §1 #10: Chameleon changes "dice"; Stomp's Destruction is not a die."""
    state = stop(table(["chameleon", "stomp"], "CEEEEE"))
    assert state.turn.unresolved[k.Face.DESTRUCTION] == 1
    options = offered(state, "chameleon")
    assert "convert:energy:attack" in options
    assert not any(o.startswith("C:D>") for o in options)


def test_chameleon_rejects_options_not_offered() -> None:
    """Bad input raises a typed error: no die can turn into its own face."""
    state = resolving(["chameleon"], "CEEEEE")
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:chameleon convert:energy:energy is not offered to seat 0 now$",
    ):
        k.apply(state, use("chameleon", "convert:energy:energy"))
    with pytest.raises(k.IllegalActionError, match=r"^base:chameleon cannot use 'C:Z>Q' now; "):
        group.EFFECTS["base:chameleon"].use(state, 0, "C:Z>Q")


# -- Artificial Heart, Universal Soldier, Of Another World ------------------------------------


def test_artificial_heart_turns_heal_into_energy_one_die_at_a_time() -> None:
    """components §1 #3: "You may convert some or all of your Heal results into Energy results";
    the engine offers it as a card use at the ChooseFace decision."""
    state = resolving(["artificial-heart"], "HHEEAA")
    assert use("artificial-heart", "convert:heal:energy") in k.legal_actions(state)
    state = play(state, use("artificial-heart", "convert:heal:energy"))
    assert state.turn.unresolved == d("HEEEAA")
    state = play(state, use("artificial-heart", "convert:heal:energy"))
    assert offered(state, "artificial-heart") == []
    state = play(state, res("E"))
    assert state.monsters[0].energy == 4


def test_artificial_heart_works_in_manhattan() -> None:
    """rulings §7: "Heal dice rolled in Manhattan can still be converted"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="lower", cards=["artificial-heart"])
        .turn("kong", dice="HHEAAA")
        .build()
    )
    state = play(
        state,
        use("artificial-heart", "convert:heal:energy"),
        use("artificial-heart", "convert:heal:energy"),
    )
    state = play(state, res("E"))
    assert state.monsters[0].energy == 3


def test_artificial_heart_not_after_energy_resolved() -> None:
    """rulings §16: "Decide before resolving Heal or Energy"."""
    state = play(resolving(["artificial-heart"], "HHEEAA", life=5), res("E"))
    assert offered(state, "artificial-heart") == []


def test_universal_soldier_offers_both_directions() -> None:
    """components §1 #61: Heal into Attack and/or Attack into Heal."""
    assert offered(resolving(["universal-soldier"], "HAEEEE"), "universal-soldier") == [
        "convert:heal:attack",
        "convert:attack:heal",
    ]


def test_universal_soldier_heal_into_attack() -> None:
    """components §1 #61: 1 Attack + 1 converted Heal = 2 damage."""
    state = play(
        resolving(["universal-soldier"], "HHAEEE"), use("universal-soldier", "convert:heal:attack")
    )
    state = play(state, res("A"))
    assert state.monsters[1].life == 8


def test_universal_soldier_attack_into_heal() -> None:
    """components §1 #61: 1 Heal + 2 converted Attack heal 3; nobody is attacked."""
    state = resolving(["universal-soldier"], "AAHEEE", life=5)
    state = play(
        state,
        use("universal-soldier", "convert:attack:heal"),
        use("universal-soldier", "convert:attack:heal"),
    )
    state = play(state, res("H"))
    assert state.monsters[0].life == 8
    assert state.monsters[1].life == 10


def test_universal_soldier_not_into_a_resolved_type() -> None:
    """seed 000 *Resolve the Dice*: after Attack resolved, no Heal turns into Attack."""
    state = play(resolving(["universal-soldier"], "HHAEEE", life=5), res("A"))
    state = play(state, k.StayInManhattan())
    assert offered(state, "universal-soldier") == []


def test_of_another_world_offers_both_directions() -> None:
    """rulings D18: "dice-face conversion in both directions, chosen per die"."""
    assert offered(resolving(["of-another-world"], "HEAAAA"), "of-another-world") == [
        "convert:heal:energy",
        "convert:energy:heal",
    ]


def test_of_another_world_energy_into_heal() -> None:
    """rulings D18: Energy into Heal: 1 Heal + 1 converted = heal 2; 1 Energy left."""
    state = resolving(["of-another-world"], "EEHAAA", life=5)
    state = play(state, use("of-another-world", "convert:energy:heal"), res("H"))
    assert state.monsters[0].life == 7
    state = play(state, res("E"))
    assert state.monsters[0].energy == 1


def test_of_another_world_heal_into_energy() -> None:
    """rulings D18: Heal into Energy."""
    state = resolving(["of-another-world"], "HHEAAA", life=5)
    state = play(state, use("of-another-world", "convert:heal:energy"), res("E"))
    assert state.monsters[0].energy == 2


def test_conversion_rejects_options_not_offered() -> None:
    """Bad input raises a typed error: no Heal to convert."""
    state = resolving(["artificial-heart"], "EEEAAA")
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:artificial-heart convert:heal:energy is not offered to seat 0 now$",
    ):
        k.apply(state, use("artificial-heart", "convert:heal:energy"))
    with pytest.raises(
        k.IllegalActionError,
        match=r"^base:artificial-heart cannot use 'convert:heal:energy' now; it offers none$",
    ):
        group.EFFECTS["base:artificial-heart"].use(state, 0, "convert:heal:energy")


# -- Jinx Aura -----------------------------------------------------------------------------------


def jinxed(holder: str) -> k.GameState:
    return (
        Scenario(["kong", "mantis"])
        .monster(holder, cards=["jinx-aura"])
        .turn("kong", dice="AACCDO", rerolls_left=2)
        .build()
    )


def test_jinx_aura_others_must_use_every_reroll_of_at_least_one_die() -> None:
    """components §1 #29: "Other Monsters must always use all of their rerolls; they still
    choose which dice"; rulings §16: each reroll includes at least 1 die."""
    state = jinxed("mantis")
    legal = k.legal_actions(state)
    assert k.StopRolling() not in legal
    assert all(isinstance(a, k.Reroll) and a.dice.total >= 1 for a in legal)
    state = play(state, k.Reroll(d("O")), roll("E"))
    assert state.next_step == ChooseReroll(0)
    assert k.StopRolling() not in k.legal_actions(state)
    state = play(state, k.Reroll(d("D")), roll("A"))
    assert state.next_step == ChooseFace(0)


def test_jinx_aura_does_not_bind_its_owner() -> None:
    """components §1 #29: "Other Monsters"."""
    assert k.StopRolling() in k.legal_actions(jinxed("kong"))


# -- Personal Spotlight --------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "vp"), [("CEEEEE", 1), ("CCCEEE", 1), ("AEEEEE", 0)])
def test_personal_spotlight_one_vp_when_the_roll_shows_celebrity(dice: str, vp: int) -> None:
    """components §1 #39: "Gain 1 VP on each turn in which you rolled at least 1 Celebrity"
    (once per turn, before anything resolves)."""
    state = stop(table(["personal-spotlight"], dice))
    assert state.monsters[0].vp == vp


def test_personal_spotlight_counts_celebrity_chameleon_discards() -> None:
    """rulings §16: discarded Celebrity "do count for Personal Spotlight ("rolled")"."""
    state = stop(table(["personal-spotlight", "chameleon"], "CEEEEE"))
    state = play(state, use("chameleon", "discard:celebrity"))
    assert state.monsters[0].vp == 1


def test_personal_spotlight_only_on_the_owners_turn() -> None:
    """components §1 #39: "you rolled"."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("mantis", cards=["personal-spotlight"])
        .turn("kong", dice="CEEEEE", rerolls_left=1)
        .build()
    )
    state = play(state, k.StopRolling())
    assert state.monsters[1].vp == 0


# -- Overload ------------------------------------------------------------------------------------


def test_overload_when_bought_gives_4_energy() -> None:
    """components §1 #37: "When bought: gain 4 Energy" (cost 0)."""
    state = play(buying("overload", energy=1), k.Buy(0))
    assert state.monsters[0].energy == 5
    assert state.monsters[0].cards == ("base:overload",)


@pytest.mark.parametrize(("dice", "energy"), [("EEEAHH", 2), ("EAAHHH", 0)])
def test_overload_energy_dice_give_one_less_per_turn(dice: str, energy: int) -> None:
    """components §1 #37: "gain 1 Energy fewer than they would give"; rulings D31: per turn,
    not per die, minimum 0."""
    state = play(resolving(["overload"], dice, life=5), res("E"))
    assert state.monsters[0].energy == energy


def test_overload_other_energy_is_untouched() -> None:
    """rulings D31: only Energy results: the Upper Manhattan bonus (+2 VP, +2 Energy) is whole."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="upper", cards=["overload"])
        .turn("kong", at="start")
        .build()
    )
    assert state.monsters[0].energy == 2


def test_overload_other_monsters_energy_is_untouched() -> None:
    """components §1 #37: "your" Energy results."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("mantis", cards=["overload"])
        .turn("kong", dice="EEEAHH")
        .build()
    )
    state = play(state, res("E"))
    assert state.monsters[0].energy == 3


def test_overload_applies_to_furys_energy() -> None:
    """Our DEFAULT: Fury's Energy joins the Energy group, which pays 1 less: 2 + 1 - 1 = 2."""
    scenario = table(["overload", "fury"], "EEAHHH").borough("queens", units=["infantry"] * 3)
    state = play(stop(scenario), res("E"))
    assert state.monsters[0].energy == 2


def test_a_die_is_not_converted_back_the_same_turn() -> None:
    """Our DEFAULT: after ``H>E`` no ``E>H`` (and the other way round) this turn; a sequence of
    both ends as a one-way one would, and resolution cannot loop."""
    state = resolving(["of-another-world"], "HHEEAA")
    state = play(state, use("of-another-world", "convert:heal:energy"))
    assert offered(state, "of-another-world") == ["convert:heal:energy"]
    state = resolving(["of-another-world", "artificial-heart"], "HHEEAA")
    state = play(state, use("of-another-world", "convert:energy:heal"))
    assert offered(state, "artificial-heart") == []
    assert offered(state, "of-another-world") == ["convert:energy:heal"]


def test_universal_soldier_is_not_converted_back_the_same_turn() -> None:
    """Our DEFAULT: after ``A>H`` no ``H>A`` this turn."""
    state = play(
        resolving(["universal-soldier"], "HHAAEE"), use("universal-soldier", "convert:attack:heal")
    )
    assert offered(state, "universal-soldier") == ["convert:attack:heal"]
