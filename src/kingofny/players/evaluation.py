"""The evaluation function the search players share: how good a position is for each seat.

:class:`Evaluation` scores every living monster in *Victory-Point equivalents* (its VP race, its
Life, its place in Manhattan, its Energy and its cards, see :meth:`Evaluation.seat_score`), then
turns the scores into a share of the win for each seat (:meth:`Evaluation.values`): a softmax
with temperature :attr:`Evaluation.temperature`, 0 for an eliminated monster, and the real
result once the game is over. The shares sum to 1, so a search can back them up as the returns
of a multiplayer game (max^n) and a seat's share goes up both when it gains and when a rival
loses.

Every weight is an attribute, and every part is a method: a bot on top of
:class:`~kingofny.MCTSPlayer` or :class:`~kingofny.ExpectimaxPlayer` changes the evaluation by
passing ``evaluation=`` an instance with other weights or a subclass overriding
:meth:`~Evaluation.seat_score`::

    class Hoarder(Evaluation):
        def seat_score(self, state, seat):
            return super().seat_score(state, seat) + 0.2 * state.monsters[seat].energy

    bot = kingofny.MCTSPlayer(seed=1, playouts=100, evaluation=Hoarder())
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping

import attrs

from kingofny.model.cards import CardKind, CardSpec
from kingofny.model.city import ZONE_EARNINGS
from kingofny.model.content import content_of
from kingofny.model.monster import MAX_LIFE, WINNING_VP
from kingofny.model.state import GameState

__all__ = ["FEATURES", "Evaluation"]


def _card_worth(cards: Mapping[str, CardSpec], card_id: str) -> tuple[int, bool]:
    """A card's printed cost and whether it is a KEEP card, from the game's own cards (0 and
    False if the game has no such card)."""
    spec = cards.get(card_id)
    if spec is None:
        return 0, False
    return spec.cost, spec.kind is CardKind.KEEP


FEATURES: tuple[str, ...] = (
    "vp",
    "vp_squared",
    "sqrt_life",
    "life",
    "energy",
    "manhattan",
    "zone_vp",
    "superstar",
    "statue",
    "keep_cards",
    "keep_cost",
    "waiting",
)
"""The names of :meth:`Evaluation.features`, in order; each is also the name of its weight."""
_WEIGHTS_OF = operator.attrgetter(*FEATURES)


def dot(weights: tuple[float, ...], features: tuple[float, ...]) -> float:
    """The sum of the products of ``weights`` and ``features``, pair by pair, in order."""
    total: float = sum(map(operator.mul, weights, features))
    return total


@attrs.define(slots=True, kw_only=True)
class Evaluation:
    """A static evaluation of positions, overridable piece by piece (see the module docstring).

    :meth:`seat_score` of a living monster is the weighted sum of its :meth:`features`:

    * ``vp`` and ``vp_squared`` (``vp**2 / 20``): the VP race, VP near 20 weighing more;
    * ``sqrt_life`` and ``life``: Life, the last points (before elimination) weighing more;
    * ``energy``: Energy cubes;
    * ``manhattan`` (1 in Manhattan) and ``zone_vp`` (the VP its zone pays at its next turn);
    * ``superstar`` and ``statue``: 1 when it holds that goal card;
    * ``keep_cards`` and ``keep_cost``: how many KEEP cards it has, and their printed costs;
    * ``waiting``: how far it is from playing, as the share of the living monsters whose turns
      come before its own, counted from the turn owner (0 for the turn owner).

    The default weights were fitted by ``bench/fit_evaluation.py`` (a conditional logit of who
    wins, over the turn starts of 4,000 heuristic self-play games of 2, 4 and 6 monsters), so
    a score is a log-odds of winning and the default :attr:`temperature` is 1. Set any weight
    at construction, ``Evaluation(energy=0.2)``, or override :meth:`seat_score` or
    :meth:`features`.
    """

    vp: float = 0.127
    """Weight of the VP."""
    vp_squared: float = 0.194
    """Weight of ``vp**2 / 20``."""
    sqrt_life: float = 1.82
    """Weight of ``sqrt(life)``."""
    life: float = -0.177
    """Weight of the Life."""
    energy: float = 0.091
    """Weight of the Energy."""
    manhattan: float = -0.093
    """Weight of standing in Manhattan."""
    zone_vp: float = -0.097
    """Weight of the VP the zone pays at the next turn."""
    superstar: float = 0.64
    """Weight of holding Superstar."""
    statue: float = -0.182
    """Weight of holding the Statue of Liberty (its 3 VP are already in the VP)."""
    keep_cards: float = -0.361
    """Weight per KEEP card."""
    keep_cost: float = 0.128
    """Weight per Energy of the KEEP cards' printed costs."""
    waiting: float = -0.84
    """Weight of the share of living monsters playing before it."""
    temperature: float = 1.0
    """Divides every score before the softmax: above 1 flattens the shares, below 1 sharpens
    them."""

    def features(self, state: GameState, seat: int) -> tuple[float, ...]:
        """The features of the living monster in ``seat``, in the order of :data:`FEATURES`."""
        me = state.monsters[seat]
        vp = float(min(me.vp, WINNING_VP))
        life = max(0, min(me.life, MAX_LIFE + 2))
        where = me.location
        zone_vp = 0.0
        in_manhattan = 0.0
        if where is not None and where.zone is not None:
            in_manhattan = 1.0
            zone_vp = float(ZONE_EARNINGS[where.zone][0])
        keep = 0
        cost = 0
        cards = content_of(state.config).cards
        for card in me.cards:
            price, is_keep = _card_worth(cards, card)
            if is_keep:
                keep += 1
                cost += price
        alive = [s for s, m in enumerate(state.monsters) if not m.eliminated]
        owner = state.turn.seat
        ahead = sum(
            1
            for s in alive
            if (s - owner) % len(state.monsters) < (seat - owner) % len(state.monsters)
        )
        return (
            vp,
            vp * vp / WINNING_VP,
            math.sqrt(life),
            float(life),
            float(me.energy),
            in_manhattan,
            zone_vp,
            1.0 if state.superstar == seat else 0.0,
            1.0 if state.statue == seat else 0.0,
            float(keep),
            float(cost),
            ahead / len(alive) if alive else 0.0,
        )

    def weights(self) -> tuple[float, ...]:
        """The weights of :data:`FEATURES`, in order."""
        weights: tuple[float, ...] = _WEIGHTS_OF(self)
        return weights

    def seat_score(self, state: GameState, seat: int) -> float:
        """The score of the living monster in ``seat``: its :meth:`features` weighted by
        :meth:`weights` (a log-odds of winning with the default weights)."""
        return dot(self.weights(), self.features(state, seat))

    def values(self, state: GameState) -> tuple[float, ...]:
        """Each seat's share of the win, summing to 1: the result of a finished game (winners
        share it; nobody's if nobody won), else a softmax of :meth:`seat_score` over the living
        monsters (0 for an eliminated one). Every share is 0 when every monster is eliminated
        before the turn has ended (the game ends then, and nobody wins)."""
        monsters = state.monsters
        if state.winners is not None:
            won = state.winners
            if not won:
                return (0.0,) * len(monsters)
            share = 1.0 / len(won)
            return tuple(share if seat in won else 0.0 for seat in range(len(monsters)))
        scores = [
            None if m.eliminated else self.seat_score(state, seat)
            for seat, m in enumerate(monsters)
        ]
        top = max((s for s in scores if s is not None), default=0.0)
        t = self.temperature
        weights = [0.0 if s is None else math.exp((s - top) / t) for s in scores]
        total = sum(weights)
        if not total:
            return (0.0,) * len(monsters)
        return tuple(w / total for w in weights)

    def value(self, state: GameState, seat: int) -> float:
        """``seat``'s share of the win in ``state`` (its entry of :meth:`values`)."""
        return self.values(state)[seat]
