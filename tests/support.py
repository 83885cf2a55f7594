"""Helpers shared by the tests."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path

import kingofny
from kingofny import GameState
from kingofny import _registry as registry
from kingofny.effects import ContentPack


@contextlib.contextmanager
def installed(pack: ContentPack) -> Iterator[None]:
    """Install ``pack`` in the process's registry for the duration, as if an entry point
    declared it (for tests of what looks packs up by name: ``kingofny plugins``, names in
    ``new_game``, JSON read without manifests). An installed pack of the same name is set aside
    without being loaded; the registry is put back as it was on leaving, even by an exception.
    A test that only plays a pack passes its manifest instead: ``new_game(..., packs=["base",
    pack])`` changes nothing shared."""
    with registry.installed().swapped(pack):
        yield


def random_stops(state: GameState, seed: int) -> Iterator[GameState]:
    """Every state a random game from ``state`` stops at, ``state`` first and the final one
    last: each decision drawn with ``random.Random(seed)`` among the legal actions, each chance
    outcome (explicit chance) with ``random.Random(~seed)``."""
    policy, chance = random.Random(seed), random.Random(~seed)
    yield state
    while not state.is_terminal:
        if state.is_chance:
            move: kingofny.ActionOrOutcome = kingofny.sample_outcome(state, chance)
        else:
            move = policy.choice(kingofny.legal_actions(state))
        state = kingofny.apply(state, move)
        yield state


def played_to_turn(state: GameState, turn: int, seed: int = 0) -> GameState:
    """The first stop of a random game from ``state`` (see :func:`random_stops`) at turn
    ``turn`` or later, or its end."""
    for stop in random_stops(state, seed):
        if stop.is_terminal or stop.turn.number >= turn:
            return stop
    raise AssertionError("a game ends")  # pragma: no cover - random_stops ends at the end


def wait_for_rows(path: Path, rows: int, timeout: float = 60) -> None:
    """Wait until the results file ``path`` holds its manifest and ``rows`` rows (a series
    running in another process writes it), or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= rows + 1:
            return
        time.sleep(0.005)
