"""Turn marks (kingofny.effects.mark / unmark): flags effects set for the rest of a turn."""

from __future__ import annotations

import kingofny as k
from kingofny.effects import has_mark, mark, unmark


def test_a_mark_is_set_once_and_cleared_by_unmark() -> None:
    state = k.new_game(2, seed=1)
    marked = mark(mark(state, "x:b"), "x:a")
    assert marked.turn.marks == ("x:a", "x:b")  # kept sorted (DESIGN: states equal by value)
    assert mark(marked, "x:a") is marked
    cleared = unmark(marked, "x:b")
    assert cleared.turn.marks == ("x:a",)
    assert not has_mark(cleared, "x:b")
    assert unmark(cleared, "x:b") is cleared
