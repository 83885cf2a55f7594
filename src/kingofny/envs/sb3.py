"""Stable-Baselines3 over the batched environment (extra ``train``).

Install it with ``pip install "kingofny[train]"`` (sb3-contrib, Stable-Baselines3, torch).
Stable-Baselines3 has its own vector interface (``VecEnv``: ``reset()`` returns observations
only, ``step`` returns ``dones`` and one info dict per game, and a game that ends is reset
within the step with its last observation in ``info["terminal_observation"]``).
:class:`SB3VecEnv` gives :class:`~kingofny.envs.vector.KingOfNYVectorEnv` that interface, with
the observation alone as a ``Box`` (the legal ids come from ``env_method("action_masks")``, which
is where sb3-contrib's ``MaskablePPO`` looks for them)::

    from sb3_contrib import MaskablePPO
    from kingofny.envs.sb3 import SB3VecEnv

    env = SB3VecEnv(8, monsters=4, seat="random")
    model = MaskablePPO("MlpPolicy", env).learn(100_000)

Every option of :class:`~kingofny.envs.vector.KingOfNYVectorEnv` but ``autoreset_mode`` and
``copy`` (which this class sets) is accepted (``monsters``, ``seat``, ``opponents``,
``reward``, ...); ``set_options`` has no effect (the games take no reset options).
``info["outcome"]`` of an ended game says how it ended for the learner, ``info["seat"]`` where
it sat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from kingofny.envs.vector import KingOfNYVectorEnv
from kingofny.errors import ArgumentError

__all__ = ["SB3VecEnv"]

StepReturn = tuple[
    npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]
]
"""What ``step`` returns: observations, rewards, dones, one info dict per game."""
Indices = None | int | Iterable[int]
"""Which games a ``get_attr``/``set_attr``/``env_method`` call is for (None: all)."""


class SB3VecEnv(VecEnv):
    """``num_envs`` games as a Stable-Baselines3 ``VecEnv`` (see the module's documentation)."""

    def __init__(self, num_envs: int = 8, monsters: int | Sequence[str] = 4, **options: Any):
        for fixed in ("autoreset_mode", "copy"):
            if fixed in options:
                raise ArgumentError(
                    fixed, "SB3VecEnv sets it (same-step autoreset, its own copies)"
                )
        self.vec = KingOfNYVectorEnv(
            num_envs, monsters, autoreset_mode="same-step", copy=False, **options
        )
        """The batched environment underneath (same-step autoreset)."""
        single = self.vec.single_observation_space
        assert isinstance(single, spaces.Dict)
        super().__init__(num_envs, single["observation"], self.vec.single_action_space)
        self._actions: npt.NDArray[np.int64] = np.zeros(num_envs, dtype=np.int64)

    def reset(self) -> npt.NDArray[np.float32]:
        """New games, seeded by ``seed()`` if it was called since the last reset."""
        seeds = self._seeds
        seed = None if all(s is None for s in seeds) else list(seeds)
        obs, _ = self.vec.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        observations: npt.NDArray[np.float32] = obs["observation"].copy()
        return observations

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        """Remember the ids to play at :meth:`step_wait`."""
        self._actions = np.asarray(actions, dtype=np.int64).reshape(-1)

    def step_wait(self) -> StepReturn:
        """Play the ids given to :meth:`step_async`: observations, rewards, dones, infos."""
        obs, rewards, terminated, truncated, infos = self.vec.step(self._actions)
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            final = infos["final_obs"][i]
            out[i] = {
                "terminal_observation": final["observation"],
                "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                **infos["final_info"][i],
            }
        for i in np.flatnonzero(infos["illegal"]):
            out[i]["illegal"] = True
        return (
            obs["observation"].copy(),
            rewards.astype(np.float32),
            dones.copy(),
            out,
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal ids as booleans, shape (N, ids)."""
        return self.vec.action_masks()

    def close(self) -> None:
        """Nothing to release: the games live in this process."""

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """The attribute ``attr_name`` of each single environment in ``indices``."""
        return [getattr(self.vec.envs[i], attr_name) for i in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        """Set ``attr_name`` of each single environment in ``indices``."""
        for i in self._get_indices(indices):
            setattr(self.vec.envs[i], attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any
    ) -> list[Any]:
        """Call ``method_name`` of each single environment in ``indices``; ``action_masks``
        answers from the batch's own masks."""
        chosen = list(self._get_indices(indices))
        if method_name == "action_masks" and not method_args and not method_kwargs:
            masks = self.vec.action_masks()
            return [masks[i] for i in chosen]
        return [
            getattr(self.vec.envs[i], method_name)(*method_args, **method_kwargs) for i in chosen
        ]

    def env_is_wrapped(self, wrapper_class: type[Any], indices: Indices = None) -> list[bool]:
        """No game is wrapped."""
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[npt.NDArray[Any] | None]:
        """No images: the games render as text (``render_mode="ansi"`` of the single env)."""
        return [None for _ in range(self.num_envs)]
