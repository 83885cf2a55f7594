"""A trained policy as a player (issue 23 §3): ``PolicyPlayer`` over any callable, and the
``policy:path=`` spec that loads a small ``.npz`` network with numpy alone, without pickle."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import kingofny as k  # noqa: E402
from kingofny.cli import main  # noqa: E402
from kingofny.ids import ActionIds, observation_names  # noqa: E402
from kingofny.players import player_factory  # noqa: E402
from kingofny.players.policy import MLPPolicy, PolicyPlayer  # noqa: E402

IDS = ActionIds.shared(("base",))
INPUTS = len(observation_names(("base",)))


def _network(seed: int = 0) -> MLPPolicy:
    """A small random network of the right shape: observation → 8 → one logit per id."""
    rng = np.random.default_rng(seed)
    return MLPPolicy(
        [
            (rng.normal(size=(INPUTS, 8)), rng.normal(size=8)),
            (rng.normal(size=(8, IDS.size)), rng.normal(size=IDS.size)),
        ]
    )


def test_a_network_plays_whole_games_with_legal_actions_only() -> None:
    """Issue 23 §3: a policy sits in a game like any bot; every action it picks was offered
    (play_game refuses any other), and the same network plays the same game again."""
    players: list[k.Player] = [
        PolicyPlayer(_network()),
        k.RandomPlayer(1),
        k.RandomPlayer(2),
        k.RandomPlayer(3),
    ]
    first = k.play_game(players, seed=5)
    assert first.winners is not None
    again = k.play_game(
        [PolicyPlayer(_network()), k.RandomPlayer(1), k.RandomPlayer(2), k.RandomPlayer(3)],
        seed=5,
    )
    assert again.record == first.record


def test_it_plays_the_legal_id_of_highest_logit() -> None:
    """The MLP scores every id; the mask rules out the illegal ones."""
    weights = np.zeros((INPUTS, IDS.size), dtype=np.float32)
    bias = np.arange(IDS.size, dtype=np.float32)  # the highest legal id wins
    state = k.new_game(2, seed=1)
    legal = k.legal_actions(state)
    chosen = PolicyPlayer(MLPPolicy([(weights, bias)])).choose(k.observe(state), legal)
    assert chosen == IDS.action(max(IDS.legal_ids(state)))


def test_a_saved_network_loads_and_plays_the_same(tmp_path: Path) -> None:
    """``save`` then ``policy:path=`` gives the same choices; the file holds arrays only."""
    path = tmp_path / "model.npz"
    _network(3).save(path)
    with np.load(path, allow_pickle=False) as data:
        assert sorted(data.files) == ["b0", "b1", "w0", "w1"]
    loaded = player_factory(f"policy:path={path}")(0)
    state = k.new_game(4, seed=2)
    for _ in range(40):
        if state.is_terminal:
            break
        view, legal = k.observe(state), k.legal_actions(state)
        assert loaded.choose(view, legal) == PolicyPlayer(_network(3)).choose(view, legal)
        state = k.apply(state, loaded.choose(view, legal))


def test_the_command_line_plays_a_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23 §3: ``kingofny simulate --players policy:path=...`` plays with numpy alone."""
    path = tmp_path / "model.npz"
    _network(4).save(path)
    argv = ["simulate", "--games", "2", "--seed", "1", "--players", f"policy:path={path},random"]
    assert main(argv) == 0
    assert "policy" in capsys.readouterr().out


def test_files_that_are_no_policy_are_refused_before_any_game(tmp_path: Path) -> None:
    """A missing file, a pickle and other arrays are ArgumentErrors at once (no pickle is
    ever loaded)."""
    with pytest.raises(k.ArgumentError, match="cannot read"):
        player_factory(f"policy:path={tmp_path / 'missing.npz'}")
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, w0=np.array([object()], dtype=object), b0=np.zeros(1))
    with pytest.raises(k.ArgumentError, match="cannot read"):
        player_factory(f"policy:path={pickled}")
    other = tmp_path / "other.npz"
    np.savez(other, weights=np.zeros((2, 2)))
    with pytest.raises(k.ArgumentError, match="w0, b0"):
        player_factory(f"policy:path={other}")
    with pytest.raises(k.ArgumentError, match="not both"):
        PolicyPlayer(_network(), path=str(other))
    with pytest.raises(k.ArgumentError, match="layer 1"):
        MLPPolicy([(np.zeros((3, 4)), np.zeros(4)), (np.zeros((5, 2)), np.zeros(2))])


def test_a_policy_that_picks_an_illegal_id_or_has_the_wrong_shape_is_a_player_error() -> None:
    """The player never plays what it was not offered."""
    state = k.new_game(2, seed=1)
    view, legal = k.observe(state), k.legal_actions(state)
    illegal = next(i for i in range(IDS.size) if i not in IDS.legal_ids(state))
    with pytest.raises(k.PlayerError, match="not legal"):
        PolicyPlayer(lambda obs, mask: illegal).choose(view, legal)
    small = MLPPolicy([(np.zeros((3, 4)), np.zeros(4))])
    with pytest.raises(k.PlayerError, match="reads 3 values"):
        PolicyPlayer(small).choose(view, legal)


def test_a_half_precision_save_is_smaller_and_plays_nearly_the_same(tmp_path: Path) -> None:
    """``save(half=True)`` stores float16 compressed, read back as float32 within float16's
    precision."""
    net = _network(5)
    full, half = tmp_path / "full.npz", tmp_path / "half.npz"
    net.save(full)
    net.save(half, half=True)
    assert half.stat().st_size < full.stat().st_size / 1.8
    loaded = MLPPolicy.load(half)
    for (w, b), (w2, b2) in zip(net.layers, loaded.layers):
        assert w2.dtype == np.float32
        np.testing.assert_allclose(w2, w, rtol=1e-3, atol=1e-3)
        np.testing.assert_allclose(b2, b, rtol=1e-3, atol=1e-3)


def test_the_bundled_policy_beats_random_bots() -> None:
    """Issue 23 §4: the policy that ships with kingofny (the ``policy`` spec, no path) plays
    legal 4-monster games and wins far more than the fair 25% against three random bots: at
    least 16 of 40 seat-rotated games (it won 82% of 1,000 in the training run's evaluation)."""
    from kingofny.players.policy import BUNDLED

    assert BUNDLED.exists()
    summary = k.simulate(
        [player_factory("policy")] + [player_factory("random")] * 3,
        40,
        seed=11,
        monsters=["kong", "mantis", "drakonis", "sheriff"],
        on_illegal="raise",
    )
    assert summary.wins[0] >= 16, summary.wins
