"""Lookup of the cards and monsters of the installed content packs.

The registry is loaded once, on first use, from the ``kingofny.content`` entry points
(:mod:`kingofny.plugins`). Ids are namespaced, so one table serves every game whatever its packs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from kingofny.effects.api import Effect
from kingofny.model.cards import CardSpec
from kingofny.model.monster import MonsterSpec
from kingofny.plugins import Registry, load_installed


@functools.cache
def installed() -> Registry:
    """The registry of installed packs (loaded once)."""
    return load_installed()


def card(card_id: str) -> CardSpec:
    """The spec of a card; KeyError if no installed pack declares it."""
    return installed().cards[card_id]


def effect(key: str) -> Effect | None:
    """The effect of a card, monster, token kind or mark, if it has one."""
    return installed().effects.get(key)


def has_card(card_id: str) -> bool:
    """Whether a card id is known."""
    return card_id in installed().cards


def monster(monster_id: str) -> MonsterSpec:
    """The spec of a monster; KeyError if no installed pack declares it."""
    return installed().monsters[monster_id]


def monsters_of(packs: Sequence[str]) -> tuple[MonsterSpec, ...]:
    """The monsters of these packs, in pack order then declaration order."""
    reg = installed()
    return tuple(m for name in packs for m in reg.pack(name).monsters)


def deck_cards(packs: Sequence[str] = ("base",)) -> tuple[str, ...]:
    """The ids of the cards these packs put in the deck, sorted (the deck is a multiset)."""
    reg = installed()
    return tuple(sorted(c.id for name in packs for c in reg.pack(name).cards))


def all_monsters() -> tuple[MonsterSpec, ...]:
    """Every installed monster."""
    return tuple(installed().monsters.values())
