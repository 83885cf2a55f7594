"""``ops.evolve``: the engine's fast copy keeps attrs.evolve's meaning (issue 8, *Keep the hard
rules*: behaviour identical, states frozen, hashable by value)."""

from __future__ import annotations

import random

import attrs
import pytest

import kingofny as k
from kingofny.engine.ops import evolve, maker
from kingofny.model.state import GameState, TurnState


def _states() -> list[GameState]:
    rng = random.Random(5)
    state = k.new_game(4, seed=5)
    seen = [state]
    while state.winners is None:
        state = k.apply(state, rng.choice(k.legal_actions(state)))
        seen.append(state)
    return seen


def test_evolve_gives_what_attrs_evolve_gives() -> None:
    for state in _states()[::10]:
        ours = evolve(state, agenda=state.agenda[:-1], rng=7)
        theirs = attrs.evolve(state, agenda=state.agenda[:-1], rng=7)
        assert type(ours) is GameState
        assert ours == theirs
        assert hash(ours) == hash(theirs)
        assert repr(ours) == repr(theirs)
        monster = state.monsters[0]
        assert evolve(monster, vp=3, energy=2) == attrs.evolve(monster, vp=3, energy=2)
        assert evolve(state.turn) == state.turn


def test_the_copy_is_frozen_and_the_original_untouched() -> None:
    state = k.new_game(4, seed=1)
    before = k.to_json(state)
    copy = evolve(state, superstar=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.superstar = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del copy.statue
    assert copy.superstar == 2
    assert k.to_json(state) == before
    assert maker(GameState, "superstar")(state, 2) == copy


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="TurnState has no field 'dicee'"):
        evolve(TurnState(), dicee=3)


def test_classes_with_validators_still_validate() -> None:
    """Actions check their fields; a copy goes through the constructor and its validators."""
    with pytest.raises(ValueError, match="slot"):
        evolve(k.Buy(1), slot=-1)
    assert evolve(k.Buy(1), slot=2) == k.Buy(2)
