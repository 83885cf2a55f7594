"""The benchmark runs, and its yard-stick (the toy floor, ``bench/toy.py``) keeps its rules.

Nothing here asserts a timing: ``bench/bench.py --quick`` must exit 0 and print every row, and the
toy floor must play the same games it always has, because the speed targets of issue 8 are ratios
to it.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

ROWS = (
    "random 4-monster self-play, us/decision / toy",
    "random 2-monster self-play, us/decision / toy",
    "random 6-monster self-play, us/decision / toy",
    "explicit-chance self-play, us/stop / seeded us/decision",
    "to_json + from_json, mid-game state, ms",
    "legal mask + observation / apply",
    "import kingofny, ms",
    "python -c pass, ms (floor)",
)


@pytest.fixture(scope="module")
def toy() -> ModuleType:
    """``bench/toy.py``, imported by path under a private name."""
    path = BENCH / "toy.py"
    if not path.is_file():
        pytest.skip(f"{path} is not in this checkout")
    spec = importlib.util.spec_from_file_location("_kingofny_bench_toy", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_bench_quick_prints_every_row() -> None:
    script = BENCH / "bench.py"
    if not script.is_file():
        pytest.skip(f"{script} is not in this checkout")
    done = subprocess.run(
        [sys.executable, str(script), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for label in ROWS:
        assert label in done.stdout
    assert "pure Python" in done.stdout or "compiled" in done.stdout
    assert "outcomes drawn with" in done.stdout
    # The per-call report is still printed after the table.
    assert "games/s" in done.stdout
    assert "us per apply (median)" in done.stdout


def _engines(toy: ModuleType) -> list[Any]:
    return [toy.TUPLE, toy.ATTRS]


@pytest.mark.parametrize("variant", ["tuple", "attrs"])
def test_toy_games_end_with_winners_by_the_rules(toy: ModuleType, variant: str) -> None:
    engine = toy.ENGINES[variant]
    for seed in range(20):
        steps, state = toy.play(engine, seed)
        assert steps > 0
        assert state.winners
        assert engine.legal_actions(state) == ()
        standing = [i for i, m in enumerate(state.monsters) if m.life > 0]
        if len(standing) > 1:
            assert all(state.monsters[i].vp >= toy.WIN_VP for i in state.winners)
        else:
            assert list(state.winners) == standing


@pytest.mark.parametrize("variant", ["tuple", "attrs"])
def test_toy_every_legal_action_applies_without_mutating(toy: ModuleType, variant: str) -> None:
    engine = toy.ENGINES[variant]
    rng = random.Random(7)
    state = engine.new_game(7)
    kinds: set[int] = set()
    while state.winners is None:
        before = hash(state)
        actions = engine.legal_actions(state)
        assert actions
        assert len(set(actions)) == len(actions)
        for action in actions:
            after = engine.apply(state, action)
            assert after is not state
            kinds.add(action.kind)
        assert hash(state) == before
        state = engine.apply(state, rng.choice(actions))
    assert {toy.REROLL, toy.STOP, toy.END} <= kinds


def test_toy_refuses_illegal_actions(toy: ModuleType) -> None:
    for engine in _engines(toy):
        state = engine.new_game(0)
        assert state.phase == toy.ROLL
        for bad in (
            toy.A_STAY,
            toy.A_END,
            toy.Action(toy.REROLL, ()),
            toy.Action(toy.REROLL, (9,)),
        ):
            with pytest.raises(ValueError, match="illegal action"):
                engine.apply(state, bad)


def test_toy_is_deterministic_and_both_variants_play_the_same_games(toy: ModuleType) -> None:
    for seed in range(10):
        steps, state = toy.play(toy.TUPLE, seed)
        again = toy.play(toy.TUPLE, seed)
        assert (steps, state) == again
        attrs_steps, attrs_state = toy.play(toy.ATTRS, seed)
        assert attrs_steps == steps
        assert [tuple(m) for m in state.monsters] == [
            (m.vp, m.life, m.energy) for m in attrs_state.monsters
        ]
        assert (attrs_state.turn, attrs_state.rng, attrs_state.winners) == (
            state.turn,
            state.rng,
            state.winners,
        )


def test_toy_plays_the_games_it_always_has(toy: ModuleType) -> None:
    """Pinned games: if these move, the yard-stick changed; bump TOY_VERSION and say so."""
    assert toy.TOY_VERSION == 1
    pinned = {0: (113, 40, (1,)), 1: (119, 41, (2,)), 2: (158, 53, (1,)), 3: (153, 47, (3,))}
    for seed, expected in pinned.items():
        steps, state = toy.play(toy.TUPLE, seed)
        assert (steps, state.turn, state.winners) == expected
    assert sum(toy.play(toy.TUPLE, seed)[0] for seed in range(50)) == 6329


# -- the strength benchmark (issue 10) -------------------------------------------------------------


def _bench_module(name: str) -> ModuleType:
    path = BENCH / f"{name}.py"
    if not path.is_file():
        pytest.skip(f"{path} is not in this checkout")
    spec = importlib.util.spec_from_file_location(f"_kingofny_bench_{name}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _strength() -> ModuleType:
    return _bench_module("strength")


def test_strength_wilson_interval_is_the_textbook_one() -> None:
    """Wilson (1927): 8 of 10 at 95% is 0.490-0.943; the interval always holds the estimate."""
    wilson = _strength().wilson
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == 1.0


def test_strength_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    main = _strength().main
    argv = ["--games", "2", "--only", "heuristic-random-4,expectimax-2", "--seed", "3"]
    assert main([*argv, "--expectimax", "mcts:playouts=1,dice_prior=false"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith(("heuristic-", "expectimax-"))]
    assert [line.split()[0] for line in lines] == ["expectimax-2", "heuristic-random-4"]
    assert all(" 2 " in line and "%" in line for line in lines)


def test_strength_rows_of_the_target_and_the_budget_curve(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 21: the strongest bot against three copies of an opponent, and the budget curve,
    a bot at 1, 4 and 16 times its base playouts against three copies at 1 time."""
    strength = _strength()
    args = strength.argparse.Namespace(
        only="target-mcts-4,target-expectimax-4,curve-1x,curve-4x,curve-16x",
        strongest="planner:playouts=1",
        target_mcts="mcts:playouts=40",
        curve_base=3,
        curve_bot="planner:horizon=round",
        mcts="mcts",
        expectimax="expectimax",
    )
    rows = {row.name: row for row in strength.rows(args)}
    assert (rows["target-mcts-4"].bot, rows["target-mcts-4"].opponent) == (
        "planner:playouts=1",
        "mcts:playouts=40",
    )
    assert rows["target-expectimax-4"].opponent == "expectimax"
    for times in (1, 4, 16):
        row = rows[f"curve-{times}x"]
        assert (row.bot, row.opponent) == (
            f"planner:horizon=round,playouts={3 * times}",
            "planner:horizon=round,playouts=3",
        )
    assert strength.with_playouts("mcts", 7) == "mcts:playouts=7"
    assert strength.with_playouts("mypkg.bots:Bot", 7) == "mypkg.bots:Bot:playouts=7"
    assert strength.with_playouts("mcts:playouts=2,c=1.5", 7) == "mcts:c=1.5,playouts=7"
    argv = ["--games", "1", "--only", "curve-1x", "--seed", "4", "--curve-base", "1"]
    assert strength.main(argv) == 0
    assert any(line.startswith("curve-1x ") for line in capsys.readouterr().out.splitlines())


