"""The effect API under its old name: it is :mod:`kingofny.model.effect` (kept for imports
written before 0.2; new code imports :mod:`kingofny.effects`)."""

from kingofny.model.city import Borough, Building, UnitKind
from kingofny.model.dice import Dice, Face
from kingofny.model.effect import Context, Effect, Goal, Source
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, CardRoll

# The effect names, and the model's names the old module imported (code may import them here).
__all__ = [
    "Borough",
    "Building",
    "CardChoice",
    "CardRoll",
    "Context",
    "Dice",
    "Effect",
    "Face",
    "GameState",
    "Goal",
    "Source",
    "UnitKind",
]
