"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kingofny.errors import IllegalActionError
from kingofny.model.actions import Action
from kingofny.model.state import GameState

if TYPE_CHECKING:
    import random


class RandomPlayer:
    """Chooses uniformly at random among the legal actions, with its own generator.

    Two players built with the same ``seed`` make the same choices in the same positions; with
    ``seed=None`` the generator is seeded from the operating system.
    """

    name = "random"
    """The label used by the runner and the command line."""

    def __init__(self, seed: int | None = None) -> None:
        import random  # loaded with the first player, not with kingofny

        self._rng: random.Random = random.Random(seed)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """A uniformly random member of ``legal``."""
        if not legal:
            raise IllegalActionError("no legal action to choose from")
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomPlayer()"
