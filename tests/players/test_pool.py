"""Opponent pools (issue 23 §3): a factory drawing one member per game by weight, by seed."""

from __future__ import annotations

from collections import Counter

import pytest

import kingofny as k
from kingofny.players import OpponentPool


def test_members_are_drawn_by_weight_and_seed() -> None:
    pool = OpponentPool([k.RandomPlayer, k.HeuristicPlayer], weights=[1.0, 3.0])
    kinds = Counter(type(pool(seed)).__name__ for seed in range(2000))
    assert set(kinds) == {"RandomPlayer", "HeuristicPlayer"}
    assert 0.70 < kinds["HeuristicPlayer"] / 2000 < 0.80  # 3 of 4, give or take
    assert [type(pool(s)) for s in range(50)] == [type(pool(s)) for s in range(50)]


def test_a_snapshot_added_later_is_drawn_and_plays() -> None:
    """Members added during training (snapshots of the learner) play in later games."""
    pool = OpponentPool([k.RandomPlayer])
    made: list[int] = []

    def snapshot(seed: int) -> k.Player:
        made.append(seed)
        return k.RandomPlayer(seed)

    pool.add(snapshot, weight=1000.0)
    result = k.play_game([pool(1), pool(2)], seed=3)
    assert result.winners is not None
    assert len(made) == 2
    assert len(pool) == 2


def test_bad_members_and_weights_are_argument_errors() -> None:
    with pytest.raises(k.ArgumentError, match="empty"):
        OpponentPool()(0)
    with pytest.raises(k.ArgumentError, match="weight"):
        OpponentPool([k.RandomPlayer], weights=[0.0])
    with pytest.raises(k.ArgumentError, match="weights"):
        OpponentPool([k.RandomPlayer], weights=[1.0, 2.0])
    with pytest.raises(k.ArgumentError, match="factory"):
        OpponentPool(["random"])  # type: ignore[list-item]
