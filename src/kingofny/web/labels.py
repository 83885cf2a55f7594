"""Plain-language words for what a player sees and chooses: actions as button labels, the
question a state asks, dice, buildings and places.

Everything here reads the public API only (:mod:`kingofny`, :func:`kingofny.find_card`,
:func:`kingofny.card_price`, :func:`kingofny.waiting_for`) and is free of any web framework, so
other front ends may use it too::

    >>> import kingofny
    >>> from kingofny.web.labels import action_label
    >>> state = kingofny.new_game(["kong", "mantis"], seed=1)
    >>> [action_label(state, a) for a in kingofny.legal_actions(state)][:2]
    ['Start in The Bronx', 'Start in Queens']
"""

from __future__ import annotations

from kingofny import (
    Action,
    Borough,
    Building,
    BuildingKind,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    Dice,
    EndBuying,
    Face,
    Flee,
    GameState,
    KingOfNYError,
    Location,
    MoveTo,
    Pass,
    PendingKind,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UnitKind,
    UseCard,
    card_price,
    find_card,
    find_monster,
    waiting_for,
)

__all__ = [
    "FACE_NAMES",
    "action_label",
    "building_label",
    "card_name",
    "dice_words",
    "monster_name",
    "place_label",
    "question",
]

FACE_NAMES: dict[Face, str] = {
    Face.ENERGY: "Energy",
    Face.HEAL: "Heal",
    Face.ATTACK: "Attack",
    Face.CELEBRITY: "Celebrity",
    Face.DESTRUCTION: "Destruction",
    Face.OUCH: "Ouch!",
}
"""The printed name of each die face."""

_KIND_NAMES = {
    BuildingKind.HIGH_RISE: ("High-rise", "VP"),
    BuildingKind.POWER_PLANT: ("Power plant", "energy"),
    BuildingKind.HOSPITAL: ("Hospital", "life"),
}
_UNIT_REWARDS = {UnitKind.INFANTRY: "+1 life", UnitKind.JET: "+2 energy", UnitKind.TANK: "+3 VP"}
_SWEEP_COST = 2  # seed 000, *Buy Cards*


def card_name(card_id: str) -> str:
    """The printed name of a card (its id if no installed pack knows it)."""
    try:
        return find_card(card_id).name
    except KingOfNYError:
        return card_id


def monster_name(state: GameState, seat: int) -> str:
    """The printed name of the monster in ``seat``."""
    monster_id = state.monsters[seat].monster
    try:
        return find_monster(monster_id).name
    except KingOfNYError:
        return monster_id


def place_label(location: Location | None) -> str:
    """Where a monster stands, in words: ``"Queens"``, ``"Lower Manhattan"``."""
    if location is None:
        return "off the board"
    if location.zone is None:
        return location.borough.label
    return f"{str(location.zone).capitalize()} Manhattan"


def building_label(building: Building) -> str:
    """A building with what it takes and gives: ``"High-rise 2 (+2 VP)"``."""
    name, reward = _KIND_NAMES[building.kind]
    return f"{name} {building.durability} (+{building.durability} {reward})"


def dice_words(dice: Dice) -> str:
    """Dice in words, grouped by face: ``"2 Attack, Heal"``; ``"no dice"`` when empty."""
    parts = []
    for face in Face:
        count = dice[face]
        if count:
            parts.append(FACE_NAMES[face] if count == 1 else f"{count} {FACE_NAMES[face]}")
    return ", ".join(parts) if parts else "no dice"


def _option_words(state: GameState, option: str) -> str:
    """A card option (``"convert:heal:energy"``, ``"seat:2"``, ``"card:base:stomp"``) in words."""
    word, _, rest = option.partition(":")
    args = rest.split(":") if rest else []

    def name(parts: list[str]) -> str:
        if not parts:
            return ""
        head = parts[0]
        if head == "card":
            return card_name(":".join(parts[1:]))
        if head == "seat" and len(parts) > 1 and parts[1].isdigit():
            seat = int(parts[1])
            return monster_name(state, seat) if seat < len(state.monsters) else f"seat {seat}"
        if head == "token" and len(parts) > 1:
            return f"a {parts[1]} token"
        for face in Face:
            if head == str(face):
                return FACE_NAMES[face]
        for borough in Borough:
            if head == str(borough):
                return borough.label
        return " ".join(parts).replace("-", " ")

    if word == "convert" and len(args) == 2:
        return f"turn a {name(args[:1])} die into {name(args[1:])}"
    if word == "discard" and args:
        thing = name(args)
        return f"discard {thing}" if args[0] in ("card", "token") else f"discard a {thing} die"
    if word == "send" and len(args) == 2:
        return f"send a {args[0]} to {name(args[1:])}"
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
    if word in ("seat", "card", "token"):
        return name([word, *args])
    return name([word, *args]) if args else word.replace("-", " ")


