"""The effect API: what a card or a monster ability can do, hook by hook.

An :class:`Effect` is the behaviour of one card (or monster). Override only the hooks the card
needs, in the class (the engine skips the hooks a class leaves at their defaults); each hook
belongs to a trigger point (:class:`~kingofny.model.triggers.Trigger`). Hooks are pure: they
receive a :class:`~kingofny.model.state.GameState` and return a new one or a value, and never
call a player. During ``apply`` the state may be the engine's working copy,
updated in place as the steps go on: a hook neither keeps it nor reads it again after passing it
to a primitive (see :mod:`kingofny._engine.ops`). An effect that needs a choice pushes a
:class:`~kingofny.model.steps.CardChoice` step (see :func:`kingofny.effects.primitives.ask`)
and receives the answer in :meth:`Effect.choose`; one that needs chance pushes a
:class:`~kingofny.model.steps.CardRoll` and receives the dice in :meth:`Effect.rolled`.

Which effects are in play: the KEEP cards in front of living monsters and the monsters' own
abilities (``owner`` is that seat); a DISCARD card acts through :meth:`Effect.on_buy` only; a
card face up in the market acts through :meth:`Effect.market_move_cost` only. Effects are called
in seat order starting with the turn's monster, and within a monster in the order it gained
its cards.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING

from kingofny.model.city import Borough, Building, UnitKind
from kingofny.model.dice import Dice, Face
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, CardRoll

if TYPE_CHECKING:
    from kingofny.model.cards import CardSpec


class Source(enum.Enum):
    """Where damage comes from; only ATTACK lets a Manhattan monster flee (seed 000,
    *Glossary*)."""

    ATTACK = "attack"
    """Attack dice of a monster."""
    ARMY = "army"
    """Units firing because of Ouch! dice."""
    UNITS = "units"
    """Units firing for another reason (Air Force One)."""
    CARD = "card"
    """A card's effect (General Ellis, Violent Star, Power Substation...)."""


class Goal(enum.Enum):
    """The two goal cards."""

    SUPERSTAR = "superstar"
    STATUE = "statue"


class Context(enum.Enum):
    """When a voluntary card use is offered (see :meth:`Effect.offers`)."""

    RESOLVE = "resolve"
    """While the owner chooses which face type to resolve next (face conversions)."""
    DECISION = "decision"
    """At any decision of the owner (abilities usable at any time)."""
    SHOP = "shop"
    """During the owner's Buy step (extra things to buy)."""


