"""The game's fixed limits, and Manhattan's capacity: what the engine needs of the invariants
(:mod:`kingofny.model.invariants` re-exports them), without loading the invariant checker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from kingofny.model.state import GameState

MIN_MONSTERS: Final = 2
"""Fewest monsters in a game (seed 000, *Setup*)."""
MAX_MONSTERS: Final = 6
"""Most monsters in a game (seed 000, *Setup*)."""
ADVANCED_RULE_MONSTERS: Final = 5
"""With this many monsters or more in the game, Manhattan holds two (seed 000, *Advanced
Rule*)."""
MAX_DICE: Final = 8
"""The dice in the box (6 black, 2 green; components §5): no roll shows more."""
MAX_POINTS: Final = 64
"""The largest count or number of points a step may carry (Destruction to spend, dice to roll):
far above what any result can give."""
SEED_LIMIT: Final = 1 << 1024
"""Seeds are smaller than this in magnitude: any such game can be saved as JSON (whose reader
takes no larger integer) and shown."""
MAX_AGENDA: Final = 256
"""Most pending steps a position may hold. Play never stacks more than a few dozen; the bound
keeps an absurd document from costing time."""


def manhattan_capacity(state: GameState) -> int:
    """How many monsters Manhattan holds now: two while five or more monsters are in a game that
    started with five or six, else one (seed 000, *Advanced Rule*)."""
    if state.config.player_count < ADVANCED_RULE_MONSTERS:
        return 1
    alive = sum(1 for m in state.monsters if not m.eliminated)
    return 2 if alive >= ADVANCED_RULE_MONSTERS else 1
