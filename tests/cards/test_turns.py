"""The 'turns' card group: Next Stage, Photo Op, Tesla Cannon, New York Marathon, Columbia
University, Subway, Terminal Rage, Climb the Empire State Building and Super Speed, and the
extra turns they give (components §1; rulings §6, §11, §16, D12, D13, D15, D16, D28; seed 000
*Card Description*, *Move*)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny._engine.ops import evolve
from kingofny.content.base.effects import turns
from kingofny.effects.primitives import move_cost
from kingofny.model.actions import UseCard
from kingofny.model.city import Borough, Zone
from kingofny.model.effect import Context
from kingofny.model.steps import (
    CardChoice,
    ChooseFace,
    ChooseFlee,
    ChooseMove,
    ChooseReroll,
    Destroy,
    RevealCard,
    RollDice,
    Shop,
)
from kingofny.testing import Scenario, card, play, reroll, resolve, roll

NEXT_STAGE = "base:next-stage"
PHOTO_OP = "base:photo-op"
TESLA = "base:tesla-cannon"
MARATHON = "base:new-york-marathon"
COLUMBIA = "base:columbia-university"
SUBWAY = "base:subway"
RAGE = "base:terminal-rage"
CLIMB = "base:climb-the-empire-state-building"
SPEED = "base:super-speed"
HUNTER, FURY, LEVELER = "base:hunter", "base:fury", "base:leveler"  # KEEP cards
STOP = k.StopRolling()


def uses(state: k.GameState, card_id: str) -> set[str]:
    """The options of ``card_id`` among the legal actions."""
    return {
        a.option for a in k.legal_actions(state) if isinstance(a, UseCard) and a.card == card_id
    }


def use(card_id: str, option: str) -> UseCard:
    return UseCard(card_id, option)


def where(state: k.GameState, seat: int) -> Borough:
    location = state.monsters[seat].location
    assert location is not None
    return location.borough


def zone(state: k.GameState, seat: int) -> Zone | None:
    location = state.monsters[seat].location
    assert location is not None
    return location.zone


# -- Next Stage ----------------------------------------------------------------------------------


def next_stage(**kong: object) -> Scenario:
    """Kong (Queens) at its Buy step with Next Stage (cost 4) in slot 0; Mantis in Manhattan."""
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=4, **kong)  # type: ignore[arg-type]
        .monster("mantis", manhattan="lower")
        .market(["next-stage", None, None])
        .turn("kong", at="buy")
    )


def test_next_stage_drops_vp_to_0_and_splits_them_between_heal_and_energy() -> None:
    """components §1 #35: "Lose all your VP. For each VP lost, gain 1 Energy or heal 1 damage";
    rulings §16: the split is the buyer's choice, healing capped at the maximum (6 Life: at most
    4 of the 7 VP can heal)."""
    state = play(next_stage(vp=7, life=6).build(), k.Buy(0))
    kong = state.monsters[0]
    assert (kong.vp, kong.energy) == (0, 0)
    assert state.next_step == CardChoice(
        0, NEXT_STAGE, ("heal:0", "heal:1", "heal:2", "heal:3", "heal:4"), (7,)
    )
    state = play(state, use(NEXT_STAGE, "heal:3"))
    kong = state.monsters[0]
    assert (kong.vp, kong.life, kong.energy) == (0, 9, 4)
    assert state.next_step == RevealCard(0)


def test_next_stage_offers_no_more_heal_than_the_vp_lost() -> None:
    """components §1 #35: one Energy or one heal *per VP lost* (2 VP, 7 Life missing)."""
    state = play(next_stage(vp=2, life=3).build(), k.Buy(0))
    assert uses(state, NEXT_STAGE) == {"heal:0", "heal:1", "heal:2"}
    state = play(state, use(NEXT_STAGE, "heal:0"))
    assert (state.monsters[0].life, state.monsters[0].energy) == (3, 2)


def test_next_stage_at_full_life_turns_every_vp_into_energy() -> None:
    """rulings §16 Next Stage: "healing beyond the maximum is not allowed, so choose Energy for
    the rest": with nothing to heal there is nothing to choose."""
    state = play(next_stage(vp=5).build(), k.Buy(0))
    assert state.next_step == RevealCard(0)
    kong = state.monsters[0]
    assert (kong.vp, kong.life, kong.energy) == (0, 10, 5)


def test_next_stage_with_no_vp_does_nothing() -> None:
    """components §1 #35: nothing is lost, so nothing is gained."""
    state = play(next_stage(vp=0, life=4).build(), k.Buy(0))
    assert state.next_step == RevealCard(0)
    kong = state.monsters[0]
    assert (kong.vp, kong.life, kong.energy) == (0, 4, 0)


