"""Content-pack discovery, validation and registry (DESIGN Contract 7).

Packs are found through the ``kingofny.content`` entry-point group, sorted by distribution and
entry-point name so discovery is deterministic. The base game is registered the same way by
kingofny's own ``pyproject.toml``. Discovery only lists entry points: a pack is loaded the first
time a game (or a lookup) asks for it by name, so a broken third-party plugin never stops a game
that does not use it. The entry point's name should be the pack's name; a pack asked for under
a name no entry point has is looked for by loading the entry points not loaded yet. A pack that
fails to load raises :class:`PluginError` naming the distribution, the entry point and the
cause, when it is asked for; the failure is kept for :meth:`Registry.failures` (``kingofny
plugins`` lists it); nothing is skipped silently. Setting ``KINGOFNY_DISABLE_PLUGIN_AUTOLOAD=1``
loads only the base pack.

A pack defines monsters, cards and effects for its own ids only: every id and every key of its
``effects`` starts with ``"<name>:"``. Keys without a namespace (the base game's token kinds
``web`` and ``curse``) are reserved to the base pack.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from kingofny.errors import PluginError
from kingofny.model.cards import CardSpec
from kingofny.model.effect import Effect
from kingofny.model.monster import MonsterSpec
from kingofny.model.pack import CONTENT_API_VERSION, ContentPack

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint, EntryPoints

ENTRY_POINT_GROUP = "kingofny.content"
"""The entry-point group content packs register under."""
DISABLE_AUTOLOAD_ENV = "KINGOFNY_DISABLE_PLUGIN_AUTOLOAD"
"""Set this environment variable to a non-empty value to load only the base pack."""
BASE_PACK = "base"
"""The name of the base game's pack, the only one that may use keys without a namespace."""
BASE_MANIFEST = "kingofny.content.base:manifest"
"""Where the base game's manifest is (the object our own entry point names)."""

_GENERATIONS = itertools.count(1)
"""The generations of every registry of the process (see :attr:`Registry.changes`)."""


def _describe(ep: EntryPoint) -> str:
    dist = ep.dist.name if ep.dist is not None else "<unknown distribution>"
    version = ep.dist.version if ep.dist is not None else "?"
    return f"entry point {ep.name!r} ({ep.value}) of distribution {dist} {version}"


def entry_points(*, group: str) -> EntryPoints:
    """The installed entry points of ``group`` (:func:`importlib.metadata.entry_points`,
    imported on first call: discovery runs when a game or a lookup first needs a pack, so
    ``import kingofny`` does not pay for importlib.metadata)."""
    from importlib.metadata import entry_points as installed_entry_points

    return installed_entry_points(group=group)


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


def owns(pack: str, key: str) -> bool:
    """Whether ``key`` is in ``pack``'s namespace (bare keys belong to the base pack)."""
    if ":" not in key:
        return pack == BASE_PACK and bool(key)
    return key.startswith(f"{pack}:") and key != f"{pack}:"


def validate(pack: object) -> ContentPack:
    """Check a manifest: its type, API version, and that every id is namespaced and unique."""
    if not isinstance(pack, ContentPack):
        raise PluginError(f"a content pack must be a ContentPack manifest, got {pack!r}")
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
        if not isinstance(key, str) or not owns(pack.name, key):
            raise PluginError(
                f"pack {pack.name!r} defines an effect for {key!r}, which is not its own: "
                f"a pack may only define effects for ids starting with '{pack.name}:'"
            )
        if not isinstance(effect, Effect):
            raise PluginError(f"pack {pack.name!r}: the effect of {key!r} is not an Effect")
    for card in pack.cards:
        if card.cost < 0:
            raise PluginError(f"pack {pack.name!r}: card {card.id!r} has a negative cost")
    return pack


@attrs.frozen(slots=True)
class Source:
    """A pack that can be loaded: an entry point, or the base game itself."""

    name: str
    """The entry point's name (the pack's name, for a well-behaved pack)."""
    description: str
    """What to call it in messages: the entry point and its distribution."""
    load: Callable[[], ContentPack] = attrs.field(eq=False, repr=False)
    """Load and validate the pack; raises :class:`PluginError`."""


def entry_point_source(ep: EntryPoint) -> Source:
    """The source of a discovered entry point."""
    return Source(ep.name, _describe(ep), lambda: load_entry_point(ep))


