"""Effects of the base cards in the 'city' group (see kingofny.content.base.effects).

Destruction (Can Opener, Long Neck, Seismic Ray, Sharp Shooter, Hunter, Trophy Hunter,
Leveler), entering boroughs (Chinatown Regular, I ♥ NY Tourist, Stink Attack), start-of-turn
gains (King of Queens, Regeneration), Superstar (Diva, Violent Star, Broadway Star, Ego Trip),
Power Tap and Scavenger. Each card's effect follows the trigger table in
:mod:`kingofny.content.base.cards`.

Answers this module gives where the cards and the rulebook are silent (``rulings`` is
``research/rulings.md``; "DEFAULT" marks a choice made here):

.. list-table::
   :header-rows: 1
   :widths: 16 38 34 12

   * - Card
     - Question
     - Our answer
     - Source
   * - Seismic Ray
     - One Energy in total, or one per Destruction point?
     - 1 Energy per point; each tile still needs its full Destruction.
     - rulings §16 (DEFAULT)
   * - Seismic Ray
     - Does the must-destroy rule reach the other boroughs?
     - No: only tiles in your own borough are forced; elsewhere you may pass.
     - rulings §16 (DEFAULT)
   * - Seismic Ray
     - Is Manhattan "another borough"?
     - Yes, from an outer borough; from Manhattan every outer borough is.
     - DEFAULT
   * - Sharp Shooter
     - Which Jets earn the +1 VP?
     - Every Jet the owner destroys, in its borough or elsewhere.
     - components §1 #48
   * - Hunter, Regeneration, Chinatown Regular
     - Does card healing work in Manhattan?
     - Yes: only Heal dice are blocked there.
     - seed 000 *Effects of Manhattan*; rulings §16
   * - Leveler
     - Several Buildings in one turn?
     - +1 VP once per turn (a turn mark).
     - components §1 #31
   * - I ♥ NY Tourist
     - What counts as entering a borough?
     - Entering Manhattan, moving at the Move step, fleeing, and leaving the 5–6 space for an
       outer borough; advancing between Manhattan zones does not.
     - rulings §16 (DEFAULT)
   * - I ♥ NY Tourist
     - What happens to the Souvenirs when the card leaves play?
     - They stay on the board; a borough that has one gives nothing to any later owner.
     - rulings D26
   * - I ♥ NY Tourist
     - How many Souvenirs?
     - One per borough, so at most 5 (the 5 tokens of the box).
     - rulings §15, §16
   * - Stink Attack
     - Which moves trigger it?
     - Any move into a new borough: Manhattan entry, Move step, fleeing, leaving the 5–6 space;
       not advancing a zone.
     - rulings D27
   * - Stink Attack
     - Where may the Units go?
     - Any borough but the one entered, Manhattan included; each Unit to a different borough, so
       at most 4; the owner may stop at any time.
     - rulings D27
   * - Stink Attack
     - Does a Unit that appeared this turn stay protected?
     - Yes; the owner picks a protected or an unprotected Unit when both kinds are there
       (option ``send:<unit>:<borough>:fresh`` names a protected one).
     - rulings §16; DEFAULT (the pick)
   * - Diva
     - VP for a monster taking Superstar from the owner with 4 or more Celebrity?
     - 1 + (Celebrity − 3): only the threshold changes.
     - rulings D8
   * - Violent Star
     - Is its damage an attack? From the supply?
     - Not an attack (nobody may flee); taking Superstar from the supply deals nothing. The
       damage is dealt by the owner (it counts for Photo Op).
     - rulings §10, §16, D16
   * - Broadway Star, Ego Trip
     - When is "while you hold Superstar" checked at the start of a turn?
     - After Manhattan earnings, with the other start-of-turn cards.
     - seed 000 *Summary of a Game Turn*
   * - Power Tap
     - Once per what? Who pays?
     - Once per monster per turn, after the gain that brings that monster's Energy gained this
       turn to 3 or more; never the owner. The monster pays 1 of its Energy to the owner, whose
       gain is an ordinary Energy gain.
     - rulings D17 (DEFAULT: the owner's gain)
   * - Scavenger
     - When, which cards, what price?
     - Only in the owner's Buy step; any KEEP card of the discard pile; cost − 1, minimum 0.
       It counts as buying: the card's ON_BUY effect acts.
     - rulings §12, §16 (DEFAULT)
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.effects import (
    JETS,
    SEISMIC,
    Borough,
    Building,
    CardChoice,
    CardKind,
    CardSpec,
    Context,
    Effect,
    GameState,
    Goal,
    IllegalActionError,
    Source,
    UnitKind,
    add_marker,
    ask,
    bought,
    card_spec,
    damage,
    evolve,
    gain_energy,
    gain_vp,
    has_mark,
    heal,
    mark,
    option,
    set_borough,
    set_monster,
    spend_energy,
)

SOUVENIR = "souvenir"
"""The marker I ♥ NY Tourist puts on a borough."""
DIVA_THRESHOLD = 4
"""Celebrity another monster needs to take Superstar from a Diva owner (components §1 #16)."""
POWER_TAP_THRESHOLD = 3
"""Energy gained in one turn that makes a monster pay the Power Tap owner (components §1 #43)."""
STINK_MAX = 4
"""Units Stink Attack may send away on one move (components §1 #49)."""
DONE = "done"
"""The answer that ends Stink Attack's questions."""

_STINK = "base:stink-attack"
_LEVELER_MARK = "base:leveler:scored"
_POWER_TAP_MARK = "base:power-tap:paid-"
SEND = "send"
"""Stink Attack's option word: ``"send:<unit>:<borough>"``, ``":fresh"`` added for a Unit that
appeared this turn."""
FRESH = "fresh"
"""The last argument of a Stink Attack option that sends a Unit which appeared this turn."""
BUY = "buy"
"""Scavenger's option word: ``"buy:card:<card id>"``."""


def _alive(state: GameState, seat: int) -> bool:
    return not state.monsters[seat].eliminated


def _other_boroughs(state: GameState, seat: int) -> tuple[Borough, ...]:
    where = state.monsters[seat].location
    if where is None:
        return ()
    return tuple(b for b in Borough if b is not where.borough)


# -- destruction ---------------------------------------------------------------------------------


class _CheaperUnit(Effect):
    """Can Opener and Long Neck: one kind of Unit needs less Destruction from the owner."""

    def __init__(self, unit: UnitKind, need: int) -> None:
        self.unit = unit
        self.need = need

    def durability(
        self, state: GameState, owner: int, tile: Building | UnitKind, value: int
    ) -> int:
        return min(value, self.need) if tile is self.unit else value


class _SeismicRay(Effect):
    """Seismic Ray: the owner may spend Destruction in every other borough; the engine charges
    1 Energy per point and lets the owner pass on those optional targets."""

    def reach(self, state: GameState, owner: int) -> tuple[tuple[Borough, str], ...]:
        return tuple((b, SEISMIC) for b in _other_boroughs(state, owner))


class _SharpShooter(Effect):
    """Sharp Shooter: Jets in every borough are in reach at no extra cost; +1 VP per Jet the
    owner destroys."""

    def reach(self, state: GameState, owner: int) -> tuple[tuple[Borough, str], ...]:
        return tuple((b, JETS) for b in _other_boroughs(state, owner))

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        return gain_vp(state, owner, 1) if tile is UnitKind.JET else state


class _Hunter(Effect):
    """Hunter: heal 1 per Infantry the owner destroys (card healing works in Manhattan)."""

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        return heal(state, owner, 1) if tile is UnitKind.INFANTRY else state


class _TrophyHunter(Effect):
    """Trophy Hunter: +1 VP per Unit the owner destroys."""

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        return gain_vp(state, owner, 1) if isinstance(tile, UnitKind) else state


class _Leveler(Effect):
    """Leveler: +1 VP in each turn in which the owner destroys at least one Building."""

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        if not isinstance(tile, Building) or has_mark(state, _LEVELER_MARK):
            return state
        return gain_vp(mark(state, _LEVELER_MARK), owner, 1)


# -- entering boroughs ---------------------------------------------------------------------------


class _ChinatownRegular(Effect):
    """Chinatown Regular: heal 2 whenever the owner enters Manhattan."""

    def on_enter(self, state: GameState, owner: int, borough: Borough) -> GameState:
        return heal(state, owner, 2) if borough is Borough.MANHATTAN else state


def _place_souvenir(state: GameState, owner: int, borough: Borough) -> GameState:
    """A Souvenir on ``borough`` if it has none: +1 VP and +1 Energy for ``owner``."""
    if SOUVENIR in state.boroughs[borough].markers:
        return state
    state = add_marker(state, borough, SOUVENIR)
    state = gain_vp(state, owner, 1)
    return gain_energy(state, owner, 1)


class _Tourist(Effect):
    """I ♥ NY Tourist: a Souvenir in the owner's borough when bought, and in each borough
    without one that the owner enters; each placed gives +1 VP and +1 Energy."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        where = state.monsters[owner].location
        if where is None:
            return state
        return _place_souvenir(state, owner, where.borough)

    def on_enter(self, state: GameState, owner: int, borough: Borough) -> GameState:
        return _place_souvenir(state, owner, borough)


def _stink_sends(
    state: GameState, borough: Borough, used: tuple[Borough, ...]
) -> dict[str, tuple[UnitKind, bool, Borough]]:
    """The Units of ``borough`` Stink Attack may send now, by option: (unit, appeared this
    turn, destination)."""
    if len(used) >= STINK_MAX:
        return {}
    tiles = state.boroughs[borough]
    targets = [b for b in Borough if b is not borough and b not in used]
    sends: dict[str, tuple[UnitKind, bool, Borough]] = {}
    for unit in sorted(set(tiles.units) | set(tiles.fresh_units)):
        for fresh, present in ((False, tiles.units), (True, tiles.fresh_units)):
            if unit in present:
                for to in targets:
                    name = option(SEND, unit, to, FRESH) if fresh else option(SEND, unit, to)
                    sends[name] = (unit, fresh, to)
    return sends


def _ask_stink(
    state: GameState, owner: int, borough: Borough, used: tuple[Borough, ...]
) -> GameState:
    sends = _stink_sends(state, borough, used)
    if not sends:
        return state
    return ask(state, owner, _STINK, (*sends, DONE), (borough, *used))


def _move_unit(
    state: GameState, unit: UnitKind, fresh: bool, origin: Borough, to: Borough
) -> GameState:
    """Move one Unit between boroughs, keeping its "appeared this turn" protection."""
    field = "fresh_units" if fresh else "units"
    source = state.boroughs[origin]
    left = list(getattr(source, field))
    left.remove(unit)
    state = set_borough(state, origin, evolve(source, **{field: tuple(left)}))
    target = state.boroughs[to]
    arrived = tuple(sorted((*getattr(target, field), unit)))
    return set_borough(state, to, evolve(target, **{field: arrived}))


class _StinkAttack(Effect):
    """Stink Attack: on entering a borough the owner may send up to 4 of its Units away, each to
    a different borough, one question per Unit (``send:<unit>:<borough>`` or ``done``)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``send:<unit>:<borough>`` and ``send:<unit>:<borough>:fresh`` for every unit kind
        and borough, then ``done``."""
        return (
            *(
                name
                for unit in UnitKind
                for to in Borough
                for name in (option(SEND, unit, to), option(SEND, unit, to, FRESH))
            ),
            DONE,
        )

    def on_enter(self, state: GameState, owner: int, borough: Borough) -> GameState:
        return _ask_stink(state, owner, borough, ())

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        try:
            borough, *used = (Borough(value) for value in step.data)
        except ValueError:
            raise IllegalActionError(f"Stink Attack question with bad data {step.data}") from None
        if option == DONE:
            return state
        sends = _stink_sends(state, borough, tuple(used))
        if option not in sends:
            raise IllegalActionError(f"Stink Attack cannot {option!r} now")
        unit, fresh, to = sends[option]
        state = _move_unit(state, unit, fresh, borough, to)
        return _ask_stink(state, step.seat, borough, (*used, to))


# -- start of turn -------------------------------------------------------------------------------


class _KingOfQueens(Effect):
    """King of Queens: +1 Energy and heal 1 when the owner starts its turn in Queens."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        where = state.monsters[owner].location
        if where is None or where.borough is not Borough.QUEENS:
            return state
        return heal(gain_energy(state, owner, 1), owner, 1)


class _Regeneration(Effect):
    """Regeneration: heal 1 at the start of the owner's turn."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return heal(state, owner, 1)


# -- Superstar -----------------------------------------------------------------------------------


class _Diva(Effect):
    """Diva: other monsters need 4 Celebrity to take Superstar from the owner."""

    def superstar_threshold(self, state: GameState, owner: int, taker: int, value: int) -> int:
        if state.superstar == owner and taker != owner:
            return max(value, DIVA_THRESHOLD)
        return value


class _ViolentStar(Effect):
    """Violent Star: 2 damage to the monster the owner takes Superstar from; 1 damage to a
    monster that takes it from the owner; not an attack."""

    def on_goal_taken(
        self, state: GameState, owner: int, goal: Goal, taker: int, previous: int | None
    ) -> GameState:
        if goal is not Goal.SUPERSTAR or previous is None or previous == taker:
            return state
        if not _alive(state, owner):
            return state
        if taker == owner:
            return damage(state, {previous: 2}, Source.CARD, dealer=owner)
        if previous == owner:
            return damage(state, {taker: 1}, Source.CARD, dealer=owner)
        return state


class _SuperstarBonus(Effect):
    """Broadway Star (VP) and Ego Trip (Energy): a bonus when the owner takes Superstar and at
    the start of each of its turns while it holds Superstar."""

    def __init__(self, vp: int, energy: int) -> None:
        self.vp = vp
        self.energy = energy

    def _bonus(self, state: GameState, owner: int) -> GameState:
        if not _alive(state, owner):
            return state
        return gain_energy(gain_vp(state, owner, self.vp), owner, self.energy)

    def on_goal_taken(
        self, state: GameState, owner: int, goal: Goal, taker: int, previous: int | None
    ) -> GameState:
        if goal is Goal.SUPERSTAR and taker == owner and previous != owner:
            return self._bonus(state, owner)
        return state

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return self._bonus(state, owner) if state.superstar == owner else state


# -- Energy and the market -----------------------------------------------------------------------


class _PowerTap(Effect):
    """Power Tap: once per turn, a monster other than the owner whose Energy gained this turn
    reaches 3 pays the owner 1 Energy."""

    def after_energy_gain(self, state: GameState, owner: int, seat: int, amount: int) -> GameState:
        if seat == owner or not _alive(state, owner) or not _alive(state, seat):
            return state
        gained = state.turn.energy_gained
        paid = f"{_POWER_TAP_MARK}{seat}"
        if not gained or gained[seat] < POWER_TAP_THRESHOLD or has_mark(state, paid):
            return state
        state = mark(state, paid)
        if state.monsters[seat].energy < 1:
            return state
        return gain_energy(spend_energy(state, seat, 1), owner, 1)


def _scavengeable(state: GameState, owner: int) -> dict[str, tuple[str, int]]:
    """The KEEP cards of the discard pile ``owner`` can afford with Scavenger, by option:
    (card id, price)."""
    energy = state.monsters[owner].energy
    found: dict[str, tuple[str, int]] = {}
    for card in sorted(set(state.discard)):
        spec = card_spec(card, state)
        price = max(0, spec.cost - 1)
        if spec.kind is CardKind.KEEP and price <= energy:
            found[option(BUY, "card", card)] = (card, price)
    return found


class _Scavenger(Effect):
    """Scavenger: in the owner's Buy step, KEEP cards in the discard pile may be bought for
    1 Energy less (minimum 0); this is buying, so the card's ON_BUY effect acts."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``buy:card:<id>`` for every KEEP card in play."""
        return tuple(
            option(BUY, "card", c) for c in sorted(cards) if cards[c].kind is CardKind.KEEP
        )

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        if context is not Context.SHOP or state.turn.seat != owner or not _alive(state, owner):
            return ()
        return tuple(_scavengeable(state, owner))

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        found = _scavengeable(state, owner).get(option)
        if found is None or state.turn.seat != owner or not _alive(state, owner):
            raise IllegalActionError(f"Scavenger cannot {option!r} for seat {owner} now")
        card, price = found
        state = spend_energy(state, owner, price)
        discard = list(state.discard)
        discard.remove(card)
        m = state.monsters[owner]
        state = set_monster(state, owner, evolve(m, cards=(*m.cards, card)))
        state = evolve(state, discard=tuple(discard))
        return bought(state, owner, card)


EFFECTS: dict[str, Effect] = {
    "base:can-opener": _CheaperUnit(UnitKind.TANK, 3),
    "base:long-neck": _CheaperUnit(UnitKind.JET, 2),
    "base:seismic-ray": _SeismicRay(),
    "base:sharp-shooter": _SharpShooter(),
    "base:hunter": _Hunter(),
    "base:trophy-hunter": _TrophyHunter(),
    "base:leveler": _Leveler(),
    "base:chinatown-regular": _ChinatownRegular(),
    "base:i-love-ny-tourist": _Tourist(),
    _STINK: _StinkAttack(),
    "base:king-of-queens": _KingOfQueens(),
    "base:regeneration": _Regeneration(),
    "base:diva": _Diva(),
    "base:violent-star": _ViolentStar(),
    "base:broadway-star": _SuperstarBonus(vp=1, energy=0),
    "base:ego-trip": _SuperstarBonus(vp=0, energy=1),
    "base:power-tap": _PowerTap(),
    "base:scavenger": _Scavenger(),
}
"""Effects by card id (and token kind or turn mark where a rule outlives its card)."""
