"""Effects of the base cards in the 'dice' group (see :mod:`kingofny.content.base.effects`):
extra dice, reroll rules, symbols added to the result, and face conversions.

Cards: Extra Head, Natural Selection, Stomp, Fury, Towering Titan, Hailing Cabs, Painbow,
Chameleon, Artificial Heart, Universal Soldier, Of Another World, Jinx Aura, Personal Spotlight,
Overload (components §1; rulings §2, §7, §13, §16).

Option notation (``UseCard(card, option)``)
-------------------------------------------

The options follow the style of :mod:`kingofny.effects.options`. Conversions are offered at the
owner's :class:`~kingofny.model.steps.ChooseFace` decision (``Context.RESOLVE``), one die per
use, in this fixed order:

- Artificial Heart: ``"convert:heal:energy"`` turns one Heal die into Energy.
- Universal Soldier: ``"convert:heal:attack"``, then ``"convert:attack:heal"``.
- Of Another World: ``"convert:heal:energy"``, then ``"convert:energy:heal"``.
- Chameleon: ``"discard:celebrity"`` discards one Celebrity die and changes nothing;
  ``"convert:X:Y"`` discards one Celebrity die and turns one *other* unresolved die showing
  face ``X`` into ``Y`` (face names, ``str()`` of :class:`~kingofny.model.dice.Face`). ``X``
  runs over the faces in :class:`~kingofny.model.dice.Face` order, ``Y`` over every other face
  in that order: at most 31 options.

A conversion needs a real unresolved die of the source face and is not offered into a face
whose type has already resolved this turn. Artificial Heart, Universal Soldier and Of Another
World never turn a die back the way another die was turned this turn (Energy to Heal after Heal
to Energy): dice are interchangeable, so any back-and-forth sequence ends as a one-way one
would, and this keeps the decision finite. Hailing Cabs asks ``"use"`` or ``"skip"``.

Bookkeeping
-----------

The result a turn resolves is kept in the turn state as follows. A conversion changes the die
in ``turn.unresolved`` and in ``turn.dice`` alike (the die now shows the new face); a
Celebrity that Chameleon discards leaves ``turn.unresolved`` only. Turn marks (cleared when the
turn ends) record what the dice alone do not show: the symbols cards added
(``"base:added-symbols:<dice>"``), the Celebrity Chameleon discarded
(``"base:chameleon:discarded:<n>"``), the Attack Painbow added (``"base:painbow:attack:<n>"``),
Hailing Cabs' choice (``"base:hailing-cabs:used"``, whose effect keeps the owner to units)
and the directions dice were converted (``"base:converted:H>E"``).
So the final result is ``turn.dice`` plus the added symbols minus the discarded Celebrity, and a
type has resolved when the final result shows it but nothing of it is unresolved.

Defaults
--------

.. list-table::
   :header-rows: 1
   :widths: 18 32 36 14

   * - Card
     - Question
     - Our answer
     - Source
   * - Extra Head, Natural Selection
     - Both held?
     - 8 dice.
     - rulings §13
   * - Natural Selection
     - Does the end-of-turn clause apply on the turn the card was bought?
     - Yes.
     - rulings D14
   * - Natural Selection
     - Which faces are checked?
     - The final result after conversions: a Celebrity Chameleon discarded does not count, a
       die Chameleon turned into Celebrity does.
     - rulings §16, D14
   * - Fury
     - When is the borough checked?
     - Once, when the result is set aside for resolution.
     - rulings §16; DEFAULT
   * - Fury
     - Is the Energy a symbol or a gain?
     - A symbol that joins the Energy group (so it pays out with the Energy dice and Overload
       applies to it; as it is not a die, no conversion can change it).
     - rulings §2; DEFAULT
   * - Towering Titan, Painbow
     - Empty-Manhattan rule?
     - Their Attack symbols are dice results like any other and deal no damage when nobody was
       in Manhattan at the start of the turn (the engine's Attack rule).
     - rulings §3, §16
   * - Hailing Cabs
     - When is it decided?
     - At the start of resolution, before any type resolves and before Painbow counts.
     - cards.py notes; rulings §16 DEFAULT adapted
   * - Hailing Cabs
     - How long does "only units" last?
     - The rest of the turn, even if the card leaves play.
     - DEFAULT
   * - Painbow
     - Exactly or at least? Cumulative?
     - At least; 2–3 Destruction give 1 Attack, 4 or more give 2 (not 3); 6 or more also
       win the game at the end of the turn, if the owner is still in the game then ("You must
       survive your entire turn in order to win"; the rulebook wins over rulings C3's "at
       once").
     - rulings D19; seed 000 *Card Clarifications*, *End of the Game*
   * - Painbow
     - Which Destruction counts?
     - The unresolved Destruction in the result, card-added ones included (Stomp, Fury,
       Hailing Cabs), after conversions: it is counted again after each conversion, until
       Destruction resolves; the Attack it adds can change until Attack resolves.
     - rulings §2, D19
   * - Chameleon
     - Which faces may a die be set to?
     - Any face, except a type that already resolved this turn (all dice of a type resolve
       together).
     - rulings §16; seed 000 *Resolve the Dice*
   * - Chameleon
     - Must a discarded Celebrity change a die?
     - No ("you can"): ``"C"`` only discards.
     - seed 000 *Card Description*
   * - Conversions
     - Can card-added symbols be converted?
     - No, only dice; one die per use, any time during resolution before its type resolves,
       in Manhattan too.
     - rulings §2, §7, §16; DEFAULT
   * - Artificial Heart, Universal Soldier, Of Another World
     - May a die be turned back?
     - Not in the same turn: no Y-to-X after an X-to-Y (same outcomes, finite play).
     - DEFAULT
   * - Of Another World
     - Dice faces or resources?
     - Dice faces, both ways. OPEN: one transcription reads "use Life as Energy and Energy as
       Life" (resources); check the physical card.
     - rulings D18
   * - Jinx Aura
     - How must rerolls be used?
     - Every reroll of at least one die; a reroll with no legal die is skipped (the engine's
       reroll rules); the owner itself is free.
     - rulings §16
   * - Personal Spotlight
     - Which roll counts?
     - The final roll as rolled (``turn.rolled``): Celebrity later discarded by Chameleon
       count; +1 VP once per turn.
     - rulings §16
   * - Overload
     - Per die or per turn?
     - The Energy group (dice and card-added Energy symbols) pays 1 less in total, minimum 0;
       once per turn because the group resolves once (no mark is needed).
     - rulings D31; DEFAULT
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.effects import (
    EMPTY_DICE,
    FACES,
    CardChoice,
    CardSpec,
    Context,
    Dice,
    Effect,
    Face,
    GameState,
    IllegalActionError,
    ask,
    discard_card,
    gain_energy,
    gain_vp,
    has_mark,
    heal,
    lose_all_life,
    mark,
    option,
    set_turn,
    win,
    withdraw_win,
)

EXTRA_HEAD = "base:extra-head"
NATURAL_SELECTION = "base:natural-selection"
STOMP = "base:stomp"
FURY = "base:fury"
TOWERING_TITAN = "base:towering-titan"
HAILING_CABS = "base:hailing-cabs"
PAINBOW = "base:painbow"
CHAMELEON = "base:chameleon"
ARTIFICIAL_HEART = "base:artificial-heart"
UNIVERSAL_SOLDIER = "base:universal-soldier"
OF_ANOTHER_WORLD = "base:of-another-world"
JINX_AURA = "base:jinx-aura"
PERSONAL_SPOTLIGHT = "base:personal-spotlight"
OVERLOAD = "base:overload"

ADDED_MARK = "base:added-symbols:"
"""Turn-mark prefix: the symbols cards added to the result this turn, in dice notation."""
DISCARDED_MARK = "base:chameleon:discarded:"
"""Turn-mark prefix: how many Celebrity Chameleon discarded this turn."""
PAINBOW_MARK = "base:painbow:attack:"
"""Turn-mark prefix: how many Attack Painbow added this turn."""
CONVERTED_MARK = "base:converted:"
"""Turn-mark prefix: a conversion card turned a die this way (``"base:converted:H>E"``)."""
UNITS_ONLY_MARK = "base:hailing-cabs:used"
"""Turn mark: Hailing Cabs added its Destruction, so only units may be destroyed this turn."""

USE = "use"
"""Hailing Cabs' answer: add 2 Destruction."""
SKIP = "skip"
"""Hailing Cabs' answer: add nothing."""
DISCARD_ONLY = option("discard", Face.CELEBRITY)
"""Chameleon's option that discards one Celebrity without changing a die."""
CONVERT = "convert"
"""The word of a conversion option: ``"convert:<from face>:<to face>"``."""

