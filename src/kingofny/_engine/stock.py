"""Shared instances of the steps the engine pushes most often.

Steps are values (frozen, equal and hashable by value), so one instance serves every state that
has the step on its agenda; sharing them saves building a new one each turn.
"""

from __future__ import annotations

from typing import Final

from kingofny.model.limits import MAX_DICE, MAX_MONSTERS
from kingofny.model.steps import (
    BeginResolution,
    ChooseFace,
    ChooseReroll,
    CloseTurn,
    EndTurn,
    MovePhase,
    RollDice,
    Shop,
    StartTurn,
)

BEGIN_RESOLUTION: Final = BeginResolution()
"""``BeginResolution()``."""
MOVE_PHASE: Final = MovePhase()
"""``MovePhase()``."""
END_TURN: Final = EndTurn()
"""``EndTurn()``."""
CLOSE_TURN: Final = CloseTurn()
"""``CloseTurn()``."""

CHOOSE_FACE: Final = tuple(ChooseFace(seat) for seat in range(MAX_MONSTERS))
"""``ChooseFace(seat)`` by seat."""
CHOOSE_REROLL: Final = tuple(ChooseReroll(seat) for seat in range(MAX_MONSTERS))
"""``ChooseReroll(seat)`` by seat."""
SHOP: Final = tuple(Shop(seat) for seat in range(MAX_MONSTERS))
"""``Shop(seat)`` by seat."""
START_TURN: Final = tuple(StartTurn(seat) for seat in range(MAX_MONSTERS))
"""``StartTurn(seat)`` by seat."""
_ROLL_DICE: Final = tuple(RollDice(count) for count in range(MAX_DICE + 1))


def roll_dice(count: int) -> RollDice:
    """``RollDice(count)``, shared for the counts a turn can roll."""
    return _ROLL_DICE[count] if 0 <= count <= MAX_DICE else RollDice(count)
