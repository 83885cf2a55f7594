"""The content-pack manifest: what a pack declares to the engine."""

from __future__ import annotations

import attrs

from kingofny.model.cards import CardSpec
from kingofny.model.monster import MonsterSpec

CONTENT_API_VERSION = 1
"""The version of the content API this release of kingofny offers to packs."""


@attrs.frozen(slots=True)
class ContentPack:
    """A content pack: monsters and cards, registered under the ``kingofny.content`` entry-point
    group by a callable returning this manifest.

    Every id in the pack must start with ``"<name>:"``.
    """

    name: str
    """The pack's namespace, e.g. ``"base"``."""
    version: str
    """The pack's own version, recorded in saved games."""
    api_version: int
    """The content API version the pack was written for (:data:`CONTENT_API_VERSION`)."""
    monsters: tuple[MonsterSpec, ...] = ()
    """Monsters the pack adds."""
    cards: tuple[CardSpec, ...] = ()
    """Cards the pack adds to the deck when the pack is in play."""
    description: str = ""
    """One line about the pack."""