FURY_UNITS = 3
"""Units Fury needs in the owner's borough."""
NEW_CARD_ENERGY = 4
"""Energy Natural Selection and Overload give when bought."""
NEW_CARD_HEAL = 4
"""Life Natural Selection heals when bought."""
PAINBOW_WIN = 6
"""Destruction with which Painbow wins the game."""
PAINBOW_TIERS = ((4, 2), (2, 1))
"""(Destruction at least, Attack added), highest first; not cumulative (rulings D19)."""

_HAILING_SYMBOLS = Dice.parse("DD")


# -- the turn's result -------------------------------------------------------------------------


def _mark_value(state: GameState, prefix: str) -> str | None:
    for name in state.turn.marks:
        if name.startswith(prefix):
            return name[len(prefix) :]
    return None


def _set_mark_value(state: GameState, prefix: str, value: str | None) -> GameState:
    """Replace the turn mark starting with ``prefix`` (None or "" removes it)."""
    marks = [name for name in state.turn.marks if not name.startswith(prefix)]
    if value:
        marks.append(prefix + value)
    return set_turn(state, marks=tuple(sorted(marks)))


def _count_mark(state: GameState, prefix: str) -> int:
    value = _mark_value(state, prefix)
    return int(value) if value else 0


def added_symbols(state: GameState) -> Dice:
    """The symbols cards added to this turn's result (not dice; resolved ones included)."""
    value = _mark_value(state, ADDED_MARK)
    return Dice.parse(value) if value else EMPTY_DICE


