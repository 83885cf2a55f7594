"""The rules API: new_game, legal_actions, apply, chance_outcomes, observe.

``apply`` runs the agenda: internal steps execute at once; a decision step with exactly one legal
action takes it; a decision or chance step with nothing to do is dropped; the loop stops at the
first real decision, at a chance node (unless the game draws chance itself from its seed), or
at the end of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from fractions import Fraction
from typing import Any, Union

from kingofny.content import registry
from kingofny.effects.dispatch import HookError
from kingofny.engine import attack, cards, chance, movement, resolution, rolling, shop, turn
from kingofny.engine import rng as rngmod
from kingofny.engine.destruction import destroy_act, destroy_legal
from kingofny.engine.ops import evolve, maker, pop
from kingofny.engine.setup import (
    initial_state,
    resolve_monster_ids,
    resolve_packs,
    reveal_tile_resolve,
    roll_off_resolve,
)
from kingofny.errors import ArgumentError, ConfigError, IllegalActionError
from kingofny.model.actions import Action, UseCard
from kingofny.model.outcomes import ChanceKind, Outcome, chance_kinds
from kingofny.model.state import GameConfig, GameState
from kingofny.model.steps import (
    ApplyAttack,
    BeginResolution,
    CardChoice,
    CardRoll,
    ChanceStep,
    ChooseFace,
    ChooseFlee,
    ChooseMove,
    ChooseReroll,
    CloseTurn,
    DecisionStep,
    Destroy,
    EndTurn,
    LeaveManhattan,
    MovePhase,
    Place,
    RevealCard,
    RevealTile,
    RollDice,
    RollOff,
    Shop,
    StartTurn,
    Step,
)

Move = Union[Action, Outcome]
"""What :func:`apply` accepts: a decision's action or a chance node's outcome."""

_Legal = Callable[[GameState, Any], tuple[Action, ...]]
_Act = Callable[[GameState, Any, Action], GameState]
_Check = Callable[[GameState, Any, Action], bool]
_Run = Callable[[GameState, Any], GameState]
_Resolve = Callable[[GameState, Any, Outcome], GameState]

DECISIONS: dict[type[Step], tuple[_Legal, _Act]] = {
    Place: (movement.place_legal, movement.place_act),
    ChooseReroll: (rolling.reroll_legal, rolling.reroll_act),
    ChooseFace: (resolution.choose_face_legal, resolution.choose_face_act),
    Destroy: (destroy_legal, destroy_act),
    ChooseFlee: (movement.flee_legal, movement.flee_act),
    ChooseMove: (movement.choose_move_legal, movement.choose_move_act),
    LeaveManhattan: (movement.leave_legal, movement.leave_act),
    Shop: (shop.shop_legal, shop.shop_act),
    CardChoice: (cards.choice_legal, cards.choice_act),
}
"""Decision steps: (legal actions, apply an action)."""

FAST_CHECKS: dict[type[Step], _Check] = {ChooseReroll: rolling.reroll_check}
"""Constant-time legality checks for decisions with many legal actions."""

INTERNAL: dict[type[Step], _Run] = {
    StartTurn: turn.start_turn,
    BeginResolution: resolution.begin_resolution,
    ApplyAttack: attack.apply_attack,
    MovePhase: movement.run_move_phase,
    EndTurn: turn.end_turn,
    CloseTurn: turn.close_turn,
}
"""Steps that run without any input."""

CHANCE: dict[type[Step], _Resolve] = {
    RevealTile: reveal_tile_resolve,
    RevealCard: shop.reveal_card_resolve,
    RollOff: roll_off_resolve,
    RollDice: rolling.roll_resolve,
    CardRoll: cards.card_roll_resolve,
}
"""Chance steps: apply an outcome."""

PREPARE: dict[type[Step], _Run] = {RevealCard: shop.prepare_reveal_card}
"""Work done when a chance step reaches the top, before its outcomes are listed."""


def new_game(
    monsters: Sequence[str] | int = 4,
    *,
    seed: int | None = None,
    packs: Sequence[str] = ("base",),
    manual: Collection[ChanceKind | str] = (),
) -> GameState:
    """Start a game.

    ``monsters`` is a player count (2 to 6; the first base monsters are used) or the monster ids
    in seat order (``"kong"`` or ``"base:kong"``). With a ``seed`` every chance event is drawn
    automatically and reproducibly; without one the game stops at each chance node for
    :func:`apply` to receive an outcome (explicit-chance mode).

    ``manual`` (with a seed) names the kinds of chance the seed leaves to the caller, as
    :class:`~kingofny.ChanceKind` members or their names: ``new_game(4, seed=7,
    manual={"dice"})`` draws the tiles and cards from the seed but stops at every roll of the
    dice for the table's result (companion play). Raises
    :class:`~kingofny.errors.ConfigError` for ``manual`` kinds without a seed (every chance
    node stops then) and :class:`~kingofny.errors.ArgumentError` for an unknown kind.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(f"seed must be an int or None, got {seed!r}")
    kinds = chance_kinds(manual)
    if kinds and seed is None:
        raise ConfigError(
            "manual chance kinds need a seed to draw the others; without a seed every chance "
            "node waits for an outcome"
        )
    pack_names = resolve_packs(packs)
    return start(
        GameConfig(resolve_monster_ids(monsters, pack_names), seed, pack_names, manual=kinds)
    )


