"""Players: the :class:`Player` protocol and the bundled bots.

``BUILTIN_PLAYERS`` maps the bundled kinds the command line accepts (``random``, ``heuristic``,
``mcts``, ``expectimax``, ``planner``) to factories taking a seed; :func:`player_factory` makes
one from any player spec, such as ``heuristic:flee_life=3``, ``mcts:ms=200`` or
``mypkg.bots:MyBot`` (see :mod:`kingofny.players.spec`). :class:`Evaluation` is the search bots'
evaluation function, :class:`LearnedEvaluation` the planner's (:class:`PlannerPlayer`, the
strongest bundled bot). :mod:`kingofny.players.policy` plays a trained policy
(``policy:path=model.npz``; numpy needed, so it is imported only from there: the compiled build
type-checks without numpy).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module as _import_module
from typing import TYPE_CHECKING

from kingofny.players.base import KINDS, Player, player_name
from kingofny.players.random_player import RandomPlayer

if TYPE_CHECKING:  # loaded on first use at run time (PEP 562), see __getattr__ below
    from kingofny.players.evaluation import Evaluation
    from kingofny.players.expectimax import ExpectimaxPlayer
    from kingofny.players.heuristic import HeuristicPlayer
    from kingofny.players.learned import LearnedEvaluation
    from kingofny.players.mcts import MCTSPlayer
    from kingofny.players.planner import PlannerPlayer
    from kingofny.players.pool import OpponentPool
    from kingofny.players.spec import (
        HUMAN,
        PlayerSpec,
        SpecFactory,
        parse_spec,
        player_factory,
        split_specs,
    )

    BUILTIN_PLAYERS: dict[str, Callable[[int | None], Player]]
    """The bundled players by name, as factories ``factory(seed) -> Player``."""

BUILTIN_KINDS = tuple(KINDS)
"""The names of :data:`BUILTIN_PLAYERS`, in order, known without importing the bots."""

__all__ = [
    "BUILTIN_KINDS",
    "BUILTIN_PLAYERS",
    "HUMAN",
    "Evaluation",
    "ExpectimaxPlayer",
    "HeuristicPlayer",
    "LearnedEvaluation",
    "MCTSPlayer",
    "OpponentPool",
    "PlannerPlayer",
    "Player",
    "PlayerSpec",
    "RandomPlayer",
    "SpecFactory",
    "parse_spec",
    "player_factory",
    "player_name",
    "split_specs",
]


_LAZY: dict[str, str] = {
    "OpponentPool": "kingofny.players.pool",
    "MLPPolicy": "kingofny.players.policy",
    "HeuristicPlayer": "kingofny.players.heuristic",
    "MCTSPlayer": "kingofny.players.mcts",
    "ExpectimaxPlayer": "kingofny.players.expectimax",
    "PlannerPlayer": "kingofny.players.planner",
    "LearnedEvaluation": "kingofny.players.learned",
    "Evaluation": "kingofny.players.evaluation",
    **dict.fromkeys(
        ("HUMAN", "PlayerSpec", "SpecFactory", "parse_spec", "player_factory", "split_specs"),
        "kingofny.players.spec",
    ),
}
"""The bots and the player specs (:mod:`kingofny.players.spec`), loaded on first use, with the
module each comes from."""


def _builtin_players() -> dict[str, Callable[[int | None], Player]]:
    from kingofny.players.expectimax import ExpectimaxPlayer
    from kingofny.players.heuristic import HeuristicPlayer
    from kingofny.players.mcts import MCTSPlayer
    from kingofny.players.planner import PlannerPlayer

    players: dict[str, Callable[[int | None], Player]] = {
        "random": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "mcts": MCTSPlayer,
        "expectimax": ExpectimaxPlayer,
        "planner": PlannerPlayer,
    }
    assert tuple(players) == BUILTIN_KINDS
    return players


if not TYPE_CHECKING:  # mypy sees the declarations above, and still flags unknown names

    def __getattr__(name: str) -> object:
        """Import a bot, or the player specs, on first use of its name or of
        ``BUILTIN_PLAYERS`` (PEP 562), and cache the name. Two threads asking at once are safe:
        Python's import lock makes the second wait until the first has imported the module, and
        ``setdefault`` gives both the value stored first."""
        if name in _LAZY:
            value = getattr(_import_module(_LAZY[name]), name)
        elif name == "BUILTIN_PLAYERS":
            value = _builtin_players()
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return globals().setdefault(name, value)


def __dir__() -> list[str]:
    """The module's names, the lazily loaded ones included."""
    return sorted({*globals(), *__all__})
