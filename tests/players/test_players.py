"""Tests of the bundled players (``kingofny.players``).

Positions for the behaviour tests are reached by play, then edited with ``attrs.evolve`` so that
exactly the fact under test holds; the expected choices follow from the rules of the bot as its
docstring states them, and from the rulebook (seed 000, *Heal*, *Ouch!*, *Celebrity*).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingofny import (
    Action,
    Borough,
    BoroughState,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    Dice,
    EndBuying,
    Face,
    Flee,
    GameState,
    IllegalActionError,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StopRolling,
    UnitKind,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kingofny.model.city import BuildingKind as BK
from kingofny.model.city import Stack, building
from kingofny.model.steps import ChooseFace, ChooseFlee, ChooseReroll, Destroy, Shop
from kingofny.players import BUILTIN_PLAYERS, HeuristicPlayer, Player, RandomPlayer
from kingofny.testing import Scenario


def random_walk(players: int, seed: int, decisions: int) -> GameState:
    """The position after up to ``decisions`` uniformly random decisions of a seeded game."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    for _ in range(decisions):
        if state.is_terminal:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def find(players: int, predicate: Callable[[GameState], bool], seed: int = 0) -> GameState:
    """The first position of random games for which ``predicate`` holds."""
    for game in range(seed, seed + 200):
        rng = random.Random(game)
        state = new_game(players, seed=game)
        while not state.is_terminal:
            if predicate(state):
                return state
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no such position in 200 random games")


