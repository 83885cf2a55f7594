"""Effects of the base cards in the 'turns' group (see kingofny.content.base.effects): cards that
change the flow of turns, the market or movement.

Next Stage, Photo Op, Tesla Cannon, New York Marathon, Columbia University, Subway, Terminal Rage,
Climb the Empire State Building and Super Speed (components §1; rulings §16, D12, D13, D15, D16,
D28). Subway's free movement is registered under the turn mark ``"base:subway"``, which is also
the card's id: the same effect sells the extra turn and, as the mark, offers the moves.

Defaults
--------

Where the cards and the rulebook are silent, this module answers as follows.

.. list-table::
   :header-rows: 1
   :widths: 18 32 38 12

   * - Card
     - Question
     - Our answer
     - Source
   * - Next Stage
     - May the split heal beyond the maximum Life?
     - No: one question ``heal:0`` to ``heal:N``, N capped at the Life missing; the rest is
       Energy. With nothing to heal there is no question.
     - rulings §16
   * - Next Stage
     - Goal cards and the Statue's 3 VP?
     - Both goal cards are kept; the VP (Statue's included) drop to 0; a later Statue loss is
       floored at 0.
     - rulings §16, D34
   * - Photo Op
     - What damage counts?
     - ``turn.damage_dealt``: damage the buyer dealt as the turn's monster by attacks or by
       cards that name it as the dealer, as assigned (not capped by the Life left); never
       Units' damage.
     - rulings D16, D4
   * - Photo Op
     - May an eliminated monster be chosen? May the buyer choose itself?
     - Eliminated: yes. Itself: no, the options are the other monsters (``seat:<n>``).
     - D16 / DEFAULT
   * - Tesla Cannon
     - In which order do the monsters discard?
     - The buyer first, then clockwise; each monster is asked (``card:<id>`` for each of its
       KEEP cards) when its turn to choose comes; a monster without KEEP cards is skipped; goal
       cards are not KEEP cards; a discarded Carapace heals nothing, the Life above the new
       maximum is cut.
     - rulings §16, D25
   * - New York Marathon
     - Which moves cost 2 Energy?
     - Every voluntary move: Move-step moves between outer boroughs, fleeing, Subway moves
       and every Super Speed move; entering an empty Manhattan or advancing at the Move step
       are free; a monster that cannot pay cannot move.
     - rulings §16, §4
   * - Columbia University
     - When, and what counts as "the next KEEP card revealed"?
     - The claim opens when the card is bought (its own replacement is the first reveal it
       sees) and waits across turns, off-turn too. Reveals made in one batch (a sweep's
       three) are simultaneous: the claimant chooses among their KEEP cards. The card is
       taken as bought at cost 0 (its ON_BUY acts: Terminal Rage's extra turn follows the
       current turn, whoever's it is) and replaced at once.
     - rulings D15, §12
   * - Subway
     - How free is the movement?
     - During the extra turn, at every decision of the monster except a card's question and
       the choice of Destruction targets (moves come between die types): move to any other
       outer borough with room, out of Manhattan included, paying New York Marathon. After a
       Subway move out of Manhattan, while it has room, the only move is ``"enter"`` (also
       paying New York Marathon: the move is the monster's choice, only its destination is
       forced): "the next monster who moves must enter Manhattan". The VP for seizing control
       comes once a turn. The normal Move step still happens.
     - rulings D13 / DEFAULT; seed 000 glossary *Flee / Drive Out*
   * - Terminal Rage
     - Which turns does the lock cover?
     - Every turn after the purchase, the extra one included; with every die showing Attack
       no reroll is possible (Jinx Aura's forced reroll is skipped).
     - rulings §16
   * - Climb the Empire State Building
     - What must show all six faces, and when?
     - The final faces of the dice at the start of resolution, after Chameleon: checked when
       the owner picks the first type to resolve (FACE_RESOLVE), so the faces Chameleon and the
       other conversions made before then count and a Celebrity Chameleon discarded does not;
       card-added symbols such as Stomp's are not dice. The owner must be in Manhattan as
       resolution starts (RESOLUTION_START); a Subway move in or out before the first type
       resolves changes nothing. Extra turns chain.
     - rulings D28 (card: "your dice show")
   * - Super Speed
     - Which moves?
     - An optional extra Move step before the first roll: outside Manhattan, ``enter`` if it
       has room (+1 VP for seizing it, rulings C1), else ``move:<borough>`` to an outer borough
       with room; in Manhattan, ``advance`` one zone (nothing in Upper Manhattan). Entering this
       way does not switch on this turn's attacks. **Open** (rulings D12): whether a
       Manhattan monster may advance with it; we allow it.
     - rulings D12, §16
   * - (extra turns)
     - What is an extra turn?
     - A full turn (Manhattan earnings at its start); play then resumes from the monster
       whose turn it followed; one owed by an eliminated monster is dropped.
     - rulings §6, §11
"""

