"""The planner: exact dice expectimax and short lookaheads, both scored by a learned evaluation.

:class:`PlannerPlayer` plans its own turn, and answers the other monsters' attacks, like this:

* **Rerolls:** the exact expectimax of :class:`~kingofny.ExpectimaxPlayer` over the rest of its
  rolling, every final result resolved to the end of the turn and scored by
  :class:`~kingofny.players.learned.LearnedEvaluation` (fitted on self-play outcomes) instead of
  the hand-set :class:`~kingofny.players.evaluation.Evaluation`.
* **Every other decision with a choice** (where to go, whether to flee Manhattan, what to buy,
  what to destroy, the order of faces, card questions and card uses): each option (at most
  :attr:`~PlannerPlayer.width` of them, the policy's choice first) is applied and played on to
  the end of the current turn ``playouts`` times by the policy (by default
  :class:`~kingofny.HeuristicPlayer`), and the learned evaluation scores where it ends. The
  ``k``-th playout of every option draws chance from the same seed (common random numbers), so
  options are compared on the same dice and the same cards.

It takes the option with the best mean, the policy's choice on a tie. ``playouts`` makes it
deterministic for a given seed; ``ms`` stops the lookahead on the clock instead (both: whichever
comes first). The exact dice phase is not cut short by ``ms``: it costs around 100 ms of CPU
at the first reroll of a turn with six dice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from kingofny import apply, legal_actions, observe, sample_outcome
from kingofny.errors import ArgumentError, IllegalActionError
from kingofny.model.actions import Action, Reroll
from kingofny.model.pending import PendingKind
from kingofny.model.state import GameState
from kingofny.players.base import Player
from kingofny.players.evaluation import Evaluation
from kingofny.players.expectimax import (
    ExpectimaxPlayer,
    _check_helpers,
    _count_option,
    _number_option,
    _shown,
)
from kingofny.players.learned import (
    DEFAULT_WEIGHTS,
    HEURISTIC_WEIGHTS,
    MIXED_WEIGHTS,
    SELFPLAY_WEIGHTS,
    LearnedEvaluation,
)

__all__ = ["PlannerPlayer"]

MAX_PLAYOUTS = 10**6
"""The most ``playouts`` per option :class:`PlannerPlayer` takes."""
MAX_MS = 7 * 24 * 3600 * 1000
"""The longest ``ms`` :class:`PlannerPlayer` takes: a week, in milliseconds."""
MAX_TURN_STEPS = 2000
"""Steps after which a lookahead stops (a safety net: a turn takes a few dozen)."""
HORIZONS = ("turn", "own", "round")
"""The ends a lookahead may have (see :attr:`PlannerPlayer.horizon`)."""
WEIGHTS = {"mixed": MIXED_WEIGHTS, "heuristic": HEURISTIC_WEIGHTS, "selfplay": SELFPLAY_WEIGHTS}
"""The bundled weights :class:`PlannerPlayer` may score with, by the name its ``weights``
option takes."""
DEFAULT_WEIGHTS_NAME = next(name for name, path in WEIGHTS.items() if path == DEFAULT_WEIGHTS)
"""The name in :data:`WEIGHTS` of :data:`~kingofny.players.learned.DEFAULT_WEIGHTS`."""
_SEED_BITS = 63


class PlannerPlayer:
    """Exact dice expectimax and end-of-turn lookaheads, scored by a learned evaluation (see
    :mod:`kingofny.players.planner`).

    ``playouts`` is how many times each option of a decision is played to the end of the turn
    (an int from 1 to :data:`MAX_PLAYOUTS`; default 6); ``ms``, if given, a time limit in
    milliseconds on those lookaheads per decision (with ``ms`` alone, playouts are unlimited).
    ``width`` is how many options of one decision are looked at (the policy's choice and the
    next ones in the engine's order; default 8). ``evaluation`` defaults to
    :class:`~kingofny.players.learned.LearnedEvaluation` with the bundled weights that
    ``weights`` names in :data:`WEIGHTS`: ``"mixed"``, the default
    (:data:`~kingofny.players.learned.MIXED_WEIGHTS`, fitted on the planner's and the
    heuristic's self-play alike), ``"heuristic"``
    (:data:`~kingofny.players.learned.HEURISTIC_WEIGHTS`, the first fit, on the heuristic's
    self-play) or ``"selfplay"`` (:data:`~kingofny.players.learned.SELFPLAY_WEIGHTS`, refitted
    on the planner's self-play: stronger against MCTS, weaker against the heuristic).
    ``policy`` defaults to :class:`~kingofny.HeuristicPlayer` with the same seed. A bad value
    is an :class:`~kingofny.errors.ArgumentError`. ``seed`` seeds the generator of the chance
    drawn inside the search: the same seed and ``playouts`` give the same choices. The bot reads
    only the views it is given.
    """

    name = "planner"
    """The label used by the runner and the command line."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int | None = None,
        ms: float | None = None,
        width: int = 8,
        horizon: str = "turn",
        weights: str = DEFAULT_WEIGHTS_NAME,
        evaluation: Evaluation | None = None,
        policy: Player | None = None,
    ) -> None:
        if playouts is None and ms is None:
            playouts = 6
        if playouts is not None:
            playouts = _count_option("PlannerPlayer(playouts)", playouts, MAX_PLAYOUTS)
        if ms is not None:
            ms = _number_option("PlannerPlayer(ms)", ms, MAX_MS, zero=False)
        width = _count_option("PlannerPlayer(width)", width, 1000)
        if horizon not in HORIZONS:
            raise ArgumentError(
                "PlannerPlayer(horizon)",
                f"expected one of {', '.join(HORIZONS)}, got {_shown(horizon)}",
            )
        if not isinstance(weights, str) or weights not in WEIGHTS:  # a list is not hashable
            raise ArgumentError(
                "PlannerPlayer(weights)",
                f"expected one of {', '.join(WEIGHTS)}, got {_shown(weights)}",
            )
        if evaluation is not None and weights != DEFAULT_WEIGHTS_NAME:
            raise ArgumentError("PlannerPlayer(weights)", "give weights or evaluation, not both")
        _check_helpers("PlannerPlayer", evaluation, policy)
        self.playouts = playouts
        """Lookahead playouts per option (None: as many as ``ms`` allows)."""
        self.ms = ms
        """The time limit of one decision's lookaheads in milliseconds, or None."""
        self.width = width
        """How many options of one decision are looked at."""
        self.horizon = horizon
        """Where a lookahead ends: ``"turn"``, the end of the current turn; ``"own"``, the end
        of the decider's own turn (its next one, for a decision taken in another monster's
        turn, such as fleeing Manhattan); ``"round"``, once every living monster has played a
        turn from the current one on (as :class:`~kingofny.MCTSPlayer`'s playouts do), so the
        other monsters answer what was chosen."""
        if evaluation is None:
            evaluation = LearnedEvaluation.from_file(WEIGHTS[weights])
        self.weights = weights
        """The name of the bundled weights in :data:`WEIGHTS` (``"mixed"``, the default, when
        an ``evaluation`` is given)."""
        self.evaluation: Evaluation = evaluation
        """The evaluation scoring the end of each lookahead and each dice result."""
        if policy is None:
            from kingofny.players.heuristic import HeuristicPlayer

            policy = HeuristicPlayer(seed)
        self.policy = policy
        """The player whose choices order the options and play the lookaheads."""
        self.dice = ExpectimaxPlayer(seed, evaluation=self.evaluation, policy=policy)
        """The exact dice expectimax used at reroll decisions."""
        self.last_playouts = 0
        """Lookahead playouts (over all options) of the last decision."""
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        budget = [f"playouts={self.playouts}"] if self.playouts is not None else []
        if self.ms is not None:
            budget.append(f"ms={self.ms:g}")
        return (
            f"PlannerPlayer({', '.join(budget)}, width={self.width}, horizon={self.horizon!r}, "
            f"weights={self.weights!r})"
        )

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The bot's pick among ``legal``; always one of them."""
        if not legal:
            raise IllegalActionError("no legal action to choose from")
        self.last_playouts = 0
        view = observe(view)  # a view already; a full state loses its seed here
        seat = view.current_player
        if seat is None or len(legal) == 1:
            return legal[0]
        pending = view.waiting_for
        if (
            pending is not None
            and pending.kind is PendingKind.REROLL
            and any(isinstance(a, Reroll) for a in legal)
        ):
            return self.dice.choose(view, legal)
        return self.lookahead(view, seat, legal)

    def lookahead(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """The option of ``legal`` whose playouts to the end of the turn score best for
        ``seat`` on average (the policy's choice on a tie)."""
        first = self.policy.choose(view, legal)
        options = [first] if first in legal else []
        options += [a for a in legal if a != first][: self.width - len(options)]
        if len(options) == 1:
            return options[0]
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        totals = [0.0] * len(options)
        done = 0
        while self.playouts is None or done < self.playouts:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            seed = self._rng.getrandbits(_SEED_BITS)
            for i, action in enumerate(options):
                totals[i] += self._playout(view, seat, action, seed)
            done += 1
            self.last_playouts += len(options)
        best = 0
        for i in range(1, len(options)):
            if totals[i] > totals[best] + 1e-9:
                best = i
        return options[best]

    def _playout(self, view: GameState, seat: int, action: Action, seed: int) -> float:
        """``seat``'s evaluation after ``action`` and play to the end of the turn, chance drawn
        from ``seed``."""
        rng = random.Random(seed)
        number = view.turn.number
        if self.horizon == "own" and view.turn.seat != seat:
            number = -1  # play on until the decider's own turn has been played
        end = number + len(view.alive_seats) if self.horizon == "round" else None
        state = apply(view, action)
        policy = self.policy
        for _ in range(MAX_TURN_STEPS):
            turn = state.turn
            if state.is_terminal or state.monsters[seat].eliminated:
                break
            if end is not None:
                # the round is over back at the seat that was playing, or after as many turns
                # as there were living monsters (that seat may have been eliminated)
                over = turn.number > number and (turn.seat == view.turn.seat or turn.number >= end)
            else:
                if number < 0 and turn.seat == seat:
                    number = turn.number
                over = number >= 0 and turn.number != number
            if over:
                break
            if state.is_chance:
                state = apply(state, sample_outcome(state, rng))
            else:
                state = apply(state, policy.choose(state, legal_actions(state)))
        return self.evaluation.value(state, seat)
