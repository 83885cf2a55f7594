"""Exact expectimax over the dice phase, with the shared evaluation at the resolved result.

At a reroll decision the bot solves the rest of its rolling exactly. Dice are interchangeable,
so a position of the dice phase is the multiset showing and the rerolls left; a reroll is the
choice of a multiset to *keep*, and rolling ``m`` dice has ``C(m + 5, 5)`` outcomes with exact
multinomial probabilities. Working backwards:

* every possible final result ``d`` (462 multisets for six dice) is **resolved through the
  engine**: the position with ``d`` showing stops rolling, and the turn is played out to its
  end (the bot's policy chooses the order of faces, the targets of Destruction, the others'
  flee decisions, the move and the cards bought; chance drawn with the bot's generator), where
  the :class:`~kingofny.players.evaluation.Evaluation` scores it: ``V(d)``;
* with ``r`` rerolls left and ``d`` showing, the value is the best of stopping (``V(d)``) and
  keeping any sub-multiset ``K`` of ``d``: ``Q_r(K)``, the probability-weighted value of
  ``K`` plus each roll of the other dice with ``r - 1`` rerolls left.

The bot takes the legal reroll (or stop) with the highest value. Every other decision is the
policy's (by default :class:`~kingofny.HeuristicPlayer`), except card questions and card uses,
which are chosen one-ply: each option is applied, chance is sampled, and the evaluation picks.

**Cost.** The leaves are resolved once per turn (``C(n + 5, 5)`` engine resolutions for ``n``
dice: 462 for six, 792 for seven, 1,287 for eight) and kept for the turn's second reroll
decision; the backward induction adds about ``C(2n + 5, n)`` multiply-adds (12,376 for six
dice). That is around 100 ms of CPU for the first reroll decision of a turn with six dice (a
few hundred with seven or eight), a few ms for the second, and almost nothing for the other
decisions: under 30 ms per decision on average over a game (see *Strong play* in the
documentation for the measured figures).
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections.abc import Sequence
from math import factorial

import attrs

from kingofny import apply, legal_actions, observe, sample_outcome
from kingofny.errors import ArgumentError, IllegalActionError
from kingofny.model.actions import Action, Reroll, StopRolling, UseCard
from kingofny.model.dice import Dice
from kingofny.model.pending import PendingKind
from kingofny.model.state import GameState
from kingofny.players.base import Player
from kingofny.players.evaluation import Evaluation

__all__ = ["ExpectimaxPlayer", "dice_values"]

Counts = tuple[int, ...]
"""A multiset of faces as six counts (see :attr:`kingofny.Dice.counts`)."""

_STOP = StopRolling()
_EMPTY = Dice.of_counts((0,) * 6)
MAX_SETTLE = 200
"""Steps after which a settling playout gives up (a safety net; resolutions take a few)."""
MAX_SAMPLES = 100_000
"""The most chance draws :class:`ExpectimaxPlayer` averages per option of a one-ply choice."""


def _count_option(field: str, value: object, high: int) -> int:
    """``value`` if it is an int (not a bool) from 1 to ``high``; else an
    :class:`~kingofny.errors.ArgumentError` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise ArgumentError(field, f"expected an int from 1 to {high:,}, got {_shown(value)}")
    return value


def _number_option(field: str, value: object, high: float, *, zero: bool = True) -> float:
    """``value`` as a float if it is an int or a float (not a bool), finite, at most ``high``
    and at least 0 (above 0 if not ``zero``); else an :class:`~kingofny.errors.ArgumentError`
    naming ``field``. Ints of any size are compared exactly, never converted first."""
    low = "at least 0" if zero else "above 0"
    top = f"{int(high):,}" if high == int(high) else f"{high:g}"
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not (value >= 0 if zero else value > 0)
        or not value <= high  # NaN fails every comparison, inf this one
    ):
        raise ArgumentError(
            field, f"expected a finite number {low} and at most {top}, got {_shown(value)}"
        )
    return float(value)