class Effect:
    """The behaviour of a card or monster. Every hook's default does nothing."""

    # -- ON_BUY, TURN_START, BEFORE_ROLL, RESOLUTION_START, FACE_RESOLVE, END_TURN ------------

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """ON_BUY: the card was just bought (or taken for free) by ``owner``."""
        return state

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        """TURN_START: ``owner``'s turn starts, after Manhattan earnings."""
        return state

    def before_roll(self, state: GameState, owner: int) -> GameState:
        """BEFORE_ROLL: ``owner`` is about to make its first roll."""
        return state

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """RESOLUTION_START: ``owner``'s final result is known (``state.turn.unresolved``)."""
        return state

    def before_face_resolves(self, state: GameState, owner: int, face: Face) -> GameState:
        """FACE_RESOLVE: ``owner`` has chosen to resolve every die of type ``face`` now, after
        the conversions it made so far; the dice have not acted yet."""
        return state

    def on_discard(self, state: GameState, owner: int) -> GameState:
        """The KEEP card just left ``owner``'s play (discarded, by choice or by force)."""
        return state

    def on_turn_end(self, state: GameState, owner: int) -> GameState:
        """END_TURN: ``owner``'s turn ends, before the victory check."""
        return state

    # -- DICE_COUNT, REROLL_RULES, RESULT_MODIFY ---------------------------------------------

    def extra_dice(self, state: GameState, owner: int) -> int:
        """DICE_COUNT: dice ``owner`` rolls beyond the six black ones."""
        return 0

    def rerolls(self, state: GameState, owner: int, seat: int, count: int) -> int:
        """REROLL_RULES: rerolls ``seat`` gets this turn (called for every effect in play)."""
        return count

    def must_reroll(self, state: GameState, owner: int, seat: int) -> bool:
        """REROLL_RULES: whether ``seat`` must use every reroll it has."""
        return False

    def locked_faces(self, state: GameState, owner: int, seat: int) -> frozenset[Face]:
        """REROLL_RULES: faces ``seat`` may not reroll."""
        return frozenset()

    def reroll_cost(self, state: GameState, owner: int, seat: int, dice: Dice) -> int:
        """REROLL_RULES: Energy ``seat`` must pay to reroll ``dice``."""
        return 0

    def modify_result(self, state: GameState, owner: int, dice: Dice) -> Dice:
        """RESULT_MODIFY: the owner's final result with symbols added (they join their type)."""
        return dice

    # -- ATTACK_TARGETS, ATTACK_DAMAGE, AFTER_ATTACK, DAMAGE_TAKEN, ARMY ---------------------

    def attack_targets(
        self, state: GameState, owner: int, targets: tuple[int, ...]
    ) -> tuple[int, ...]:
        """ATTACK_TARGETS: the seats ``owner``'s attack damages."""
        return targets

    damage_order: int = 0
    """Where :meth:`attack_damage` applies among several effects (lower first; rulings D20:
    extra Attacks are in the dice, then Shadow Double 10, Antimatter Pellets 20, Tesla
    Antennae 30)."""

    def attack_damage(self, state: GameState, owner: int, target: int, amount: int) -> int:
        """ATTACK_DAMAGE: damage ``owner``'s attack deals ``target`` (only called when >0)."""
        return amount

    def attack_roll(
        self, state: GameState, owner: int, target: int, amount: int
    ) -> CardRoll | None:
        """ATTACK_DAMAGE: a roll to make for ``target`` before damage is dealt (Antimatter)."""
        return None

    def after_attack(self, state: GameState, owner: int, damage: dict[int, int]) -> GameState:
        """AFTER_ATTACK: ``owner`` attacked and dealt ``damage`` (seat -> amount > 0)."""
        return state

    def after_attacked(self, state: GameState, owner: int, attacker: int, amount: int) -> GameState:
        """AFTER_ATTACK: ``owner`` took ``amount`` > 0 damage from ``attacker``'s attack."""
        return state

    def damage_taken(self, state: GameState, owner: int, amount: int, source: Source) -> int:
        """DAMAGE_TAKEN: the damage ``owner`` actually takes from one event."""
        return amount

    def after_damaged(self, state: GameState, owner: int, amount: int, source: Source) -> GameState:
        """DAMAGE_TAKEN: ``owner`` just lost ``amount`` > 0 life and is still alive."""
        return state

    def after_damage_dealt(self, state: GameState, owner: int, damage: dict[int, int]) -> GameState:
        """AFTER_ATTACK: ``owner`` dealt damage by attack or by its cards (tokens, Photo Op)."""
        return state

    def on_ouch_rolled(self, state: GameState, owner: int, count: int) -> GameState:
        """ARMY: ``owner`` resolves ``count`` Ouch! dice."""
        return state

    # -- DESTRUCTION_RULES, TILE_DESTROYED -----------------------------------------------------

    def durability(
        self, state: GameState, owner: int, tile: Building | UnitKind, value: int
    ) -> int:
        """DESTRUCTION_RULES: Destruction ``owner`` needs for this tile."""
        return value

    def reach(self, state: GameState, owner: int) -> tuple[tuple[Borough, str], ...]:
        """DESTRUCTION_RULES: other boroughs ``owner`` may destroy in, each with a tag naming
        what is allowed there: ``"any"`` (Seismic Ray, 1 Energy per point) or ``"jets"``."""
        return ()

    def only_units(self, state: GameState, owner: int) -> bool:
        """DESTRUCTION_RULES: whether ``owner`` may destroy only units this turn."""
        return False

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        """TILE_DESTROYED: ``owner`` destroyed a building (Building) or a unit (UnitKind)."""
        return state

    # -- ENTER_BOROUGH, MOVE_RULES ------------------------------------------------------------

    def on_enter(self, state: GameState, owner: int, borough: Borough) -> GameState:
        """ENTER_BOROUGH: ``owner`` entered ``borough`` (not advancing between zones)."""
        return state

    def market_move_cost(self, state: GameState, seat: int) -> int:
        """MOVE_RULES: Energy a voluntary move costs ``seat`` while this card is in the market."""
        return 0

    # -- GOAL_CHANGE, ENERGY_GAIN, MAX_LIFE -------------------------------------------------

    def superstar_threshold(self, state: GameState, owner: int, taker: int, value: int) -> int:
        """GOAL_CHANGE: Celebrity ``taker`` needs to take Superstar."""
        return value

    def on_goal_taken(
        self, state: GameState, owner: int, goal: Goal, taker: int, previous: int | None
    ) -> GameState:
        """GOAL_CHANGE: ``taker`` took ``goal`` from ``previous`` (None: from the supply)."""
        return state

    def energy_gain(self, state: GameState, owner: int, seat: int, amount: int, dice: bool) -> int:
        """ENERGY_GAIN: Energy ``seat`` gains (``dice``: from Energy dice)."""
        return amount

    def after_energy_gain(self, state: GameState, owner: int, seat: int, amount: int) -> GameState:
        """ENERGY_GAIN: ``seat`` gained ``amount`` > 0 Energy."""
        return state

    def max_life(self, state: GameState, owner: int, value: int) -> int:
        """MAX_LIFE: ``owner``'s maximum life."""
        return value

    # -- MARKET, voluntary uses, questions and rolls -----------------------------------------

    def on_card_revealed(self, state: GameState, seat: int, slot: int) -> GameState:
        """MARKET: a card was revealed into ``slot`` while this effect waits for ``seat``
        (see ``GameState.waiting``)."""
        return state

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """OPTION_SPACE: every option this effect may ever offer (:meth:`offers`) or ask
        (:func:`~kingofny.effects.primitives.ask`), in a fixed order: a static superset, given
        the cards of the packs in play by id (for options that name a card). Integer action
        ids are numbered from it, and the conformance kit checks that the effect never offers
        or asks an option it did not declare. Never computed from a position."""
        return ()

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """Options ``owner`` may use now (answered by ``UseCard(card, option)``)."""
        return ()

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """Apply a voluntary use that :meth:`offers` listed."""
        return state

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """Apply the answer to a question this effect asked (``step`` is already popped)."""
        return state

    def rolled(self, state: GameState, step: CardRoll, dice: Dice) -> GameState:
        """Apply the result of a roll this effect asked for (``step`` is already popped)."""
        return state
