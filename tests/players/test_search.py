"""Tests of the search players, :class:`kingofny.MCTSPlayer` and :class:`kingofny.ExpectimaxPlayer`,
and of their shared :class:`~kingofny.players.evaluation.Evaluation`.

Budgets are tiny (a few playouts) so the tests stay fast; no test measures time. Positions come
from seeded random games or from :class:`kingofny.testing.Scenario` (the card question).
"""

from __future__ import annotations

import functools
import math
import random
import re
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import attrs
import pytest

import kingofny
from kingofny import (
    Action,
    Dice,
    DiceRoll,
    ExpectimaxPlayer,
    Face,
    GameState,
    MCTSPlayer,
    PendingKind,
    RandomPlayer,
    Reroll,
    StopRolling,
    UseCard,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kingofny.errors import ArgumentError
from kingofny.players import BUILTIN_PLAYERS, LearnedEvaluation, Player, player_factory
from kingofny.players.evaluation import FEATURES, Evaluation
from kingofny.players.expectimax import dice_values
from kingofny.players.mcts import MAX_MS
from kingofny.players.planner import PlannerPlayer
from kingofny.testing import Scenario, play

Bot = Callable[[int], Player]

BOTS: dict[str, Bot] = {
    "mcts": lambda seed: MCTSPlayer(seed, playouts=3),
    "mcts-policy-prior": lambda seed: MCTSPlayer(seed, playouts=3, dice_prior=False),
    "expectimax": lambda seed: ExpectimaxPlayer(seed),
    "planner": lambda seed: PlannerPlayer(seed, playouts=1),
}


def find(players: int, kind: PendingKind, seed: int = 0) -> GameState:
    """The first position of seeded random games waiting for a decision of ``kind`` with more
    than one legal action."""
    for game in range(seed, seed + 300):
        rng = random.Random(game)
        state = new_game(players, seed=game)
        while not state.is_terminal:
            pending = state.waiting_for
            if pending is not None and pending.kind is kind and len(legal_actions(state)) > 1:
                return state
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError(f"no {kind} decision in 300 random games")


def choose(player: Player, state: GameState) -> Action:
    """The player's choice from its view of ``state``, checked to be legal."""
    legal = legal_actions(state)
    action = player.choose(observe(state, state.current_player), legal)
    assert action in legal, (action, legal)
    return action


def hailing_cabs() -> GameState:
    """Kong holds Hailing Cabs and has stopped rolling: the card asks "use" or "skip"."""
    scenario = (
        Scenario(["kong", "mantis"])
        .monster("kong", cards=["hailing-cabs"], borough="queens", life=8)
        .monster("mantis", manhattan="lower")
        .borough("queens", stacks=["high-rise-1"] * 3, hidden=0, units=["infantry"])
        .turn("kong", dice="DEEEHH", rerolls_left=1)
    )
    return play(scenario.build(), StopRolling())


def a_reroll(seed: int = 3) -> GameState:
    return find(4, PendingKind.REROLL, seed)


# -- the protocol and the registry ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["mcts", "expectimax"])
def test_search_players_are_players_with_kinds(name: str) -> None:
    player = BOTS[name](0)
    assert isinstance(player, Player)
    assert player.name == name  # type: ignore[attr-defined]
    assert name in BUILTIN_PLAYERS
    assert isinstance(BUILTIN_PLAYERS[name](1), type(player))


def test_specs_pass_options_to_the_constructors() -> None:
    bot = player_factory("mcts:playouts=7,c=0.5,reroll_candidates=2")(3)
    assert isinstance(bot, MCTSPlayer)
    assert (bot.playouts, bot.c, bot.reroll_candidates, bot.ms) == (7, 0.5, 2, None)
    timed = player_factory("mcts:ms=50")(3)
    assert isinstance(timed, MCTSPlayer)
    assert (timed.playouts, timed.ms) == (None, 50)
    assert isinstance(player_factory("expectimax:samples=2")(1), ExpectimaxPlayer)


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: MCTSPlayer(playouts=0), "MCTSPlayer(playouts)"),
        (lambda: MCTSPlayer(ms=-1), "MCTSPlayer(ms)"),
        (lambda: MCTSPlayer(reroll_candidates=0), "MCTSPlayer(reroll_candidates)"),
        (lambda: ExpectimaxPlayer(samples=0), "ExpectimaxPlayer(samples)"),
    ],
)
def test_bad_budgets_are_argument_errors(make: Callable[[], object], field: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        make()
    assert caught.value.field == field


# -- legality, every decision kind ---------------------------------------------------------------


DECISION_KINDS = (
    PendingKind.PLACE,
    PendingKind.REROLL,
    PendingKind.RESOLVE,
    PendingKind.DESTROY,
    PendingKind.FLEE,
    PendingKind.MOVE,
    PendingKind.SHOP,
)


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("kind", DECISION_KINDS, ids=str)
def test_every_decision_kind_gets_a_legal_action(name: str, kind: PendingKind) -> None:
    state = find(4, kind)
    choose(BOTS[name](1), state)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_card_question_gets_one_of_its_answers(name: str) -> None:
    state = hailing_cabs()
    assert state.waiting_for is not None
    assert state.waiting_for.kind is PendingKind.CARD_QUESTION
    action = choose(BOTS[name](2), state)
    assert isinstance(action, UseCard)
    assert action.card == "base:hailing-cabs"


def test_a_whole_game_of_legal_actions() -> None:
    """(The matches below play whole games too: ``play_game`` raises on an illegal action.)"""
    players = [BOTS["mcts-policy-prior"](5), kingofny.HeuristicPlayer(6)]
    result = kingofny.play_game(players, seed=9, on_illegal="raise")
    assert result.finished
    assert result.faults == ()


# -- budgets and determinism ----------------------------------------------------------------------


def test_one_playout_is_a_search() -> None:
    bot = MCTSPlayer(4, playouts=1)
    state = find(4, PendingKind.SHOP)
    choose(bot, state)
    assert bot.last_playouts == 1
    only = legal_actions(state)[:1]  # a decision with one action needs no search
    assert bot.choose(observe(state), only) == only[0]
    assert bot.last_playouts == 0


def test_one_playout_plays_the_prior() -> None:
    """With one playout there is no evidence against the prior: at a reroll decision the MCTS
    plays the dice expectimax's choice, elsewhere the policy's."""
    state = a_reroll()
    legal = legal_actions(state)
    assert MCTSPlayer(5, playouts=1).choose(state, legal) == ExpectimaxPlayer(5).choose(
        state, legal
    )
    shop = find(4, PendingKind.SHOP)
    legal = legal_actions(shop)
    policy = kingofny.HeuristicPlayer(5)
    bot = MCTSPlayer(5, playouts=1, policy=kingofny.HeuristicPlayer(5))
    assert bot.choose(observe(shop), legal) == policy.choose(observe(shop), legal)


def test_a_playout_budget_is_spent_exactly() -> None:
    bot = MCTSPlayer(4, playouts=6)
    choose(bot, find(4, PendingKind.FLEE))
    assert bot.last_playouts == 6


def test_a_time_budget_past_its_deadline_plays_the_priors_choice() -> None:
    """Issue 21 §2, "a per-move budget that is respected": once the clock has run out (here
    after the dice prior, with a budget of a microsecond), the search plays no playout and
    the prior's first choice is played."""
    state = a_reroll()
    view, legal = observe(state), legal_actions(state)
    seat = view.current_player
    assert seat is not None
    bot = MCTSPlayer(4, ms=0.001)
    bot.last_playouts = 7  # as after an earlier search
    action = bot.choose(view, legal)
    assert bot.last_playouts == 0
    assert bot.playouts is None
    assert action == MCTSPlayer(4).root_order(view, seat, legal)[0]


def _position(kind: PendingKind, rerolls_left: int | None = None) -> GameState:
    for seed in range(300):
        state = find(4, kind, seed)
        if rerolls_left is None or state.turn.rerolls_left == rerolls_left:
            return state
    raise AssertionError(f"no {kind} with {rerolls_left} rerolls left")


def _decision(count: range, kinds: tuple[PendingKind, ...]) -> GameState:
    """A decision of one of ``kinds`` with a number of legal actions in ``count``, from seeded
    random games."""
    for game in range(300):
        rng = random.Random(game)
        state = new_game(4, seed=game)
        while not state.is_terminal:
            legal = legal_actions(state)
            pending = state.waiting_for
            if len(legal) in count and pending is not None and pending.kind in kinds:
                return state
            state = apply(state, rng.choice(legal))
    raise AssertionError(f"no {kinds} decision with {count} actions in 300 random games")


def test_time_management_shares_the_budget_by_the_weight_of_the_decision() -> None:
    """Issue 21 §2: more time where the decision matters (the first reroll of a turn), less
    on forced-looking ones (two actions), ``ms`` elsewhere; a bank keeps the mean at ``ms``:
    half of what was saved is spent, half of what is owed is repaid (never below a quarter of
    the budget, nor above three times it)."""
    first = _position(PendingKind.REROLL, rerolls_left=2)
    flee = _decision(range(2, 3), (PendingKind.FLEE, PendingKind.SHOP, PendingKind.MOVE))
    shop = _decision(range(3, 99), (PendingKind.SHOP,))
    bot = MCTSPlayer(1, ms=100)

    def allowances() -> tuple[float | None, ...]:
        return tuple(bot.allowance(observe(s), legal_actions(s)) for s in (first, flee, shop))

    assert allowances() == (200.0, 50.0, 100.0)
    bot.time_bank_ms = -40.0
    assert allowances() == (180.0, 30.0, 80.0)
    bot.time_bank_ms = -400.0
    assert allowances() == (25.0, 25.0, 25.0)
    bot.time_bank_ms = 40.0
    assert allowances() == (220.0, 50.0, 120.0)
    bot.time_bank_ms = 400.0
    assert allowances() == (300.0, 50.0, 300.0)  # never above three times the budget
    flat = MCTSPlayer(1, ms=100, manage_time=False)
    flat.time_bank_ms = -40.0
    assert {flat.allowance(observe(s), legal_actions(s)) for s in (first, flee, shop)} == {100}
    assert MCTSPlayer(1, playouts=5).allowance(observe(shop), legal_actions(shop)) is None


def test_the_bank_follows_the_time_spent_and_stays_bounded() -> None:
    bot = MCTSPlayer(2, ms=5)
    for seed in range(3):
        choose(bot, a_reroll(seed))
        assert bot.last_allowance_ms is not None
        assert -4 * 5 <= bot.time_bank_ms <= 4 * 5
    assert bot.time_bank_ms != 0.0


def test_a_dice_table_too_slow_for_the_allowance_is_not_built() -> None:
    """Issue 21 §2: at a reroll decision whose dice table (every final result resolved) is
    predicted, from the cost per result measured so far, to overrun the allowance, the prior
    is the policy's order and the table is left unbuilt."""
    bot = MCTSPlayer(1, ms=100)
    once = a_reroll(3)
    seat = once.current_player
    assert seat is not None
    bot.root_order(observe(once), seat, legal_actions(once), allowance=10.0**9)  # calibrates
    assert bot.dice.pending_leaves(observe(once)) == 0  # built
    other = a_reroll(5)
    view, legal = observe(other), legal_actions(other)
    assert view.current_player is not None
    assert bot.dice.pending_leaves(view) > 0
    order = bot.root_order(view, view.current_player, legal, allowance=1e-6)
    assert bot.dice.pending_leaves(view) > 0  # still not built
    policy_first = bot.policy.choose(view, legal)
    assert order[0] == policy_first
    assert sorted(map(str, order)) == sorted(map(str, legal))


@pytest.mark.parametrize("make", [lambda s: MCTSPlayer(s, playouts=8), ExpectimaxPlayer])
def test_a_fixed_seed_gives_the_same_choices(make: Bot) -> None:
    states = [a_reroll(1), find(4, PendingKind.FLEE)]
    first = [choose(make(7), s) for s in states]
    again = [choose(make(7), s) for s in states]
    assert first == again


def test_a_fixed_seed_gives_the_same_game() -> None:
    def game() -> GameState:
        players: list[Player] = [
            MCTSPlayer(3, playouts=2, dice_prior=False),
            kingofny.HeuristicPlayer(4),
        ]
        return kingofny.play_game(players, seed=12).final_state

    assert game() == game()


@pytest.mark.parametrize("name", sorted(BOTS))
def test_the_seed_of_the_game_is_never_read(name: str) -> None:
    """The same position under two different game seeds: the same choice, and the bot gets
    only views (no seed) from the runner anyway."""
    state = a_reroll()
    legal = legal_actions(state)
    other = attrs.evolve(state, config=attrs.evolve(state.config, seed=999), rng=12345)
    assert BOTS[name](8).choose(state, legal) == BOTS[name](8).choose(other, legal)


# -- strength, with a generous margin --------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [lambda s: MCTSPlayer(s, playouts=4, dice_prior=False), ExpectimaxPlayer],
    ids=["mcts", "expectimax"],
)
def test_a_short_match_beats_random_players(make: Bot) -> None:
    """Four seat-rotated 3-monster games against two random players: a fair share is 1.3 wins;
    the bots (like the heuristic, which beats three random players 80% of the time) should win
    at least 3 (a random bot would, on 4 fixed seeds, with a probability of about 11%)."""
    wins = 0
    for game in range(4):
        seat = game % 3
        players: list[Player] = [RandomPlayer(100 + game * 3 + s) for s in range(2)]
        players.insert(seat, make(game))
        result = kingofny.play_game(players, seed=40 + game, on_illegal="raise")
        wins += seat in (result.winners or ())
    assert wins >= 3


