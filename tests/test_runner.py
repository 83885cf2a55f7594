"""Tests of the game runner (``kingofny.runner``): play_game, its illegal-move policy, records that
replay exactly, and seat-rotated series (DESIGN, Contract 8 and 9)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pytest

from kingofny import (
    Action,
    ConfigError,
    GameState,
    PlayerError,
    StopRolling,
    replay,
)
from kingofny.errors import ArgumentError
from kingofny.model.outcomes import Outcome
from kingofny.players import HeuristicPlayer, RandomPlayer
from kingofny.runner import (
    GameResult,
    PlayerFactory,
    TournamentSummary,
    play_game,
    seating,
)
from kingofny.tournament.series import simulate


class Recorder:
    """A random player that remembers what it was shown and which hooks ran."""

    name = "recorder"

    def __init__(self, seed: int) -> None:
        self.inner = RandomPlayer(seed)
        self.views: list[GameState] = []
        self.started: list[int] = []
        self.ended: list[tuple[int, ...] | None] = []

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        return self.inner.choose(view, legal)

    def on_game_start(self, view: GameState, seat: int) -> None:
        assert view.rng is None
        self.started.append(seat)

    def on_game_end(self, view: GameState, winners: tuple[int, ...] | None) -> None:
        self.ended.append(winners)


class Cheater:
    """Always returns ``bad``, legal or not."""

    name = "cheater"

    def __init__(self, bad: object) -> None:
        self.bad = bad
        self.calls = 0

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        self.calls += 1
        return self.bad  # type: ignore[return-value]


class Crasher:
    name = "crasher"

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        raise ZeroDivisionError("boom")


class Fragile(RandomPlayer):
    """Plays randomly, but its hooks raise."""

    def on_game_start(self, view: GameState, seat: int) -> None:
        raise RuntimeError("no start for me")


def randoms(n: int, base: int = 0) -> list[RandomPlayer]:
    return [RandomPlayer(base + i) for i in range(n)]


# -- play_game ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("monsters", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_record_replays_to_the_same_final_state(monsters: int, seed: int) -> None:
    result = play_game([HeuristicPlayer(seed), *randoms(monsters - 1, seed)], seed=seed)
    assert result.final_state.is_terminal
    assert result.winners == result.final_state.winners
    assert result.record.winners == result.winners
    assert replay(result.record) == result.final_state


def test_record_holds_every_decision_and_chance_outcome() -> None:
    result = play_game(randoms(4), seed=9)
    decisions = result.record.decisions
    assert len(decisions) == result.decisions == sum(result.decisions_by_seat)
    chance = [e for e in result.record.events if e.seat is None]
    # Setup alone reveals 15 tiles and 3 cards and rolls the first-player dice.
    assert len(chance) > 15 + 3 + 4
    assert all(isinstance(e.move, Outcome) for e in chance)
    assert all(isinstance(e.move, Action) for e in decisions)
    assert result.turns == result.final_state.turn.number > 0


def test_the_same_seed_and_players_give_the_same_game() -> None:
    a = play_game([HeuristicPlayer(1), *randoms(3, 1)], seed=42)
    b = play_game([HeuristicPlayer(1), *randoms(3, 1)], seed=42)
    c = play_game([HeuristicPlayer(1), *randoms(3, 1)], seed=43)
    assert a == b
    assert a.record != c.record


def test_a_game_without_seed_gets_one_and_stays_reproducible() -> None:
    result = play_game(randoms(3))
    seed = result.record.config.seed
    assert isinstance(seed, int)
    assert replay(result.record) == result.final_state
    assert play_game(randoms(3), seed=seed).final_state == result.final_state


def test_monsters_are_seated_as_given() -> None:
    result = play_game(randoms(3), monsters=["kong", "mantis", "sheriff"], seed=1)
    assert result.record.config.monsters == ("base:kong", "base:mantis", "base:sheriff")


def test_players_see_views_without_the_seed_and_their_hooks_run() -> None:
    players = [Recorder(i) for i in range(3)]
    result = play_game(players, seed=5)
    for seat, player in enumerate(players):
        assert player.started == [seat]
        assert player.ended == [result.winners]
        assert player.views
        assert all(v.rng is None and v.config.seed is None for v in player.views)
        assert all(v.current_player == seat for v in player.views)
    assert sum(len(p.views) for p in players) == result.decisions


def test_a_player_may_hold_several_seats() -> None:
    player = Recorder(0)
    result = play_game([player, player], seed=3)
    assert player.started == [0, 1]
    assert len(player.ended) == 2
    assert replay(result.record) == result.final_state


def test_strict_policy_raises_player_error_for_an_illegal_action() -> None:
    with pytest.raises(
        PlayerError, match=r"seat 1 \(cheater\).*StopRolling\(\).*not legal"
    ) as info:
        play_game([RandomPlayer(0), Cheater(StopRolling()), RandomPlayer(2)], seed=1)
    assert info.value.__cause__ is None


def test_strict_policy_raises_player_error_for_a_non_action() -> None:
    with pytest.raises(PlayerError, match=r"'nonsense'"):
        play_game([Cheater("nonsense"), RandomPlayer(1)], seed=1)


def test_strict_policy_chains_the_exception_of_a_player_that_raises() -> None:
    with pytest.raises(PlayerError, match=r"seat 0 \(crasher\).*ZeroDivisionError: boom") as info:
        play_game([Crasher(), RandomPlayer(1)], seed=1)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_strict_policy_covers_hooks() -> None:
    with pytest.raises(PlayerError, match="on_game_start") as info:
        play_game([Fragile(0), RandomPlayer(1)], seed=1)
    assert isinstance(info.value.__cause__, RuntimeError)


def test_random_policy_substitutes_a_legal_action_and_records_the_fault() -> None:
    cheater = Cheater(StopRolling())
    result = play_game([RandomPlayer(0), cheater], seed=4, on_illegal="random")
    assert result.final_state.is_terminal
    assert cheater.calls > 0
    # StopRolling is legal at the cheater's reroll decisions, illegal elsewhere.
    assert 0 < len(result.faults) < cheater.calls + 1
    for fault in result.faults:
        assert fault.seat == 1
        assert fault.substitute is not None
        assert "not legal" in fault.problem
    # The substitutes are in the record, so the game still replays.
    assert replay(result.record) == result.final_state
    substituted = {e.move for e in result.record.decisions if e.seat == 1}
    assert any(f.substitute in substituted for f in result.faults)


def test_random_policy_covers_players_that_raise() -> None:
    result = play_game([Crasher(), RandomPlayer(1)], seed=2, on_illegal="random")
    assert result.final_state.is_terminal
    assert result.faults
    assert all("ZeroDivisionError" in f.problem for f in result.faults)
    assert len(result.faults) == result.decisions_by_seat[0]
    assert replay(result.record) == result.final_state


def test_random_policy_is_reproducible() -> None:
    a = play_game([Crasher(), RandomPlayer(1)], seed=2, on_illegal="random")
    b = play_game([Crasher(), RandomPlayer(1)], seed=2, on_illegal="random")
    assert a == b


def test_random_policy_notes_a_failing_hook_and_plays_on() -> None:
    result = play_game([Fragile(0), RandomPlayer(1)], seed=1, on_illegal="random")
    assert result.final_state.is_terminal
    assert [(f.seat, f.decision, f.substitute) for f in result.faults] == [(0, None, None)]


def test_decision_limit_abandons_the_game() -> None:
    result = play_game(randoms(4), seed=1, max_decisions=10)
    assert result.decisions == 10
    assert result.winners is None
    assert not result.finished
    assert not result.final_state.is_terminal
    assert replay(result.record) == result.final_state


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"monsters": ["kong", "mantis"]}, "3 players but 2 monsters"),
        ({"on_illegal": "ignore"}, "on_illegal"),
        ({"monsters": ["kong", "mantis", "godzilla"]}, "godzilla"),
    ],
)
def test_bad_setups_raise_config_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        play_game(randoms(3), seed=1, **kwargs)  # type: ignore[arg-type]


def test_too_many_players_raise_config_error() -> None:
    with pytest.raises(ConfigError):
        play_game(randoms(7), seed=1)


def test_an_object_without_choose_is_refused() -> None:
    with pytest.raises(ConfigError, match="seat 1"):
        play_game([RandomPlayer(0), object()], seed=1)  # type: ignore[list-item]


# -- simulate -------------------------------------------------------------------------------------

PAIR: list[PlayerFactory] = [RandomPlayer, RandomPlayer]
"""Two random entrants: a setup that is valid by itself."""


def test_seating_rotates_every_entrant_through_every_seat() -> None:
    assert seating(4, 0) == (0, 1, 2, 3)
    assert seating(4, 1) == (3, 0, 1, 2)
    assert seating(4, 2) == (2, 3, 0, 1)
    assert seating(4, 5) == (3, 0, 1, 2)
    assert seating(4, 5, rotate_seats=False) == (0, 1, 2, 3)
    for n in range(2, 7):
        seats_of_entrant_0 = {seating(n, g).index(0) for g in range(n)}
        assert seats_of_entrant_0 == set(range(n))


def test_simulate_is_deterministic_given_its_seed() -> None:
    factories = [HeuristicPlayer, RandomPlayer, RandomPlayer]
    a = simulate(factories, 6, seed=7)
    b = simulate(factories, 6, seed=7)
    c = simulate(factories, 6, seed=8)
    assert a == b
    assert a != c


def test_simulate_counts_add_up() -> None:
    results: list[tuple[GameResult, tuple[int, ...]]] = []
    done: list[tuple[int, int]] = []
    summary = simulate(
        [HeuristicPlayer, RandomPlayer, RandomPlayer, RandomPlayer],
        8,
        seed=3,
        progress=lambda d, t: done.append((d, t)),
        on_result=lambda i, r, seats: results.append((r, seats)),
    )
    assert done == [(d, 8) for d in range(1, 9)]
    assert len(results) == summary.games == 8
    assert summary.labels == ("heuristic", "random", "random", "random")
    with_winner = [r for r, _ in results if r.winners]
    assert summary.games - summary.no_winner == len(with_winner)
    # A shared win counts for every winner.
    assert sum(summary.wins) == sum(len(r.winners or ()) for r, _ in results)
    assert summary.shared == sum(1 for r in with_winner if r.winners and len(r.winners) > 1)
    assert summary.total_turns == sum(r.turns for r, _ in results)
    assert summary.total_decisions == sum(r.decisions for r, _ in results) == sum(summary.decisions)
    for index, (result, seats) in enumerate(results):
        assert seats == seating(4, index)
        for seat, entrant in enumerate(seats):
            assert result.record.decisions is not None
            made = sum(1 for e in result.record.decisions if e.seat == seat)
            assert made == result.decisions_by_seat[seat]
            assert entrant in range(4)
    kinds = {k.label: k for k in summary.kinds()}
    assert kinds["random"].entrants == 3
    assert kinds["random"].wins == sum(summary.wins[1:])
    assert kinds["heuristic"].win_rate == summary.win_rate(0) == summary.wins[0] / 8
    assert kinds["random"].win_rate == pytest.approx(sum(summary.wins[1:]) / 24)


def test_simulate_without_rotation_keeps_the_seats() -> None:
    seats: list[tuple[int, ...]] = []
    simulate(
        [RandomPlayer, RandomPlayer],
        3,
        seed=1,
        rotate_seats=False,
        on_result=lambda i, r, s: seats.append(s),
    )
    assert seats == [(0, 1)] * 3


def test_simulate_rejects_a_monster_count_that_differs() -> None:
    """A setup that cannot start a game is a ConfigError, before any game is played."""
    with pytest.raises(ConfigError, match="2 players but 1 monsters"):
        simulate(PAIR, 1, seed=1, monsters=["kong"])


@pytest.mark.parametrize(
    ("args", "kwargs", "field"),
    [
        # the cases of issue 7 §3
        (([], 1), {"seed": 1}, "simulate(player_factories)"),
        (([RandomPlayer, 42], 1), {"seed": 1}, "simulate(player_factories[1])"),
        ((PAIR, 1), {"seed": "x"}, "simulate(seed)"),
        ((PAIR, 1), {"seed": 1, "max_decisions": -1}, "simulate(max_decisions)"),
        # the others of the same kind
        ((PAIR, -1), {"seed": 1}, "simulate(games)"),
        ((PAIR, True), {"seed": 1}, "simulate(games)"),
        ((PAIR, 1.5), {"seed": 1}, "simulate(games)"),
        ((PAIR, 1), {"seed": True}, "simulate(seed)"),
        ((PAIR, 1), {"seed": 1.0}, "simulate(seed)"),
        ((PAIR, 1), {"seed": None}, "simulate(seed)"),
        ((PAIR, 1), {"seed": 1, "max_decisions": False}, "simulate(max_decisions)"),
        ((RandomPlayer, 1), {"seed": 1}, "simulate(player_factories)"),
        (("random,random", 1), {"seed": 1}, "simulate(player_factories)"),
        ((PAIR, 1), {"seed": 1, "monsters": "kong"}, "simulate(monsters)"),
        ((PAIR, 1), {"seed": 1, "rotate_seats": 0}, "simulate(rotate_seats)"),
        ((PAIR, 1), {"seed": 1, "progress": 3}, "simulate(progress)"),
        ((PAIR, 1), {"seed": 1, "on_result": "print"}, "simulate(on_result)"),
    ],
)
def test_simulate_rejects_bad_arguments_naming_them(
    args: tuple[object, ...], kwargs: dict[str, object], field: str
) -> None:
    """Issue 7 §3: a bad argument is an ArgumentError naming the parameter, raised before any
    game is played (``[RandomPlayer, 42]`` used to fail inside the first game)."""
    with pytest.raises(ArgumentError) as caught:
        simulate(*args, **kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"packs": ["base", "nonexistent"]}, "nonexistent"),
        ({"monsters": ["kong", "godzilla"]}, "godzilla"),
        ({"on_illegal": "ignore"}, "on_illegal"),
    ],
)
def test_an_empty_series_still_checks_its_setup(kwargs: dict[str, object], message: str) -> None:
    """A series of no games does not let a setup that cannot play pass unnoticed."""
    with pytest.raises(ConfigError, match=message):
        simulate(PAIR, 0, seed=1, **kwargs)  # type: ignore[arg-type]


def _keep(into: list[GameResult], index: int, result: GameResult, seats: tuple[int, ...]) -> None:
    into.append(result)


def test_negative_seeds_give_their_own_series() -> None:
    """The defect: ``random.Random`` seeds by the magnitude of an int, so ``simulate(seed=-5)``
    played exactly the series of ``seed=5``. Negative seeds are accepted and distinct."""
    games: dict[int, list[GameResult]] = {-5: [], 5: []}
    for seed, results in games.items():
        summary = simulate(PAIR, 3, seed=seed, on_result=functools.partial(_keep, results))
        assert summary.seed == seed
    seeds = {seed: [r.record.config.seed for r in results] for seed, results in games.items()}
    assert seeds[-5] != seeds[5]
    assert [r.final_state for r in games[-5]] != [r.final_state for r in games[5]]


def test_play_game_with_a_negative_seed_is_its_own_game() -> None:
    """Seed -5 is not seed 5 (nor 2**64 - 5): each is its own, reproducible game."""
    finals = [play_game(randoms(2), seed=seed).final_state for seed in (-5, 5, 2**64 - 5)]
    assert len(set(finals)) == 3
    assert play_game(randoms(2), seed=-5).final_state == finals[0]


def test_the_fallback_of_a_negative_seed_is_its_own() -> None:
    """Under the "random" policy the substitute moves are drawn from the game's seed; the
    generator of seed -5 must not be that of seed 5 (``random.Random`` alone aliases them)."""
    from kingofny.runner import seeded_random

    draws = {tuple(seeded_random(seed).random() for _ in range(3)) for seed in (-5, 5, 0, -1)}
    assert len(draws) == 4


@pytest.mark.parametrize(
    ("players", "kwargs", "field"),
    [
        ("random", {"seed": 1}, "play_game(players)"),
        (None, {"seed": "x"}, "play_game(seed)"),
        (None, {"seed": 1.0}, "play_game(seed)"),
        (None, {"seed": False}, "play_game(seed)"),
        (None, {"seed": 1, "max_decisions": -1}, "play_game(max_decisions)"),
        (None, {"seed": 1, "max_decisions": "10"}, "play_game(max_decisions)"),
        (None, {"seed": 1, "monsters": "kong"}, "play_game(monsters)"),
    ],
)
def test_play_game_rejects_bad_arguments_naming_them(
    players: object, kwargs: dict[str, object], field: str
) -> None:
    """Issue 7 §3: play_game's arguments are checked like simulate's."""
    with pytest.raises(ArgumentError) as caught:
        play_game(randoms(2) if players is None else players, **kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_an_empty_series_has_labels_and_no_rates() -> None:
    summary = simulate([HeuristicPlayer, RandomPlayer], 0, seed=1)
    assert summary.labels == ("heuristic", "random")
    assert summary.mean_turns == 0.0
    assert all(k.win_rate == 0.0 for k in summary.kinds())


def test_heuristic_beats_three_random_players() -> None:
    # 60 seat-rotated games: with equal players each would win about 25%. The measured rate over
    # 1000 games is about 90% (see the report of the players' author); 35% is a safe floor.
    summary: TournamentSummary = simulate(
        [HeuristicPlayer, RandomPlayer, RandomPlayer, RandomPlayer], 60, seed=2024
    )
    assert summary.win_rate(0) > 0.35
    assert summary.win_rate(0) > max(summary.win_rate(i) for i in (1, 2, 3))
