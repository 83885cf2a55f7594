"""The trigger points under their old name: :mod:`kingofny.model.triggers` (kept for imports
written before 0.2; new code imports :mod:`kingofny.effects`)."""

from kingofny.model.triggers import Trigger

__all__ = ["Trigger"]
