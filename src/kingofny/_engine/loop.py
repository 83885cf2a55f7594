"""The engine's loop: the step tables, ``advance`` and ``apply_logged``, compiled in the compiled
build. The public functions around them, which check what callers pass, are in
:mod:`kingofny._engine.core`.

``advance`` runs the agenda: internal steps execute at once; a decision step with exactly one
legal action takes it; a decision or chance step with nothing to do is dropped; the loop stops at
the first real decision, at a chance node (unless the game draws chance itself from its seed),
or at the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Union

from kingofny._engine import attack, cards, chance, movement, resolution, rolling, shop, turn
from kingofny._engine.debug import DEBUG
from kingofny._engine.destruction import destroy_act, destroy_legal
from kingofny._engine.dispatch import HookError
from kingofny._engine.ops import draft, freeze, maker, pop
from kingofny._engine.setup import (
    initial_state,
    reveal_tile_resolve,
    roll_off_resolve,
)
from kingofny.errors import IllegalActionError
from kingofny.model.actions import Action, UseCard
from kingofny.model.outcomes import Outcome
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

if TYPE_CHECKING:
    from fractions import Fraction

ActionOrOutcome = Union[Action, Outcome]
"""What :func:`apply` accepts: a decision's action or a chance node's outcome."""
Move = ActionOrOutcome  # its 0.1 name, for ``kingofny.engine.core.Move`` (deprecated)

_Legal = Callable[[GameState, Any], tuple[Action, ...]]
_Act = Callable[[GameState, Any, Action], GameState]
_Check = Callable[[GameState, Any, Action], bool]
_Run = Callable[[GameState, Any], GameState]
_Resolve = Callable[[GameState, Any, Outcome], GameState]

DECISIONS: Final[dict[type[Step], tuple[_Legal, _Act]]] = {
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

FAST_CHECKS: Final[dict[type[Step], _Check]] = {ChooseReroll: rolling.reroll_check}
"""Constant-time legality checks for decisions with many legal actions."""

INTERNAL: Final[dict[type[Step], _Run]] = {
    StartTurn: turn.start_turn,
    BeginResolution: resolution.begin_resolution,
    ApplyAttack: attack.apply_attack,
    MovePhase: movement.run_move_phase,
    EndTurn: turn.end_turn,
    CloseTurn: turn.close_turn,
}
"""Steps that run without any input."""

CHANCE: Final[dict[type[Step], _Resolve]] = {
    RevealTile: reveal_tile_resolve,
    RevealCard: shop.reveal_card_resolve,
    RollOff: roll_off_resolve,
    RollDice: rolling.roll_resolve,
    CardRoll: cards.card_roll_resolve,
}
"""Chance steps: apply an outcome."""

PREPARE: Final[dict[type[Step], _Run]] = {RevealCard: shop.prepare_reveal_card}
"""Work done when a chance step reaches the top, before its outcomes are listed."""


def start(config: GameConfig, drawn: list[Outcome] | None = None) -> GameState:
    """The first state of a game with this configuration (outcomes drawn go to ``drawn``)."""
    state = initial_state(config)
    # The setup's steps (roll-off, reveals) update one draft, as ``apply``'s do.
    return freeze(advance(draft(state, state.agenda), drawn))


class _Memo:
    """The loop's memo of legal actions. (An attribute of one object rather than a module
    global, which the compiled build reads without a dict lookup.)"""

    def __init__(self) -> None:
        self.legal: dict[int, tuple[GameState, tuple[Action, ...]]] = {}
        """The states whose legal actions were computed lately, by identity (``id``, checked
        against the state kept with them), and those actions. ``advance`` computes them to find
        forced moves, callers then ask for them and ``apply`` checks against them: the memo
        saves two of those three computations on the hot path, also when several games are
        played in turns (a batched environment steps each of its games in turn). Only frozen
        states are kept (a draft changes after it is read: an effect may ask for the legal
        actions of the state its hook is given), and none in the debug mode. At most
        :data:`_MEMO_SIZE` entries: it is emptied when full."""


_MEMO: Final = _Memo()
_MEMO_SIZE: Final = 256


def _remember(state: GameState, actions: tuple[Action, ...]) -> None:
    """Keep ``actions`` as the legal actions of ``state`` (see :class:`_Memo`)."""
    memo = _MEMO.legal
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[id(state)] = (state, actions)


_WITH_AGENDA: Final = maker(GameState, "agenda")
_WITH_AGENDA_RNG: Final = maker(GameState, "agenda", "rng")


def legal(state: GameState) -> tuple[Action, ...]:
    """:func:`kingofny._engine.core.legal_actions` for a state known to be a GameState."""
    hit = _MEMO.legal.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    if not state.agenda:
        return ()
    top = state.agenda[-1]
    entry = DECISIONS.get(type(top))
    if entry is None:
        return ()
    try:
        result = entry[0](state, top)
        result += cards.any_time(state, top, result)
    except HookError as exc:
        raise exc.at(top) from exc.__cause__
    if type(state) is GameState and not DEBUG.on:
        _remember(state, result)
    return result


def outcomes(state: GameState) -> tuple[tuple[Outcome, Fraction], ...]:
    """:func:`kingofny._engine.core.chance_outcomes` for a state known to be a GameState."""
    if not state.agenda or not isinstance(state.agenda[-1], ChanceStep):
        return ()
    return chance.outcomes(state, state.agenda[-1])


Trace = list[tuple[Step, Union[ActionOrOutcome, None], GameState]]
"""What :func:`apply_logged` and :func:`advance` note when given a list: for each step run, in
order, the step, the move that ran it (the action or outcome applied, the forced action, the
outcome the seed drew; None for an internal step) and the state after it (for narration)."""


def apply_logged(
    state: GameState, move: ActionOrOutcome, drawn: list[Outcome] | None, trace: Trace | None = None
) -> GameState:
    """:func:`apply`, appending to ``drawn`` every chance outcome the seed drew on the way, and
    to ``trace`` every step run (see :data:`Trace`)."""
    if not state.agenda:
        raise IllegalActionError("the game is over")
    top = state.agenda[-1]
    try:
        return _apply(state, top, move, drawn, trace)
    except HookError as exc:
        # A card's effect failed (DESIGN Contract 7): name the step that was running.
        raise exc.at(top) from exc.__cause__


def _apply(
    state: GameState,
    top: Step,
    move: ActionOrOutcome,
    drawn: list[Outcome] | None,
    trace: Trace | None,
) -> GameState:
    # Once the move is known to be legal, the input is copied once into a draft that the steps
    # update in place (:func:`kingofny._engine.ops.draft`), and frozen on return. A trace keeps
    # every state it notes, so with one each step copies, as before.
    if isinstance(top, ChanceStep):
        if not isinstance(move, Outcome):
            raise IllegalActionError(f"waiting for a chance outcome ({top.KIND}), got {move!r}")
        problem = chance.check(state, top, move)
        if problem is not None:
            raise IllegalActionError(problem)
        begun = pop(state) if trace is not None else draft(state, state.agenda[:-1])
        state = CHANCE[type(top)](begun, top, move)
        if trace is not None:
            trace.append((top, move, state))
        return freeze(advance(state, drawn, trace))
    if not isinstance(move, Action):
        got = "a chance outcome" if isinstance(move, Outcome) else "not an action"
        raise IllegalActionError(f"seat {state.current_player} must decide; got {move!r} ({got})")
    if isinstance(move, UseCard) and not isinstance(top, CardChoice):
        if move not in legal(state):
            raise IllegalActionError(f"{move} is not offered to seat {state.current_player} now")
        begun = state if trace is not None else draft(state, state.agenda)
        state = cards.use(begun, top, move)
        if trace is not None:
            trace.append((top, move, state))
        return freeze(advance(state, drawn, trace))
    act = DECISIONS[type(top)][1]
    check = FAST_CHECKS.get(type(top))
    ok = check(state, top, move) if check is not None else move in legal(state)
    if not ok:
        options = ", ".join(str(a) for a in legal(state)[:12])
        raise IllegalActionError(
            f"{move} is not legal for seat {state.current_player} at {top.KIND}; legal: {options}"
        )
    begun = pop(state) if trace is not None else draft(state, state.agenda[:-1])
    state = act(begun, top, move)
    if trace is not None:
        trace.append((top, move, state))
    return freeze(advance(state, drawn, trace))


def advance(
    state: GameState, drawn: list[Outcome] | None = None, trace: Trace | None = None
) -> GameState:
    """Run the agenda until a decision, a chance node (explicit mode) or the end of the game.

    Outcomes drawn from the seed are appended to ``drawn`` when it is given, and the steps run
    to ``trace`` (see :data:`Trace`).
    """
    top: Step | None = None
    try:
        while True:
            agenda = state.agenda
            if not agenda or state.winners is not None:
                break
            top = agenda[-1]
            kind = type(top)
            run = INTERNAL.get(kind)
            if run is not None:
                state = run(_WITH_AGENDA(state, agenda[:-1]), top)
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
                state = CHANCE[kind](_WITH_AGENDA_RNG(state, agenda[:-1], gen), top, outcome)
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
                # ``state`` goes back to ``apply`` as it is (a draft is frozen in place).
                if not DEBUG.on:
                    _remember(state, options)
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
