"""Keyed chance streams: common random numbers for paired games (issue 22 §1).

A seeded game draws its chance from one generator, in order: the tenth roll of the game is the
tenth draw, whoever makes it. Two games that differ in a single decision then part ways at the
next roll, and a comparison of two bots over independent games needs many games to see through
the dice.

With keyed streams every draw comes from its own generator, keyed by *what* is drawn rather than
by how many draws came before, and mixed with the game's seed:

==================  ===========================================================================
Chance              Key
==================  ===========================================================================
a turn's roll       (the roller's seat, how many turns that seat has begun before this one,
                    which roll of the turn: 0 the first, 1 the first reroll, ...)
a card's roll       (the turn's seat, that seat's turn count, which card roll of the turn)
the first-player    which roll-off of the set-up (a tie rolls again), and how many
roll                contenders have rolled in it
a tile              (borough, stack, how many tiles that stack has revealed)
a card              the deck is shuffled once per seed: each card of the deck gets a rank from
                    the seed, and a reveal takes the remaining card of lowest rank (when the
                    discard pile becomes the deck, it is shuffled anew, also from the seed)
==================  ===========================================================================

So two games with the same seed see the same dice on the same monster's turn and roll wherever
their decisions allow, the same tiles under the same stacks and the same order of cards, even
after they part ways. The dice are drawn one by one from the key's generator, so a roll of
seven dice shows the six faces a roll of six would, plus one. Every draw has exactly the
probabilities of :func:`kingofny.chance_outcomes`.

The streams sit in the runner, not in the engine: :func:`kingofny.play_game` and
:func:`kingofny.simulate` with ``chance="keyed"`` play an explicit-chance game and apply the
keyed outcomes. The engine's seeded mode and its saves are unchanged, and the record of a keyed
game lists every outcome, so it replays exactly anywhere (:func:`kingofny.replay`) without
knowing how the outcomes were drawn.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Final, Literal, cast

from kingofny._engine import rng as rngmod
from kingofny._engine.chance import dice_count
from kingofny.errors import ArgumentError
from kingofny.model.dice import Dice
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameState
from kingofny.model.steps import CardRoll, ChanceStep, RevealCard, RevealTile, RollDice, RollOff

__all__ = ["CHANCE_STREAMS", "ChanceStreams", "KeyedChance"]

ChanceStreams = Literal["sequential", "keyed"]
"""How a runner draws chance: ``"sequential"`` (the engine's seeded generator, in order) or
``"keyed"`` (:class:`KeyedChance`)."""
CHANCE_STREAMS: Final[tuple[str, ...]] = ("sequential", "keyed")
"""The values of :data:`ChanceStreams`."""

_DICE: Final = 1
_CARD_ROLL: Final = 2
_ROLL_OFF: Final = 3
_TILE: Final = 4
_CARD: Final = 5


def check_chance(where: str, chance: object) -> ChanceStreams:
    """``chance`` if it names a :data:`ChanceStreams`; ArgumentError naming ``where`` else."""
    if chance in CHANCE_STREAMS:
        return cast(ChanceStreams, chance)
    raise ArgumentError(where, f"expected 'sequential' or 'keyed', got {chance!r}")


def _mix(state: int, value: int) -> int:
    """Fold a 64-bit ``value`` into a generator state (one splitmix64 finalisation)."""
    return rngmod._finalise(((state ^ value) + rngmod._GAMMA) & rngmod._MASK)


@functools.lru_cache(maxsize=1024)
def _text_key(text: str) -> int:
    """A 64-bit key for a string, the same in every process and Python version."""
    state = 0
    data = text.encode()
    for start in range(0, len(data), 8):
        state = _mix(state, int.from_bytes(data[start : start + 8], "little"))
    return _mix(state, len(data))


class KeyedChance:
    """The keyed chance of one game (see the module's documentation): :meth:`draw` gives the
    outcome of the chance node a state waits at. Feed it the game's chance nodes in order (it
    counts turns, rolls and reveals as it goes)."""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ArgumentError("KeyedChance(seed)", f"expected an int, got {seed!r}")
        self._base = rngmod.seed_state(seed)
        self._turn = -1
        self._turns_of: dict[int, int] = {}
        self._rolls = 0
        self._card_rolls = 0
        self._roll_offs = 0
        self._reveals: dict[tuple[int, int], int] = {}
        self._shuffles = 0
        self._order: dict[str, list[int]] = {}
        self._samplers: dict[type[ChanceStep], Callable[[GameState, ChanceStep], Outcome]] = {
            RollDice: self._turn_roll,
            CardRoll: self._card_roll,
            RollOff: self._roll_off,
            RevealTile: self._tile,
            RevealCard: self._card,
        }

    def draw(self, state: GameState) -> Outcome:
        """The outcome of the chance node ``state`` waits at (it must wait at one)."""
        if not isinstance(state, GameState):
            raise ArgumentError("KeyedChance.draw(state)", f"expected a GameState, got {state!r}")
        step = state.next_step
        sampler = self._samplers.get(type(step)) if isinstance(step, ChanceStep) else None
        if sampler is None or not isinstance(step, ChanceStep) or state.current_player is not None:
            raise ArgumentError("KeyedChance.draw(state)", "the state waits for no chance outcome")
        if state.turn.number != self._turn:
            self._turn = state.turn.number
            if self._turn > 0:  # the set-up (turn 0) is nobody's turn
                self._turns_of[state.turn.seat] = self._turns_of.get(state.turn.seat, -1) + 1
            self._rolls = self._card_rolls = 0
        return sampler(state, step)

    # -- the samplers ---------------------------------------------------------------------------

    def _stream(self, *key: int) -> int:
        state = self._base
        for part in key:
            state = _mix(state, part & rngmod._MASK)
        return state

    def _dice(self, count: int, *key: int) -> Outcome:
        _, counts = rngmod.roll_counts(self._stream(*key), count)
        return DiceRoll(Dice.of_counts(counts))

    def _turn_roll(self, state: GameState, step: ChanceStep) -> Outcome:
        seat = state.turn.seat
        roll = self._rolls
        self._rolls += 1
        return self._dice(dice_count(step), _DICE, seat, self._turns_of.get(seat, 0), roll)

    def _card_roll(self, state: GameState, step: ChanceStep) -> Outcome:
        seat = state.turn.seat
        roll = self._card_rolls
        self._card_rolls += 1
        return self._dice(dice_count(step), _CARD_ROLL, seat, self._turns_of.get(seat, 0), roll)

    def _roll_off(self, state: GameState, step: ChanceStep) -> Outcome:
        assert isinstance(step, RollOff)
        if not step.attacks:  # the first contender of a roll-off: a new one begins
            self._roll_offs += 1
        return self._dice(dice_count(step), _ROLL_OFF, self._roll_offs, len(step.attacks))

    def _tile(self, state: GameState, step: ChanceStep) -> Outcome:
        assert isinstance(step, RevealTile)
        where = (int(step.borough), step.stack)
        depth = self._reveals.get(where, 0)
        self._reveals[where] = depth + 1
        total = sum(count for _, count in state.hidden_tiles)
        _, pick = rngmod.below(self._stream(_TILE, *where, depth), total)
        for building, count in state.hidden_tiles:
            if pick < count:
                return TileDraw(building)
            pick -= count
        raise AssertionError("tile pool count mismatch")  # pragma: no cover

    def _card(self, state: GameState, step: ChanceStep) -> Outcome:
        counts = Counter(state.deck)
        if {card: len(ranks) for card, ranks in self._order.items() if ranks} != counts:
            # The first reveal, or the deck changed other than by reveals (the discard pile
            # shuffled back in): a new shuffle of the cards it holds now.
            self._shuffles += 1
            self._order = {
                card: sorted(
                    self._stream(_CARD, self._shuffles, _text_key(card), copy) for copy in range(n)
                )
                for card, n in counts.items()
            }
        # Copies of a card leave in the order of their ranks, so the next one has the lowest.
        card = min(counts, key=lambda c: self._order[c][0])
        self._order[card].pop(0)
        return CardDraw(card)
