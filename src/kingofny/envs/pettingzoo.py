"""A PettingZoo AEC environment: every monster is an agent (extra ``rl``).

Agents are ``monster_0`` … ``monster_<n-1>`` by seat; the agent to act is the seat that decides
(a Manhattan monster deciding to flee acts on another's turn). Actions are the ids of
:class:`~kingofny.ids.ActionIds` (``Discrete``); observations are
``{"observation": Box(0, 1), "action_mask": Box(0, 1, int8)}``, seat-relative
(:func:`kingofny.ids.observation`), the mask all zeros for an agent that does not decide now.
Chance is drawn from the game's seed, drawn from the ``reset`` seed. Rewards are 0 until the
game ends, then :func:`kingofny.ids.returns`; an eliminated monster gets -1 and is terminated
at once, and leaves with the dead-step idiom (its next ``step`` takes ``None``). Build it with
:func:`env` (wrapped in PettingZoo's order-enforcing checks) or :class:`raw_env`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kingofny import ArgumentError, GameState, IllegalActionError, apply, new_game
from kingofny.ids import ActionIds, observation, observation_names, returns

__all__ = ["env", "raw_env"]


class raw_env(AECEnv[str, dict[str, Any], int | None]):
    """King of New York for ``monsters`` agents (a count, or the monster ids)."""

    metadata = {"render_modes": ["ansi"], "name": "kingofny_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        monsters: int | list[str] = 4,
        packs: tuple[str, ...] = ("base",),
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        count = monsters if isinstance(monsters, int) else len(monsters)
        if render_mode not in (None, "ansi"):
            raise ArgumentError("render_mode", "expected None or 'ansi'")
        self.monsters = monsters
        self.packs = packs
        self.render_mode = render_mode
        self.codec = ActionIds(packs)
        size = len(observation_names(packs))
        self.possible_agents = [f"monster_{s}" for s in range(count)]
        self._space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
            }
        )
        self._actions = spaces.Discrete(self.codec.size)
        self._state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent."""
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The ids of :class:`~kingofny.ids.ActionIds`."""
        return self._actions

    @property
    def state_now(self) -> GameState:
        """The game now (the whole state, seed included)."""
        if self._state is None:
            raise IllegalActionError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its chance drawn from ``seed``."""
        game_seed = random.Random(seed).getrandbits(63)
        self._state = new_game(self.monsters, seed=game_seed, packs=self.packs)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._decider()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view: its observation, and its mask of legal ids (zeros unless it
        decides now)."""
        state = self.state_now
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if state.current_player == seat:
            mask[list(self.codec.legal_ids(state))] = 1
        return {
            "observation": np.asarray(observation(state, seat), dtype=np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action`` (``None`` for a terminated agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action")
        state = self.state_now
        self._state = state = apply(state, self.codec.decode(state, int(action)))
        self._cumulative_rewards[agent] = 0.0
        scores = returns(state)
        for seat, name in enumerate(self.possible_agents):
            if name not in self.agents:
                continue
            # An eliminated monster has lost (-1) and leaves at once; the others learn their
            # return when the game ends.
            over = state.is_terminal or state.monsters[seat].eliminated
            self.rewards[name] = scores[seat] if state.is_terminal else (-1.0 if over else 0.0)
            self.terminations[name] = over
        dead = [a for a in self.agents if self.terminations[a]]
        if dead:
            # The dead-step idiom: the terminated agents step (with None) first, then play
            # resumes with the seat that decides.
            self._skip_agent_selection = None if state.is_terminal else self._decider()
            self.agent_selection = dead[0]
        else:
            self.agent_selection = self._decider()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        return str(self.state_now) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""

    def _decider(self) -> str:
        seat = self.state_now.current_player
        return self.possible_agents[seat if seat is not None else self.state_now.turn.seat]


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int | None]:
    """:class:`raw_env` inside PettingZoo's standard checks (order enforcing)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
