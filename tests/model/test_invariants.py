"""The invariant checker (kingofny.model.invariants): one test per invariant, each breaking that
invariant in a consistent position and expecting the problem at its JSON path (issue 7 §2, §7:
"Give it one test per invariant: break that invariant and expect it reported"). The rule each
invariant comes from is cited in the checker's module docstring and by each case's name."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import attrs
import pytest

import kingofny as k
from kingofny._engine.validation import state_problems
from kingofny.model.city import Location, Stack, Track, Zone, building
from kingofny.model.content import resolve
from kingofny.model.invariants import MAX_AGENDA, Problem
from kingofny.model.steps import (
    CardChoice,
    ChooseFace,
    ChooseReroll,
    CloseTurn,
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
)

M = k.Borough.MANHATTAN
Edit = Callable[[k.GameState], k.GameState]


@functools.cache
def playing(count: int = 4) -> k.GameState:
    """An explicit-chance game of ``count`` monsters, played at random (fixed seed) until a
    monster of turn 3 or later chooses what to reroll, with a monster in Manhattan."""
    state = k.new_game(count)
    rng = random.Random(count)
    while True:
        if state.is_chance:
            outcomes = k.chance_outcomes(state)
            state = k.apply(
                state, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            )
            continue
        if (
            state.turn.number >= 3
            and isinstance(state.next_step, ChooseReroll)
            and any(m.in_manhattan for m in state.monsters)
        ):
            return state
        state = k.apply(state, rng.choice(k.legal_actions(state)))


def paths(state: k.GameState) -> list[str]:
    return [p.path for p in state_problems(state)]


def monster(state: k.GameState, seat: int, **changes: object) -> k.GameState:
    monsters = list(state.monsters)
    monsters[seat] = attrs.evolve(monsters[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, monsters=tuple(monsters))


def turn(state: k.GameState, **changes: object) -> k.GameState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **changes))  # type: ignore[arg-type]


def agenda(state: k.GameState, *steps: k.Step) -> k.GameState:
    return attrs.evolve(state, agenda=steps)


def outside(state: k.GameState) -> int:
    """A seat outside Manhattan, not the turn's monster."""
    return next(
        s for s, m in enumerate(state.monsters) if not m.in_manhattan and s != state.turn.seat
    )


def inside(state: k.GameState) -> int:
    return next(s for s, m in enumerate(state.monsters) if m.in_manhattan)


def eliminate(state: k.GameState, seat: int) -> k.GameState:
    """A correct elimination: no life, no location, cards to the discard pile."""
    m = state.monsters[seat]
    state = attrs.evolve(state, discard=tuple(sorted(state.discard + m.cards)))
    return monster(state, seat, life=0, location=None, cards=(), tokens=(), eliminated=True)


def first_keep(state: k.GameState, kind: k.CardKind) -> str:
    return next(c for c in state.deck if k.find_card(c).kind is kind)


def holding(state: k.GameState, seat: int, card: str) -> k.GameState:
    """``card`` moved from the deck to the front of ``seat``."""
    deck = list(state.deck)
    deck.remove(card)
    state = attrs.evolve(state, deck=tuple(deck))
    return monster(state, seat, cards=(*state.monsters[seat].cards, card))


def _stack(state: k.GameState, b: int, i: int, stack: Stack) -> k.GameState:
    boroughs = list(state.boroughs)
    stacks = list(boroughs[b].stacks)
    stacks[i] = stack
    boroughs[b] = attrs.evolve(boroughs[b], stacks=tuple(stacks))
    return attrs.evolve(state, boroughs=tuple(boroughs))


def _markers(state: k.GameState, b: int, markers: tuple[str, ...]) -> k.GameState:
    boroughs = list(state.boroughs)
    boroughs[b] = attrs.evolve(boroughs[b], markers=markers)
    return attrs.evolve(state, boroughs=tuple(boroughs))