from __future__ import annotations

from collections.abc import Mapping

from kingofny.content.base.effects.dice import discarded_celebrity
from kingofny.effects import (
    MAX_MONSTERS,
    OUTER_BOROUGHS,
    Borough,
    CardChoice,
    CardKind,
    CardSpec,
    Context,
    Destroy,
    Effect,
    Face,
    GameState,
    IllegalActionError,
    RevealCard,
    Zone,
    advance_zone,
    ask,
    capacity,
    card_spec,
    discard_card,
    enter_manhattan,
    extra_turn,
    gain_energy,
    gain_vp,
    has_mark,
    heal,
    manhattan_occupants,
    mark,
    max_life,
    move_cost,
    must_enter,
    open_boroughs,
    option,
    set_turn,
    spend_energy,
    stop_waiting,
    take_from_market,
    unmark,
    voluntary_move,
    wait_for_reveals,
)

NEXT_STAGE = "base:next-stage"
PHOTO_OP = "base:photo-op"
TESLA_CANNON = "base:tesla-cannon"
NEW_YORK_MARATHON = "base:new-york-marathon"
COLUMBIA_UNIVERSITY = "base:columbia-university"
SUBWAY = "base:subway"
"""Subway's card id, and the mark set on the extra turn it gives."""
SUBWAY_LEFT = "base:subway:left-manhattan"
"""Turn mark: a Subway move took the monster out of Manhattan; its next move must enter it."""
TERMINAL_RAGE = "base:terminal-rage"
CLIMB = "base:climb-the-empire-state-building"
CLIMB_TO_CHECK = "base:climb-the-empire-state-building:to-check"
"""Turn mark: the owner was in Manhattan as resolution started; Climb the Empire State Building
checks the faces as the first type resolves."""
SUPER_SPEED = "base:super-speed"

MARATHON_MOVE_COST = 2
"""Energy a voluntary move costs while New York Marathon is face up (components §1 #34)."""

STAY = "stay"
ENTER = "enter"
ADVANCE = "advance"
MOVE = "move"
"""The word of a move option: ``"move:<borough>"``."""
_MOVES: dict[str, Borough] = {option(MOVE, b): b for b in OUTER_BOROUGHS}
"""Option text of a move to each outer borough, e.g. ``"move:staten-island"``."""
HEAL = "heal"
"""Next Stage's option word: ``"heal:<n>"`` heals n, the rest of the VP lost is Energy."""
SEAT = "seat"
"""Photo Op's option word: ``"seat:<n>"`` chooses the monster in seat n."""
CARD = "card"
"""Tesla Cannon's and Columbia University's option word: ``"card:<card id>"``."""


def _card_option(card: str) -> str:
    return option(CARD, card)


def _option_card(answer: str) -> str:
    return answer.removeprefix(f"{CARD}:")


NEXT_STAGE_MOST_HEALED = 20
"""The most Next Stage may ever heal, for its option space (``heal:0`` to ``heal:20``): the Life
a monster may lack, 9 with the base game's maximum of 10 (11 with Carapace), with room for a
content pack's higher maximum."""