# -- the dice expectimax is exact ---------------------------------------------------------------


def test_dice_values_are_the_exact_expectation_over_the_rolls() -> None:
    """With one reroll left, keeping ``K`` of the six dice is worth the probability-weighted
    leaf value of ``K`` plus each roll of the others, with the probabilities of
    :func:`kingofny.chance_outcomes`."""
    dice = Dice.parse("AACDDE")

    def leaf(counts: tuple[int, ...]) -> float:
        return 3.0 * counts[Face.ATTACK] - counts[Face.CELEBRITY] + (counts[Face.OUCH] == 2)

    leaves = {c: leaf(c) for c in product(range(7), repeat=6) if sum(c) == 6}
    values = dice_values(leaves, dice, 1)
    rolled = apply(
        Scenario(["kong", "mantis"]).turn("kong", dice="AACDDE", rerolls_left=1).build(),
        Reroll(Dice.parse("CE")),
    )
    outcomes = kingofny.chance_outcomes(rolled)
    assert len(outcomes) == 21
    kept = Dice.parse("AADD")
    expected = Fraction(0)
    for outcome, p in outcomes:
        assert isinstance(outcome, DiceRoll)
        expected += p * Fraction(leaf(kept.plus(outcome.dice).counts))
    assert values[kept.counts] == pytest.approx(float(expected))
    assert values[dice.counts] == leaf(dice.counts)  # keeping all is stopping
    # Keeping nothing: six fresh dice; mean leaf = 3 * 1 - 1 + P(exactly two Ouch!).
    p_two_ouch = 15 * (1 / 6) ** 2 * (5 / 6) ** 4
    assert values[(0,) * 6] == pytest.approx(2.0 + p_two_ouch)