def _set_added(state: GameState, symbols: Dice) -> GameState:
    return _set_mark_value(state, ADDED_MARK, str(symbols) if symbols.total else None)


def _surplus(a: Dice, b: Dice) -> Dice:
    """The part of ``a`` beyond ``b``, face by face."""
    return Dice.of_counts(max(0, x - y) for x, y in zip(a.counts, b.counts))


def discarded_celebrity(state: GameState) -> int:
    """How many Celebrity dice Chameleon discarded this turn."""
    return _count_mark(state, DISCARDED_MARK)


def final_result(state: GameState) -> Dice:
    """The current turn's result as it stands: the dice after conversions, plus the symbols
    cards added, minus the Celebrity Chameleon discarded."""
    result = state.turn.dice.plus(added_symbols(state))
    discarded = min(_count_mark(state, DISCARDED_MARK), result[Face.CELEBRITY])
    return result.minus(Dice.of([Face.CELEBRITY] * discarded))


def _resolved(state: GameState, face: Face) -> bool:
    """Whether ``face``'s type has resolved this turn (it cannot resolve a second time)."""
    return not state.turn.unresolved[face] and final_result(state)[face] > 0


def _real_dice(state: GameState, face: Face) -> int:
    """Unresolved dice showing ``face``, card-added symbols left out."""
    count = state.turn.unresolved[face]
    return max(0, count - added_symbols(state)[face]) if count else 0


def _note_added(state: GameState) -> GameState:
    """At resolution start, record what RESULT_MODIFY effects added beyond the rolled dice."""
    return _set_added(state, _surplus(state.turn.unresolved, state.turn.dice))


def _add_symbols(state: GameState, symbols: Dice) -> GameState:
    state = set_turn(state, unresolved=state.turn.unresolved.plus(symbols))
    return _set_added(state, added_symbols(state).plus(symbols))


def _remove_symbols(state: GameState, symbols: Dice) -> GameState:
    state = set_turn(state, unresolved=state.turn.unresolved.minus(symbols))
    return _set_added(state, _surplus(added_symbols(state), symbols))


