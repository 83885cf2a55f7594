"""Effects of the base cards in the 'combat' group: attacks, damage, and the Web, Curse and
Carapace tokens (see :mod:`kingofny.content.base.effects`).

=====================  ========================================================================
Card / token           What it does here (hooks)
=====================  ========================================================================
Shadow Double          The owner's attack damage to each target ×2 (``attack_damage``, order 10).
Antimatter Pellets     Each target that would take at least 1 damage rolls one die; on Ouch its
                       damage is doubled at Antimatter's place in the order (``attack_roll``,
                       ``rolled``, order 20).
Tesla Antennae         +1 attack damage to each target with more Life than the owner
                       (``attack_damage``, order 30).
Fireball               The owner's attacks also hit the other monsters in its borough
                       (``attack_targets``).
Drain                  Takes up to 2 Energy from each monster whose attack damages the owner
                       (``after_attacked``).
Trash Thrower          Each monster the owner's attack damages loses 1 VP (``after_attack``).
Webspinner             One Web token to each monster the owner damages, per damaging event
                       (``after_damage_dealt``).
``"web"`` tokens       One reroll fewer per token on the holder's turn (``rerolls``); the holder
                       may spend an unresolved Attack die to discard one (``offers`` RESOLVE,
                       option ``discard:token:web``).
Curse                  One Curse token to each monster the owner damages, per damaging event
                       (``after_damage_dealt``).
``"curse"`` tokens     A reroll with at least one Ouch die costs the holder 1 Energy per token
                       (``reroll_cost``); the holder may spend an unresolved Heal die (in
                       Manhattan too) to discard one (``offers`` RESOLVE, option
                       ``discard:token:curse``).
Phoenix Blood          +1 Energy each time the owner is damaged and survives (``after_damaged``).
Bulletproof            Ouch unit damage to the owner −1 per event, minimum 0 (``damage_taken``).
Carapace               Maximum Life +2 (``max_life``); one ``"carapace"`` token per Ouch die
                       the owner resolves (``on_ouch_rolled``); at any of its decisions the owner
                       may discard the card to heal 1 per token (``offers`` DECISION, option
                       ``"discard"``).
=====================  ========================================================================

Defaults
--------

Where the cards and the rulebook are silent (rulings §9, §15, §16, §17).

.. list-table::
   :header-rows: 1
   :widths: 18 26 40 16

   * - Card
     - Question
     - Our answer
     - Source
   * - Shadow Double, Antimatter Pellets, Tesla Antennae
     - In which order do the damage modifiers apply?
     - Attack dice (extra Attacks included), then ×2 Shadow Double, then ×2 Antimatter for that
       target, then +1 Tesla Antennae; with both doublers the damage is ×4.
     - rulings D20, §16
   * - Shadow Double, Antimatter Pellets, Tesla Antennae
     - Do they act on an attack that deals no damage?
     - No: only on targets already taking at least 1 damage (an empty Manhattan at the start of
       the turn means no damage at all).
     - seed 000 *Glossary: Attack*, rulings §3
   * - Antimatter Pellets
     - Who rolls, and which die?
     - Each target that would take at least 1 damage rolls one ordinary die; Ouch doubles.
     - rulings §16 (DEFAULT), components §1 #2
   * - Tesla Antennae
     - When is Life compared?
     - Before the attack's damage is applied; "more" is strictly more.
     - rulings §16 (DEFAULT)
   * - Fireball
     - Does the extra target take the same damage?
     - Yes: it is an ordinary target of the attack, with every damage modifier; in a 5–6
       monster game the other Manhattan monster may flee.
     - rulings §16, §3
   * - Fireball
     - Does it work when nobody was in Manhattan at the start of the turn?
     - No: the attack deals no damage at all.
     - rulings §3 (DEFAULT)
   * - Drain
     - How much, and how often?
     - Once per attack that damages the owner, up to 2 Energy, whatever the attacker has.
     - rulings §16 (DEFAULT)
   * - Drain
     - Is the Energy taken a gain?
     - Yes, an ordinary (not dice) gain: ENERGY_GAIN effects such as Power Tap see it.
     - DEFAULT
   * - Trash Thrower
     - Who loses VP, and how many?
     - Each monster the attack damages, 1 VP per attack, never below 0; eliminated ones are
       skipped.
     - rulings §16, D34; seed 000 *Glossary: Attack*
   * - Webspinner, Curse
     - How many tokens, for which damage?
     - One per damaged monster per damaging event (an attack or one card effect); unit damage
       (Ouch, Air Force One) is not damage the owner dealt; supply unlimited.
     - rulings §15, D10, D4
   * - Webspinner, Curse
     - Does the owner get a token when its own card damages it (General Ellis, Power
       Substation)?
     - No: tokens go to the other monsters it damages.
     - DEFAULT
   * - Web tokens
     - What do they do?
     - Each removes one reroll from its holder's own turn (minimum 0); on its turn the holder may
       spend one unresolved Attack die per token to discard it, even if that Attack would hit
       nobody; tokens stay if Webspinner leaves play.
     - rulings §15
   * - Curse tokens
     - What does a reroll with Ouch dice cost?
     - 1 Energy per token, once per reroll that includes at least one Ouch die; a reroll the
       holder cannot pay for is not offered.
     - rulings D9, §15
   * - Curse tokens
     - Can a Heal die discard a token in Manhattan?
     - Yes: Heal dice in Manhattan cannot heal but "can still serve to trigger other game
       effects" (the rulebook wins over rulings D11's King of Tokyo precedent).
     - seed 000 *Effects of Manhattan*; rulings D11 overruled
   * - Phoenix Blood
     - Per damage point or per event?
     - +1 Energy per damage event, whatever its source (Ouch and the owner's own cards
       included), only if the owner survives it.
     - rulings D32
   * - Bulletproof
     - What damage does it reduce?
     - Unit damage caused by anyone's Ouch roll (1, 2 or 3+), −1 per event, minimum 0; not Air
       Force One (``Source.UNITS``) nor attacks or card damage.
     - rulings D30, §9
   * - Carapace
     - How many tokens?
     - One per Ouch die in the owner's final result, whatever their number.
     - rulings §9
   * - Carapace
     - When may it be discarded, and how does the heal work?
     - At any decision of the owner (no decision falls between a damage and its effects, so "in
       response to damage" means at the owner's next decision); the maximum drops to 10 first
       (Life above is cut), then heal 1 per token, capped at 10; the tokens go.
     - rulings D25
   * - Carapace
     - Is the discard offered without tokens?
     - No: it would heal nothing.
     - DEFAULT
   * - Carapace
     - Forced discard (Tesla Cannon)?
     - Heals nothing. Tokens left behind by a forced discard do nothing, and are dropped when
       the owner gains a Carapace again.
     - rulings D25; DEFAULT
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.effects import (
    ApplyAttack,
    CardRoll,
    CardSpec,
    Context,
    Dice,
    Effect,
    Face,
    GameState,
    IllegalActionError,
    Source,
    discard_card,
    evolve,
    gain_energy,
    gain_vp,
    give_tokens,
    heal,
    option,
    owned,
    remove_tokens,
    set_turn,
    spend_energy,
)

__all__ = [
    "ANTIMATTER_PELLETS",
    "BULLETPROOF",
    "CARAPACE",
    "CARAPACE_TOKEN",
    "CURSE",
    "CURSE_TOKEN",
    "DISCARD",
    "DISCARD_CURSE",
    "DISCARD_WEB",
    "DRAIN",
    "EFFECTS",
    "FIREBALL",
    "PHOENIX_BLOOD",
    "SHADOW_DOUBLE",
    "TESLA_ANTENNAE",
    "TRASH_THROWER",
    "WEBSPINNER",
    "WEB_TOKEN",
    "AntimatterPellets",
    "Bulletproof",
    "Carapace",
    "CurseTokens",
    "Drain",
    "Fireball",
    "PhoenixBlood",
    "ShadowDouble",
    "TeslaAntennae",
    "TokenGiver",
    "TrashThrower",
    "WebTokens",
]

SHADOW_DOUBLE = "base:shadow-double"
ANTIMATTER_PELLETS = "base:antimatter-pellets"
TESLA_ANTENNAE = "base:tesla-antennae"
FIREBALL = "base:fireball"
DRAIN = "base:drain"
TRASH_THROWER = "base:trash-thrower"
WEBSPINNER = "base:webspinner"
CURSE = "base:curse"
PHOENIX_BLOOD = "base:phoenix-blood"
BULLETPROOF = "base:bulletproof"
CARAPACE = "base:carapace"
CARAPACE_TOKEN = "carapace"
"""The token kind Carapace collects. Not the card id: the effect table is keyed by card id and
token kind alike, so tokens of kind ``"base:carapace"`` would put the card's effect in play a
second time for its owner (twice the +2 maximum Life, the discard offered twice)."""
WEB_TOKEN = "web"
"""The token kind Webspinner hands out."""
CURSE_TOKEN = "curse"
"""The token kind Curse hands out (the rulebook's "Jinx" tokens, components §4.2)."""

DISCARD_WEB = option("discard", "token", WEB_TOKEN)
"""Option of a Web token holder: spend one Attack die to discard one token."""
DISCARD_CURSE = option("discard", "token", CURSE_TOKEN)
"""Option of a Curse token holder: spend one Heal die to discard one token."""
DISCARD = option("discard", "card", CARAPACE)
"""Option of Carapace's owner: discard the card to heal 1 per token."""

DRAIN_AMOUNT = 2
"""Energy Drain takes from each attacker."""
CARAPACE_BONUS = 2
"""Maximum Life Carapace adds (12 instead of 10)."""


class ShadowDouble(Effect):
    """Shadow Double: the owner's attack damage is doubled (rulings D20: after extra Attacks,
    before Antimatter Pellets and Tesla Antennae)."""

    damage_order = 10

    def attack_damage(self, state: GameState, owner: int, target: int, amount: int) -> int:
        """Twice the damage."""
        return amount * 2 if amount > 0 else amount


class AntimatterPellets(Effect):
    """Antimatter Pellets: each monster the owner's attack would damage rolls one die; on Ouch its
    damage is doubled at Antimatter's place in the order of modifiers (rulings D20, §16)."""

    damage_order = 20

    def attack_roll(
        self, state: GameState, owner: int, target: int, amount: int
    ) -> CardRoll | None:
        """The target rolls one die, if it would take at least 1 damage."""
        if amount < 1:
            return None
        return CardRoll(ANTIMATTER_PELLETS, target, 1, (target,))

    def rolled(self, state: GameState, step: CardRoll, dice: Dice) -> GameState:
        """On Ouch, double that target's share of the pending attack."""
        if step.card != ANTIMATTER_PELLETS or len(step.data) != 1:
            raise IllegalActionError(f"{ANTIMATTER_PELLETS} cannot read the roll {step}")
        if dice.total != step.count:
            raise IllegalActionError(f"{ANTIMATTER_PELLETS} rolls {step.count} die, got {dice}")
        target = step.data[0]
        index = _pending_attack(state, target)
        if not dice[Face.OUCH]:
            return state
        pending = state.agenda[index]
        assert isinstance(pending, ApplyAttack)
        damage = tuple(
            (
                seat,
                self._doubled(state, pending.attacker, seat, amount) if seat == target else amount,
            )
            for seat, amount in pending.damage
        )
        agenda = list(state.agenda)
        agenda[index] = evolve(pending, damage=damage)
        return evolve(state, agenda=tuple(agenda))

    def _doubled(self, state: GameState, attacker: int, target: int, amount: int) -> int:
        """``amount`` (the damage after every modifier) with this card's ×2 put back in its
        place: find the damage as it stood at Antimatter's turn in the order, double it, and
        apply the later modifiers (Tesla Antennae) again."""
        later = [
            effect
            for _, effect in sorted(owned(state, attacker), key=lambda item: item[1].damage_order)
            if effect.damage_order > self.damage_order
        ]

        def finish(value: int) -> int:
            for effect in later:
                value = effect.attack_damage(state, attacker, target, value)
            return value

        for stage in range(1, amount + 1):
            if finish(stage) == amount:
                return finish(stage * 2)
        raise IllegalActionError(
            f"{ANTIMATTER_PELLETS}: cannot find the damage before later modifiers in {amount}"
        )


def _pending_attack(state: GameState, target: int) -> int:
    """The agenda index of the attack waiting for this target's roll."""
    for index in range(len(state.agenda) - 1, -1, -1):
        step = state.agenda[index]
        if isinstance(step, ApplyAttack):
            if any(seat == target for seat, _ in step.damage):
                return index
            break
    raise IllegalActionError(f"no pending attack on seat {target} for {ANTIMATTER_PELLETS}")


class TeslaAntennae(Effect):
    """Tesla Antennae: +1 attack damage to each target with more Life than the owner, compared
    before the damage (rulings §16, D20: applied last)."""

    damage_order = 30

    def attack_damage(self, state: GameState, owner: int, target: int, amount: int) -> int:
        """One more damage to a target with more Life."""
        if amount > 0 and state.monsters[target].life > state.monsters[owner].life:
            return amount + 1
        return amount


class Fireball(Effect):
    """Fireball: the owner's attacks also hit the other monsters in its own borough (rulings
    §16); the engine's empty-Manhattan rule still blocks the whole attack."""

    def attack_targets(
        self, state: GameState, owner: int, targets: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Add the other living monsters of the owner's borough."""
        where = state.monsters[owner].location
        if where is None:
            return targets
        extra = tuple(
            seat
            for seat in state.monsters_in(where.borough)
            if seat != owner and seat not in targets and not state.monsters[seat].eliminated
        )
        return targets + extra


class Drain(Effect):
    """Drain: once per attack that damages the owner, take up to 2 Energy from the attacker
    (rulings §16)."""

    def after_attacked(self, state: GameState, owner: int, attacker: int, amount: int) -> GameState:
        """Move up to 2 Energy from the attacker to the owner."""
        taken = min(DRAIN_AMOUNT, state.monsters[attacker].energy)
        if taken <= 0:
            return state
        state = spend_energy(state, attacker, taken)
        return gain_energy(state, owner, taken)


class TrashThrower(Effect):
    """Trash Thrower: each monster the owner's attack damages loses 1 VP, floored at 0 (rulings
    §16, D34)."""

    def after_attack(self, state: GameState, owner: int, damage: dict[int, int]) -> GameState:
        """1 VP less for every living monster the attack damaged."""
        for seat in sorted(damage):
            if not state.monsters[seat].eliminated:
                state = gain_vp(state, seat, -1)
        return state


class TokenGiver(Effect):
    """Webspinner and Curse: one token of ``kind`` to each other monster the owner damages, once
    per damaging event, by attack or by the owner's cards (rulings §15, D10)."""

    def __init__(self, kind: str) -> None:
        if not kind:
            raise ValueError("a token kind is a non-empty string")
        self.kind = kind

    def __repr__(self) -> str:
        return f"TokenGiver({self.kind!r})"

    def after_damage_dealt(self, state: GameState, owner: int, damage: dict[int, int]) -> GameState:
        """A token for each damaged monster still in the game, the owner excepted."""
        for seat in sorted(damage):
            if seat != owner:
                state = give_tokens(state, seat, self.kind)
        return state


def _check_option(option: str, offered: tuple[str, ...], card: str) -> None:
    """Refuse a use that is not offered now."""
    if option not in offered:
        raise IllegalActionError(
            f"{card}: {option!r} is not possible now (offered: {', '.join(offered) or 'nothing'})"
        )


def _spend_die(state: GameState, owner: int, face: Face, kind: str) -> GameState:
    """The owner gives up one unresolved die of ``face`` to discard one token of ``kind``."""
    unresolved = state.turn.unresolved
    state = set_turn(state, unresolved=unresolved.minus(Dice.of((face,))))
    return remove_tokens(state, owner, kind, 1)


class WebTokens(Effect):
    """The Web token rule, in play for every holder (rulings §15): one reroll fewer per token on
    the holder's own turn; the holder may spend an Attack die to discard one token."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``discard:token:web``."""
        return (DISCARD_WEB,)

    def rerolls(self, state: GameState, owner: int, seat: int, count: int) -> int:
        """One reroll fewer per token, never below 0."""
        if seat != owner:
            return count
        return max(0, count - state.monsters[owner].token_count(WEB_TOKEN))

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """While resolving its own dice, with an Attack die unresolved."""
        if (
            context is Context.RESOLVE
            and state.turn.seat == owner
            and state.turn.unresolved[Face.ATTACK] > 0
            and state.monsters[owner].token_count(WEB_TOKEN) > 0
        ):
            return (DISCARD_WEB,)
        return ()

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """One Attack die and one Web token are gone."""
        _check_option(option, self.offers(state, owner, Context.RESOLVE), WEB_TOKEN)
        return _spend_die(state, owner, Face.ATTACK, WEB_TOKEN)


class CurseTokens(Effect):
    """The Curse token rule, in play for every holder (rulings §15): a reroll that includes an
    Ouch die costs 1 Energy per token (rulings D9); the holder may spend a Heal die to discard
    one token, in Manhattan too (seed 000, *Effects of Manhattan*, over rulings D11)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``discard:token:curse``."""
        return (DISCARD_CURSE,)

    def reroll_cost(self, state: GameState, owner: int, seat: int, dice: Dice) -> int:
        """1 Energy per token when the reroll includes at least one Ouch die."""
        if seat != owner or not dice[Face.OUCH]:
            return 0
        return state.monsters[owner].token_count(CURSE_TOKEN)

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """While resolving its own dice, with a Heal die unresolved (in Manhattan too)."""
        me = state.monsters[owner]
        if (
            context is Context.RESOLVE
            and state.turn.seat == owner
            and state.turn.unresolved[Face.HEAL] > 0
            and me.token_count(CURSE_TOKEN) > 0
        ):
            return (DISCARD_CURSE,)
        return ()

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """One Heal die and one Curse token are gone."""
        _check_option(option, self.offers(state, owner, Context.RESOLVE), CURSE_TOKEN)
        return _spend_die(state, owner, Face.HEAL, CURSE_TOKEN)


class PhoenixBlood(Effect):
    """Phoenix Blood: +1 Energy per damage event the owner survives (rulings D32)."""

    def after_damaged(self, state: GameState, owner: int, amount: int, source: Source) -> GameState:
        """+1 Energy."""
        return gain_energy(state, owner, 1)


class Bulletproof(Effect):
    """Bulletproof: each Ouch fire event deals the owner 1 damage less, minimum 0; Air Force One
    is not Ouch (rulings D30)."""

    def damage_taken(self, state: GameState, owner: int, amount: int, source: Source) -> int:
        """1 less from Ouch units."""
        if source is Source.ARMY:
            return max(0, amount - 1)
        return amount


class Carapace(Effect):
    """Carapace: maximum Life +2 while held; a ``"carapace"`` token per Ouch die the owner
    resolves; the owner may discard it at any of its decisions to heal 1 per token (rulings §9,
    §16, D25)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``discard:card:base:carapace``."""
        return (DISCARD,)

    def _held(self, state: GameState, owner: int) -> bool:
        return CARAPACE in state.monsters[owner].cards

    def max_life(self, state: GameState, owner: int, value: int) -> int:
        """+2 while the card is held."""
        return value + CARAPACE_BONUS if self._held(state, owner) else value

    def on_ouch_rolled(self, state: GameState, owner: int, count: int) -> GameState:
        """One token per Ouch die."""
        if count <= 0 or not self._held(state, owner):
            return state
        return give_tokens(state, owner, CARAPACE_TOKEN, count)

    def on_discard(self, state: GameState, owner: int) -> GameState:
        """The tokens go with the card, whether it was discarded by choice or by force."""
        return remove_tokens(state, owner, CARAPACE_TOKEN)

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """A fresh card starts with no tokens."""
        if state.monsters[owner].token_count(CARAPACE_TOKEN):
            return remove_tokens(state, owner, CARAPACE_TOKEN)
        return state

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """At any decision of the owner, if it holds the card and at least one token."""
        if (
            context is Context.DECISION
            and self._held(state, owner)
            and state.monsters[owner].token_count(CARAPACE_TOKEN) > 0
        ):
            return (DISCARD,)
        return ()

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """Discard the card (the maximum drops first, Life above it is cut), heal 1 per token up
        to 10, and remove the tokens."""
        _check_option(option, self.offers(state, owner, Context.DECISION), CARAPACE)
        tokens = state.monsters[owner].token_count(CARAPACE_TOKEN)
        state = discard_card(state, owner, CARAPACE)
        state = remove_tokens(state, owner, CARAPACE_TOKEN)
        return heal(state, owner, tokens)


EFFECTS: dict[str, Effect] = {
    SHADOW_DOUBLE: ShadowDouble(),
    ANTIMATTER_PELLETS: AntimatterPellets(),
    TESLA_ANTENNAE: TeslaAntennae(),
    FIREBALL: Fireball(),
    DRAIN: Drain(),
    TRASH_THROWER: TrashThrower(),
    WEBSPINNER: TokenGiver(WEB_TOKEN),
    WEB_TOKEN: WebTokens(),
    CURSE: TokenGiver(CURSE_TOKEN),
    CURSE_TOKEN: CurseTokens(),
    PHOENIX_BLOOD: PhoenixBlood(),
    BULLETPROOF: Bulletproof(),
    CARAPACE: Carapace(),
}
"""Effects by card id, and by token kind for the Web and Curse token rules."""
