"""The content-pack manifest: what a pack declares to the engine."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.cards import CardSpec
from kingofny.model.effect import Effect
from kingofny.model.monster import MonsterSpec

CONTENT_API_VERSION = 1
"""The version of the content API this release of kingofny offers to packs."""


@attrs.frozen(slots=True, repr=False)
class ContentPack:
    """A content pack: monsters and cards, registered under the ``kingofny.content`` entry-point
    group by a callable returning this manifest.

    Every id in the pack must start with ``"<name>:"``.
    """

    __repr__ = fields_repr

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
    effects: Mapping[str, Effect] = attrs.field(factory=dict)
    """The behaviour of the pack's cards and monsters, by id; ids without an entry have none.
    Keys may also be token kinds (e.g. ``"web"``): that effect is in play for every monster
    holding such tokens, and turn marks: in play for the turn's monster while the mark is set."""
    description: str = ""
    """One line about the pack."""