def _keep_options(cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
    """``card:<id>`` for every KEEP card, by id."""
    return tuple(_card_option(c) for c in sorted(cards) if cards[c].kind is CardKind.KEEP)


def _bad_option(card: str, option: str) -> IllegalActionError:
    return IllegalActionError(f"{card} has no option {option!r} now")


def _check_answer(step: CardChoice, option: str) -> None:
    if option not in step.options:
        raise _bad_option(step.card, option)


def _move_options(state: GameState, seat: int) -> tuple[str, ...]:
    """Voluntary moves to other outer boroughs with room that ``seat`` can pay for."""
    m = state.monsters[seat]
    if m.location is None or m.energy < move_cost(state, seat):
        return ()
    return tuple(option(MOVE, b) for b in open_boroughs(state, exclude=m.location.borough))


class NextStage(Effect):
    """Next Stage (DISCARD): VP drop to 0; each VP lost becomes 1 Energy or 1 healed, the split
    chosen in one question (components §1 #35; rulings §16)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``heal:0`` to ``heal:<NEXT_STAGE_MOST_HEALED>``."""
        return tuple(option(HEAL, n) for n in range(NEXT_STAGE_MOST_HEALED + 1))

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Drop the VP and ask how many of them to heal (the rest is Energy)."""
        lost = state.monsters[owner].vp
        if lost <= 0:
            return state
        state = gain_vp(state, owner, -lost)
        room = max(0, max_life(state, owner) - state.monsters[owner].life)
        most = min(lost, room)
        if most == 0:
            return gain_energy(state, owner, lost)
        options = tuple(option(HEAL, n) for n in range(most + 1))
        return ask(state, owner, NEXT_STAGE, options, data=(lost,))

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """Heal the chosen amount and gain the rest of the VP lost as Energy."""
        _check_answer(step, option)
        (lost,) = step.data
        healed = int(option.removeprefix(f"{HEAL}:"))
        state = heal(state, step.seat, healed)
        return gain_energy(state, step.seat, lost - healed)


class PhotoOp(Effect):
    """Photo Op (DISCARD): choose a monster; +1 VP per damage the buyer dealt it this turn
    (components §1 #41; rulings D16)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``seat:0`` to ``seat:5``."""
        return tuple(option(SEAT, s) for s in range(MAX_MONSTERS))

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Ask which other monster, eliminated ones included."""
        seats = range(len(state.monsters))
        return ask(state, owner, PHOTO_OP, tuple(option(SEAT, s) for s in seats if s != owner))

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """+1 VP per damage dealt to the chosen monster this turn."""
        _check_answer(step, option)
        target = int(option.removeprefix(f"{SEAT}:"))
        dealt = state.turn.damage_dealt
        if step.seat != state.turn.seat or not dealt:
            return state
        return gain_vp(state, step.seat, dealt[target])


class TeslaCannon(Effect):
    """Tesla Cannon (DISCARD): +2 VP; every monster, the buyer first and then clockwise,
    discards one of its KEEP cards (seed 000, *Card Description*; rulings §16)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``card:<id>`` for every KEEP card in play."""
        return _keep_options(cards)

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+2 VP, then the buyer is asked first."""
        return self._ask_from(gain_vp(state, owner, 2), owner, 0)

    def _ask_from(self, state: GameState, buyer: int, offset: int) -> GameState:
        """Ask the first monster from ``offset`` seats after the buyer that holds a KEEP card."""
        n = len(state.monsters)
        for k in range(offset, n):
            seat = (buyer + k) % n
            m = state.monsters[seat]
            if not m.eliminated and m.cards:
                options = tuple(_card_option(c) for c in m.cards)
                return ask(state, seat, TESLA_CANNON, options, data=(buyer, k))
        return state

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """Discard the chosen card, then ask the next monster."""
        _check_answer(step, option)
        card = _option_card(option)
        if card not in state.monsters[step.seat].cards:
            raise _bad_option(step.card, option)
        buyer, k = step.data
        state = discard_card(state, step.seat, card)
        return self._ask_from(state, buyer, k + 1)


class NewYorkMarathon(Effect):
    """New York Marathon (DISCARD): while face up in the market, every voluntary move costs
    2 Energy; when bought, +2 VP, +2 Energy, heal 2 (components §1 #34; rulings §16)."""

    def market_move_cost(self, state: GameState, seat: int) -> int:
        """2 Energy for any voluntary move, for every monster."""
        return MARATHON_MOVE_COST

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+2 VP, +2 Energy, heal 2."""
        state = gain_vp(state, owner, 2)
        state = gain_energy(state, owner, 2)
        return heal(state, owner, 2)


class ColumbiaUniversity(Effect):
    """Columbia University (DISCARD): +2 VP; the next KEEP card revealed into the market goes to
    the buyer for free (components §1 #13; rulings D15).

    A batch of reveals is the run of ``RevealCard`` steps on top of the agenda (a sweep's
    three); KEEP cards seen before its last reveal are noted in the turn marks
    ``base:columbia-university:seen-<seat>-<slot>`` and settled at the last one."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``card:<id>`` for every KEEP card in play."""
        return _keep_options(cards)

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """+2 VP and open the claim."""
        return wait_for_reveals(gain_vp(state, owner, 2), owner, COLUMBIA_UNIVERSITY)

    @staticmethod
    def _seen_prefix(seat: int) -> str:
        return f"{COLUMBIA_UNIVERSITY}:seen-{seat}-"

    def on_card_revealed(self, state: GameState, seat: int, slot: int) -> GameState:
        """Take the KEEP card, or, at the end of a batch of reveals that showed several, ask
        which one."""
        if (seat, COLUMBIA_UNIVERSITY) not in state.waiting:
            return state  # an earlier waiter already closed this claim during the same reveal
        prefix = self._seen_prefix(seat)
        shown = state.market[slot]
        keep = shown is not None and card_spec(shown, state).kind is CardKind.KEEP
        if state.agenda and isinstance(state.agenda[-1], RevealCard):
            # More reveals of the same batch follow: note this one and decide after the last.
            return mark(state, f"{prefix}{slot}") if keep else state
        seen = {
            int(name.removeprefix(prefix)) for name in state.turn.marks if name.startswith(prefix)
        }
        if seen:
            marks = tuple(name for name in state.turn.marks if not name.startswith(prefix))
            state = set_turn(state, marks=marks)
        if keep:
            seen.add(slot)
        cards = tuple(
            card
            for s in sorted(seen)
            if (card := state.market[s]) is not None
            and card_spec(card, state).kind is CardKind.KEEP
        )
        if not cards:
            return state
        state = stop_waiting(state, seat, COLUMBIA_UNIVERSITY)
        if len(cards) == 1:
            return take_from_market(state, seat, state.market.index(cards[0]))
        return ask(state, seat, COLUMBIA_UNIVERSITY, tuple(_card_option(c) for c in cards))

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """Take the chosen card."""
        _check_answer(step, option)
        card = _option_card(option)
        if card not in state.market:
            raise _bad_option(step.card, option)
        return take_from_market(state, step.seat, state.market.index(card))


class Subway(Effect):
    """Subway (DISCARD): heal 2 and an extra turn in which the monster may move any number of
    times at any moment (components §1 #52; rulings D13). As the turn mark ``"base:subway"`` it
    offers the moves."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``move:<borough>`` for each outer borough, then ``enter``."""
        return (*_MOVES, ENTER)

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Heal 2 (also in Manhattan) and owe the marked extra turn."""
        return extra_turn(heal(state, owner, 2), owner, mark_name=SUBWAY)

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        """During the marked turn, at the owner's decisions: moves to outer boroughs with room;
        after a Subway move out of Manhattan, while Manhattan has room, only ``"enter"``
        (glossary *Flee / Drive Out*: "If a card forces or allows a Monster to leave Manhattan
        (such as Subway) the next monster who moves must enter Manhattan")."""
        if context is not Context.DECISION or owner != state.turn.seat:
            return ()
        if not has_mark(state, SUBWAY):
            return ()
        if state.agenda and isinstance(state.agenda[-1], Destroy):
            return ()
        if has_mark(state, SUBWAY_LEFT) and must_enter(state, owner):
            return (ENTER,) if state.monsters[owner].energy >= move_cost(state, owner) else ()
        return _move_options(state, owner)

    def use(self, state: GameState, owner: int, option: str) -> GameState:
        """Make the move (paying New York Marathon, as for every move Subway allows); leaving
        Manhattan sets :data:`SUBWAY_LEFT`, entering it clears the mark."""
        if option not in self.offers(state, owner, Context.DECISION):
            raise _bad_option(SUBWAY, option)
        state = spend_energy(state, owner, move_cost(state, owner)) if option == ENTER else state
        if option == ENTER:
            state = unmark(state, SUBWAY_LEFT)
            return enter_manhattan(state, owner)
        leaving = state.monsters[owner].in_manhattan
        state = voluntary_move(state, owner, _MOVES[option])
        return mark(state, SUBWAY_LEFT) if leaving else state


_ATTACK_ONLY = frozenset({Face.ATTACK})


class TerminalRage(Effect):
    """Terminal Rage (KEEP): an extra turn when bought; the owner can never reroll Attack dice
    again (components §1 #54; rulings §16)."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Owe an extra turn right after this one."""
        return extra_turn(state, owner)

    def locked_faces(self, state: GameState, owner: int, seat: int) -> frozenset[Face]:
        """Attack dice are locked for the owner only."""
        return _ATTACK_ONLY if seat == owner else frozenset()


class ClimbTheEmpireStateBuilding(Effect):
    """Climb the Empire State Building (KEEP): in Manhattan, dice showing all six faces give
    +2 VP and an extra turn (components §1 #12; rulings D28)."""

    def on_resolution_start(self, state: GameState, owner: int) -> GameState:
        """Note that the owner is in Manhattan as resolution starts (rulings D28: "you must be in
        Manhattan then"); the faces are checked as the first type resolves."""
        if owner == state.turn.seat and state.monsters[owner].in_manhattan:
            return mark(state, CLIMB_TO_CHECK)
        return state

    def before_face_resolves(self, state: GameState, owner: int, face: Face) -> GameState:
        """Check the final faces once, as the first type is about to resolve: after the
        conversions made so far (rulings D28: "after Chameleon"), without the Celebrity
        Chameleon discarded (they are no longer dice showing)."""
        if owner != state.turn.seat or not has_mark(state, CLIMB_TO_CHECK):
            return state
        state = unmark(state, CLIMB_TO_CHECK)
        dice = state.turn.dice
        discarded = discarded_celebrity(state)
        if not all(dice[f] - (discarded if f is Face.CELEBRITY else 0) > 0 for f in Face):
            return state
        return extra_turn(gain_vp(state, owner, 2), owner)


class SuperSpeed(Effect):
    """Super Speed (KEEP): before rolling, the owner may make one more move with the normal Move
    options (components §1 #53; rulings D12)."""

    def option_space(self, cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
        """``stay``, ``enter``, ``advance``, then ``move:<borough>`` for each outer borough."""
        return (STAY, ENTER, ADVANCE, *_MOVES)

    def _options(self, state: GameState, owner: int) -> tuple[str, ...]:
        m = state.monsters[owner]
        where = m.location
        if where is None or m.energy < move_cost(state, owner):
            return ()
        if where.in_manhattan:
            return (ADVANCE,) if where.zone is not Zone.UPPER else ()
        if len(manhattan_occupants(state)) < capacity(state):
            return (ENTER,)
        return _move_options(state, owner)

    def before_roll(self, state: GameState, owner: int) -> GameState:
        """Ask whether to move, if any move is possible."""
        options = self._options(state, owner)
        return ask(state, owner, SUPER_SPEED, (STAY, *options)) if options else state

    def choose(self, state: GameState, step: CardChoice, option: str) -> GameState:
        """Make the chosen move; every Super Speed move is voluntary (New York Marathon)."""
        _check_answer(step, option)
        seat = step.seat
        if option == STAY:
            return state
        if option in _MOVES:
            return voluntary_move(state, seat, _MOVES[option])
        state = spend_energy(state, seat, move_cost(state, seat))
        return enter_manhattan(state, seat) if option == ENTER else advance_zone(state, seat)


EFFECTS: dict[str, Effect] = {
    NEXT_STAGE: NextStage(),
    PHOTO_OP: PhotoOp(),
    TESLA_CANNON: TeslaCannon(),
    NEW_YORK_MARATHON: NewYorkMarathon(),
    COLUMBIA_UNIVERSITY: ColumbiaUniversity(),
    SUBWAY: Subway(),
    TERMINAL_RAGE: TerminalRage(),
    CLIMB: ClimbTheEmpireStateBuilding(),
    SUPER_SPEED: SuperSpeed(),
}
"""Effects by card id; ``"base:subway"`` is also the mark of Subway's extra turn."""
