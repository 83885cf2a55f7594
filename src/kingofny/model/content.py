"""The content a game plays with: its packs resolved, once, into one frozen table.

A game's :class:`~kingofny.model.state.GameConfig` names its packs; the engine reads the cards,
monsters and effects of those packs from the config's :class:`ContentTable`, never from the
process's registry of installed packs. The table is built when the game is created
(:func:`kingofny.new_game`) or read (:func:`kingofny.from_json`), from installed packs or from
manifests handed over directly (``new_game(..., packs=["base", manifest])``).

This module knows no registry: the content layer installs the function that finds installed
packs by name (:func:`install_finder`), so that the model and the engine import no content.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from kingofny.errors import ConfigError, PluginError

if TYPE_CHECKING:
    from kingofny.model.cards import CardSpec
    from kingofny.model.effect import Effect
    from kingofny.model.monster import MonsterSpec
    from kingofny.model.pack import ContentPack
    from kingofny.model.state import GameConfig

Finder = Callable[[str], "ContentPack"]
"""Finds an installed pack by name: the pack, or :class:`~kingofny.errors.PluginError`."""
Validator = Callable[[object], "ContentPack"]
"""Checks a manifest handed over directly (its API version and namespaces)."""


class ContentTable:
    """The cards, monsters and effects of the packs one game plays with, in pack order.

    Immutable once built, and shared by every state of the game (and by the games started with
    the same installed packs). Two tables are equal only if they are the same object; a config
    compares by its pack names, not by its table.
    """

    __slots__ = (
        "_installed",
        "card_copies",
        "cards",
        "deck",
        "effects",
        "monsters",
        "names",
        "owners",
        "packs",
    )

    def __init__(self, packs: Sequence[ContentPack], installed: Iterable[str] = ()) -> None:
        names = tuple(pack.name for pack in packs)
        if not names:
            raise ConfigError("a game uses at least one content pack")
        if len(set(names)) != len(names):
            raise ConfigError(f"packs must name each pack once, got {list(names)!r}")
        cards: dict[str, CardSpec] = {}
        monsters: dict[str, MonsterSpec] = {}
        effects: dict[str, Effect] = {}
        owners: dict[str, str] = {}
        for pack in packs:
            for key, effect in pack.effects.items():
                if key in effects:
                    raise PluginError(
                        f"packs {owners[key]!r} and {pack.name!r} both define an effect for {key!r}"
                    )
                effects[key] = effect
                owners[key] = pack.name
            cards.update((c.id, c) for c in pack.cards)
            monsters.update((m.id, m) for m in pack.monsters)
        self.packs: Final[tuple[ContentPack, ...]] = tuple(packs)
        """The packs, in play order."""
        self.names: Final[tuple[str, ...]] = names
        """The packs' names, in play order (the config's ``packs``)."""
        self.cards: Final[Mapping[str, CardSpec]] = MappingProxyType(cards)
        """Every card of the packs, by id."""
        self.monsters: Final[Mapping[str, MonsterSpec]] = MappingProxyType(monsters)
        """Every monster of the packs, by id, in pack then declaration order."""
        self.effects: Final[Mapping[str, Effect]] = MappingProxyType(effects)
        """The effect of each card, monster, token kind or mark that has one."""
        self.owners: Final[Mapping[str, str]] = MappingProxyType(owners)
        """The name of the pack that defines each key of :attr:`effects`."""
        self.deck: Final[tuple[str, ...]] = tuple(sorted(c.id for p in packs for c in p.cards))
        """The ids of the cards the packs put in the deck, sorted (the deck is a multiset)."""
        self.card_copies: Final[Mapping[str, int]] = MappingProxyType(Counter(self.deck))
        """How many copies of each card the deck holds."""
        self._installed: Final[frozenset[str]] = frozenset(installed)

    def pack_of(self, key: str) -> str:
        """The name of the pack that defines a card, monster, token kind or mark (``"?"`` for a
        key no pack in play defines)."""
        found = self.owners.get(key)
        if found is not None:
            return found
        prefix, colon, _ = key.partition(":")
        return prefix if colon and prefix in self.names else "?"

    def __repr__(self) -> str:
        return f"ContentTable({', '.join(f'{p.name} {p.version}' for p in self.packs)})"

    def __copy__(self) -> ContentTable:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ContentTable:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Installed packs travel by name (the other process finds its own); packs handed over
        # directly travel whole.
        shipped = tuple(None if p.name in self._installed else p for p in self.packs)
        return (_restore, (self.names, shipped))


def _restore(names: tuple[str, ...], shipped: tuple[ContentPack | None, ...]) -> ContentTable:
    """A table unpickled: installed packs found again by name."""
    return resolve([name if pack is None else pack for name, pack in zip(names, shipped)])


class _Resolver:
    """Finds installed packs (through the function the content layer installs) and keeps the
    table of each list of packs, so that games share one."""

    def __init__(self) -> None:
        self.finder: Finder | None = None
        self.validator: Validator | None = None
        self.generation: Callable[[], object] = lambda: None
        self.tables: dict[
            tuple[str | int, ...], tuple[object, tuple[str | ContentPack, ...], ContentTable]
        ] = {}
        """The table of each list of packs (names, and manifests by identity), with the
        generation of the installed packs it was made at."""
        self.lock = threading.Lock()


_RESOLVER: Final = _Resolver()
_TABLES_LIMIT: Final = 64


def install_finder(finder: Finder, validator: Validator, generation: Callable[[], object]) -> None:
    """Set how installed packs are found by name, how a manifest handed over is checked, and
    what tells that the installed packs changed (called by :mod:`kingofny._registry`
    when it is imported)."""
    _RESOLVER.finder = finder
    _RESOLVER.validator = validator
    _RESOLVER.generation = generation
    with _RESOLVER.lock:
        _RESOLVER.tables.clear()


def _find(name: str) -> ContentPack:
    finder = _RESOLVER.finder
    if finder is None:  # pragma: no cover - the package installs it on import
        raise ConfigError("no content registry is installed")
    return finder(name)


def resolve(packs: Sequence[str | ContentPack]) -> ContentTable:
    """The content table of these packs: names of installed packs, or manifests
    (:class:`~kingofny.effects.ContentPack`) to play with without installing them. The same
    packs give the same table while the installed packs stay as they are, so that games share
    one.

    Raises :class:`~kingofny.errors.ConfigError` for a malformed list or a pack that is not
    installed, and :class:`~kingofny.errors.PluginError` for a pack that fails to load or a
    manifest that is not valid.
    """
    if isinstance(packs, (str, bytes)) or not isinstance(packs, Sequence):
        raise ConfigError(f"packs must be a sequence of pack names or manifests, got {packs!r}")
    key = tuple(p if isinstance(p, str) else id(p) for p in packs)
    kept = _RESOLVER.tables.get(key)
    # The manifests are kept with the table, so that an id in the key is never another object's.
    if (
        kept is not None
        and kept[0] == _RESOLVER.generation()
        and all(a is b for a, b in zip(kept[1], packs) if not isinstance(a, str))
    ):
        return kept[2]
    names = [p for p in packs if isinstance(p, str)]
    found = [_find(p) if isinstance(p, str) else _validated(p) for p in packs]
    table = ContentTable(found, installed=names)
    generation = _RESOLVER.generation()  # read after: loading a pack counts as a change
    with _RESOLVER.lock:
        if len(_RESOLVER.tables) >= _TABLES_LIMIT:
            _RESOLVER.tables.clear()
        _RESOLVER.tables[key] = (generation, tuple(packs), table)
    return table


def _validated(pack: object) -> ContentPack:
    """A manifest handed over, checked (ConfigError naming what is wrong with it)."""
    validator = _RESOLVER.validator
    if validator is None:  # pragma: no cover - the package installs it on import
        raise ConfigError("no content registry is installed")
    try:
        return validator(pack)
    except PluginError as exc:
        raise ConfigError(f"packs: {exc}") from exc


def content_of(config: GameConfig) -> ContentTable:
    """The content table of a game's configuration, resolved from its pack names on first use
    if the config was built without one (and then kept in it)."""
    table = config.content
    if table is None:
        table = resolve(config.packs)
        object.__setattr__(config, "content", table)
    return table
