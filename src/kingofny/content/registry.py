"""Lookup of the cards and monsters of the content packs in play."""

from __future__ import annotations

import functools

from kingofny.content.base.cards import CARDS
from kingofny.content.base.monsters import MONSTERS
from kingofny.model.cards import CardSpec
from kingofny.model.monster import MonsterSpec


@functools.lru_cache(maxsize=1)
def _cards() -> dict[str, CardSpec]:
    return {c.id: c for c in CARDS}


@functools.lru_cache(maxsize=1)
def _monsters() -> dict[str, MonsterSpec]:
    return {m.id: m for m in MONSTERS}


def card(card_id: str) -> CardSpec:
    """The spec of a card in play; KeyError if unknown."""
    return _cards()[card_id]


def has_card(card_id: str) -> bool:
    """Whether a card id is known."""
    return card_id in _cards()


def monster(monster_id: str) -> MonsterSpec:
    """The spec of a monster; KeyError if unknown."""
    return _monsters()[monster_id]


def all_monsters() -> tuple[MonsterSpec, ...]:
    """Every known monster, in pack order."""
    return tuple(_monsters().values())


def deck_cards() -> tuple[str, ...]:
    """The ids of every card that forms the deck, sorted."""
    return tuple(sorted(_cards()))
