"""The OpenSpiel game (issue 9, *Adapters*), checked with OpenSpiel's own random_sim_test."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import kingofny  # noqa: E402
import kingofny.envs.openspiel  # noqa: E402 - registers python_kingofny
from kingofny import ArgumentError, ChanceKind, Dice, DiceRoll, GameState  # noqa: E402
from kingofny.envs.openspiel import GAME_NAME, KingOfNYGame  # noqa: E402
from kingofny.ids import ActionIds, OutcomeIds, observation_names  # noqa: E402
from kingofny.testing import Scenario, play, reroll  # noqa: E402


@pytest.mark.parametrize("players", [2, 4, 6])
def test_openspiels_random_sim_test_passes(players: int) -> None:
    """Issue 9: "A framework's own checker ... is better than our imitation of it"; states
    serialise (OpenSpiel's history of actions)."""
    game = pyspiel.load_game(f"python_kingofny(players={players})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_info_matches_the_codecs() -> None:
    """Issue 9: "explicit stochastic chance mapped 1:1 onto OutcomeIds"."""
    game = pyspiel.load_game("python_kingofny(players=3)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == ActionIds().size
    assert game.max_chance_outcomes() == OutcomeIds().size
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
    assert len(state.observation_tensor(0)) == len(observation_names())


# -- the parameters are checked when the game is loaded ------------------------------------------

RANGE = r"python_kingofny\(players\): expected an int from 2 to 6 .*got "


def test_the_declared_parameters_are_the_ones_checked() -> None:
    """Issue 23 §1: every parameter the game declares is checked; it declares ``players`` only
    (a new one needs its own check and test here)."""
    game = pyspiel.load_game(GAME_NAME)
    assert game.get_parameters() == {"players": 4}
    assert game.num_players() == 4


@pytest.mark.parametrize("players", [0, 1, 7, 8, -1, -4, 100])
def test_load_game_refuses_a_player_count_out_of_range(players: int) -> None:
    """Issue 23 §1: ``load_game`` with ``players`` outside 2-6 fails at once, naming the
    parameter and the range, not later at ``new_initial_state()``; a ValueError for code that
    does not know kingofny's errors."""
    with pytest.raises(ArgumentError, match=RANGE + str(players)) as caught:
        pyspiel.load_game(GAME_NAME, {"players": players})
    assert isinstance(caught.value, ValueError)
    assert caught.value.field == "python_kingofny(players)"
    with pytest.raises(ArgumentError, match=RANGE + str(players)):
        pyspiel.load_game(f"{GAME_NAME}(players={players})")


@pytest.mark.parametrize("players", [2.5, 4.0, "four", True])
def test_load_game_refuses_a_player_count_of_another_type(players: Any) -> None:
    """Issue 23 §1: these fail at load time too: OpenSpiel (2.0) checks a value's type against
    the declared default (an int) before the game's constructor runs, and the constructor
    refuses what an OpenSpiel that let it through would pass on."""
    with pytest.raises((pyspiel.SpielError, ArgumentError), match="players"):
        pyspiel.load_game(GAME_NAME, {"players": players})


def test_load_game_refuses_an_unknown_parameter() -> None:
    """Issue 23 §1: a parameter the game does not declare fails at load time (OpenSpiel's own
    check, else the constructor's)."""
    with pytest.raises((pyspiel.SpielError, ArgumentError), match="seats"):
        pyspiel.load_game(GAME_NAME, {"seats": 3})


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"players": 7}, RANGE + "7"),
        ({"players": 1}, RANGE + "1"),
        ({"players": True}, RANGE + "True"),
        ({"players": 4.0}, RANGE + "4.0"),
        ({"players": "4"}, RANGE + "'4'"),
        ({"players": None}, RANGE + "None"),
        ({"seats": 3}, r"python_kingofny\(seats\): unknown parameter; the game has: players"),
    ],
)
def test_the_constructor_checks_its_parameters(params: dict[str, Any], match: str) -> None:
    """Issue 23 §1: built directly (without OpenSpiel's type check), the game checks the names,
    types and range of its parameters itself."""
    with pytest.raises(ArgumentError, match=match):
        KingOfNYGame(params)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_load_game_accepts_2_to_6_players(players: int) -> None:
    """Issue 23 §1: every valid player count loads and plays that many monsters."""
    for game in (
        pyspiel.load_game(GAME_NAME, {"players": players}),
        pyspiel.load_game(f"{GAME_NAME}(players={players})"),
        KingOfNYGame({"players": players}),
    ):
        assert game.num_players() == players
        assert game.get_parameters() == {"players": players}
        state = game.new_initial_state()
        assert len(state.game_state.monsters) == players
    assert KingOfNYGame().num_players() == 4


# -- the outcome list of a roll is built once per number of dice ---------------------------------


