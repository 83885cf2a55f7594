"""Effects of the base cards in the 'dice' group (see kingofny.content.base.effects)."""

from __future__ import annotations

from kingofny.effects.api import Effect

EFFECTS: dict[str, Effect] = {}
"""Effects by card id (and token kind or turn mark where a rule outlives its card)."""
