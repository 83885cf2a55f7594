"""Elimination of the turn's monster mid-turn (rulings C3, §11)."""

from __future__ import annotations

from kingofny.engine.damage import check_eliminations
from kingofny.engine.ops import evolve, set_monster
from kingofny.model.steps import ChooseFlee, EndTurn, RevealCard, Shop
from kingofny.testing import Scenario


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
