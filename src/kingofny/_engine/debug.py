"""The debug mode of states: the engine's fast paths off, and the effects' hooks watched.

``apply`` normally edits one private draft in place and memoises ``legal_actions`` by object
identity (:mod:`kingofny._engine.ops`, :mod:`kingofny._engine.loop`). Neither may be
observable from outside. In debug mode (``KINGOFNY_DEBUG_STATES=1`` in the environment at
import, or :func:`kingofny.debug_states`) every update copies, nothing is memoised by identity,
and every hook call is checked: a hook that changes the state it was given in place
(``object.__setattr__``), or returns a state of another game, is an
:class:`~kingofny.errors.EffectError` naming the card. Games of hooks that keep the rules play
exactly as they do without it, only slower, so a suite run in both modes compares the fast
paths with the plain ones.
"""

from __future__ import annotations

import os
from typing import Final

import attrs

DEBUG_STATES_ENV: Final = "KINGOFNY_DEBUG_STATES"
"""The environment variable that turns the debug mode on at import (any value but ``0``)."""


class Switch:
    """Whether the debug mode is on (one object, so that the compiled build reads it fast)."""

    def __init__(self, on: bool) -> None:
        self.on = on
        """True while the debug mode is on."""


DEBUG: Final = Switch(os.environ.get(DEBUG_STATES_ENV, "") not in ("", "0"))
"""The process's debug switch."""


def fingerprint(value: object) -> object:
    """A deep, plain copy of ``value``'s contents (attrs instances as their class and field
    values, recursively), equal to a later fingerprint of the same value only if nothing in it
    was changed in place meanwhile."""
    cls = type(value)
    if attrs.has(cls):
        return (cls, tuple([fingerprint(getattr(value, f.name)) for f in attrs.fields(cls)]))
    if cls is tuple or cls is list:
        return tuple([fingerprint(item) for item in value])  # type: ignore[attr-defined]
    return value
