"""Players: the :class:`Player` protocol and the bundled bots.

``BUILTIN_PLAYERS`` maps the names the command line accepts (``random``, ``heuristic``) to
factories taking a seed.
"""

from __future__ import annotations

from collections.abc import Callable

from kingofny.players.base import Player, player_name
from kingofny.players.heuristic import HeuristicPlayer
from kingofny.players.random_player import RandomPlayer

BUILTIN_PLAYERS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
}
"""The bundled players by name, as factories ``factory(seed) -> Player``."""

__all__ = ["BUILTIN_PLAYERS", "HeuristicPlayer", "Player", "RandomPlayer", "player_name"]
