"""The installed content packs (private): discovery for games and lookups by name.

The registry is built once, on first use, from the ``kingofny.content`` entry points
(:mod:`kingofny.plugins`); each pack is loaded when a game or a lookup first asks for it, so a
broken plugin only fails the games that use it. Games do not read it while they play: a game
resolves its packs once, through :func:`find_installed` (installed as the model's finder at
import), into its own content table (:mod:`kingofny.model.content`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kingofny.errors import ConfigError
from kingofny.model import content
from kingofny.model.cards import CardSpec
from kingofny.model.effect import Effect

if TYPE_CHECKING:
    from kingofny.model.pack import ContentPack
    from kingofny.plugins import Registry


_BUILT: list[Registry] = []
_BUILDING = threading.Lock()


def installed() -> Registry:
    """The registry of installed packs (built once, by one thread; packs load on first use)."""
    built = _BUILT
    if built:
        return built[0]
    with _BUILDING:
        if not _BUILT:
            # Plugin discovery (kingofny.plugins, importlib.metadata) is imported here, on
            # first use, not with kingofny.
            from kingofny.plugins import load_installed

            _BUILT.append(load_installed())
    return _BUILT[0]


def _load_pack_of(item_id: str) -> Registry:
    """The registry, after loading the pack an id's namespace names, if it can be loaded."""
    reg = installed()
    prefix, colon, _ = item_id.partition(":")
    if colon:
        reg.find(prefix)
    return reg


def card(card_id: str) -> CardSpec:
    """The spec of a card; KeyError if no installed pack declares it."""
    found = installed().cards.get(card_id)
    if found is None:
        return _load_pack_of(card_id).cards[card_id]
    return found


def effect(key: str) -> Effect | None:
    """The effect of a card, monster, token kind or mark, if it has one."""
    return installed().effects.get(key)


def deck_cards(packs: Sequence[str] = ("base",)) -> tuple[str, ...]:
    """The ids of the cards these packs put in the deck, sorted (the deck is a multiset)."""
    reg = installed()
    return tuple(sorted(c.id for name in packs for c in reg.pack(name).cards))


def find_installed(name: str) -> ContentPack:
    """The installed pack ``name``, loaded if needed: :class:`~kingofny.errors.ConfigError` if
    no installed pack has that name, :class:`~kingofny.errors.PluginError` (naming the
    distribution, the cause chained) if it fails to load."""
    found = installed().find(name, strict=True)
    if found is None:
        reg = installed()
        known = ", ".join(sorted(reg.loaded)) or "none"
        broken = "".join(f"; {s.description} failed to load" for s, _ in reg.failed)
        raise ConfigError(f"content pack {name!r} is not installed (installed: {known}{broken})")
    return found


def _validate(pack: object) -> ContentPack:
    from kingofny.plugins import validate

    return validate(pack)


def _generation() -> object:
    return installed().changes[0]


# Games resolve their packs through this registry (the model imports no content).
content.install_finder(find_installed, _validate, _generation)
