"""Effects of the base cards in the 'discards' group: DISCARD cards that act once, when bought
(see :mod:`kingofny.content.base.effects`).

Every card here acts through :meth:`~kingofny.model.effect.Effect.on_buy` only. The borough
discounts (1 Energy less in the named borough) and the buy conditions of General Ellis (a Tank
destroyed this turn) and Air Force One (a Jet destroyed this turn) are applied by the engine from
the card data (``discount_boroughs``, ``buy_condition``), not here.

=================================  ============================================================
Card                               On buying it
=================================  ============================================================
Brooklyn Bridge                    +4 VP
Central Park                       +2 VP, heal 2
Coney Island                       +3 VP
Flatiron Building                  +2 VP
The Unisphere                      +4 VP
Yankee Stadium                     +5 VP, heal 5
Drink the Hudson                   +1 VP, +13 Energy, heal 2
Holland Tunnel                     +6 VP, then every monster gains 3 Energy
Power Substation                   +1 VP, +8 Energy, then the buyer takes 3 damage
Subterranean Cable                 +4 Energy, then the buyer takes 4 damage
General Ellis                      +3 VP, then every monster takes 1 damage
Air Force One                      +4 VP, then every unit deals 1 damage to each monster in its
                                   borough
=================================  ============================================================

Defaults
--------

Where the card text and the rulebook are silent (rulings §16, §17).

.. list-table::
   :header-rows: 1
   :widths: 18 24 40 18

   * - Card
     - Question
     - Our answer
     - Source
   * - Holland Tunnel
     - Does "every Monster" include the buyer?
     - Yes. Each gain is an ordinary Energy gain, not from dice, so ENERGY_GAIN effects (Power Tap)
       see it.
     - rulings D21, §16
   * - Holland Tunnel
     - In which order do the monsters gain?
     - Seat order from the buyer (it only changes the order Power Tap is told in).
     - DEFAULT
   * - General Ellis
     - Does "all Monsters" include the buyer?
     - Yes.
     - rulings D21, §16
   * - General Ellis
     - Is the damage an attack?
     - No: nobody may flee and attack cards do not react.
     - seed 000 *Glossary*, rulings §16
   * - General Ellis
     - Is it damage the buyer dealt?
     - Yes, to every monster it hits (the buyer too): it counts for Photo Op and AFTER_DAMAGE_DEALT
       effects see it.
     - rulings D16, §15
   * - General Ellis, Air Force One
     - One damaging event, or one per monster?
     - One event hitting everyone at once: eliminations are simultaneous, and Web or Curse tokens
       come one per damaged monster.
     - rulings §2, D10
   * - Air Force One
     - Who is hit, and how hard?
     - Every monster takes 1 damage per unit in its borough, the buyer included; Manhattan is one
       borough whatever the zone.
     - rulings §16, §9
   * - Air Force One
     - Is it Ouch?
     - No (``Source.UNITS``): no Statue, no Bulletproof, no Carapace tokens.
     - rulings §16, D30
   * - Air Force One
     - Is it an attack?
     - No: nobody may flee.
     - rulings §16
   * - Air Force One
     - Is it damage the buyer dealt?
     - No, it is unit damage: Photo Op, Webspinner and Curse ignore it.
     - rulings §9, D4, D16
   * - Air Force One
     - Do units that appeared this turn fire?
     - Yes: "every Unit", as with Ouch.
     - DEFAULT (rulings §8)
   * - Power Substation, Subterranean Cable
     - Gains or damage first?
     - The gains, then the damage, which may eliminate the buyer; an eliminated buyer cannot win.
     - rulings §16, C3
   * - Power Substation, Subterranean Cable
     - Is the self-damage damage the buyer dealt?
     - Yes, like any damage of its own cards.
     - DEFAULT (rulings D16)
   * - Central Park, Yankee Stadium, Drink the Hudson
     - Does the healing work in Manhattan?
     - Yes, cards always heal; never above the maximum Life.
     - seed 000 *Effects of Manhattan*, *Card Clarifications*
   * - Drink the Hudson
     - What does it give?
     - +13 Energy, +1 VP, heal 2 (one transcription only).
     - components §1 #18, rulings §16
   * - Yankee Stadium
     - "1 [star] less" in one transcription?
     - 1 Energy less in the Bronx (applied by the engine).
     - rulings §12
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.effects import (
    Effect,
    GameState,
    IllegalActionError,
    PluginError,
    Source,
    damage,
    gain_energy,
    gain_vp,
    heal,
)

__all__ = ["EFFECTS", "AirForceOne", "BuyerGains", "EveryoneGainsEnergy", "EveryoneTakesDamage"]


def _check_buyer(state: GameState, owner: int) -> None:
    """Refuse a buyer that is not a living monster of this game."""
    if isinstance(owner, bool) or not isinstance(owner, int):
        raise IllegalActionError(f"a buyer is a seat number, got {owner!r}")
    if not 0 <= owner < len(state.monsters):
        raise IllegalActionError(f"no seat {owner} in a {len(state.monsters)}-monster game")
    if state.monsters[owner].eliminated:
        raise IllegalActionError(f"seat {owner} is eliminated and cannot gain a card")


def _amount(value: int, what: str) -> int:
    """A card amount: an int of at least 0 (a bad one makes the content pack unusable)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PluginError(f"{what} must be an int of at least 0, got {value!r}")
    return value


