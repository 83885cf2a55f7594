"""The 'combat' cards: Shadow Double, Antimatter Pellets, Tesla Antennae, Fireball, Drain, Trash
Thrower, Webspinner and Web tokens, Curse and Curse tokens, Phoenix Blood, Bulletproof and
Carapace (components §1; rulings §9, §15, §16, §17; seed 000 *Attack*, *Glossary*, *Ouch!*)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import kingofny as k
from kingofny._engine.core import apply_logged
from kingofny.content.base.effects import combat
from kingofny.effects.primitives import damage, discard_card, give_tokens, max_life
from kingofny.model.actions import UseCard
from kingofny.model.effect import Context, Source
from kingofny.model.steps import (
    ApplyAttack,
    CardRoll,
    ChooseFace,
    ChooseFlee,
    RollDice,
    Shop,
)
from kingofny.testing import Scenario, card, play, reroll, resolve, roll

WEB_USE = UseCard("web", "discard:token:web")
CURSE_USE = UseCard("curse", "discard:token:curse")
CARAPACE_USE = UseCard("base:carapace", "discard:card:base:carapace")


def four() -> Scenario:
    """Kong (0) in Queens, Mantis (1) in Manhattan (midtown), Rob (2) in the Bronx, Sheriff (3)
    in Brooklyn; no units anywhere unless a test adds them."""
    return (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="midtown")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="brooklyn")
    )


def two() -> Scenario:
    """Kong (0) in Queens, Mantis (1) in Manhattan (lower)."""
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower")
    )


def lives(state: k.GameState) -> list[int]:
    return [m.life for m in state.monsters]


def energies(state: k.GameState) -> list[int]:
    return [m.energy for m in state.monsters]


def tokens(state: k.GameState, kind: str) -> list[int]:
    return [m.token_count(kind) for m in state.monsters]


def with_tokens(state: k.GameState, seat: int, kind: str, count: int) -> k.GameState:
    """``state`` with ``count`` more tokens for ``seat`` (scenarios cannot place tokens)."""
    return give_tokens(state, seat, kind, count)


# -- Shadow Double -------------------------------------------------------------------------------


def test_shadow_double_doubles_the_damage_of_an_attack() -> None:
    """components §1 #47: "Whenever you attack, you deal double damage"; 2 Attack from outside hit
    the monster in Manhattan for 4."""
    state = four().monster("kong", cards=["shadow-double"]).turn("kong", dice="AACCEH").build()
    state = play(state, resolve("A"))
    assert lives(state) == [10, 6, 10, 10]


def test_shadow_double_doubles_the_damage_to_each_target() -> None:
    """components §1 #47, seed 000 *Attack*: from Manhattan every monster outside takes the
    doubled damage."""
    state = four().monster("mantis", cards=["shadow-double"]).turn("mantis", dice="AAACCE").build()
    state = play(state, resolve("A"))
    assert lives(state) == [4, 10, 4, 4]


def test_shadow_double_adds_nothing_to_an_attack_that_deals_no_damage() -> None:
    """seed 000 *Glossary: Attack*: "If a card increases the damage from an attack, it only does
    so if the Monster is inflicting at least one damage already"; with nobody in Manhattan at the
    start of the turn the attack deals none (seed 000 *Attack*)."""
    state = (
        four()
        .monster("mantis", borough="staten-island")
        .monster("kong", manhattan="lower", cards=["shadow-double"])
        .turn("kong", dice="AAACCE", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 10, 10, 10]


def test_shadow_double_bought_from_the_market_doubles_the_next_attack() -> None:
    """components §1 #47 (cost 12, KEEP): bought with a real Buy, it is in play for its buyer's
    next attack (seed 000 *Buy Cards*)."""
    state = (
        two()
        .monster("kong", energy=12)
        .monster("mantis", energy=0)
        .market(["shadow-double", None, None])
        .turn("kong", at="buy")
        .build()
    )
    state = play(state, k.Buy(0), card("stomp"))
    assert state.monsters[0].cards == ("base:shadow-double",)
    # Kong, out of Energy, can only end buying. Mantis's turn: Lower Manhattan pays it 1 VP and
    # 1 Energy; Heal does nothing in Manhattan; it advances and, with 1 Energy, ends buying.
    state = play(state, roll("HHHHHH"), k.StopRolling())
    assert state.turn.seat == 0
    state = play(state, roll("AACCHH"), k.StopRolling(), resolve("A"))
    assert state.monsters[1].life == 6


# -- Antimatter Pellets --------------------------------------------------------------------------


def test_antimatter_pellets_each_attacked_monster_rolls_one_die_before_the_damage() -> None:
    """components §1 #2: "Each Monster you attack must roll one die"; rulings §16: the roll comes
    before the damage, which waits for it (engine: ``ApplyAttack`` below the rolls)."""
    state = (
        four().monster("mantis", cards=["antimatter-pellets"]).turn("mantis", dice="AACCEE").build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 10, 10, 10]
    rolls = [s for s in state.agenda if isinstance(s, CardRoll)]
    assert sorted((s.seat, s.count, s.data) for s in rolls) == [
        (0, 1, (0,)),
        (2, 1, (2,)),
        (3, 1, (3,)),
    ]
    assert all(s.card == "base:antimatter-pellets" for s in rolls)
    below = state.agenda[-len(rolls) - 1]
    assert isinstance(below, ApplyAttack)
    assert below.attacker == 1


def test_antimatter_pellets_ouch_doubles_that_target_only() -> None:
    """components §1 #2: "any that roll Ouch take double damage from your attack"; the others take
    the normal damage."""
    state = (
        four().monster("mantis", cards=["antimatter-pellets"]).turn("mantis", dice="AACCEE").build()
    )
    state = play(state, resolve("A"))
    rollers = [s.seat for s in reversed(state.agenda) if isinstance(s, CardRoll)]
    faces = {0: "O", 2: "A", 3: "E"}
    for seat in rollers:
        state = play(state, roll(faces[seat]))
    assert lives(state) == [6, 10, 8, 8]


def test_antimatter_pellets_no_roll_when_the_attack_deals_no_damage() -> None:
    """rulings §16 DEFAULT: "roll only for monsters that would take at least 1 damage"; nobody was
    in Manhattan at the start of the turn, so the attack deals none."""
    state = (
        four()
        .monster("mantis", borough="staten-island")
        .monster("kong", manhattan="lower", cards=["antimatter-pellets"])
        .turn("kong", dice="AACCEE", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert not any(isinstance(s, CardRoll) for s in state.agenda)
    assert lives(state) == [10, 10, 10, 10]


def test_antimatter_pellets_with_shadow_double_is_times_four() -> None:
    """rulings §16: "Multipliers multiply: with Shadow Double the total is ×4" (rulings D20)."""
    state = (
        two()
        .monster("kong", cards=["antimatter-pellets", "shadow-double"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    state = play(state, roll("O"))
    assert state.monsters[1].life == 2  # 2 Attack ×2 ×2 = 8


def test_antimatter_pellets_doubles_before_tesla_antennae_adds_one() -> None:
    """rulings D20: "×2 Antimatter for that target → +1 Tesla Antennae": 2 Attack → ×2 = 4 → +1 =
    5, not (2 + 1) × 2 = 6."""
    state = (
        two()
        .monster("kong", life=5, cards=["tesla-antennae", "antimatter-pellets"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    state = play(state, roll("O"))
    assert state.monsters[1].life == 5


def test_the_full_order_of_damage_modifiers() -> None:
    """rulings D20: "Add extra Attacks → ×2 Shadow Double → ×2 Antimatter for that target → +1
    Tesla Antennae": 2 Attack → 4 → 8 → 9."""
    state = (
        two()
        .monster("kong", life=5, cards=["tesla-antennae", "antimatter-pellets", "shadow-double"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    state = play(state, roll("O"))
    assert state.monsters[1].life == 1


def test_antimatter_pellets_no_ouch_leaves_the_damage() -> None:
    """components §1 #2: only Ouch doubles; Shadow Double and Tesla Antennae still apply (rulings
    D20): 2 Attack → 4 → +1 = 5."""
    state = (
        two()
        .monster("kong", life=5, cards=["tesla-antennae", "antimatter-pellets", "shadow-double"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    state = play(state, roll("C"))
    assert state.monsters[1].life == 5


def test_antimatter_pellets_a_roll_that_cannot_be_read_is_refused() -> None:
    """Bad input raises a typed error and changes nothing: a roll with no pending attack on its
    monster."""
    state = two().turn("kong", dice="AACCEH").build()
    effect = combat.EFFECTS["base:antimatter-pellets"]
    step = CardRoll("base:antimatter-pellets", 1, 1, (1,))
    with pytest.raises(
        k.IllegalActionError, match=r"^no pending attack on seat 1 for base:antimatter-pellets$"
    ):
        effect.rolled(state, step, k.Dice.parse("O"))
    with pytest.raises(
        k.IllegalActionError, match=r"^base:antimatter-pellets cannot read the roll CardRoll\("
    ):
        effect.rolled(state, CardRoll("base:antimatter-pellets", 1, 1, ()), k.Dice.parse("O"))


def test_antimatter_pellets_roll_is_one_ordinary_die() -> None:
    """components §1 #2: "must roll one die" (which die is not stated; DEFAULT: an ordinary one,
    six faces of 1/6, so Ouch comes up 1 time in 6)."""
    state = (
        two()
        .monster("kong", cards=["antimatter-pellets", "shadow-double"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    outcomes = k.chance_outcomes(state)
    assert sorted(str(o.dice) for o, _ in outcomes if isinstance(o, k.DiceRoll)) == sorted("EHACDO")
    assert {p for _, p in outcomes} == {Fraction(1, 6)}
    with pytest.raises(k.IllegalActionError, match=r"^expected 1 dice, got 2 \(OO\)$"):
        k.apply(state, roll("OO"))


def test_antimatter_pellets_in_an_auto_chance_game() -> None:
    """components §1 #2 with a seed: Mantis's one die is drawn automatically, then the attack
    lands: 4 damage on Ouch, else 2."""
    state = (
        Scenario(["kong", "mantis"], seed=7)
        .monster("kong", borough="queens", cards=["antimatter-pellets"])
        .monster("mantis", manhattan="lower")
        .turn("kong", dice="AACCEH")
        .build()
    )
    drawn: list[k.Outcome] = []
    state = apply_logged(state, resolve("A"), drawn)
    assert len(drawn) == 1
    outcome = drawn[0]
    assert isinstance(outcome, k.DiceRoll)
    assert outcome.dice.total == 1
    assert state.monsters[1].life == (6 if outcome.dice[k.Face.OUCH] else 8)


# -- Tesla Antennae ------------------------------------------------------------------------------


def test_tesla_antennae_adds_one_to_targets_with_more_life() -> None:
    """components §1 #55: "Monsters with more Life Points than you take 1 extra damage"; equal or
    less Life: no extra damage."""
    state = (
        four()
        .monster("mantis", life=6, cards=["tesla-antennae"])
        .monster("kong", life=7)
        .monster("rob", life=6)
        .monster("sheriff", life=3)
        .turn("mantis", dice="AACCEE")
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [4, 6, 4, 1]


def test_tesla_antennae_compares_life_before_the_damage() -> None:
    """rulings §16 DEFAULT: "compare life before the damage is applied": 7 > 6 before, though the
    target ends below the owner."""
    state = (
        two()
        .monster("kong", life=6, cards=["tesla-antennae"])
        .monster("mantis", life=7)
        .turn("kong", dice="AAACCE")
        .build()
    )
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 3


def test_tesla_antennae_adds_nothing_to_an_attack_that_deals_no_damage() -> None:
    """seed 000 *Glossary: Attack*: a card increases attack damage "only ... if the Monster is
    inflicting at least one damage already"."""
    state = (
        four()
        .monster("mantis", borough="staten-island")
        .monster("kong", manhattan="lower", life=2, cards=["tesla-antennae"])
        .turn("kong", dice="AAACCE", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [2, 10, 10, 10]


def test_tesla_antennae_adds_after_shadow_double() -> None:
    """rulings D20: "×2 Shadow Double → ... → +1 Tesla Antennae": 2 Attack → 4 → 5, not 6."""
    state = (
        two()
        .monster("kong", life=5, cards=["tesla-antennae", "shadow-double"])
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 5


# -- Fireball ------------------------------------------------------------------------------------


def test_fireball_also_hits_the_other_monster_in_your_borough() -> None:
    """components §1 #21: "Your attacks also damage the other Monsters in your own borough"."""
    state = (
        four()
        .monster("kong", cards=["fireball"])
        .monster("rob", borough="queens")
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 8, 8, 10]


def test_fireball_alone_in_the_borough_adds_nobody() -> None:
    """components §1 #21: only monsters in your own borough are added."""
    state = four().monster("kong", cards=["fireball"]).turn("kong", dice="AACCEH").build()
    state = play(state, resolve("A"))
    assert lives(state) == [10, 8, 10, 10]


def test_fireball_extra_target_takes_the_modified_damage() -> None:
    """rulings §16 (DEFAULT here): the extra target is an ordinary target of the attack, so
    Shadow Double doubles its damage too."""
    state = (
        four()
        .monster("kong", cards=["fireball", "shadow-double"])
        .monster("rob", borough="queens")
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 6, 6, 10]


def test_fireball_is_blocked_by_the_empty_manhattan_rule() -> None:
    """rulings §3 DEFAULT: the empty-Manhattan rule "blocks Fireball's extra damage too"."""
    state = (
        four()
        .monster("mantis", borough="staten-island")
        .monster("kong", cards=["fireball"])
        .monster("rob", borough="queens")
        .turn("kong", dice="AACCEH", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 10, 10, 10]


def test_fireball_in_manhattan_with_five_monsters_hits_the_other_one_who_may_flee() -> None:
    """rulings §16 (B): "In a 5–6 player game a Manhattan attacker with Fireball hits the other
    Manhattan monster, which may flee (it was damaged by a monster's attack)"; rulings §3: without
    Fireball it would not be hit."""
    state = (
        Scenario(["kong", "mantis", "rob", "sheriff", "captain-fish"])
        .monster("kong", manhattan="lower", track="2-4", cards=["fireball"])
        .monster("mantis", manhattan="midtown", track="5-6")
        .monster("rob", borough="bronx")
        .monster("sheriff", borough="brooklyn")
        .monster("captain-fish", borough="queens")
        .turn("kong", dice="AACCEH")
        .build()
    )
    state = play(state, resolve("A"))
    assert lives(state) == [10, 8, 8, 8, 8]
    assert state.next_step == ChooseFlee(1, attacker=0)
    state = play(state, k.Flee(k.Borough.STATEN_ISLAND))
    assert state.monsters[1].location == k.Location(k.Borough.STATEN_ISLAND)


# -- Drain ---------------------------------------------------------------------------------------


def test_drain_takes_2_energy_from_a_monster_that_attacks_you() -> None:
    """components §1 #17: "Take 2 Energy from each Monster that attacks you"."""
    state = (
        two()
        .monster("mantis", energy=1, cards=["drain"])
        .monster("kong", energy=5)
        .turn("kong", dice="ACCHHH")
        .build()
    )
    state = play(state, resolve("A"))
    assert energies(state) == [3, 3]


def test_drain_takes_up_to_what_the_attacker_has() -> None:
    """rulings §16 DEFAULT: "take up to 2, whatever it has"."""
    state = (
        two()
        .monster("mantis", cards=["drain"])
        .monster("kong", energy=1)
        .turn("kong", dice="ACCHHH")
        .build()
    )
    state = play(state, resolve("A"))
    assert energies(state) == [0, 1]


def test_drain_acts_once_per_attack_not_per_damage() -> None:
    """rulings §16 DEFAULT: "once per attack in which it damages you"."""
    state = (
        two()
        .monster("mantis", cards=["drain"])
        .monster("kong", energy=6)
        .turn("kong", dice="AAACCH")
        .build()
    )
    state = play(state, resolve("A"))
    assert energies(state) == [4, 2]
    assert state.monsters[1].life == 7


def test_drain_ignores_unit_damage() -> None:
    """rulings §9: unit damage "does not trigger Drain": Kong's two Ouch make the Queens units
    hit Rob, who holds Drain."""
    state = (
        four()
        .monster("kong", energy=4)
        .monster("rob", borough="queens", cards=["drain"])
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OOCCHH")
        .build()
    )
    state = play(state, resolve("O"))
    assert lives(state)[2] == 9
    assert energies(state) == [4, 0, 0, 0]


def test_drain_owner_not_attacked_takes_nothing() -> None:
    """components §1 #17: only a monster that attacks you pays: an outsider attacking Manhattan
    does not attack Rob outside."""
    state = (
        four()
        .monster("kong", energy=4)
        .monster("rob", cards=["drain"])
        .turn("kong", dice="ACCHHH")
        .build()
    )
    state = play(state, resolve("A"))
    assert energies(state) == [4, 0, 0, 0]


# -- Trash Thrower -------------------------------------------------------------------------------


def test_trash_thrower_each_attacked_monster_loses_1_vp_per_attack() -> None:
    """components §1 #59: "Each Monster you attack loses 1 VP"; rulings §16: "1 VP per attack,
    floored at 0" (rulings D34), whatever the number of Attack dice."""
    state = (
        four()
        .monster("mantis", cards=["trash-thrower"], vp=4)
        .monster("kong", vp=3)
        .monster("rob", vp=0)
        .monster("sheriff", vp=10)
        .turn("mantis", dice="AAACCE")
        .build()
    )
    state = play(state, resolve("A"))
    assert [m.vp for m in state.monsters] == [2, 4, 0, 9]


def test_trash_thrower_no_damage_no_loss() -> None:
    """seed 000 *Glossary: Attack*: "A Monster is considered an attacker if it inflicts at least
    one damage with Attack from the dice"."""
    state = (
        four()
        .monster("mantis", borough="staten-island", vp=5)
        .monster("kong", manhattan="lower", cards=["trash-thrower"])
        .monster("rob", vp=5)
        .turn("kong", dice="AAACCE", manhattan_was_occupied=False)
        .build()
    )
    state = play(state, resolve("A"))
    assert [m.vp for m in state.monsters] == [0, 5, 5, 0]


# -- Webspinner and Web tokens -------------------------------------------------------------------


def test_webspinner_gives_one_web_token_per_monster_per_attack() -> None:
    """components §1 #63: "give each of them a Web token"; rulings D10: "One token per damaged
    monster per damaging event", not per damage point."""
    state = four().monster("mantis", cards=["webspinner"]).turn("mantis", dice="AAACCE").build()
    state = play(state, resolve("A"))
    assert tokens(state, "web") == [1, 0, 1, 1]


def test_webspinner_gives_tokens_for_damage_dealt_by_the_owners_cards() -> None:
    """rulings §15, D10: "An event is one Attack resolution or one card effect"; each event gives
    another token."""
    state = four().monster("kong", cards=["webspinner"]).turn("kong", dice="AACCEH").build()
    state = play(state, resolve("A"))
    state = damage(state, {1: 1, 2: 1}, Source.CARD, dealer=0)
    assert tokens(state, "web") == [0, 2, 1, 0]


def test_webspinner_with_general_ellis_webs_every_other_monster() -> None:
    """rulings §16 / D21: General Ellis damages every monster, the buyer included; rulings D10:
    one token per damaged monster; DEFAULT: the owner gets none for damaging itself."""
    state = (
        four()
        .monster("kong", energy=5, trophies=["tank"], cards=["webspinner"])
        .market(["general-ellis", None, None])
        .turn("kong", at="buy", destroyed=["tank"])
        .build()
    )
    state = play(state, k.Buy(0), card("stomp"))
    assert lives(state) == [9, 9, 9, 9]
    assert tokens(state, "web") == [0, 1, 1, 1]


def test_webspinner_ignores_unit_damage() -> None:
    """rulings §9 / D4: Ouch "is not 'damage you dealt', so it does not count for ...
    Webspinner"."""
    state = (
        four()
        .monster("kong", cards=["webspinner"])
        .monster("rob", borough="queens")
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OOCCHH")
        .build()
    )
    state = play(state, resolve("O"))
    assert lives(state) == [9, 10, 9, 10]
    assert tokens(state, "web") == [0, 0, 0, 0]


def start_of_turn(seat: int, holder: int, kind: str, count: int) -> k.GameState:
    """The start of ``seat``'s turn in the 2-monster game (its roll pending), ``holder`` having
    received ``count`` tokens of ``kind`` during the Buy step of the turn before."""
    other = 1 - seat
    state = two().monster(other, energy=2).turn(other, at="buy").build()
    assert isinstance(state.next_step, Shop)
    state = play(with_tokens(state, holder, kind, count), k.EndBuying())
    assert isinstance(state.next_step, RollDice)
    assert state.turn.seat == seat
    return state


@pytest.mark.parametrize(("webs", "rerolls"), [(0, 2), (1, 1), (2, 0), (3, 0)])
def test_each_web_token_removes_one_reroll(webs: int, rerolls: int) -> None:
    """components §1 #63: "A Monster has one fewer reroll on its turn per Web token it holds";
    rulings §15: "to a minimum of 0 rerolls"."""
    state = start_of_turn(0, 0, "web", webs)
    assert state.turn.rerolls_left == rerolls


def test_web_tokens_do_not_touch_other_monsters_rerolls() -> None:
    """rulings §15: "Each token removes one reroll from its holder's own turn"."""
    state = start_of_turn(0, 1, "web", 2)
    assert state.turn.rerolls_left == 2
    state = start_of_turn(1, 1, "web", 2)
    assert state.turn.rerolls_left == 0


def test_web_token_received_in_an_attack_costs_the_victim_a_reroll_next_turn() -> None:
    """components §1 #63 end to end: Kong's Webspinner attack webs Mantis, whose next turn has
    one reroll (seed 000 *Roll the Dice*: normally two)."""
    state = two().monster("kong", cards=["webspinner"]).turn("kong", dice="AHHHCC").build()
    state = play(state, resolve("A"))
    assert tokens(state, "web") == [0, 1]
    state = play(state, k.StayInManhattan(), resolve("H"), k.StayPut())
    assert state.turn.seat == 1
    assert state.turn.rerolls_left == 1


def test_an_attack_die_can_discard_a_web_token() -> None:
    """components §1 #63: "A Monster may spend an Attack result to discard one Web token instead of
    attacking with it"."""
    state = two().turn("kong", dice="AACCEH").build()
    state = with_tokens(state, 0, "web", 2)
    assert WEB_USE in k.legal_actions(state)
    state = play(state, WEB_USE)
    assert tokens(state, "web") == [1, 0]
    assert state.turn.unresolved == k.Dice.parse("ACCEH")
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 9


def test_one_attack_die_per_web_token() -> None:
    """rulings §15: each Attack spent discards one token; with no Attack die left, the option is
    gone."""
    state = two().turn("kong", dice="ACCEHH").build()
    state = with_tokens(state, 0, "web", 2)
    state = play(state, WEB_USE)
    assert tokens(state, "web") == [1, 0]
    assert WEB_USE not in k.legal_actions(state)
    assert state.monsters[1].life == 10


def test_a_web_token_can_be_discarded_even_if_the_attack_would_hit_nobody() -> None:
    """rulings §15: "This works even when that Attack would hit nobody"."""
    state = (
        two()
        .monster("mantis", borough="bronx")
        .turn("kong", dice="ACCEHH", manhattan_was_occupied=False)
        .build()
    )
    state = with_tokens(state, 0, "web", 1)
    state = play(state, WEB_USE)
    assert tokens(state, "web") == [0, 0]


def test_web_tokens_stay_when_webspinner_leaves_play() -> None:
    """rulings §15: "Tokens stay if the Webspinner owner loses the card", and keep their effect."""
    state = two().monster("mantis", cards=["webspinner"]).turn("kong", dice="ACCEHH").build()
    state = with_tokens(state, 0, "web", 1)
    state = discard_card(state, 1, "base:webspinner")
    assert tokens(state, "web") == [1, 0]
    assert WEB_USE in k.legal_actions(state)
    assert combat.EFFECTS["web"].rerolls(state, 0, 0, 2) == 1


def test_a_web_token_cannot_be_discarded_without_an_attack_die() -> None:
    """rulings §15: it takes an Attack result; a use that is not offered raises a typed error and
    leaves the state as it was."""
    state = two().turn("kong", dice="CCCEHH").build()
    state = with_tokens(state, 0, "web", 1)
    assert WEB_USE not in k.legal_actions(state)
    with pytest.raises(
        k.IllegalActionError, match=r"^use web discard:token:web is not offered to seat 0 now$"
    ):
        k.apply(state, WEB_USE)
    with pytest.raises(
        k.IllegalActionError, match=r"^web: 'unknown' is not possible now \(offered: nothing\)$"
    ):
        combat.EFFECTS["web"].use(state, 0, "unknown")
    assert tokens(state, "web") == [1, 0]


# -- Curse and Curse tokens ----------------------------------------------------------------------


def test_curse_gives_one_curse_token_per_monster_per_attack() -> None:
    """components §1 #15: "give each damaged Monster a Curse token"; rulings D10: one per damaged
    monster per event."""
    state = four().monster("mantis", cards=["curse"]).turn("mantis", dice="AAACCE").build()
    state = play(state, resolve("A"))
    assert tokens(state, "curse") == [1, 0, 1, 1]


def test_curse_gives_tokens_for_card_damage_but_not_unit_damage() -> None:
    """rulings §15 / D10: one card effect is a damaging event; rulings D4: Ouch is not damage the
    owner dealt."""
    state = (
        four()
        .monster("kong", cards=["curse"])
        .monster("rob", borough="queens")
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OOCCHH")
        .build()
    )
    state = play(state, resolve("O"))
    assert tokens(state, "curse") == [0, 0, 0, 0]
    state = damage(state, {1: 1, 2: 1}, Source.CARD, dealer=0)
    assert tokens(state, "curse") == [0, 1, 1, 0]


def test_rerolling_ouch_costs_1_energy_per_curse_token() -> None:
    """components §1 #15: "A Monster that wants to reroll Ouch results must pay 1 Energy per Curse
    token it holds"."""
    state = two().monster("kong", energy=3).turn("kong", dice="OAEEEE", rerolls_left=2).build()
    state = with_tokens(state, 0, "curse", 2)
    state = play(state, reroll("O"))
    assert state.monsters[0].energy == 1


def test_curse_is_paid_once_per_reroll_not_per_ouch_die() -> None:
    """rulings D9: "Per reroll action that includes at least 1 Ouch die"."""
    state = two().monster("kong", energy=3).turn("kong", dice="OOAEEE", rerolls_left=2).build()
    state = with_tokens(state, 0, "curse", 2)
    state = play(state, reroll("OOA"))
    assert state.monsters[0].energy == 1


def test_rerolling_without_ouch_is_free() -> None:
    """components §1 #15: only rerolling Ouch results costs Energy."""
    state = two().monster("kong", energy=3).turn("kong", dice="OAEEEE", rerolls_left=2).build()
    state = with_tokens(state, 0, "curse", 2)
    state = play(state, reroll("AE"))
    assert state.monsters[0].energy == 3


def test_a_reroll_of_ouch_the_holder_cannot_pay_for_is_not_offered() -> None:
    """components §1 #15 ("must pay"); rulings D9: the engine filters unaffordable rerolls."""
    state = two().monster("kong", energy=1).turn("kong", dice="OAEEEE", rerolls_left=2).build()
    state = with_tokens(state, 0, "curse", 2)
    legal = k.legal_actions(state)
    assert reroll("O") not in legal
    assert reroll("OA") not in legal
    assert reroll("A") in legal
    with pytest.raises(
        k.IllegalActionError, match=r"^reroll O is not legal for seat 0 at choose-reroll; "
    ):
        k.apply(state, reroll("O"))


def test_curse_tokens_do_not_tax_other_monsters() -> None:
    """components §1 #15: the holder pays; the token does nothing for the others."""
    state = two().monster("kong", energy=3).turn("kong", dice="OAEEEE", rerolls_left=2).build()
    state = with_tokens(state, 1, "curse", 2)
    state = play(state, reroll("O"))
    assert energies(state) == [3, 0]


def test_a_heal_die_can_discard_a_curse_token_outside_manhattan() -> None:
    """components §1 #15: "A Monster may spend a Heal result to discard one Curse token instead of
    healing with it"."""
    state = two().monster("kong", life=5).turn("kong", dice="HHCCEE").build()
    state = with_tokens(state, 0, "curse", 3)
    assert CURSE_USE in k.legal_actions(state)
    state = play(state, CURSE_USE)
    assert tokens(state, "curse") == [2, 0]
    state = play(state, resolve("H"))
    assert state.monsters[0].life == 6


def test_a_heal_die_discards_a_curse_token_in_manhattan_too() -> None:
    """seed 000, *Effects of Manhattan*: in Manhattan Heal rolls cannot heal "but they can still
    serve to trigger other game effects"; the rulebook wins over rulings D11."""
    state = two().monster("mantis", life=5).turn("mantis", dice="HHCCEE").build()
    state = with_tokens(state, 1, "curse", 2)
    assert state.monsters[1].in_manhattan
    assert isinstance(state.next_step, ChooseFace)
    assert CURSE_USE in k.legal_actions(state)
    state = play(state, CURSE_USE)
    assert tokens(state, "curse") == [0, 1]
    assert state.turn.unresolved[k.Face.HEAL] == 1
    state = play(state, resolve("H"))
    assert state.monsters[1].life == 5  # the other Heal die cannot heal in Manhattan


# -- Phoenix Blood -------------------------------------------------------------------------------


def test_phoenix_blood_gains_1_energy_per_damage_event() -> None:
    """components §1 #40: "Gain 1 Energy each time you take damage"; rulings D32: "per damage
    event, not per point"."""
    state = two().monster("mantis", cards=["phoenix-blood"]).turn("kong", dice="AAACCH").build()
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 7
    assert energies(state) == [0, 1]


def test_phoenix_blood_counts_unit_and_card_damage_too() -> None:
    """components §1 #40: any damage ("each time you take damage"), so Ouch and card damage count,
    one Energy per event (rulings D32)."""
    state = (
        two()
        .monster("kong", cards=["phoenix-blood"])
        .borough("queens", units=["infantry", "jet"])
        .turn("kong", dice="OCCHHE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 8
    assert state.monsters[0].energy == 1
    state = damage(state, {0: 1}, Source.CARD, dealer=1)
    assert state.monsters[0].energy == 2


def test_phoenix_blood_nothing_when_the_damage_eliminates_the_owner() -> None:
    """rulings §2: an eliminated monster is out at once; its cards no longer act."""
    state = (
        four()
        .monster("mantis", life=2, energy=0, cards=["phoenix-blood"])
        .turn("kong", dice="AAACCH")
        .build()
    )
    state = play(state, resolve("A"))
    assert state.monsters[1].eliminated
    assert state.monsters[1].energy == 0


# -- Bulletproof ---------------------------------------------------------------------------------


def test_bulletproof_takes_1_less_from_your_own_ouch() -> None:
    """components §1 #6: "Whenever you take damage caused by Ouch ... take 1 less damage"."""
    state = (
        two()
        .monster("kong", cards=["bulletproof"])
        .borough("queens", units=["infantry", "jet", "tank"])
        .turn("kong", dice="OCCHHE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 8


def test_bulletproof_minimum_0() -> None:
    """rulings D30: "−1 per event, minimum 0": a single unit does nothing."""
    state = (
        two()
        .monster("kong", cards=["bulletproof"])
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OCCHHE")
        .build()
    )
    state = play(state, resolve("O"))
    assert state.monsters[0].life == 10


def test_bulletproof_against_another_monsters_ouch() -> None:
    """rulings D30: "Any Ouch-caused unit damage to you": Kong's two Ouch make the Queens units
    hit Rob, who holds Bulletproof, and Kong."""
    state = (
        four()
        .monster("rob", borough="queens", cards=["bulletproof"])
        .borough("queens", units=["infantry", "jet"])
        .turn("kong", dice="OOCCHH")
        .build()
    )
    state = play(state, resolve("O"))
    assert lives(state) == [8, 10, 9, 10]


def test_bulletproof_against_three_ouch_city_wide() -> None:
    """rulings §9: 3+ Ouch: "every unit in the city deals 1 damage to each monster in that unit's
    borough"; Bulletproof (D30) takes 1 off Sheriff's share in Brooklyn."""
    state = (
        four()
        .monster("sheriff", cards=["bulletproof"])
        .borough("brooklyn", units=["infantry", "infantry", "tank"])
        .turn("kong", dice="OOOCCH")
        .build()
    )
    state = play(state, resolve("O"))
    assert lives(state) == [10, 10, 10, 8]


def test_bulletproof_does_not_reduce_attacks_or_air_force_one() -> None:
    """rulings D30: "not Air Force One" (unit damage that is not Ouch, ``Source.UNITS``); an
    attack is not Ouch either."""
    state = two().monster("mantis", cards=["bulletproof"]).turn("kong", dice="AACCEH").build()
    state = play(state, resolve("A"))
    assert state.monsters[1].life == 8
    state = damage(state, {1: 2}, Source.UNITS)
    assert state.monsters[1].life == 6


# -- Carapace ------------------------------------------------------------------------------------


def test_carapace_raises_maximum_life_to_12() -> None:
    """components §1 #8: "While you own it, your maximum Life is 2 higher (12)"."""
    state = two().monster("kong", life=9, cards=["carapace"]).turn("kong", dice="HHHHCE").build()
    state = play(state, resolve("H"))
    assert state.monsters[0].life == 12


def test_carapace_one_token_per_ouch_you_roll() -> None:
    """components §1 #8: "Each Ouch you roll puts 1 Carapace token on this card"; rulings §9: one
    per Ouch die in the final result, whatever their number."""
    state = four().monster("kong", cards=["carapace"]).turn("kong", dice="OOOCCH").build()
    state = play(state, resolve("O"))
    assert tokens(state, "carapace") == [3, 0, 0, 0]


def test_carapace_counts_once_with_tokens_already_on_it() -> None:
    """components §1 #8: one token per Ouch rolled, also when tokens already lie on the card; the
    maximum stays 12 (not raised again by the tokens)."""
    state = two().monster("kong", life=9, cards=["carapace"]).turn("kong", dice="OOHHHH").build()
    state = with_tokens(state, 0, "carapace", 1)
    state = play(state, resolve("O"), resolve("H"))
    assert state.monsters[0].token_count("carapace") == 3
    assert state.monsters[0].life == 12


def test_carapace_no_token_for_another_monsters_ouch() -> None:
    """components §1 #8: "Each Ouch you roll": Kong's Ouch hits Rob, who holds Carapace."""
    state = (
        four()
        .monster("rob", borough="queens", cards=["carapace"])
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OOCCHH")
        .build()
    )
    state = play(state, resolve("O"))
    assert tokens(state, "carapace") == [0, 0, 0, 0]


def test_discarding_carapace_heals_1_per_token() -> None:
    """components §1 #8: "You may discard the card to heal 1 damage per Carapace token on it";
    the card goes to the discard pile and the tokens with it (rulings D25)."""
    state = two().monster("kong", life=5, cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    state = with_tokens(state, 0, "carapace", 3)
    assert CARAPACE_USE in k.legal_actions(state)
    state = play(state, CARAPACE_USE)
    assert state.monsters[0].life == 8
    assert state.monsters[0].cards == ()
    assert "base:carapace" in state.discard
    assert tokens(state, "carapace") == [0, 0]


@pytest.mark.parametrize(("life", "count", "after"), [(12, 3, 10), (11, 2, 10), (8, 5, 10)])
def test_discarding_carapace_drops_the_maximum_first(life: int, count: int, after: int) -> None:
    """rulings D25: "Lower the maximum first, then heal, capped at 10": Life above 10 is cut to
    10, and the heal stops at 10."""
    state = two().monster("kong", life=life, cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    state = with_tokens(state, 0, "carapace", count)
    state = play(state, CARAPACE_USE)
    assert state.monsters[0].life == after


def test_carapace_can_be_discarded_at_a_decision_on_another_monsters_turn() -> None:
    """rulings D25: "May be discarded any time, including in response to damage": Kong, hurt in
    Manhattan by Mantis's attack, discards it at its flee decision."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", manhattan="lower", life=6, cards=["carapace"])
        .monster("mantis", borough="queens")
        .turn("mantis", dice="AACCEH")
        .build()
    )
    state = with_tokens(state, 0, "carapace", 2)
    state = play(state, resolve("A"))
    assert isinstance(state.next_step, ChooseFlee)
    assert CARAPACE_USE in k.legal_actions(state)
    state = play(state, CARAPACE_USE)
    assert state.monsters[0].life == 6
    assert isinstance(state.next_step, ChooseFlee)


def test_carapace_discard_is_not_offered_without_tokens() -> None:
    """DEFAULT (module table): with no token the discard would heal nothing."""
    state = two().monster("kong", life=5, cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    assert CARAPACE_USE not in k.legal_actions(state)
    with pytest.raises(
        k.IllegalActionError,
        match=(
            r"^base:carapace: 'discard:card:base:carapace' is not possible now"
            r" \(offered: nothing\)$"
        ),
    ):
        combat.EFFECTS["base:carapace"].use(state, 0, "discard:card:base:carapace")


def test_carapace_discard_is_offered_once() -> None:
    """Each legal action is listed once (tests/test_properties.py invariant): the card and its
    tokens are one effect."""
    state = two().monster("kong", life=5, cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    state = with_tokens(state, 0, "carapace", 1)
    assert k.legal_actions(state).count(CARAPACE_USE) == 1


def test_a_forced_carapace_discard_heals_nothing() -> None:
    """rulings D25: "No heal on a forced discard" (Tesla Cannon, through the ``discard_card``
    primitive): the maximum drops to 10, Life above is cut, and the tokens no longer act."""
    state = two().monster("kong", life=11, cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    state = with_tokens(state, 0, "carapace", 4)
    state = discard_card(state, 0, "base:carapace")
    assert state.monsters[0].life == 10
    assert CARAPACE_USE not in k.legal_actions(state)
    assert combat.EFFECTS["base:carapace"].offers(state, 0, Context.DECISION) == ()


def test_a_forced_carapace_discard_removes_its_tokens() -> None:
    """rulings D25 with the brief: the tokens on a force-discarded Carapace are gone."""
    state = two().monster("kong", cards=["carapace"]).turn("kong", dice="CCCEEH").build()
    state = with_tokens(state, 0, "carapace", 4)
    state = discard_card(state, 0, "base:carapace")
    assert state.monsters[0].token_count("carapace") == 0


def test_buying_carapace_starts_with_no_tokens() -> None:
    """components §1 #8 (cost 3, KEEP) bought with a real Buy: maximum Life 12 at once; tokens a
    forced discard left behind do not come back with a new copy (DEFAULT)."""
    state = (
        two()
        .monster("kong", energy=3)
        .market(["carapace", None, None])
        .turn("kong", at="buy")
        .build()
    )
    state = with_tokens(state, 0, "carapace", 3)
    state = play(state, k.Buy(0), card("stomp"))
    assert state.monsters[0].cards == ("base:carapace",)
    assert state.monsters[0].token_count("carapace") == 0
    assert max_life(state, 0) == 12
