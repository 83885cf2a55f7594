"""Damage and elimination: the turn's monster eliminated mid-turn (rulings C3, §11) and the
damage the turn's monster dealt (rulings D16, Photo Op)."""

from __future__ import annotations

import pytest

import kingofny as k
from kingofny._engine.damage import check_eliminations, deal_damage
from kingofny._engine.ops import evolve, set_monster
from kingofny.model.actions import UseCard
from kingofny.model.effect import Source
from kingofny.model.steps import ChooseFlee, EndTurn, RevealCard, Shop
from kingofny.testing import Scenario, play, resolve


def test_turn_monster_eliminated_ends_its_turn_but_keeps_reveals_and_others_decisions() -> None:
    """Rulings C3: the active monster's turn ends at once. The market reveal still pending and
    another monster's decision are not part of its turn and survive; its own Buy step does not."""
    state = Scenario(["kong", "mantis", "rob"]).monster(0, energy=10).turn(seat=0, at="buy").build()
    assert isinstance(state.agenda[-1], Shop)
    state = evolve(
        state,
        agenda=(*state.agenda, ChooseFlee(1, attacker=0), RevealCard(2)),
    )
    state = set_monster(state, 0, evolve(state.monsters[0], life=0))
    after = check_eliminations(state)
    assert after.monsters[0].eliminated
    assert after.agenda == (EndTurn(), ChooseFlee(1, attacker=0), RevealCard(2))
    assert not any(isinstance(step, Shop) for step in after.agenda)


# -- damage the turn's monster dealt (Photo Op) ----------------------------------------------------

PHOTO_OP = "base:photo-op"


def test_damage_dealt_off_turn_is_not_counted_as_the_turn_monsters() -> None:
    """rulings D16 / components §1 #41 Photo Op: "damage you dealt this turn" is the turn
    monster's, so ``turn.damage_dealt`` records only its damage. Mantis's Violent Star deals
    Kong 1 damage when Kong takes Superstar from it on Kong's turn (components §1 #62): Kong
    dealt nothing. Guards against counting damage dealt by a monster whose turn it isn't."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower", cards=["violent-star"])
        .monster("rob", borough="bronx")
        .goals(superstar="mantis")
        .turn("kong", dice="CCCEEH")
        .build()
    )
    state = play(state, resolve("C"))
    assert state.superstar == 0
    assert state.monsters[0].life == 9  # Violent Star's damage was dealt...
    assert not any(state.turn.damage_dealt)  # ...but not by the turn's monster


@pytest.mark.parametrize(("dealer", "vp"), [(0, 3), (1, 0), (None, 0)])
def test_photo_op_counts_only_damage_the_buyer_dealt(dealer: int | None, vp: int) -> None:
    """rulings D16 / components §1 #41 Photo Op: "gain 1 VP for each damage you dealt to it
    this turn". On Kong's turn Rob takes 3 damage from a card naming Kong (seat 0) as the dealer,
    naming Mantis (seat 1), or naming nobody; Kong then buys Photo Op and names Rob: 3 VP only
    when the damage was Kong's. Guards against counting another monster's damage as the
    buyer's."""
    state = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", borough="queens", energy=4)
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="staten-island")
        .market(["photo-op", "fireball", "hunter"])
        .turn("kong", at="buy")
        .build()
    )
    state, taken = deal_damage(state, {2: 3}, Source.CARD, dealer=dealer)
    assert taken == {2: 3}
    state = play(state, k.Buy(0), UseCard(PHOTO_OP, "seat:2"))
    assert state.monsters[2].life == 7
    assert state.monsters[0].vp == vp