def _lose_a_tile(state: k.GameState) -> k.GameState:
    """One face-down tile gone from a stack and from the pool alike."""
    b, i = next(
        (b, i)
        for b, tiles in enumerate(state.boroughs)
        for i, s in enumerate(tiles.stacks)
        if s.hidden > 0
    )
    stack = state.boroughs[b].stacks[i]
    (tile, count), *rest = state.hidden_tiles
    pool = tuple(rest) if count == 1 else ((tile, count - 1), *rest)
    return _stack(attrs.evolve(state, hidden_tiles=pool), b, i, Stack(stack.top, stack.hidden - 1))


def _hide_without_top(state: k.GameState) -> k.GameState:
    b, i = next(
        (b, i)
        for b, tiles in enumerate(state.boroughs)
        for i, s in enumerate(tiles.stacks)
        if s.top is not None and s.hidden > 0
    )
    top = state.boroughs[b].stacks[i].top
    assert top is not None
    pool = dict(state.hidden_tiles)
    pool[top] = pool.get(top, 0) + 1
    state = attrs.evolve(state, hidden_tiles=tuple(sorted(pool.items())))
    return _stack(state, b, i, Stack(None, state.boroughs[b].stacks[i].hidden + 1))


def _two_in_manhattan(state: k.GameState) -> k.GameState:
    return monster(state, outside(state), location=Location(M, Zone.LOWER, Track.SECOND))


def _market_slot_to_discard(state: k.GameState, slot: int, *, drop: bool = False) -> k.GameState:
    """The card of market ``slot`` discarded; the slot emptied, or removed with ``drop``."""
    card = state.market[slot]
    assert card is not None
    market = list(state.market)
    if drop:
        del market[slot]
    else:
        market[slot] = None
    return attrs.evolve(state, market=tuple(market), discard=tuple(sorted((*state.discard, card))))


def _five_six_alone(state: k.GameState) -> k.GameState:
    seat = inside(state)
    where = state.monsters[seat].location
    assert where is not None
    return monster(state, seat, location=Location(M, where.zone, Track.SECOND))