def _convert(state: GameState, source: Face, target: Face) -> GameState:
    """One unresolved die showing ``source`` now shows ``target``."""
    before, after = Dice.of([source]), Dice.of([target])
    turn = state.turn
    return set_turn(
        state,
        unresolved=turn.unresolved.minus(before).plus(after),
        dice=turn.dice.minus(before).plus(after),
    )


def _check_option(card: str, option: str, offered: tuple[str, ...]) -> None:
    if option not in offered:
        choices = ", ".join(repr(o) for o in offered) or "none"
        raise IllegalActionError(f"{card} cannot use {option!r} now; it offers {choices}")


# -- Painbow -------------------------------------------------------------------------------------


def _painbow_attack(destruction: int) -> int:
    for least, attack in PAINBOW_TIERS:
        if destruction >= least:
            return attack
    return 0


def count_painbow(state: GameState, owner: int) -> GameState:
    """Painbow counts the owner's unresolved Destruction (rulings D19): 6 or more declare the
    owner a winner at the end of the turn, if it survives it (seed 000, *Card Clarifications*),
    and the Attack it adds follows the count ("at least": 6 also count as 4), until Attack
    resolves; the count is settled once Destruction resolves. Called when the
    result is set aside, after Hailing Cabs' answer and after every conversion."""
    m = state.monsters[owner]
    if (
        owner != state.turn.seat
        or m.eliminated
        or PAINBOW not in m.cards
        or _resolved(state, Face.DESTRUCTION)
    ):
        return state
    destruction = state.turn.unresolved[Face.DESTRUCTION]
    if destruction >= PAINBOW_WIN:
        state = win(state, (owner,))
    elif owner in state.turn.win_claims:
        state = withdraw_win(state, (owner,))
    if _resolved(state, Face.ATTACK):
        return state
    want = _painbow_attack(destruction)
    have = _count_mark(state, PAINBOW_MARK)
    if want > have:
        state = _add_symbols(state, Dice.of([Face.ATTACK] * (want - have)))
    elif want < have:
        drop = min(have - want, state.turn.unresolved[Face.ATTACK])
        state = _remove_symbols(state, Dice.of([Face.ATTACK] * drop))
    return _set_mark_value(state, PAINBOW_MARK, str(want) if want else None)


class Painbow(Effect):
    """Painbow (components §1 #38): 2 Destruction add 1 Attack, 4 add 2, 6 win the game at the
    end of the turn."""

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """Count the Destruction, unless Hailing Cabs still has to add its own: its answer
        triggers the count (cards.py notes: Painbow counts after every added symbol)."""
        if HAILING_CABS in state.monsters[owner].cards:
            return state
        return count_painbow(state, owner)


# -- extra dice ----------------------------------------------------------------------------------


class ExtraHead(Effect):
    """Extra Head (components §1 #20): one more (green) die."""

    def extra_dice(self, state: GameState, owner: int) -> int:
        """+1 die."""
        return 1


class NaturalSelection(Effect):
    """Natural Selection (components §1 #33): +4 Energy and heal 4 when bought; one more die;
    a turn of the owner ending with Celebrity in its result costs the card and all Life."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+4 Energy, heal 4."""
        state = gain_energy(state, owner, NEW_CARD_ENERGY)
        return heal(state, owner, NEW_CARD_HEAL)

    def extra_dice(self, state: GameState, owner: int) -> int:
        """+1 die."""
        return 1

    def on_turn_end(self, state: GameState, owner: int) -> GameState:
        """With a Celebrity in the final result (after Chameleon), lose the card, then all
        Life, also on the turn it was bought (rulings D14)."""
        m = state.monsters[owner]
        if owner != state.turn.seat or m.eliminated or NATURAL_SELECTION not in m.cards:
            return state
        if not final_result(state)[Face.CELEBRITY]:
            return state
        state = discard_card(state, owner, NATURAL_SELECTION)
        return lose_all_life(state, owner)


# -- symbols added to the result -----------------------------------------------------------------


