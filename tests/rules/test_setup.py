"""Setup: tiles, cards, dials, the first-player roll and placement (seed 000 and 001, *Setup* and
*How to Play*; rulings §5, D29)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import kingofny as k
from kingofny.errors import ArgumentError
from kingofny.model.city import BASE_TILES, OUTER_BOROUGHS
from kingofny.model.steps import Place, RevealCard, RevealTile, RollDice, RollOff, StartTurn
from kingofny.testing import card, check_state, play, roll, tile

HR1 = "high-rise-1"


def reveal_everything(state: k.GameState) -> k.GameState:
    """Reveal the 15 stack tops (all High-Rise 1) and three market cards."""
    while isinstance(state.next_step, RevealTile):
        state = play(state, tile(HR1))
    for name in ("stomp", "drain", "carapace"):
        assert isinstance(state.next_step, RevealCard)
        state = play(state, card(name))
    return state


def test_the_city_has_15_stacks_of_3_building_side_up() -> None:
    """seed 000 *Setup*: "form stacks of 3 Building tiles ... Place 3 of these stacks in each
    borough" (Manhattan included: five boroughs, 15 stacks)."""
    state = k.new_game(4)
    assert len(state.boroughs) == 5
    for b in k.Borough:
        stacks = state.borough(b).stacks
        assert [s.hidden for s in stacks] == [3, 3, 3]
    reveals = [s for s in state.agenda if isinstance(s, RevealTile)]
    assert len(reveals) == 15


def test_the_top_building_of_each_stack_is_revealed_as_a_chance_event() -> None:
    """seed 000 *Setup*: "Don't look at the buildings below the top one"; DESIGN Contract 5/6:
    each reveal is a chance node drawing from the face-down multiset."""
    state = k.new_game(4)
    assert state.is_chance
    outcomes = k.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    assert dict((o.building, p) for o, p in outcomes if isinstance(o, k.TileDraw)) == {
        b: Fraction(n, 45) for b, n in BASE_TILES
    }
    state = reveal_everything(state)
    for b in k.Borough:
        for stack in state.borough(b).stacks:
            assert stack.top == k.Building.parse(HR1)
            assert stack.hidden == 2
    assert sum(n for _, n in state.hidden_tiles) == 30
    check_state(state)


def test_there_are_45_tiles_22_infantry_14_jet_9_tank_backs() -> None:
    """seed 000 *Contents*: 45 Building/Unit tiles; *Tile Description*: durability 1 → Infantry,
    2 → Jet, 3 → Tank (distribution: components §3.2)."""
    state = k.new_game(2)
    pool = Counter(dict(state.hidden_tiles))
    assert sum(pool.values()) == 45
    by_unit: Counter[k.UnitKind] = Counter()
    for b, n in pool.items():
        by_unit[b.unit] += n
    assert by_unit == {k.UnitKind.INFANTRY: 22, k.UnitKind.JET: 14, k.UnitKind.TANK: 9}


def test_64_cards_are_shuffled_into_a_deck_and_3_are_revealed() -> None:
    """seed 000 *Setup*: "Shuffle all the cards — except the 2 special cards — ... Put the top 3
    cards of the deck face-up"."""
    state = k.new_game(3)
    assert len(state.deck) == 64
    assert state.market == (None, None, None)
    assert [s.slot for s in state.agenda if isinstance(s, RevealCard)] == [2, 1, 0]
    state = reveal_everything(state)
    assert len(state.deck) == 61
    assert state.market == ("base:stomp", "base:drain", "base:carapace")
    assert not set(state.market) & set(state.deck)


def test_goal_cards_start_beside_the_deck() -> None:
    """seed 000 *Setup*: "Place the 2 special cards, Statue of Liberty and Superstar, face-up
    beside the deck"."""
    state = k.new_game(4)
    assert state.superstar is None
    assert state.statue is None
    assert "Superstar" not in {c for c in state.deck}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_monsters_start_with_10_life_0_vp_0_energy(players: int) -> None:
    """seed 000 *Setup*: "sets the dials to 10 Life Points and 0 Victory Points"; Energy comes
    from a pool (none to start)."""
    state = k.new_game(players)
    assert len(state.monsters) == players
    for m in state.monsters:
        assert (m.life, m.vp, m.energy, m.cards, m.location) == (10, 0, 0, (), None)


