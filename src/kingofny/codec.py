"""Integer ids for actions and chance outcomes: fixed spaces for search and reinforcement
learning (the OpenSpiel, PettingZoo and Gymnasium conventions), in pure Python.

:class:`ActionCodec` numbers every action the rules can ever offer in a game of the given
content packs, the same for 2 to 6 monsters: the placements, every reroll of 1 to 8 dice (as a
multiset), stopping, the six face types, every destruction target, the moves, the purchases, and
each card use the packs' effects declare (:meth:`~kingofny.effects.api.Effect.option_space`,
never guessed from play). :class:`OutcomeCodec` does the same for chance outcomes: every roll
of 1 to 8 dice, every building tile and every card of the packs. Both are immutable, and their
``fingerprint`` (a hash of the ordered vocabulary) changes whenever an id would move::

    >>> from kingofny.codec import ActionCodec
    >>> import kingofny
    >>> codec = ActionCodec()
    >>> state = kingofny.new_game(4, seed=1)
    >>> ids = codec.legal_ids(state)
    >>> codec.decode(state, ids[0]) == kingofny.legal_actions(state)[0]
    True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction

from kingofny.content import registry
from kingofny.content.options import option_space
from kingofny.engine.core import chance_outcomes, legal_actions
from kingofny.errors import ArgumentError, IllegalActionError
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UseCard,
)
from kingofny.model.city import BASE_TILES, OUTER_BOROUGHS, STACKS_PER_BOROUGH, Borough, UnitKind
from kingofny.model.dice import Face, all_rolls
from kingofny.model.invariants import MAX_DICE
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import MARKET_SIZE, GameState

__all__ = ["CODEC_VERSION", "ActionCodec", "OutcomeCodec"]

CODEC_VERSION = 1
"""The version of the numbering: it changes whenever the ids of an existing vocabulary move."""


def _fingerprint(words: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


def _packs(packs: Sequence[str]) -> tuple[str, ...]:
    if isinstance(packs, str) or not all(isinstance(p, str) for p in packs) or not packs:
        raise ArgumentError("packs", f"expected a sequence of pack names, got {packs!r}")
    return tuple(packs)


class ActionCodec:
    """Every action of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Sequence[str] = ("base",)) -> None:
        self.packs = _packs(packs)
        """The content packs whose games this codec numbers."""
        engine: list[Action] = [PlaceMonster(b) for b in OUTER_BOROUGHS]
        engine.extend(Reroll(d) for n in range(1, MAX_DICE + 1) for d in all_rolls(n))
        engine.append(StopRolling())
        engine.extend(ResolveFace(f) for f in Face)
        engine.extend(DestroyBuilding(b, s) for b in Borough for s in range(STACKS_PER_BOROUGH))
        engine.extend(DestroyUnit(b, u) for b in Borough for u in UnitKind)
        engine.extend(Flee(b) for b in OUTER_BOROUGHS)
        engine.append(StayInManhattan())
        engine.extend(MoveTo(b) for b in OUTER_BOROUGHS)
        engine.append(StayPut())
        engine.extend(Buy(slot) for slot in range(MARKET_SIZE))
        engine.extend((Sweep(), EndBuying(), Pass()))
        uses = [
            UseCard(key, option)
            for key, options in option_space(self.packs).items()
            for option in options
        ]
        self._actions: tuple[Action, ...] = (*engine, *uses)
        self._ids = {action: i for i, action in enumerate(self._actions)}
        self._words = tuple(str(a) for a in self._actions)
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *self._words))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""

    @property
    def size(self) -> int:
        """How many ids there are (the same for 2 to 6 monsters)."""
        return len(self._actions)

    def encode(self, action: Action) -> int:
        """The id of ``action``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(action)
        if found is None:
            raise ArgumentError("ActionCodec.encode(action)", f"no id for {action!r}")
        return found

    def action(self, action_id: int) -> Action:
        """The action numbered ``action_id``, whether legal now or not."""
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise ArgumentError("action_id", f"expected an int, got {action_id!r}")
        if not 0 <= action_id < len(self._actions):
            raise ArgumentError("action_id", f"ids are 0 to {len(self._actions) - 1}")
        return self._actions[action_id]

    def decode(self, state: GameState, action_id: int) -> Action:
        """The action numbered ``action_id``, which must be legal in ``state``
        (:class:`~kingofny.errors.IllegalActionError` otherwise)."""
        action = self.action(action_id)
        if action not in legal_actions(state):
            raise IllegalActionError(f"id {action_id} ({action}) is not legal now")
        return action

    def describe(self, action_id: int) -> str:
        """What the id stands for, in words (``"reroll AAD"``)."""
        self.action(action_id)
        return self._words[action_id]

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The ids of the legal actions of ``state``, sorted (empty at a chance node)."""
        ids = self._ids
        return tuple(sorted(ids[a] for a in legal_actions(state)))

    def mask(self, state: GameState) -> list[int]:
        """1 for each legal id, 0 elsewhere: a list of length :attr:`size`."""
        mask = [0] * len(self._actions)
        for i in self.legal_ids(state):
            mask[i] = 1
        return mask


class OutcomeCodec:
    """Every chance outcome of games of ``packs``, numbered from 0 in a fixed order."""

    def __init__(self, packs: Sequence[str] = ("base",)) -> None:
        self.packs = _packs(packs)
        """The content packs whose games this codec numbers."""
        reg = registry.installed()
        cards = sorted({c.id for name in self.packs for c in reg.pack(name).cards})
        outcomes: list[Outcome] = [
            DiceRoll(d) for n in range(1, MAX_DICE + 1) for d in all_rolls(n)
        ]
        outcomes.extend(TileDraw(b) for b, _ in BASE_TILES)
        outcomes.extend(CardDraw(c) for c in cards)
        self._outcomes: tuple[Outcome, ...] = tuple(outcomes)
        self._ids = {o: i for i, o in enumerate(self._outcomes)}
        self.fingerprint = _fingerprint((f"v{CODEC_VERSION}", *(str(o) for o in self._outcomes)))
        """A hash of the ordered vocabulary: equal fingerprints, equal ids."""

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self._outcomes)

    def encode(self, outcome: Outcome) -> int:
        """The id of ``outcome``; :class:`~kingofny.errors.ArgumentError` if it has none."""
        found = self._ids.get(outcome)
        if found is None:
            raise ArgumentError("OutcomeCodec.encode(outcome)", f"no id for {outcome!r}")
        return found

    def decode(self, outcome_id: int) -> Outcome:
        """The outcome numbered ``outcome_id``."""
        if isinstance(outcome_id, bool) or not isinstance(outcome_id, int):
            raise ArgumentError("outcome_id", f"expected an int, got {outcome_id!r}")
        if not 0 <= outcome_id < len(self._outcomes):
            raise ArgumentError("outcome_id", f"ids are 0 to {len(self._outcomes) - 1}")
        return self._outcomes[outcome_id]

    def outcomes(self, state: GameState) -> list[tuple[int, Fraction]]:
        """The chance outcomes of ``state`` as (id, exact probability), by id (empty at a
        decision)."""
        ids = self._ids
        return sorted((ids[o], p) for o, p in chance_outcomes(state))
