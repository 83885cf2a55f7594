"""Small state-update helpers shared by the engine modules.

Every helper returns a new state; nothing here mutates. They are kept cheap because ``apply`` is
hot: tuple splices and positional constructors rather than repeated scans.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from kingofny.model.city import Borough, BoroughState, Location, Track
from kingofny.model.monster import MonsterState
from kingofny.model.state import GameState, TurnState
from kingofny.model.steps import Step

_T = TypeVar("_T")
_LAYOUT: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def _layout(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]:
    names = [f.name for f in attrs.fields(cls)]
    layout = (operator.attrgetter(*names), {n: i for i, n in enumerate(names)})
    _LAYOUT[cls] = layout
    return layout


def evolve(inst: _T, **changes: Any) -> _T:
    """A copy of the frozen attrs instance ``inst`` with ``changes`` applied.

    Same result as :func:`attrs.evolve`, several times faster: one C-level attribute getter per
    class and the positional constructor (``apply`` calls this several times per step).
    """
    cls = type(inst)
    getter, index = _LAYOUT.get(cls) or _layout(cls)
    values = list(getter(inst))
    for name, value in changes.items():
        values[index[name]] = value
    return cls(*values)


def set_monster(state: GameState, seat: int, monster: MonsterState) -> GameState:
    """``state`` with seat ``seat``'s monster replaced."""
    ms = state.monsters
    return evolve(state, monsters=ms[:seat] + (monster,) + ms[seat + 1 :])


def set_borough(state: GameState, borough: Borough, tiles: BoroughState) -> GameState:
    """``state`` with one borough's tiles replaced."""
    bs = state.boroughs
    return evolve(state, boroughs=bs[:borough] + (tiles,) + bs[borough + 1 :])


def set_turn(state: GameState, **changes: object) -> GameState:
    """``state`` with fields of the current turn changed."""
    turn: TurnState = evolve(state.turn, **changes)
    return evolve(state, turn=turn)


def push(state: GameState, *steps: Step, **changes: Any) -> GameState:
    """``state`` with ``steps`` put on top of the agenda (the first one given runs first) and
    any other field ``changes`` made in the same copy."""
    return evolve(state, agenda=state.agenda + steps[::-1], **changes)


def gain(state: GameState, seat: int, *, vp: int = 0, energy: int = 0) -> GameState:
    """The monster gains (or, with negative amounts, loses) VP and Energy.

    A raw update with no effects consulted: VP and Energy never go below 0 (rulings D34). Rules
    code uses :mod:`kingofny.engine.economy`, which applies effects (healing is
    :func:`kingofny.engine.economy.heal`, which knows the monster's maximum Life).
    """
    m = state.monsters[seat]
    return set_monster(
        state, seat, evolve(m, vp=max(0, m.vp + vp), energy=max(0, m.energy + energy))
    )


def move_monster(state: GameState, seat: int, where: Location) -> GameState:
    """The monster now stands at ``where``."""
    return set_monster(state, seat, evolve(state.monsters[seat], location=where))


def manhattan_occupants(state: GameState) -> tuple[int, ...]:
    """Seats in Manhattan, the 2–4 space's monster first."""
    found = [
        (m.location.track, i)
        for i, m in enumerate(state.monsters)
        if m.location is not None and m.location.borough is Borough.MANHATTAN
    ]
    found.sort()
    return tuple(i for _, i in found)


def on_track(state: GameState, track: Track) -> int | None:
    """The seat on this Manhattan track, if any."""
    for i, m in enumerate(state.monsters):
        if m.location is not None and m.location.track is track:
            return i
    return None
