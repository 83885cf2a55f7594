"""A trained policy as a :class:`~kingofny.Player` (issue 23 §3), with numpy alone at play time.

:class:`PolicyPlayer` wraps any callable ``policy(observation, mask) -> action id`` over the
spaces of :mod:`kingofny.ids` (the observation of the deciding seat as float32, the legal-id
mask as int8), so that a trained policy sits wherever a bot does: :func:`kingofny.simulate`,
``kingofny play``, tournaments. ``kingofny simulate --players policy:path=model.npz,random``
loads a :class:`MLPPolicy` from a ``.npz`` file: weights only, read without pickle.

The ``.npz`` format: arrays ``w0, b0, w1, b1, ...``; layer ``i`` maps its input ``x`` to
``x @ wi + bi``, with ReLU between layers; the input is the observation
(:func:`kingofny.ids.observation_names` gives its values), the last layer has one output (a
logit) per action id of :class:`kingofny.ids.ActionIds`, and the legal id of the highest logit
is played. :meth:`MLPPolicy.save` writes one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kingofny.errors import ArgumentError, PlayerError
from kingofny.ids import ActionIds, observation, observation_names
from kingofny.model.actions import Action
from kingofny.model.content import content_of
from kingofny.model.state import GameState

__all__ = ["BUNDLED", "MLPPolicy", "PolicyPlayer"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""``policy(observation, mask) -> action id`` (an int, or anything ``int()`` takes)."""


class MLPPolicy:
    """A multilayer perceptron over the observation: the legal action id of highest logit."""

    def __init__(self, layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]]) -> None:
        if not layers:
            raise ArgumentError("MLPPolicy(layers)", "expected at least one (weights, bias) layer")
        self.layers = [
            (np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in layers
        ]
        """(weights, bias) per layer, weights shaped (inputs, outputs)."""
        width = self.layers[0][0].shape[0]
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or b.shape != (w.shape[1],) or w.shape[0] != width:
                raise ArgumentError(
                    "MLPPolicy(layers)",
                    f"layer {i}: weights {w.shape} and bias {b.shape} do not follow a layer of "
                    f"{width} outputs",
                )
            width = w.shape[1]

    @property
    def inputs(self) -> int:
        """The size of the observation it reads."""
        return int(self.layers[0][0].shape[0])

    @property
    def outputs(self) -> int:
        """The number of action ids it scores."""
        return int(self.layers[-1][0].shape[1])

    @classmethod
    def load(cls, path: str | Path) -> MLPPolicy:
        """The policy saved in ``path`` (``.npz``; see the module's documentation). Pickled
        objects are refused. Raises :class:`~kingofny.errors.ArgumentError` for a file that
        cannot be read or is not such a policy."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError) as exc:
            raise ArgumentError("policy path", f"cannot read {str(path)!r}: {exc}") from None
        layers: list[tuple[npt.ArrayLike, npt.ArrayLike]] = []
        while f"w{len(layers)}" in arrays and f"b{len(layers)}" in arrays:
            layers.append((arrays.pop(f"w{len(layers)}"), arrays.pop(f"b{len(layers)}")))
        if arrays or not layers:
            extra = ", ".join(sorted(arrays)) or "none"
            raise ArgumentError(
                "policy path",
                f"{str(path)!r} is not a policy of arrays w0, b0, w1, b1, ... (other arrays: "
                f"{extra})",
            )
        return cls(layers)

    def save(self, path: str | Path, *, half: bool = False) -> None:
        """Write the policy to ``path`` as ``.npz`` (numpy arrays only); ``half`` stores the
        weights as float16, compressed (about a quarter of the size; read back as float32)."""
        arrays: dict[str, npt.NDArray[Any]] = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
            if half:
                arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float16), b.astype(np.float16)
        # Their keyword arguments are arrays, but they type allow_pickle too.
        save: Any = np.savez_compressed if half else np.savez
        save(path, **arrays)

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The legal id (``mask`` non-zero) of the highest logit."""
        x = obs
        for w, b in self.layers[:-1]:
            x = np.maximum(x @ w + b, 0.0)
        w, b = self.layers[-1]
        logits = np.where(mask.astype(bool), x @ w + b, -np.inf)
        return int(np.argmax(logits))


BUNDLED = Path(__file__).parent / "data" / "policy-4.npz"
"""The policy that comes with kingofny: trained for 4-monster games by ``examples/train_ppo.py``
(behaviour cloning from the expectimax bot, then PPO against heuristic bots; the checkpoint
that did best, see the docs' *Training an agent*). Stored as float16."""


_LOADED: list[MLPPolicy] = []


def _bundled() -> MLPPolicy:
    """The bundled policy, read once per process."""
    if not _LOADED:
        _LOADED.append(MLPPolicy.load(BUNDLED))
    return _LOADED[0]


class PolicyPlayer:
    """A :class:`~kingofny.Player` that plays what ``policy(observation, mask)`` says.

    Give the callable, or ``path`` to an :class:`MLPPolicy` ``.npz`` file (the ``policy:path=``
    spec of the command line), or neither for the bundled policy (:data:`BUNDLED`, the
    ``policy`` spec: trained for 4 monsters). ``seed`` is accepted and unused: the policy is
    deterministic. An id that is not legal is a :class:`~kingofny.errors.PlayerError`.
    """

    name = "policy"

    def __init__(
        self,
        policy: Policy | None = None,
        *,
        path: str | None = None,
        seed: int | None = None,
    ) -> None:
        if policy is not None and path is not None:
            raise ArgumentError("policy", "give a policy callable or path=..., not both")
        if policy is None and path is None:
            policy = _bundled()
        if path is not None:
            if not isinstance(path, str) or not path:
                raise ArgumentError("policy path", f"expected a file name, got {path!r}")
            policy = MLPPolicy.load(path)
        assert policy is not None
        if not callable(policy):
            raise ArgumentError("policy", f"expected a callable, got {policy!r}")
        self.policy: Policy = policy
        """The callable that picks an id."""

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The action of the id the policy picks for the deciding seat of ``view``."""
        seat = view.current_player
        if seat is None:
            raise PlayerError("a policy decides for a seat, not at a chance node")
        content = content_of(view.config)
        ids = ActionIds.shared(content)
        obs = np.asarray(observation(view, seat), dtype=np.float32)
        mask = np.frombuffer(ids.mask(view), dtype=np.int8)
        if isinstance(self.policy, MLPPolicy) and (
            self.policy.inputs != obs.shape[0] or self.policy.outputs != ids.size
        ):
            raise PlayerError(
                f"the policy reads {self.policy.inputs} values and scores {self.policy.outputs} "
                f"ids; these games have {len(observation_names(content))} and "
                f"{ids.size}"
            )
        chosen = int(self.policy(obs, mask))
        if not 0 <= chosen < ids.size or not mask[chosen]:
            raise PlayerError(f"the policy chose id {chosen}, which is not legal now")
        action = ids.action(chosen)
        if action not in legal:
            raise PlayerError(f"the policy chose {action}, which it was not offered")
        return action