CASES: list[tuple[str, Edit, str]] = [
    # -- the configuration (seed 000, *Setup*) -----------------------------------------------
    (
        "a monster played twice",
        lambda s: attrs.evolve(
            s, config=attrs.evolve(s.config, monsters=(s.config.monsters[0],) * 4)
        ),
        "$.config.monsters[1]",
    ),
    (
        "a seat plays another monster than configured",
        lambda s: monster(s, 0, monster=s.monsters[1].monster),
        "$.monsters[0].monster",
    ),
    # -- monsters (glossary *Eliminated*; rulings D34, §11) -----------------------------------
    ("a monster in the game with 0 Life", lambda s: monster(s, 1, life=0), "$.monsters[1].life"),
    ("Life above the maximum", lambda s: monster(s, 1, life=11), "$.monsters[1].life"),
    ("negative VP", lambda s: monster(s, 2, vp=-1), "$.monsters[2].vp"),
    ("negative Energy", lambda s: monster(s, 2, energy=-3), "$.monsters[2].energy"),
    (
        "an eliminated monster still standing somewhere",
        lambda s: monster(eliminate(s, 1), 1, location=k.Location(k.Borough.BRONX)),
        "$.monsters[1].location",
    ),
    (
        "an eliminated monster with Life",
        lambda s: monster(eliminate(s, 1), 1, life=3),
        "$.monsters[1].life",
    ),
    (
        "an eliminated monster still holding tokens",
        lambda s: monster(eliminate(s, 1), 1, tokens=(("web", 1),)),
        "$.monsters[1].tokens",
    ),
    (
        "an eliminated monster still holding cards",
        lambda s: holding(eliminate(s, 1), 1, first_keep(s, k.CardKind.KEEP)),
        "$.monsters[1].cards",
    ),
    (
        "a monster in the game nowhere once play started",
        lambda s: monster(s, outside(s), location=None),
        "$.monsters[{outside}].location",
    ),
    (
        "a Manhattan location without a zone",
        lambda s: monster(s, inside(s), location=Location(M)),
        "$.monsters[{inside}].location",
    ),
    (
        "an outer borough with a zone",
        lambda s: monster(s, outside(s), location=Location(k.Borough.BRONX, Zone.LOWER)),
        "$.monsters[{outside}].location",
    ),
    (
        "a DISCARD card held in front of a monster",
        lambda s: holding(s, 0, first_keep(s, k.CardKind.DISCARD)),
        "$.monsters[0].cards[{cards0}]",
    ),
    (
        "an unknown card held",
        lambda s: monster(s, 0, cards=("base:no-such-card",)),
        "$.monsters[0].cards[0]",
    ),
    (
        "an unknown token kind",
        lambda s: monster(s, 0, tokens=(("webb", 1),)),
        "$.monsters[0].tokens[0][0]",
    ),
    (
        "tokens out of order",
        lambda s: monster(s, 0, tokens=(("web", 1), ("curse", 1))),
        "$.monsters[0].tokens[1][0]",
    ),
    (
        "a token count of 0",
        lambda s: monster(s, 0, tokens=(("web", 0),)),
        "$.monsters[0].tokens[0][1]",
    ),
    # -- positions (seed 000, *How to Play*, *Controlling Manhattan*, *Advanced Rule*) --------
    (
        "three monsters in an outer borough",
        lambda s: functools.reduce(
            lambda t, seat: monster(t, seat, location=k.Location(k.Borough.QUEENS)),
            [x for x, m in enumerate(s.monsters) if not m.in_manhattan],
            s,
        ),
        "$.monsters[{third_outside}].location",
    ),
    # -- the cards (seed 000, *Setup*, *Card Description*) ------------------------------------
    (
        "a card in the deck and the discard pile",
        lambda s: attrs.evolve(s, discard=tuple(sorted((*s.discard, s.deck[0])))),
        "$.discard",
    ),
    ("a card that is nowhere", lambda s: attrs.evolve(s, deck=s.deck[1:]), "$"),
    ("the deck out of order", lambda s: attrs.evolve(s, deck=s.deck[::-1]), "$.deck"),
    ("a market of two slots", lambda s: _market_slot_to_discard(s, 2, drop=True), "$.market"),
    (
        "an empty market slot with cards left to reveal",
        lambda s: _market_slot_to_discard(s, 0),
        "$.market[0]",
    ),
    # -- the tiles (seed 000, *Setup*; components §4.2) ---------------------------------------
    ("a tile vanished", _lose_a_tile, "$.boroughs"),
    (
        "the face-down pool does not match the stacks",
        lambda s: attrs.evolve(s, hidden_tiles=s.hidden_tiles[1:]),
        "$.hidden_tiles",
    ),
    (
        "a stack with face-down tiles and no top, no reveal pending",
        _hide_without_top,
        "$.boroughs[",
    ),
    (
        "two Souvenir tokens in one borough",
        lambda s: _markers(s, 2, ("souvenir", "souvenir")),
        "$.boroughs[2].markers[1]",
    ),
    ("an unknown marker", lambda s: _markers(s, 2, ("flag",)), "$.boroughs[2].markers[0]"),
    # -- the goal cards (seed 000, *Statue of Liberty*, *Superstar*; rulings §11) -------------
    (
        "Superstar held by an eliminated monster",
        lambda s: attrs.evolve(eliminate(s, 1), superstar=1),
        "$.superstar",
    ),
    ("the Statue held by no seat", lambda s: attrs.evolve(s, statue=9), "$.statue"),
    # -- the turn (seed 000, *Roll the Dice*; rulings §13) ------------------------------------
    ("the turn of no seat", lambda s: turn(s, seat=7), "$.turn.seat"),
    ("order_seat -1", lambda s: turn(s, order_seat=-1), "$.turn.order_seat"),
    ("5 rerolls left", lambda s: turn(s, rerolls_left=5), "$.turn.rerolls_left"),
    ("2**63 rerolls left", lambda s: turn(s, rerolls_left=2**63), "$.turn.rerolls_left"),
    ("negative rerolls left", lambda s: turn(s, rerolls_left=-1), "$.turn.rerolls_left"),
    (
        "7 dice showing without an extra-die card",
        lambda s: turn(s, dice=s.turn.dice.plus(k.Dice.parse("A"))),
        "$.turn.dice",
    ),
    (
        "unresolved dice that are not among the dice showing",
        lambda s: turn(s, unresolved=k.Dice.parse("OOOOOO"), dice=k.Dice.parse("AAAAAA")),
        "$.turn.unresolved",
    ),
    ("turn marks out of order", lambda s: turn(s, marks=("z", "a")), "$.turn.marks"),
    (
        "energy gained listed for too few seats",
        lambda s: turn(s, energy_gained=(1, 2)),
        "$.turn.energy_gained",
    ),
    (
        "negative damage dealt",
        lambda s: turn(s, damage_dealt=(0, -1, 0, 0)),
        "$.turn.damage_dealt[1]",
    ),
    ("a win declared for no seat", lambda s: turn(s, win_claims=(8,)), "$.turn.win_claims[0]"),
    # -- the agenda (DESIGN *The agenda*) -----------------------------------------------------
    (
        "an agenda of more than MAX_AGENDA steps",
        lambda s: agenda(s, EndTurn(), *([MovePhase()] * MAX_AGENDA), ChooseReroll(s.turn.seat)),
        "$.agenda",
    ),
    ("a game in progress with nothing pending", lambda s: agenda(s), "$.agenda"),
    (
        "a finished game with steps pending",
        lambda s: attrs.evolve(s, winners=(0,)),
        "$.agenda",
    ),
    (
        "a bottom step that does not lead to the next turn",
        lambda s: agenda(s, Shop(s.turn.seat), ChooseReroll(s.turn.seat)),
        "$.agenda[0]",
    ),
    (
        "a continuation above the bottom",
        lambda s: agenda(s, EndTurn(), StartTurn(0), ChooseReroll(s.turn.seat)),
        "$.agenda[1]",
    ),
    ("an internal step on top", lambda s: agenda(s, EndTurn(), MovePhase()), "$.agenda[1]"),
    (
        "a decision of an eliminated monster",
        lambda s: agenda(eliminate(s, outside(s)), EndTurn(), Shop(outside(s))),
        "$.agenda[1].seat",
    ),
    (
        "a decision of no seat",
        lambda s: agenda(s, EndTurn(), Shop(9)),
        "$.agenda[1].seat",
    ),
    (
        "a tile reveal where nothing is face down",
        lambda s: agenda(s, EndTurn(), RevealTile(k.Borough.QUEENS, 0)),
        "$.agenda[1]",
    ),
    (
        "a card reveal into a full market slot",
        lambda s: agenda(s, EndTurn(), RevealCard(0)),
        "$.agenda[1]",
    ),
    (
        "a roll-off everybody has rolled",
        lambda s: agenda(s, RollOff((0, 1), (2, 3))),
        "$.agenda[0].attacks",
    ),
    (
        "a roll of more dice than exist",
        lambda s: agenda(turn(s, dice=k.Dice.parse("-")), EndTurn(), RollDice(9)),
        "$.agenda[1].count",
    ),
    (
        "a card question of an unknown card",
        lambda s: agenda(s, EndTurn(), CardChoice(0, "base:nothing", ("use",))),
        "$.agenda[1].card",
    ),
    (
        "a card question with no answer",
        lambda s: agenda(s, EndTurn(), CardChoice(s.turn.seat, "base:hailing-cabs", ())),
        "$.agenda[1]",
    ),
    (
        "a running game whose monsters are all eliminated",
        lambda s: functools.reduce(eliminate, range(4), s),
        "$.monsters",
    ),
    # -- extra turns, waiting effects, winners (rulings §11, C3) ------------------------------
    (
        "an extra turn of an eliminated monster",
        lambda s: attrs.evolve(eliminate(s, 1), extra_turns=((1, ""),)),
        "$.extra_turns[0][0]",
    ),
    (
        "an extra turn with an unknown mark",
        lambda s: attrs.evolve(s, extra_turns=((1, "base:nothing"),)),
        "$.extra_turns[0][1]",
    ),
    (
        "a waiting effect of an unknown card",
        lambda s: attrs.evolve(s, waiting=((1, "base:nothing"),)),
        "$.waiting[0][1]",
    ),
    (
        "an eliminated winner",
        lambda s: agenda(attrs.evolve(eliminate(s, 1), winners=(1,))),
        "$.winners[0]",
    ),
    (
        "winners out of order",
        lambda s: agenda(attrs.evolve(s, winners=(2, 1))),
        "$.winners[1]",
    ),
]