def uncached(state: GameState) -> list[tuple[int, float]]:
    """The outcome list as the adapter computed it before the cache: the codec's ids, sorted,
    with their exact probabilities as floats."""
    return [(i, float(p)) for i, p in OutcomeIds().outcomes(state)]


def multinomial(count: int) -> list[tuple[int, float]]:
    """Every roll of ``count`` fair six-sided dice with its probability, derived independently of
    the engine: a multiset of faces with counts c1..c6 comes up in count!/(c1!...c6!) of the
    6**count equally likely sequences."""
    codec = OutcomeIds()
    probabilities: dict[int, Fraction] = {}
    for faces in itertools.combinations_with_replacement(range(6), count):
        counts = Counter(faces)
        ways = math.factorial(count)
        for c in counts.values():
            ways //= math.factorial(c)
        dice = Dice.of_counts(counts[face] for face in range(6))
        probabilities[codec.encode(DiceRoll(dice))] = Fraction(ways, 6**count)
    assert len(probabilities) == math.comb(count + 5, 5)
    assert sum(probabilities.values()) == 1
    return sorted((i, float(p)) for i, p in probabilities.items())


def rolling(count: int) -> Any:
    """An OpenSpiel state waiting for a roll of ``count`` dice (1 to 8): a monster with two
    extra-die cards rerolls ``count`` of its 8 dice."""
    position = (
        Scenario(["kong", "mantis"])
        .monster(0, cards=["extra-head", "natural-selection"])
        .turn(0, at="reroll", dice="AAAAAAAA", rerolls_left=1)
        .build()
    )
    position = play(position, reroll("A" * count))
    pending = kingofny.waiting_for(position)
    assert pending is not None
    assert pending.chance_kind is ChanceKind.DICE
    state = pyspiel.load_game(GAME_NAME, {"players": 2}).new_initial_state()
    state.game_state = position
    assert state.is_chance_node()
    return state


@pytest.mark.parametrize("count", range(1, 9))
def test_a_rolls_outcomes_are_exactly_the_uncached_ones(count: int) -> None:
    """Issue 23 §1: the outcome list of a roll of 1 to 8 dice, first call or repeated, equals the
    uncached computation and the multinomial probabilities, id for id and float for float."""
    state = rolling(count)
    expected = multinomial(count)
    assert uncached(state.game_state) == expected
    first = state.chance_outcomes()
    again = state.chance_outcomes()
    assert first == expected
    assert again == expected
    assert len(again) == math.comb(count + 5, 5)
    assert abs(sum(p for _, p in again) - 1.0) < 1e-12


def test_a_repeated_roll_is_not_listed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 §1: once a roll of 8 dice has been listed, another such node is served from the
    cache (the codec is not asked again); a tile reveal still is."""
    state = rolling(8)
    expected = state.chance_outcomes()
    calls: list[GameState] = []
    listing = OutcomeIds.outcomes

    def counted(self: OutcomeIds, position: GameState) -> list[tuple[int, Fraction]]:
        calls.append(position)
        return listing(self, position)

    monkeypatch.setattr(OutcomeIds, "outcomes", counted)
    assert rolling(8).chance_outcomes() == expected
    assert calls == []
    reveal = pyspiel.load_game(GAME_NAME).new_initial_state()
    pending = kingofny.waiting_for(reveal.game_state)
    assert pending is not None
    assert pending.chance_kind is ChanceKind.TILE
    listed = reveal.chance_outcomes()
    assert calls == [reveal.game_state]
    assert listed == uncached(reveal.game_state)


def test_each_call_returns_a_list_of_its_own() -> None:
    """Issue 23 §1: the cached list is shared, but a caller that changes the list it got does not
    change the next call's."""
    state = rolling(3)
    got = state.chance_outcomes()
    got.clear()
    assert state.chance_outcomes() == multinomial(3)


def test_reveals_and_rolls_along_a_game_match_the_uncached_lists() -> None:
    """Issue 23 §1: tile and card reveals depend on the face-down pool and the deck, rolls on the
    number of dice; at every chance node of random games the adapter's list is the uncached
    one (a cache keyed on the kind of chance alone would fail here)."""
    rng = random.Random(23)
    seen: Counter[ChanceKind] = Counter()
    distinct: dict[ChanceKind, set[tuple[tuple[int, float], ...]]] = {}
    for players in (4, 2):
        state = pyspiel.load_game(GAME_NAME, {"players": players}).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                listed = state.chance_outcomes()
                assert listed == uncached(state.game_state)
                pending = kingofny.waiting_for(state.game_state)
                assert pending is not None
                assert pending.chance_kind is not None
                seen[pending.chance_kind] += 1
                distinct.setdefault(pending.chance_kind, set()).add(tuple(listed))
                ids, weights = zip(*listed)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert set(seen) == set(ChanceKind), seen
    assert len(distinct[ChanceKind.TILE]) > 1
    assert len(distinct[ChanceKind.CARD]) > 1