def set_monster(state: GameState, seat: int, **changes: object) -> GameState:
    monsters = list(state.monsters)
    monsters[seat] = attrs.evolve(monsters[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, monsters=tuple(monsters))


def set_borough(state: GameState, borough: Borough, tiles: BoroughState) -> GameState:
    boroughs = list(state.boroughs)
    boroughs[borough] = tiles
    return attrs.evolve(state, boroughs=tuple(boroughs))


def choose(player: Player, state: GameState) -> Action:
    seat = state.current_player
    assert seat is not None
    legal = legal_actions(state)
    action = player.choose(observe(state, seat), legal)
    assert action in legal
    return action


def play_checked(players: Sequence[Player], seed: int) -> GameState:
    """A whole game in which every choice is checked to be legal."""
    state = new_game(len(players), seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = legal_actions(state)
        action = players[seat].choose(observe(state, seat), legal)
        assert action in legal, (seat, action, legal)
        state = apply(state, action)
    return state


# -- protocol -------------------------------------------------------------------------------------


def test_bundled_players_satisfy_the_protocol() -> None:
    assert isinstance(RandomPlayer(1), Player)
    assert isinstance(HeuristicPlayer(1), Player)
    assert not isinstance(object(), Player)


def test_builtin_player_names_match_their_labels() -> None:
    assert set(BUILTIN_PLAYERS) == {"random", "heuristic", "mcts", "expectimax", "planner"}
    for name, factory in BUILTIN_PLAYERS.items():
        assert factory(0).name == name  # type: ignore[attr-defined]


@pytest.mark.parametrize("player", [RandomPlayer(0), HeuristicPlayer(0)])
def test_choosing_from_nothing_is_an_illegal_action_error(player: Player) -> None:
    with pytest.raises(IllegalActionError, match=r"^no legal action to choose from$"):
        player.choose(new_game(2, seed=1), ())


# -- random player --------------------------------------------------------------------------------


@pytest.mark.parametrize("monsters", [2, 3, 4, 5, 6])
def test_random_player_always_returns_a_legal_action(monsters: int) -> None:
    for seed in range(3):
        final = play_checked([RandomPlayer(seed * 10 + i) for i in range(monsters)], seed)
        assert final.is_terminal


def test_random_player_is_reproducible_from_its_seed() -> None:
    state = find(4, lambda s: isinstance(s.next_step, ChooseReroll))
    legal = legal_actions(state)
    assert len(legal) > 10
    a, b, other = RandomPlayer(5), RandomPlayer(5), RandomPlayer(6)
    picks_a = [a.choose(state, legal) for _ in range(20)]
    picks_b = [b.choose(state, legal) for _ in range(20)]
    picks_other = [other.choose(state, legal) for _ in range(20)]
    assert picks_a == picks_b
    assert picks_a != picks_other
    assert len(set(picks_a)) > 1  # it does choose at random


def test_random_player_picks_every_action_eventually() -> None:
    state = find(4, lambda s: isinstance(s.next_step, Shop) and len(legal_actions(s)) >= 2)
    legal = legal_actions(state)
    player = RandomPlayer(3)
    seen = {player.choose(state, legal) for _ in range(200)}
    assert seen == set(legal)


# -- heuristic player: legality -------------------------------------------------------------------


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    monsters=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    depth=st.integers(0, 400),
    bot_seed=st.integers(0, 1000),
)
def test_heuristic_player_always_returns_a_legal_action(
    monsters: int, seed: int, depth: int, bot_seed: int
) -> None:
    state = random_walk(monsters, seed, depth)
    bot = HeuristicPlayer(bot_seed)
    # From the random position, let the bot play every seat for a while.
    for _ in range(60):
        if state.is_terminal:
            break
        state = apply(state, choose(bot, state))


@pytest.mark.parametrize("monsters", [2, 3, 4, 5, 6])
def test_heuristic_players_finish_games_among_themselves(monsters: int) -> None:
    for seed in range(2):
        final = play_checked([HeuristicPlayer(i) for i in range(monsters)], seed)
        assert final.winners is not None


def test_heuristic_player_is_deterministic_given_its_seed() -> None:
    a = play_checked([HeuristicPlayer(1), RandomPlayer(2), HeuristicPlayer(3)], 11)
    b = play_checked([HeuristicPlayer(1), RandomPlayer(2), HeuristicPlayer(3)], 11)
    assert a == b


def test_heuristic_player_copes_with_actions_it_does_not_know() -> None:
    """DESIGN Contract 9 and ``HeuristicPlayer.choose``: the pick is "always one of" the legal
    actions, even among action kinds a plugin added that the bot does not know. Guards against
    a bot that answers an unknown action with one of its own making, or crashes on it: the
    unknown actions all differ, so only an answer taken from the list passes, whether they
    come first (no handler) or after the real reroll choices (the reroll handler sees them)."""

    @attrs.frozen
    class Dance(Action):
        step: int

    state = find(2, lambda s: isinstance(s.next_step, ChooseReroll))
    seat = state.current_player
    assert seat is not None
    view = observe(state, seat)
    real = legal_actions(state)
    dances = (Dance(1), Dance(2), Dance(3))
    assert len(real) > 1
    assert not set(dances) & set(real)
    for offered in (dances, (*dances, *real), (*real, *dances)):
        for bot_seed in range(10):
            pick = HeuristicPlayer(bot_seed).choose(view, offered)
            assert pick in offered, (offered, pick)
            if not isinstance(pick, Dance):
                assert pick in real
                assert apply(state, pick) != state  # a real pick is one the engine accepts


# -- heuristic player: behaviour ------------------------------------------------------------------


def _flee_position(life: int) -> GameState:
    state = find(2, lambda s: isinstance(s.next_step, ChooseFlee))
    seat = state.current_player
    assert seat is not None
    return set_monster(state, seat, life=life, vp=0)


def test_heuristic_flees_manhattan_when_badly_hurt() -> None:
    # Two monsters: one attacker outside, so the bot flees at 2 + 2 * 1 = 4 Life or less.
    action = choose(HeuristicPlayer(0), _flee_position(life=3))
    assert isinstance(action, Flee)


def test_heuristic_stays_in_manhattan_when_healthy() -> None:
    action = choose(HeuristicPlayer(0), _flee_position(life=9))
    assert isinstance(action, StayInManhattan)


def test_heuristic_flee_threshold_is_configurable() -> None:
    action = choose(HeuristicPlayer(0, flee_life=9, flee_per_attacker=0), _flee_position(life=9))
    assert isinstance(action, Flee)


def _reroll_position(dice: str, *, superstar: bool, units: tuple[UnitKind, ...] = ()) -> GameState:
    state = find(
        2,
        lambda s: (
            isinstance(s.next_step, ChooseReroll)
            and s.turn.rerolls_left == 2
            and not s.monsters[s.turn.seat].in_manhattan
        ),
    )
    seat = state.turn.seat
    where = state.monsters[seat].location
    assert where is not None
    tiles = state.boroughs[where.borough]
    state = set_borough(state, where.borough, BoroughState(tiles.stacks, units))
    state = attrs.evolve(
        state,
        turn=attrs.evolve(state.turn, dice=Dice.parse(dice)),
        superstar=seat if superstar else None,
        statue=None,
    )
    return set_monster(state, seat, life=10)


def test_heuristic_keeps_celebrity_while_superstar() -> None:
    action = choose(HeuristicPlayer(0), _reroll_position("CCCOEH", superstar=True))
    assert isinstance(action, (Reroll, StopRolling))
    if isinstance(action, Reroll):
        assert action.dice[Face.CELEBRITY] == 0


def test_heuristic_chases_superstar_with_two_celebrity() -> None:
    action = choose(HeuristicPlayer(0), _reroll_position("CCEHOO", superstar=False))
    assert isinstance(action, Reroll)
    assert action.dice[Face.CELEBRITY] == 0


def test_heuristic_rerolls_ouch_when_units_would_fire() -> None:
    units = (UnitKind.INFANTRY, UnitKind.INFANTRY, UnitKind.JET)
    action = choose(HeuristicPlayer(0), _reroll_position("CCCOOE", superstar=True, units=units))
    assert isinstance(action, Reroll)
    assert action.dice[Face.OUCH] == 2


def _resolve_position(unresolved: str, life: int, units: tuple[UnitKind, ...]) -> GameState:
    state = find(
        3,
        lambda s: isinstance(s.next_step, ChooseFace) and not s.monsters[s.turn.seat].in_manhattan,
    )
    seat = state.turn.seat
    where = state.monsters[seat].location
    assert where is not None
    tiles = state.boroughs[where.borough]
    state = set_borough(state, where.borough, BoroughState(tiles.stacks, units))
    dice = Dice.parse(unresolved)
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, dice=dice, unresolved=dice))
    return set_monster(state, seat, life=life)