# -- fitting the learned evaluation (issue 21) -----------------------------------------------------


def _logit_positions(rng: Any, truth: Any, count: int, seats: tuple[int, ...]) -> list[Any]:
    """``count`` positions of normal features, cycling through ``seats`` seats, each with a
    winner drawn from the conditional logit of weights ``truth``."""
    np = pytest.importorskip("numpy")
    data = []
    for n in range(count):
        rows = rng.normal(size=(seats[n % len(seats)], len(truth)))
        p = np.exp(rows @ truth)
        data.append((rows, int(rng.choice(len(rows), p=p / p.sum()))))
    return data


def test_the_conditional_logit_recovers_known_weights(capsys: pytest.CaptureFixture[str]) -> None:
    """Winners drawn from a known conditional logit (weights 1.0 and -0.5, positions of 2 to 4
    seats): the fit finds the weights again, and beats a uniform guess on held-out positions."""
    np = pytest.importorskip("numpy")
    fit = _bench_module("fit_evaluation")
    truth = np.array([1.0, -0.5])
    data = _logit_positions(np.random.default_rng(5), truth, 6000, (2, 3, 4))
    weights = fit.fit(data, ridge=1e-3, held_out=0.2)
    assert np.abs(weights - truth).max() < 0.1
    out = capsys.readouterr().out
    held = [line for line in out.splitlines() if line.startswith("held out")]
    assert len(held) == 1
    ours, uniform = (float(x) for x in re.findall(r"-\d+\.\d+", held[0]))
    assert ours > uniform