RULE_WORDS = {
    "a monster played twice": "played twice",
    "a seat plays another monster than configured": "seat 0 plays",
    "a monster in the game with 0 Life": "at least 1 Life",
    "Life above the maximum": "at most 10",
    "negative VP": "below 0",
    "negative Energy": "below 0",
    "an eliminated monster still standing somewhere": "eliminated monster has no location",
    "an eliminated monster with Life": "eliminated monster has 0 Life",
    "an eliminated monster still holding tokens": "eliminated monster has no tokens",
    "an eliminated monster still holding cards": "eliminated monster has no cards",
    "a monster in the game nowhere once play started": "stands somewhere",
    "a Manhattan location without a zone": "inconsistent location",
    "an outer borough with a zone": "inconsistent location",
    "a DISCARD card held in front of a monster": "only KEEP cards",
    "an unknown card held": "unknown card",
    "an unknown token kind": "unknown token kind",
    "tokens out of order": "sorted",
    "a token count of 0": "at least 1",
    "three monsters in an outer borough": "at most 2 monsters",
    "a card in the deck and the discard pile": "each card exists once",
    "a card that is nowhere": "nowhere",
    "the deck out of order": "sorted",
    "a market of two slots": "3 slots",
    "an empty market slot with cards left to reveal": "cards are left to reveal",
    "a tile vanished": "do not add up",
    "the face-down pool does not match the stacks": "face-down pool",
    "a stack with face-down tiles and no top, no reveal pending": "shows its top",
    "two Souvenir tokens in one borough": "at most one souvenir",
    "an unknown marker": "unknown marker",
    "Superstar held by an eliminated monster": "return to the supply",
    "the Statue held by no seat": "no seat 9",
    "the turn of no seat": "no seat 7",
    "order_seat -1": "no seat -1",
    "5 rerolls left": "rerolls left are 0 to 2",
    "2**63 rerolls left": "rerolls left are 0 to 2",
    "negative rerolls left": "rerolls left are 0 to 2",
    "7 dice showing without an extra-die card": "rolls 6 dice",
    "unresolved dice that are not among the dice showing": "not among the dice showing",
    "turn marks out of order": "sorted",
    "energy gained listed for too few seats": "one entry per seat",
    "negative damage dealt": "below 0",
    "a win declared for no seat": "no seat 8",
    "an agenda of more than MAX_AGENDA steps": "at most 256",
    "a game in progress with nothing pending": "pending steps",
    "a finished game with steps pending": "no pending steps",
    "a bottom step that does not lead to the next turn": "leads to the next turn",
    "a continuation above the bottom": "only the bottom step",
    "an internal step on top": "must wait for a decision or a chance outcome",
    "a decision of an eliminated monster": "makes no decisions",
    "a decision of no seat": "no seat 9",
    "a tile reveal where nothing is face down": "face-down tile on top",
    "a card reveal into a full market slot": "empty market slot",
    "a roll-off everybody has rolled": "must still roll",
    "a roll of more dice than exist": "only 8 dice",
    "a card question of an unknown card": "no card, monster or effect",
    "a card question with no answer": "nothing can happen",
    "a running game whose monsters are all eliminated": "every monster is eliminated",
    "an extra turn of an eliminated monster": "takes no turns",
    "an extra turn with an unknown mark": "unknown turn mark",
    "a waiting effect of an unknown card": "no effect of a card",
    "an eliminated winner": "cannot win",
    "winners out of order": "increasing order",
}
"""Words of the sentence each case must be reported with: a path alone can be shared by
several invariants (a monster's ``location``)."""


