"""Deprecated: the registry of installed packs is private since kingofny 0.2
(:mod:`kingofny._registry`). Use :func:`kingofny.find_card`, :func:`kingofny.find_monster`, a
game's ``state.config.content`` (its own packs), or ``kingofny plugins``. Goes in 0.3."""

from kingofny._deprecated import warn_moved
from kingofny._registry import *  # noqa: F403
from kingofny._registry import installed  # noqa: F401 (the name most callers used)

warn_moved(
    "kingofny.content.registry",
    "kingofny._registry",
    "use kingofny.find_card / find_monster or a game's state.config.content",
)
