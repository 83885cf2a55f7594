"""A Gymnasium environment: the learner holds one seat, the other seats are played by
:class:`~kingofny.Player` objects (extra ``rl``: ``pip install kingofny[rl]``).

Observations are ``{"observation": Box(0, 1, (933,)), "action_mask": MultiBinary(3308)}`` from
:mod:`kingofny.ids`; actions are the ids of :class:`~kingofny.ids.ActionIds`. Chance is
drawn from the game's seed, itself drawn from the ``reset`` seed. The reward is 0 until the
game ends, then :func:`kingofny.ids.returns` for the learner's seat (+1 for a win, -1
otherwise). Register and make it by its id::

    import gymnasium
    env = gymnasium.make("kingofny.envs.gymnasium:kingofny/KingOfNY-v0")

An illegal id is handled as ``illegal`` says: ``"penalize"`` (reward ``penalty``, nothing
changes, the episode goes on), ``"terminate"`` (reward ``penalty`` and the episode ends) or
``"raise"`` (:class:`~kingofny.errors.IllegalActionError`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kingofny import (
    ArgumentError,
    GameState,
    IllegalActionError,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kingofny.ids import ActionIds, observation, observation_names, returns
from kingofny.players import Player, RandomPlayer

__all__ = ["ENV_ID", "KingOfNYEnv"]

ENV_ID = "kingofny/KingOfNY-v0"
"""The id the environment is registered under."""
_POLICIES = ("penalize", "terminate", "raise")


class KingOfNYEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """King of New York for one learner seat against ``opponents``.

    ``monsters`` is the player count or the monster ids; ``seat`` the learner's seat;
    ``opponents`` one factory per other seat (called with a seed at each reset, default
    :class:`~kingofny.RandomPlayer`); ``max_steps`` the learner's decisions before the episode
    is truncated.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(
        self,
        monsters: int | Sequence[str] = 4,
        *,
        seat: int = 0,
        opponents: Sequence[Callable[[int], Player]] | None = None,
        packs: Sequence[str] = ("base",),
        illegal: str = "penalize",
        penalty: float = -1.0,
        max_steps: int = 5_000,
        render_mode: str | None = None,
    ) -> None:
        count = monsters if isinstance(monsters, int) else len(monsters)
        if illegal not in _POLICIES:
            raise ArgumentError("illegal", f"expected one of {', '.join(_POLICIES)}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise ArgumentError("seat", f"no seat {seat!r} in a {count}-monster game")
        if opponents is not None and len(opponents) != count - 1:
            raise ArgumentError("opponents", f"expected {count - 1} factories, one per seat")
        if render_mode not in (None, "ansi"):
            raise ArgumentError("render_mode", "expected None or 'ansi'")
        self.monsters = monsters
        self.seat = seat
        self.packs = tuple(packs)
        self.illegal = illegal
        self.penalty = float(penalty)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._factories = list(opponents) if opponents is not None else [RandomPlayer] * (count - 1)
        self.codec = ActionIds(self.packs)
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
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        others = [s for s in range(self._count()) if s != self.seat]
        self._players = {
            s: factory(int(self.np_random.integers(0, 2**31 - 1)))
            for s, factory in zip(others, self._factories)
        }
        self._state = self._others_play(new_game(self.monsters, seed=game_seed, packs=self.packs))
        self._steps = 0
        return self._observe(), self._info()

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
        self._state = self._others_play(apply(state, self.codec.action(chosen)))
        self._steps += 1
        done = self._state.is_terminal
        reward = returns(self._state)[self.seat] if done else 0.0
        truncated = not done and self._steps >= self.max_steps
        return self._observe(), reward, done, truncated, self._info()

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        return str(self.state) if self.render_mode == "ansi" else None

    # -- helpers -------------------------------------------------------------------------------

    def _count(self) -> int:
        return self.monsters if isinstance(self.monsters, int) else len(self.monsters)

    def _others_play(self, state: GameState) -> GameState:
        while not state.is_terminal and state.current_player != self.seat:
            decider = state.current_player
            assert decider is not None  # a seeded game never waits for chance
            state = apply(
                state, self._players[decider].choose(observe(state, decider), legal_actions(state))
            )
        return state

    def _observe(self) -> dict[str, Any]:
        state = self.state
        return {
            "observation": np.asarray(observation(state, self.seat), dtype=np.float32),
            "action_mask": np.frombuffer(self.codec.mask(state), dtype=np.int8).copy(),
        }

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"legal_ids": self.codec.legal_ids(self.state), "illegal": illegal}


gymnasium.register(id=ENV_ID, entry_point="kingofny.envs.gymnasium:KingOfNYEnv")
