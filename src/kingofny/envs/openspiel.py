"""An OpenSpiel game: importing this module registers ``python_kingofny`` (extra
``openspiel``: ``pip install kingofny[openspiel]``)::

    import pyspiel
    import kingofny.envs.openspiel  # registers the game
    game = pyspiel.load_game("python_kingofny(players=4)")

The game is sequential with explicit stochastic chance: chance nodes list the outcomes of
:class:`~kingofny.ids.OutcomeIds` with their exact probabilities (as floats), decisions the
ids of :class:`~kingofny.ids.ActionIds`. The observation tensor is
:func:`kingofny.ids.observation` of the observing player (the game has no secret); the
returns are :func:`kingofny.ids.returns`. States serialise as their history of actions,
OpenSpiel's default for Python games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from kingofny import GameState, apply, new_game
from kingofny.ids import ActionIds, OutcomeIds, observation, observation_names, returns

__all__ = ["GAME_NAME", "KingOfNYGame", "KingOfNYState"]

GAME_NAME = "python_kingofny"
"""The short name the game is registered under."""
MAX_GAME_LENGTH = 20_000
"""A bound on the actions and chance outcomes of one game, for OpenSpiel's game info."""
_ACTIONS = ActionIds()
_OUTCOMES = OutcomeIds()
_OBSERVATION_SIZE = len(observation_names())

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="King of New York (kingofny)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4},
)


class KingOfNYGame(pyspiel.Game):
    """The base game for 2 to 6 players (parameter ``players``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 4))
        info = pyspiel.GameInfo(
            num_distinct_actions=_ACTIONS.size,
            max_chance_outcomes=_OUTCOMES.size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.players = players

    def new_initial_state(self) -> KingOfNYState:
        """A new game in explicit-chance mode."""
        return KingOfNYState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KingOfNYObserver:
        """The observer of the observation tensor and string."""
        return KingOfNYObserver()


class KingOfNYState(pyspiel.State):
    """A position of the game, wrapping an explicit-chance :class:`~kingofny.GameState`."""

    def __init__(self, game: KingOfNYGame) -> None:
        super().__init__(game)
        self.game_state: GameState = new_game(game.players)

    def current_player(self) -> int:
        """The deciding seat, or OpenSpiel's CHANCE or TERMINAL id."""
        state = self.game_state
        if state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        player = state.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return list(_ACTIONS.legal_ids(self.game_state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcome ids with their probabilities."""
        return [(i, float(p)) for i, p in _OUTCOMES.outcomes(self.game_state)]

    def _apply_action(self, action: int) -> None:
        state = self.game_state
        move = _OUTCOMES.decode(action) if state.is_chance else _ACTIONS.decode(state, action)
        self.game_state = apply(state, move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(_OUTCOMES.decode(action))
        return _ACTIONS.describe(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game_state.is_terminal

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for the others, once the game is over (else 0)."""
        return list(returns(self.game_state))

    def __str__(self) -> str:
        return str(self.game_state)


class KingOfNYObserver:
    """Fills ``tensor`` (and ``dict["observation"]``) with a player's observation."""

    def __init__(self) -> None:
        self.tensor = np.zeros(_OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KingOfNYState, player: int) -> None:
        """The observation of ``player`` in ``state``."""
        self.tensor[:] = observation(state.game_state, player)

    def string_from(self, state: KingOfNYState, player: int) -> str:
        """The position as text (the game has no secret)."""
        return str(state.game_state)


pyspiel.register_game(_GAME_TYPE, KingOfNYGame)