def test_with_two_rerolls_the_values_are_at_least_those_with_one() -> None:
    dice = Dice.parse("EHOOAC")
    leaves = {c: float(c[Face.HEAL] ** 2) for c in product(range(7), repeat=6) if sum(c) == 6}
    one = dice_values(leaves, dice, 1)
    two = dice_values(leaves, dice, 2)
    assert all(two[k] >= one[k] - 1e-12 for k in one)
    assert two[(0,) * 6] > one[(0,) * 6]


@pytest.mark.parametrize("rerolls", [0, 1, 2, 3])
@pytest.mark.parametrize("shown", ["ACE", "AAC"])
def test_dice_values_match_a_brute_force_over_ordered_dice(rerolls: int, shown: str) -> None:
    """Seed 000, *Rerolling*: any dice may be rerolled, up to the rerolls left. The values of
    every keep of three dice equal a brute-force expectimax over ordered dice (each die kept
    or rolled, every roll equally likely), written without multisets."""
    faces = range(6)

    def leaf(dice: tuple[int, ...]) -> float:
        counts = [dice.count(f) for f in faces]
        return counts[Face.ATTACK] * 1.5 + (counts[Face.CELEBRITY] >= 2) * 2.0 - counts[0] / 7

    @functools.cache
    def best(dice: tuple[int, ...], left: int) -> float:
        if left == 0:
            return leaf(dice)
        return max(keep(dice, mask, left) for mask in product((True, False), repeat=len(dice)))

    def keep(dice: tuple[int, ...], mask: tuple[bool, ...], left: int) -> float:
        if all(mask):
            return leaf(dice)
        rolled = [i for i, kept in enumerate(mask) if not kept]
        total = 0.0
        for roll in product(faces, repeat=len(rolled)):
            after = list(dice)
            for i, face in zip(rolled, roll):
                after[i] = face
            total += best(tuple(after), left - 1)
        return total / 6.0 ** len(rolled)

    showing = tuple(Dice.parse(shown))
    masks = list(product((True, False), repeat=3))
    leaves = {
        c: leaf(tuple(f for f in faces for _ in range(c[f])))
        for c in product(range(4), repeat=6)
        if sum(c) == 3
    }
    values = dice_values(leaves, Dice.of(showing), rerolls)
    assert len(values) == len({Dice.of(f for f, k in zip(showing, m) if k) for m in masks})
    for mask in masks:
        kept = Dice.of(f for f, k in zip(showing, mask) if k)
        # A keep is valued as a roll of the other dice even with no reroll left (then the
        # player cannot take it; dice_values does not check legality).
        assert values[kept.counts] == pytest.approx(keep(showing, mask, max(1, rerolls)))


