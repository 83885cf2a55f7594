"""Monsters: what a monster is (its spec) and how it stands in a game (its state)."""

from __future__ import annotations

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.city import Location, UnitKind

STARTING_LIFE = 10
"""Every monster starts with 10 Life Points (seed 000, *Setup*)."""
MAX_LIFE = 10
"""No monster may have more than 10 Life Points unless a card says so (seed 000, *Heal*)."""
WINNING_VP = 20
"""Victory Points that win the game at the end of a turn (seed 000, *End of the Game*)."""


@attrs.frozen(slots=True, repr=False)
class MonsterSpec:
    """A monster of a content pack. ``id`` is namespaced by its pack, e.g. ``"base:kong"``."""

    __repr__ = fields_repr

    id: str
    """The namespaced monster id."""
    name: str
    """The printed name."""
    description: str = ""
    """A short description of the figure."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class MonsterState:
    """One monster in a game, at one moment."""

    __repr__ = fields_repr

    monster: str
    """The id of its :class:`MonsterSpec`."""
    life: int = STARTING_LIFE
    """Life Points; 0 once eliminated."""
    vp: int = 0
    """Victory Points."""
    energy: int = 0
    """Energy cubes."""
    location: Location | None = None
    """Where it stands; None before placement and after elimination."""
    cards: tuple[str, ...] = ()
    """Ids of the KEEP cards in front of it, in the order they were gained."""
    trophies: tuple[UnitKind, ...] = ()
    """Units it has destroyed and keeps in front of it, sorted."""
    eliminated: bool = False
    """Whether it has been eliminated."""
    tokens: tuple[tuple[str, int], ...] = ()
    """Tokens it holds, as sorted (kind, count) pairs with counts above 0: ``"web"``,
    ``"curse"``, ``"carapace"``."""

    def token_count(self, kind: str) -> int:
        """How many tokens of this kind it holds."""
        for name, count in self.tokens:
            if name == kind:
                return count
        return 0

    @property
    def alive(self) -> bool:
        """Whether it is still in the game."""
        return not self.eliminated

    @property
    def in_manhattan(self) -> bool:
        """Whether it stands in Manhattan."""
        return self.location is not None and self.location.in_manhattan