def test_next_stage_heals_in_manhattan() -> None:
    """rulings §16 Next Stage: "Healing works in Manhattan" (§7: non-dice healing)."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="midtown", energy=4, vp=3, life=5)
        .market(["next-stage", None, None])
        .turn("kong", at="buy")
    )
    state = play(scenario.build(), k.Buy(0), use(NEXT_STAGE, "heal:3"))
    assert (state.monsters[0].life, state.monsters[0].energy) == (8, 0)


def test_next_stage_keeps_the_goal_cards() -> None:
    """rulings §16 Next Stage: "You keep Superstar and Statue"; the Statue's 3 VP go with the
    rest (D34: a later Statue loss is floored at 0)."""
    scenario = next_stage(vp=6).goals(superstar="kong", statue="kong")
    state = play(scenario.build(), k.Buy(0))
    assert (state.superstar, state.statue) == (0, 0)
    assert (state.monsters[0].vp, state.monsters[0].energy) == (0, 6)


def test_next_stage_refuses_a_split_that_was_not_offered() -> None:
    """Bad input raises IllegalActionError; the state stays valid (DESIGN Contract 3)."""
    state = play(next_stage(vp=7, life=6).build(), k.Buy(0))
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:next-stage heal:5 is not legal for seat 0 at card-choice; ",
    ):
        k.apply(state, use(NEXT_STAGE, "heal:5"))
    step = state.next_step
    assert isinstance(step, CardChoice)
    with pytest.raises(k.IllegalActionError, match=r"^base:next-stage has no option 'heal:7' now$"):
        turns.NextStage().choose(state, step, "heal:7")


# -- Photo Op ------------------------------------------------------------------------------------


def photo_op(dice: str, **mantis: object) -> Scenario:
    """Kong in Lower Manhattan resolving ``dice``; Mantis in Queens, Rob in the Bronx; Photo Op
    (cost 4) in slot 0."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", manhattan="lower", energy=4)
        .monster("mantis", borough="queens", **mantis)  # type: ignore[arg-type]
        .monster("rob", borough="bronx")
        .market(["photo-op", None, None])
        .turn("kong", dice=dice)
    )


def test_photo_op_scores_the_damage_dealt_to_the_chosen_monster() -> None:
    """components §1 #41: "Choose a Monster; gain 1 VP for each damage you dealt to it this
    turn" (3 Attacks from Manhattan hit both outer monsters for 3). The buyer is not offered."""
    state = play(photo_op("AAAEEE").build(), resolve("A"))
    assert [m.life for m in state.monsters] == [10, 7, 7]
    assert state.next_step == Shop(0)
    state = play(state, k.Buy(0))
    assert uses(state, PHOTO_OP) == {"seat:1", "seat:2"}
    state = play(state, use(PHOTO_OP, "seat:1"))
    assert state.monsters[0].vp == 3
    assert state.monsters[0].energy == 3


def test_photo_op_may_pick_an_eliminated_monster_and_counts_the_damage_assigned() -> None:
    """rulings D16: "eliminated monsters allowed; damage as assigned" (3 damage to a monster with
    2 Life left gives 3 VP)."""
    state = play(photo_op("AAAEEE", life=2).build(), resolve("A"))
    assert state.monsters[1].eliminated
    state = play(state, k.Buy(0), use(PHOTO_OP, "seat:1"))
    assert state.monsters[0].vp == 3


def test_photo_op_does_not_count_damage_from_units() -> None:
    """rulings D4 / D16: unit (Ouch) damage is not damage you dealt."""
    scenario = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=4)
        .monster("rob", borough="queens")
        .monster("mantis", manhattan="lower")
        .borough("queens", units=["infantry", "infantry"])
        .market(["photo-op", None, None])
        .turn("kong", dice="OOEEEE")
    )
    state = play(scenario.build(), resolve("O"))
    assert state.monsters[2].life == 8
    assert isinstance(state.next_step, ChooseMove)
    state = play(state, k.StayPut(), k.Buy(0), use(PHOTO_OP, "seat:2"))
    assert state.monsters[0].vp == 0


# -- Tesla Cannon --------------------------------------------------------------------------------


