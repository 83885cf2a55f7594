"""The rules API: new_game, legal_actions, apply, chance_outcomes, observe.

``apply`` runs the agenda (:mod:`kingofny._engine.loop`): internal steps execute at once; a
decision step with exactly one legal action takes it; a decision or chance step with nothing to
do is dropped; the loop stops at the first real decision, at a chance node (unless the game
draws chance itself from its seed), or at the end of the game.

This module checks what callers pass (a wrong type is an :class:`~kingofny.errors.ArgumentError`
naming the parameter) and stays interpreted in the compiled build, where the loop is compiled.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator, Sequence
from typing import TYPE_CHECKING

from kingofny._engine import chance
from kingofny._engine import rng as rngmod
from kingofny._engine.debug import DEBUG
from kingofny._engine.dispatch import HookError
from kingofny._engine.loop import (
    CHANCE,
    DECISIONS,
    FAST_CHECKS,
    INTERNAL,
    PREPARE,
    ActionOrOutcome,
    Trace,
    advance,
    apply_logged,
    legal,
    outcomes,
    start,
)
from kingofny._engine.loop import Move as Move  # 0.1's name, for kingofny.engine.core.Move
from kingofny._engine.ops import DRAFT, draft, evolve, freeze
from kingofny._engine.setup import resolve_monster_ids
from kingofny.errors import ArgumentError, ConfigError, IllegalActionError
from kingofny.model.actions import Action
from kingofny.model.content import resolve
from kingofny.model.limits import SEED_LIMIT
from kingofny.model.outcomes import ChanceKind, Outcome, chance_kinds
from kingofny.model.state import GameConfig, GameState
from kingofny.model.steps import ChanceStep
from kingofny.model.trace import StepRun

if TYPE_CHECKING:
    import random
    from fractions import Fraction

    from kingofny.model.pack import ContentPack

__all__ = [
    "CHANCE",
    "DECISIONS",
    "FAST_CHECKS",
    "INTERNAL",
    "PREPARE",
    "ActionOrOutcome",
    "Trace",
    "advance",
    "apply",
    "apply_logged",
    "apply_traced",
    "chance_outcomes",
    "debug_states",
    "debug_states_enabled",
    "grant_card",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observe",
    "reseed",
    "sample_outcome",
    "settle",
    "start",
    "winners",
]


def _checked(where: str, state: object) -> GameState:
    """``state`` if it is a GameState; ArgumentError naming ``where`` otherwise."""
    if not isinstance(state, GameState):
        raise ArgumentError(where, f"expected a GameState, got {type(state).__name__}")
    return state


def _undrafted(state: GameState) -> GameState:
    """``state``, or, for the engine's working copy (the state a hook is given mid-``apply``), a
    frozen copy of it: a public function never changes the draft it is handed."""
    return freeze(draft(state, state.agenda)) if type(state) is DRAFT else state


def new_game(
    monsters: Sequence[str] | int = 4,
    *,
    seed: int | None = None,
    packs: Sequence[str | ContentPack] = ("base",),
    manual: Collection[ChanceKind | str] = (),
) -> GameState:
    """Start a game.

    ``monsters`` is a player count (2 to 6; the first base monsters are used) or the monster ids
    in seat order (``"kong"`` or ``"base:kong"``). ``packs`` are the content packs in play: the
    names of installed packs, or manifests (:class:`~kingofny.effects.ContentPack`) to try a
    pack without installing it, ``packs=["base", manifest]``. They are resolved once, into the
    game's content table; a pack that is not installed is a
    :class:`~kingofny.errors.ConfigError`, one that fails to load a
    :class:`~kingofny.errors.PluginError`. With a ``seed`` every chance event is drawn
    automatically and reproducibly; without one the game stops at each chance node for
    :func:`apply` to receive an outcome (explicit-chance mode). A seed is an int smaller than
    2**1024 in magnitude (what a saved game can hold); another is a
    :class:`~kingofny.errors.ConfigError`.

    ``manual`` (with a seed) names the kinds of chance the seed leaves to the caller, as
    :class:`~kingofny.ChanceKind` members or their names: ``new_game(4, seed=7,
    manual={"dice"})`` draws the tiles and cards from the seed but stops at every roll of the
    dice for the table's result (companion play). Raises
    :class:`~kingofny.errors.ConfigError` for ``manual`` kinds without a seed (every chance
    node stops then) and :class:`~kingofny.errors.ArgumentError` for an unknown kind.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(f"seed must be an int or None, got {seed!r:.60}")
    if seed is not None and not -SEED_LIMIT < seed < SEED_LIMIT:
        raise ConfigError("seed must be smaller than 2**1024 in magnitude")
    kinds = chance_kinds(manual)
    if kinds and seed is None:
        raise ConfigError(
            "manual chance kinds need a seed to draw the others; without a seed every chance "
            "node waits for an outcome"
        )
    content = resolve(packs)
    ids = resolve_monster_ids(monsters, content)
    return start(GameConfig(ids, seed, content.names, manual=kinds, content=content))


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The actions the deciding monster may take now, in a fixed order.

    Empty at a chance node and once the game is over.
    """
    if not isinstance(state, GameState):  # _checked, inline on this hot path
        _checked("legal_actions(state)", state)
    return legal(state)


def chance_outcomes(state: GameState) -> tuple[tuple[Outcome, Fraction], ...]:
    """At a chance node, every outcome with its exact probability (they sum to 1); else empty."""
    return outcomes(_checked("chance_outcomes(state)", state))


def sample_outcome(state: GameState, rng: random.Random) -> Outcome:
    """At a chance node, an outcome drawn with ``rng`` with exactly the probabilities
    :func:`chance_outcomes` lists, without building them (for searches that sample chance: an
    MCTS playout, a simulation in explicit-chance mode). The outcome is one of the objects
    :func:`chance_outcomes` lists.

    Raises :class:`~kingofny.errors.IllegalActionError` if the state waits for no outcome, and
    :class:`~kingofny.errors.ArgumentError` if ``rng`` is not a ``random.Random``.
    """
    _checked("sample_outcome(state)", state)
    import random

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
    view = _undrafted(_checked("reseed(view)", view))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("reseed(seed)", f"expected an int, got {seed!r:.60}")
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise ArgumentError("reseed(seed)", "expected an int smaller than 2**1024 in magnitude")
    config = evolve(view.config, seed=seed, manual=())
    seeded = evolve(view, config=config, rng=rngmod.seed_state(seed))
    if view.winners is not None:
        return seeded
    try:
        return advance(seeded)
    except HookError as exc:
        raise exc.at(seeded.agenda[-1]) from exc.__cause__


def grant_card(state: GameState, card: str) -> GameState:
    """The monster at its Buy step gets ``card`` as a free purchase (for experiments: "what if
    this monster had this card?", the card study of ``kingofny study cards``).

    The card is bought as from the market, without its price or its buy condition: a KEEP card
    is kept, a DISCARD card goes to the discard pile, and its effect on buying acts (which may
    ask a question first). A copy in the deck leaves it; a card not in the deck comes from
    outside the game. The market does not change, and the monster is still at its Buy step
    afterwards (after the card's questions, if any).

    Raises :class:`~kingofny.errors.IllegalActionError` if ``state`` does not wait at a Buy
    step or the card is face up, held by a monster or discarded, and
    :class:`~kingofny.errors.ArgumentError` for a card the game's packs do not have.
    """
    from kingofny._engine.shop import bought
    from kingofny.model.cards import CardKind
    from kingofny.model.content import content_of
    from kingofny.model.steps import Shop

    state = _undrafted(_checked("grant_card(state)", state))
    top = state.agenda[-1] if state.agenda and state.winners is None else None
    if not isinstance(top, Shop):
        raise IllegalActionError("a card can be granted only at a monster's Buy step")
    spec = content_of(state.config).cards.get(card) if isinstance(card, str) else None
    if spec is None:
        raise ArgumentError("grant_card(card)", f"no card {card!r} in this game's packs")
    if card in state.market or any(card in m.cards for m in state.monsters):
        raise IllegalActionError(f"{card} is already in play")
    if card in state.discard and card not in state.deck:
        raise IllegalActionError(f"{card} is in the discard pile")
    deck = list(state.deck)
    if card in deck:
        deck.remove(card)
    seat = top.seat
    monster = state.monsters[seat]
    monsters = list(state.monsters)
    discard = state.discard
    if spec.kind is CardKind.KEEP:
        monsters[seat] = evolve(monster, cards=(*monster.cards, card))
    else:
        discard = tuple(sorted((*discard, card)))
    granted = evolve(state, deck=tuple(deck), monsters=tuple(monsters), discard=discard)
    try:
        return freeze(advance(bought(draft(granted, granted.agenda), seat, card)))
    except HookError as exc:
        raise exc.at(top) from exc.__cause__


def settle(state: GameState) -> GameState:
    """A state built by hand (a :class:`kingofny.testing.Scenario`, a position set up for
    analysis) run until it waits: internal steps on top of its agenda run, a decision with one
    legal action is taken, a step with nothing to do is dropped, and a seeded game draws its
    chance; it stops at a real decision, a chance node (explicit chance) or the end of the game,
    as every state :func:`apply` returns does. A state that already waits is returned as it is.
    """
    state = _undrafted(_checked("settle(state)", state))
    if state.winners is not None or not state.agenda:
        return state
    try:
        return advance(state)
    except HookError as exc:
        raise exc.at(state.agenda[-1]) from exc.__cause__


def apply(state: GameState, move: ActionOrOutcome) -> GameState:
    """The state after the deciding monster takes ``move``, or after chance outcome ``move``.

    Raises :class:`~kingofny.errors.IllegalActionError` (the input state is untouched) if the
    game is over or ``move`` is not legal now.
    """
    if not isinstance(state, GameState):  # _checked, inline on this hot path
        _checked("apply(state)", state)
    return apply_logged(state, move, None)


def apply_traced(state: GameState, move: ActionOrOutcome) -> tuple[GameState, tuple[StepRun, ...]]:
    """:func:`apply`, and every step the engine ran on the way, in order: the move's own step,
    then each step it set off (forced decisions, outcomes the seed drew, internal steps such as
    the next turn's start), each with the state right after it. A decision or chance step with
    nothing to do, which the engine drops, is not listed, so the state returned may be the last
    one listed without such steps. Narration and replays use this instead of applying the move a
    second time.

    Raises what :func:`apply` raises, with the input state untouched.
    """
    state = _undrafted(_checked("apply_traced(state)", state))
    trace: Trace = []
    after = apply_logged(state, move, None, trace)
    return after, tuple(StepRun(step, ran, reached) for step, ran, reached in trace)


def observe(state: GameState, seat: int | None = None) -> GameState:
    """What a player may see: the state without the auto-chance seed and generator (and so
    without :attr:`~kingofny.GameConfig.manual` kinds: a view is in explicit-chance mode).

    The base game has no other secret (the deck and face-down tiles are multisets), so the view
    of every seat is the same; ``seat`` is checked and kept for content that adds private
    information.
    """
    state = _undrafted(_checked("observe(state)", state))
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise ConfigError(f"a seat is an int (or None), got {type(seat).__name__} {seat!r:.40}")
    if seat is not None and not 0 <= seat < len(state.monsters):
        raise ConfigError(f"no seat {seat} in a {len(state.monsters)}-monster game")
    if state.rng is None and state.config.seed is None:
        return state
    return evolve(state, rng=None, config=_viewed_config(state.config))


_VIEWED: dict[int, tuple[GameConfig, GameConfig]] = {}
"""The views of configs (:func:`_viewed_config`) by the identity of the config, which each entry
holds; bounded, and replaced whole."""
_VIEWED_KEPT = 256


def _viewed_config(config: GameConfig) -> GameConfig:
    """``config`` without its seed and manual kinds: made once per config (every state of a game
    shares its config, and a bot observes at each decision), unless in debug mode."""
    global _VIEWED
    known = _VIEWED.get(id(config))
    if known is not None and known[0] is config and not DEBUG.on:
        return known[1]
    viewed = evolve(config, seed=None, manual=())
    if not DEBUG.on:
        if len(_VIEWED) >= _VIEWED_KEPT:
            _VIEWED = {}
        _VIEWED[id(config)] = (config, viewed)
    return viewed


def is_terminal(state: GameState) -> bool:
    """Whether the game is over."""
    return _checked("is_terminal(state)", state).winners is not None


def winners(state: GameState) -> tuple[int, ...] | None:
    """The winning seats once the game is over (empty if nobody won), else None."""
    return _checked("winners(state)", state).winners


def debug_states_enabled() -> bool:
    """Whether the debug mode of states is on (see :func:`debug_states`)."""
    return DEBUG.on


@contextlib.contextmanager
def debug_states(enabled: bool = True) -> Iterator[None]:
    """Turn the debug mode of states on (or off) for the duration of the block.

    In the debug mode ``apply`` copies at every update instead of editing a private draft,
    nothing is memoised by identity, and every hook of a content pack is watched: changing the
    state it was given in place, or returning a state of another game, is an
    :class:`~kingofny.errors.EffectError` naming the card and the hook. Games of hooks that keep
    the rules (docs: *Writing hooks*) play exactly as without it, more slowly.
    ``KINGOFNY_DEBUG_STATES=1`` in the environment turns it on for the whole process;
    :func:`kingofny.testing.check_content_pack` plays in it.

    The mode is the process's, not the thread's: turn it on around whole games, not while
    another thread plays (a game already in ``apply`` goes on unwatched).
    """
    if not isinstance(enabled, bool):
        raise ArgumentError("debug_states(enabled)", f"expected a bool, got {enabled!r}")
    before = DEBUG.on
    DEBUG.on = enabled
    try:
        yield
    finally:
        DEBUG.on = before
