"""Card questions, card rolls and voluntary card uses: the engine side of the effect API."""

from __future__ import annotations

from kingofny._engine.dispatch import card_uses, checked
from kingofny.errors import IllegalActionError
from kingofny.model.actions import Action, UseCard
from kingofny.model.content import content_of
from kingofny.model.effect import Context, Effect
from kingofny.model.outcomes import DiceRoll, Outcome
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, CardRoll, DecisionStep, Step


def _effect(state: GameState, key: str) -> Effect:
    effect = content_of(state.config).effects.get(key)
    if effect is None:
        raise IllegalActionError(f"{key} has no effect")
    return effect


def choice_legal(state: GameState, step: CardChoice) -> tuple[Action, ...]:
    """The answers the card offers."""
    return tuple(UseCard(step.card, option) for option in step.options)


def choice_act(state: GameState, step: CardChoice, action: Action) -> GameState:
    """Hand the answer to the card's effect."""
    assert isinstance(action, UseCard)
    answer = _effect(state, step.card).choose
    return checked(state, step.card, GameState, answer, state, step, action.option)


def card_roll_resolve(state: GameState, step: CardRoll, outcome: Outcome) -> GameState:
    """Hand the dice to the card's effect."""
    assert isinstance(outcome, DiceRoll)
    read = _effect(state, step.card).rolled
    return checked(state, step.card, GameState, read, state, step, outcome.dice)


def any_time(state: GameState, top: Step, offered: tuple[Action, ...] = ()) -> tuple[Action, ...]:
    """Card uses the decider may make at any of its decisions (``Context.DECISION``), leaving
    out those the decision already ``offered``."""
    if not isinstance(top, DecisionStep) or isinstance(top, CardChoice):
        return ()
    found: list[Action] = []
    for action in card_uses(state, top.seat, Context.DECISION):
        if action not in offered and action not in found:
            found.append(action)
    return tuple(found)


def use(state: GameState, top: Step, action: UseCard) -> GameState:
    """A voluntary card use; the pending decision stays on the agenda and is asked again."""
    assert isinstance(top, DecisionStep)
    use_card = _effect(state, action.card).use
    return checked(state, action.card, GameState, use_card, state, top.seat, action.option)