def _seats_from(state: GameState, first: int) -> list[int]:
    """Every seat in turn order, starting with ``first``."""
    n = len(state.monsters)
    return [(first + k) % n for k in range(n)]


class BuyerGains(Effect):
    """The buyer gains ``vp``, ``energy`` and ``healing``, then takes ``self_damage``.

    The self-damage is damage the buyer dealt (rulings D16) and may eliminate it (rulings §16).
    """

    def __init__(
        self, *, vp: int = 0, energy: int = 0, healing: int = 0, self_damage: int = 0
    ) -> None:
        self.vp = _amount(vp, "vp")
        self.energy = _amount(energy, "energy")
        self.healing = _amount(healing, "healing")
        self.self_damage = _amount(self_damage, "self_damage")

    def __repr__(self) -> str:
        return (
            f"BuyerGains(vp={self.vp}, energy={self.energy}, healing={self.healing}, "
            f"self_damage={self.self_damage})"
        )

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Apply the gains to the buyer, then its self-damage."""
        _check_buyer(state, owner)
        state = gain_vp(state, owner, self.vp)
        state = gain_energy(state, owner, self.energy)
        state = heal(state, owner, self.healing)
        if self.self_damage:
            state = damage(state, {owner: self.self_damage}, Source.CARD, dealer=owner)
        return state


class EveryoneGainsEnergy(BuyerGains):
    """Holland Tunnel: the buyer's reward, then every living monster, the buyer included, gains
    ``everyone`` Energy, one gain each, in seat order from the buyer (rulings D21)."""

    def __init__(self, *, vp: int, everyone: int) -> None:
        super().__init__(vp=vp)
        self.everyone = _amount(everyone, "everyone")

    def __repr__(self) -> str:
        return f"EveryoneGainsEnergy(vp={self.vp}, everyone={self.everyone})"

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+VP for the buyer, then each monster's Energy gain goes through ENERGY_GAIN."""
        state = super().on_buy(state, owner)
        for seat in _seats_from(state, owner):
            state = gain_energy(state, seat, self.everyone)
        return state


class EveryoneTakesDamage(BuyerGains):
    """General Ellis: the buyer's reward, then one damaging event hits every living monster, the
    buyer included, for ``everyone`` damage; it is the buyer's card damage, not an attack
    (rulings D21, D16; seed 000 *Glossary*)."""

    def __init__(self, *, vp: int, everyone: int) -> None:
        super().__init__(vp=vp)
        self.everyone = _amount(everyone, "everyone")

    def __repr__(self) -> str:
        return f"EveryoneTakesDamage(vp={self.vp}, everyone={self.everyone})"

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+VP for the buyer, then the damage, all at once."""
        state = super().on_buy(state, owner)
        hits = {seat: self.everyone for seat in state.alive_seats}
        return damage(state, hits, Source.CARD, dealer=owner)


class AirForceOne(BuyerGains):
    """Air Force One: the buyer's reward, then every unit on the board deals 1 damage to each
    monster in its borough, the buyer included, all at once (rulings §16).

    This is neither Ouch nor an attack (``Source.UNITS``: no Statue, Bulletproof, Carapace tokens
    or fleeing), and unit damage is not damage the buyer dealt (rulings §9, D16).
    """

    def __repr__(self) -> str:
        return f"AirForceOne(vp={self.vp})"

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+VP for the buyer, then the units fire."""
        state = super().on_buy(state, owner)
        return damage(state, _unit_fire(state), Source.UNITS)


def _unit_fire(state: GameState) -> Mapping[int, int]:
    """The damage every unit of the city deals: each living monster takes 1 per unit standing in
    its borough, units that appeared this turn included (Manhattan counts as one borough)."""
    return {
        seat: state.borough(m.location.borough).unit_count
        for seat, m in enumerate(state.monsters)
        if not m.eliminated and m.location is not None
    }


EFFECTS: dict[str, Effect] = {
    "base:air-force-one": AirForceOne(vp=4),
    "base:brooklyn-bridge": BuyerGains(vp=4),
    "base:central-park": BuyerGains(vp=2, healing=2),
    "base:coney-island": BuyerGains(vp=3),
    "base:drink-the-hudson": BuyerGains(vp=1, energy=13, healing=2),
    "base:flatiron-building": BuyerGains(vp=2),
    "base:general-ellis": EveryoneTakesDamage(vp=3, everyone=1),
    "base:holland-tunnel": EveryoneGainsEnergy(vp=6, everyone=3),
    "base:power-substation": BuyerGains(vp=1, energy=8, self_damage=3),
    "base:subterranean-cable": BuyerGains(energy=4, self_damage=4),
    "base:the-unisphere": BuyerGains(vp=4),
    "base:yankee-stadium": BuyerGains(vp=5, healing=5),
}
"""Effects by card id (and token kind or turn mark where a rule outlives its card)."""
