"""Deprecated: the integer ids for search and reinforcement learning are :mod:`kingofny.ids`
since kingofny 0.2 ("codec" named both them and the JSON codec). ``ActionCodec`` and
``OutcomeCodec`` are :class:`~kingofny.ids.ActionIds` and :class:`~kingofny.ids.OutcomeIds`.
Goes in 0.3."""

from kingofny._deprecated import warn_moved
from kingofny.ids import *  # noqa: F403
from kingofny.ids import SEATS
from kingofny.ids import ActionIds as ActionCodec
from kingofny.ids import OutcomeIds as OutcomeCodec

__all__ = [  # noqa: F405 (the names of kingofny.ids)
    "CODEC_VERSION",
    "OBS_VERSION",
    "SEATS",
    "ActionCodec",
    "OutcomeCodec",
    "observation",
    "observation_names",
    "returns",
]

warn_moved("kingofny.codec", "kingofny.ids", "import kingofny.ids (ActionIds, OutcomeIds)")
