"""``ops.evolve``: the engine's fast copy keeps attrs.evolve's meaning (issue 8, *Keep the hard
rules*: behaviour identical, states frozen, hashable by value)."""

from __future__ import annotations

import random

import attrs
import pytest

import kingofny as k
from kingofny._engine.loop import apply_logged
from kingofny._engine.ops import DRAFT, draft, evolve, freeze, maker
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


# -- drafts: one mutable copy per apply (issue 8, *Shape*: "One mutable draft per apply, frozen
# once on return"; *Keep the hard rules*: "apply never mutates its input, including under the
# transient state") --------------------------------------------------------------------------


@pytest.mark.skipif(k.debug_states_enabled(), reason="the debug mode makes no drafts")
def test_a_draft_is_updated_in_place_and_frozen_into_an_ordinary_state() -> None:
    state = k.new_game(4, seed=2)
    before = k.to_json(state)
    work = draft(state, state.agenda[:-1])
    assert work is not state
    assert type(work) is DRAFT
    assert maker(GameState, "superstar")(work, 1) is work
    assert evolve(work, statue=3) is work
    again = draft(work, work.agenda)  # apply called on a draft copies it too
    assert again is not work
    assert again == work
    hash(work)  # a hash taken while the draft changes must not outlive the change
    assert evolve(work, superstar=2) is work
    done = freeze(work)
    assert type(done) is GameState
    expected = attrs.evolve(state, agenda=state.agenda[:-1], superstar=2, statue=3)
    assert done == expected
    assert hash(done) == hash(expected)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        done.superstar = 0  # type: ignore[misc]
    assert k.to_json(state) == before
    assert freeze(state) is state


def test_the_debug_mode_makes_plain_copies_instead_of_drafts() -> None:
    """In the debug mode every update copies: ``draft`` gives an ordinary frozen state."""
    state = k.new_game(4, seed=2)
    with k.debug_states():
        work = draft(state, state.agenda[:-1])
        assert type(work) is GameState
        assert evolve(work, statue=3) is not work
    assert type(draft(state, state.agenda)) is (GameState if k.debug_states_enabled() else DRAFT)


def test_apply_with_drafts_gives_the_states_that_copying_every_step_gives() -> None:
    """With a trace, apply copies the state at every step (the trace keeps them all): the two
    paths must agree on every move of whole games, 2 to 6 monsters, seeded and explicit."""
    for players, seed in ((2, 11), (4, 12), (6, 13), (4, None)):
        rng = random.Random(players)
        state = k.new_game(players, seed=seed)
        while state.winners is None:
            if state.is_chance:
                pairs = k.chance_outcomes(state)
                move: object = rng.choice(pairs)[0]
            else:
                move = rng.choice(k.legal_actions(state))
            snapshot = repr(state)
            fast = k.apply(state, move)  # type: ignore[arg-type]
            traced = apply_logged(state, move, None, [])  # type: ignore[arg-type]
            assert repr(state) == snapshot
            assert type(fast) is GameState
            assert fast == traced
            assert repr(fast) == repr(traced)
            assert hash(fast) == hash(traced)
            state = fast


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("seed", [None, 3])
def test_the_setup_runs_on_one_draft_and_gives_the_state_it_gave_before(
    players: int, seed: int | None
) -> None:
    """Issue 8: ``start`` runs the setup's steps on one draft, as ``apply`` does. The first
    state is an ordinary frozen GameState, equal (and hashing equal) to the one the setup's
    steps give when each copies the state."""
    from kingofny._engine.loop import advance, start
    from kingofny._engine.setup import initial_state

    config = k.new_game(players, seed=seed).config
    drafted = start(config)
    copied = advance(initial_state(config))
    assert type(drafted) is GameState
    assert drafted == copied
    assert hash(drafted) == hash(copied)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        drafted.winners = ()  # type: ignore[misc]


def test_the_shared_roll_steps_cover_the_counts_a_turn_rolls_and_no_more() -> None:
    """``roll_dice`` shares one RollDice per count up to MAX_DICE and builds any other (a
    plugin may give more dice), always equal to ``RollDice(count)``."""
    from kingofny._engine.stock import roll_dice
    from kingofny.model.limits import MAX_DICE
    from kingofny.model.steps import RollDice

    assert roll_dice(6) is roll_dice(6)
    for count in (1, 6, MAX_DICE, MAX_DICE + 1, MAX_DICE + 3):
        assert roll_dice(count) == RollDice(count)