class _AddsSymbols(Effect):
    """A card that adds symbols to its owner's final result (they join their type's group,
    rulings §2)."""

    def symbols(self, state: GameState, owner: int) -> Dice:
        """The symbols added this turn."""
        raise NotImplementedError

    def modify_result(self, state: GameState, owner: int, dice: Dice) -> Dice:
        """Add the symbols."""
        return dice.plus(self.symbols(state, owner))

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """Record the added symbols, which are not dice (conversions leave them alone)."""
        return _note_added(state)


class Stomp(_AddsSymbols):
    """Stomp (components §1 #50): +1 Destruction."""

    def symbols(self, state: GameState, owner: int) -> Dice:
        """One Destruction."""
        return Dice.of([Face.DESTRUCTION])


class ToweringTitan(_AddsSymbols):
    """Towering Titan (components §1 #58): +2 Attack."""

    def symbols(self, state: GameState, owner: int) -> Dice:
        """Two Attack."""
        return Dice.of([Face.ATTACK, Face.ATTACK])


class Fury(_AddsSymbols):
    """Fury (components §1 #23): +1 Destruction and +1 Energy while the owner's borough holds
    at least 3 units, checked once when the result is set aside (rulings §16)."""

    def symbols(self, state: GameState, owner: int) -> Dice:
        """One Destruction and one Energy, or nothing."""
        where = state.monsters[owner].location
        if where is None:
            return EMPTY_DICE
        tiles = state.boroughs[where.borough]
        if len(tiles.units) + len(tiles.fresh_units) < FURY_UNITS:
            return EMPTY_DICE
        return Dice.of([Face.DESTRUCTION, Face.ENERGY])


