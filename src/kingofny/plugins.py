"""Content-pack discovery, validation and registry (DESIGN Contract 7).

Packs are found through the ``kingofny.content`` entry-point group, sorted by distribution and
entry-point name so discovery is deterministic. The base game is registered the same way by
kingofny's own ``pyproject.toml``. A pack that fails to load raises :class:`PluginError` naming
the distribution, the entry point and the cause; nothing is skipped silently. Setting
``KINGOFNY_DISABLE_PLUGIN_AUTOLOAD=1`` loads only the base pack.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib.metadata import EntryPoint, entry_points

import attrs

from kingofny.content.pack import CONTENT_API_VERSION, ContentPack
from kingofny.effects.api import Effect
from kingofny.errors import PluginError
from kingofny.model.cards import CardSpec
from kingofny.model.monster import MonsterSpec

ENTRY_POINT_GROUP = "kingofny.content"
"""The entry-point group content packs register under."""
DISABLE_AUTOLOAD_ENV = "KINGOFNY_DISABLE_PLUGIN_AUTOLOAD"
"""Set this environment variable to a non-empty value to load only the base pack."""


def _describe(ep: EntryPoint) -> str:
    dist = ep.dist.name if ep.dist is not None else "<unknown distribution>"
    version = ep.dist.version if ep.dist is not None else "?"
    return f"entry point {ep.name!r} ({ep.value}) of distribution {dist} {version}"


def discover() -> tuple[EntryPoint, ...]:
    """The entry points of the content group, sorted by distribution then entry-point name."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return tuple(
        sorted(found, key=lambda ep: (ep.dist.name if ep.dist is not None else "", ep.name))
    )


def load_entry_point(ep: EntryPoint) -> ContentPack:
    """Load and validate the pack an entry point names."""
    try:
        factory = ep.load()
        pack = factory()
    except Exception as exc:
        raise PluginError(f"failed to load content pack from {_describe(ep)}: {exc!r}") from exc
    try:
        return validate(pack)
    except PluginError as exc:
        raise PluginError(f"{_describe(ep)}: {exc}") from exc


def validate(pack: object) -> ContentPack:
    """Check a manifest: its type, API version, and that every id is namespaced and unique."""
    if not isinstance(pack, ContentPack):
        raise PluginError(f"a content pack factory must return a ContentPack, got {pack!r}")
    if pack.api_version != CONTENT_API_VERSION:
        raise PluginError(
            f"pack {pack.name!r} {pack.version} needs kingofny content API {pack.api_version}; "
            f"this kingofny ({CONTENT_API_VERSION}) supports exactly {CONTENT_API_VERSION}"
        )
    if not pack.name or ":" in pack.name:
        raise PluginError(f"pack name {pack.name!r} must be non-empty and contain no ':'")
    seen: set[str] = set()
    items: tuple[MonsterSpec | CardSpec, ...] = (*pack.monsters, *pack.cards)
    for item in items:
        if not item.id.startswith(f"{pack.name}:") or item.id == f"{pack.name}:":
            raise PluginError(f"pack {pack.name!r}: id {item.id!r} must start with '{pack.name}:'")
        if item.id in seen:
            raise PluginError(f"pack {pack.name!r} declares {item.id!r} twice")
        seen.add(item.id)
    for key, effect in pack.effects.items():
        if not isinstance(effect, Effect):
            raise PluginError(f"pack {pack.name!r}: the effect of {key!r} is not an Effect")
    for card in pack.cards:
        if card.cost < 0:
            raise PluginError(f"pack {pack.name!r}: card {card.id!r} has a negative cost")
    return pack


@attrs.frozen(slots=True)
class Registry:
    """The packs available to games, with their monsters and cards by id."""

    packs: dict[str, ContentPack] = attrs.field(factory=dict)
    """Packs by name."""
    cards: dict[str, CardSpec] = attrs.field(factory=dict)
    """Every card of every pack, by id."""
    monsters: dict[str, MonsterSpec] = attrs.field(factory=dict)
    """Every monster of every pack, by id."""
    effects: dict[str, Effect] = attrs.field(factory=dict)
    """Every effect of every pack, by card, monster, token or mark id."""

    def add(self, pack: ContentPack) -> None:
        """Register a pack. Ids are namespaced by pack name, so a clash of ids is a clash of
        names, reported with both versions."""
        validate(pack)
        if pack.name in self.packs:
            raise PluginError(
                f"two content packs are named {pack.name!r} "
                f"(versions {self.packs[pack.name].version} and {pack.version})"
            )
        self.packs[pack.name] = pack
        self.cards.update((c.id, c) for c in pack.cards)
        self.monsters.update((m.id, m) for m in pack.monsters)
        self.effects.update(pack.effects)

    def pack(self, name: str) -> ContentPack:
        """A registered pack; PluginError if it is not installed."""
        try:
            return self.packs[name]
        except KeyError:
            known = ", ".join(sorted(self.packs)) or "none"
            raise PluginError(
                f"content pack {name!r} is not installed (installed: {known})"
            ) from None


def build_registry(packs: Iterable[ContentPack]) -> Registry:
    """A registry holding exactly these packs."""
    registry = Registry()
    for pack in packs:
        registry.add(pack)
    return registry


def load_installed() -> Registry:
    """A registry of every installed pack (only the base pack if autoloading is disabled)."""
    from kingofny.content.base import manifest

    if os.environ.get(DISABLE_AUTOLOAD_ENV):
        return build_registry([manifest()])
    packs = [load_entry_point(ep) for ep in discover()]
    if not any(p.name == "base" for p in packs):
        # Running from a source tree that was never installed: the base pack is still ours.
        packs.insert(0, manifest())
    return build_registry(packs)
