"""The names 0.2 changed keep working for one release, each with a DeprecationWarning naming
the new spelling (issue 19 §1; the changelog's *Upgrading from 0.1* lists them)."""

from __future__ import annotations

import importlib
import random
import sys
import warnings
from collections.abc import Callable
from typing import cast

import pytest

import kingofny


def _fresh_import(name: str) -> object:
    """Import ``name`` anew (its module-level warning runs again)."""
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    return importlib.import_module(name)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("kingofny.engine", "kingofny._engine"),
        ("kingofny.content.registry", "kingofny._registry"),
        ("kingofny.codec", "kingofny.ids"),
        ("kingofny.content.pack", "kingofny.model.pack"),
    ],
)
def test_old_module_paths_warn_and_still_work(old: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated since kingofny 0\.2"):
        _fresh_import(old)


def test_old_engine_submodules_are_the_private_modules() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("kingofny.engine.core")
    assert old is importlib.import_module("kingofny._engine.core")
    assert old.Move is kingofny.ActionOrOutcome  # the names 0.1 code imported from there


def test_the_codec_classes_keep_their_old_names() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        codec = importlib.import_module("kingofny.codec")
    from kingofny.ids import ActionIds, OutcomeIds

    assert codec.ActionCodec is ActionIds
    assert codec.OutcomeCodec is OutcomeIds
    assert codec.SEATS == 6


def test_move_is_action_or_outcome() -> None:
    with pytest.warns(DeprecationWarning, match="use kingofny.ActionOrOutcome"):
        old = kingofny.Move
    assert old is kingofny.ActionOrOutcome
    assert "Move" not in kingofny.__all__


def test_state_pending_is_next_step() -> None:
    state = kingofny.new_game(3, seed=1)
    with pytest.warns(DeprecationWarning, match="GameState.next_step"):
        step = state.pending
    assert step is state.next_step is state.agenda[-1]


def test_the_root_lists_no_typing_helpers() -> None:
    """``dir(kingofny)`` shows the public names and submodules, not ``TYPE_CHECKING``."""
    names = dir(kingofny)
    assert "TYPE_CHECKING" not in names
    assert set(kingofny.__all__) <= set(names)
    assert not [n for n in names if n.startswith("_") and not n.startswith("__")]


def test_apply_traced_reports_every_step_and_agrees_with_apply() -> None:
    """One application, the same state as :func:`kingofny.apply`, and the steps in order: the
    move's own step first, each with the state after it; the state returned differs from the
    last one listed by no more than steps dropped with nothing to do."""
    rng = random.Random(4)
    for explicit in (False, True):
        state = kingofny.new_game(4) if explicit else kingofny.new_game(4, seed=4)
        for _ in range(80):
            if state.is_terminal:
                break
            if state.is_chance:
                move: kingofny.ActionOrOutcome = kingofny.sample_outcome(state, rng)
            else:
                move = rng.choice(kingofny.legal_actions(state))
            after, runs = kingofny.apply_traced(state, move)
            assert after == kingofny.apply(state, move)
            assert runs[0].step is state.next_step
            assert runs[0].move == move
            last = runs[-1].state
            assert (last.monsters, last.turn, last.winners) == (
                after.monsters,
                after.turn,
                after.winners,
            )
            assert len(last.agenda) >= len(after.agenda)
            assert all(isinstance(r, kingofny.StepRun) for r in runs)
            state = after


def test_apply_traced_refuses_what_apply_refuses() -> None:
    state = kingofny.new_game(2, seed=1)
    with pytest.raises(kingofny.IllegalActionError):
        kingofny.apply_traced(state, kingofny.EndBuying())
    with pytest.raises(kingofny.ArgumentError):
        kingofny.apply_traced("state", kingofny.EndBuying())  # type: ignore[arg-type]


def test_effects_push_is_deprecated_for_ask_and_roll() -> None:
    """Issue 19 §1: packs ask and roll through the primitives; the raw agenda update goes."""
    import kingofny.effects as fx

    assert "push" not in fx.__all__
    with pytest.warns(DeprecationWarning, match=r"ask\(\) and rolls with roll\(\)"):
        old = cast("Callable[[kingofny.GameState], kingofny.GameState]", fx.push)
    state = kingofny.new_game(2, seed=1)
    assert old(state).agenda == state.agenda
    for kept in ("evolve", "set_monster", "set_turn", "set_borough", "ask", "roll"):
        assert kept in fx.__all__
