"""Monte Carlo tree search over the real engine, with sampled chance and truncated rollouts.

Each *playout* (iteration) of :class:`MCTSPlayer`:

1. **Determinises** the view: :func:`kingofny.reseed` with a seed the bot draws from its own
   generator, so the engine draws every chance outcome of the playout itself (the real game's
   seed is never seen). At the root, the ``k``-th visit of every action uses the ``k``-th seed:
   the actions are compared on the same dice (common random numbers).
2. **Selects** down the tree with UCB1 (constant ``c``). The tree holds the searching seat's
   own decisions, keyed by the position (a transposition table, so after a dice roll each
   different result is its own node); the other seats' decisions are the policy's. Each node
   considers only its first ``ceil(widening * sqrt(visits + 1))`` actions in prior order
   (progressive widening): the policy's choice first, then the others in the engine's order.
   At a reroll decision at the root the prior is the exact dice expectimax of
   :class:`~kingofny.ExpectimaxPlayer`, and only its best ``reroll_candidates`` rerolls (keep
   multisets) are searched: the fan-out of up to 96 rerolls shrinks to a handful of keeps.
3. **Expands** one new node and **rolls out** with the policy (by default
   :class:`~kingofny.HeuristicPlayer`) until the **end of the round**: once as many turns have
   begun as monsters were alive, so every rival has answered the decision once.
4. **Scores** the last position with the :class:`~kingofny.players.evaluation.Evaluation`
   (every seat's share of the win) and **backs up** the vector: each node adds the share of
   the seat deciding there (max^n for a multiplayer game).

The action played is the prior's first choice unless another root action beats it *on the same
seeds*: its mean paired gain (visit ``k`` of each used seed ``k``) must exceed ``confidence``
standard errors; the largest such gain wins. The search thus overrules its prior only on
evidence, which matters at small budgets, where the noise of a few dozen playouts is larger
than most differences between actions. With ``playouts=`` the search is deterministic for a
given seed; ``ms=`` stops on the clock instead (both: whichever comes first).

**Time management** (with ``ms=``): ``ms`` is the *average* per decision. The first reroll
decision of a turn, where the whole turn's dice are at stake, gets :data:`FIRST_REROLL_SHARE`
times the budget; a decision between two actions (stay or flee, a yes-or-no card question) gets
:data:`FORCED_SHARE` times it; the others once. The difference is kept in a time bank, spent or
repaid half at a time over the next decisions, so the mean stays at ``ms`` (a decision gets
between :data:`MIN_SHARE` and :data:`MAX_SHARE` times ``ms``). The clock includes
the dice prior; the search stops at its deadline even before its first playout (then the
prior's choice is played), and at a reroll decision whose dice table is predicted (from the
cost per result measured so far) to take longer than the allowance, the prior is the policy's
instead of the exact dice expectimax. ``manage_time=False`` gives every decision ``ms``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from kingofny import apply, legal_actions, observe, reseed
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

__all__ = ["MCTSPlayer"]

MAX_PLAYOUT_STEPS = 2000
"""Decisions after which a playout stops (a safety net; a round takes a few dozen)."""
_SEED_BITS = 63
MAX_PLAYOUTS = 10**9
"""The most ``playouts`` (and ``reroll_candidates``) :class:`MCTSPlayer` takes: far more than a
decision can use (days of search), yet no endless one."""
MAX_MS = 7 * 24 * 3600 * 1000
"""The longest ``ms`` :class:`MCTSPlayer` takes: a week, in milliseconds."""
FIRST_REROLL_SHARE = 2.0
"""With ``ms=`` and time management: the budget of the first reroll decision of a turn, in
multiples of ``ms``."""
FORCED_SHARE = 0.5
"""With ``ms=`` and time management: the budget of a decision between two actions."""
MIN_SHARE = 0.25
"""The least a decision gets while the time bank repays a debt, in multiples of ``ms``."""
MAX_BANK = 4.0
"""The most the time bank holds, saved or owed, in multiples of ``ms``."""
MAX_SHARE = 3.0
"""The most a decision gets, whatever is banked, in multiples of ``ms``."""
MAX_FACTOR = 1e6
"""The largest ``c``, ``widening`` and ``confidence`` :class:`MCTSPlayer` takes (far past the
point where each makes no difference any more: values are shares of the win, in [0, 1])."""


class _Node:
    """A decision of the searching seat: its actions in prior order and their statistics."""

    __slots__ = ("order", "seat", "stats", "visits")

    def __init__(self, seat: int, order: Sequence[Action]) -> None:
        self.seat = seat
        self.order = tuple(order)
        self.visits = 0
        self.stats: dict[Action, list[float]] = {}

    def select(self, c: float, widening: float) -> Action:
        """UCB1 over the actions progressive widening allows now; untried ones first."""
        allowed = min(len(self.order), max(1, math.ceil(widening * math.sqrt(self.visits + 1))))
        best: Action | None = None
        best_score = -math.inf
        log_n = math.log(self.visits + 1)
        for action in self.order[:allowed]:
            stat = self.stats.get(action)
            if stat is None:
                return action
            n, total = stat
            score = total / n + c * math.sqrt(log_n / n)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best

    def update(self, action: Action, value: float) -> None:
        """Count one playout through ``action`` worth ``value`` to this node's seat."""
        self.visits += 1
        stat = self.stats.get(action)
        if stat is None:
            self.stats[action] = [1.0, value]
        else:
            stat[0] += 1.0
            stat[1] += value


