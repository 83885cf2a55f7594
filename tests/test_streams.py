"""Keyed chance streams and duplicate seating (issue 22 §1): common random numbers for paired
games. A keyed game replays exactly from its record; two games that differ in one player see the
same chance until they part ways, and the same dice on the same monster's turn and roll after;
every draw keeps the probabilities of the chance node."""

from __future__ import annotations

import collections
from collections.abc import Sequence

import attrs
import pytest

import kingofny as k
from kingofny.model.outcomes import CardDraw, DiceRoll
from kingofny.model.steps import RevealCard, RollDice
from kingofny.players import HeuristicPlayer, RandomPlayer
from kingofny.streams import KeyedChance


def _game(players: Sequence[k.Player], seed: int) -> k.GameResult:
    return k.play_game(list(players), seed=seed, chance="keyed")


def _turn_rolls(result: k.GameResult) -> dict[tuple[int, int, int], DiceRoll]:
    """The dice of each roll by (seat, that seat's turn count, roll of the turn), replayed."""
    rolls: dict[tuple[int, int, int], DiceRoll] = {}
    turns: dict[int, int] = collections.defaultdict(lambda: -1)
    turn, roll = -1, 0
    previous = None  # the state before the event: its step is the one the outcome answers
    for event, state in k.replay_states(result.record):
        if (
            event is not None
            and event.seat is None
            and previous is not None
            and isinstance(previous.next_step, RollDice)
            and isinstance(event.move, DiceRoll)
        ):
            if previous.turn.number != turn:
                turn, roll = previous.turn.number, 0
                turns[previous.turn.seat] += 1
            rolls[previous.turn.seat, turns[previous.turn.seat], roll] = event.move
            roll += 1
        previous = state
    return rolls


def test_a_keyed_game_replays_exactly_from_its_record() -> None:
    """Issue 22 §1: the record lists every outcome (explicit chance), so it replays to the same
    final state, and the same seed and players play the same game again."""
    players: list[k.Player] = [HeuristicPlayer(seed=1), RandomPlayer(seed=2), RandomPlayer(seed=3)]
    result = _game(players, seed=11)
    assert result.record.config.seed is None  # explicit chance: the outcomes are the record
    assert k.replay(result.record) == result.final_state
    again = _game([HeuristicPlayer(seed=1), RandomPlayer(seed=2), RandomPlayer(seed=3)], 11)
    assert again.record == result.record


def test_games_that_differ_in_one_player_share_chance_until_they_part_and_dice_after() -> None:
    """Issue 22 §1: two games with the same seed, one seat played by another bot, draw the same
    outcomes up to the first decision that differs; after it, each monster's roll on its n-th
    turn is the same in both games whenever both rolled as many dice."""
    a = _game([HeuristicPlayer(seed=1), RandomPlayer(seed=2), RandomPlayer(seed=3)], 5)
    b = _game([HeuristicPlayer(seed=1), HeuristicPlayer(seed=2), RandomPlayer(seed=3)], 5)
    events_a, events_b = a.record.events, b.record.events
    first = next(i for i, (x, y) in enumerate(zip(events_a, events_b)) if x != y)
    assert events_a[first].seat is not None  # a decision, not the dice, parted them
    rolls_a, rolls_b = _turn_rolls(a), _turn_rolls(b)
    both = set(rolls_a) & set(rolls_b)
    same_size = [key for key in both if rolls_a[key].dice.total == rolls_b[key].dice.total]
    assert len(same_size) >= 20
    assert all(rolls_a[key] == rolls_b[key] for key in same_size)
    # Not merely the same game: they did part ways (different rolls for different dice counts
    # or turns that only one game had).
    assert a.record != b.record


def test_independent_seeds_give_independent_games() -> None:
    """A different seed draws different dice (the streams are mixed with the seed)."""
    players = [RandomPlayer(seed=2), RandomPlayer(seed=3)]
    first = [e.move for e in _game(players, 1).record.events if e.seat is None]
    second = [e.move for e in _game(players, 2).record.events if e.seat is None]
    assert first != second


def _first_roll(seed: int) -> DiceRoll:
    """The first outcome at the first turn roll of a keyed 2-monster game."""
    state = k.new_game(2)
    keyed = KeyedChance(seed)
    while not isinstance(state.next_step, RollDice):
        state = k.apply(state, keyed.draw(state)) if state.current_player is None else state
        if state.current_player is not None:
            state = k.apply(state, k.legal_actions(state)[0])
    outcome = keyed.draw(state)
    assert isinstance(outcome, DiceRoll)
    return outcome


