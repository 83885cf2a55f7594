"""Agenda steps: the pending work of a game, as frozen data.

A :class:`~kingofny.model.state.GameState` carries a stack of steps (its *agenda*). The engine
runs internal steps until the top one needs a decision (a :class:`DecisionStep`, whose ``seat``
decides) or a chance outcome (a :class:`ChanceStep`). What each step does lives in
:mod:`kingofny._engine`; here they are only data, which is why any position, mid-attack included,
can be saved, searched and replayed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

import attrs

from kingofny.model._repr import fields_repr
from kingofny.model.city import Borough
from kingofny.model.outcomes import ChanceKind


class Phase(enum.Enum):
    """The part of the game a step belongs to (the rulebook's turn summary)."""

    SETUP = "setup"
    START = "start"
    ROLL = "roll"
    RESOLVE = "resolve"
    MOVE = "move"
    BUY = "buy"
    END = "end"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@attrs.frozen(slots=True, repr=False)
class Step:
    """Base class of every agenda step."""

    __repr__ = fields_repr

    KIND: ClassVar[str] = "step"
    """The tag that names this step in JSON."""
    PHASE: ClassVar[Phase] = Phase.SETUP
    """The phase the step belongs to."""
    CONTEXTUAL: ClassVar[bool] = False
    """Whether the step can happen in any phase (a reveal, a card's question): its phase is then
    that of the step below it."""


@attrs.frozen(slots=True, repr=False)
class DecisionStep(Step):
    """A step that waits for the monster in ``seat`` to choose an action."""

    seat: int
    """Who decides."""


@attrs.frozen(slots=True, repr=False)
class ChanceStep(Step):
    """A step that waits for a chance outcome."""

    CHANCE_KIND: ClassVar[ChanceKind] = ChanceKind.DICE
    """The kind of chance it draws (which :attr:`GameConfig.manual
    <kingofny.GameConfig.manual>` may leave to the caller)."""


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    """Plain ints (an IntEnum such as a Borough becomes its value), so steps stay JSON data."""
    return tuple(int(v) for v in values)


# --- chance steps -----------------------------------------------------------------------------


@attrs.frozen(slots=True, repr=False)
class RevealTile(ChanceStep):
    """Reveal the building now on top of a stack."""

    KIND: ClassVar[str] = "reveal-tile"
    CHANCE_KIND: ClassVar[ChanceKind] = ChanceKind.TILE
    CONTEXTUAL: ClassVar[bool] = True
    borough: Borough
    """The borough of the stack."""
    stack: int
    """The index of the stack."""


@attrs.frozen(slots=True, repr=False)
class RevealCard(ChanceStep):
    """Reveal a card from the deck into an empty market slot."""

    KIND: ClassVar[str] = "reveal-card"
    CHANCE_KIND: ClassVar[ChanceKind] = ChanceKind.CARD
    CONTEXTUAL: ClassVar[bool] = True
    slot: int
    """The market slot to fill."""


@attrs.frozen(slots=True, repr=False)
class RollOff(ChanceStep):
    """The first-player roll: each contender rolls all eight dice; most Attack goes first."""

    KIND: ClassVar[str] = "roll-off"
    contenders: tuple[int, ...]
    """The seats rolling, in seat order."""
    attacks: tuple[int, ...] = ()
    """Attack results of the contenders who have rolled so far."""


@attrs.frozen(slots=True, repr=False)
class RollDice(ChanceStep):
    """The turn's monster rolls ``count`` dice; they join the dice it kept."""

    KIND: ClassVar[str] = "roll"
    PHASE: ClassVar[Phase] = Phase.ROLL
    count: int
    """How many dice are rolled."""


@attrs.frozen(slots=True, repr=False)
class CardRoll(ChanceStep):
    """A card makes ``seat`` roll ``count`` dice; the card's effect reads the result."""

    KIND: ClassVar[str] = "card-roll"
    CONTEXTUAL: ClassVar[bool] = True
    PHASE: ClassVar[Phase] = Phase.RESOLVE
    card: str
    """The card (or monster) whose effect asked for the roll."""
    seat: int
    """Who rolls."""
    count: int = 1
    """How many dice."""
    data: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    """Whatever the effect needs to remember (e.g. the damage at stake), as plain ints."""


# --- decision steps ---------------------------------------------------------------------------


@attrs.frozen(slots=True, repr=False)
class CardChoice(DecisionStep):
    """A card asks ``seat`` to choose one of ``options`` (answered with ``UseCard``)."""

    KIND: ClassVar[str] = "card-choice"
    CONTEXTUAL: ClassVar[bool] = True
    PHASE: ClassVar[Phase] = Phase.RESOLVE
    card: str
    """The card (or monster) whose effect asks."""
    options: tuple[str, ...] = ()
    """The answers offered, in order."""
    data: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    """Whatever the effect needs to remember between question and answer, as plain ints."""


@attrs.frozen(slots=True, repr=False)
class Place(DecisionStep):
    """Setup: ``seat`` places its monster in an outer borough."""

    KIND: ClassVar[str] = "place"


@attrs.frozen(slots=True, repr=False)
class ChooseReroll(DecisionStep):
    """``seat`` rerolls some dice or stops rolling."""

    KIND: ClassVar[str] = "choose-reroll"
    PHASE: ClassVar[Phase] = Phase.ROLL


@attrs.frozen(slots=True, repr=False)
class ChooseFace(DecisionStep):
    """``seat`` picks the next face type to resolve."""

    KIND: ClassVar[str] = "choose-face"
    PHASE: ClassVar[Phase] = Phase.RESOLVE


@attrs.frozen(slots=True, repr=False)
class Destroy(DecisionStep):
    """``seat`` spends Destruction points on a building or unit."""

    KIND: ClassVar[str] = "destroy"
    PHASE: ClassVar[Phase] = Phase.RESOLVE
    points: int
    """Destruction points left to spend this resolution."""


@attrs.frozen(slots=True, repr=False)
class ChooseFlee(DecisionStep):
    """``seat``, damaged in Manhattan by ``attacker``'s attack, decides whether to flee."""

    KIND: ClassVar[str] = "choose-flee"
    PHASE: ClassVar[Phase] = Phase.RESOLVE
    attacker: int
    """The attacking seat."""


@attrs.frozen(slots=True, repr=False)
class ChooseMove(DecisionStep):
    """``seat`` may move to another outer borough or stay (Manhattan is occupied)."""

    KIND: ClassVar[str] = "choose-move"
    PHASE: ClassVar[Phase] = Phase.MOVE


@attrs.frozen(slots=True, repr=False)
class LeaveManhattan(DecisionStep):
    """``seat`` must leave Manhattan's 5–6 space for an outer borough of its choice."""

    KIND: ClassVar[str] = "leave-manhattan"
    CONTEXTUAL: ClassVar[bool] = True


@attrs.frozen(slots=True, repr=False)
class Shop(DecisionStep):
    """``seat``'s Buy step: buy, sweep, or end buying."""

    KIND: ClassVar[str] = "shop"
    PHASE: ClassVar[Phase] = Phase.BUY


# --- internal steps ---------------------------------------------------------------------------


@attrs.frozen(slots=True, repr=False)
class StartTurn(Step):
    """Start ``seat``'s turn: Manhattan earnings, start-of-turn effects, the first roll."""

    KIND: ClassVar[str] = "start-turn"
    PHASE: ClassVar[Phase] = Phase.START
    seat: int
    """Whose turn starts."""


@attrs.frozen(slots=True, repr=False)
class BeginResolution(Step):
    """The final result is known: set it aside for resolution."""

    KIND: ClassVar[str] = "begin-resolution"
    PHASE: ClassVar[Phase] = Phase.RESOLVE


@attrs.frozen(slots=True, repr=False)
class ApplyAttack(Step):
    """Deal an attack's damage, once the rolls it waited for (Antimatter Pellets) are in."""

    KIND: ClassVar[str] = "apply-attack"
    PHASE: ClassVar[Phase] = Phase.RESOLVE
    attacker: int
    """The attacking seat."""
    damage: tuple[tuple[int, int], ...]
    """(target seat, damage) pairs."""


@attrs.frozen(slots=True, repr=False)
class MovePhase(Step):
    """The Move step: advance in Manhattan, enter it if there is room, or choose to move."""

    KIND: ClassVar[str] = "move"
    PHASE: ClassVar[Phase] = Phase.MOVE


@attrs.frozen(slots=True, repr=False)
class EndTurn(Step):
    """End of the turn: end-of-turn effects, then :class:`CloseTurn`."""

    KIND: ClassVar[str] = "end-turn"
    PHASE: ClassVar[Phase] = Phase.END


@attrs.frozen(slots=True, repr=False)
class CloseTurn(Step):
    """After the end-of-turn effects and whatever they raised: the victory check, the next
    turn."""

    KIND: ClassVar[str] = "close-turn"
    PHASE: ClassVar[Phase] = Phase.END


STEP_TYPES: tuple[type[Step], ...] = (
    RevealTile,
    RevealCard,
    RollOff,
    RollDice,
    Place,
    ChooseReroll,
    ChooseFace,
    Destroy,
    ChooseFlee,
    ChooseMove,
    LeaveManhattan,
    Shop,
    CardChoice,
    CardRoll,
    StartTurn,
    BeginResolution,
    ApplyAttack,
    MovePhase,
    EndTurn,
    CloseTurn,
)
"""Every concrete step type."""
