"""A Gymnasium environment: the learner holds one seat, the other seats are played by
:class:`~kingofny.Player` objects (extra ``rl``: ``pip install kingofny[rl]``).

Observations are ``{"observation": Box(0, 1, (933,)), "action_mask": MultiBinary(3308)}`` from
:mod:`kingofny.ids`; actions are the ids of :class:`~kingofny.ids.ActionIds`, and
:meth:`KingOfNYEnv.action_masks` gives the mask as booleans (what sb3-contrib's
``MaskablePPO`` asks for). Chance is drawn from the game's seed, itself drawn from the ``reset``
seed. By default (``reward="win"``) the reward is 0 until the game ends, then
:func:`kingofny.ids.returns` for the learner's seat (+1 for a win, -1 otherwise);
``reward="rank"`` and ``"shaped"`` and ``no_winner`` are the other options
(:mod:`kingofny.envs.rewards`), and ``info["outcome"]`` says how the game ended for the
learner, ``info["others"]`` what the other seats played since the learner's last decision
(``(seat, action notation)`` pairs). Register and make it by its id::

    import gymnasium
    env = gymnasium.make("kingofny.envs.gymnasium:kingofny/KingOfNY-v0")

An illegal id is handled as ``illegal`` says: ``"penalize"`` (reward ``penalty``, nothing
changes, the episode goes on), ``"terminate"`` (reward ``penalty`` and the episode ends) or
``"raise"`` (:class:`~kingofny.errors.IllegalActionError`).

The environment pickles and deep-copies (in the pure and the compiled build) whenever its
opponents' factories and players do (the bundled players do): a copy goes on with the same
episode exactly, the same observations, masks and rewards for the same actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kingofny import (
    Action,
    ArgumentError,
    GameState,
    IllegalActionError,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kingofny.envs._text import RENDER_MODES, render
from kingofny.envs.rewards import REWARDS, final_reward, outcome, potential
from kingofny.ids import ActionIds, observation, observation_names
from kingofny.players import Player, RandomPlayer

__all__ = ["ENV_ID", "RANDOM_SEAT", "RENDER_MODES", "KingOfNYEnv"]

ENV_ID = "kingofny/KingOfNY-v0"
"""The id the environment is registered under."""
_POLICIES = ("penalize", "terminate", "raise")
RANDOM_SEAT = "random"
"""``seat="random"``: the learner's seat is drawn at each reset (seat order matters: a random
first seat wins about 0.43, 0.23 and 0.18 of 2-, 4- and 6-monster games)."""


def _check_options(
    count: int,
    seat: object,
    opponents: object,
    illegal: object,
    penalty: object,
    max_steps: object,
    render_mode: object,
) -> None:
    """ArgumentError naming the first option that is wrong."""
    if not isinstance(illegal, str) or illegal not in _POLICIES:
        raise ArgumentError("illegal", f"expected one of {', '.join(_POLICIES)}, got {illegal!r}")
    if seat != RANDOM_SEAT and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count
    ):
        raise ArgumentError("seat", f"no seat {seat!r} in a {count}-monster game, nor 'random'")
    if opponents is not None:
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise ArgumentError(
                "opponents", f"expected a sequence of player factories, got {opponents!r}"
            )
        if len(opponents) != count - 1:
            raise ArgumentError(
                "opponents",
                f"expected {count - 1} factories, one per other seat, got {len(opponents)}",
            )
        for factory in opponents:
            if not callable(factory):
                raise ArgumentError(
                    "opponents", f"expected factories called with a seed, got {factory!r}"
                )
    if isinstance(penalty, bool) or not isinstance(penalty, (int, float)):
        raise ArgumentError("penalty", f"expected a number, got {penalty!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ArgumentError("max_steps", f"expected a positive int, got {max_steps!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ArgumentError("render_mode", f"expected None, 'human' or 'ansi', got {render_mode!r}")


class KingOfNYEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """King of New York for one learner seat against ``opponents``.

    ``monsters`` is the player count or the monster ids; ``seat`` the learner's seat, or
    ``"random"`` to draw it at each reset (``info["seat"]`` says which);
    ``opponents`` one factory per other seat (called with a seed at each reset, default
    :class:`~kingofny.RandomPlayer`); ``max_steps`` the learner's decisions before the episode
    is truncated; ``render_mode`` None, ``"human"`` (print the position at each reset and step)
    or ``"ansi"`` (``render()`` returns it). A wrong option raises
    :class:`~kingofny.errors.ArgumentError` naming it (also through ``gymnasium.make``), bad
    monsters or packs :class:`~kingofny.errors.ConfigError`.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(
        self,
        monsters: int | Sequence[str] = 4,
        *,
        seat: int | str = 0,
        opponents: Sequence[Callable[[int], Player]] | None = None,
        packs: Sequence[str] = ("base",),
        illegal: str = "penalize",
        penalty: float = -1.0,
        max_steps: int = 5_000,
        render_mode: str | None = None,
        reward: str = "win",
        no_winner: float = -1.0,
    ) -> None:
        if not isinstance(reward, str) or reward not in REWARDS:
            raise ArgumentError("reward", f"expected one of {', '.join(REWARDS)}, got {reward!r}")
        if isinstance(no_winner, bool) or not isinstance(no_winner, (int, float)):
            raise ArgumentError("no_winner", f"expected a number, got {no_winner!r}")
        self.reward = reward
        """How the learner is rewarded (:mod:`kingofny.envs.rewards`)."""
        self.no_winner = float(no_winner)
        """The reward when nobody won (``reward="win"`` or ``"shaped"``)."""
        self._potential = 0.0
        self._moves: list[tuple[int, Action]] = []
        # A game started once checks the monsters and the packs (ConfigError).
        count = len(new_game(monsters, seed=0, packs=packs).monsters)
        _check_options(count, seat, opponents, illegal, penalty, max_steps, render_mode)
        self.monsters = monsters
        self.seat_option = seat
        """The ``seat`` given: a seat, or ``"random"``."""
        self.seat = 0 if seat == RANDOM_SEAT else int(seat)
        """The learner's seat in the current episode (drawn at each reset for ``"random"``)."""
        self.packs = tuple(packs)
        self.illegal = illegal
        self.penalty = float(penalty)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._factories = list(opponents) if opponents is not None else [RandomPlayer] * (count - 1)
        self.codec = ActionIds.shared(self.packs)
        size = len(observation_names(self.packs))
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.MultiBinary(self.codec.size),
            }
        )
        self.action_space = spaces.Discrete(self.codec.size)
        self._players: dict[int, Player] = {}
        self._state: GameState | None = None
        self._steps = 0

    @property
    def state(self) -> GameState:
        """The game now (the whole state, seed included)."""
        if self._state is None:
            raise IllegalActionError("call reset() first")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, seeded from ``seed`` (or the environment's generator)."""
        self._new_episode(seed)
        return self._observe(), self._info()

    def _new_episode(self, seed: int | None) -> None:
        """:meth:`reset` without building its observation and info (the vector env writes its
        own)."""
        super().reset(seed=seed)
        if self.seat_option == RANDOM_SEAT:
            self.seat = int(self.np_random.integers(0, self._count()))
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        others = [s for s in range(self._count()) if s != self.seat]
        self._players = {
            s: factory(int(self.np_random.integers(0, 2**31 - 1)))
            for s, factory in zip(others, self._factories)
        }
        self._state = self._others_play(new_game(self.monsters, seed=game_seed, packs=self.packs))
        self._steps = 0
        self._potential = potential(self._state, self.seat) if self.reward == "shaped" else 0.0
        if self.render_mode == "human":
            self.render()

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner plays id ``action``; the other seats play until it decides again."""
        state = self.state
        if state.is_terminal:
            raise IllegalActionError("the episode is over; call reset()")
        chosen = int(action)
        if chosen not in self.codec.legal_ids(state):
            if self.illegal == "raise":
                raise IllegalActionError(f"id {chosen} is not legal now")
            over = self.illegal == "terminate"
            return self._observe(), self.penalty, over, False, self._info(illegal=True)
        reward, done, truncated = self._play(chosen)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, done, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids now as booleans, one per id of the action space: the observation's
        ``action_mask``, in the form sb3-contrib's ``MaskablePPO`` asks for."""
        return np.frombuffer(bytearray(self.codec.mask(self.state)), dtype=np.bool_)

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``); printed, returning None
        (``render_mode="human"``); None without a render mode."""
        return render(self.state, self.render_mode)

    # -- helpers -------------------------------------------------------------------------------

    def _count(self) -> int:
        return self.monsters if isinstance(self.monsters, int) else len(self.monsters)

    def _play(self, chosen: int) -> tuple[float, bool, bool]:
        """Play the learner's legal id ``chosen``, then the other seats until the learner
        decides again or the game ends: (reward, terminated, truncated)."""
        self._state = self._others_play(apply(self.state, self.codec.action(chosen)))
        self._steps += 1
        done = self._state.is_terminal
        reward = final_reward(self._state, self.seat, self.reward, self.no_winner)
        if self.reward == "shaped":
            now = potential(self._state, self.seat)
            reward += now - self._potential
            self._potential = now
        return reward, done, not done and self._steps >= self.max_steps

    def _others_play(self, state: GameState) -> GameState:
        self._moves = []
        while not state.is_terminal and state.current_player != self.seat:
            decider = state.current_player
            assert decider is not None  # a seeded game never waits for chance
            action = self._players[decider].choose(observe(state, decider), legal_actions(state))
            self._moves.append((decider, action))
            state = apply(state, action)
        return state

    def _observe(self) -> dict[str, Any]:
        state = self.state
        return {
            "observation": np.asarray(observation(state, self.seat), dtype=np.float32),
            "action_mask": np.frombuffer(self.codec.mask(state), dtype=np.int8).copy(),
        }

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        state = self.state
        return {
            "legal_ids": self.codec.legal_ids(state),
            "illegal": illegal,
            "seat": self.seat,
            "outcome": outcome(state, self.seat),
            "others": tuple((seat, str(action)) for seat, action in self._moves),
        }


gymnasium.register(id=ENV_ID, entry_point="kingofny.envs.gymnasium:KingOfNYEnv")
