"""The effects of the 64 base cards, written only with the public effect API
(:mod:`kingofny.effects`). One module per group of related cards:

- ``discards``: DISCARD cards that act once when bought (VP, healing, Energy, damage).
- ``turns``: cards that change the flow of turns, the market or movement (extra turns, Subway,
  New York Marathon, Columbia University, Tesla Cannon, Next Stage, Photo Op, Super Speed).
- ``dice``: extra dice, rerolls, added symbols and face conversions.
- ``combat``: attacks, damage, and the Web, Curse and Carapace tokens.
- ``city``: destruction, entering boroughs, goal cards, start-of-turn gains, Power Tap,
  Scavenger.
"""

from __future__ import annotations

from kingofny.content.base.effects import city, combat, dice, discards, turns
from kingofny.effects import Effect


def _merge() -> dict[str, Effect]:
    merged: dict[str, Effect] = {}
    for module in (discards, turns, dice, combat, city):
        for key, effect in module.EFFECTS.items():
            if key in merged:
                raise ValueError(f"two base effects for {key!r}")
            merged[key] = effect
    return merged


EFFECTS: dict[str, Effect] = _merge()
"""Every base effect, by card id, token kind or turn mark."""