def _check_helpers(owner: str, evaluation: object, policy: object) -> None:
    """An :class:`~kingofny.errors.ArgumentError` unless ``evaluation`` is None or has the
    ``value`` and ``values`` methods of :class:`Evaluation`, and ``policy`` is None or a
    :class:`~kingofny.players.base.Player` (text from a spec, such as ``policy=heuristic``,
    is neither)."""
    if evaluation is not None and not all(
        callable(getattr(evaluation, method, None)) for method in ("value", "values")
    ):
        raise ArgumentError(
            f"{owner}(evaluation)",
            f"expected an Evaluation (with value() and values()), got {_shown(evaluation)}",
        )
    if policy is not None and not isinstance(policy, Player):
        raise ArgumentError(
            f"{owner}(policy)", f"expected a player (with choose()), got {_shown(policy)}"
        )


def _shown(value: object) -> str:
    """``repr(value)``, cut short (an int may have thousands of digits)."""
    if isinstance(value, int) and abs(value) >= 10**40:
        return "an int of over 40 digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@functools.cache
def _rolls(m: int) -> tuple[tuple[Counts, float], ...]:
    """Every roll of ``m`` dice as (counts, probability)."""

    def compositions(remaining: int, slots: int) -> list[Counts]:
        if slots == 1:
            return [(remaining,)]
        return [
            (first, *rest)
            for first in range(remaining, -1, -1)
            for rest in compositions(remaining - first, slots - 1)
        ]

    result = []
    for counts in compositions(m, 6):
        ways = factorial(m)
        for c in counts:
            ways //= factorial(c)
        result.append((counts, ways / 6**m))
    return tuple(result)


@functools.lru_cache(maxsize=4096)
def _subsets(counts: Counts) -> tuple[Counts, ...]:
    """Every sub-multiset of ``counts``, itself and the empty one included."""
    return tuple(itertools.product(*(range(c + 1) for c in counts)))