def tesla() -> Scenario:
    """Mantis (seat 1) buys Tesla Cannon (cost 5): it holds Stomp and Drain, Rob holds only
    Superstar, Sheriff holds Carapace at 12 Life, Kong holds Fireball and Hunter."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", manhattan="lower", cards=["fireball", "hunter"])
        .monster("mantis", borough="queens", energy=5, cards=["stomp", "drain"])
        .monster("rob", borough="bronx", vp=1)
        .monster("sheriff", borough="brooklyn", cards=["carapace"], life=12)
        .goals(superstar="rob")
        .market(["tesla-cannon", None, None])
        .turn("mantis", at="buy")
    )


def test_tesla_cannon_gives_2_vp_and_every_monster_discards_a_keep_card_buyer_first() -> None:
    """seed 000 *Card Description*: "+2 Victory Points. All Monsters (including you) must discard
    one KEEP card"; rulings §16: the buyer first, then in turn order; each picks its own card; a
    monster with a single card discards it; goal cards are not KEEP cards; the cards go to the
    discard pile; the maximum Life is recomputed (Carapace: 12 -> 10, no heal, D25)."""
    state = play(tesla().build(), k.Buy(0))
    assert state.monsters[1].vp == 2
    assert state.next_step == CardChoice(1, TESLA, ("card:base:stomp", "card:base:drain"), (1, 0))
    state = play(state, use(TESLA, "card:base:drain"))
    # Rob (no KEEP card) is skipped, Sheriff's only card goes without a question, then Kong.
    assert isinstance(state.next_step, CardChoice)
    assert state.next_step.seat == 0
    assert uses(state, TESLA) == {"card:base:fireball", "card:base:hunter"}
    assert state.monsters[3].cards == ()
    assert state.monsters[3].life == 10
    state = play(state, use(TESLA, "card:base:hunter"))
    assert state.next_step == RevealCard(0)
    assert [m.cards for m in state.monsters] == [
        ("base:fireball",),
        ("base:stomp",),
        (),
        (),
    ]
    assert {"base:drain", "base:carapace", "base:hunter", TESLA} <= set(state.discard)
    assert state.superstar == 2
    assert state.monsters[2].vp == 1


def test_tesla_cannon_refuses_a_card_the_monster_does_not_hold() -> None:
    """Bad input raises IllegalActionError (DESIGN Contract 3)."""
    state = play(tesla().build(), k.Buy(0))
    step = state.next_step
    assert isinstance(step, CardChoice)
    with pytest.raises(
        k.IllegalActionError,
        match=r"^use base:tesla-cannon card:base:fireball is not legal for seat 1 at card-choice; ",
    ):
        k.apply(state, use(TESLA, "card:base:fireball"))
    with pytest.raises(
        k.IllegalActionError, match=r"^base:tesla-cannon has no option 'card:base:fireball' now$"
    ):
        turns.TeslaCannon().choose(
            state, evolve(step, options=("card:base:fireball",)), "card:base:fireball"
        )


# -- New York Marathon ---------------------------------------------------------------------------


def marathon(at: str, *, energy: int, manhattan: bool = True, dice: str | None = None) -> Scenario:
    """Kong in Queens (``energy``), Mantis in Lower Manhattan or the Bronx; New York Marathon
    face up in slot 0."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=energy)
        .market(["new-york-marathon", None, None])
        .turn("kong", at=at, dice=dice)  # type: ignore[arg-type]
    )
    if manhattan:
        return scenario.monster("mantis", manhattan="lower")
    return scenario.monster("mantis", borough="bronx")


def test_marathon_face_up_makes_a_move_step_move_cost_2_energy() -> None:
    """components §1 #34: "While this card is face up in the market, every Monster must pay
    2 Energy to move ... unless the move is mandatory"."""
    state = marathon("move", energy=2).build()
    assert state.next_step == ChooseMove(0)
    assert k.MoveTo(Borough.BROOKLYN) in k.legal_actions(state)
    state = play(state, k.MoveTo(Borough.BROOKLYN))
    assert where(state, 0) is Borough.BROOKLYN
    assert state.monsters[0].energy == 0


def test_marathon_a_monster_that_cannot_pay_cannot_move() -> None:
    """rulings §16 New York Marathon: "A monster that cannot pay cannot make the move" (staying
    is then its only choice, so the game moves on)."""
    state = marathon("move", energy=1).build()
    assert where(state, 0) is Borough.QUEENS
    assert state.monsters[0].energy == 1
    assert state.turn.seat == 1


def test_marathon_fleeing_costs_2_energy() -> None:
    """components §1 #34: "fleeing Manhattan included"; rulings §4."""
    scenario = marathon("resolve", energy=0, dice="AEEEEE").monster("mantis", energy=2)
    state = play(scenario.build(), resolve("A"))
    assert state.next_step == ChooseFlee(1, attacker=0)
    state = play(state, k.Flee(Borough.BRONX))
    assert where(state, 1) is Borough.BRONX
    assert state.monsters[1].energy == 0


def test_marathon_a_monster_that_cannot_pay_cannot_flee() -> None:
    """rulings §4: "A monster that cannot pay cannot flee"."""
    scenario = marathon("resolve", energy=0, dice="AEEEEE").monster("mantis", energy=1)
    state = play(scenario.build(), resolve("A"))
    assert state.monsters[1].in_manhattan
    assert state.monsters[1].life == 9
    assert state.next_step == ChooseMove(0)  # no flee decision was asked


def test_marathon_mandatory_moves_are_free() -> None:
    """rulings §16 New York Marathon: "Obligatory moves are free: entering an empty Manhattan,
    advancing a zone"."""
    state = marathon("move", energy=0, manhattan=False).build()
    assert zone(state, 0) is Zone.LOWER
    assert (state.monsters[0].energy, state.monsters[0].vp) == (0, 1)
    advancing = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="lower", energy=0)
        .market(["new-york-marathon", None, None])
        .turn("kong", at="move")
        .build()
    )
    assert zone(advancing, 0) is Zone.MIDTOWN
    assert advancing.monsters[0].energy == 0


def test_marathon_bought_gives_2_vp_2_energy_heal_2_and_moves_are_free_again() -> None:
    """components §1 #34: "When bought: gain 2 VP and 2 Energy, and heal 2 damage"; the fee
    lasts only while the card is face up."""
    scenario = marathon("buy", energy=6).monster("kong", life=5)
    state = play(scenario.build(), k.Buy(0), card("hunter"))
    kong = state.monsters[0]
    assert (kong.vp, kong.energy, kong.life) == (2, 2, 7)
    assert move_cost(state, 1) == 0


# -- Columbia University -------------------------------------------------------------------------


def columbia(energy: int) -> Scenario:
    """Kong (Queens) at its Buy step with Columbia University (cost 6) in slot 0; Mantis in
    Lower Manhattan."""
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=energy)
        .monster("mantis", manhattan="lower")
        .market(["columbia-university", None, None])
        .turn("kong", at="buy")
    )


