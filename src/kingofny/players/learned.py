"""An evaluation learned from outcomes: a richer feature set, one weight per KEEP card.

:class:`LearnedEvaluation` is an :class:`~kingofny.players.evaluation.Evaluation` whose
:meth:`~LearnedEvaluation.seat_score` is a log-odds of winning fitted by
``bench/fit_evaluation.py --learned`` (a conditional logit of who wins, over the turn starts of
self-play games). Its parts, :data:`LEARNED_FEATURES`:

* ``vp``, ``vp_squared`` (``vp**2 / 20``) and ``vp_close`` (VP above 15): the VP race;
* ``sqrt_life``, ``life`` and ``life_low`` (3 Life or less): Life;
* ``energy`` and ``sqrt_energy``: Energy cubes, the first ones weighing more;
* ``lower``, ``midtown``, ``upper``: 1 in that zone of Manhattan, and ``manhattan_life``, the
  Life of a monster in Manhattan (how long it can stay there);
* ``superstar``, ``statue``: 1 when it holds that goal card;
* ``keep_cards`` and ``keep_cost``: its KEEP cards and their printed costs, for any card;
* ``units_here``: the units in its borough, which fire when it rolls Ouch!;
* ``waiting``: the share of living monsters whose turns come before its own;

plus, for each KEEP card of the base game, a weight for holding it (``card_weights``), on top of
what ``keep_cards`` and ``keep_cost`` give any card. A card of another pack counts by its
printed cost only.

The weights ship in the wheel, read with the standard library only: the bots need no numpy.
:data:`HEURISTIC_WEIGHTS` (``kingofny/players/data/learned-4.json``) were fitted on heuristic
self-play; :data:`SELFPLAY_WEIGHTS` (``selfplay-4.json``) are those refitted on the planner's
self-play, and :data:`MIXED_WEIGHTS` (``mixed-4.json``), the default
(:data:`DEFAULT_WEIGHTS`), those refitted on both kinds of games at once. Give ``weights=`` (a
mapping of feature names) and ``card_weights=``, or a file to
:meth:`LearnedEvaluation.from_file`, to try others.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from pathlib import Path

import attrs

from kingofny.errors import ArgumentError
from kingofny.model.cards import CardKind
from kingofny.model.content import content_of
from kingofny.model.monster import MAX_LIFE, WINNING_VP
from kingofny.model.places import Zone
from kingofny.model.state import GameState
from kingofny.players.evaluation import Evaluation, dot

__all__ = [
    "DEFAULT_WEIGHTS",
    "HEURISTIC_WEIGHTS",
    "LEARNED_FEATURES",
    "MIXED_WEIGHTS",
    "SELFPLAY_WEIGHTS",
    "WEIGHTS_FORMAT",
    "LearnedEvaluation",
    "load_weights",
]

LEARNED_FEATURES: tuple[str, ...] = (
    "vp",
    "vp_squared",
    "vp_close",
    "sqrt_life",
    "life",
    "life_low",
    "energy",
    "sqrt_energy",
    "lower",
    "midtown",
    "upper",
    "manhattan_life",
    "superstar",
    "statue",
    "keep_cards",
    "keep_cost",
    "units_here",
    "waiting",
)
"""The names of :meth:`LearnedEvaluation.features`, in order."""

WEIGHTS_FORMAT = "kingofny/evaluation-weights"
"""The ``format`` field of a weights file."""

HEURISTIC_WEIGHTS = Path(__file__).parent / "data" / "learned-4.json"
"""The first weights shipped with the package, fitted on heuristic self-play of 4 monsters
(``planner:weights=heuristic``)."""
SELFPLAY_WEIGHTS = Path(__file__).parent / "data" / "selfplay-4.json"
""":data:`HEURISTIC_WEIGHTS` refitted on the planner's self-play of 4 monsters, where fights
decide more games and VP fewer (``planner:weights=selfplay``): stronger against MCTS, weaker
against the heuristic."""
MIXED_WEIGHTS = Path(__file__).parent / "data" / "mixed-4.json"
""":data:`HEURISTIC_WEIGHTS` refitted on as many positions of the planner's self-play as of
heuristic self-play, so that neither kind of opponent is forgotten (``planner:weights=mixed``,
the default)."""
DEFAULT_WEIGHTS = MIXED_WEIGHTS
"""The weights of :class:`LearnedEvaluation` and of the planner unless told otherwise."""

_ZONES = (Zone.LOWER, Zone.MIDTOWN, Zone.UPPER)


def load_weights(path: Path | str) -> tuple[dict[str, float], dict[str, float]]:
    """The feature weights and card weights in the JSON file ``path`` (format
    :data:`WEIGHTS_FORMAT`); an :class:`~kingofny.errors.ArgumentError` if it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ArgumentError("weights", f"cannot read {path}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != WEIGHTS_FORMAT:
        raise ArgumentError("weights", f"{path} is not a {WEIGHTS_FORMAT} file")
    features = _number_map(data.get("features"), "features")
    cards = _number_map(data.get("cards", {}), "cards")
    unknown = set(features) - set(LEARNED_FEATURES)
    if unknown:
        raise ArgumentError("weights", f"unknown features {sorted(unknown)} in {path}")
    return features, cards


def _number_map(value: object, field: str) -> dict[str, float]:
    """``value`` as a str-to-float dict; an :class:`~kingofny.errors.ArgumentError` if it is
    not a dict, or a key is not text or a value not a number from -1,000,000 to 1,000,000."""
    if not isinstance(value, dict):
        raise ArgumentError(f"weights.{field}", "expected an object of numbers")
    result: dict[str, float] = {}
    for key, number in value.items():
        if (
            not isinstance(key, str)
            or isinstance(number, bool)
            or not isinstance(number, (int, float))
            or not -1e6 <= number <= 1e6  # NaN and infinities fail; big ints are compared exactly
        ):
            raise ArgumentError(f"weights.{field}", f"bad entry {key!r}: {number!r}")
        result[key] = float(number)
    return result


@functools.cache
def _bundled(path: Path) -> tuple[dict[str, float], dict[str, float]]:
    """The weights of a bundled file, read once per process (callers copy them)."""
    return load_weights(path)


_KEEP_TABLES: dict[int, tuple[Mapping[str, object], dict[str, int]]] = {}
"""The KEEP cards' costs of each content's cards seen, by the identity of its card table."""


def _keep_costs(state: GameState) -> Mapping[str, int]:
    """The printed cost of each KEEP card of the game's content, by id."""
    cards = content_of(state.config).cards
    found = _KEEP_TABLES.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    table = {card_id: spec.cost for card_id, spec in cards.items() if spec.kind is CardKind.KEEP}
    if len(_KEEP_TABLES) > 16:
        _KEEP_TABLES.clear()
    _KEEP_TABLES[id(cards)] = (cards, table)
    return table


def _default_features() -> dict[str, float]:
    return dict(_bundled(DEFAULT_WEIGHTS)[0])


def _default_cards() -> dict[str, float]:
    return dict(_bundled(DEFAULT_WEIGHTS)[1])


@attrs.define(slots=True, kw_only=True)
class LearnedEvaluation(Evaluation):
    """The evaluation fitted on self-play outcomes (see :mod:`kingofny.players.learned`).

    ``weights`` maps names of :data:`LEARNED_FEATURES` to weights (a missing one weighs 0);
    ``card_weights`` maps KEEP card ids to the weight of holding that card. Both default to
    those of :data:`DEFAULT_WEIGHTS`. The inherited weights of :class:`Evaluation` are not
    used.
    """

    weights_by_name: dict[str, float] = attrs.field(factory=_default_features, alias="weights")
    """The weight of each feature, by name."""
    card_weights: dict[str, float] = attrs.field(factory=_default_cards)
    """The weight of holding each KEEP card, by id."""
    _vector: tuple[float, ...] = attrs.field(init=False, default=())

    def __attrs_post_init__(self) -> None:
        self.weights_by_name = _number_map(self.weights_by_name, "features")
        self.card_weights = _number_map(self.card_weights, "cards")
        unknown = set(self.weights_by_name) - set(LEARNED_FEATURES)
        if unknown:
            raise ArgumentError(
                "LearnedEvaluation(weights)", f"unknown features: {', '.join(sorted(unknown))}"
            )
        self._vector = tuple(self.weights_by_name.get(name, 0.0) for name in LEARNED_FEATURES)

    @classmethod
    def from_file(cls, path: Path | str) -> LearnedEvaluation:
        """The evaluation with the weights of the JSON file ``path`` (see :func:`load_weights`;
        the bundled files are read once per process)."""
        known = Path(path).parent == DEFAULT_WEIGHTS.parent  # a file the package ships
        features, cards = _bundled(Path(path)) if known else load_weights(path)
        return cls(weights=features, card_weights=cards)  # both copied on the way in

    def weights(self) -> tuple[float, ...]:
        """The weights of :data:`LEARNED_FEATURES`, in order."""
        return self._vector

    def features(self, state: GameState, seat: int) -> tuple[float, ...]:
        """The features of the living monster in ``seat``, in the order of
        :data:`LEARNED_FEATURES`."""
        me = state.monsters[seat]
        vp = float(min(me.vp, WINNING_VP))
        life = float(max(0, min(me.life, MAX_LIFE + 2)))
        energy = float(max(0, me.energy))
        zone = me.location.zone if me.location is not None else None
        zones = [1.0 if zone is z else 0.0 for z in _ZONES]
        keep = 0
        cost = 0
        costs = _keep_costs(state)
        for card in me.cards:
            price = costs.get(card)
            if price is not None:
                keep += 1
                cost += price
        units = 0
        if me.location is not None:
            units = state.boroughs[me.location.borough].unit_count
        return (
            vp,
            vp * vp / WINNING_VP,
            max(0.0, vp - 15.0),
            math.sqrt(life),
            life,
            1.0 if life <= 3 else 0.0,
            energy,
            math.sqrt(energy),
            *zones,
            life if zone is not None else 0.0,
            1.0 if state.superstar == seat else 0.0,
            1.0 if state.statue == seat else 0.0,
            float(keep),
            float(cost),
            float(units),
            _waiting(state, seat),
        )

    def seat_score(self, state: GameState, seat: int) -> float:
        """The log-odds score of the living monster in ``seat``: its weighted features plus
        the weights of the KEEP cards it holds."""
        score = dot(self._vector, self.features(state, seat))
        cards = self.card_weights
        for card in state.monsters[seat].cards:
            score += cards.get(card, 0.0)
        return score


def _waiting(state: GameState, seat: int) -> float:
    """The share of the living monsters whose turns come before ``seat``'s, counted from the
    turn owner."""
    count = len(state.monsters)
    owner = state.turn.seat
    alive = 0
    ahead = 0
    mine = (seat - owner) % count
    for other, monster in enumerate(state.monsters):
        if not monster.eliminated:
            alive += 1
            if (other - owner) % count < mine:
                ahead += 1
    return ahead / alive if alive else 0.0
