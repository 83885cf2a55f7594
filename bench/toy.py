"""The toy floor: a minimal immutable King-of-Tokyo-like dice battle, bench.py's yard-stick.

What it is for: the speed targets of issue 8 are *ratios* of kingofny's time per decision to this
engine's time per step, measured in the same process and interleaved, so that the load of a shared
machine (which moves absolute µs by 2-3×) cancels out. It is a **fixed yard-stick, not a
like-for-like game**: it has no cards, no city, no boroughs and no agenda, and it always plays
4 seats. Do not optimise it and do not change its rules: every ratio ever published would move.
Bump :data:`TOY_VERSION` if it must change, and say so next to the figures.

The game (version 1): 4 seats, each with 10 life, 0 VP, 0 energy. On a turn the active monster
rolls 6 dice (faces 1, 2, 3, energy, claw, heart), then up to twice chooses a non-empty set of
dice to reroll, or stops. Resolution: three or more of a number score that number, plus 1 per
extra die; each energy gives 1 energy; hearts heal (to at most 10) outside Tokyo; claws hit every
other monster from Tokyo, or the monster in Tokyo from outside. A monster in Tokyo that is hit and
survives chooses to stay or to yield; the attacker takes Tokyo when it is yielded or empty
(+1 VP), and a monster starting its turn in Tokyo gains 2 VP. Then the active monster may buy
1 VP for 3 energy, as often as it can pay, and ends its turn. A monster at 0 life is out. The game
ends when someone has 20 VP (those monsters win) or one monster is left standing.

Two variants of the state with the same rules and the same games: :class:`TState` (a
``NamedTuple``) and :class:`AState` (an attrs frozen, slotted class, like kingofny's states). The
API follows kingofny's: ``new_game(seed)``, ``legal_actions(state)`` (a cached tuple) and
``apply(state, action)``, which returns a new state and never mutates its input. Chance is drawn
inside ``apply`` from a 64-bit LCG kept in the state, so a game is determined by its seed and the
actions chosen; :func:`play` is random self-play with ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

import attrs

TOY_VERSION = 1
"""The rules' version; the ratios measured against the toy floor are only comparable within one."""

SEATS = 4
DICE = 6
REROLLS = 2
"""Rolls per turn: the first roll plus this many rerolls."""
START_LIFE = 10
MAX_LIFE = 10
WIN_VP = 20
VP_COST = 3
"""Energy paid for 1 VP in the buy phase."""
MAX_STEPS = 20_000
"""A random game needing more steps than this is a bug."""

# Faces: 0, 1, 2 are the numbers 1, 2, 3.
ENERGY, CLAW, HEART = 3, 4, 5
# Phases.
ROLL, YIELD, BUY = 0, 1, 2

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


class Action(NamedTuple):
    """A toy action: ``kind`` is one of the constants below; ``faces`` the dice to reroll."""

    kind: int
    faces: tuple[int, ...] = ()


REROLL, STOP, STAY, LEAVE, BUY_VP, END = range(6)
A_STOP = Action(STOP)
A_STAY = Action(STAY)
A_LEAVE = Action(LEAVE)
A_BUY = Action(BUY_VP)
A_END = Action(END)
YIELD_ACTIONS = (A_STAY, A_LEAVE)
_PHASE_OF = (ROLL, ROLL, YIELD, YIELD, BUY, BUY)
"""The phase in which each kind of action is legal."""
BUY_ACTIONS = (A_BUY, A_END)


class TMonster(NamedTuple):
    """A seat of the tuple variant."""

    vp: int
    life: int
    energy: int


class TState(NamedTuple):
    """The tuple variant of the state."""

    monsters: tuple[TMonster, ...]
    current: int
    tokyo: int
    """The seat in Tokyo, or -1."""
    dice: tuple[int, ...]
    """Sorted faces."""
    rerolls: int
    phase: int
    rng: int
    turn: int
    winners: tuple[int, ...] | None


@attrs.frozen(slots=True)
class AMonster:
    """A seat of the attrs variant."""

    vp: int
    life: int
    energy: int