def test_columbia_gives_2_vp_and_the_next_keep_card_revealed_for_free() -> None:
    """components §1 #13: "Gain 2 VP; the next KEEP card revealed from the deck is yours for
    free"; rulings D15: it is replaced at once. Its own replacement is the first reveal."""
    state = play(columbia(6).build(), k.Buy(0))
    assert state.monsters[0].vp == 2
    assert state.waiting == ((0, COLUMBIA),)
    state = play(state, card("hunter"))
    assert state.monsters[0].cards == (HUNTER,)
    assert state.monsters[0].energy == 0
    assert state.waiting == ()
    assert state.next_step == RevealCard(0)
    state = play(state, card("flatiron-building"))
    assert state.market[0] == "base:flatiron-building"


def test_columbia_costs_1_less_in_manhattan() -> None:
    """components §1 #13: "Borough discount: Manhattan" (rulings §12: 1 Energy less)."""
    state = columbia(5).monster("kong", manhattan="lower").monster("mantis", borough="bronx")
    built = state.build()
    assert k.Buy(0) in k.legal_actions(built)
    assert play(built, k.Buy(0)).monsters[0].energy == 0


def test_columbia_waits_across_turns_and_takes_off_turn() -> None:
    """rulings D15: "Waits until a Keep card is revealed, even off-turn": a DISCARD reveal does
    not end the claim; Mantis's sweep next turn reveals Hunter, which goes to Kong."""
    state = play(columbia(6).build(), k.Buy(0), card("flatiron-building"))
    assert state.waiting == ((0, COLUMBIA),)
    assert state.turn.seat == 1
    state = play(state, roll("EEEEEE"), STOP)
    assert state.next_step == Shop(1)
    state = play(state, k.Sweep(), card("coney-island"), card("hunter"), card("yankee-stadium"))
    assert state.monsters[0].cards == (HUNTER,)
    assert state.monsters[1].cards == ()
    assert state.waiting == ()
    assert state.next_step == RevealCard(1)
    state = play(state, card("fury"))
    assert state.market == ("base:coney-island", FURY, "base:yankee-stadium")


def test_columbia_claimant_chooses_among_keep_cards_revealed_at_once() -> None:
    """rulings D15: "If several Keep cards appear at once, you choose one. Reveal its replacement
    at once" (a sweep reveals three)."""
    state = play(columbia(8).build(), k.Buy(0), card("flatiron-building"), k.Sweep())
    state = play(state, card("hunter"), card("fury"), card("leveler"))
    assert state.next_step == CardChoice(
        0, COLUMBIA, (f"card:{HUNTER}", f"card:{FURY}", f"card:{LEVELER}")
    )
    state = play(state, use(COLUMBIA, f"card:{FURY}"))
    assert state.monsters[0].cards == (FURY,)
    assert state.next_step == RevealCard(1)
    state = play(state, card("coney-island"))
    assert state.market == (HUNTER, "base:coney-island", LEVELER)
    assert state.waiting == ()
    assert state.turn.marks == ()


def test_columbia_free_terminal_rage_gives_an_extra_turn_after_the_current_one() -> None:
    """rulings D15 / §16 Columbia: the free card counts as bought; "If the free card is Terminal
    Rage, the extra turn comes right after the current turn, even if that is another monster's
    turn. Play then continues from where it would have"."""
    scenario = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=4)
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx", energy=1)
        .market(["stomp", None, None])
        .turn("kong", at="buy")
    )
    state = evolve(scenario.build(), waiting=((2, COLUMBIA),))
    state = play(state, k.Buy(0), card("terminal-rage"))
    assert state.monsters[2].cards == (RAGE,)
    assert state.monsters[2].energy == 1
    assert state.extra_turns == ((2, ""),)
    state = play(state, card("hunter"))
    assert (state.turn.seat, state.turn.order_seat) == (2, 0)
    state = play(state, roll("EEEEEE"), STOP, k.StayPut(), k.EndBuying())
    assert state.turn.seat == 1
    assert state.turn.order_seat is None


def test_columbia_refuses_a_card_that_was_not_offered() -> None:
    """Bad input raises IllegalActionError (DESIGN Contract 3)."""
    state = play(columbia(8).build(), k.Buy(0), card("flatiron-building"), k.Sweep())
    state = play(state, card("hunter"), card("fury"), card("leveler"))
    with pytest.raises(
        k.IllegalActionError,
        match=(
            r"^use base:columbia-university card:base:flatiron-building is not legal"
            r" for seat 0 at card-choice; "
        ),
    ):
        k.apply(state, use(COLUMBIA, "card:base:flatiron-building"))
    step = state.next_step
    assert isinstance(step, CardChoice)
    with pytest.raises(
        k.IllegalActionError, match=r"^base:columbia-university has no option 'base:stomp' now$"
    ):
        turns.ColumbiaUniversity().choose(
            state, evolve(step, options=("base:stomp",)), "base:stomp"
        )


# -- Subway --------------------------------------------------------------------------------------


def subway(
    *, energy: int = 10, market: tuple[str | None, ...] = ("subway", None, None)
) -> Scenario:
    """Kong (Lower Manhattan, 5 Life) at its Buy step with Subway (cost 10) in slot 0; Mantis in
    Queens, Rob in the Bronx."""
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", manhattan="lower", energy=energy, life=5)
        .monster("mantis", borough="queens")
        .monster("rob", borough="bronx")
        .market(list(market))
        .turn("kong", at="buy")
    )