def start(config: GameConfig, drawn: list[Outcome] | None = None) -> GameState:
    """The first state of a game with this configuration (outcomes drawn go to ``drawn``)."""
    return advance(initial_state(config), drawn)


# The configuration whose packs were last made sure of, and the registry's change count then:
# states of one game share their config object, so the check costs two comparisons on the hot
# path. The pair is replaced whole, so a thread sees either the old one or the new one.
_ready: tuple[GameConfig | None, int] = (None, -1)


def _packs_loaded(config: GameConfig) -> None:
    """Load the packs ``config`` plays with, if they are not yet (packs load on demand, and a
    state may come from another process or a file): without them its effects would be
    missing."""
    global _ready
    reg = registry.installed()
    if config is _ready[0] and reg.changes[0] == _ready[1]:
        return
    for name in config.packs:
        if name not in reg.loaded:
            reg.pack(name)
    _ready = (config, reg.changes[0])


_WITH_AGENDA_RNG = maker(GameState, "agenda", "rng")

# The last state whose legal actions were computed, and those actions. ``advance`` computes them
# to find forced moves, callers then ask for them and ``apply`` checks against them: one entry,
# matched by identity, saves two of those three computations on the hot path.
_last_legal: tuple[GameState | None, tuple[Action, ...]] = (None, ())


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The actions the deciding monster may take now, in a fixed order.

    Empty at a chance node and once the game is over.
    """
    global _last_legal
    cached_state, cached = _last_legal
    if cached_state is state:
        return cached
    if not state.agenda:
        return ()
    top = state.agenda[-1]
    entry = DECISIONS.get(type(top))
    if entry is None:
        return ()
    _packs_loaded(state.config)
    try:
        result = entry[0](state, top)
        result += cards.any_time(state, top, result)
    except HookError as exc:
        raise exc.at(top) from exc.__cause__
    _last_legal = (state, result)
    return result


def chance_outcomes(state: GameState) -> tuple[tuple[Outcome, Fraction], ...]:
    """At a chance node, every outcome with its exact probability (they sum to 1); else empty."""
    if not state.agenda or not isinstance(state.agenda[-1], ChanceStep):
        return ()
    _packs_loaded(state.config)
    return chance.outcomes(state, state.agenda[-1])


def sample_outcome(state: GameState, rng: random.Random) -> Outcome:
    """At a chance node, an outcome drawn with ``rng`` with exactly the probabilities
    :func:`chance_outcomes` lists, without building them (for searches that sample chance: an
    MCTS playout, a simulation in explicit-chance mode). The outcome is one of the objects
    :func:`chance_outcomes` lists.

    Raises :class:`~kingofny.errors.IllegalActionError` if the state waits for no outcome, and
    :class:`~kingofny.errors.ArgumentError` if ``rng`` is not a ``random.Random``.
    """
    if not isinstance(rng, random.Random):
        raise ArgumentError("sample_outcome(rng)", f"expected a random.Random, got {rng!r}")
    if not state.agenda or not isinstance(state.agenda[-1], ChanceStep):
        raise IllegalActionError("the state waits for no chance outcome")
    top = state.agenda[-1]
    if not chance.has_outcomes(state, top):  # pragma: no cover - advance drops such a step
        raise IllegalActionError(f"nothing can happen at this {top.KIND} step")
    return chance.draw(state, top, rng)


def reseed(view: GameState, seed: int) -> GameState:
    """A seeded game from a view (:func:`observe`) or any state: the same position, whose chance
    (every kind of it, :attr:`~kingofny.GameConfig.manual` kinds included) is drawn from
    ``seed`` from now on (a playout from what a bot sees). Different seeds give
    independent continuations. If the position waits for a chance outcome, it is drawn at once,
    as a seeded game never waits for one.

    Raises :class:`~kingofny.errors.ArgumentError` if ``seed`` is not an int.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("reseed(seed)", f"expected an int, got {seed!r}")
    config = evolve(view.config, seed=seed, manual=())
    seeded = evolve(view, config=config, rng=rngmod.seed_state(seed))
    if view.winners is not None:
        return seeded
    try:
        return advance(seeded)
    except HookError as exc:
        raise exc.at(seeded.agenda[-1]) from exc.__cause__


def apply(state: GameState, move: Move) -> GameState:
    """The state after the deciding monster takes ``move``, or after chance outcome ``move``.

    Raises :class:`~kingofny.errors.IllegalActionError` (the input state is untouched) if the
    game is over or ``move`` is not legal now.
    """
    return apply_logged(state, move, None)


Trace = list[tuple[Step, Union[Move, None], GameState]]
"""What :func:`apply_logged` and :func:`advance` note when given a list: for each step run, in
order, the step, the move that ran it (the action or outcome applied, the forced action, the
outcome the seed drew; None for an internal step) and the state after it (for narration)."""


