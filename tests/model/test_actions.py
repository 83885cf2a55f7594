"""Actions and chance outcomes check their fields where they are made (issue 7 §3).

The defect guarded against: ``Reroll("AAC")`` and ``DiceRoll("AA")`` were accepted and failed
deep in the engine with a bare ``AttributeError``, and ``Buy(True)`` was taken as ``Buy(1)``.
Every field of every action and outcome type now raises :class:`ArgumentError` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from kingofny.errors import ArgumentError, KingOfNYError
from kingofny.model.actions import (
    ACTION_TYPES,
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UseCard,
)
from kingofny.model.city import Borough, BuildingKind, UnitKind, building
from kingofny.model.dice import Dice, Face
from kingofny.model.outcomes import OUTCOME_TYPES, CardDraw, DiceRoll, Outcome, TileDraw

AAC = Dice.of((Face.ATTACK, Face.ATTACK, Face.CELEBRITY))

VALID: dict[type[Action | Outcome], Callable[[], Action | Outcome]] = {
    PlaceMonster: lambda: PlaceMonster(Borough.QUEENS),
    Reroll: lambda: Reroll(AAC),
    StopRolling: StopRolling,
    ResolveFace: lambda: ResolveFace(Face.HEAL),
    DestroyBuilding: lambda: DestroyBuilding(Borough.BRONX, 2),
    DestroyUnit: lambda: DestroyUnit(Borough.MANHATTAN, UnitKind.TANK),
    Flee: lambda: Flee(Borough.STATEN_ISLAND),
    StayInManhattan: StayInManhattan,
    MoveTo: lambda: MoveTo(Borough.BROOKLYN),
    StayPut: StayPut,
    Buy: lambda: Buy(0),
    Sweep: Sweep,
    EndBuying: EndBuying,
    Pass: Pass,
    UseCard: lambda: UseCard("base:energy-drink", "use"),
    DiceRoll: lambda: DiceRoll(AAC),
    TileDraw: lambda: TileDraw(building(BuildingKind.HOSPITAL, 2)),
    CardDraw: lambda: CardDraw("base:energy-drink"),
}
"""A well-formed value of every action and outcome type."""


def test_every_action_and_outcome_type_is_covered() -> None:
    """The table of valid values names every concrete type, so a new type cannot slip by."""
    assert set(VALID) == set(ACTION_TYPES) | set(OUTCOME_TYPES)


@pytest.mark.parametrize("kind", list(VALID), ids=lambda k: k.__name__)
def test_well_formed_values_are_accepted(kind: type[Action | Outcome]) -> None:
    """A value made of the right types keeps them: validation refuses nothing legitimate."""
    value = VALID[kind]()
    assert type(value) is kind
    assert attrs.evolve(value) == value


BAD: list[tuple[str, Callable[[], object], str]] = [
    # the cases named in issue 7
    ("Reroll.dice", lambda: Reroll("AAC"), "Dice.parse"),  # type: ignore[arg-type]
    ("DiceRoll.dice", lambda: DiceRoll("AA"), "Dice.parse"),  # type: ignore[arg-type]
    ("Buy.slot", lambda: Buy(True), "bool"),
    # dice given as something else than Dice
    ("Reroll.dice", lambda: Reroll((0, 0, 2, 1, 0, 0)), "tuple"),  # type: ignore[arg-type]
    ("Reroll.dice", lambda: Reroll(None), "NoneType"),  # type: ignore[arg-type]
    ("DiceRoll.dice", lambda: DiceRoll([Face.ATTACK]), "list"),  # type: ignore[arg-type]
    # enum fields take members, not their values or names
    ("PlaceMonster.borough", lambda: PlaceMonster(2), "int"),  # type: ignore[arg-type]
    ("PlaceMonster.borough", lambda: PlaceMonster("queens"), "str"),  # type: ignore[arg-type]
    ("ResolveFace.face", lambda: ResolveFace(2), "int"),  # type: ignore[arg-type]
    ("ResolveFace.face", lambda: ResolveFace("A"), "str"),  # type: ignore[arg-type]
    ("ResolveFace.face", lambda: ResolveFace(Borough.QUEENS), "Borough"),  # type: ignore[arg-type]
    ("DestroyBuilding.borough", lambda: DestroyBuilding(True, 0), "bool"),  # type: ignore[arg-type]
    ("DestroyUnit.borough", lambda: DestroyUnit(0, UnitKind.JET), "int"),  # type: ignore[arg-type]
    ("DestroyUnit.unit", lambda: DestroyUnit(Borough.QUEENS, 2), "int"),  # type: ignore[arg-type]
    ("Flee.borough", lambda: Flee(1), "int"),  # type: ignore[arg-type]
    ("MoveTo.borough", lambda: MoveTo("brooklyn"), "str"),  # type: ignore[arg-type]
    # a flight and the placement go to an outer borough (seed 000, *How to Play*, *Attack*)
    ("Flee.borough", lambda: Flee(Borough.MANHATTAN), "manhattan"),
    ("PlaceMonster.borough", lambda: PlaceMonster(Borough.MANHATTAN), "manhattan"),
    # indexes are ints from 0, never bools
    ("Buy.slot", lambda: Buy(-1), "0 or more"),
    ("Buy.slot", lambda: Buy(False), "bool"),
    ("Buy.slot", lambda: Buy(1.0), "float"),  # type: ignore[arg-type]
    ("Buy.slot", lambda: Buy("0"), "str"),  # type: ignore[arg-type]
    ("DestroyBuilding.stack", lambda: DestroyBuilding(Borough.BRONX, -1), "0 or more"),
    ("DestroyBuilding.stack", lambda: DestroyBuilding(Borough.BRONX, True), "bool"),
    # ids are non-empty strings; an option is any string
    ("UseCard.card", lambda: UseCard(""), "non-empty"),
    ("UseCard.card", lambda: UseCard(" base:web"), "spaces"),
    ("UseCard.card", lambda: UseCard(3), "int"),  # type: ignore[arg-type]
    ("UseCard.option", lambda: UseCard("base:web", None), "NoneType"),  # type: ignore[arg-type]
    ("UseCard.option", lambda: UseCard("base:web", 2), "int"),  # type: ignore[arg-type]
    ("CardDraw.card", lambda: CardDraw(""), "non-empty"),
    ("CardDraw.card", lambda: CardDraw(None), "NoneType"),  # type: ignore[arg-type]
    # a tile is a Building, not its notation
    ("TileDraw.building", lambda: TileDraw("hospital-2"), "Building.parse"),  # type: ignore[arg-type]
    ("TileDraw.building", lambda: TileDraw(BuildingKind.HOSPITAL), "BuildingKind"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("field", "make", "says"), BAD, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(BAD)]
)
def test_a_bad_field_raises_argument_error_naming_it(
    field: str, make: Callable[[], object], says: str
) -> None:
    """Issue 7 §3: a malformed field is refused where the value is made, by an ArgumentError
    (a KingOfNYError, ValueError and TypeError) whose ``field`` names the class and field."""
    with pytest.raises(ArgumentError) as caught:
        make()
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert says.lower() in str(caught.value).lower()
    assert isinstance(caught.value, KingOfNYError)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, TypeError)


@pytest.mark.parametrize("kind", list(VALID), ids=lambda k: k.__name__)
def test_evolve_is_checked_too(kind: type[Action | Outcome]) -> None:
    """A well-formed value cannot be turned into a malformed one with ``attrs.evolve``: every
    field of every type refuses an object of no sensible type."""
    value = VALID[kind]()
    for field in attrs.fields(kind):
        with pytest.raises(ArgumentError, match=rf"^{kind.__name__}\.{field.name}: "):
            attrs.evolve(value, **{field.name: object()})


def test_a_bool_is_not_a_slot() -> None:
    """The defect: ``Buy(True)`` was equal to ``Buy(1)`` and so bought slot 1."""
    with pytest.raises(ArgumentError, match=r"^Buy\.slot: "):
        Buy(True)
    assert Buy(1).slot == 1
