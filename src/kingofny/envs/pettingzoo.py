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

Two options suit trainers that need a fixed set of agents or flat observations:

- ``keep_eliminated=True``: every agent stays in ``env.agents`` until the game ends (an
  eliminated monster gets its -1 then, with the others' returns). Every agent that does not
  decide now, eliminated or waiting, has a mask with one id set, :attr:`raw_env.noop_id` (the
  id of :class:`~kingofny.Pass`, 3058 in the base game), which a parallel view
  (``pettingzoo.utils.conversions.turn_based_aec_to_parallel``) may send for it and ignores.
- ``flat_observation=True``: each observation is one ``Box(0, 1, float32)`` vector, the
  observation followed by the action mask (933 + 3308 values in the base game), as SuperSuit's
  ``black_death_v3`` requires; the mask is also in ``infos[agent]["action_mask"]`` (int8).

A terminated agent's step takes ``None`` or the no-op id. Both environments pickle and
deep-copy, in either build, and a copy goes on with the same game exactly.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kingofny import ArgumentError, GameState, IllegalActionError, Pass, apply, new_game
from kingofny.envs._text import RENDER_MODES, render
from kingofny.ids import ActionIds, observation, observation_names, returns

__all__ = ["RENDER_MODES", "env", "raw_env"]


class raw_env(AECEnv[str, Any, int | None]):
    """King of New York for ``monsters`` agents (a count, or the monster ids).

    ``render_mode`` is None, ``"human"`` or ``"ansi"``; ``keep_eliminated`` and
    ``flat_observation`` are described in the module's documentation. A wrong option raises
    :class:`~kingofny.errors.ArgumentError` naming it, bad monsters or packs
    :class:`~kingofny.errors.ConfigError`.
    """

    metadata = {  # noqa: RUF012 - PettingZoo's own convention
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "name": "kingofny_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        monsters: int | list[str] = 4,
        packs: tuple[str, ...] = ("base",),
        render_mode: str | None = None,
        *,
        keep_eliminated: bool = False,
        flat_observation: bool = False,
    ) -> None:
        super().__init__()
        # A game started once checks the monsters and the packs (ConfigError).
        count = len(new_game(monsters, seed=0, packs=packs).monsters)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ArgumentError(
                "render_mode", f"expected None, 'human' or 'ansi', got {render_mode!r}"
            )
        for name, value in (
            ("keep_eliminated", keep_eliminated),
            ("flat_observation", flat_observation),
        ):
            if not isinstance(value, bool):
                raise ArgumentError(name, f"expected True or False, got {value!r}")
        self.monsters = monsters
        self.packs = packs
        self.render_mode = render_mode
        self.keep_eliminated = keep_eliminated
        """Whether eliminated monsters stay in ``agents`` until the game ends."""
        self.flat_observation = flat_observation
        """Whether observations are one vector (the observation, then the mask)."""
        self.codec = ActionIds.shared(packs)
        self.noop_id = self.codec.encode(Pass())
        """The id an agent that does not decide may send (``keep_eliminated``): that of
        :class:`~kingofny.Pass` (3058 in the base game)."""
        size = len(observation_names(packs))
        self.possible_agents = [f"monster_{s}" for s in range(count)]
        self._space: spaces.Space[Any]
        if flat_observation:
            self._space = spaces.Box(0.0, 1.0, (size + self.codec.size,), dtype=np.float32)
        else:
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
        self._update_infos()
        self.agent_selection = self._decider()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Any:
        """``agent``'s view: its observation, and its mask of legal ids (zeros unless it
        decides now, or only :attr:`noop_id` with ``keep_eliminated``); one vector of both
        with ``flat_observation``."""
        state = self.state_now
        seat = self.possible_agents.index(agent)
        seen = np.asarray(observation(state, seat), dtype=np.float32)
        mask = self._mask(seat)
        if self.flat_observation:
            return np.concatenate((seen, mask.astype(np.float32)))
        return {"observation": seen, "action_mask": mask}

    def action_masks(self, agent: str | None = None) -> npt.NDArray[np.bool_]:
        """``agent``'s mask (by default the selected agent's) as booleans, one per id: what
        sb3-contrib's ``MaskablePPO`` asks an environment for."""
        chosen = self.agent_selection if agent is None else agent
        if chosen not in self.possible_agents:
            raise ArgumentError("action_masks(agent)", f"no agent {chosen!r}")
        return self._mask(self.possible_agents.index(chosen)).astype(np.bool_)

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action`` (``None`` or :attr:`noop_id` for a terminated
        agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(None if action is None or int(action) == self.noop_id else action)
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
            # An eliminated monster has lost (-1) and leaves at once, unless it is kept until
            # the end; the others learn their return when the game ends.
            out = state.monsters[seat].eliminated and not self.keep_eliminated
            over = state.is_terminal or out
            self.rewards[name] = scores[seat] if state.is_terminal else (-1.0 if over else 0.0)
            self.terminations[name] = over
        self._update_infos()
        dead = [a for a in self.agents if self.terminations[a]]
        if dead:
            # The dead-step idiom: the terminated agents step (with None) first, then play
            # resumes with the seat that decides.
            self._skip_agent_selection = None if state.is_terminal else self._decider()
            self.agent_selection = dead[0]
        else:
            self.agent_selection = self._decider()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``); printed, returning None
        (``render_mode="human"``); None without a render mode."""
        return render(self.state_now, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _decider(self) -> str:
        seat = self.state_now.current_player
        return self.possible_agents[seat if seat is not None else self.state_now.turn.seat]

    def _mask(self, seat: int) -> npt.NDArray[np.int8]:
        state = self.state_now
        if state.current_player == seat:
            return np.frombuffer(bytearray(self.codec.mask(state)), dtype=np.int8)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self.keep_eliminated and not state.is_terminal:
            mask[self.noop_id] = 1
        return mask

    def _update_infos(self) -> None:
        """With ``flat_observation``, each agent's mask in its info too."""
        if self.flat_observation:
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self._mask(self.possible_agents.index(agent))


def env(**kwargs: Any) -> AECEnv[str, Any, int | None]:
    """:class:`raw_env` inside PettingZoo's standard checks (order enforcing)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