def action_label(state: GameState, action: Action) -> str:
    """What choosing ``action`` in ``state`` does, as a short imperative button label."""
    turn = state.turn
    if isinstance(action, PlaceMonster):
        return f"Start in {action.borough.label}"
    if isinstance(action, Reroll):
        kept = turn.dice.minus(action.dice) if turn.dice.contains(action.dice) else None
        keep = f" (keep {dice_words(kept)})" if kept is not None and kept.total else ""
        return f"Reroll {dice_words(action.dice)}{keep}"
    if isinstance(action, StopRolling):
        return f"Stop rolling: keep {dice_words(turn.dice)}"
    if isinstance(action, ResolveFace):
        count = turn.unresolved[action.face]
        return f"Resolve {FACE_NAMES[action.face]}" + (f" ×{count}" if count > 1 else "")
    if isinstance(action, DestroyBuilding):
        stacks = state.boroughs[action.borough].stacks
        top = stacks[action.stack].top if action.stack < len(stacks) else None
        what = building_label(top) if top is not None else "a building"
        twins = sum(1 for stack in stacks if stack.top == top)
        which = f" (stack {action.stack + 1})" if twins > 1 else ""
        return f"Destroy {what} in {action.borough.label}{which}"
    if isinstance(action, DestroyUnit):
        unit = str(action.unit).capitalize()
        return (
            f"Destroy {unit} ({action.unit.durability} to destroy, "
            f"{_UNIT_REWARDS[action.unit]}) in {action.borough.label}"
        )
    if isinstance(action, Flee):
        return f"Flee Manhattan to {action.borough.label}"
    if isinstance(action, StayInManhattan):
        return "Stay in Manhattan"
    if isinstance(action, MoveTo):
        return f"Move to {action.borough.label}"
    if isinstance(action, StayPut):
        seat = state.current_player
        where = state.monsters[seat].location if seat is not None else None
        return f"Stay in {place_label(where)}" if where is not None else "Stay put"
    if isinstance(action, Buy):
        card = state.market[action.slot] if action.slot < len(state.market) else None
        if card is None:
            return f"Buy the card in slot {action.slot + 1}"
        seat = state.current_player
        cost = f" for {card_price(state, seat, card)} energy" if seat is not None else ""
        return f"Buy {card_name(card)}{cost}"
    if isinstance(action, Sweep):
        return f"Sweep the market ({_SWEEP_COST} energy): new cards"
    if isinstance(action, EndBuying):
        return "End buying (end of your turn)"
    if isinstance(action, Pass):
        pending = waiting_for(state)
        if pending is not None and pending.kind is PendingKind.DESTROY:
            return "Stop destroying"
        return "Pass"
    if isinstance(action, UseCard):
        words = _option_words(state, action.option) if action.option else "use it"
        who = _card_or_token(action.card)
        return f"{who}: {words}"
    return str(action)


def _card_or_token(card: str) -> str:
    if ":" not in card:  # a token's ability (``web``, ``curse``) rather than a card's
        return f"{card.capitalize()} token"
    return card_name(card)


def question(state: GameState) -> str:
    """What the state asks now, in words (who decides, and about what); ``"Game over"`` at the
    end, and a description of the chance event at a chance node."""
    pending = waiting_for(state)
    if pending is None:
        return "Game over"
    who = monster_name(state, pending.seat) if pending.seat is not None else "Chance"
    kind = pending.kind
    if kind is PendingKind.PLACE:
        return f"{who}: choose the outer borough you start in"
    if kind is PendingKind.REROLL:
        left = state.turn.rerolls_left
        rerolls = f"{left} reroll{'s' if left != 1 else ''} left"
        return f"{who}: reroll any dice, or stop rolling ({rerolls})"
    if kind is PendingKind.RESOLVE:
        return f"{who}: choose which dice to resolve next ({dice_words(state.turn.unresolved)})"
    if kind is PendingKind.DESTROY:
        return f"{who}: spend your Destruction on a building or a unit"
    if kind is PendingKind.FLEE:
        by = state.turn.seat
        hitter = monster_name(state, by) if by != pending.seat else "an attack"
        return f"{who}: {hitter} hit you in Manhattan. Flee to an outer borough, or stay?"
    if kind is PendingKind.MOVE:
        return f"{who}: move to another borough, or stay"
    if kind is PendingKind.LEAVE_MANHATTAN:
        return f"{who}: you must leave Manhattan; choose an outer borough"
    if kind is PendingKind.SHOP:
        energy = state.monsters[pending.seat].energy if pending.seat is not None else 0
        return f"{who}: buy cards ({energy} energy), sweep the market, or end buying"
    if kind is PendingKind.CARD_QUESTION:
        card = _card_or_token(pending.card) if pending.card else "A card"
        return f"{who}: {card} asks you to choose"
    if pending.is_chance:
        return f"Chance: {kind}"
    return f"{who}: decide"
