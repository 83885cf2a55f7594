"""Card questions, card rolls and voluntary card uses: the engine side of the effect API."""

from __future__ import annotations

from kingofny.content import registry
from kingofny.effects.api import Context, Effect
from kingofny.effects.dispatch import failed, owned, wrong
from kingofny.errors import IllegalActionError
from kingofny.model.actions import Action, UseCard
from kingofny.model.outcomes import DiceRoll, Outcome
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, CardRoll, DecisionStep, Step


def _effect(key: str) -> Effect:
    effect = registry.effect(key)
    if effect is None:
        raise IllegalActionError(f"{key} has no effect")
    return effect


def choice_legal(state: GameState, step: CardChoice) -> tuple[Action, ...]:
    """The answers the card offers."""
    return tuple(UseCard(step.card, option) for option in step.options)


def choice_act(state: GameState, step: CardChoice, action: Action) -> GameState:
    """Hand the answer to the card's effect."""
    assert isinstance(action, UseCard)
    try:
        new = _effect(step.card).choose(state, step, action.option)
    except Exception as exc:
        failed(state, step.card, "choose", exc)
    if type(new) is not GameState:
        wrong(state, step.card, "choose", new, "a GameState")
    return new


def card_roll_resolve(state: GameState, step: CardRoll, outcome: Outcome) -> GameState:
    """Hand the dice to the card's effect."""
    assert isinstance(outcome, DiceRoll)
    try:
        new = _effect(step.card).rolled(state, step, outcome.dice)
    except Exception as exc:
        failed(state, step.card, "rolled", exc)
    if type(new) is not GameState:
        wrong(state, step.card, "rolled", new, "a GameState")
    return new


def any_time(state: GameState, top: Step, offered: tuple[Action, ...] = ()) -> tuple[Action, ...]:
    """Card uses the decider may make at any of its decisions (``Context.DECISION``), leaving
    out those the decision already ``offered``."""
    if not isinstance(top, DecisionStep) or isinstance(top, CardChoice):
        return ()
    found: list[Action] = []
    for key, effect in owned(state, top.seat):
        try:
            options = effect.offers(state, top.seat, Context.DECISION)
        except Exception as exc:
            failed(state, key, "offers", exc)
        if type(options) is not tuple:
            wrong(state, key, "offers", options, "a tuple of option names")
        for option in options:
            action = UseCard(key, option)
            if action not in offered and action not in found:
                found.append(action)
    return tuple(found)


def use(state: GameState, top: Step, action: UseCard) -> GameState:
    """A voluntary card use; the pending decision stays on the agenda and is asked again."""
    assert isinstance(top, DecisionStep)
    try:
        new = _effect(action.card).use(state, top.seat, action.option)
    except Exception as exc:
        failed(state, action.card, "use", exc)
    if type(new) is not GameState:
        wrong(state, action.card, "use", new, "a GameState")
    return new
