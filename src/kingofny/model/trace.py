"""What :func:`kingofny.apply_traced` reports: each step the engine ran on the way."""

from __future__ import annotations

from typing import Union

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.actions import Action
from kingofny.model.outcomes import Outcome
from kingofny.model.state import GameState
from kingofny.model.steps import Step


@attrs.frozen(slots=True, repr=False)
class StepRun:
    """One step the engine ran while applying a move, in order: the step, what ran it, and the
    state right after it (for narration, replays and post-game review)."""

    __repr__ = fields_repr

    step: Step
    """The step (a decision, a chance node, or an internal step such as the start of a turn)."""
    move: Union[Action, Outcome, None]
    """The action or outcome that ran it: the move applied, a forced action, an outcome the
    seed drew; None for an internal step."""
    state: GameState
    """The state right after the step."""
