"""Finding the effects in play, for the engine's trigger points, and reporting their failures.

These run at every trigger point of every step, so they work straight on the game's content
table (its config's, :mod:`kingofny.model.content`) and return an empty tuple fast when nothing
is in play (the common case early in a game).

Every call of a hook in the engine goes through :func:`checked` (or :func:`each`, for the
hooks that return a state), which reports an exception with :func:`failed` and a result of the
wrong type with :func:`wrong`: a card's effect that raises or returns the wrong thing is an
:class:`~kingofny.errors.EffectError` naming the pack, the card, the hook and the step, never a
bare exception deep in the engine (DESIGN Contract 7). A ``try`` costs nothing in CPython 3.11
when nothing raises.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable, Mapping
from typing import Final, NoReturn, TypeVar, cast

from kingofny._engine.debug import DEBUG, fingerprint
from kingofny._engine.ops import DRAFT
from kingofny.errors import EffectError, IllegalActionError
from kingofny.model.actions import UseCard
from kingofny.model.content import ContentTable, content_of
from kingofny.model.effect import Context, Effect
from kingofny.model.limits import MAX_DICE, MAX_MONSTERS, MAX_POINTS
from kingofny.model.monster import MonsterState
from kingofny.model.state import GameState
from kingofny.model.steps import CardRoll, Step

_NONE: Final[tuple[()]] = ()
_HOOKS: Final = frozenset(
    name for name, value in vars(Effect).items() if callable(value) and not name.startswith("_")
)
"""The names of the hooks of :class:`~kingofny.model.effect.Effect` (every default does
nothing)."""

_DEFAULTS: Final[dict[type, frozenset[str]]] = {}
"""The hooks each effect class leaves at Effect's default, found on first use (the entries
never change, so threads may share them)."""


def overrides(effect: Effect, hook: str) -> bool:
    """Whether ``effect``'s class implements ``hook`` (found once per class, following its
    bases): hot paths skip the effects whose hook is Effect's default, which does nothing. A
    name Effect has no hook of (a plugin's own) is never skipped."""
    defaults = _DEFAULTS.get(type(effect))
    if defaults is None:
        cls = type(effect)
        defaults = _DEFAULTS[cls] = frozenset(
            name for name in _HOOKS if getattr(cls, name, None) is getattr(Effect, name)
        )
    return hook not in defaults


_OWNED: Final[dict[tuple[object, ...], tuple[tuple[str, Effect], ...]]] = {}
"""The effects of each combination of monster, cards, tokens, marks and content table seen:
few recur across a game, and the entries are immutable, so threads may share them (a race only
computes an entry twice)."""
_OWNED_LIMIT: Final = 8192


_Entry = tuple[MonsterState, tuple[str, ...], ContentTable, tuple[tuple[str, Effect], ...]]

_BY_SEAT: Final[list[_Entry | None]] = [None] * MAX_MONSTERS
"""For each seat, the monster whose effects were found last, with the marks and the content
table they were found under, and those effects. States share unchanged monsters, so
the common case is one identity test. Each entry holds its monster (an identity match cannot
be a reused address) and is replaced whole, so a thread sees an old entry or a new one."""


def owned(state: GameState, seat: int) -> tuple[tuple[str, Effect], ...]:
    """The effects acting for ``seat``: its monster's ability, its KEEP cards in the order it
    gained them, its tokens' rules, and, on its own turn, the turn's marks."""
    m = state.monsters[seat]
    turn = state.turn
    marks = turn.marks if seat == turn.seat else _NONE
    table = state.config.content
    if table is None:
        table = content_of(state.config)
    last = _BY_SEAT[seat]
    if (
        last is not None
        and last[0] is m
        and (last[1] is marks or last[1] == marks)
        and last[2] is table
    ):
        return last[3]
    found: tuple[tuple[str, Effect], ...] = _NONE
    if not m.eliminated:
        key = (m.monster, m.cards, m.tokens, marks, table)
        cached = _OWNED.get(key)
        if cached is None:
            cached = _owned(m, marks, table.effects)
            if len(_OWNED) >= _OWNED_LIMIT:
                _OWNED.clear()
            _OWNED[key] = cached
        found = cached
    _BY_SEAT[seat] = (m, marks, table, found)
    return found


def _owned(
    m: MonsterState, marks: tuple[str, ...], table: Mapping[str, Effect]
) -> tuple[tuple[str, Effect], ...]:
    if not table:
        return _NONE
    found: list[tuple[str, Effect]] = []
    get = table.get
    ability = get(m.monster)
    if ability is not None:
        found.append((m.monster, ability))
    for card in m.cards:
        effect = get(card)
        if effect is not None:
            found.append((card, effect))
    for kind, _ in m.tokens:
        effect = get(kind)
        # A card's own tokens (Carapace) share its key: the card's effect is already listed.
        if effect is not None and kind not in m.cards and kind != m.monster:
            found.append((kind, effect))
    for mark in marks:
        effect = get(mark)
        if effect is not None:
            found.append((mark, effect))
    return tuple(found)


_Played = tuple[
    tuple[MonsterState, ...] | None,
    int,
    tuple[str, ...],
    ContentTable | None,
    tuple[tuple[int, str, Effect], ...],
]

_IN_PLAY: Final[list[_Played]] = [(None, -1, (), None, ())]
"""The tuple of monsters whose effects in play were found last (held, so an identity match is
the same tuple), with the turn's seat, its marks and the content table then, and those
effects: one entry, replaced whole."""


def in_play(state: GameState) -> tuple[tuple[int, str, Effect], ...]:
    """Every effect in play as (owner, id, effect), owners in seat order from the turn's
    monster."""
    monsters = state.monsters
    turn = state.turn
    first = turn.seat
    marks = turn.marks
    table = state.config.content
    if table is None:
        table = content_of(state.config)
    last = _IN_PLAY[0]
    if last[0] is monsters and last[1] == first and last[2] == marks and last[3] is table:
        return last[4]
    n = len(monsters)
    found: list[tuple[int, str, Effect]] = []
    for k in range(n):
        seat = (first + k) % n
        found.extend((seat, key, effect) for key, effect in owned(state, seat))
    result = tuple(found) if found else _NONE
    _IN_PLAY[0] = (monsters, first, marks, table, result)
    return result


def in_market(state: GameState) -> list[tuple[str, Effect]] | tuple[()]:
    """The effects of the face-up market cards."""
    table = content_of(state.config).effects
    if not table:
        return _NONE
    found = [(card, table[card]) for card in state.market if card is not None and card in table]
    return found or _NONE


_REPR: Final = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60


_T = TypeVar("_T")


def checked(
    state: GameState, key: str, expected: type[_T], hook: Callable[..., object], *args: object
) -> _T:
    """``hook(*args)``, a hook of ``key``'s effect called on ``state``, whose failure is the
    effect's: an exception it raises (:func:`failed`) or a result whose type is not exactly
    ``expected`` (:func:`wrong`; a GameState may be the draft ``apply`` works on,
    :func:`kingofny._engine.ops.draft`; ``object`` takes any result, which the caller checks).

    In the debug mode (:mod:`kingofny._engine.debug`) the hook is also watched: changing the
    state it was given in place, or returning a state of another game, is its failure too."""
    if DEBUG.on:
        value = _watched(state, key, hook, args)
    else:
        try:
            value = hook(*args)
        except Exception as exc:
            failed(state, key, hook.__name__, exc)
    if (
        type(value) is expected
        or expected is object
        or (type(value) is DRAFT and expected is GameState)
    ):
        return cast(_T, value)
    name = expected.__name__
    article = "an" if name[0] in "aeiouAEIOU" else "a"
    wrong(state, key, hook.__name__, value, f"{article} {name}")


def counted(
    state: GameState,
    key: str,
    hook: Callable[..., object],
    *args: object,
    low: int = -MAX_POINTS,
    high: int = MAX_POINTS,
) -> int:
    """:func:`checked` for a hook that returns a count: an int from ``low`` to ``high`` (by
    default the model's bound on any count, :data:`~kingofny.model.limits.MAX_POINTS`), else
    the effect's failure (:func:`wrong`), so that a count no game can hold never reaches the
    rules."""
    value = checked(state, key, int, hook, *args)
    if low <= value <= high:
        return value
    wrong(state, key, hook.__name__, value, f"an int from {low} to {high}")


def checked_roll(state: GameState, key: str, hook: str, roll: object) -> CardRoll:
    """A roll an effect asks for (``attack_roll``), checked: a :class:`CardRoll` of 1 to 8 dice
    (the dice in the box) by a seat of the game, for a card or monster whose effect reads the
    dice (``rolled``); anything else is the effect's failure (:func:`wrong`)."""
    if type(roll) is not CardRoll:
        wrong(state, key, hook, roll, "a CardRoll or None")
    n = len(state.monsters)
    if (
        type(roll.count) is not int
        or not 1 <= roll.count <= MAX_DICE
        or type(roll.seat) is not int
        or not 0 <= roll.seat < n
        or content_of(state.config).effects.get(roll.card) is None
    ):
        wrong(
            state,
            key,
            hook,
            roll,
            f"a CardRoll of 1 to {MAX_DICE} dice, by a seat of the {n}, for a card with an effect",
        )
    return roll


def _watched(
    state: GameState, key: str, hook: Callable[..., object], args: tuple[object, ...]
) -> object:
    """``hook(*args)`` in the debug mode: the hook must leave the state it was given as it was,
    and a state it returns must be of the same game (the same configuration)."""
    given = args[0] if args and isinstance(args[0], GameState) else None
    if type(given) is DRAFT:
        # A draft made before the mode was turned on (another thread's apply) changes in place
        # by design: only ordinary states are watched.
        given = None
    before = fingerprint(given)
    try:
        value = hook(*args)
    except Exception as exc:
        failed(state, key, hook.__name__, exc)
    if given is None:
        return value
    problem = None
    if fingerprint(given) != before:
        problem = "changed the state it was given in place (effects return a new state instead)"
    elif isinstance(value, GameState) and value.config != given.config:
        problem = f"returned a state of another game (configuration {value.config!r})"
    if problem is not None:
        pack = content_of(state.config).pack_of(key)
        raise HookError(pack, key, hook.__name__, state, problem)
    return value


def each(
    state: GameState, effects: Iterable[tuple[str, Effect]], hook: str, *args: object
) -> GameState:
    """Run ``hook`` of each (key, effect) in turn, as ``hook(state, *args)``, each on the state
    the previous one returned, every call :func:`checked`."""
    for key, effect in effects:
        if not overrides(effect, hook):
            continue
        state = checked(state, key, GameState, getattr(effect, hook), state, *args)
    return state


def where(state: GameState, step: Step | None = None) -> str:
    """The game step a hook was called at, for error messages: the step's kind (else the
    phase) and the turn."""
    kind = state.phase.value if step is None else step.KIND
    return f"{kind} (turn {state.turn.number}, seat {state.turn.seat}'s turn)"


class HookError(EffectError):
    """The :class:`~kingofny.errors.EffectError` a hook's failure raises first, its step
    guessed from the state's phase. The engine's entry points (``apply``, ``legal_actions``,
    ``new_game``) catch it and raise a plain EffectError naming the step that was running
    (:meth:`at`); code that calls the engine's internals directly gets this one."""

    def __init__(self, pack: str, card: str, hook: str, state: GameState, detail: str) -> None:
        super().__init__(pack, card, hook, where(state), detail)
        self.state = state
        self.detail = detail

    def at(self, step: Step) -> EffectError:
        """The same failure, naming ``step`` as the step that was running."""
        error = EffectError(self.pack, self.card, self.hook, where(self.state, step), self.detail)
        error.__cause__ = self.__cause__
        return error


_REFUSING_HOOKS: Final = frozenset({"use", "choose"})
"""The hooks that answer a player's action, so may refuse it with IllegalActionError."""


def card_uses(state: GameState, seat: int, context: Context) -> list[UseCard]:
    """The card uses the effects of ``seat`` offer in ``context``, each option checked to be a
    non-empty string (:func:`wrong` otherwise)."""
    uses: list[UseCard] = []
    for key, effect in owned(state, seat):
        if not overrides(effect, "offers"):
            continue
        options = checked(state, key, tuple, effect.offers, state, seat, context)
        for option in options:
            if type(option) is not str or not option:
                wrong(state, key, "offers", options, "a tuple of non-empty option strings")
            uses.append(UseCard(key, option))
    return uses


def failed(state: GameState, key: str, hook: str, error: Exception) -> NoReturn:
    """Raise the error for ``key``'s effect whose ``hook`` raised ``error`` on ``state``.

    The :class:`~kingofny.errors.EffectError` of an effect called further in passes through
    unchanged, and so does an :class:`~kingofny.errors.IllegalActionError` from ``use`` or
    ``choose`` (the card refusing an option it was given); anything else, kingofny's own
    errors included, becomes an :class:`~kingofny.errors.EffectError` with ``error`` chained
    as its cause."""
    if isinstance(error, EffectError) or (
        isinstance(error, IllegalActionError) and hook in _REFUSING_HOOKS
    ):
        raise error
    pack = content_of(state.config).pack_of(key)
    hook_error = HookError(pack, key, hook, state, f"raised {type(error).__name__}: {error}")
    hook_error.__cause__ = error  # set by hand: compiled code drops ``raise ... from``
    raise hook_error


def wrong(state: GameState, key: str, hook: str, got: object, expected: str) -> NoReturn:
    """Raise the :class:`~kingofny.errors.EffectError` for ``key``'s effect whose ``hook``
    returned ``got`` instead of ``expected`` (for example ``"a GameState"``)."""
    raise HookError(
        content_of(state.config).pack_of(key),
        key,
        hook,
        state,
        f"returned {_REPR.repr(got)} ({type(got).__name__}), expected {expected}",
    )
