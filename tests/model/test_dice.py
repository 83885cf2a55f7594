"""Dice as multisets of faces (DESIGN Contract 5; seed 000, *Dice Effects*)."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction
from math import comb

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import kingofny as k
from kingofny import Dice, Face
from kingofny.model.dice import all_rolls, sub_multisets


def test_each_die_has_the_six_symbols() -> None:
    """Seed 000, *Dice Effects*: Energy, Heal, Attack, Celebrity, Destruction, Ouch!."""
    assert {f.name for f in Face} == {
        "ENERGY",
        "HEAL",
        "ATTACK",
        "CELEBRITY",
        "DESTRUCTION",
        "OUCH",
    }


@pytest.mark.parametrize(("n", "expected"), [(1, 6), (2, 21), (6, 462), (8, 1287)])
def test_number_of_unordered_outcomes(n: int, expected: int) -> None:
    """DESIGN Contract 5: 462 unordered outcomes for six dice; C(n+5, 5) in general."""
    rolls = all_rolls(n)
    assert len(rolls) == expected == comb(n + 5, 5)
    assert len(set(rolls)) == expected
    assert all(r.total == n for r in rolls)


@pytest.mark.parametrize("n", [1, 3, 6, 8])
def test_roll_probabilities_are_exact_and_sum_to_one(n: int) -> None:
    """DESIGN Contract 5: exact probabilities summing to 1."""
    total = sum((r.probability() for r in all_rolls(n)), Fraction(0))
    assert total == 1


def test_multinomial_probability_examples() -> None:
    """Six of a kind is 1/6**6 per face; one of each face is 6!/6**6."""
    assert Dice.parse("AAAAAA").probability() == Fraction(1, 6**6)
    assert Dice.parse("EHACDO").probability() == Fraction(720, 6**6)


def test_notation_round_trip_and_order() -> None:
    """Notation lists faces in Face order whatever the input order."""
    dice = Dice.parse("OADA")
    assert str(dice) == "AADO"
    assert dice[Face.ATTACK] == 2
    assert Dice.parse("-").total == 0
    assert str(Dice.parse("-")) == "-"


def test_bad_notation_is_a_value_error() -> None:
    """Unknown face letters are refused."""
    with pytest.raises(ValueError, match="unknown die face"):
        Dice.parse("AX")


def test_sub_multisets_of_distinct_faces() -> None:
    """Six different faces give 2**6 - 1 non-empty subsets to reroll."""
    assert len(sub_multisets(Dice.parse("EHACDO"))) == 63


def test_sub_multisets_of_repeated_faces() -> None:
    """Equal dice are interchangeable: AAAD has 4 * 2 - 1 non-empty sub-multisets."""
    subs = sub_multisets(Dice.parse("AAAD"))
    assert len(subs) == 7
    assert Dice.parse("AD") in subs


@given(st.lists(st.sampled_from(list(Face)), max_size=8), st.data())
def test_plus_minus_contains(faces: list[Face], data: st.DataObject) -> None:
    """Multiset algebra: (a - b) + b == a whenever b is contained in a."""
    dice = Dice.of(faces)
    if dice.total == 0:
        return
    part = data.draw(st.sampled_from(sub_multisets(dice)))
    assert dice.contains(part)
    assert dice.minus(part).plus(part) == dice


def test_dice_are_frozen_and_equal_and_hashable_by_value() -> None:
    """DESIGN Contract: states and their parts are frozen, equal and hashable by value (Dice
    is written out rather than made by attrs, to compile natively: issue 8)."""
    dice = Dice.parse("AAE")
    same = Dice((1, 0, 2, 0, 0, 0))
    assert dice == same
    assert not dice != same  # noqa: SIM202 - __ne__ is defined by the class, test it
    assert hash(dice) == hash(same)
    assert dice != Dice.parse("AE")
    assert dice != (1, 0, 2, 0, 0, 0)
    assert dice.__eq__((1, 0, 2, 0, 0, 0)) is NotImplemented
    assert repr(dice) == "Dice(counts=(1, 0, 2, 0, 0, 0))"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        dice.counts = (0, 0, 0, 0, 0, 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del dice.counts
    with pytest.raises(AttributeError):
        dice.extra = 1
    assert dice.counts == (1, 0, 2, 0, 0, 0)
    assert copy.copy(dice) is dice
    assert copy.deepcopy(dice) is dice
    assert pickle.loads(pickle.dumps(dice)) == dice  # our own object, made in memory


@pytest.mark.parametrize(
    "bad", [[1, 0, 0, 0, 0, 0], (1, 0, 0), (1, 0, 0, 0, 0, -1), (True, 0, 0, 0, 0, 0), "AAEEDD"]
)
def test_bad_counts_are_an_argument_error(bad: object) -> None:
    with pytest.raises(k.ArgumentError, match=r"Dice\.counts: dice counts must be six"):
        Dice(bad)
