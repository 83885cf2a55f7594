"""The effect API under its old name: it is :mod:`kingofny.model.effect` (kept for imports
written before 0.2; new code imports :mod:`kingofny.effects`)."""

from kingofny.model.effect import Context, Effect, Goal, Source

__all__ = ["Context", "Effect", "Goal", "Source"]