def subway_turn(scenario: Scenario) -> k.GameState:
    """Buy Subway from slot 0 and play on to the first roll of the extra turn."""
    state = play(scenario.build(), k.Buy(0), card("hunter"))
    if state.next_step == Shop(0):
        state = play(state, k.EndBuying())
    assert isinstance(state.next_step, RollDice)
    return state


def test_subway_heals_2_in_manhattan_and_gives_an_extra_turn_with_earnings() -> None:
    """components §1 #52: "Heal 2 damage and take another turn"; rulings §7: the heal works in
    Manhattan; rulings §6: an extra turn is a full turn, so Lower Manhattan pays +1 VP +1 Energy
    again at its start."""
    state = play(subway().build(), k.Buy(0))
    assert state.monsters[0].life == 7
    assert state.extra_turns == ((0, SUBWAY),)
    state = subway_turn(subway())
    kong = state.monsters[0]
    assert (state.turn.seat, state.turn.order_seat, state.turn.marks) == (0, 0, (SUBWAY,))
    assert (kong.life, kong.vp, kong.energy) == (7, 1, 1)


def test_subway_moves_any_number_of_times_then_the_move_step_still_happens() -> None:
    """components §1 #52: "you may move as often as you like, whenever you like"; rulings D13:
    leaving Manhattan is allowed, and "the Move step still happens". Seed 000 glossary *Flee /
    Drive Out*: after a card lets a monster leave Manhattan, "the next monster who moves must
    enter Manhattan", so the only move then offered is entering (+1 VP for seizing it, rulings
    C1, once a turn: DEFAULT in engine/manhattan.py). Play then resumes with the next monster,
    without the free moves."""
    state = play(subway_turn(subway()), roll("EEEEEE"))
    assert state.next_step == ChooseReroll(0)
    assert state.monsters[0].vp == 1  # Lower Manhattan's earnings
    assert uses(state, SUBWAY) == {
        "move:bronx",
        "move:queens",
        "move:brooklyn",
        "move:staten-island",
    }
    state = play(state, use(SUBWAY, "move:brooklyn"))
    assert where(state, 0) is Borough.BROOKLYN
    assert state.next_step == ChooseReroll(0)
    assert uses(state, SUBWAY) == {"enter"}
    state = play(state, use(SUBWAY, "enter"))
    assert zone(state, 0) is Zone.LOWER
    assert state.monsters[0].vp == 2
    state = play(state, use(SUBWAY, "move:staten-island"), STOP)
    assert where(state, 0) is Borough.STATEN_ISLAND
    assert state.next_step == ChooseFace(0)  # the moves are offered, so even one face type waits
    assert uses(state, SUBWAY) == {"enter"}
    state = play(state, resolve("E"))
    assert zone(state, 0) is Zone.LOWER  # the Move step entered it
    assert state.monsters[0].vp == 2  # the VP for seizing Manhattan comes once a turn
    assert state.next_step == Shop(0)
    assert uses(state, SUBWAY)
    state = play(state, k.EndBuying())
    assert state.turn.seat == 1
    state = play(state, roll("EEEEEE"))
    assert state.next_step == ChooseReroll(1)
    assert not [a for a in k.legal_actions(state) if isinstance(a, UseCard)]


def test_subway_leaving_manhattan_in_the_buy_step_enters_again_at_the_end_of_the_turn() -> None:
    """seed 000, *Controlling Manhattan*: "If there are no Monsters in Manhattan at the end of
    your turn, you must move into Manhattan": a Subway move out of Manhattan after the Move step
    is undone at the end of the turn, and the next turn starts with Manhattan occupied."""
    state = play(subway_turn(subway()), roll("EEEEEE"), STOP)
    state = play(state, resolve("E")) if isinstance(state.next_step, ChooseFace) else state
    assert state.next_step == Shop(0)
    assert zone(state, 0) is Zone.MIDTOWN
    state = play(state, use(SUBWAY, "move:brooklyn"))
    assert where(state, 0) is Borough.BROOKLYN
    vp = state.monsters[0].vp
    state = play(state, k.EndBuying())
    assert state.turn.seat == 1
    assert zone(state, 0) is Zone.LOWER
    assert state.monsters[0].vp == vp + 1
    assert state.turn.manhattan_was_occupied


def test_subway_moves_out_only_oblige_the_next_move_to_enter() -> None:
    """Seed 000 glossary *Flee / Drive Out* restricts the next move only "if a card forces or
    allows a Monster to leave Manhattan"; with five monsters Manhattan holds two (*Advanced
    Rule*), so one there leaves room, yet a Subway owner who never left may still move between
    outer boroughs (rulings D13); its Move step enters as usual."""
    scenario = (
        Scenario(["kong", "mantis", "rob", "sheriff", "drakonis"])
        .monster("kong", borough="queens", energy=10)
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="brooklyn")
        .monster("drakonis", borough="staten-island")
        .market(["subway", None, None])
        .turn("kong", at="buy")
    )
    state = play(subway_turn(scenario), roll("EEEEEE"))
    assert uses(state, SUBWAY) == {"move:bronx", "move:brooklyn", "move:staten-island"}
    state = play(state, k.StopRolling(), resolve("E"))
    assert where(state, 0) is Borough.MANHATTAN