def test_the_ridge_pulls_towards_the_prior() -> None:
    """With ``prior``, the ridge pulls the weights towards it, not towards zero: a strong ridge
    keeps the prior, a weak one still finds the weights the data say."""
    np = pytest.importorskip("numpy")
    fit = _bench_module("fit_evaluation")
    truth = np.array([1.0, -0.5])
    data = _logit_positions(np.random.default_rng(6), truth, 3000, (3,))
    prior = np.array([0.2, 0.4])
    assert np.abs(fit.fit(data, ridge=1e7, prior=prior) - prior).max() < 1e-3
    assert np.abs(fit.fit(data, ridge=1e-3, prior=prior) - truth).max() < 0.1
    assert np.abs(fit.fit(data, ridge=1e7)).max() < 1e-3


def test_balance_takes_as_many_positions_from_each_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--balance``: each ``--load`` group sets its own last share aside, and gives the fit as
    many of its first positions as the smallest group has left, so 20 games of a slow bot
    weigh as much as 200 of a fast one; the held-out log-likelihood is printed per group."""
    np = pytest.importorskip("numpy")
    fit = _bench_module("fit_evaluation")

    def positions(tag: float, count: int) -> list[Any]:
        return [(np.full((3, 2), tag + i), i % 3) for i in range(count)]

    small, large = positions(0.0, 100), positions(10_000.0, 1000)
    train, tests = fit.balanced([("small", small), ("large", large)], 0.2)
    assert [rows[0, 0] for rows, _ in train] == [*range(80), *(10_000.0 + i for i in range(80))]
    assert [(label, len(part)) for label, part in tests] == [("small", 20), ("large", 200)]
    assert tests[1][1][0][0][0, 0] == 10_800.0

    rng = np.random.default_rng(8)
    truth = np.linspace(-0.5, 0.5, len(fit.FEATURES))  # the columns of a fit without --learned
    fit.save(str(tmp_path / "a.npz"), _logit_positions(rng, truth, 300, (3,)), 30)
    fit.save(str(tmp_path / "b.npz"), _logit_positions(rng, truth, 900, (4,)), 90)
    a, b = str(tmp_path / "a.npz"), str(tmp_path / "b.npz")
    assert fit.main(["--load", a, "--load", b, "--balance", "--held-out", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "balanced: 480 positions, 240 from each group" in out
    train = next(line for line in out.splitlines() if line.startswith("train:"))
    assert train.endswith("over 480")  # the balanced positions are not split a second time
    assert "\nheld out:" not in out
    assert "held out of a.npz: log-likelihood per position" in out
    assert "held out of b.npz: log-likelihood per position" in out
    with pytest.raises(SystemExit, match="two --load groups"):
        fit.main(["--load", a, b, "--balance"])
    with pytest.raises(SystemExit, match="no positions to fit in small"):
        fit.balanced([("small", []), ("large", large)], 0.2)


def test_the_prior_option_reads_a_weights_file_in_the_columns_order(tmp_path: Path) -> None:
    """``--prior`` puts each feature's and each card's prior weight in its own column: with a
    ridge too strong for the data to move them, the weights written are the prior's. A prior
    without ``--learned``, or a bad prior file, stops the run before any game is played."""
    np = pytest.importorskip("numpy")
    fit = _bench_module("fit_evaluation")
    from kingofny.players.learned import LEARNED_FEATURES, WEIGHTS_FORMAT, load_weights

    cards = fit.card_ids()
    columns = len(LEARNED_FEATURES) + len(cards)
    rng = np.random.default_rng(7)
    data = [(rng.normal(size=(3, columns)), int(rng.integers(3))) for _ in range(200)]
    fit.save(str(tmp_path / "positions.npz"), data, 20)
    prior = {
        "format": WEIGHTS_FORMAT,
        "features": {name: i / 10 for i, name in enumerate(LEARNED_FEATURES)},
        "cards": {card: -i / 100 for i, card in enumerate(cards)},
    }
    (tmp_path / "prior.json").write_text(json.dumps(prior), encoding="utf-8")
    out = tmp_path / "out.json"
    argv = ["--learned", "--load", str(tmp_path / "positions.npz"), "--prior"]
    strong = ["--ridge", "1e9", "--card-ridge", "1e9", "--out", str(out)]
    assert fit.main([*argv, str(tmp_path / "prior.json"), *strong]) == 0
    features, weights = load_weights(out)
    assert features == pytest.approx(prior["features"], abs=1e-4)
    assert weights == pytest.approx(prior["cards"], abs=1e-4)
    with pytest.raises(SystemExit, match="--learned"):
        fit.main(["--games", "100000", "--prior", str(tmp_path / "prior.json")])
    with pytest.raises(SystemExit, match="--prior"):
        fit.main(["--learned", "--games", "100000", "--prior", str(tmp_path / "absent.json")])