class MCTSPlayer:
    """UCT over the real engine with sampled chance and truncated rollouts: see
    :mod:`kingofny.players.mcts` for the method.

    Budget: ``playouts`` iterations per decision (deterministic for a given ``seed``), or
    ``ms`` milliseconds of search per decision, or both (whichever ends first); with neither,
    200 playouts. ``c`` is the UCB1 exploration constant (values are shares of the win, in
    [0, 1]); ``widening`` scales progressive widening; ``reroll_candidates`` caps the rerolls
    searched at the root; ``confidence`` is how many standard errors of a paired comparison
    (the same seeds) an action must win by over the prior's choice to be played instead;
    ``dice_prior=False`` drops the dice expectimax prior (cheaper, weaker); with ``ms``,
    ``manage_time`` (default True) shares the budget out by the weight of each decision (see
    *Time management* in :mod:`kingofny.players.mcts`), and False gives each decision ``ms``.
    ``evaluation`` scores the positions where rollouts stop (default :class:`Evaluation`);
    ``policy`` plays the rollouts and the other seats (default
    :class:`~kingofny.HeuristicPlayer` with the same seed).

    Budgets are finite: ``playouts`` an int from 1 to :data:`MAX_PLAYOUTS`, ``ms`` a number
    above 0 and at most :data:`MAX_MS` (a week); ``c``, ``widening`` and ``confidence`` are
    finite numbers from 0 to :data:`MAX_FACTOR`, ``reroll_candidates`` an int from 1 to
    :data:`MAX_PLAYOUTS`, ``dice_prior`` a bool, and ``evaluation`` and ``policy`` objects with
    the methods of an :class:`Evaluation` and of a player. Anything else (a bool for a number,
    ``nan``, ``inf``, text) is an :class:`~kingofny.errors.ArgumentError` naming the parameter.

    A decision with a single legal action is returned at once, without searching. The clock of
    ``ms`` includes the prior at reroll decisions, and a search past its deadline plays the
    prior's choice without a playout.
    """

    name = "mcts"
    """The label used by the runner and the command line."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int | None = None,
        ms: float | None = None,
        c: float = 0.35,
        widening: float = 1.0,
        reroll_candidates: int = 4,
        confidence: float = 1.0,
        dice_prior: bool = True,
        manage_time: bool = True,
        evaluation: Evaluation | None = None,
        policy: Player | None = None,
    ) -> None:
        if playouts is not None:
            playouts = _count_option("MCTSPlayer(playouts)", playouts, MAX_PLAYOUTS)
        if ms is not None:
            _number_option("MCTSPlayer(ms)", ms, MAX_MS, zero=False)
        c = _number_option("MCTSPlayer(c)", c, MAX_FACTOR)
        widening = _number_option("MCTSPlayer(widening)", widening, MAX_FACTOR)
        confidence = _number_option("MCTSPlayer(confidence)", confidence, MAX_FACTOR)
        reroll_candidates = _count_option(
            "MCTSPlayer(reroll_candidates)", reroll_candidates, MAX_PLAYOUTS
        )
        for field, flag in (("dice_prior", dice_prior), ("manage_time", manage_time)):
            if not isinstance(flag, bool):
                raise ArgumentError(
                    f"MCTSPlayer({field})", f"expected True or False, got {_shown(flag)}"
                )
        _check_helpers("MCTSPlayer", evaluation, policy)
        self.playouts = playouts if playouts is not None or ms is not None else 200
        """Playouts per decision, or None to search by the clock only."""
        self.ms = ms
        """Milliseconds of search per decision, or None to count playouts only."""
        self.c = c
        """The UCB1 exploration constant."""
        self.widening = widening
        """Progressive widening: a node searches ``ceil(widening * sqrt(visits + 1))`` actions."""
        self.reroll_candidates = reroll_candidates
        """Rerolls (keep multisets) searched at a reroll decision at the root."""
        self.dice_prior = dice_prior
        """Whether reroll decisions at the root take the dice expectimax as their prior (else
        the policy's, like every other decision: cheaper, and weaker)."""
        self.confidence = confidence
        """Standard errors by which a root action must beat the prior's choice, on the same
        seeds, to be played instead (0: any gain)."""
        self.evaluation = evaluation if evaluation is not None else Evaluation()
        """The evaluation of the positions where playouts stop."""
        if policy is None:
            from kingofny.players.heuristic import HeuristicPlayer

            policy = HeuristicPlayer(seed)
        self.policy = policy
        """The rollout policy, also playing the other seats inside the search."""
        self.dice = ExpectimaxPlayer(seed, evaluation=self.evaluation, policy=policy)
        """The exact dice expectimax giving the prior at reroll decisions."""
        self.manage_time = manage_time
        """With ``ms``: whether decisions get shares of the budget by their weight, with a time
        bank (see the module's documentation), rather than ``ms`` each."""
        self.last_playouts = 0
        """Playouts of the last decision (0 if it needed no search)."""
        self.last_allowance_ms: float | None = None
        """With ``ms``: the milliseconds the last decision was allowed (None without ``ms``)."""
        self.time_bank_ms = 0.0
        """With ``ms`` and time management: milliseconds saved (above 0) or owed (below 0)."""
        self._leaf_ms: float | None = None
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"MCTSPlayer(playouts={self.playouts}, ms={self.ms}, c={self.c}, "
            f"widening={self.widening}, reroll_candidates={self.reroll_candidates}, "
            f"confidence={self.confidence}, dice_prior={self.dice_prior}, "
            f"manage_time={self.manage_time})"
        )

    # -- the search -----------------------------------------------------------------------------

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The searched pick among ``legal``; always one of them."""
        if not legal:
            raise IllegalActionError("no legal action to choose from")
        view = observe(view)  # a view already; a full state loses its seed here
        seat = view.current_player
        self.last_playouts = 0
        if seat is None or len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        allowance = self.allowance(view, legal)
        self.last_allowance_ms = allowance
        try:
            return self._search(view, seat, legal, started, allowance)
        finally:
            if self.ms is not None and self.manage_time:
                spent = 1000.0 * (time.perf_counter() - started)
                bank = self.time_bank_ms + self.ms - spent
                self.time_bank_ms = max(-MAX_BANK * self.ms, min(MAX_BANK * self.ms, bank))

    def allowance(self, view: GameState, legal: Sequence[Action]) -> float | None:
        """The milliseconds a decision among ``legal`` in ``view`` gets now (None without
        ``ms``): see *Time management* in the module's documentation."""
        if self.ms is None:
            return None
        if not self.manage_time:
            return self.ms
        pending = view.waiting_for
        if (
            pending is not None
            and pending.kind is PendingKind.REROLL
            and (view.turn.rerolls_left >= 2)
        ):
            share = FIRST_REROLL_SHARE
        elif len(legal) <= 2:
            share = FORCED_SHARE
        else:
            share = 1.0
        target = self.ms * share + self.time_bank_ms / 2
        if self.time_bank_ms > 0 and share < 1.0:
            target = self.ms * share  # a forced-looking decision saves, whatever is banked
        return min(MAX_SHARE * self.ms, max(MIN_SHARE * self.ms, target))

    def _search(
        self,
        view: GameState,
        seat: int,
        legal: Sequence[Action],
        started: float,
        allowance: float | None,
    ) -> Action:
        order = self.root_order(view, seat, legal, allowance)
        if len(order) == 1:
            return order[0]
        root = _Node(seat, order)
        nodes: dict[GameState, _Node] = {}
        seeds: list[int] = []
        samples: dict[Action, list[float]] = {}
        horizon = view.turn.number + len(view.alive_seats)
        deadline = None if allowance is None else started + allowance / 1000.0
        done = 0
        while True:
            if self.playouts is not None and done >= self.playouts:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            action = root.select(self.c, self.widening)
            visit = int(root.stats[action][0]) if action in root.stats else 0
            while len(seeds) <= visit:
                seeds.append(self._rng.getrandbits(_SEED_BITS))
            values = self._playout(view, action, seeds[visit], root, nodes, horizon)
            samples.setdefault(action, []).append(values[seat])
            done += 1
        self.last_playouts = done
        return self._best(root, samples)

    def root_order(
        self,
        view: GameState,
        seat: int,
        legal: Sequence[Action],
        allowance: float | None = None,
    ) -> list[Action]:
        """The root's actions in prior order: at a reroll decision, the best
        ``reroll_candidates`` by exact dice expectimax (other legal actions, such as card uses,
        after them); elsewhere the policy's choice, then the rest. With an ``allowance`` (ms),
        a dice table predicted to take longer is not built: the policy's order instead."""
        pending = view.waiting_for
        if self.dice_prior and pending is not None and pending.kind is PendingKind.REROLL:
            leaves = self.dice.pending_leaves(view)
            if (
                allowance is not None
                and leaves
                and self._leaf_ms is not None
                and leaves * self._leaf_ms > allowance
            ):
                return self._prior(view, legal)
            began = time.perf_counter()
            values = self.dice.reroll_values(view, seat)
            if leaves:
                per_leaf = 1000.0 * (time.perf_counter() - began) / leaves
                known = self._leaf_ms
                self._leaf_ms = per_leaf if known is None else 0.7 * known + 0.3 * per_leaf
            dice_options = [a for a in legal if a in values]
            if dice_options:
                ranked = sorted(dice_options, key=lambda a: -values[a])
                others = [a for a in legal if a not in values and not isinstance(a, Reroll)]
                return ranked[: self.reroll_candidates] + others
        return self._prior(view, legal)

    def _prior(self, state: GameState, legal: Sequence[Action]) -> list[Action]:
        first = self.policy.choose(state, legal)
        if first not in legal:
            first = legal[0]
        return [first, *(a for a in legal if a != first)]

    def _playout(
        self,
        view: GameState,
        action: Action,
        seed: int,
        root: _Node,
        nodes: dict[GameState, _Node],
        horizon: int,
    ) -> tuple[float, ...]:
        """One iteration from the root through ``action``; returns the values backed up."""
        seat = root.seat
        path: list[tuple[_Node, Action]] = [(root, action)]
        state = apply(reseed(view, seed), action)
        in_tree = True
        policy = self.policy
        for _ in range(MAX_PLAYOUT_STEPS):
            if state.winners is not None or state.turn.number >= horizon:
                break
            legal = legal_actions(state)
            decider = state.current_player
            if in_tree and decider == seat and len(legal) > 1:
                key = observe(state)
                node = nodes.get(key)
                if node is None:
                    node = _Node(seat, self._prior(state, legal))
                    nodes[key] = node
                    in_tree = False  # expand one node per playout
                choice = node.select(self.c, self.widening)
                path.append((node, choice))
            else:
                choice = policy.choose(state, legal) if len(legal) > 1 else legal[0]
                if choice not in legal:
                    choice = legal[0]
            state = apply(state, choice)
        values = self.evaluation.values(state)
        for node, taken in path:
            node.update(taken, values[node.seat])
        return values

    def _best(self, root: _Node, samples: dict[Action, list[float]]) -> Action:
        """The prior's choice, unless another root action beats it on the same seeds: its mean
        paired gain over the prior's choice (visit ``k`` of each used seed ``k``) exceeds
        ``confidence`` standard errors. The largest such gain wins."""
        default = root.order[0]
        base = samples.get(default, [])
        best, best_gain = default, 0.0
        for action in root.order[1:]:
            mine = samples.get(action)
            n = min(len(mine or ()), len(base))
            if mine is None or n < 2:
                continue
            diffs = [mine[k] - base[k] for k in range(n)]
            gain = sum(diffs) / n
            spread = sum((d - gain) ** 2 for d in diffs) / (n - 1)
            if gain > self.confidence * math.sqrt(spread / n) and gain > best_gain:
                best, best_gain = action, gain
        return best
