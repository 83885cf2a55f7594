"""One way to write actions in words (issue 19 §1): the game log, the terminal's choices and the
web page's buttons all take an action's words from :mod:`kingofny.wording`, so they name the
same cards, monsters, places and counts; only the form differs (the log in the third person,
the menus imperative, the web page's dice in words)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingofny as k
from kingofny import narrate, wording
from kingofny.model.actions import ACTION_TYPES
from kingofny.narrate import describe_action
from kingofny.play.choices import choices
from kingofny.web.labels import action_label
from kingofny.wording import DiceForm, action_words, monster_name
from tests.model.test_action_notation import ACTIONS

Found = tuple[k.GameState, k.Action]


def _first_of_each_type() -> dict[type[k.Action], Found]:
    """A decision where each action type is legal, from seeded random games."""
    found: dict[type[k.Action], Found] = {}
    for seed in range(60):
        rng = random.Random(seed)
        state = k.new_game(2 + seed % 5, seed=seed)
        while not state.is_terminal and len(found) < len(ACTION_TYPES):
            legal = k.legal_actions(state)
            for action in legal:
                found.setdefault(type(action), (state, action))
            state = k.apply(state, rng.choice(legal))
        if len(found) == len(ACTION_TYPES):
            return found
    raise AssertionError(f"never offered: {set(ACTION_TYPES) - set(found)}")


FOUND = _first_of_each_type()


def _three(state: k.GameState, action: k.Action) -> tuple[str, str, str]:
    """The log's line, the terminal's choice and the web page's button for ``action``."""
    seat = state.current_player
    assert seat is not None
    terminal = next(c.label for c in choices(state) if c.action == action)
    return describe_action(state, seat, action), terminal, action_label(state, action)


def _facts(state: k.GameState, action: k.Action) -> list[str]:
    """What all three must say about ``action``: the names and counts it is about."""
    seat = state.current_player
    assert seat is not None
    if isinstance(action, (k.PlaceMonster, k.Flee, k.MoveTo)):
        return [action.borough.label]
    if isinstance(action, k.ResolveFace):
        return [f"{state.turn.unresolved[action.face]} {wording.face_name(action.face)}"]
    if isinstance(action, k.DestroyBuilding):
        top = state.boroughs[action.borough].stacks[action.stack].top
        assert top is not None
        return [wording.building_name(top), action.borough.label]
    if isinstance(action, k.DestroyUnit):
        return [wording.unit_name(action.unit), action.borough.label]
    if isinstance(action, k.StayPut):
        return [wording.place_name(state.monsters[seat].location)]
    if isinstance(action, k.Buy):
        card = state.market[action.slot]
        assert card is not None
        return [wording.card_name(card)]
    if isinstance(action, k.UseCard):
        return [wording.source_name(state, action.card)]
    return []


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=lambda kind: kind.__name__)
def test_the_three_front_ends_take_an_actions_words_from_the_wording_module(
    kind: type[k.Action],
) -> None:
    state, action = FOUND[kind]
    seat = state.current_player
    assert seat is not None
    log, terminal, web = _three(state, action)
    letters = action_words(state, seat, action)
    assert log == f"{monster_name(state, seat)} {letters.third_person}"
    assert terminal == letters.imperative
    words = action_words(state, seat, action, DiceForm.WORDS).imperative
    assert web == words[:1].upper() + words[1:]
    for fact in _facts(state, action):
        for text in (log, terminal, web):
            assert fact in text, (fact, text)
    for text in (log, terminal, web):
        assert "base:" not in text, text  # no internal id
        assert "_" not in text, text


def test_dice_are_letters_in_the_log_and_the_terminal_and_words_on_the_web() -> None:
    state, action = FOUND[k.Reroll]
    assert isinstance(action, k.Reroll)
    log, terminal, web = _three(state, action)
    assert log.endswith(f"rerolls {action.dice}")
    if state.turn.dice == action.dice:
        assert terminal == f"reroll all {action.dice.total} dice"
        assert web == f"Reroll all {action.dice.total} dice"
    else:
        kept = state.turn.dice.minus(action.dice)
        assert terminal == f"reroll {action.dice} (keep {kept})"
        assert web == f"Reroll {wording.dice_words(action.dice)} (keep {wording.dice_words(kept)})"
    state, stop = FOUND[k.StopRolling]
    log, terminal, web = _three(state, stop)
    assert log.endswith(f"stops rolling with {state.turn.dice}")
    assert terminal == f"stop rolling and keep {state.turn.dice}"
    assert web == f"Stop rolling and keep {wording.dice_words(state.turn.dice)}"


def test_buying_names_the_card_everywhere_and_the_menus_its_price() -> None:
    state, action = FOUND[k.Buy]
    assert isinstance(action, k.Buy)
    assert state.current_player is not None
    card = state.market[action.slot]
    assert card is not None
    price = k.card_price(state, state.current_player, card)
    log, terminal, web = _three(state, action)
    name = wording.card_name(card)
    assert log == f"{monster_name(state, state.current_player)} buys {name}"
    assert terminal == f"buy {name} for {price} energy"
    assert web == f"Buy {name} for {price} energy"