def _expected(state: k.GameState, path: str) -> str:
    third = [x for x, m in enumerate(state.monsters) if not m.in_manhattan][2]
    return path.format(
        outside=outside(state),
        inside=inside(state),
        third_outside=third,
        cards0=len(state.monsters[0].cards),
    )


def test_the_positions_start_consistent() -> None:
    """The cases below break one invariant each of a position that has none broken."""
    assert state_problems(playing()) == ()
    assert state_problems(playing(6)) == ()


@pytest.mark.parametrize(("name", "edit", "path"), CASES, ids=[c[0] for c in CASES])
def test_each_broken_invariant_is_reported_at_its_path(name: str, edit: Edit, path: str) -> None:
    """Issue 7 §2: the checker returns every problem as a JSON path and a sentence."""
    state = playing()
    found = state_problems(edit(state))
    expected = _expected(state, path)
    words = RULE_WORDS[name]
    assert any(p.path.startswith(expected) and words in p.message for p in found), (name, found)
    assert all(isinstance(p, Problem) and p.message for p in found)


def test_every_case_names_the_words_of_its_rule() -> None:
    assert set(RULE_WORDS) == {name for name, _, _ in CASES}


def test_two_monsters_in_manhattan_are_fine_with_five_in_the_game() -> None:
    """seed 000, *Advanced Rule*: with 5 or 6 monsters in the game Manhattan holds two, the
    second on the 5-6 space; a third is too many."""
    state = playing(6)
    assert [m.location.track for m in state.monsters if m.location and m.in_manhattan] == [
        Track.MAIN
    ]
    out = [x for x, m in enumerate(state.monsters) if not m.in_manhattan and x != state.turn.seat]
    second = monster(state, out[0], location=Location(M, Zone.LOWER, Track.SECOND))
    assert state_problems(second) == ()
    third = monster(second, out[1], location=Location(M, Zone.MIDTOWN, Track.SECOND))
    assert f"$.monsters[{out[1]}].location" in [p.path for p in state_problems(third)]