def _plus(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _minus(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


class _Layout:
    """Index tables of the dice phase of ``n`` dice, so that the backward induction runs over
    lists: every multiset of at most ``n`` dice has an index; the results (multisets of ``n``)
    are numbered in the order of :func:`_rolls`."""

    def __init__(self, n: int) -> None:
        results = [counts for counts, _ in _rolls(n)]
        self.results = results
        """The final results, in the order of ``_rolls(n)``."""
        result_at = {counts: i for i, counts in enumerate(results)}
        kept = sorted({sub for counts in results for sub in _subsets(counts)}, key=sum)
        self.index = {counts: i for i, counts in enumerate(kept)}
        """The index of every multiset of at most ``n`` dice."""
        self.stop: list[int | None] = [result_at.get(counts) for counts in kept]
        """For a multiset of ``n`` dice (keeping all: stopping), its result's number."""
        self.rolls: list[tuple[tuple[int, ...], tuple[float, ...]]] = []
        """For each smaller multiset: the results of rolling the other dice and their
        probabilities, in the order of ``_rolls``."""
        for counts in kept:
            outcomes = _rolls(n - sum(counts)) if sum(counts) < n else ()
            self.rolls.append(
                (
                    tuple(result_at[_plus(counts, roll)] for roll, _ in outcomes),
                    tuple(p for _, p in outcomes),
                )
            )
        self.subsets = [tuple(self.index[sub] for sub in _subsets(c)) for c in results]
        """For each result, the indices of the multisets one may keep from it."""

    def keep_value(self, index: int, leaves: list[float], best: list[float]) -> float:
        """The value of keeping the multiset ``index``, given the value of every result with one
        reroll fewer left (``best``) and of stopping on it (``leaves``)."""
        stop = self.stop[index]
        if stop is not None:
            return leaves[stop]
        outcomes, chances = self.rolls[index]
        value: float = sum(map(operator.mul, chances, map(best.__getitem__, outcomes)))
        return value

    def keep_values(self, leaves: list[float], best: list[float]) -> list[float]:
        """:meth:`keep_value` of every multiset, by index."""
        return [self.keep_value(i, leaves, best) for i in range(len(self.stop))]

    def best_values(self, keep: list[float]) -> list[float]:
        """The value of each result showing: the best multiset to keep from it."""
        return [max(map(keep.__getitem__, subsets)) for subsets in self.subsets]


@functools.cache
def _layout(n: int) -> _Layout:
    return _Layout(n)


def dice_values(leaves: dict[Counts, float], dice: Dice, rerolls_left: int) -> dict[Counts, float]:
    """The exact value of keeping each sub-multiset of ``dice`` (as counts) with
    ``rerolls_left`` rerolls left, given the value of every final result of as many dice
    (``leaves``, by counts): keeping all is stopping, worth ``leaves[dice]``."""
    layout = _layout(dice.total)
    results = [leaves[counts] for counts in layout.results]
    best = results  # with no reroll left, a result is worth stopping on it
    for _ in range(rerolls_left - 1):
        best = layout.best_values(layout.keep_values(results, best))
    return {
        kept: layout.keep_value(layout.index[kept], results, best) for kept in _subsets(dice.counts)
    }


class ExpectimaxPlayer:
    """Exact expectimax over its dice phase; the policy (and one-ply for card questions) for
    the rest. See :mod:`kingofny.players.expectimax` for the method and its cost.

    ``evaluation`` scores resolved positions (default :class:`Evaluation`); ``policy`` takes the
    other decisions and plays out the resolutions (default :class:`~kingofny.HeuristicPlayer`
    with the same seed); ``samples`` is how many chance draws a one-ply choice averages (an
    int from 1 to :data:`MAX_SAMPLES`). A value of the wrong type or out of range (such as
    ``samples=0``, or text for ``policy``) is an :class:`~kingofny.errors.ArgumentError`.
    ``seed`` seeds the generator that draws chance inside the search, so the same seed gives the
    same choices. The bot reads only the views it is given.
    """

    name = "expectimax"
    """The label used by the runner and the command line."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        evaluation: Evaluation | None = None,
        policy: Player | None = None,
        samples: int = 4,
    ) -> None:
        samples = _count_option("ExpectimaxPlayer(samples)", samples, MAX_SAMPLES)
        _check_helpers("ExpectimaxPlayer", evaluation, policy)
        self.evaluation = evaluation if evaluation is not None else Evaluation()
        """The evaluation of resolved positions."""
        if policy is None:
            from kingofny.players.heuristic import HeuristicPlayer

            policy = HeuristicPlayer(seed)
        self.policy = policy
        """The player taking the decisions that are not searched."""
        self.samples = samples
        """Chance draws averaged per option of a one-ply choice."""
        self.leaves_resolved = 0
        """Final dice results resolved through the engine so far (a measure of work)."""
        self._rng = random.Random(seed)
        self._table: tuple[GameState, dict[Counts, float]] | None = None

    def __repr__(self) -> str:
        return f"ExpectimaxPlayer(samples={self.samples})"

    # -- dispatch -------------------------------------------------------------------------------

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The bot's pick among ``legal``; always one of them."""
        if not legal:
            raise IllegalActionError("no legal action to choose from")
        view = observe(view)  # a view already; a full state loses its seed here
        seat = view.current_player
        if seat is None or len(legal) == 1:
            return legal[0]
        pending = view.waiting_for
        kind = pending.kind if pending is not None else None
        if kind is PendingKind.CARD_QUESTION:
            return self.one_ply(view, seat, legal)
        if kind is PendingKind.REROLL and any(isinstance(a, Reroll) for a in legal):
            choice = self._dice(view, seat, legal)
        else:
            choice = self.policy.choose(view, legal)
            if choice not in legal:
                choice = legal[0]
        uses = [a for a in legal if isinstance(a, UseCard)]
        if uses and not isinstance(choice, UseCard):
            return self.one_ply(view, seat, [choice, *uses])
        return choice

    # -- the dice phase -------------------------------------------------------------------------

    def leaf_values(self, view: GameState, seat: int) -> dict[Counts, float]:
        """The evaluation of every final result of the dice showing in ``view``, resolved
        through the engine (cached for the turn)."""
        key = attrs.evolve(view, turn=attrs.evolve(view.turn, dice=_EMPTY, rerolls_left=0))
        if self._table is not None and self._table[0] == key:
            return self._table[1]
        rng = random.Random(self._rng.getrandbits(64))
        leaves: dict[Counts, float] = {}
        base_turn = view.turn
        for counts, _ in _rolls(base_turn.dice.total):
            showing = attrs.evolve(view, turn=attrs.evolve(base_turn, dice=Dice.of_counts(counts)))
            leaves[counts] = self.resolved_value(showing, seat, rng)
        self.leaves_resolved += len(leaves)
        self._table = (key, leaves)
        return leaves

    def pending_leaves(self, view: GameState) -> int:
        """How many final results :meth:`leaf_values` would resolve for ``view`` now: 0 when
        the table of this turn's dice is kept already (a measure of the cost to come)."""
        key = attrs.evolve(view, turn=attrs.evolve(view.turn, dice=_EMPTY, rerolls_left=0))
        if self._table is not None and self._table[0] == key:
            return 0
        return len(_rolls(view.turn.dice.total))

    def resolved_value(self, showing: GameState, seat: int, rng: random.Random) -> float:
        """The evaluation for ``seat`` of stopping with the dice ``showing`` shows, once the
        turn is played to its end (the policy deciding, chance drawn with ``rng``)."""
        try:
            state = apply(showing, _STOP)
        except IllegalActionError:  # a card forbids stopping: no better guess than now
            return self.evaluation.value(showing, seat)
        number = showing.turn.number
        for _ in range(MAX_SETTLE):
            if state.is_terminal or state.turn.number != number:
                break
            if state.is_chance:
                state = apply(state, sample_outcome(state, rng))
            else:
                state = apply(state, self.policy.choose(state, legal_actions(state)))
        return self.evaluation.value(state, seat)

    def reroll_values(self, view: GameState, seat: int) -> dict[Action, float]:
        """The exact expected evaluation of stopping and of every reroll, for the dice showing
        in ``view`` (the legality of each is not checked)."""
        dice = view.turn.dice
        values = dice_values(self.leaf_values(view, seat), dice, view.turn.rerolls_left)
        result: dict[Action, float] = {}
        for kept, value in values.items():
            rolled = _minus(dice.counts, kept)
            result[Reroll(Dice.of_counts(rolled)) if any(rolled) else _STOP] = value
        return result

    def _dice(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action:
        values = self.reroll_values(view, seat)
        best: tuple[float, Action] | None = None
        for action in legal:
            value = values.get(action)
            if value is not None and (best is None or value > best[0] + 1e-12):
                best = (value, action)
        return best[1] if best is not None else legal[0]

    # -- one-ply --------------------------------------------------------------------------------

    def one_ply(self, view: GameState, seat: int, options: Sequence[Action]) -> Action:
        """The option whose result, chance sampled :attr:`samples` times up to the next
        decision, the evaluation likes best for ``seat`` (ties: the first)."""
        best: tuple[float, Action] | None = None
        for action in options:
            total = 0.0
            after = apply(view, action)
            for _ in range(self.samples if after.is_chance else 1):
                state = after
                for _ in range(MAX_SETTLE):
                    if not state.is_chance:
                        break
                    state = apply(state, sample_outcome(state, self._rng))
                total += self.evaluation.value(state, seat)
            value = total / (self.samples if after.is_chance else 1)
            if best is None or value > best[0] + 1e-12:
                best = (value, action)
        assert best is not None
        return best[1]
