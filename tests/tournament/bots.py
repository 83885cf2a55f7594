"""Bots for the tournament tests, importable by worker and bot processes (spawned processes
import them by module name)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from kingofny import Action, GameState, RandomPlayer


class FirstLegal:
    """Always plays the first legal action: deterministic, and honest."""

    name = "first"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        return legal[0]


class Bypasser(FirstLegal):
    """Plays like :class:`FirstLegal` but first writes 99 VP into its monster, bypassing the
    frozen classes: the attack of issue 11."""

    name = "bypasser"

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        me = view.current_player
        assert me is not None
        object.__setattr__(view.monsters[me], "vp", 99)
        return legal[0]


class Crasher(RandomPlayer):
    """Plays at random, but raises at its 5th decision of every game."""

    name = "crasher"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.calls = 0

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        self.calls += 1
        if self.calls == 5:
            raise RuntimeError("bot bug")
        return super().choose(view, legal)


class Sleeper(RandomPlayer):
    """Plays at random, but sleeps ``SLEEP`` seconds at its 3rd decision of every game."""

    name = "sleeper"
    SLEEP = 1.5

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.calls = 0

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        self.calls += 1
        if self.calls == 3:
            time.sleep(self.SLEEP)
        return super().choose(view, legal)


class Quitter(RandomPlayer):
    """Kills its own process at its first decision (``os._exit``): only isolation survives it."""

    name = "quitter"

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        import os

        os._exit(3)


class HangsAtStart(RandomPlayer):
    """Plays at random, but never returns from its ``on_game_start`` hook."""

    name = "hangs"

    def on_game_start(self, view: GameState, seat: int) -> None:
        while True:
            time.sleep(0.05)
