"""The base game's content: six monsters and 64 cards, registered as the pack ``base``."""

from __future__ import annotations

from kingofny.content.base.cards import BASE_PACK, CARDS
from kingofny.content.base.effects import EFFECTS
from kingofny.content.base.monsters import MONSTERS
from kingofny.model.pack import CONTENT_API_VERSION, ContentPack

BASE_PACK_VERSION = "0.1.1"
"""The base pack's own version, which saved games record; it is not the package's. A reader
accepts a save of the same minor version (before 1.0), so this moves only when the base
content stops reading older saves. 0.1.1: the card options renamed in kingofny 0.2.0, whose
0.1.0 names still read (``legacy.py``)."""


def manifest() -> ContentPack:
    """The base game pack; the ``kingofny.content`` entry point ``base`` names this function."""
    return ContentPack(
        name=BASE_PACK,
        version=BASE_PACK_VERSION,
        api_version=CONTENT_API_VERSION,
        monsters=MONSTERS,
        cards=CARDS,
        effects=EFFECTS,
        description="King of New York (IELLO, 2014): six monsters and 64 cards",
    )