def test_manhattan_holds_one_again_once_four_monsters_are_left() -> None:
    """seed 000, *Advanced Rule*: "If the elimination of a Monster means that fewer than five
    Monsters remain in the game, from now on, there can only be one Monster in Manhattan" (the
    5-6 monster leaves, rulings C2): two in Manhattan with four left is refused, unless the
    5-6 monster's move out is pending."""
    state = playing(6)
    out = [x for x, m in enumerate(state.monsters) if not m.in_manhattan and x != state.turn.seat]
    two = monster(state, out[0], location=Location(M, Zone.LOWER, Track.SECOND))
    four_left = functools.reduce(eliminate, out[1:3], two)
    found = state_problems(four_left)
    assert any(
        p.path == f"$.monsters[{out[0]}].location" and "which holds 1" in p.message for p in found
    ), found
    leaving = agenda(four_left, *four_left.agenda, LeaveManhattan(out[0]))
    assert not any("which holds" in p.message for p in state_problems(leaving, settled=False))


def test_the_5_6_space_alone_is_refused_in_a_six_monster_game() -> None:
    """seed 000, *Advanced Rule*: "if the Monster in the 2–4 space is eliminated, the Monster
    on the 5–6 space automatically moves to the 2–4 space", so it never stands there alone."""
    state = playing(6)
    found = state_problems(_five_six_alone(state))
    assert any(p.path.endswith("location") and "2-4 space is empty" in p.message for p in found)


