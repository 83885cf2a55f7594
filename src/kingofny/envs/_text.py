"""Rendering shared by the environments: the position as text."""

from __future__ import annotations

from kingofny import GameState

RENDER_MODES = ("human", "ansi")
"""``"human"`` prints the position (as text) at each reset and step; ``"ansi"`` makes
``render()`` return that text."""


def render(state: GameState, mode: str | None) -> str | None:
    """The position as text (``"ansi"``); printed, returning None (``"human"``); None without
    a render mode."""
    if mode == "ansi":
        return str(state)
    if mode == "human":
        print(state)
    return None