def test_keyed_dice_are_fair() -> None:
    """Issue 22 §1: the keyed dice keep the node's probabilities: over 1200 seeds the six faces
    of a first roll (7200 dice) each come up 1/6 of the time, within 4.5 standard deviations."""
    faces = collections.Counter[int]()
    for seed in range(1200):
        for face, count in enumerate(_first_roll(seed).dice.counts):
            faces[face] += count
    total = sum(faces.values())
    sd = (total * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(faces[face] - total / 6) < 4.5 * sd for face in range(6)), faces


def _card_state(deck: tuple[str, ...]) -> k.GameState:
    """A 2-monster game at a card reveal, with ``deck`` as its deck."""
    state = k.new_game(2)
    keyed = KeyedChance(0)
    while not isinstance(state.next_step, RevealCard):
        state = k.apply(state, keyed.draw(state))
    return attrs.evolve(state, deck=deck)


def test_a_keyed_reveal_takes_each_copy_of_a_card_with_its_share() -> None:
    """Issue 22 §1: from a deck of two copies of one card and one of another, the first reveal
    is a copy with probability 2/3, and the next, from what is left, 1/2 (the copies of a card
    do not share one rank)."""
    two, one = "base:leveler", "base:tesla-cannon"
    full = _card_state((two, two, one))
    firsts, seconds, trials = 0, 0, 3000
    for seed in range(trials):
        keyed = KeyedChance(seed)
        drawn = keyed.draw(full)
        assert isinstance(drawn, CardDraw)
        left = list(full.deck)
        left.remove(drawn.card)
        firsts += drawn.card == two
        second = keyed.draw(attrs.evolve(full, deck=tuple(left)))
        assert isinstance(second, CardDraw)
        seconds += second.card == two
    assert abs(firsts / trials - 2 / 3) < 0.04
    assert abs(seconds / trials - (2 / 3 * 1 / 2 + 1 / 3 * 1)) < 0.04


def test_duplicate_seating_plays_each_deal_once_per_rotation() -> None:
    """Issue 22 §1: with ``duplicate`` each deal (game seed and player seeds) is played by
    ``len(entrants)`` games in a row, the seats rotated; the manifest says so."""
    rows: list[tuple[int, tuple[int, ...]]] = []

    def keep(index: int, result: k.GameResult, seats: tuple[int, ...]) -> None:
        rows.append((index, seats))

    summary = k.simulate(
        [HeuristicPlayer, RandomPlayer, RandomPlayer],
        6,
        seed=3,
        chance="keyed",
        duplicate=True,
        on_result=keep,
    )
    assert summary.games == 6
    assert [seats for _, seats in rows[:3]] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]


def test_duplicate_deals_share_their_seeds_in_the_results_file(tmp_path: object) -> None:
    """The rows of one deal carry one game seed; the next deal another."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    out = tmp_path / "results.jsonl"
    k.simulate(
        [HeuristicPlayer, RandomPlayer],
        4,
        seed=9,
        chance="keyed",
        duplicate=True,
        output=out,
    )
    results = k.load_results(out)
    seeds = [row.game_seed for row in results.rows]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert results.manifest["chance"] == "keyed"
    assert results.manifest["duplicate"] is True


def test_duplicate_seating_needs_whole_deals_and_rotation() -> None:
    """Duplicate seating plays each deal once per seat: a number of games that is not a
    multiple of the entrants, or fixed seats, is refused before any game."""
    with pytest.raises(k.ArgumentError, match="multiple of 3"):
        k.simulate([RandomPlayer] * 3, 4, seed=1, duplicate=True)
    with pytest.raises(k.ArgumentError, match="rotates"):
        k.simulate([RandomPlayer] * 2, 4, seed=1, duplicate=True, rotate_seats=False)


def test_an_unknown_chance_mode_is_an_argument_error() -> None:
    """``chance`` is ``"sequential"`` or ``"keyed"``."""
    with pytest.raises(k.ArgumentError, match="chance"):
        k.play_game([RandomPlayer(seed=1), RandomPlayer(seed=2)], seed=1, chance="lucky")  # type: ignore[arg-type]
    with pytest.raises(k.ArgumentError, match="chance"):
        k.simulate([RandomPlayer, RandomPlayer], 1, seed=1, chance="lucky")  # type: ignore[arg-type]
    with pytest.raises(k.ArgumentError, match="duplicate"):
        k.simulate([RandomPlayer, RandomPlayer], 1, seed=1, duplicate="yes")  # type: ignore[arg-type]