def test_climb_needs_manhattan_as_resolution_starts_not_after_a_subway_move() -> None:
    """rulings D28: "you must be in Manhattan then", at the start of resolution: a monster that
    left by Subway before it and re-enters before the first type resolves does not climb."""
    scenario = subway().monster("kong", cards=["climb-the-empire-state-building"])
    state = play(subway_turn(scenario), roll("AHECDO"), use(SUBWAY, "move:bronx"), STOP)
    assert where(state, 0) is Borough.BRONX
    state = play(state, use(SUBWAY, "enter"))
    assert where(state, 0) is Borough.MANHATTAN
    vp = state.monsters[0].vp
    state = play(state, resolve("C"))
    assert state.monsters[0].vp == vp
    assert state.extra_turns == ()


def test_subway_moves_respect_borough_capacity() -> None:
    """rulings D13: "capacity ... still appl[ies]" (two monsters in Queens)."""
    scenario = (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", manhattan="lower", energy=10)
        .monster("mantis", borough="queens")
        .monster("sheriff", borough="queens")
        .monster("rob", borough="bronx")
        .market(["subway", None, None])
        .turn("kong", at="buy")
    )
    state = play(subway_turn(scenario), roll("EEEEEE"))
    assert uses(state, SUBWAY) == {"move:bronx", "move:brooklyn", "move:staten-island"}


def test_subway_moves_pay_new_york_marathon() -> None:
    """rulings D13: "New York Marathon still appl[ies]": 2 Energy a move, entering Manhattan
    with Subway included; no move without it."""
    state = subway_turn(subway(energy=13, market=("subway", "new-york-marathon", None)))
    assert state.monsters[0].energy == 4
    state = play(state, roll("EEEEEE"), use(SUBWAY, "move:brooklyn"))
    assert state.monsters[0].energy == 2
    state = play(state, use(SUBWAY, "enter"))
    assert (where(state, 0), state.monsters[0].energy) == (Borough.MANHATTAN, 0)
    assert uses(state, SUBWAY) == set()


def test_subway_moves_are_not_offered_while_choosing_destruction_targets() -> None:
    """rulings §16 Subway: moves come "between die types" (DEFAULT): not in the middle of
    spending Destruction."""
    state = play(subway_turn(subway()), roll("DDEEEE"), STOP)
    assert uses(state, SUBWAY)
    state = play(state, resolve("D"))
    assert isinstance(state.next_step, Destroy)
    assert uses(state, SUBWAY) == set()


def test_subway_use_without_the_mark_is_refused() -> None:
    """Bad input raises IllegalActionError (DESIGN Contract 3)."""
    state = subway().build()
    with pytest.raises(
        k.IllegalActionError, match=r"^base:subway has no option 'move:brooklyn' now$"
    ):
        turns.Subway().use(state, 0, "move:brooklyn")
    assert turns.Subway().offers(state, 0, Context.DECISION) == ()


# -- Terminal Rage -------------------------------------------------------------------------------


def test_terminal_rage_gives_an_extra_turn_then_play_resumes_clockwise() -> None:
    """components §1 #54: "Take another turn when you buy this card"; rulings §16: right after
    this one; the engine's order_seat resumes play with the next seat after the buyer."""
    scenario = (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", manhattan="lower")
        .monster("mantis", borough="queens", energy=4)
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="brooklyn")
        .market(["terminal-rage", None, None])
        .turn("mantis", at="buy")
    )
    state = play(scenario.build(), k.Buy(0))
    assert state.monsters[1].cards == (RAGE,)
    assert state.extra_turns == ((1, ""),)
    state = play(state, card("hunter"))
    assert (state.turn.seat, state.turn.order_seat, state.turn.number) == (1, 1, 2)
    state = play(state, roll("EEEEEE"), STOP, k.StayPut(), k.EndBuying())
    assert state.turn.seat == 2
    assert state.extra_turns == ()


def test_terminal_rage_owner_can_never_reroll_attack_dice() -> None:
    """components §1 #54: "From then on you can never reroll Attack results"."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", cards=["terminal-rage"])
        .monster("mantis", manhattan="lower")
        .turn("kong", dice="AAEEHC", rerolls_left=2)
    )
    state = scenario.build()
    rerolls = [a for a in k.legal_actions(state) if isinstance(a, k.Reroll)]
    assert rerolls
    assert all(a.dice[k.Face.ATTACK] == 0 for a in rerolls)
    assert STOP in k.legal_actions(state)
    with pytest.raises(
        k.IllegalActionError, match=r"^reroll EA is not legal for seat 0 at choose-reroll; "
    ):
        k.apply(state, reroll("AE"))
    state = play(state, reroll("EH"))
    assert state.turn.dice == k.Dice.parse("AAEC")


def test_terminal_rage_binds_only_its_owner() -> None:
    """components §1 #54: "you can never reroll" — the other monsters still may."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", cards=["terminal-rage"])
        .monster("mantis", manhattan="lower")
        .turn("mantis", dice="AAEEHC", rerolls_left=2)
    )
    assert reroll("AA") in k.legal_actions(scenario.build())


