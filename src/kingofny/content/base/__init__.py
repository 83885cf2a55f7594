"""The base game's content: six monsters and 64 cards, registered as the pack ``base``."""

from __future__ import annotations

from kingofny._version import __version__
from kingofny.content.base.cards import BASE_PACK, CARDS
from kingofny.content.base.effects import EFFECTS
from kingofny.content.base.monsters import MONSTERS
from kingofny.model.pack import CONTENT_API_VERSION, ContentPack


def manifest() -> ContentPack:
    """The base game pack; the ``kingofny.content`` entry point ``base`` names this function."""
    return ContentPack(
        name=BASE_PACK,
        version=__version__,
        api_version=CONTENT_API_VERSION,
        monsters=MONSTERS,
        cards=CARDS,
        effects=EFFECTS,
        description="King of New York (IELLO, 2014): six monsters and 64 cards",
    )
