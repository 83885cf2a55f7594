"""The game state: everything about a position, frozen, hashable and equal by value."""

from __future__ import annotations

import attrs

from kingofny.errors import ArgumentError, ConfigError
from kingofny.model._repr import fields_repr
from kingofny.model.city import Borough, BoroughState, Building, UnitKind
from kingofny.model.content import ContentTable
from kingofny.model.dice import EMPTY_DICE, Dice
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import ChanceKind, chance_kinds
from kingofny.model.pending import Pending, describe
from kingofny.model.steps import ChanceStep, DecisionStep, Phase, Step

MARKET_SIZE = 3
"""Face-up cards in the market (seed 000, *Setup*)."""


def _content_of_packs(config: GameConfig, attribute: object, table: ContentTable | None) -> None:
    """A config's content table is that of its packs (ConfigError otherwise)."""
    if table is not None and table.names != config.packs:
        raise ConfigError(
            f"the content table plays packs {list(table.names)}, the config {list(config.packs)}"
        )


@attrs.frozen(slots=True, repr=False)
class GameConfig:
    """How a game was set up. Together with the decisions and chance outcomes, it replays a game."""

    __repr__ = fields_repr

    monsters: tuple[str, ...]
    """The monster id of each seat, in clockwise (turn) order."""
    seed: int | None = None
    """The seed of auto-chance mode, or None in explicit-chance mode."""
    packs: tuple[str, ...] = ("base",)
    """The content packs in play."""
    manual: tuple[ChanceKind, ...] = attrs.field(default=(), converter=chance_kinds)
    """In a seeded game, the kinds of chance the seed does *not* draw: the game stops at those
    chance nodes for an outcome to be applied, as in explicit-chance mode (companion play: the
    table's dice are typed in, the tiles and cards drawn by the program). Sorted, each kind
    once; empty in explicit-chance mode, where every chance node stops."""
    content: ContentTable | None = attrs.field(
        default=None, eq=False, repr=False, validator=_content_of_packs
    )
    """The packs resolved into one table (cards, monsters, effects), which the rules read:
    set when the game is created or read, or on first use for a config built by hand (see
    :func:`kingofny.model.content.content_of`). Not part of the config's value: configs
    naming the same packs are equal."""

    @property
    def player_count(self) -> int:
        """How many monsters started the game."""
        return len(self.monsters)

    @property
    def explicit_chance(self) -> bool:
        """Whether the game stops at every chance node for an outcome to be applied."""
        return self.seed is None

    def stops_at(self, kind: ChanceKind) -> bool:
        """Whether the game stops at chance nodes of ``kind`` for an outcome to be applied
        (always without a seed; with one, for the :attr:`manual` kinds)."""
        return self.seed is None or kind in self.manual


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class TurnState:
    """What the current turn has done so far."""

    __repr__ = fields_repr

    seat: int = 0
    """Whose turn it is (the turn owner), who may differ from who decides now."""
    number: int = 0
    """How many turns have started, this one included (0 during setup)."""
    dice: Dice = EMPTY_DICE
    """The dice showing now, kept and rolled."""
    rerolls_left: int = 0
    """Rerolls still allowed this turn."""
    unresolved: Dice = EMPTY_DICE
    """The final result's dice whose type has not been resolved yet."""
    manhattan_was_occupied: bool = False
    """Whether any monster was in Manhattan at the start of the turn: if not, Attack deals no
    damage this turn (seed 000, *Attack*)."""
    destroyed_buildings: tuple[Building, ...] = ()
    """Buildings the turn's monster destroyed this turn, in order."""
    destroyed_units: tuple[UnitKind, ...] = ()
    """Units the turn's monster destroyed this turn, in order."""
    marks: tuple[str, ...] = ()
    """Flags effects set for the rest of this turn, sorted (e.g. ``"base:hailing-cabs"``)."""
    energy_gained: tuple[int, ...] = ()
    """Energy each seat has gained this turn (empty until someone gains)."""
    damage_dealt: tuple[int, ...] = ()
    """Damage the turn's monster has dealt to each seat this turn (empty until it deals some)."""
    rolled: Dice = EMPTY_DICE
    """The final result as rolled, before effects changed it (for "if you rolled" effects)."""
    order_seat: int | None = None
    """During an extra turn, the seat whose regular turn it follows, so play goes on from where
    it would have; None on a regular turn."""
    win_claims: tuple[int, ...] = ()
    """Seats a card declared winners this turn (Painbow's six Destruction), sorted: they win at
    the end of the turn if they are still in the game then (seed 000, *Card Clarifications*:
    "You must survive your entire turn in order to win")."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class GameState:
    """A position of King of New York.

    States are immutable and compare and hash by value; :func:`kingofny.apply` returns a new one.
    The deck and the face-down tiles are multisets, so a state holds no secret order; the only
    secret is ``rng``, the auto-chance generator, which :func:`kingofny.observe` removes.
    """

    __repr__ = fields_repr

    config: GameConfig
    """How the game was set up."""
    monsters: tuple[MonsterState, ...]
    """Each seat's monster, in seat order."""
    boroughs: tuple[BoroughState, ...]
    """The tiles of each borough, indexed by :class:`~kingofny.model.city.Borough`."""
    hidden_tiles: tuple[tuple[Building, int], ...]
    """The face-down tiles of every stack, as a multiset of (building, count) in sorted order."""
    deck: tuple[str, ...]
    """The face-down deck as a sorted multiset of card ids."""
    market: tuple[str | None, ...]
    """The face-up cards by slot; None for an empty slot."""
    discard: tuple[str, ...]
    """The discard pile as a sorted multiset of card ids."""
    superstar: int | None = None
    """The seat holding Superstar, or None when it is in the supply."""
    statue: int | None = None
    """The seat holding the Statue of Liberty, or None when it is in the supply."""
    turn: TurnState = TurnState()
    """The current turn."""
    agenda: tuple[Step, ...] = ()
    """Pending steps; the last one is on top and runs next."""
    rng: int | None = None
    """The auto-chance generator's state, or None in explicit-chance mode or in a view."""
    winners: tuple[int, ...] | None = None
    """None while the game runs; once over, the winning seats (empty if nobody won)."""
    extra_turns: tuple[tuple[int, str], ...] = ()
    """Extra turns owed, taken in this order right after the current turn, as (seat, mark): the
    mark (or "") is set on that turn's ``marks`` (Subway's free movement)."""
    waiting: tuple[tuple[int, str], ...] = ()
    """Effects waiting across turns for an event, as (seat, card id) in the order they began
    (Columbia University waits for the next KEEP card revealed)."""

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        return self

    def __str__(self) -> str:
        lines = [f"turn {self.turn.number}, seat {self.turn.seat}'s turn, phase {self.phase}"]
        for seat, m in enumerate(self.monsters):
            where = "eliminated" if m.eliminated else str(m.location or "unplaced")
            goals = "".join(
                mark
                for mark, holder in ((" superstar", self.superstar), (" statue", self.statue))
                if holder == seat
            )
            cards = f" cards={','.join(m.cards)}" if m.cards else ""
            lines.append(
                f"  seat {seat} {m.monster}: {where} life={m.life} vp={m.vp} "
                f"energy={m.energy}{goals}{cards}"
            )
        for borough, tiles in zip(Borough, self.boroughs):
            stacks = " ".join(str(stack) for stack in tiles.stacks)
            units = " ".join(str(u) for u in tiles.units + tiles.fresh_units)
            lines.append(f"  {borough}: {stacks}" + (f" units: {units}" if units else ""))
        market = ", ".join(card or "-" for card in self.market)
        lines.append(f"  market: {market}; deck {len(self.deck)}, discard {len(self.discard)}")
        if self.winners is not None:
            lines.append(f"  over: winners {list(self.winners)}")
        elif self.agenda:
            lines.append(f"  waiting: {self.agenda[-1]}")
        return "\n".join(lines)

    # -- who decides -----------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.winners is not None

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome."""
        return bool(self.agenda) and isinstance(self.agenda[-1], ChanceStep)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None at a chance node or once the game is over.

        It may differ from :attr:`turn_owner`: a Manhattan monster deciding whether to flee,
        placement during setup.
        """
        if self.agenda:
            top = self.agenda[-1]
            if isinstance(top, DecisionStep):
                return top.seat
        return None

    @property
    def turn_owner(self) -> int:
        """The seat whose turn it is."""
        return self.turn.seat

    @property
    def next_step(self) -> Step | None:
        """The step on top of the agenda, which runs next, or None once the game is over (what
        it waits for, in words: :attr:`waiting_for`)."""
        return self.agenda[-1] if self.agenda else None

    @property
    def pending(self) -> Step | None:
        """Deprecated since 0.2 (goes in 0.3): :attr:`next_step`. The name clashed with
        :class:`~kingofny.Pending`, which describes what a state waits for."""
        import warnings

        warnings.warn(
            "GameState.pending is deprecated since kingofny 0.2 and goes in 0.3: use "
            "GameState.next_step (the step), or GameState.waiting_for (its description)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.next_step

    @property
    def waiting_for(self) -> Pending | None:
        """What the state waits for now: the kind of decision or chance node, who decides or
        rolls, and the card involved (None once the game is over); see
        :func:`kingofny.waiting_for`."""
        return waiting_for(self)

    @property
    def phase(self) -> Phase:
        """The phase of the step waiting now (for a reveal or a card's question, the phase it
        interrupts)."""
        if self.winners is not None:
            return Phase.OVER
        for step in reversed(self.agenda):
            if not step.CONTEXTUAL:
                return step.PHASE
        return self.agenda[-1].PHASE if self.agenda else Phase.OVER

    # -- lookups ---------------------------------------------------------------------------

    def borough(self, borough: Borough) -> BoroughState:
        """The tiles of one borough."""
        return self.boroughs[borough]

    @property
    def alive_seats(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple([i for i, m in enumerate(self.monsters) if not m.eliminated])

    def monsters_in(self, borough: Borough) -> tuple[int, ...]:
        """The seats standing in a borough."""
        return tuple(
            [
                i
                for i, m in enumerate(self.monsters)
                if m.location is not None and m.location.borough is borough
            ]
        )


def draft_eq(state: GameState, other: object) -> object:
    """``state == other`` for a draft (:func:`kingofny._engine.ops.draft`): equal to any state
    with the same values, as an ordinary state is (attrs' own ``__eq__`` wants one class)."""
    if not isinstance(other, GameState):
        return NotImplemented
    return all(bool(getattr(state, f.name) == getattr(other, f.name)) for f in _VALUE_FIELDS)


def draft_ne(state: GameState, other: object) -> object:
    """``state != other`` for a draft."""
    equal = draft_eq(state, other)
    return equal if equal is NotImplemented else not equal


def draft_reduce(state: GameState) -> tuple[type[GameState], tuple[object, ...]]:
    """How a draft pickles: as the ordinary state it stands for."""
    return GameState, tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.init)


def uncached_hash(state: GameState) -> int:
    """``hash(state)`` without keeping it in the state's hash cache: the hash of a draft
    (:func:`kingofny._engine.ops.draft`), which changes in place while ``apply`` runs, so a
    hash cached on it would go stale."""
    value = GameState.__hash__(state)
    object.__setattr__(state, "_attrs_cached_hash", None)
    return value


def waiting_for(state: GameState) -> Pending | None:
    """What ``state`` waits for: the kind of decision or chance node, who decides or rolls, and
    the card involved; None once the game is over.

    A decision with a single legal action is never waited for: :func:`kingofny.apply` takes it
    automatically (see *Forced moves* in the concepts guide).
    """
    if not isinstance(state, GameState):
        raise ArgumentError("waiting_for(state)", f"expected a GameState, got {state!r}")
    if state.winners is not None or not state.agenda:
        return None
    return describe(state.agenda[-1], state.turn.seat)


_VALUE_FIELDS = tuple(f for f in attrs.fields(GameState) if f.eq)
"""The fields a state's equality compares."""
