"""What a state waits for: the kind of decision or chance node on top of the agenda, in public
terms.

The agenda's steps (:mod:`kingofny.model.steps`) are the engine's own data; :class:`Pending`
describes the one waiting now so that bots, tests and interfaces need not inspect step classes.
``state.phase`` says where the *turn* is (for example ``RESOLVE`` both while the turn's monster
chooses a face and while a Manhattan monster decides to flee); :attr:`Pending.kind` says what is
asked *now*::

    >>> import kingofny
    >>> state = kingofny.new_game(["kong", "mantis"])  # explicit chance: tiles are revealed first
    >>> kingofny.waiting_for(state)
    Pending(kind=<PendingKind.TILE_REVEAL: 'tile-reveal'>, seat=None, card=None, is_chance=True)
"""

from __future__ import annotations

import enum

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.outcomes import ChanceKind
from kingofny.model.steps import (
    ApplyAttack,
    BeginResolution,
    CardChoice,
    CardRoll,
    ChanceStep,
    ChooseFace,
    ChooseFlee,
    ChooseMove,
    ChooseReroll,
    CloseTurn,
    DecisionStep,
    Destroy,
    EndTurn,
    LeaveManhattan,
    MovePhase,
    Place,
    RevealCard,
    RevealTile,
    RollDice,
    RollOff,
    Shop,
    StartTurn,
    Step,
)


class PendingKind(enum.Enum):
    """The kind of decision or chance node a state waits for."""

    PLACE = "place"
    """Setup: a monster chooses the outer borough it starts in (:class:`~kingofny.PlaceMonster`)."""
    REROLL = "reroll"
    """The turn's monster rerolls some dice or stops rolling."""
    RESOLVE = "resolve"
    """The turn's monster chooses the next face type to resolve (or uses a conversion card)."""
    DESTROY = "destroy"
    """The turn's monster spends Destruction on a building or a unit."""
    FLEE = "flee"
    """A monster damaged in Manhattan decides whether to flee (during the attacker's turn)."""
    MOVE = "move"
    """The Move step: move to another outer borough or stay."""
    LEAVE_MANHATTAN = "leave-manhattan"
    """A monster on Manhattan's 5–6 space must leave for an outer borough of its choice."""
    SHOP = "shop"
    """The Buy step: buy, sweep, use a shop ability, or end buying."""
    CARD_QUESTION = "card-question"
    """A card (or monster ability) asks ``seat`` a question, answered with
    :class:`~kingofny.UseCard` (``card`` names it; plugin questions included)."""
    ROLL_OFF = "roll-off"
    """Chance: the first-player roll; ``seat`` is the contender rolling now."""
    DICE_ROLL = "dice-roll"
    """Chance: the turn's monster rolls (or rerolls) dice."""
    TILE_REVEAL = "tile-reveal"
    """Chance: a building tile is revealed on top of a stack."""
    CARD_REVEAL = "card-reveal"
    """Chance: a card is revealed into the market."""
    CARD_ROLL = "card-roll"
    """Chance: a card makes ``seat`` roll dice (Antimatter Pellets); ``card`` names it."""
    INTERNAL = "internal"
    """An internal step that runs without input. :func:`kingofny.apply` never stops at one; it
    is only seen on a state whose agenda has not been run (one built by hand)."""

    def __str__(self) -> str:
        return self.value


_DECISIONS: dict[type[Step], PendingKind] = {
    Place: PendingKind.PLACE,
    ChooseReroll: PendingKind.REROLL,
    ChooseFace: PendingKind.RESOLVE,
    Destroy: PendingKind.DESTROY,
    ChooseFlee: PendingKind.FLEE,
    ChooseMove: PendingKind.MOVE,
    LeaveManhattan: PendingKind.LEAVE_MANHATTAN,
    Shop: PendingKind.SHOP,
    CardChoice: PendingKind.CARD_QUESTION,
}
_CHANCE: dict[type[Step], PendingKind] = {
    RollOff: PendingKind.ROLL_OFF,
    RollDice: PendingKind.DICE_ROLL,
    RevealTile: PendingKind.TILE_REVEAL,
    RevealCard: PendingKind.CARD_REVEAL,
    CardRoll: PendingKind.CARD_ROLL,
}
_INTERNAL: frozenset[type[Step]] = frozenset(
    {StartTurn, BeginResolution, ApplyAttack, MovePhase, EndTurn, CloseTurn}
)

_CHANCE_KINDS: dict[PendingKind, ChanceKind] = {
    PendingKind.ROLL_OFF: ChanceKind.DICE,
    PendingKind.DICE_ROLL: ChanceKind.DICE,
    PendingKind.CARD_ROLL: ChanceKind.DICE,
    PendingKind.TILE_REVEAL: ChanceKind.TILE,
    PendingKind.CARD_REVEAL: ChanceKind.CARD,
}

STEP_KINDS: dict[type[Step], PendingKind] = {
    **_DECISIONS,
    **_CHANCE,
    **{kind: PendingKind.INTERNAL for kind in _INTERNAL},
}
"""The :class:`PendingKind` of every step type of :data:`~kingofny.model.steps.STEP_TYPES`."""


@attrs.frozen(slots=True, repr=False)
class Pending:
    """What a state waits for now (see :func:`waiting_for`)."""

    __repr__ = fields_repr

    kind: PendingKind
    """The kind of decision or chance node."""
    seat: int | None
    """Who decides (a decision) or rolls (a dice roll, the roll-off, a card roll); None for a
    tile or card reveal, which nobody rolls."""
    card: str | None = None
    """The card (or monster) whose effect asks the question or the roll, else None."""
    is_chance: bool = False
    """Whether the state waits for a chance outcome rather than a decision."""
    step: Step | None = attrs.field(default=None, eq=False, repr=False)
    """The agenda step behind it, for those who need its details (its class is engine data and
    may change between releases)."""

    @property
    def chance_kind(self) -> ChanceKind | None:
        """At a chance node, the kind of chance (dice, a tile or a card), else None."""
        return _CHANCE_KINDS.get(self.kind)

    @property
    def is_decision(self) -> bool:
        """Whether a seat must choose one of :func:`~kingofny.legal_actions` now."""
        return not self.is_chance and self.kind is not PendingKind.INTERNAL

    def __str__(self) -> str:
        who = "" if self.seat is None else f" seat {self.seat}"
        card = "" if self.card is None else f" ({self.card})"
        return f"{self.kind}{who}{card}"


def describe(step: Step, turn_seat: int) -> Pending:
    """The :class:`Pending` description of one agenda step (``turn_seat``: whose turn it is,
    who rolls the turn's dice)."""
    kind = STEP_KINDS.get(type(step))
    if kind is None:
        # A subclass of a known step (not made by the engine, but described as its base).
        kind = next((k for t, k in STEP_KINDS.items() if isinstance(step, t)), PendingKind.INTERNAL)
    card: str | None = None
    seat: int | None = None
    if isinstance(step, CardChoice):
        card = step.card
    if isinstance(step, DecisionStep):
        seat = step.seat
    elif isinstance(step, CardRoll):
        seat, card = step.seat, step.card
    elif isinstance(step, RollDice):
        seat = turn_seat
    elif isinstance(step, RollOff):
        rolled = len(step.attacks)
        seat = step.contenders[rolled] if rolled < len(step.contenders) else None
    elif isinstance(step, StartTurn):
        seat = step.seat
    return Pending(kind, seat, card, isinstance(step, ChanceStep), step)