# -- the evaluation -----------------------------------------------------------------------------


def test_values_are_shares_of_the_win() -> None:
    state = a_reroll()
    values = Evaluation().values(state)
    assert len(values) == 4
    assert sum(values) == pytest.approx(1.0)
    assert all(0 < v < 1 for v in values)
    assert len(Evaluation().features(state, 0)) == len(FEATURES) == len(Evaluation().weights())


def test_values_of_a_finished_game_are_the_result() -> None:
    final = kingofny.play_game([kingofny.HeuristicPlayer(1), RandomPlayer(2)], seed=3).final_state
    winners = final.winners
    assert winners is not None
    values = Evaluation().values(final)
    assert values == tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(2))


@pytest.mark.parametrize(
    "evaluation", [Evaluation(), LearnedEvaluation()], ids=["hand-set", "learned"]
)
def test_values_when_every_monster_is_eliminated_before_the_turn_ends(
    evaluation: Evaluation,
) -> None:
    """001, End of the Game: the game ends at the end of the turn, and if all Monsters are
    eliminated in the same turn, nobody wins. Until the turn ends (a card to reveal, say), a
    search may score such a position: nobody's share, not a division by zero."""
    state = a_reroll()
    dead = tuple(attrs.evolve(m, life=0, eliminated=True) for m in state.monsters)
    assert evaluation.values(attrs.evolve(state, monsters=dead)) == (0.0,) * len(dead)