def test_heuristic_heals_before_an_ouch_that_would_kill() -> None:
    units = (UnitKind.INFANTRY, UnitKind.INFANTRY)
    action = choose(HeuristicPlayer(0), _resolve_position("HHOEE", life=2, units=units))
    assert action == ResolveFace(Face.HEAL)


def test_heuristic_takes_ouch_before_healing_when_it_survives() -> None:
    units = (UnitKind.INFANTRY,)
    action = choose(HeuristicPlayer(0), _resolve_position("HHO", life=8, units=units))
    assert action == ResolveFace(Face.OUCH)


def test_heuristic_destroys_units_before_they_fire() -> None:
    units = (UnitKind.INFANTRY, UnitKind.INFANTRY)
    action = choose(HeuristicPlayer(0), _resolve_position("DDOH", life=8, units=units))
    assert action == ResolveFace(Face.DESTRUCTION)


def _destroy_position(points: int, tops: Sequence[tuple[BK, int]], life: int) -> GameState:
    state = find(3, lambda s: isinstance(s.next_step, Destroy))
    seat = state.turn.seat
    where = state.monsters[seat].location
    assert where is not None
    stacks = tuple(Stack(building(kind, d), 0) for kind, d in tops)
    state = set_borough(state, where.borough, BoroughState(stacks))
    state = attrs.evolve(state, agenda=(*state.agenda[:-1], Destroy(seat, points)))
    return set_monster(state, seat, life=life)


def test_heuristic_prefers_victory_points_at_full_life() -> None:
    tops = [(BK.HOSPITAL, 2), (BK.HIGH_RISE, 2), (BK.POWER_PLANT, 2)]
    action = choose(HeuristicPlayer(0), _destroy_position(2, tops, life=10))
    assert isinstance(action, DestroyBuilding)
    assert action.stack == 1


def test_heuristic_spends_points_on_the_best_set_of_targets() -> None:
    # 3 points at full Life: high-rise-1 and high-rise-2 together give 3 VP; hospital-3 gives
    # only Life, worth nothing at full Life. The first target is one of the two High-Rises.
    tops = [(BK.HIGH_RISE, 1), (BK.HOSPITAL, 3), (BK.HIGH_RISE, 2)]
    action = choose(HeuristicPlayer(0), _destroy_position(3, tops, life=10))
    assert isinstance(action, DestroyBuilding)
    assert action.stack in (0, 2)