@attrs.frozen(slots=True)
class AState:
    """The attrs variant of the state (frozen, slotted, equal and hashable by value)."""

    monsters: tuple[AMonster, ...]
    current: int
    tokyo: int
    dice: tuple[int, ...]
    rerolls: int
    phase: int
    rng: int
    turn: int
    winners: tuple[int, ...] | None


@cache
def reroll_actions(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """Stop, or reroll any distinct non-empty sub-multiset of ``dice`` (sorted)."""
    found: set[tuple[int, ...]] = set()
    for mask in range(1, 1 << len(dice)):
        found.add(tuple(d for i, d in enumerate(dice) if mask >> i & 1))
    return (A_STOP, *(Action(REROLL, faces) for faces in sorted(found)))


def _roll(rng: int, n: int) -> tuple[int, list[int]]:
    """``n`` faces from the LCG: (next rng, faces)."""
    faces = []
    for _ in range(n):
        rng = (rng * _MUL + _INC) & _MASK
        faces.append((rng >> 33) % 6)
    return rng, faces


class Engine(NamedTuple):
    """One variant's API."""

    name: str
    new_game: Callable[[int], Any]
    legal_actions: Callable[[Any], tuple[Action, ...]]
    apply: Callable[[Any, Action], Any]


def make_engine(
    name: str, state_cls: Callable[..., Any], monster_cls: Callable[..., Any]
) -> Engine:
    """The rules over one pair of state classes (both take their fields positionally)."""
    S, M = state_cls, monster_cls

    def new_game(seed: int) -> Any:
        rng, faces = _roll((seed * 0x9E3779B97F4A7C15 + 1) & _MASK, DICE)
        monsters = tuple(M(0, START_LIFE, 0) for _ in range(SEATS))
        return S(monsters, 0, -1, tuple(sorted(faces)), REROLLS, ROLL, rng, 1, None)

    def legal_actions(state: Any) -> tuple[Action, ...]:
        if state.winners is not None:
            return ()
        phase = state.phase
        if phase == ROLL:
            return reroll_actions(state.dice)
        if phase == YIELD:
            return YIELD_ACTIONS
        return BUY_ACTIONS

    def winners_of(monsters: tuple[Any, ...]) -> tuple[int, ...] | None:
        alive = [i for i, m in enumerate(monsters) if m.life > 0]
        if len(alive) <= 1:
            return tuple(alive)
        top = tuple(i for i in alive if monsters[i].vp >= WIN_VP)
        return top or None

    def next_turn(state: Any, monsters: tuple[Any, ...], tokyo: int, rng: int) -> Any:
        """End the current turn: the next monster standing starts and rolls."""
        seat = state.current
        while True:
            seat = (seat + 1) % SEATS
            if monsters[seat].life > 0:
                break
        if seat == tokyo:
            m = monsters[seat]
            monsters = (*monsters[:seat], M(m.vp + 2, m.life, m.energy), *monsters[seat + 1 :])
        rng, faces = _roll(rng, DICE)
        dice = tuple(sorted(faces))
        return S(
            monsters, seat, tokyo, dice, REROLLS, ROLL, rng, state.turn + 1, winners_of(monsters)
        )

    def buy_or_end(state: Any, monsters: tuple[Any, ...], tokyo: int, rng: int) -> Any:
        if monsters[state.current].energy >= VP_COST:
            return S(monsters, state.current, tokyo, state.dice, 0, BUY, rng, state.turn, None)
        return next_turn(state, monsters, tokyo, rng)

    def resolve(state: Any, dice: tuple[int, ...], rng: int) -> Any:
        seat, tokyo = state.current, state.tokyo
        counts = [0] * 6
        for face in dice:
            counts[face] += 1
        me = state.monsters[seat]
        vp = me.vp
        for number in range(3):
            if counts[number] >= 3:
                vp += number + 1 + counts[number] - 3
        life = me.life
        if counts[HEART] and seat != tokyo:
            life = min(MAX_LIFE, life + counts[HEART])
        monsters = list(state.monsters)
        monsters[seat] = M(vp, life, me.energy + counts[ENERGY])
        claws = counts[CLAW]
        hit = -1
        if claws:
            targets = [i for i in range(SEATS) if i != seat] if seat == tokyo else [tokyo]
            for i in targets:
                if i >= 0 and monsters[i].life > 0:
                    m = monsters[i]
                    monsters[i] = M(m.vp, max(0, m.life - claws), m.energy)
                    hit = i
            if tokyo >= 0 and monsters[tokyo].life == 0:
                tokyo = -1
        frozen = tuple(monsters)
        won = winners_of(frozen)
        if won is not None:
            return S(frozen, seat, tokyo, dice, 0, ROLL, rng, state.turn, won)
        if tokyo >= 0 and tokyo != seat and hit == tokyo:
            return S(frozen, seat, tokyo, dice, 0, YIELD, rng, state.turn, None)
        if tokyo < 0:
            m = frozen[seat]
            frozen = (*frozen[:seat], M(m.vp + 1, m.life, m.energy), *frozen[seat + 1 :])
            tokyo = seat
            won = winners_of(frozen)
            if won is not None:
                return S(frozen, seat, tokyo, dice, 0, ROLL, rng, state.turn, won)
        return buy_or_end(state, frozen, tokyo, rng)

    def apply(state: Any, action: Action) -> Any:
        kind = action.kind
        if state.winners is not None or _PHASE_OF[kind] != state.phase:
            raise ValueError(f"illegal action {action!r}")
        if kind == REROLL:
            kept = list(state.dice)
            try:
                for face in action.faces:
                    kept.remove(face)
            except ValueError:
                raise ValueError(f"illegal action {action!r}") from None
            if not action.faces:
                raise ValueError(f"illegal action {action!r}")
            rng, faces = _roll(state.rng, len(action.faces))
            dice = tuple(sorted(kept + faces))
            if state.rerolls > 1:
                return S(
                    state.monsters,
                    state.current,
                    state.tokyo,
                    dice,
                    state.rerolls - 1,
                    ROLL,
                    rng,
                    state.turn,
                    None,
                )
            return resolve(state, dice, rng)
        if kind == STOP:
            return resolve(state, state.dice, state.rng)
        if kind in (STAY, LEAVE):
            monsters, tokyo = state.monsters, state.tokyo
            if kind == LEAVE:
                seat = state.current
                m = monsters[seat]
                monsters = (*monsters[:seat], M(m.vp + 1, m.life, m.energy), *monsters[seat + 1 :])
                tokyo = seat
                won = winners_of(monsters)
                if won is not None:
                    return S(monsters, seat, tokyo, state.dice, 0, ROLL, state.rng, state.turn, won)
            return buy_or_end(state, monsters, tokyo, state.rng)
        if kind == BUY_VP:
            seat, monsters = state.current, state.monsters
            m = monsters[seat]
            monsters = (
                *monsters[:seat],
                M(m.vp + 1, m.life, m.energy - VP_COST),
                *monsters[seat + 1 :],
            )
            won = winners_of(monsters)
            if won is not None:
                return S(
                    monsters, seat, state.tokyo, state.dice, 0, BUY, state.rng, state.turn, won
                )
            return buy_or_end(state, monsters, state.tokyo, state.rng)
        return next_turn(state, state.monsters, state.tokyo, state.rng)

    return Engine(name, new_game, legal_actions, apply)


TUPLE = make_engine("tuple", TState, TMonster)
"""The NamedTuple variant (the floor the targets are measured against)."""
ATTRS = make_engine("attrs", AState, AMonster)
"""The attrs frozen-slotted variant."""
ENGINES = {"tuple": TUPLE, "attrs": ATTRS}


def waiting(state: Any) -> int:
    """The seat that decides next: the monster in Tokyo on a yield, else the active one."""
    return int(state.tokyo if state.phase == YIELD else state.current)


def play(engine: Engine, seed: int) -> tuple[int, Any]:
    """One random self-play game: (steps, final state). The same seed plays the same game."""
    choose = random.Random(seed).choice
    legal_actions, apply = engine.legal_actions, engine.apply
    state = engine.new_game(seed)
    for steps in range(MAX_STEPS):
        if state.winners is not None:
            return steps, state
        state = apply(state, choose(legal_actions(state)))
    raise RuntimeError(f"toy game {seed} is not over after {MAX_STEPS} steps")