def test_several_problems_are_all_reported() -> None:
    """Issue 7 §2: "returning every problem", not only the first."""
    state = monster(turn(playing(), rerolls_left=9, order_seat=-1), 1, vp=-1)
    found = {p.path for p in state_problems(state)}
    assert {"$.monsters[1].vp", "$.turn.rerolls_left", "$.turn.order_seat"} <= found


def test_a_position_still_to_advance_is_checked_without_its_top_step() -> None:
    """kingofny.testing.Scenario sets up positions at internal steps (settled=False); saved
    and played positions always wait for a decision or an outcome."""
    state = agenda(playing(), EndTurn(), MovePhase())
    assert [p.path for p in state_problems(state)] == ["$.agenda[1]"]
    assert state_problems(state, settled=False) == ()


def test_a_test_position_may_leave_tiles_out_but_never_add_any() -> None:
    """``all_tiles=False`` (Scenario positions) accepts fewer than the 45 tiles, never more."""
    state = _lose_a_tile(playing())
    assert state_problems(state) != ()
    assert state_problems(state, all_tiles=False) == ()
    top = building(k.BuildingKind.HOSPITAL, 3)
    extra = attrs.evolve(state, hidden_tiles=tuple(sorted((*state.hidden_tiles, (top, 9)))))
    assert state_problems(extra, all_tiles=False) != ()


def test_setup_positions_may_have_unplaced_monsters() -> None:
    """seed 000, *How to Play*: monsters are placed in turn after the first-player roll, so an
    unplaced monster is fine while placement is pending (turn 0)."""
    state = k.new_game(4)
    assert state.turn.number == 0
    assert any(isinstance(s, (Place, RollOff)) for s in state.agenda) or state.is_chance
    assert state_problems(state) == ()
    assert state.monsters[0].location is None or isinstance(state.next_step, Place)


def test_the_last_reveals_may_finish_a_turn_nobody_survived() -> None:
    """rulings C3: everybody eliminated in one turn means nobody wins; the turn ends at once,
    but the reveals that refill the market and the stacks are kept (engine/damage.py)."""
    state = functools.reduce(eliminate, range(4), playing())
    slot_card = state.market[0]
    assert slot_card is not None
    state = attrs.evolve(
        state,
        market=(None, *state.market[1:]),
        discard=tuple(sorted((*state.discard, slot_card))),
        statue=None,
        superstar=None,
    )
    assert state_problems(agenda(state, EndTurn(), RevealCard(0)), settled=False) == ()
    assert state_problems(agenda(state, CloseTurn(), RevealCard(0)), settled=False) == ()
    assert state_problems(agenda(state, EndTurn(), ChooseFace(0)), settled=False) != ()


def test_a_state_built_by_hand_with_wrong_types_is_reported_not_crashed() -> None:
    """Bad input gets a clear answer, never a bare TypeError (issue 7 §2): attrs does not check
    types, so a hand-built state may hold anything."""
    state = monster(playing(), 0, life="ten")
    found = state_problems(state)
    assert [p.path for p in found] == ["$"]
    assert "malformed" in found[0].message


# -- the one-pass checks agree with the walks (issue 8's faster checks) ------------------------


