"""The trigger points at which card and monster effects act.

Each card declares the trigger points its effect uses (``CardSpec.triggers``). The engine calls
the effects registered at a trigger point when play reaches it; an effect that needs a choice
pushes a decision step onto the agenda instead of calling a player. The table of which base card
uses which trigger point is in :mod:`kingofny.content.base.cards`.
"""

from __future__ import annotations

import enum


class Trigger(enum.Enum):
    """A point in the game where effects may act."""

    ON_BUY = "on-buy"
    """The card was just bought (or taken for free): DISCARD effects, "when you buy" clauses."""
    TURN_START = "turn-start"
    """Start of the owner's turn, after Manhattan earnings (rulebook step 0)."""
    BEFORE_ROLL = "before-roll"
    """After start-of-turn effects, before the first roll (Super Speed's extra move)."""
    DICE_COUNT = "dice-count"
    """How many dice the owner rolls (green dice)."""
    REROLL_RULES = "reroll-rules"
    """How many rerolls a monster has and which dice it may or must reroll, and at what cost."""
    RESULT_MODIFY = "result-modify"
    """Symbols added to the final result before resolution (they join their type's group)."""
    FACE_CONVERSION = "face-conversion"
    """Optional changes of unresolved dice from one face to another, during resolution."""
    RESOLUTION_START = "resolution-start"
    """Once, when the final result is known and before the first type resolves."""
    FACE_RESOLVE = "face-resolve"
    """The owner has chosen the next type to resolve, after its conversions so far."""
    ATTACK_TARGETS = "attack-targets"
    """Which monsters an attack damages."""
    ATTACK_DAMAGE = "attack-damage"
    """How much damage an attack deals to each target (multipliers and bonuses)."""
    AFTER_ATTACK = "after-attack"
    """After an attack's damage is applied: effects on attacker and attacked monsters."""
    DAMAGE_TAKEN = "damage-taken"
    """When the owner takes damage, from any source (reductions and reactions)."""
    ARMY = "army"
    """Ouch! resolution: the military's fire and its consequences."""
    DESTRUCTION_RULES = "destruction-rules"
    """Which tiles may be targeted and what they cost to destroy."""
    TILE_DESTROYED = "tile-destroyed"
    """After the owner destroys a building or a unit."""
    ENTER_BOROUGH = "enter-borough"
    """The owner enters a borough (Manhattan included; not advancing between zones)."""
    MOVE_RULES = "move-rules"
    """Whether, when and at what cost a monster may move."""
    GOAL_CHANGE = "goal-change"
    """Superstar or the Statue of Liberty changes hands, and the thresholds to take them."""
    ENERGY_GAIN = "energy-gain"
    """Energy is gained (amount modifiers and reactions of other monsters)."""
    HEAL = "heal"
    """The owner heals (maximum life, healing rules)."""
    MARKET = "market"
    """What may be bought, from where and at what price, and what happens on reveals."""
    MAX_LIFE = "max-life"
    """The owner's maximum life."""
    ANY_TIME = "any-time"
    """An action the owner may take whenever it decides, including in response to damage."""
    END_TURN = "end-turn"
    """End of the owner's turn (rulebook step 5)."""
    EXTRA_TURN = "extra-turn"
    """The owner takes another turn after this one."""
    WIN = "win"
    """The owner is declared a winner: it wins at the end of the turn if still in the game."""
    TOKENS = "tokens"
    """The effect gives, uses or discards tokens (Web, Curse, Carapace, Souvenir)."""
