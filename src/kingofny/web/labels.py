"""Plain-language words for what a player sees and chooses on the web page: actions as button
labels, the question a state asks, dice, buildings and places.

The printed names (monsters, cards, places, buildings, units, die faces, card options) are
those of :mod:`kingofny.narrate`, the same as in the game log and the terminal; what this
module adds is the page's wording around them: imperative button labels (``"Reroll 2 Attack,
Heal (keep Energy)"``), dice in words. Buildings and units are labelled as in the terminal
(:func:`kingofny.play.board.building_label`, :func:`kingofny.play.board.unit_label`):
``"High-Rise (2 VP)"``, ``"Jet (3 to destroy, 2 energy)"``. A question it has no words of its
own for is :func:`kingofny.play.board.asked`'s.

Everything here reads the public API only (:mod:`kingofny`, :mod:`kingofny.narrate`,
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
from kingofny.narrate import (
    card_name,
    face_name,
    monster_name,
    option_text,
    place_name,
    with_article,
)
from kingofny.play.board import asked, unit_label
from kingofny.play.board import building_label as _building_label

__all__ = [
    "action_label",
    "building_label",
    "dice_words",
    "place_label",
    "question",
]

_SWEEP_COST = 2  # seed 000, *Buy Cards*
_FACES_BY_NAME = {str(face): face for face in k.Face}


def place_label(location: k.Location | None) -> str:
    """Where a monster stands, in words: ``"Queens"``, ``"Lower Manhattan"``, and ``"off the
    board"`` before it is placed (:func:`kingofny.narrate.place_name` otherwise)."""
    return "off the board" if location is None else place_name(location)


def building_label(building: k.Building) -> str:
    """A building as the terminal and the log show it: ``"High-Rise (2 VP)"``
    (:func:`kingofny.play.board.building_label`)."""
    return _building_label(building)


def dice_words(dice: k.Dice) -> str:
    """Dice in words, grouped by face: ``"2 Attack, Heal"``; ``"no dice"`` when empty."""
    parts = []
    for face in k.Face:
        count = dice[face]
        if count:
            parts.append(face_name(face) if count == 1 else f"{count} {face_name(face)}")
    return ", ".join(parts) if parts else "no dice"


def _option_words(state: k.GameState, option: str) -> str:
    """A card option (``"convert:heal:energy"``, ``"seat:2"``, ``"card:base:stomp"``) as the
    rest of a button label: a verb around the names of :func:`kingofny.narrate.option_text`."""
    word, _, rest = option.partition(":")
    args = rest.split(":") if rest else []

    def name(parts: list[str]) -> str:
        if not parts:
            return ""
        if parts[0] == "token" and len(parts) > 1:
            return f"a {parts[1]} token"
        face = _FACES_BY_NAME.get(parts[0])
        if face is not None:
            return face_name(face)
        return option_text(state, ":".join(parts))

    if word == "convert" and len(args) == 2:
        return f"turn {with_article(name(args[:1]))} die into {name(args[1:])}"
    if word == "discard" and args:
        thing = name(args)
        return (
            f"discard {thing}"
            if args[0] in ("card", "token")
            else f"discard {with_article(thing)} die"
        )
    if word == "send" and len(args) == 2:
        return f"send {with_article(args[0])} to {name(args[1:])}"
    if word == "move" and args:
        return f"move to {name(args)}"
    if word == "buy" and args:
        return f"buy {name(args)} from the discard pile"
    if word == "heal" and args:
        return f"heal {args[0]}"
    plain = {
        "use": "use it",
        "skip": "don't use it",
        "done": "done",
        "stay": "stay where you are",
        "advance": "advance in Manhattan",
        "enter": "enter Manhattan",
    }
    if word in plain and not args:
        return plain[word]
    if args or word in ("seat", "card", "token"):
        return name([word, *args])
    return word.replace("-", " ")


def action_label(state: k.GameState, action: k.Action) -> str:
    """What choosing ``action`` in ``state`` does, as a short imperative button label."""
    turn = state.turn
    if isinstance(action, k.PlaceMonster):
        return f"Start in {action.borough.label}"
    if isinstance(action, k.Reroll):
        kept = turn.dice.minus(action.dice) if turn.dice.contains(action.dice) else None
        keep = f" (keep {dice_words(kept)})" if kept is not None and kept.total else ""
        return f"Reroll {dice_words(action.dice)}{keep}"
    if isinstance(action, k.StopRolling):
        return f"Stop rolling: keep {dice_words(turn.dice)}"
    if isinstance(action, k.ResolveFace):
        count = turn.unresolved[action.face]
        return f"Resolve {face_name(action.face)}" + (f" ×{count}" if count > 1 else "")
    if isinstance(action, k.DestroyBuilding):
        stacks = state.boroughs[action.borough].stacks
        top = stacks[action.stack].top if action.stack < len(stacks) else None
        what = building_label(top) if top is not None else "a building"
        twins = sum(1 for stack in stacks if stack.top == top)
        which = f" (stack {action.stack + 1})" if twins > 1 else ""
        return f"Destroy {what} in {action.borough.label}{which}"
    if isinstance(action, k.DestroyUnit):
        return f"Destroy {unit_label(action.unit)} in {action.borough.label}"
    if isinstance(action, k.Flee):
        return f"Flee Manhattan to {action.borough.label}"
    if isinstance(action, k.StayInManhattan):
        return "Stay in Manhattan"
    if isinstance(action, k.MoveTo):
        return f"Move to {action.borough.label}"
    if isinstance(action, k.StayPut):
        seat = state.current_player
        where = state.monsters[seat].location if seat is not None else None
        return f"Stay in {place_label(where)}" if where is not None else "Stay put"
    if isinstance(action, k.Buy):
        card = state.market[action.slot] if action.slot < len(state.market) else None
        if card is None:
            return f"Buy the card in slot {action.slot + 1}"
        seat = state.current_player
        cost = f" for {k.card_price(state, seat, card)} energy" if seat is not None else ""
        return f"Buy {card_name(card)}{cost}"
    if isinstance(action, k.Sweep):
        return f"Sweep the market ({_SWEEP_COST} energy): new cards"
    if isinstance(action, k.EndBuying):
        return "End buying (end of your turn)"
    if isinstance(action, k.Pass):
        pending = k.waiting_for(state)
        if pending is not None and pending.kind is k.PendingKind.DESTROY:
            return "Stop destroying"
        return "Pass"
    if isinstance(action, k.UseCard):
        words = _option_words(state, action.option) if action.option else "use it"
        return f"{_card_or_token(action.card)}: {words}"
    return str(action)


def _card_or_token(card: str) -> str:
    if ":" not in card:  # a token's ability (``web``, ``curse``) rather than a card's
        return f"{card.capitalize()} token"
    return card_name(card)


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
        card = _card_or_token(pending.card) if pending.card else "A card"
        return f"{who}: {card} asks you to choose"
    # Moving, and the chance events: the terminal's words ("Kong: move to another borough, or
    # stay", "roll the dice").
    text = asked(state)
    return text if pending.seat is not None else f"Chance: {text}"