class HailingCabs(Effect):
    """Hailing Cabs (components §1 #25): the owner may add 2 Destruction; then it may destroy
    only units this turn."""

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """Ask before any type resolves (and before Painbow counts)."""
        return ask(state, owner, HAILING_CABS, (USE, SKIP))

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``use``, ``skip``."""
        return (USE, SKIP)

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """``"use"``: +2 Destruction and the units-only mark; then Painbow counts."""
        _check_option(HAILING_CABS, option, step.options)
        owner = step.seat
        if option == USE:
            state = _add_symbols(state, _HAILING_SYMBOLS)
            state = mark(state, UNITS_ONLY_MARK)
        return count_painbow(state, owner)


class UnitsOnly(Effect):
    """The turn mark Hailing Cabs sets: its monster destroys only units this turn."""

    def only_units(self, state: GameState, owner: int) -> bool:
        """Only units."""
        return True


# -- conversions ---------------------------------------------------------------------------------


def _option(source: Face, target: Face) -> str:
    """The option turning one die from ``source`` to ``target``: ``"convert:heal:energy"``."""
    return option(CONVERT, source, target)


def _direction(source: Face, target: Face) -> str:
    """The turn mark's note of a conversion's direction, ``"H>E"`` (the mark format)."""
    return f"{source.symbol}>{target.symbol}"


_CONVERSIONS: dict[str, tuple[Face, Face]] = {
    _option(source, target): (source, target)
    for source in FACES
    for target in FACES
    if source is not target
}
"""Every conversion option, with its (from, to) faces."""


class Conversion(Effect):
    """A card that turns unresolved dice of one face into another, one die per use, at the
    owner's ChooseFace decision (rulings §2, §7)."""

    def __init__(self, card: str, pairs: tuple[tuple[Face, Face], ...]) -> None:
        self.card = card
        """The card id."""
        self.pairs = pairs
        """(from, to) faces, in the order offered."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """One ``convert:<from>:<to>`` per pair, in the order offered."""
        return tuple(_option(source, target) for source, target in self.pairs)

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """``"convert:X:Y"`` for each pair with a real unresolved die of X, Y not yet resolved,
        and no die turned from Y into X this turn."""
        if context is not Context.RESOLVE or owner != state.turn.seat:
            return ()
        return tuple(
            _option(source, target)
            for source, target in self.pairs
            if _real_dice(state, source)
            and not _resolved(state, target)
            and not has_mark(state, CONVERTED_MARK + _direction(target, source))
        )

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """Turn one die."""
        _check_option(self.card, option, self.offers(state, owner, Context.RESOLVE))
        source, target = _CONVERSIONS[option]
        state = mark(_convert(state, source, target), CONVERTED_MARK + _direction(source, target))
        return count_painbow(state, owner)


class Chameleon(Effect):
    """Chameleon (components §1 #10; seed 000 *Card Description*): discard Celebrity results;
    for each one, the owner may set one unresolved die to any face."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``discard:celebrity``, then ``convert:<from>:<to>`` for every two faces."""
        return (
            DISCARD_ONLY,
            *(
                _option(source, target)
                for source in FACES
                for target in FACES
                if target is not source
            ),
        )

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """``"discard:celebrity"``, then ``"convert:X:Y"`` (see the module documentation)."""
        if context is not Context.RESOLVE or owner != state.turn.seat:
            return ()
        celebrity = state.turn.unresolved[Face.CELEBRITY]
        if not celebrity:
            return ()
        options = [DISCARD_ONLY]
        targets = [face for face in FACES if not _resolved(state, face)]
        for source in FACES:
            # The Celebrity being discarded cannot also be the die that changes.
            spare = 1 if source is Face.CELEBRITY else 0
            if _real_dice(state, source) <= spare:
                continue
            options.extend(_option(source, target) for target in targets if target is not source)
        return tuple(options)

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """Discard one Celebrity and change one die as the option says."""
        _check_option(CHAMELEON, option, self.offers(state, owner, Context.RESOLVE))
        state = set_turn(state, unresolved=state.turn.unresolved.minus(Dice.of([Face.CELEBRITY])))
        state = _set_mark_value(state, DISCARDED_MARK, str(_count_mark(state, DISCARDED_MARK) + 1))
        if option != DISCARD_ONLY:
            source, target = _CONVERSIONS[option]
            state = _convert(state, source, target)
        return count_painbow(state, owner)


# -- rerolls, Celebrity, Energy ------------------------------------------------------------------


class JinxAura(Effect):
    """Jinx Aura (components §1 #29): the other monsters must use every reroll they have."""

    def must_reroll(self, state: GameState, owner: int, seat: int) -> bool:
        """Everybody but the owner."""
        return seat != owner


class PersonalSpotlight(Effect):
    """Personal Spotlight (components §1 #39): +1 VP in a turn whose roll shows a Celebrity."""

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """+1 VP if the final roll, as rolled, shows a Celebrity (rulings §16)."""
        if state.turn.rolled[Face.CELEBRITY]:
            return gain_vp(state, owner, 1)
        return state


class Overload(Effect):
    """Overload (components §1 #37): +4 Energy when bought; the owner's Energy results then pay
    1 less per turn (rulings D31)."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+4 Energy."""
        return gain_energy(state, owner, NEW_CARD_ENERGY)

    def energy_gain(self, state: GameState, owner: int, seat: int, amount: int, dice: bool) -> int:
        """The owner's Energy group pays 1 less, minimum 0; other gains are untouched."""
        if dice and seat == owner:
            return max(0, amount - 1)
        return amount


_H, _E, _A = Face.HEAL, Face.ENERGY, Face.ATTACK

EFFECTS: dict[str, Effect] = {
    EXTRA_HEAD: ExtraHead(),
    NATURAL_SELECTION: NaturalSelection(),
    STOMP: Stomp(),
    FURY: Fury(),
    TOWERING_TITAN: ToweringTitan(),
    HAILING_CABS: HailingCabs(),
    UNITS_ONLY_MARK: UnitsOnly(),
    PAINBOW: Painbow(),
    CHAMELEON: Chameleon(),
    ARTIFICIAL_HEART: Conversion(ARTIFICIAL_HEART, ((_H, _E),)),
    UNIVERSAL_SOLDIER: Conversion(UNIVERSAL_SOLDIER, ((_H, _A), (_A, _H))),
    OF_ANOTHER_WORLD: Conversion(OF_ANOTHER_WORLD, ((_H, _E), (_E, _H))),
    JINX_AURA: JinxAura(),
    PERSONAL_SPOTLIGHT: PersonalSpotlight(),
    OVERLOAD: Overload(),
}
"""Effects by card id, plus the Hailing Cabs turn mark."""