def test_more_vp_and_more_life_are_better() -> None:
    state = a_reroll()
    evaluation = Evaluation()
    monsters = list(state.monsters)
    richer = attrs.evolve(
        state, monsters=(attrs.evolve(monsters[0], vp=monsters[0].vp + 3), *monsters[1:])
    )
    hurt = attrs.evolve(state, monsters=(attrs.evolve(monsters[0], life=2), *monsters[1:]))
    assert evaluation.value(richer, 0) > evaluation.value(state, 0) > evaluation.value(hurt, 0)


class _EnergyLover(Evaluation):
    """Only Energy counts."""

    def seat_score(self, state: GameState, seat: int) -> float:
        return 2.0 * state.monsters[seat].energy


@pytest.mark.parametrize("make", [MCTSPlayer, ExpectimaxPlayer], ids=["mcts", "expectimax"])
def test_an_overridden_evaluation_drives_the_choice(make: Callable[..., Player]) -> None:
    """A bot that only values Energy keeps its Energy dice and rerolls the rest."""
    state = a_reroll()
    dice = state.turn.dice
    view = observe(state)
    legal = legal_actions(state)
    bot = make(1, evaluation=_EnergyLover(), **({"playouts": 1} if make is MCTSPlayer else {}))
    action = bot.choose(view, legal)
    assert action in legal
    if dice[Face.ENERGY] == dice.total:
        assert action == StopRolling()
    else:
        assert isinstance(action, Reroll)
        assert action.dice[Face.ENERGY] == 0
        assert action.dice.total == dice.total - dice[Face.ENERGY]


# -- numeric options: finite, positive budgets, no bools, nothing absurd -------------------------

