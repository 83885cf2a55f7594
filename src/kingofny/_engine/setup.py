"""Setting up a game (seed 000, *Setup* and *How to Play*; rulings §5)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from kingofny._engine import rng as rngmod
from kingofny._engine.ops import evolve, maker, push, set_borough
from kingofny._engine.stock import START_TURN
from kingofny.errors import ConfigError
from kingofny.model.city import (
    BASE_TILES,
    STACKS_PER_BOROUGH,
    TILES_PER_STACK,
    Borough,
    BoroughState,
    Building,
    Stack,
)
from kingofny.model.content import ContentTable, content_of
from kingofny.model.dice import Face
from kingofny.model.limits import MAX_MONSTERS, MIN_MONSTERS
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import DiceRoll, Outcome, TileDraw
from kingofny.model.state import MARKET_SIZE, GameConfig, GameState, TurnState
from kingofny.model.steps import Place, RevealCard, RevealTile, RollOff

_WITH_HIDDEN_TILES: Final = maker(GameState, "hidden_tiles")
_WITH_STACKS: Final = maker(BoroughState, "stacks")


def resolve_monster_ids(monsters: object, content: ContentTable) -> tuple[str, ...]:
    """Monster ids for a game: a count takes the first monsters of the packs; a name may omit
    its pack (``"kong"`` is ``"base:kong"``) when only one pack in play has it. Anything else
    is a ConfigError (``monsters`` is typed ``object``: compiled, a narrower type would turn
    a wrong argument into mypyc's own TypeError before the checks below)."""
    known = tuple(content.monsters.values())
    if isinstance(monsters, bool) or not isinstance(monsters, (int, Sequence)):
        raise ConfigError(f"monsters must be a count or a sequence of ids, got {monsters!r:.60}")
    if isinstance(monsters, int):
        if not MIN_MONSTERS <= monsters <= MAX_MONSTERS:
            raise ConfigError(
                f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {monsters}"
            )
        if monsters > len(known):
            raise ConfigError(f"the packs in play have only {len(known)} monsters")
        return tuple(m.id for m in known[:monsters])
    if isinstance(monsters, str):
        raise ConfigError(f"monsters must be a sequence of ids, not the string {monsters!r}")
    by_id = {m.id: m for m in known}
    ids: list[str] = []
    names: list[object] = list(monsters)
    for name in names:
        if not isinstance(name, str):
            raise ConfigError(f"monster ids are strings, got {name!r:.60}")
        short = name.lower().replace(" ", "-")
        matches = [m.id for m in known if m.id == name or m.id.partition(":")[2] == short]
        if len(matches) != 1 or (":" in name and name not in by_id):
            choices = ", ".join(m.id for m in known)
            problem = "ambiguous" if len(matches) > 1 else "unknown"
            raise ConfigError(f"{problem} monster {name!r}; the packs in play have: {choices}")
        ids.append(matches[0])
    if len(set(ids)) != len(ids):
        raise ConfigError(f"each monster can be played only once, got {ids}")
    if not MIN_MONSTERS <= len(ids) <= MAX_MONSTERS:
        raise ConfigError(
            f"King of New York is for {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {len(ids)}"
        )
    return tuple(ids)


def initial_state(config: GameConfig) -> GameState:
    """The table before any chance event: every stack face down, the deck unrevealed.

    The agenda reveals the top of each of the 15 stacks and the three market cards, then runs
    the first-player roll-off, which queues placement and the first turn.
    """
    stack = Stack(None, TILES_PER_STACK)
    empty = BoroughState((stack,) * STACKS_PER_BOROUGH)
    reveals = tuple(RevealTile(b, i) for b in Borough for i in range(STACKS_PER_BOROUGH))
    state = GameState(
        config=config,
        monsters=tuple(MonsterState(mid) for mid in config.monsters),
        boroughs=(empty,) * len(Borough),
        hidden_tiles=BASE_TILES,
        deck=content_of(config).deck,
        market=(None,) * MARKET_SIZE,
        discard=(),
        turn=TurnState(),
        rng=None if config.seed is None else rngmod.seed_state(config.seed),
    )
    return push(
        state,
        *reveals,
        *(RevealCard(slot) for slot in range(MARKET_SIZE)),
        RollOff(tuple(range(config.player_count))),
    )


@functools.lru_cache(maxsize=256)
def _stack(top: Building, hidden: int) -> Stack:
    """``Stack(top, hidden)``, shared (a stack is a value)."""
    return Stack(top, hidden)


def reveal_tile_resolve(state: GameState, step: RevealTile, outcome: Outcome) -> GameState:
    """The drawn building becomes the top of the stack; it leaves the face-down pool."""
    assert isinstance(outcome, TileDraw)
    tiles = state.boroughs[step.borough]
    stack = tiles.stacks[step.stack]
    stacks = list(tiles.stacks)
    stacks[step.stack] = _stack(outcome.building, stack.hidden - 1)
    pool = state.hidden_tiles
    for i, (building, count) in enumerate(pool):
        if building == outcome.building:
            left = ((building, count - 1),) if count > 1 else ()
            state = _WITH_HIDDEN_TILES(state, pool[:i] + left + pool[i + 1 :])
            break
    return set_borough(state, step.borough, _WITH_STACKS(tiles, tuple(stacks)))


def roll_off_resolve(state: GameState, step: RollOff, outcome: Outcome) -> GameState:
    """Record a contender's Attack results; when all have rolled, the most Attack goes first and
    tied contenders roll again (rulings D29). Placement then runs clockwise from the first."""
    assert isinstance(outcome, DiceRoll)
    attacks = step.attacks + (outcome.dice[Face.ATTACK],)
    if len(attacks) < len(step.contenders):
        return push(state, RollOff(step.contenders, attacks))
    best = max(attacks)
    tied = tuple(seat for seat, n in zip(step.contenders, attacks) if n == best)
    if len(tied) > 1:
        return push(state, RollOff(tied))
    first = tied[0]
    n = state.config.player_count
    order = [(first + k) % n for k in range(n)]
    state = evolve(state, turn=TurnState(seat=first))
    return push(state, *(Place(seat) for seat in order), START_TURN[first])