def test_terminal_rage_with_only_attack_showing_there_is_no_reroll() -> None:
    """rulings §16 Jinx Aura: "If no die may legally be rerolled (Terminal Rage with all
    Attack)", the only thing left is to stop: the roll goes straight to resolution."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=2, cards=["terminal-rage"])
        .monster("mantis", borough="bronx")
        .turn("kong", dice="AAAAAA", rerolls_left=2)
    )
    state = scenario.build()
    assert state.next_step == Shop(0)
    assert state.turn.rolled == k.Dice.parse("AAAAAA")
    assert state.turn.rerolls_left == 2


# -- Climb the Empire State Building -------------------------------------------------------------


def climb(dice: str, *, manhattan: bool = True, **kong: object) -> Scenario:
    """Kong holds Climb (Upper Manhattan, or Queens) and has one reroll left showing ``dice``;
    Mantis in Queens/Brooklyn, Rob in the Bronx; Manhattan's tops need 2+ Destruction and it has
    no unit, so one Destruction and one Ouch do nothing."""
    place: dict[str, object] = {"manhattan": "upper"} if manhattan else {"borough": "queens"}
    return (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", cards=["climb-the-empire-state-building"], **place, **kong)  # type: ignore[arg-type]
        .monster("mantis", borough="brooklyn")
        .monster("rob", borough="bronx")
        .borough("manhattan", stacks=["high-rise-2", "high-rise-2", "high-rise-3"])
        .turn("kong", dice=dice, rerolls_left=1, manhattan_was_occupied=True)
    )


def resolve_all(state: k.GameState, faces: str) -> k.GameState:
    """Resolve face types in this order while the monster is asked to choose one."""
    for face in faces:
        if not isinstance(state.next_step, ChooseFace):
            break
        state = play(state, resolve(face))
    return state


def test_climb_all_six_faces_in_manhattan_give_2_vp_and_an_extra_turn() -> None:
    """components §1 #12: "If your dice show at least one of each of the six faces while you are
    in Manhattan, gain 2 VP and take another turn"; rulings D28: checked at the start of
    resolution, as the first type resolves."""
    state = play(climb("AHECDO").build(), STOP)
    assert state.next_step == ChooseFace(0)
    state = play(state, resolve("C"))
    assert state.monsters[0].vp == 2
    assert state.extra_turns == ((0, ""),)
    state = play(state, resolve("H"))
    assert state.extra_turns == ((0, ""),)  # checked once a turn


def test_climb_counts_a_face_chameleon_made() -> None:
    """rulings D28: "Final faces at the start of resolution, after Chameleon": seven dice without
    Ouch; Chameleon discards a Celebrity and turns a Destruction into the Ouch."""
    cards = ["climb-the-empire-state-building", "chameleon", "extra-head"]
    state = play(climb("AHECCDD").monster("kong", cards=cards).build(), STOP)
    state = play(state, use("base:chameleon", "convert:destruction:ouch"), resolve("A"))
    assert state.monsters[0].vp == 2
    assert state.extra_turns == ((0, ""),)


def test_climb_does_not_count_a_celebrity_chameleon_discarded() -> None:
    """rulings D28: the final faces after Chameleon: the only Celebrity was discarded, so the
    dice no longer show all six faces."""
    cards = ["climb-the-empire-state-building", "chameleon"]
    state = play(climb("AHECDO").monster("kong", cards=cards).build(), STOP)
    state = play(state, use("base:chameleon", "discard:celebrity"), resolve("A"))
    assert state.monsters[0].vp == 0
    assert state.extra_turns == ()


def test_climb_is_not_checked_again_after_the_first_type_resolved() -> None:
    """rulings D28: checked "at the start of resolution": a face Chameleon makes after the first
    type resolved is too late."""
    cards = ["climb-the-empire-state-building", "chameleon", "extra-head"]
    state = play(climb("AHECCDD").monster("kong", cards=cards).build(), STOP)
    state = play(state, resolve("A"), use("base:chameleon", "convert:destruction:ouch"))
    state = play(state, resolve("H"))
    assert state.monsters[0].vp == 0
    assert state.extra_turns == ()


@pytest.mark.parametrize(
    ("dice", "manhattan"), [("AHECDO", False), ("AHECDD", True), ("AAEEHC", True)]
)
def test_climb_needs_all_six_faces_and_manhattan(dice: str, manhattan: bool) -> None:
    """components §1 #12 / rulings D28: both conditions, at the start of resolution."""
    state = play(climb(dice, manhattan=manhattan).build(), STOP, resolve("C"))
    assert state.monsters[0].vp == 0
    assert state.extra_turns == ()


def test_climb_card_added_symbols_are_not_dice() -> None:
    """components §1 #12: "your dice show" (DEFAULT in the effect's table): Stomp's added
    Destruction does not complete the six faces."""
    scenario = climb("AHECOO").monster("kong", cards=["climb-the-empire-state-building", "stomp"])
    # check_state does not yet accept unresolved symbols that cards added to the dice.
    state = play(scenario.build(), STOP, check=False)
    state = play(state, resolve("D"), check=False)
    assert state.extra_turns == ()
    assert state.monsters[0].vp == 0


