"""Helpers shared by the tests."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from kingofny import _registry as registry
from kingofny.effects import ContentPack


@contextlib.contextmanager
def installed(pack: ContentPack) -> Iterator[None]:
    """Install ``pack`` in the process's registry for the duration, as if an entry point
    declared it (for tests of what looks packs up by name: ``kingofny plugins``, names in
    ``new_game``, JSON read without manifests). An installed pack of the same name is set aside
    without being loaded; the registry is put back as it was on leaving, even by an exception.
    A test that only plays a pack passes its manifest instead: ``new_game(..., packs=["base",
    pack])`` changes nothing shared."""
    with registry.installed().swapped(pack):
        yield