def test_first_player_roll_uses_8_dice_and_most_attacks_goes_first() -> None:
    """seed 000 *How to Play*: "each player rolls the 6 black dice and the 2 green dice, and
    whoever rolls the most Attacks starts the game"."""
    state = reveal_everything(k.new_game(3))
    assert isinstance(state.next_step, RollOff)
    outcomes = k.chance_outcomes(state)
    assert len(outcomes) == 1287  # multisets of 8 dice: C(13, 5)
    assert all(isinstance(o, k.DiceRoll) and o.dice.total == 8 for o, _ in outcomes)
    with pytest.raises(k.IllegalActionError, match=r"^expected 8 dice, got 6 \(AAAAAA\)$"):
        k.apply(state, roll("AAAAAA"))
    state = play(state, roll("AEEEEEEE"), roll("AAAEEEEE"), roll("AAEEEEEE"))
    assert state.turn.seat == 1
    assert isinstance(state.next_step, Place)
    assert state.current_player == 1


def test_tied_first_player_roll_is_rerolled_among_the_tied_only() -> None:
    """rulings D29 (§5): "tied players reroll among themselves"."""
    state = reveal_everything(k.new_game(4))
    state = play(state, roll("AAEEEEEE"), roll("AAAEEEEE"), roll("EEEEEEEE"), roll("AAAEEEEE"))
    assert isinstance(state.next_step, RollOff)
    assert state.next_step.contenders == (1, 3)
    state = play(state, roll("AEEEEEEE"), roll("AAEEEEEE"))
    assert state.turn.seat == 3
    assert state.current_player == 3


def test_placement_goes_clockwise_from_the_first_player_never_in_manhattan() -> None:
    """seed 000 *How to Play*: "Starting with the first player, and going clockwise: Place your
    Monster in the borough of your choice, except Manhattan. There can be no more than 2
    Monsters in any borough." Then the first player's turn starts (no one in Manhattan)."""
    state = reveal_everything(k.new_game(5))
    state = play(
        state, roll("EEEEEEEE"), roll("EEEEEEEE"), roll("AEEEEEEE"), roll("EEEEEEEE"), roll("E" * 8)
    )
    order = []
    for _ in range(5):
        seat = state.current_player
        assert seat is not None
        order.append(seat)
        legal = k.legal_actions(state)
        assert all(isinstance(a, k.PlaceMonster) for a in legal)
        boroughs = {a.borough for a in legal if isinstance(a, k.PlaceMonster)}
        assert k.Borough.MANHATTAN not in boroughs
        state = play(state, k.PlaceMonster(k.Borough.QUEENS) if seat in (2, 3) else legal[0])
    assert order == [2, 3, 4, 0, 1]
    with pytest.raises(ArgumentError, match=r"^PlaceMonster\.borough: "):
        k.PlaceMonster(k.Borough.MANHATTAN)  # not even an action (issue 7 §3)
    assert state.monsters[2].location == k.Location(k.Borough.QUEENS)
    assert state.monsters[3].location == k.Location(k.Borough.QUEENS)
    assert all(not m.in_manhattan for m in state.monsters)
    assert state.turn.seat == 2
    assert state.turn.number == 1
    assert isinstance(state.next_step, RollDice)


def test_a_full_borough_is_not_offered_at_placement() -> None:
    """seed 000 *How to Play*: "There can be no more than 2 Monsters in any borough"."""
    state = reveal_everything(k.new_game(3))
    state = play(state, roll("AEEEEEEE"), roll("E" * 8), roll("E" * 8))
    state = play(state, k.PlaceMonster(k.Borough.BRONX), k.PlaceMonster(k.Borough.BRONX))
    legal = k.legal_actions(state)
    assert k.PlaceMonster(k.Borough.BRONX) not in legal
    assert set(legal) == {k.PlaceMonster(b) for b in OUTER_BOROUGHS if b is not k.Borough.BRONX}
    with pytest.raises(
        k.IllegalActionError, match=r"^place bronx is not legal for seat 2 at place; "
    ):
        k.apply(state, k.PlaceMonster(k.Borough.BRONX))


def test_seeded_setup_reaches_the_first_turn_reproducibly() -> None:
    """DESIGN Contract 5: a seeded game resolves the setup's chance (15 tile reveals, 3 cards,
    the roll-off) by itself, the same way every time."""
    a = k.new_game(4, seed=11)
    b = k.new_game(4, seed=11)
    assert a == b
    assert not a.is_chance
    assert isinstance(a.next_step, Place)
    assert all(s.top is not None for bs in a.boroughs for s in bs.stacks)
    assert None not in a.market
    assert not any(isinstance(s, StartTurn) for s in a.agenda[-1:])
