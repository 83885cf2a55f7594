"""Chance nodes: listing outcomes with exact probabilities, sampling them, and checking them."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from kingofny._engine import rng as rngmod
from kingofny.model.city import Building
from kingofny.model.dice import Dice, all_rolls
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameState
from kingofny.model.steps import CardRoll, ChanceStep, RevealCard, RevealTile, RollDice, RollOff

if TYPE_CHECKING:
    import random
    from fractions import Fraction

ROLL_OFF_DICE: Final = 8
"""The first-player roll uses the six black and two green dice (seed 000, *How to Play*)."""


def dice_count(step: ChanceStep) -> int:
    """How many dice a dice step rolls."""
    if isinstance(step, (RollDice, CardRoll)):
        return step.count
    return ROLL_OFF_DICE


@functools.cache
def _dice_outcomes(count: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """Every roll of ``count`` dice with its probability (built once per count)."""
    return tuple((DiceRoll(d), d.probability()) for d in all_rolls(count))


@functools.cache
def _dice_index(count: int) -> dict[tuple[int, ...], Outcome]:
    """The outcome objects of :func:`_dice_outcomes` by face counts."""
    return {o.dice.counts: o for o, _ in _dice_outcomes(count) if isinstance(o, DiceRoll)}


@functools.lru_cache(maxsize=512)
def _tile_outcomes(pool: tuple[tuple[Building, int], ...]) -> tuple[tuple[Outcome, Fraction], ...]:
    """The reveals of a face-down pool (the same pools recur across a game and across games)."""
    from fractions import Fraction

    total = sum(c for _, c in pool)
    return tuple((TileDraw(b), Fraction(c, total)) for b, c in pool)


@functools.lru_cache(maxsize=512)
def _card_outcomes(deck: tuple[str, ...]) -> tuple[tuple[Outcome, Fraction], ...]:
    """The reveals of a deck (a sorted multiset)."""
    from fractions import Fraction

    counts = Counter(deck)
    size = len(deck)
    return tuple((CardDraw(card), Fraction(n, size)) for card, n in sorted(counts.items()))


def outcomes(state: GameState, step: ChanceStep) -> tuple[tuple[Outcome, Fraction], ...]:
    """Every outcome of the chance step with its exact probability; empty if nothing can happen."""
    if isinstance(step, (RollDice, RollOff, CardRoll)):
        return _dice_outcomes(dice_count(step))
    if isinstance(step, RevealTile):
        return _tile_outcomes(state.hidden_tiles)
    if isinstance(step, RevealCard):
        return _card_outcomes(state.deck)
    raise TypeError(f"no chance rule for {type(step).__name__}")  # pragma: no cover


def draw(state: GameState, step: ChanceStep, rng: random.Random) -> Outcome:
    """An outcome of ``step`` drawn with ``rng``, with exactly the probabilities
    :func:`outcomes` lists, without building them: each die is a uniform face, a reveal a
    uniform pick among the face-down tiles or the deck's cards (both are multisets)."""
    if isinstance(step, (RollDice, RollOff, CardRoll)):
        counts = [0, 0, 0, 0, 0, 0]
        pick = rng.randrange
        for _ in range(dice_count(step)):
            counts[pick(6)] += 1
        return _dice_index(dice_count(step))[tuple(counts)]
    if isinstance(step, RevealTile):
        index = rng.randrange(sum(c for _, c in state.hidden_tiles))
        for building, count in state.hidden_tiles:
            if index < count:
                return _tile_draw(building)
            index -= count
        raise AssertionError("tile pool count mismatch")  # pragma: no cover
    if isinstance(step, RevealCard):
        return _card_draw(state.deck[rng.randrange(len(state.deck))])
    raise TypeError(f"no chance rule for {type(step).__name__}")  # pragma: no cover


@functools.lru_cache(maxsize=256)
def _tile_draw(building: Building) -> Outcome:
    return TileDraw(building)


@functools.lru_cache(maxsize=512)
def _card_draw(card: str) -> Outcome:
    return CardDraw(card)


def has_outcomes(state: GameState, step: ChanceStep) -> bool:
    """Whether the step can happen at all (a reveal needs something to reveal)."""
    if isinstance(step, RevealTile):
        return bool(state.hidden_tiles)
    if isinstance(step, RevealCard):
        return bool(state.deck)
    return True


def check(state: GameState, step: ChanceStep, outcome: Outcome) -> str | None:
    """Why ``outcome`` cannot happen at ``step``, or None if it can."""
    if isinstance(step, (RollDice, RollOff, CardRoll)):
        if not isinstance(outcome, DiceRoll):
            return f"expected a dice roll, got {outcome}"
        n = dice_count(step)
        if outcome.dice.total != n:
            return f"expected {n} dice, got {outcome.dice.total} ({outcome.dice})"
        return None
    if isinstance(step, RevealTile):
        if not isinstance(outcome, TileDraw):
            return f"expected a tile reveal, got {outcome}"
        if not any(b == outcome.building for b, _ in state.hidden_tiles):
            return f"no face-down {outcome.building} is left"
        return None
    if isinstance(step, RevealCard):
        if not isinstance(outcome, CardDraw):
            return f"expected a card reveal, got {outcome}"
        if outcome.card not in state.deck:
            return f"{outcome.card} is not in the deck"
        return None
    return f"no chance rule for {type(step).__name__}"  # pragma: no cover


def _sample_dice(state: GameState, step: ChanceStep, gen: int) -> tuple[Outcome, int]:
    gen, counts = rngmod.roll_counts(gen, dice_count(step))
    return DiceRoll(Dice.of_counts(counts)), gen


def _sample_tile(state: GameState, step: ChanceStep, gen: int) -> tuple[Outcome, int]:
    total = sum(c for _, c in state.hidden_tiles)
    gen, pick = rngmod.below(gen, total)
    for building, count in state.hidden_tiles:
        if pick < count:
            return _tile_draw(building), gen
        pick -= count
    raise AssertionError("tile pool count mismatch")  # pragma: no cover


def _sample_card(state: GameState, step: ChanceStep, gen: int) -> tuple[Outcome, int]:
    gen, pick = rngmod.below(gen, len(state.deck))
    return _card_draw(state.deck[pick]), gen


_SAMPLERS: Final[
    dict[type[ChanceStep], Callable[[GameState, ChanceStep, int], tuple[Outcome, int]]]
] = {
    RollDice: _sample_dice,
    RollOff: _sample_dice,
    CardRoll: _sample_dice,
    RevealTile: _sample_tile,
    RevealCard: _sample_card,
}


def sample(state: GameState, step: ChanceStep, gen: int) -> tuple[Outcome, int]:
    """Draw an outcome with the generator state ``gen``: (outcome, new generator state).

    The distribution is exactly the one :func:`outcomes` lists.
    """
    return _SAMPLERS[type(step)](state, step, gen)