def apply_logged(
    state: GameState, move: Move, drawn: list[Outcome] | None, trace: Trace | None = None
) -> GameState:
    """:func:`apply`, appending to ``drawn`` every chance outcome the seed drew on the way, and
    to ``trace`` every step run (see :data:`Trace`)."""
    if not state.agenda:
        raise IllegalActionError("the game is over")
    top = state.agenda[-1]
    _packs_loaded(state.config)
    try:
        return _apply(state, top, move, drawn, trace)
    except HookError as exc:
        # A card's effect failed (DESIGN Contract 7): name the step that was running.
        raise exc.at(top) from exc.__cause__


def _apply(
    state: GameState, top: Step, move: Move, drawn: list[Outcome] | None, trace: Trace | None
) -> GameState:
    if isinstance(top, ChanceStep):
        if not isinstance(move, Outcome):
            raise IllegalActionError(f"waiting for a chance outcome ({top.KIND}), got {move!r}")
        problem = chance.check(state, top, move)
        if problem is not None:
            raise IllegalActionError(problem)
        state = CHANCE[type(top)](pop(state), top, move)
        if trace is not None:
            trace.append((top, move, state))
        return advance(state, drawn, trace)
    if not isinstance(move, Action):
        got = "a chance outcome" if isinstance(move, Outcome) else "not an action"
        raise IllegalActionError(f"seat {state.current_player} must decide; got {move!r} ({got})")
    if isinstance(move, UseCard) and not isinstance(top, CardChoice):
        if move not in legal_actions(state):
            raise IllegalActionError(f"{move} is not offered to seat {state.current_player} now")
        state = cards.use(state, top, move)
        if trace is not None:
            trace.append((top, move, state))
        return advance(state, drawn, trace)
    act = DECISIONS[type(top)][1]
    check = FAST_CHECKS.get(type(top))
    ok = check(state, top, move) if check is not None else move in legal_actions(state)
    if not ok:
        options = ", ".join(str(a) for a in legal_actions(state)[:12])
        raise IllegalActionError(
            f"{move} is not legal for seat {state.current_player} at {top.KIND}; legal: {options}"
        )
    state = act(pop(state), top, move)
    if trace is not None:
        trace.append((top, move, state))
    return advance(state, drawn, trace)


def advance(
    state: GameState, drawn: list[Outcome] | None = None, trace: Trace | None = None
) -> GameState:
    """Run the agenda until a decision, a chance node (explicit mode) or the end of the game.

    Outcomes drawn from the seed are appended to ``drawn`` when it is given, and the steps run
    to ``trace`` (see :data:`Trace`).
    """
    global _last_legal
    _packs_loaded(state.config)
    top: Step | None = None
    try:
        while state.agenda and state.winners is None:
            top = state.agenda[-1]
            kind = type(top)
            run = INTERNAL.get(kind)
            if run is not None:
                state = run(pop(state), top)
                if trace is not None:
                    trace.append((top, None, state))
                continue
            if isinstance(top, ChanceStep):
                prepare = PREPARE.get(kind)
                if prepare is not None:
                    state = prepare(state, top)
                if not chance.has_outcomes(state, top):
                    state = pop(state)
                    continue
                if state.rng is None:
                    return state
                manual = state.config.manual
                if manual and top.CHANCE_KIND in manual:
                    return state
                outcome, gen = chance.sample(state, top, state.rng)
                if drawn is not None:
                    drawn.append(outcome)
                state = CHANCE[kind](_WITH_AGENDA_RNG(state, state.agenda[:-1], gen), top, outcome)
                if trace is not None:
                    trace.append((top, outcome, state))
                continue
            assert isinstance(top, DecisionStep)
            legal, act = DECISIONS[kind]
            if state.monsters[top.seat].eliminated:
                state = pop(state)
                continue
            options = legal(state, top)
            if options:
                options += cards.any_time(state, top, options)
            if len(options) > 1:
                _last_legal = (state, options)
                return state
            state = pop(state)
            if options:
                state = act(state, top, options[0])
                if trace is not None:
                    trace.append((top, options[0], state))
    except HookError as exc:
        if top is None:
            raise
        # A card's effect failed (DESIGN Contract 7): name the step that was running.
        raise exc.at(top) from exc.__cause__
    return state


def observe(state: GameState, seat: int | None = None) -> GameState:
    """What a player may see: the state without the auto-chance seed and generator (and so
    without :attr:`~kingofny.GameConfig.manual` kinds: a view is in explicit-chance mode).

    The base game has no other secret (the deck and face-down tiles are multisets), so the view
    of every seat is the same; ``seat`` is checked and kept for content that adds private
    information.
    """
    if seat is not None and not 0 <= seat < len(state.monsters):
        raise ConfigError(f"no seat {seat} in a {len(state.monsters)}-monster game")
    if state.rng is None and state.config.seed is None:
        return state
    return evolve(state, rng=None, config=evolve(state.config, seed=None, manual=()))


def is_terminal(state: GameState) -> bool:
    """Whether the game is over."""
    return state.winners is not None


def winners(state: GameState) -> tuple[int, ...] | None:
    """The winning seats once the game is over (empty if nobody won), else None."""
    return state.winners