class PackTable(Mapping[str, ContentPack]):
    """The packs of a :class:`Registry` by name. Looking a name up (``[]``, ``in``, ``get``)
    loads that pack on first use; iterating lists only the packs loaded so far."""

    __slots__ = ("_registry",)

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    def __getitem__(self, name: str) -> ContentPack:
        found = self._registry.find(name)
        if found is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._registry.find(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._registry.loaded))

    def __len__(self) -> int:
        return len(self._registry.loaded)


@attrs.frozen(slots=True)
class _Snapshot:
    """What :meth:`Registry.swapped` puts back."""

    sources: list[Source]
    failed: list[tuple[Source, PluginError]]
    tables: tuple[dict[str, Any], ...]


@attrs.frozen(slots=True)
class Registry:
    """The packs available to games, with the monsters, cards and effects of those loaded.

    ``sources`` are the packs not loaded yet; :meth:`pack` (or a lookup in :attr:`packs`) loads
    one when it is first asked for. Loading is guarded by a lock, so threads may share a
    registry.
    """

    sources: list[Source] = attrs.field(factory=list)
    """Packs that may still be loaded, in discovery order."""
    loaded: dict[str, ContentPack] = attrs.field(factory=dict)
    """The packs loaded so far, by name."""
    cards: dict[str, CardSpec] = attrs.field(factory=dict)
    """Every card of every loaded pack, by id."""
    monsters: dict[str, MonsterSpec] = attrs.field(factory=dict)
    """Every monster of every loaded pack, by id."""
    effects: dict[str, Effect] = attrs.field(factory=dict)
    """Every effect of every loaded pack, by card, monster, token or mark id."""
    owners: dict[str, str] = attrs.field(factory=dict)
    """The pack that defines each key of :attr:`effects`."""
    failed: list[tuple[Source, PluginError]] = attrs.field(factory=list)
    """The sources that failed to load, with their error, in the order they were tried."""
    lock: threading.RLock = attrs.field(factory=threading.RLock, eq=False, repr=False)
    """Held while packs are loaded or swapped."""
    changes: list[int] = attrs.field(factory=lambda: [next(_GENERATIONS)], eq=False, repr=False)
    """The generation of what is loaded (in a list so that the frozen registry can change it):
    a new number each time packs or effects are added, removed or swapped, never the same in
    two registries, so that caches of the effects in play, which compare it, cannot take one
    registry's answer for another's."""

    @property
    def packs(self) -> PackTable:
        """The packs by name, loaded on first lookup."""
        return PackTable(self)

    def add(self, pack: ContentPack) -> None:
        """Register a pack. Ids are namespaced by pack name, so a clash of ids is a clash of
        names, reported with both versions."""
        validate(pack)
        with self.lock:
            if pack.name in self.loaded:
                raise PluginError(
                    f"two content packs are named {pack.name!r} "
                    f"(versions {self.loaded[pack.name].version} and {pack.version})"
                )
            for key in pack.effects:
                if key in self.effects:
                    raise PluginError(
                        f"packs {self.owners[key]!r} and {pack.name!r} both define an effect "
                        f"for {key!r}"
                    )
            self.loaded[pack.name] = pack
            self.cards.update((c.id, c) for c in pack.cards)
            self.monsters.update((m.id, m) for m in pack.monsters)
            self.effects.update(pack.effects)
            self.owners.update((key, pack.name) for key in pack.effects)
            # Counted after the change: a reader that saw the old count recomputes its caches.
            self.changes[0] = next(_GENERATIONS)

    def remove(self, name: str) -> ContentPack | None:
        """Unregister a loaded pack and everything it declared; the pack, or None."""
        with self.lock:
            pack = self.loaded.pop(name, None)
            if pack is None:
                return None
            for card in pack.cards:
                self.cards.pop(card.id, None)
            for monster in pack.monsters:
                self.monsters.pop(monster.id, None)
            for key in pack.effects:
                self.effects.pop(key, None)
                self.owners.pop(key, None)
            self.changes[0] = next(_GENERATIONS)
            return pack

    def _load(self, source: Source) -> None:
        """Load one source (already taken off :attr:`sources`); record a failure."""
        try:
            self.add(source.load())
        except PluginError as exc:
            self.failed.append((source, exc))
            raise

    def find(self, name: str, *, strict: bool = False) -> ContentPack | None:
        """The pack ``name``, loading it if needed; None if no source gives it. The entry point
        named after the pack is tried first; only if there is none are the others loaded in
        search of it. With ``strict``, a source of that name that fails to load raises its
        :class:`PluginError` (else the failure is only recorded)."""
        found = self.loaded.get(name)
        if found is not None:
            return found
        with self.lock:
            for named in (True, False):
                tried = [s for s in self.sources if (s.name == name) is named]
                for source in tried:
                    self.sources.remove(source)
                    try:
                        self._load(source)
                    except PluginError:
                        if strict and named:
                            raise
                    if name in self.loaded:
                        return self.loaded[name]
                if named and (tried or any(s.name == name for s, _ in self.failed)):
                    break  # the entry point named after the pack was tried: load no others
            if strict:
                for source, error in self.failed:
                    if source.name == name:
                        raise PluginError(str(error)) from (error.__cause__ or error)
        return None

    def pack(self, name: str) -> ContentPack:
        """A pack, loaded on first use; PluginError if it fails to load or is not installed."""
        found = self.find(name, strict=True)
        if found is not None:
            return found
        known = ", ".join(sorted(self.loaded)) or "none"
        broken = "".join(f"; {s.description} failed to load" for s, _ in self.failed)
        raise PluginError(f"content pack {name!r} is not installed (installed: {known}{broken})")

    def load_all(self) -> tuple[tuple[Source, PluginError], ...]:
        """Load every source not loaded yet; the sources that failed so far, with their
        errors."""
        with self.lock:
            while self.sources:
                source = self.sources.pop(0)
                # A failure is recorded in ``failed``; asking for the pack raises it.
                with contextlib.suppress(PluginError):
                    self._load(source)
            return tuple(self.failed)

    @contextlib.contextmanager
    def swapped(self, pack: ContentPack) -> Iterator[None]:
        """Make ``pack`` the pack of its name for the duration of the block.

        A pack of that name already loaded or still to load (another version, or one that
        fails to load) is set aside without being loaded; on leaving, even by an exception,
        the registry is put back exactly as it was (packs loaded in between go back to their
        sources, to load on demand)."""
        validate(pack)
        with self.lock:
            saved = _Snapshot(
                list(self.sources),
                list(self.failed),
                tuple(
                    dict(t)
                    for t in (self.loaded, self.cards, self.monsters, self.effects, self.owners)
                ),
            )
            self.remove(pack.name)
            self.sources[:] = [s for s in self.sources if s.name != pack.name]
            try:
                self.add(pack)
            except BaseException:
                self._restore(saved)
                raise
        try:
            yield
        finally:
            self._restore(saved)

    def _restore(self, saved: _Snapshot) -> None:
        with self.lock:
            self.sources[:] = saved.sources
            self.failed[:] = saved.failed
            tables: tuple[dict[str, Any], ...] = (
                self.loaded,
                self.cards,
                self.monsters,
                self.effects,
                self.owners,
            )
            for table, content in zip(tables, saved.tables):
                table.clear()
                table.update(content)
            self.changes[0] = next(_GENERATIONS)

    def pack_of(self, key: str) -> str:
        """The name of the pack defining ``key`` (an id, token kind or mark)."""
        owner = self.owners.get(key)
        if owner is not None:
            return owner
        prefix, colon, _ = key.partition(":")
        return prefix if colon else BASE_PACK


def build_registry(packs: Iterable[ContentPack]) -> Registry:
    """A registry holding exactly these packs, loaded."""
    registry = Registry()
    for pack in packs:
        registry.add(pack)
    return registry


def installed_sources() -> list[Source]:
    """The sources of every installed pack (only the base pack if autoloading is disabled)."""
    from importlib.metadata import EntryPoint

    # The base game is a pack like any other, loaded by name as its entry point names it.
    ours = EntryPoint(name=BASE_PACK, value=BASE_MANIFEST, group=ENTRY_POINT_GROUP)
    base = Source(
        BASE_PACK, "the base game (kingofny.content.base)", lambda: load_entry_point(ours)
    )
    if os.environ.get(DISABLE_AUTOLOAD_ENV):
        return [base]
    sources = [entry_point_source(ep) for ep in discover()]
    if not any(s.name == BASE_PACK for s in sources):
        # Running from a source tree that was never installed: the base pack is still ours.
        sources.insert(0, base)
    return sources


def load_installed() -> Registry:
    """A registry of every installed pack, each loaded when it is first asked for."""
    return Registry(sources=installed_sources())