def test_heuristic_heals_by_destruction_when_hurt() -> None:
    tops = [(BK.HOSPITAL, 3), (BK.HIGH_RISE, 1), (BK.POWER_PLANT, 3)]
    action = choose(HeuristicPlayer(0), _destroy_position(3, tops, life=3))
    assert action == DestroyBuilding(action.borough, 0)  # type: ignore[attr-defined]


def _shop_position(market: tuple[str, ...], energy: int) -> GameState:
    state = find(2, lambda s: isinstance(s.next_step, Shop))
    seat = state.current_player
    assert seat is not None
    state = attrs.evolve(state, market=market)
    return set_monster(state, seat, energy=energy, life=10)


def test_heuristic_never_buys_a_card_that_drops_its_victory_points() -> None:
    state = _shop_position(("base:next-stage", "base:next-stage", "base:next-stage"), energy=10)
    seat = state.current_player
    assert seat is not None
    state = set_monster(state, seat, vp=15)
    assert legal_actions(state)[0] == Buy(0)
    assert not isinstance(choose(HeuristicPlayer(0), state), Buy)


def test_heuristic_buys_an_affordable_victory_point_card() -> None:
    # Coney Island: DISCARD, +3 VP for 4 Energy (components §1).
    state = _shop_position(("base:next-stage", "base:coney-island", "base:shadow-double"), 5)
    assert choose(HeuristicPlayer(0), state) == Buy(1)


def test_heuristic_ends_buying_when_poor() -> None:
    state = _shop_position(("base:shadow-double", "base:holland-tunnel", "base:subway"), 3)
    assert choose(HeuristicPlayer(0), state) == EndBuying()


def test_destroy_unit_targets_are_handled() -> None:
    state = find(3, lambda s: isinstance(s.next_step, Destroy))
    seat = state.turn.seat
    where = state.monsters[seat].location
    assert where is not None
    empty = tuple(Stack(None, 0) for _ in range(3))
    state = set_borough(
        state, where.borough, BoroughState(empty, (UnitKind.INFANTRY, UnitKind.TANK))
    )
    state = attrs.evolve(state, agenda=(*state.agenda[:-1], Destroy(seat, 4)))
    action = choose(HeuristicPlayer(0), state)
    # A Tank is worth 3 VP (components §3.2): more than an Infantry's 1 Life.
    assert action == DestroyUnit(where.borough, UnitKind.TANK)


# -- heuristic player: Natural Selection (issue 21 §4) --------------------------------------------
# Card 33 (components.md): "If you end a turn with at least 1 Celebrity among your results, you
# lose this card and all your Life Points." 41 of 43 heuristic buyers in one series died of it.


def test_heuristic_does_not_buy_natural_selection() -> None:
    """Offered Natural Selection as the only affordable card, and hurt (its +4 Energy and heal 4
    are tempting), the bot ends buying."""
    state = (
        Scenario(["captain-fish", "kong"])
        .monster(0, energy=5, life=5)  # below the sweep threshold (8)
        .market(["natural-selection", "drink-the-hudson", "shadow-double"])
        .turn(0, at="buy")
        .build()
    )
    legal = legal_actions(state)
    assert any(isinstance(a, Buy) for a in legal)  # it could buy it
    assert isinstance(choose(HeuristicPlayer(0), state), EndBuying)


def test_heuristic_holding_natural_selection_rerolls_every_celebrity() -> None:
    """A Celebrity showing at the end of the turn would take all its Life: with rerolls left it
    rerolls each one, even holding Superstar, where a Celebrity is otherwise worth keeping."""
    state = (
        Scenario(["captain-fish", "kong"])
        .monster(0, cards=["natural-selection"], borough="queens")
        .goals(superstar=0)
        .turn(0, at="reroll", dice="CCCEEAH", rerolls_left=1)
        .build()
    )
    action = choose(HeuristicPlayer(0), state)
    assert isinstance(action, Reroll)
    assert action.dice[Face.CELEBRITY] == 3
    without = (
        Scenario(["captain-fish", "kong"])
        .monster(0, borough="queens")
        .goals(superstar=0)
        .turn(0, at="reroll", dice="CCCEEA", rerolls_left=1)
        .build()
    )
    kept = choose(HeuristicPlayer(0), without)
    assert not isinstance(kept, Reroll) or kept.dice[Face.CELEBRITY] == 0
