"""Opponent pools for self-play leagues (issue 23 §3).

An :class:`OpponentPool` is a player factory, ``pool(seed) -> Player``, that draws one of its
members for each game, by weight: pass it wherever factories go (``KingOfNYEnv(opponents=[pool]
* 3)``, :func:`kingofny.simulate` entrants). :meth:`OpponentPool.add` puts in more members as
training goes, such as frozen snapshots of the learner (a
:class:`~kingofny.players.policy.PolicyPlayer` over a copy of its weights)::

    pool = OpponentPool([RandomPlayer, HeuristicPlayer])
    env = KingOfNYEnv(4, seat="random", opponents=[pool] * 3)
    ...
    pool.add(lambda seed: PolicyPlayer(MLPPolicy(copied_layers)), weight=2.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from kingofny.errors import ArgumentError
from kingofny.players.base import Player

__all__ = ["OpponentPool"]

Factory = Callable[[int], Player]
"""``factory(seed) -> Player``."""


class OpponentPool:
    """Player factories drawn by weight, one per game: itself a factory ``pool(seed)``.

    The draw depends on the seed only (and on the members and their weights), so a seeded
    environment meets the same opponents again.
    """

    def __init__(self, members: Sequence[Factory] = (), weights: Sequence[float] | None = None):
        self._members: list[Factory] = []
        self._weights: list[float] = []
        if weights is not None and len(weights) != len(members):
            raise ArgumentError("weights", f"expected {len(members)} weights, got {len(weights)}")
        for i, member in enumerate(members):
            self.add(member, 1.0 if weights is None else weights[i])

    def add(self, member: Factory, weight: float = 1.0) -> None:
        """Put ``member`` (a factory ``factory(seed) -> Player``) in the pool with ``weight``."""
        if not callable(member):
            raise ArgumentError("member", f"expected a factory called with a seed, got {member!r}")
        if (
            isinstance(weight, bool)
            or not isinstance(weight, (int, float))
            or not math.isfinite(weight)
            or weight <= 0
        ):
            raise ArgumentError("weight", f"expected a positive number, got {weight!r}")
        self._members.append(member)
        self._weights.append(float(weight))

    def __len__(self) -> int:
        return len(self._members)

    def __call__(self, seed: int) -> Player:
        """A player for one game: a member drawn by weight with ``seed``, made with it."""
        if not self._members:
            raise ArgumentError("OpponentPool", "the pool is empty: add() a member first")
        rng = random.Random(seed)
        (member,) = rng.choices(self._members, weights=self._weights)
        return member(rng.getrandbits(31))
