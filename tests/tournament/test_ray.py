"""A small series on a local Ray equals the serial one (extra ``ray``; Ray takes seconds to
start, so this is the only Ray test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingofny import simulate
from kingofny.players import player_factory


def test_a_series_on_local_ray_equals_the_serial_one(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    factories = [player_factory("heuristic"), player_factory("random"), player_factory("random")]
    serial = simulate(factories, 6, seed=9, output=tmp_path / "serial.jsonl")
    try:
        on_ray = simulate(
            factories,
            6,
            seed=9,
            workers=2,
            chunksize=2,
            backend="ray",
            output=tmp_path / "ray.jsonl",
        )
    finally:
        ray.shutdown()
    assert on_ray == serial
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "serial.jsonl").read_bytes()