def _tile_edits(state: k.GameState, rng: random.Random) -> k.GameState:
    """One to three random edits of the tiles of ``state``: a stack's top or count, the
    face-down pool, the units of a borough, its markers, a monster's trophies."""
    kinds = [building(kind, d) for kind in k.BuildingKind for d in (1, 2, 3)]
    boroughs, pool, monsters = list(state.boroughs), list(state.hidden_tiles), list(state.monsters)
    for _ in range(rng.randint(1, 3)):
        b = rng.randrange(len(boroughs))
        tiles = boroughs[b]
        edit = rng.randrange(7)
        if edit == 0:
            stacks = list(tiles.stacks)
            stacks[rng.randrange(len(stacks))] = Stack(
                rng.choice([None, *kinds]), rng.randint(-1, 4)
            )
            boroughs[b] = attrs.evolve(tiles, stacks=tuple(stacks))
        elif edit == 1 and pool:
            i = rng.randrange(len(pool))
            pool[i] = (pool[i][0], pool[i][1] + rng.choice([-1, 1]))
        elif edit == 2:
            pool.append((rng.choice(kinds), rng.randint(0, 2)))
            if rng.random() < 0.7:
                pool.sort(key=lambda entry: entry[0])
        elif edit == 3:
            units = [*tiles.units, rng.choice(list(k.UnitKind))]
            boroughs[b] = attrs.evolve(tiles, units=tuple(sorted(units)))
        elif edit == 4 and tiles.units:
            boroughs[b] = attrs.evolve(tiles, units=tiles.units[1:])
        elif edit == 5:
            markers = [*tiles.markers, rng.choice(["souvenir", "no-such-marker"])]
            boroughs[b] = attrs.evolve(tiles, markers=tuple(sorted(markers)))
        else:
            seat = rng.randrange(len(monsters))
            trophies = (*monsters[seat].trophies, rng.choice(list(k.UnitKind)))
            monsters[seat] = attrs.evolve(monsters[seat], trophies=tuple(sorted(trophies)))
    return attrs.evolve(
        state, boroughs=tuple(boroughs), hidden_tiles=tuple(pool), monsters=tuple(monsters)
    )


def test_the_one_pass_tile_count_never_passes_what_the_walk_refuses() -> None:
    """kingofny.model.invariants: ``tiles_add_up`` (the common case, in one pass) says "fine"
    only where ``tile_walk`` (every tile problem, where it is) finds nothing; 3,000 random edits
    of real positions, with and without all 45 tiles required."""
    from kingofny._engine.validation import content_view
    from kingofny.model import invariants

    view = content_view(resolve(("base",)))
    bases = [playing(4), playing(6), k.new_game(2, seed=3)]
    rng = random.Random(8)
    passed = refused = 0
    for _ in range(1500):
        state = _tile_edits(rng.choice(bases), rng)
        for all_tiles in (True, False):
            fast = invariants._Checker(state, view, True, all_tiles)
            try:
                fine = fast.tiles_add_up()
            except Exception:  # a broken position the fast pass cannot read: the walk says
                fine = False
            walk = invariants._Checker(state, view, True, all_tiles)
            walk.tile_walk()
            if fine:
                passed += 1
                assert walk.problems == [], walk.problems
            elif walk.problems:
                refused += 1
    assert passed > 50  # both outcomes are met often: the check is exercised both ways
    assert refused > 1000


class _OldStyleView:
    """A content view written before ``card_ids`` and ``known_ids`` existed: it delegates the
    other methods to the engine's own view."""

    def __init__(self) -> None:
        from kingofny._engine.validation import content_view

        self._view = content_view(resolve(("base",)))
        for name in ("monster_ids", "card_copies", "card_kind", "effect_ids", "max_life"):
            setattr(self, name, getattr(self._view, name))
        for name in ("max_dice", "max_rerolls", "may_add_symbols"):
            setattr(self, name, getattr(self._view, name))


@pytest.mark.parametrize(
    "edit", [lambda s: s, lambda s: monster(s, 0, cards=("base:no-such-card",))]
)
def test_a_content_view_without_the_optional_methods_finds_the_same_problems(
    edit: Edit,
) -> None:
    """``find_problems`` is public with its ``ContentView`` protocol: a view without the two
    methods added for speed (``card_ids``, ``known_ids``) is checked exactly as before."""
    from kingofny._engine.validation import content_view
    from kingofny.model.invariants import find_problems

    state = edit(playing(4))
    old = find_problems(state, _OldStyleView())  # type: ignore[arg-type]
    assert old == find_problems(state, content_view(resolve(("base",))))
