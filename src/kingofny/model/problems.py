"""What the invariant checker reports (:mod:`kingofny.model.invariants`, which re-exports it):
an attrs class, kept apart so that the checker itself can be compiled (issue 8)."""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Problem:
    """One broken invariant: where (a JSON path from the state, ``$`` being the state) and what."""

    path: str
    """The JSON path of the offending value, e.g. ``$.monsters[2].life``."""
    message: str
    """What is wrong, as a sentence."""

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"
