"""Random games with the whole base deck in play (issue: all 64 cards; DESIGN *Effects*)."""

from __future__ import annotations

from kingofny.content.base import manifest
from kingofny.testing import check_content_pack

GAMES = 60
SEED = 3
"""A seed whose games buy every card (half the games are played by shoppers, see
:func:`kingofny.testing.check_content_pack`); if a rule change leaves a card unbought, raise
GAMES or pick another seed."""


def test_random_games_with_every_card_keep_every_invariant_and_buy_every_card() -> None:
    """Components §1: all 64 cards are in the deck. Random games (2 to 6 monsters) keep every
    invariant with the whole deck in play, and every card gets bought at least once, so every
    card's effect runs in them."""
    pack = manifest()
    report = check_content_pack(pack, games=GAMES, seed=SEED)
    never = sorted({card.id for card in pack.cards} - set(report.cards_bought))
    assert not never, f"never bought in {GAMES} games: {never}"
