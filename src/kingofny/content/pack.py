"""Deprecated: the content-pack manifest, under its old path. It is defined in the model
(:mod:`kingofny.model.pack`); pack authors import it from :mod:`kingofny.effects`. Goes in 0.3."""

from kingofny._deprecated import warn_moved
from kingofny.model.pack import CONTENT_API_VERSION, ContentPack

__all__ = ["CONTENT_API_VERSION", "ContentPack"]

warn_moved(
    "kingofny.content.pack",
    "kingofny.model.pack",
    "import ContentPack and CONTENT_API_VERSION from kingofny.effects",
)
