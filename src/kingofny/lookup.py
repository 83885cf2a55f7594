"""Looking up cards and monsters by id or name, and what a card costs a monster now.

Names are forgiving: the ``base:`` namespace may be left out (``"tesla-cannon"``), letter case
and punctuation do not matter (``"Tesla Cannon"``, ``"TESLA_CANNON"``), and the spellings a card
lists in :attr:`~kingofny.model.cards.CardSpec.aliases` are accepted. An unknown name raises
:class:`~kingofny.errors.ArgumentError` with the closest known names::

    >>> import kingofny
    >>> kingofny.find_card("Tesla Cannon").id
    'base:tesla-cannon'
    >>> kingofny.find_card("base:STOMP").cost
    3
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kingofny import _registry as registry
from kingofny._engine.shop import price
from kingofny.errors import ArgumentError
from kingofny.model.cards import CardSpec
from kingofny.model.content import content_of
from kingofny.model.monster import MonsterSpec
from kingofny.model.state import GameState

if TYPE_CHECKING:
    from kingofny.model.pack import ContentPack

__all__ = ["card_price", "find_card", "find_monster", "slug"]


def slug(text: str) -> str:
    """The normalised form names are matched in: lowercase words joined by ``-`` (``:`` kept),
    with ``♥`` read as "love" and ``&`` as "and"."""
    text = text.strip().lower().replace("♥", " love ").replace("&", " and ")
    return re.sub(r"[^a-z0-9:]+", "-", text).strip("-")


# (the loaded packs, card names, monster names) the tables were built from: the tuple is
# replaced whole, so a thread sees either the old tables or the new ones.
_tables: tuple[tuple[ContentPack, ...], dict[str, str], dict[str, str]] = ((), {}, {})


def _names() -> tuple[dict[str, str], dict[str, str]]:
    """Names to ids, for every installed pack (a lookup by name loads them all)."""
    global _tables
    reg = registry.installed()
    reg.load_all()
    loaded = tuple(reg.loaded.values())
    built, cards, monsters = _tables
    if len(built) == len(loaded) and all(a is b for a, b in zip(built, loaded)):
        return cards, monsters
    cards = {}
    for card_id in sorted(reg.cards):
        spec = reg.cards[card_id]
        for name in (spec.name, *spec.aliases):
            cards.setdefault(slug(name), card_id)
    monsters = {}
    for monster_id in sorted(reg.monsters):
        monsters.setdefault(slug(reg.monsters[monster_id].name), monster_id)
    for table, ids in ((cards, reg.cards), (monsters, reg.monsters)):
        for known in sorted(ids):
            table[slug(known.partition(":")[2])] = known
        for known in sorted(ids):
            table[slug(known)] = known
    _tables = (loaded, cards, monsters)
    return cards, monsters


def _resolve(what: str, names: dict[str, str], exact: object, name: object) -> str:
    field = f"find_{what}(name)"
    if not isinstance(name, str):
        raise ArgumentError(field, f"{what} names are strings, got {name!r}")
    if isinstance(exact, dict) and name in exact:
        return name
    found = names.get(slug(name))
    if found is None:
        import difflib  # only for this message: not worth its import time in ``import kingofny``

        short = sorted({k for k in names if ":" not in k})
        close = difflib.get_close_matches(slug(name), short, n=5)
        # Name the ids the close names stand for (an alias such as "Tesla Canon" is not an id).
        ids = list(dict.fromkeys(names[c].partition(":")[2] or names[c] for c in close))[:3]
        hint = f"; did you mean {', '.join(repr(c) for c in ids)}?" if ids else ""
        raise ArgumentError(field, f"unknown {what} {name!r}{hint}")
    return found


def card_spec(card_id: str, state: GameState | None = None) -> CardSpec:
    """The spec of a card by its exact namespaced id (``"base:stomp"``): the fast lookup for
    effects in play (:func:`find_card` takes any name but loads every installed pack to know
    them all). Given the ``state`` a hook received, the card is looked up in that game's own
    packs (:attr:`~kingofny.GameConfig.content`), as effects should; without one, in the
    installed pack the id names.

    Raises :class:`~kingofny.errors.ArgumentError` if there is no such card.
    """
    if state is not None:
        if not isinstance(state, GameState):
            raise ArgumentError("card_spec(state)", f"expected a GameState, got {state!r}")
        found = content_of(state.config).cards.get(card_id)
        if found is None:
            raise ArgumentError("card_spec(card_id)", f"no card {card_id!r} in this game's packs")
        return found
    try:
        return registry.card(card_id)
    except KeyError:
        raise ArgumentError("card_spec(card_id)", f"no installed card {card_id!r}") from None


def find_card(name: str) -> CardSpec:
    """The spec of a card of an installed pack, given by id (``"base:tesla-cannon"``), short id
    (``"tesla-cannon"``), printed name or alias, in any letter case.

    Raises :class:`~kingofny.errors.ArgumentError` (naming the closest cards) if no installed
    card has that name.
    """
    cards = registry.installed().cards
    return cards[_resolve("card", _names()[0], cards, name)]


def find_monster(name: str) -> MonsterSpec:
    """The spec of a monster of an installed pack, given by id (``"base:kong"``), short id or
    printed name (``"Captain Fish"``), in any letter case.

    Raises :class:`~kingofny.errors.ArgumentError` if no installed monster has that name.
    """
    monsters = registry.installed().monsters
    return monsters[_resolve("monster", _names()[1], monsters, name)]


def card_price(state: GameState, seat: int, card: str) -> int:
    """What ``card`` (id or name) costs the monster in ``seat`` now: its printed cost, 1 Energy
    less in one of its discount boroughs, never below 0 (seed 000, *Card Clarifications*). This
    is the price the Buy step charges.

    Raises :class:`~kingofny.errors.ArgumentError` for an unknown card or seat.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.monsters):
        raise ArgumentError(
            "card_price(seat)", f"no seat {seat!r} in a {len(state.monsters)}-monster game"
        )
    return price(state, seat, find_card(card).id)
