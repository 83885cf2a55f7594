"""The planner bot and the learned evaluation (issue 21 §1): legality, budgets, determinism,
the weights file, and that the evaluation drives the choices.

The search-bot tests of ``test_search.py`` (every decision kind, card questions, the game's
seed never read) run the planner too; these are its own.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import kingofny
from kingofny import GameState, apply, legal_actions, observe
from kingofny.errors import ArgumentError
from kingofny.model.actions import Buy, EndBuying
from kingofny.model.pending import PendingKind
from kingofny.players import BUILTIN_PLAYERS, Player, player_factory
from kingofny.players.learned import (
    DEFAULT_WEIGHTS,
    HEURISTIC_WEIGHTS,
    LEARNED_FEATURES,
    MIXED_WEIGHTS,
    SELFPLAY_WEIGHTS,
    WEIGHTS_FORMAT,
    LearnedEvaluation,
    load_weights,
)
from kingofny.players.planner import WEIGHTS, PlannerPlayer
from kingofny.testing import Scenario

from .test_search import a_reroll, choose, find


def test_the_planner_is_a_bundled_player_with_a_spec() -> None:
    bot = player_factory("planner:playouts=3,width=4")(1)
    assert isinstance(bot, PlannerPlayer)
    assert isinstance(bot, Player)
    assert (bot.playouts, bot.ms, bot.width) == (3, None, 4)
    timed = player_factory("planner:ms=20")(1)
    assert isinstance(timed, PlannerPlayer)
    assert (timed.playouts, timed.ms) == (None, 20)
    assert isinstance(BUILTIN_PLAYERS["planner"](2), PlannerPlayer)
    assert isinstance(bot.evaluation, LearnedEvaluation)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"playouts": 0}, "PlannerPlayer(playouts)"),
        ({"playouts": True}, "PlannerPlayer(playouts)"),
        ({"ms": 0}, "PlannerPlayer(ms)"),
        ({"ms": math.nan}, "PlannerPlayer(ms)"),
        ({"width": 0}, "PlannerPlayer(width)"),
        ({"horizon": "game"}, "PlannerPlayer(horizon)"),
        ({"horizon": 1}, "PlannerPlayer(horizon)"),
        ({"policy": "heuristic"}, "PlannerPlayer(policy)"),
        ({"evaluation": 3}, "PlannerPlayer(evaluation)"),
    ],
)
def test_bad_options_are_argument_errors(options: dict[str, object], field: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        PlannerPlayer(1, **options)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_whole_games_at_a_tiny_budget_are_legal() -> None:
    """Two 4-monster games, the planner at one playout per option against heuristic bots: the
    runner raises on an illegal action."""
    for game in range(2):
        players: list[Player] = [kingofny.HeuristicPlayer(10 + s) for s in range(3)]
        players.insert(game, PlannerPlayer(game, playouts=1))
        result = kingofny.play_game(players, seed=300 + game, on_illegal="raise")
        assert result.finished
        assert result.faults == ()


def test_a_fixed_seed_and_budget_give_the_same_game() -> None:
    def game() -> GameState:
        players: list[Player] = [PlannerPlayer(3, playouts=2), kingofny.HeuristicPlayer(4)]
        return kingofny.play_game(players, seed=21).final_state

    assert game() == game()


def test_each_option_gets_the_playouts_asked_for() -> None:
    state = find(4, PendingKind.SHOP)
    legal = legal_actions(state)
    bot = PlannerPlayer(4, playouts=3, width=2)
    choose(bot, state)
    assert bot.last_playouts == 3 * min(2, len(legal))
    assert bot.choose(observe(state), legal[:1]) == legal[0]
    assert bot.last_playouts == 0


def test_a_time_budget_stops_the_lookahead() -> None:
    """With ``ms`` alone the playouts are unlimited, yet a decision ends: at least one playout
    per option, then the clock."""
    state = find(4, PendingKind.SHOP)
    bot = PlannerPlayer(4, ms=1)
    choose(bot, state)
    options = min(bot.width, len(legal_actions(state)))
    assert bot.last_playouts >= options
    assert bot.last_playouts % options == 0


class _Witness(LearnedEvaluation):
    """The learned evaluation, noting the positions it scores."""

    seen: list[GameState]

    def values(self, state: GameState) -> tuple[float, ...]:
        self.seen.append(state)
        return super().values(state)


@pytest.mark.parametrize("horizon", ["turn", "own", "round"])
def test_a_lookahead_ends_at_its_horizon(horizon: str) -> None:
    """A flee decision is taken in the attacker's turn: ``turn`` looks ahead to that turn's
    end, ``own`` on through the fleeing monster's own next turn, ``round`` until the attacker
    plays again."""
    state = find(4, PendingKind.FLEE)
    seat = state.current_player
    assert seat is not None
    assert state.turn.seat != seat
    witness = _Witness()
    witness.seen = []
    bot = PlannerPlayer(2, playouts=2, horizon=horizon, evaluation=witness)
    choose(bot, state)
    assert witness.seen
    for end in witness.seen:
        if end.is_terminal or end.monsters[seat].eliminated:
            continue
        if horizon == "turn":
            assert end.turn.number == state.turn.number + 1
        elif horizon == "round":
            assert end.turn.seat == state.turn.seat
            assert end.turn.number == state.turn.number + len(state.alive_seats)
        else:
            assert end.turn.number > state.turn.number + 1
            previous = (end.turn.seat - 1) % len(end.monsters)
            while end.monsters[previous].eliminated:
                previous = (previous - 1) % len(end.monsters)
            assert previous == seat  # the turn that just ended was the decider's


def test_rerolls_are_the_exact_dice_expectimax_with_the_learned_evaluation() -> None:
    state = a_reroll()
    legal = legal_actions(state)
    bot = PlannerPlayer(5)
    assert bot.choose(observe(state), legal) == bot.dice.choose(observe(state), legal)
    assert bot.dice.evaluation is bot.evaluation


def _shop_with_two_cards() -> GameState:
    """Kong is buying with 4 Energy, enough for one card: Carapace (3), Jinx Aura (4) or
    Fireball (4)."""
    scenario = (
        Scenario(["kong", "mantis", "rob"])
        .monster("kong", energy=4, borough="queens")
        .monster("mantis", manhattan="lower")
        .monster("rob", borough="bronx")
        .market(["carapace", "jinx-aura", "fireball"])
        .turn("kong", at="buy")
    )
    return scenario.build()


def test_the_card_weights_drive_what_it_buys() -> None:
    """A weight of +5 on one card and -5 on another: it buys the first, whatever the policy."""
    state = _shop_with_two_cards()
    legal = legal_actions(state)
    buys = {str(state.market[a.slot]): a for a in legal if isinstance(a, Buy)}
    pairs = [("base:carapace", "base:jinx-aura"), ("base:jinx-aura", "base:carapace")]
    for wanted, unwanted in pairs:
        evaluation = LearnedEvaluation(card_weights={wanted: 5.0, unwanted: -5.0})
        bot = PlannerPlayer(1, playouts=2, evaluation=evaluation)
        assert bot.choose(observe(state), legal) == buys[wanted]
    hater = LearnedEvaluation(card_weights=dict.fromkeys(buys, -5.0))
    choice = PlannerPlayer(1, playouts=2, evaluation=hater).choose(state, legal)
    assert isinstance(choice, EndBuying)


# -- the learned evaluation ------------------------------------------------------------------------


def test_values_are_shares_of_the_win() -> None:
    state = kingofny.new_game(4, seed=8)
    for _ in range(60):
        if state.is_terminal:
            break
        values = LearnedEvaluation().values(state)
        assert math.isclose(sum(values), 1.0)
        assert all(0 <= v <= 1 for v in values)
        state = apply(state, legal_actions(state)[0])


def test_features_are_named_and_weighted_in_order() -> None:
    state = kingofny.new_game(4, seed=8)
    evaluation = LearnedEvaluation(weights={"energy": 2.0})
    assert len(evaluation.features(state, 0)) == len(LEARNED_FEATURES)
    assert evaluation.weights() == tuple(
        2.0 if name == "energy" else 0.0 for name in LEARNED_FEATURES
    )


def test_an_unknown_feature_or_a_weight_not_a_number_is_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="nonsense"):
        LearnedEvaluation(weights={"nonsense": 1.0})
    with pytest.raises(ArgumentError):
        LearnedEvaluation(weights={"vp": "high"})  # type: ignore[dict-item]
    with pytest.raises(ArgumentError):
        LearnedEvaluation(card_weights={"base:carapace": math.inf})
    with pytest.raises(ArgumentError):
        LearnedEvaluation(card_weights=[1.0])  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [HEURISTIC_WEIGHTS, SELFPLAY_WEIGHTS, MIXED_WEIGHTS])
def test_the_bundled_weights_name_every_feature_and_base_keep_cards(path: Path) -> None:
    features, cards = load_weights(path)
    assert set(features) == set(LEARNED_FEATURES)
    keep = {card for card, spec in _base_cards().items() if spec.kind is kingofny.CardKind.KEEP}
    assert set(cards) == keep


def _base_cards() -> dict[str, kingofny.CardSpec]:
    from kingofny.model.content import content_of

    return dict(content_of(kingofny.new_game(2, seed=0).config).cards)


@pytest.mark.parametrize(
    ("name", "path"),
    [("mixed", MIXED_WEIGHTS), ("heuristic", HEURISTIC_WEIGHTS), ("selfplay", SELFPLAY_WEIGHTS)],
)
def test_the_weights_option_picks_the_bundled_weights(name: str, path: Path) -> None:
    """The planner and :class:`LearnedEvaluation` score with the mixed weights unless told
    otherwise; ``planner:weights=heuristic`` with those fitted on heuristic self-play,
    ``planner:weights=selfplay`` with those refitted on its own. A name that is not one, or
    weights and an evaluation both, is an argument error."""
    assert DEFAULT_WEIGHTS == MIXED_WEIGHTS
    mixed = load_weights(MIXED_WEIGHTS)
    default = PlannerPlayer(1)
    assert isinstance(default.evaluation, LearnedEvaluation)
    assert default.evaluation.weights_by_name == mixed[0]
    assert LearnedEvaluation().weights_by_name == mixed[0]
    assert LearnedEvaluation().card_weights == mixed[1]
    features, cards = load_weights(path)
    assert len({*map(str, (load_weights(p)[0] for p in WEIGHTS.values()))}) == 3  # all differ
    player = player_factory(f"planner:weights={name}")(1)
    assert isinstance(player, PlannerPlayer)
    assert isinstance(player.evaluation, LearnedEvaluation)
    assert player.evaluation.weights_by_name == features
    assert player.evaluation.card_weights == cards
    assert f"weights={name!r}" in repr(player)
    with pytest.raises(ArgumentError, match="weights"):
        PlannerPlayer(1, weights="heavy")
    with pytest.raises(ArgumentError, match="weights"):
        PlannerPlayer(1, weights=["selfplay"])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="weights"):
        PlannerPlayer(1, weights="selfplay", evaluation=LearnedEvaluation())


def test_an_evaluation_can_be_loaded_from_a_file(tmp_path: Path) -> None:
    """:meth:`LearnedEvaluation.from_file` reads any weights file; two evaluations of the same
    bundled file share no dict, so changing one changes no other."""
    features, _ = load_weights(SELFPLAY_WEIGHTS)
    first = LearnedEvaluation.from_file(SELFPLAY_WEIGHTS)
    again = LearnedEvaluation.from_file(str(SELFPLAY_WEIGHTS))
    assert first.weights_by_name == again.weights_by_name == features
    assert again.weights_by_name is not first.weights_by_name
    assert again.card_weights is not first.card_weights
    path = tmp_path / "weights.json"
    path.write_text(_with_vp("0.5"), encoding="utf-8")
    mine = LearnedEvaluation.from_file(path)
    assert mine.weights() == tuple(0.5 if n == "vp" else 0.0 for n in LEARNED_FEATURES)
    assert mine.card_weights == {}
    with pytest.raises(ArgumentError):
        LearnedEvaluation.from_file(tmp_path / "absent.json")


def _with_vp(number: str) -> str:
    """A weights file whose ``vp`` weight is the JSON text ``number``."""
    return '{"format": "' + WEIGHTS_FORMAT + '", "features": {"vp": ' + number + "}}"


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        json.dumps({"format": "other", "features": {}}),
        json.dumps({"format": WEIGHTS_FORMAT, "features": {"vp": "high"}}),
        json.dumps({"format": WEIGHTS_FORMAT, "features": {"vp": True}}),
        json.dumps({"format": WEIGHTS_FORMAT, "features": {"mystery": 1}}),
        json.dumps({"format": WEIGHTS_FORMAT, "features": {}, "cards": []}),
        _with_vp("1" + "0" * 400),
        _with_vp("1e400"),
        _with_vp("NaN"),
    ],
)
def test_a_bad_weights_file_is_an_argument_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "weights.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArgumentError):
        load_weights(path)


def test_a_missing_weights_file_is_an_argument_error(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError):
        load_weights(tmp_path / "absent.json")
