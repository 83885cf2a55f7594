"""The :class:`Player` protocol: what the runner asks of a bot or a human interface, and the
names of the bundled bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from kingofny.model.actions import Action
from kingofny.model.state import GameState

KINDS: Mapping[str, str] = {
    "random": "kingofny.players.random_player:RandomPlayer",
    "heuristic": "kingofny.players.heuristic:HeuristicPlayer",
    "mcts": "kingofny.players.mcts:MCTSPlayer",
    "expectimax": "kingofny.players.expectimax:ExpectimaxPlayer",
    "planner": "kingofny.players.planner:PlannerPlayer",
}
"""The bundled player kinds, each as the ``module:Name`` it loads (imported on first use)."""

OPTION_KINDS: Mapping[str, str] = {
    "policy": "kingofny.players.policy:PolicyPlayer",
}
"""Bundled kinds that need an option to make a player (``policy:path=model.npz``): the command
line takes them beside :data:`KINDS`, but front ends that offer the kinds to pick from (the
web app) and saved games do not."""


@runtime_checkable
class Player(Protocol):
    """Something that picks an action for a seat.

    The only required method is :meth:`choose`. The runner (:func:`kingofny.runner.play_game`)
    also calls these optional hooks when the player object defines them (it looks them up with
    ``getattr``, so they need not be declared):

    ``on_game_start(view: GameState, seat: int) -> None``
        Once per seat the player occupies, before the first decision, with the first position
        as that seat sees it.
    ``on_game_end(view: GameState, winners: tuple[int, ...] | None) -> None``
        Once per seat when the game is over (``winners`` empty if nobody won) or abandoned
        (``winners`` None).

    A ``name`` attribute (a short string such as ``"heuristic"``) is optional; the runner and the
    command line use it to label the player, and fall back to the class name.

    A player receives only what its seat may see (:func:`kingofny.observe`): a state without the
    auto-chance seed. It must return one of the actions it was offered; what happens otherwise is
    the runner's documented policy.
    """

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``view.current_player``."""
        ...


def player_name(player: object) -> str:
    """A short label for a player: its ``name`` attribute, or its class name."""
    name = getattr(player, "name", None)
    if isinstance(name, str) and name:
        return name
    return type(player).__name__
