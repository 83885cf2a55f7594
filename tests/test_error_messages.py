"""Bad input gets a clear, typed error (issue 7 §3 and the newcomer trial that followed it):
each message says what was given and what is expected."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

import kingofny as k
from kingofny.cli import main
from kingofny.content.base import BASE_PACK_VERSION


def test_an_enum_field_names_the_members_to_write() -> None:
    """A face given by name reads as a refusal that lists how to write one."""
    with pytest.raises(k.ArgumentError, match=r"ResolveFace\.face: expected one of Face\.ENERGY"):
        k.ResolveFace("attack")  # type: ignore[arg-type]


def test_dice_given_as_text_are_shown_how_to_parse() -> None:
    with pytest.raises(k.ArgumentError, match=r"Dice\.parse\('AAX'\)"):
        k.Reroll("AAX")  # type: ignore[arg-type]


def test_an_unknown_die_face_is_an_argument_error() -> None:
    """Dice.parse was the one bad input that raised a bare ValueError."""
    with pytest.raises(k.ArgumentError, match=r"unknown die face 'X'; expected one of EHACDO"):
        k.Dice.parse("AAX")


def test_a_move_that_is_not_an_action_says_so() -> None:
    state = k.new_game(2, seed=1)
    with pytest.raises(k.IllegalActionError, match=r"must decide; got 'x' \(not an action\)"):
        k.apply(state, "x")  # type: ignore[arg-type]


def test_waiting_for_a_non_state_is_an_argument_error() -> None:
    with pytest.raises(k.ArgumentError, match=r"waiting_for\(state\): expected a GameState"):
        k.waiting_for(None)  # type: ignore[arg-type]


def test_a_misspelt_card_suggests_real_ids_not_aliases() -> None:
    """ "Tesla Canon" is an alias of base:tesla-cannon: the suggestion names the id."""
    with pytest.raises(k.ArgumentError, match=r"did you mean 'tesla-cannon'\?"):
        k.find_card("tesla")


def test_replaying_a_file_that_is_no_record_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    assert main(["replay", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kingofny: error: {empty} is not a kingofny game record")
    assert err.count("\n") == 1
    assert main(["replay", str(tmp_path)]) == 2
    assert "is a directory, not a saved game record" in capsys.readouterr().err


def test_plugins_counts_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins"]) == 0
    assert f"base {BASE_PACK_VERSION}: 6 monsters, 64 cards" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("function", "args", "message"),
    [
        (k.legal_actions, ("x",), r"legal_actions\(state\): expected a GameState, got str"),
        (k.chance_outcomes, (None,), r"chance_outcomes\(state\): expected a GameState"),
        (k.apply, (3, k.StopRolling()), r"apply\(state\): expected a GameState, got int"),
        (k.is_terminal, ([],), r"is_terminal\(state\): expected a GameState"),
        (k.winners, ({},), r"winners\(state\): expected a GameState"),
        (k.reseed, ("view", 1), r"reseed\(view\): expected a GameState"),
        (k.observe, (b"", 0), r"observe\(state\): expected a GameState"),
        (k.sample_outcome, (None, random.Random(1)), r"sample_outcome\(state\): expected"),
        (k.start_record, ("base",), r"start_record\(config\): expected a GameConfig"),
        (k.apply_recorded, (None, None, k.StopRolling()), r"apply_recorded\(record\)"),
    ],
)
def test_the_rules_api_names_a_state_that_is_not_one(
    function: Callable[..., object], args: tuple[object, ...], message: str
) -> None:
    """Issue 7 (bad input gets a typed error) for every entry point, in both builds: the
    compiled core would otherwise answer a wrong type with its own TypeError or AttributeError."""
    with pytest.raises(k.ArgumentError, match=message):
        function(*args)


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("a", "a seat is an int"),
        ("0", "str '0'"),  # not "no seat 0": seat 0 exists
        (True, "a seat is an int"),
        (1.0, "float 1.0"),
        (4, "no seat 4 in a 4-monster game"),
        (-1, "no seat -1"),
    ],
)
def test_observe_refuses_a_seat_that_is_not_one(seat: object, message: str) -> None:
    with pytest.raises(k.ConfigError, match=message):
        k.observe(k.new_game(4, seed=1), seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "seed", [1 << 1024, -(1 << 1024), 10**5000], ids=["2**1024", "-2**1024", "10**5000"]
)
def test_a_seed_too_large_to_save_is_refused(seed: int) -> None:
    """A game is saved as JSON, whose reader takes integers smaller than 2**1024 in magnitude
    (and Python shows no int of over 4,300 digits): a larger seed is a typed error at once,
    not a game that cannot be saved or shown."""
    with pytest.raises(k.ConfigError, match="2\\*\\*1024"):
        k.new_game(2, seed=seed)
    view = k.observe(k.new_game(2, seed=1))
    with pytest.raises(k.ArgumentError, match="2\\*\\*1024"):
        k.reseed(view, seed)


def test_the_largest_seed_makes_a_game_that_is_saved_and_shown() -> None:
    seed = (1 << 1024) - 1
    state = k.new_game(2, seed=seed)
    assert k.from_json(k.to_json(state)) == state
    assert repr(state).startswith("GameState(")