def test_the_menus_say_the_same_but_for_dice_and_capitals() -> None:
    """Over random games: the terminal's choice and the web page's button are one imperative;
    only the dice are written differently."""
    for game in range(10):
        rng = random.Random(game)
        state = k.new_game(2 + game % 5, seed=game)
        while not state.is_terminal:
            options = choices(state)
            for option in options:
                if not isinstance(option.action, (k.Reroll, k.StopRolling)):
                    assert action_label(state, option.action).lower() == option.label.lower()
            state = k.apply(state, rng.choice(options).action)


OPTIONS: list[tuple[str, str, str]] = [
    ("base:chameleon", "convert:energy:ouch", "Chameleon: turn an Energy die into Ouch!"),
    ("base:tesla-cannon", "card:base:fireball", "Tesla Cannon: Fireball"),
    ("base:scavenger", "buy:card:base:stomp", "Scavenger: buy Stomp from the discard pile"),
    ("base:subway", "move:staten-island", "Subway: move to Staten Island"),
    ("base:next-stage", "heal:2", "Next Stage: heal 2"),
    ("base:photo-op", "seat:1", "Photo Op: Mantis"),
    ("base:stink-attack", "send:jet:queens", "Stink Attack: send a Jet to Queens"),
    (
        "base:stink-attack",
        "send:infantry:bronx:fresh",
        "Stink Attack: send an Infantry that arrived this turn to The Bronx",
    ),
    ("curse", "discard:token:curse", "Curse token: discard a Curse token"),
    ("base:super-speed", "enter", "Super Speed: enter Manhattan"),
]
"""A card option, and its button: the card's (or token's) name, then what the option does."""


@pytest.mark.parametrize(("card", "option", "label"), OPTIONS, ids=[o for _, o, _ in OPTIONS])
def test_card_options_read_the_same_in_the_log_the_terminal_and_on_the_page(
    card: str, option: str, label: str
) -> None:
    state = k.new_game(["kong", "mantis"], seed=1)
    action = k.UseCard(card, option)
    assert action_label(state, action) == label
    assert action_words(state, 0, action).imperative == label
    assert describe_action(state, 0, action) == f"Kong uses {label}"


def test_using_a_card_or_not() -> None:
    state = k.new_game(["kong", "mantis"], seed=1)
    use, skip = k.UseCard("base:hailing-cabs", "use"), k.UseCard("base:hailing-cabs", "skip")
    assert action_label(state, use) == "Use Hailing Cabs"
    assert action_label(state, skip) == "Don't use Hailing Cabs"
    assert describe_action(state, 0, use) == "Kong uses Hailing Cabs"
    assert describe_action(state, 0, skip) == "Kong does not use Hailing Cabs"


def test_a_pass_while_destroying_is_stopping() -> None:
    state, action = FOUND[k.Pass]
    log, terminal, web = _three(state, action)
    pending = k.waiting_for(state)
    assert pending is not None
    assert pending.kind is k.PendingKind.DESTROY
    assert pending.seat is not None
    assert log == f"{monster_name(state, pending.seat)} stops destroying"
    assert (terminal, web) == ("stop destroying", "Stop destroying")


NAMES: list[tuple[str, Callable[..., object]]] = [
    (name, getattr(wording, name))
    for name in (
        "monster_name",
        "card_name",
        "place_name",
        "building_name",
        "building_kind_name",
        "reward_text",
        "unit_name",
        "face_name",
        "option_text",
        "with_article",
    )
]


@pytest.mark.parametrize(("name", "function"), NAMES, ids=[n for n, _ in NAMES])
def test_the_narrations_name_helpers_are_the_wording_modules(
    name: str, function: Callable[..., object]
) -> None:
    """One lookup of names: :mod:`kingofny.narrate` lists the same functions."""
    assert getattr(narrate, name) is function
    assert name in narrate.__all__


_PIECES = ["seat", "card", "base", "stomp", "base:stomp", "convert", "heal", "send", "jet"]
_PIECES += ["queens", "fresh", "discard", "token", "move", "buy", "use", "skip", "2", "99", "²"]
USES = st.builds(
    k.UseCard,
    st.sampled_from(["base:photo-op", "web", "base:kong", "odd:card", "x"]),
    st.lists(st.sampled_from([*_PIECES, ""]), max_size=4).map(":".join),
)
"""Card uses with options in and out of the naming style (:mod:`kingofny.effects.options`)."""


@settings(max_examples=300, deadline=None, database=None)
@given(action=ACTIONS | USES, seat=st.sampled_from([0, 1, None]))
def test_any_action_has_words_in_any_position(action: k.Action, seat: int | None) -> None:
    """Words never fail, even for an action the position does not offer (a slot or stack
    beyond the board, a card no pack knows, an option outside the naming style)."""
    state = k.new_game(["kong", "mantis"], seed=1)
    for form in DiceForm:
        words = action_words(state, seat, action, form)
        assert words.imperative
        assert words.third_person
    assert action_label(state, action)
    assert describe_action(state, 0, action).startswith("Kong ")
