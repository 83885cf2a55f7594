"""Plain-language words for what a player sees and chooses on the web page: actions as button
labels, the question a state asks, dice, buildings and places.

The words are :mod:`kingofny.wording`'s, the same as in the game log and the terminal: an
action's label is its imperative there (:func:`kingofny.wording.action_words`), capitalised,
with dice in words (``"Reroll 2 Attack, Heal (keep Energy)"``, :func:`dice_words`) where the
terminal writes letters. Buildings and units are labelled as in the terminal
(:func:`kingofny.play.board.building_label`, :func:`kingofny.wording.unit_label`):
``"High-Rise (2 VP)"``, ``"Jet (3 to destroy, 2 energy)"``. A question it has no words of its
own for is :func:`kingofny.play.board.asked`'s.

Everything here reads the public API only (:mod:`kingofny`, :mod:`kingofny.wording`,
:mod:`kingofny.play.board`) and is free of any web framework, so other front ends may use it
too::

    >>> import kingofny
    >>> from kingofny.web.labels import action_label
    >>> state = kingofny.new_game(["kong", "mantis"], seed=1)
    >>> [action_label(state, a) for a in kingofny.legal_actions(state)][:2]
    ['Start in The Bronx', 'Start in Queens']
"""

from __future__ import annotations

import kingofny as k
from kingofny.play.board import asked
from kingofny.play.board import building_label as _building_label
from kingofny.wording import (
    DiceForm,
    action_words,
    dice_words,
    monster_name,
    place_name,
    source_name,
)

__all__ = [
    "action_label",
    "building_label",
    "dice_words",
    "place_label",
    "question",
]


def place_label(location: k.Location | None) -> str:
    """Where a monster stands, in words: ``"Queens"``, ``"Lower Manhattan"``, and ``"off the
    board"`` before it is placed (:func:`kingofny.wording.place_name` otherwise)."""
    return "off the board" if location is None else place_name(location)


def building_label(building: k.Building) -> str:
    """A building as the terminal and the log show it: ``"High-Rise (2 VP)"``
    (:func:`kingofny.play.board.building_label`)."""
    return _building_label(building)


def action_label(state: k.GameState, action: k.Action) -> str:
    """What choosing ``action`` in ``state`` does, as a short imperative button label: the
    imperative of :func:`kingofny.wording.action_words` with dice in words, capitalised."""
    label = action_words(state, state.current_player, action, DiceForm.WORDS).imperative
    return label[:1].upper() + label[1:]


def question(state: k.GameState) -> str:
    """What the state asks now, in words (who decides, and about what); ``"Game over"`` at the
    end, and the chance event (``"Chance: roll the dice"``) at a chance node."""
    pending = k.waiting_for(state)
    if pending is None:
        return "Game over"
    kind = pending.kind
    who = monster_name(state, pending.seat) if pending.seat is not None else "Chance"
    if kind is k.PendingKind.PLACE:
        return f"{who}: choose the outer borough you start in"
    if kind is k.PendingKind.REROLL:
        left = state.turn.rerolls_left
        rerolls = f"{left} reroll{'s' if left != 1 else ''} left"
        return f"{who}: reroll any dice, or stop rolling ({rerolls})"
    if kind is k.PendingKind.RESOLVE:
        return f"{who}: choose which dice to resolve next ({dice_words(state.turn.unresolved)})"
    if kind is k.PendingKind.DESTROY:
        return f"{who}: spend your Destruction on a building or a unit"
    if kind is k.PendingKind.FLEE:
        by = state.turn.seat
        hitter = monster_name(state, by) if by != pending.seat else "an attack"
        return f"{who}: {hitter} hit you in Manhattan. Flee to an outer borough, or stay?"
    if kind is k.PendingKind.LEAVE_MANHATTAN:
        return f"{who}: you must leave Manhattan; choose an outer borough"
    if kind is k.PendingKind.SHOP:
        energy = state.monsters[pending.seat].energy if pending.seat is not None else 0
        return f"{who}: buy cards ({energy} energy), sweep the market, or end buying"
    if kind is k.PendingKind.CARD_QUESTION:
        card = source_name(state, pending.card) if pending.card else "A card"
        return f"{who}: {card} asks you to choose"
    # Moving, and the chance events: the terminal's words ("Kong: move to another borough, or
    # stay", "roll the dice").
    text = asked(state)
    return text if pending.seat is not None else f"Chance: {text}"