BAD_OPTIONS: list[tuple[str, object]] = [
    *(("playouts", v) for v in (0, -1, True, 1.0, 2.5, "3", math.inf, 10**400, 10**9 + 1)),
    *(("ms", v) for v in (0, -1, 0.0, -0.0, True, "5", math.inf, -math.inf, math.nan, 10**400)),
    ("ms", 7 * 24 * 3600 * 1000 + 1),
    *(("c", v) for v in (-0.1, True, "1", math.inf, -math.inf, math.nan, 10**400, 1e7)),
    *(("widening", v) for v in (-1, True, math.inf, math.nan, 1e308, 10**400)),
    *(("confidence", v) for v in (-1, False, math.inf, math.nan, 10**400)),
    *(("reroll_candidates", v) for v in (0, -2, True, 2.0, 10**400)),
    ("dice_prior", 1),
    ("dice_prior", "false"),
]


def _short(value: object) -> str:
    return "10**400" if value == 10**400 else repr(value)


@pytest.mark.parametrize(
    ("option", "value"), BAD_OPTIONS, ids=[f"{o}={_short(v)}" for o, v in BAD_OPTIONS]
)
def test_mcts_refuses_nonsense_numbers(option: str, value: object) -> None:
    with pytest.raises(ArgumentError) as caught:
        MCTSPlayer(**{option: value})  # type: ignore[arg-type]
    assert caught.value.field == f"MCTSPlayer({option})"
    assert option in str(caught.value)


BAD_SAMPLES = [0, -1, True, False, 2.0, "4", math.inf, math.nan, 10**400, 10**6]


@pytest.mark.parametrize("value", BAD_SAMPLES, ids=[_short(v) for v in BAD_SAMPLES])
def test_expectimax_refuses_nonsense_samples(value: object) -> None:
    with pytest.raises(ArgumentError) as caught:
        ExpectimaxPlayer(samples=value)  # type: ignore[arg-type]
    assert caught.value.field == "ExpectimaxPlayer(samples)"


def test_sensible_extremes_are_accepted() -> None:
    bot = MCTSPlayer(
        playouts=10**9, ms=7 * 24 * 3600 * 1000, c=0, widening=0, confidence=0, reroll_candidates=1
    )
    assert (bot.playouts, bot.ms, bot.c, bot.widening, bot.confidence) == (10**9, MAX_MS, 0, 0, 0)
    big = MCTSPlayer(ms=0.5, c=10**6, widening=1e6, confidence=1e6, reroll_candidates=10**9)
    assert (big.ms, big.c, big.reroll_candidates) == (0.5, 1e6, 10**9)
    assert ExpectimaxPlayer(samples=100_000).samples == 100_000


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: MCTSPlayer(policy="heuristic"), "MCTSPlayer(policy)"),  # type: ignore[arg-type]
        (lambda: MCTSPlayer(evaluation=1.5), "MCTSPlayer(evaluation)"),  # type: ignore[arg-type]
        (lambda: ExpectimaxPlayer(policy=3), "ExpectimaxPlayer(policy)"),  # type: ignore[arg-type]
        (lambda: ExpectimaxPlayer(evaluation="x"), "ExpectimaxPlayer(evaluation)"),  # type: ignore[arg-type]
        (lambda: player_factory("mcts:policy=heuristic"), "MCTSPlayer(policy)"),
        (lambda: player_factory("expectimax:evaluation=none,policy=true"), "policy"),
    ],
)
def test_object_options_must_be_players_and_evaluations(
    make: Callable[[], object], field: str
) -> None:
    with pytest.raises(ArgumentError, match=re.escape(field)):
        make()


def test_a_duck_typed_evaluation_and_policy_are_accepted() -> None:
    class Flat:
        def value(self, state: GameState, seat: int) -> float:
            return 0.5

        def values(self, state: GameState) -> tuple[float, ...]:
            return (0.5,) * len(state.monsters)

    bot = MCTSPlayer(1, playouts=2, evaluation=Flat(), policy=RandomPlayer(1))  # type: ignore[arg-type]
    assert isinstance(bot.evaluation, Flat)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("flee_life", -1),
        ("flee_life", True),
        ("flee_life", 101),
        ("flee_life", 2.5),
        ("flee_per_attacker", math.nan),
        ("flee_per_attacker", math.inf),
        ("flee_per_attacker", -1e300),
        ("flee_per_attacker", "2"),
    ],
)
def test_the_heuristic_refuses_nonsense_flee_thresholds(option: str, value: object) -> None:
    with pytest.raises(ArgumentError, match=rf"HeuristicPlayer\({option}\)"):
        kingofny.HeuristicPlayer(**{option: value})  # type: ignore[arg-type]
    assert kingofny.HeuristicPlayer(flee_life=0, flee_per_attacker=100).flee_life == 0
