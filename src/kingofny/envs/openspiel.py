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

The parameters are checked when the game is loaded: ``players`` must be an int from 2 to 6,
else ``pyspiel.load_game`` raises :class:`~kingofny.errors.ArgumentError` (a
``ValueError``) naming the parameter and the range. OpenSpiel itself refuses an unknown
parameter name or a value of another type (``players=2.5``) with a ``pyspiel.SpielError``.

The outcome list of a roll of the dice depends only on how many dice roll: it is built once per
number of dice and shared (each call returns a new list of the same pairs). The reveals of a tile
or a card depend on the face-down pool or the deck and are listed afresh each time.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from kingofny import ArgumentError, DiceRoll, GameState, apply, new_game
from kingofny import chance_outcomes as engine_outcomes
from kingofny.ids import ActionIds, OutcomeIds, observation, observation_names, returns

__all__ = ["GAME_NAME", "KingOfNYGame", "KingOfNYState"]

GAME_NAME = "python_kingofny"
"""The short name the game is registered under."""
MAX_GAME_LENGTH = 20_000
"""A bound on the actions and chance outcomes of one game, for OpenSpiel's game info."""
_MIN_PLAYERS, _MAX_PLAYERS, _DEFAULT_PLAYERS = 2, 6, 4
"""The range of the ``players`` parameter (the monsters of a base game) and its default."""
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
    max_num_players=_MAX_PLAYERS,
    min_num_players=_MIN_PLAYERS,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": _DEFAULT_PLAYERS},
)


def _checked_params(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's parameters with their defaults, every one checked: an unknown name, or a
    ``players`` that is not an int from 2 to 6, is an :class:`~kingofny.errors.ArgumentError`.

    ``pyspiel.load_game`` passes every declared parameter, already checked for its name and
    type; a direct ``KingOfNYGame(params)`` gets the same checks here."""
    spec: dict[str, Any] = _GAME_TYPE.parameter_specification
    checked = dict(spec)
    for name, value in (params or {}).items():
        if name not in spec:
            raise ArgumentError(
                f"{GAME_NAME}({name})", f"unknown parameter; the game has: {', '.join(spec)}"
            )
        checked[name] = value
    players = checked["players"]
    count = None if isinstance(players, bool) else _as_int(players)
    if count is None or not _MIN_PLAYERS <= count <= _MAX_PLAYERS:
        raise ArgumentError(
            f"{GAME_NAME}(players)",
            f"expected an int from {_MIN_PLAYERS} to {_MAX_PLAYERS} (the number of monsters), "
            f"got {players!r}",
        )
    checked["players"] = count
    return checked


def _as_int(value: Any) -> int | None:
    """``value`` as an int if it is an integer (an int, a NumPy integer), else None."""
    try:
        return operator.index(value)
    except TypeError:
        return None


class KingOfNYGame(pyspiel.Game):
    """The base game for 2 to 6 players (parameter ``players``, default 4).

    Raises :class:`~kingofny.errors.ArgumentError` (a ``ValueError``) for a ``players`` that is
    not an int from 2 to 6 or an unknown parameter, so that ``pyspiel.load_game`` refuses
    the game rather than :meth:`new_initial_state`."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = _checked_params(params)
        players: int = params["players"]
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
        """The outcome ids with their probabilities, by id (a roll's list is built once per
        number of dice; a new list each call)."""
        return _outcome_ids(self.game_state)

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


_DICE_OUTCOMES: dict[int, list[tuple[int, float]]] = {}
"""The outcome list of a roll of each number of dice (1 to 8 in the base game), built the first
time it is asked for."""


def _listed(state: GameState) -> list[tuple[int, float]]:
    """The outcomes of ``state`` as OpenSpiel lists them, computed afresh."""
    return [(i, float(p)) for i, p in _OUTCOMES.outcomes(state)]


def _outcome_ids(state: GameState) -> list[tuple[int, float]]:
    """:func:`_listed`, from :data:`_DICE_OUTCOMES` at a roll of the dice: every roll of ``n``
    fair dice lists the same outcomes (the multisets of ``n`` faces) with the same
    probabilities, whoever rolls and why (the first-player roll, a turn's roll or reroll, a
    card's roll). A tile or card reveal depends on the pool or the deck: never cached."""
    pairs = engine_outcomes(state)
    if not pairs:
        return []
    first = pairs[0][0]
    if not isinstance(first, DiceRoll):
        return _listed(state)
    count = first.dice.total
    found = _DICE_OUTCOMES.get(count)
    if found is None:
        found = _DICE_OUTCOMES[count] = _listed(state)
    return list(found)


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