def test_climb_extra_turns_chain_and_pay_manhattan_earnings() -> None:
    """rulings D28: "Extra turns can chain"; rulings §6: each is a full turn (Upper Manhattan:
    +2 VP, +2 Energy at its start); afterwards play resumes with the next seat."""
    state = play(climb("AHECDO").build(), STOP)
    state = resolve_all(state, "AHECD")
    assert [m.life for m in state.monsters] == [10, 9, 9]
    assert (state.turn.seat, state.turn.order_seat) == (0, 0)
    assert (state.monsters[0].vp, state.monsters[0].energy) == (4, 3)
    state = play(state, roll("AHECDO"), STOP)
    state = resolve_all(state, "AHECD")
    assert state.monsters[0].vp == 6
    assert state.extra_turns == ((0, ""),)
    state = play(state, k.EndBuying())
    assert (state.turn.seat, state.turn.order_seat) == (0, 0)
    assert state.monsters[0].vp == 8
    state = play(state, roll("EEEEEE"), STOP)
    state = play(state, k.EndBuying())
    assert state.turn.seat == 1


def test_climb_extra_turn_owed_by_an_eliminated_monster_is_dropped() -> None:
    """rulings §11: an eliminated monster's extra turns are gone; C3: its turn ends at once and
    play passes to the next living seat."""
    scenario = climb("AHECDO", life=1).borough("manhattan", units=["infantry"])
    state = play(scenario.build(), STOP, resolve("O"))
    assert state.monsters[0].eliminated
    assert state.extra_turns == ()
    assert state.turn.seat == 1


# -- Super Speed ---------------------------------------------------------------------------------


def speed(**kong: object) -> Scenario:
    """Kong holds Super Speed, at the start of its turn; Mantis in Lower Manhattan; Rob and
    Sheriff fill the Bronx."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", cards=["super-speed"], **kong)  # type: ignore[arg-type]
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="bronx")
        .turn("kong", at="start")
    )


def test_super_speed_offers_the_normal_move_options_before_rolling() -> None:
    """components §1 #53: "You may make an extra move before rolling your dice"; rulings D12:
    the normal Move options (outer boroughs with room: not the full Bronx, not Queens)."""
    state = speed(borough="queens").build()
    assert state.next_step == CardChoice(0, SPEED, ("stay", "move:brooklyn", "move:staten-island"))
    state = play(state, use(SPEED, "move:brooklyn"))
    assert where(state, 0) is Borough.BROOKLYN
    assert isinstance(state.next_step, RollDice)


def test_super_speed_may_be_declined() -> None:
    """components §1 #53: "You may"."""
    state = play(speed(borough="queens").build(), use(SPEED, "stay"))
    assert where(state, 0) is Borough.QUEENS
    assert isinstance(state.next_step, RollDice)


def test_super_speed_into_an_empty_manhattan_does_not_switch_attacks_on() -> None:
    """rulings D12 / §16 Super Speed: "you must enter if Manhattan is empty" (+1 VP, C1), and
    "Entering Manhattan this way does not switch on attacks this turn"; at the Move step the
    monster, already in Manhattan, advances (seed 000 *Move*)."""
    scenario = speed(borough="queens").monster("mantis", borough="brooklyn")
    state = scenario.build()
    assert uses(state, SPEED) == {"stay", "enter"}
    state = play(state, use(SPEED, "enter"))
    assert zone(state, 0) is Zone.LOWER
    assert state.monsters[0].vp == 1
    assert not state.turn.manhattan_was_occupied
    state = play(state, roll("AAAEEE"), STOP, resolve("A"))
    assert [m.life for m in state.monsters] == [10, 10, 10, 10]
    assert zone(state, 0) is Zone.MIDTOWN


def test_super_speed_in_manhattan_advances_one_zone() -> None:
    """rulings D12 (open, DEFAULT in the effect's table): in Manhattan the extra move advances
    one zone; earnings were already taken for Lower Manhattan."""
    state = speed(manhattan="lower").monster("mantis", borough="queens").build()
    assert uses(state, SPEED) == {"stay", "advance"}
    state = play(state, use(SPEED, "advance"))
    assert zone(state, 0) is Zone.MIDTOWN
    assert (state.monsters[0].vp, state.monsters[0].energy) == (1, 1)


def test_super_speed_in_upper_manhattan_has_nowhere_to_go() -> None:
    """seed 000 *Move*: "Once you are in Upper Manhattan, you no longer move"."""
    state = speed(manhattan="upper").monster("mantis", borough="queens").build()
    assert isinstance(state.next_step, RollDice)


def test_super_speed_moves_pay_new_york_marathon() -> None:
    """rulings §16 New York Marathon: Super Speed is a voluntary move and costs 2 Energy; a
    monster that cannot pay is not asked."""
    scenario = speed(borough="queens", energy=2).market(["new-york-marathon", None, None])
    state = play(scenario.build(), use(SPEED, "move:staten-island"))
    assert (where(state, 0), state.monsters[0].energy) == (Borough.STATEN_ISLAND, 0)
    poor = scenario.monster("kong", energy=1).build()
    assert isinstance(poor.next_step, RollDice)
    entering = scenario.monster("mantis", borough="brooklyn").build()
    state = play(entering, use(SPEED, "enter"))
    assert (zone(state, 0), state.monsters[0].energy) == (Zone.LOWER, 0)
