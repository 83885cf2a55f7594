"""The content-pack manifest, under its old path: it is :mod:`kingofny.model.pack` (a type of
the model); pack authors import it from :mod:`kingofny.effects`."""

from kingofny.model.pack import CONTENT_API_VERSION, ContentPack

__all__ = ["CONTENT_API_VERSION", "ContentPack"]
