"""The game in words, in one place: the printed names of things, and every action.

Three front ends say what a monster does: the game log (:mod:`kingofny.narrate`, third person:
``"Kong keeps CCO, rerolls AAD"``), the terminal's numbered choices
(:mod:`kingofny.play.choices`) and the web page's buttons (:mod:`kingofny.web.labels`), both
imperative: ``"reroll AAD (keep CCO)"``, ``"Reroll 2 Attack, Destruction (keep 2
Celebrity, Ouch!)"``. What each kind of action says (the names, counts, prices and places it
mentions) lives here, in one table: :data:`_WORDS` maps each action type to one small function
that writes both forms side by side (:class:`ActionWords`). A front end picks the form, and how
dice are written (:class:`DiceForm`: letters where people type them, words on buttons)::

    >>> import kingofny
    >>> from kingofny.wording import action_words
    >>> state = kingofny.new_game(["kong", "mantis"], seed=1)
    >>> words = action_words(state, state.current_player, kingofny.legal_actions(state)[0])
    >>> words.imperative, words.third_person
    ('start in The Bronx', 'starts in The Bronx')

The names are the printed ones (monsters, cards, boroughs, buildings in words such as "a
High-Rise (2 VP)"): no internal id appears in the words. Everything here reads the public API
only.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from typing import Any

import attrs

from kingofny import (
    Action,
    ArgumentError,
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
    Location,
    MoveTo,
    Pass,
    PendingKind,
    PlaceMonster,
    Reroll,
    ResolveFace,
    Reward,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UnitKind,
    UseCard,
    card_price,
    find_card,
    waiting_for,
)
from kingofny.model.content import content_of

__all__ = [
    "ActionWords",
    "DiceForm",
    "action_words",
    "building_kind_name",
    "building_name",
    "card_name",
    "dice_letters_legend",
    "dice_words",
    "face_name",
    "monster_name",
    "option_text",
    "option_words",
    "place_name",
    "reward_text",
    "source_name",
    "unit_label",
    "unit_name",
    "with_article",
]

_BUILDING_NAMES = {
    BuildingKind.HIGH_RISE: "High-Rise",
    BuildingKind.POWER_PLANT: "Power Plant",
    BuildingKind.HOSPITAL: "Hospital",
}
_REWARD_UNITS = {Reward.VP: "VP", Reward.ENERGY: "energy", Reward.LIFE: "life"}
_UNIT_NAMES = {UnitKind.INFANTRY: "Infantry", UnitKind.JET: "Jet", UnitKind.TANK: "Tank"}
_FACE_NAMES = {
    Face.ENERGY: "Energy",
    Face.HEAL: "Heal",
    Face.ATTACK: "Attack",
    Face.CELEBRITY: "Celebrity",
    Face.DESTRUCTION: "Destruction",
    Face.OUCH: "Ouch!",
}
_BOROUGHS_BY_NAME = {str(b): b for b in Borough}
_FACES_BY_NAME = {str(face): face for face in Face}
_UNITS_BY_NAME = {str(unit): unit for unit in UnitKind}
_SWEEP_COST = 2  # seed 000, *Buy Cards*


# -- names ----------------------------------------------------------------------------------------


def monster_name(state: GameState, seat: int) -> str:
    """The printed name of the monster in ``seat`` (its id if no pack knows it)."""
    monster_id = state.monsters[seat].monster
    found = content_of(state.config).monsters.get(monster_id)
    return monster_id if found is None else found.name


def card_name(card_id: str) -> str:
    """The printed name of a card (its id if no pack knows it)."""
    try:
        return find_card(card_id).name
    except ArgumentError:
        return card_id


def source_name(state: GameState, key: str) -> str:
    """The name of what a :class:`~kingofny.UseCard` acts through: a card (``"Chameleon"``), a
    monster's ability (its monster's name) or a token (``"Web token"``, for a key without a
    namespace such as ``"web"``)."""
    if ":" not in key:
        return f"{key.capitalize()} token"
    monster = content_of(state.config).monsters.get(key)
    return monster.name if monster is not None else card_name(key)


def place_name(location: Location | None) -> str:
    """A location in words: ``"Queens"``, ``"Upper Manhattan"``."""
    if location is None:
        return "nowhere"
    if location.zone is None:
        return location.borough.label
    return f"{str(location.zone).capitalize()} Manhattan"


def building_name(building: Building) -> str:
    """A building in words, with what destroying it earns: ``"High-Rise (2 VP)"``,
    ``"Power Plant (3 energy)"``, ``"Hospital (2 life)"`` (the durability equals the
    reward)."""
    return f"{building_kind_name(building.kind)} ({reward_text(building.reward)})"


def building_kind_name(kind: BuildingKind) -> str:
    """A building kind's printed name: ``"High-Rise"``, ``"Power Plant"``, ``"Hospital"``."""
    return _BUILDING_NAMES[kind]


def reward_text(reward: tuple[Reward, int]) -> str:
    """What destroying a building or a unit earns (its ``reward``), in words: ``"2 VP"``,
    ``"3 energy"``, ``"1 life"``."""
    resource, amount = reward
    return f"{amount} {_REWARD_UNITS[resource]}"


def unit_name(unit: UnitKind) -> str:
    """A unit's printed name: ``"Infantry"``, ``"Jet"``, ``"Tank"``."""
    return _UNIT_NAMES[unit]


def unit_label(unit: UnitKind) -> str:
    """A unit with what destroying it takes and earns, as a choice shows it: ``"Jet (3 to
    destroy, 2 energy)"``. Unlike a building's, a unit's durability is not its reward
    (components §3.1; seed 000, *Destruction*)."""
    return f"{unit_name(unit)} ({unit.durability} to destroy, {reward_text(unit.reward)})"


def face_name(face: Face) -> str:
    """A die face's printed name: ``"Attack"``, ``"Ouch!"``."""
    return _FACE_NAMES[face]


def dice_letters_legend() -> str:
    """What the letters of dice stand for, in one line: ``"Dice letters: E energy, H heal, A
    attack, C celebrity, D destruction, O ouch."``."""
    names = ", ".join(f"{face.symbol} {face_name(face).rstrip('!').lower()}" for face in Face)
    return f"Dice letters: {names}."


def dice_words(dice: Dice) -> str:
    """Dice in words, grouped by face: ``"2 Attack, Heal"``; ``"no dice"`` when empty."""
    parts = []
    for face in Face:
        count = dice[face]
        if count:
            parts.append(face_name(face) if count == 1 else f"{count} {face_name(face)}")
    return ", ".join(parts) if parts else "no dice"


def with_article(noun: str) -> str:
    """``noun`` after "a" or "an", by its first letter: ``"a High-Rise (2 VP)"``, ``"an
    Infantry"``, ``"an Ouch!"``."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def option_text(state: GameState, option: str) -> str:
    """A card option (``"seat:1"``, ``"card:base:stomp"``, ``"convert:heal:energy"``,
    ``"move:staten-island"``) in words, with names in place of ids: the things it names, as
    plainly as possible (:func:`option_words` says what choosing it does)."""
    if not option:
        return ""
    word, _, rest = option.partition(":")
    if word == "card" and rest:
        return card_name(rest)
    parts = [word, *rest.split(":")] if rest else [word]
    out: list[str] = []
    index = 0
    while index < len(parts):
        part = parts[index]
        number = parts[index + 1] if index + 1 < len(parts) else ""
        if part == "seat" and number.isascii() and number.isdigit():
            seat = (
                int(number) if len(number) <= 2 else len(state.monsters)
            )  # no int() of 5000 digits
            out.append(
                monster_name(state, seat) if seat < len(state.monsters) else f"seat {number}"
            )
            index += 2
            continue
        if part == "card" and index + 1 < len(parts):
            out.append(card_name(":".join(parts[index + 1 :])))
            break
        if part == "convert" and index + 2 < len(parts):
            out.append(f"turn {parts[index + 1]} into {parts[index + 2]}")
            index += 3
            continue
        borough = _BOROUGHS_BY_NAME.get(part)
        out.append(borough.label if borough is not None else part.replace("-", " "))
        index += 1
    return " ".join(out)


_PLAIN_OPTIONS = {
    "use": "use it",
    "skip": "don't use it",
    "done": "done",
    "stay": "stay where you are",
    "advance": "advance in Manhattan",
    "enter": "enter Manhattan",
}
"""The words of the options without arguments (:mod:`kingofny.effects.options`)."""


def option_words(state: GameState, option: str) -> str:
    """What choosing a card option does, in words: ``"turn an Energy die into Ouch!"``
    (``convert:energy:ouch``), ``"discard Fireball"``, ``"move to Queens"``, ``"heal 2"``,
    ``"Mantis"`` (``seat:1``), around the names of :func:`option_text`."""
    word, _, rest = option.partition(":")
    args = rest.split(":") if rest else []

    def name(parts: list[str]) -> str:
        if not parts:
            return ""
        if parts[0] == "token" and len(parts) > 1:
            return f"a {parts[1].capitalize()} token"
        face = _FACES_BY_NAME.get(parts[0])
        if face is not None:
            return face_name(face)
        return option_text(state, ":".join(parts))

    if word == "convert" and len(args) == 2:
        return f"turn {with_article(name(args[:1]))} die into {name(args[1:])}"
    if word == "discard" and args:
        thing = name(args)
        if args[0] in ("card", "token"):
            return f"discard {thing}"
        return f"discard {with_article(thing)} die"
    if word == "send" and len(args) in (2, 3) and args[0] in _UNITS_BY_NAME:
        unit = with_article(unit_name(_UNITS_BY_NAME[args[0]]))
        fresh = " that arrived this turn" if args[2:] == ["fresh"] else ""
        return f"send {unit}{fresh} to {name(args[1:2])}"
    if word == "move" and args:
        return f"move to {name(args)}"
    if word == "buy" and args:
        return f"buy {name(args)} from the discard pile"
    if word == "heal" and args:
        return f"heal {args[0]}"
    if word in _PLAIN_OPTIONS and not args:
        return _PLAIN_OPTIONS[word]
    if args or word in ("seat", "card", "token"):
        return name([word, *args])
    return word.replace("-", " ")


# -- actions --------------------------------------------------------------------------------------


class DiceForm(enum.Enum):
    """How an action's words write dice."""

    LETTERS = "letters"
    """Face letters, as people type them in the terminal and read them in the log: ``AAD``."""
    WORDS = "words"
    """Words grouped by face (:func:`dice_words`), for the web page: ``2 Attack, Destruction``."""


@attrs.frozen
class ActionWords:
    """An action in words, in both forms the front ends use."""

    imperative: str
    """What choosing it does, as a menu entry or a button says it: ``"reroll AAD (keep
    CCO)"``, ``"buy Fireball for 4 energy"``, ``"flee to The Bronx"``."""
    third_person: str
    """What the monster does, as the log tells it after the monster's name: ``"keeps CCO,
    rerolls AAD"``, ``"buys Fireball"``, ``"flees Manhattan to The Bronx"``."""

    def told(self, who: str) -> str:
        """The log's sentence: ``who`` then :attr:`third_person` (``"Kong buys Fireball"``)."""
        return f"{who} {self.third_person}"


@attrs.frozen
class _Scene:
    """Where an action is said: the state it is chosen in, by whom, and how dice are written."""

    state: GameState
    seat: int | None
    form: DiceForm

    def dice(self, dice: Dice) -> str:
        return str(dice) if self.form is DiceForm.LETTERS else dice_words(dice)


def action_words(
    state: GameState, seat: int | None, action: Action, dice: DiceForm = DiceForm.LETTERS
) -> ActionWords:
    """``action`` of the monster in ``seat`` (None: nobody in particular, so no price) in
    ``state``, in words, with ``dice`` written as ``dice`` says. An action of a type this
    module does not know is its notation (``str(action)``)."""
    words = _WORDS.get(type(action))
    if words is None:
        return ActionWords(str(action), str(action))
    return words(_Scene(state, seat, dice), action)


def _place(scene: _Scene, action: PlaceMonster) -> ActionWords:
    where = action.borough.label
    return ActionWords(f"start in {where}", f"starts in {where}")


def _reroll(scene: _Scene, action: Reroll) -> ActionWords:
    showing = scene.state.turn.dice
    rerolled = scene.dice(action.dice)
    kept = showing.minus(action.dice) if showing.contains(action.dice) else None
    if kept is None or not kept.total:
        every = kept is not None and action.dice.total > 1
        menu = f"reroll all {action.dice.total} dice" if every else f"reroll {rerolled}"
        return ActionWords(menu, f"rerolls {rerolled}")
    keep = scene.dice(kept)
    return ActionWords(f"reroll {rerolled} (keep {keep})", f"keeps {keep}, rerolls {rerolled}")


def _stop(scene: _Scene, action: StopRolling) -> ActionWords:
    dice = scene.dice(scene.state.turn.dice)
    return ActionWords(f"stop rolling and keep {dice}", f"stops rolling with {dice}")


def _resolve(scene: _Scene, action: ResolveFace) -> ActionWords:
    what = f"{scene.state.turn.unresolved[action.face]} {face_name(action.face)}"
    return ActionWords(f"resolve {what}", f"resolves {what}")


def _destroy_building(scene: _Scene, action: DestroyBuilding) -> ActionWords:
    stacks = scene.state.boroughs[action.borough].stacks
    top = stacks[action.stack].top if action.stack < len(stacks) else None
    where = action.borough.label
    if top is None:
        return ActionWords(f"destroy a building in {where}", f"destroys a building in {where}")
    twins = sum(1 for stack in stacks if stack.top == top)
    which = f" (stack {action.stack + 1})" if twins > 1 else ""  # as on the board, from 1
    return ActionWords(
        f"destroy {building_name(top)} in {where}{which}",
        f"destroys {with_article(building_name(top))} in {where}",
    )


def _destroy_unit(scene: _Scene, action: DestroyUnit) -> ActionWords:
    where = action.borough.label
    return ActionWords(
        f"destroy {unit_label(action.unit)} in {where}",
        f"destroys {with_article(unit_name(action.unit))} in {where}",
    )


def _flee(scene: _Scene, action: Flee) -> ActionWords:
    where = action.borough.label
    return ActionWords(f"flee to {where}", f"flees Manhattan to {where}")


def _stay_in_manhattan(scene: _Scene, action: StayInManhattan) -> ActionWords:
    return ActionWords("stay in Manhattan", "stays in Manhattan")


def _move(scene: _Scene, action: MoveTo) -> ActionWords:
    where = action.borough.label
    return ActionWords(f"move to {where}", f"moves to {where}")


def _stay_put(scene: _Scene, action: StayPut) -> ActionWords:
    seat = scene.seat
    where = scene.state.monsters[seat].location if seat is not None else None
    if where is None:
        return ActionWords("stay put", "stays put")
    return ActionWords(f"stay in {place_name(where)}", f"stays in {place_name(where)}")


def _buy(scene: _Scene, action: Buy) -> ActionWords:
    market = scene.state.market
    card = market[action.slot] if action.slot < len(market) else None
    if card is None:
        what = f"the card in slot {action.slot + 1}"  # as on the board, from 1
        return ActionWords(f"buy {what}", f"buys {what}")
    cost = ""
    if scene.seat is not None:
        with contextlib.suppress(ArgumentError):  # a card no installed pack knows: no price
            cost = f" for {card_price(scene.state, scene.seat, card)} energy"
    name = card_name(card)
    return ActionWords(f"buy {name}{cost}", f"buys {name}")


def _sweep(scene: _Scene, action: Sweep) -> ActionWords:
    return ActionWords(f"sweep the market ({_SWEEP_COST} energy)", "sweeps the market")


def _end_buying(scene: _Scene, action: EndBuying) -> ActionWords:
    return ActionWords("end buying (end your turn)", "ends buying")


def _pass(scene: _Scene, action: Pass) -> ActionWords:
    pending = waiting_for(scene.state)
    if pending is not None and pending.kind is PendingKind.DESTROY:
        return ActionWords("stop destroying", "stops destroying")
    return ActionWords("pass", "passes")


def _use(scene: _Scene, action: UseCard) -> ActionWords:
    source = source_name(scene.state, action.card)
    if action.option in ("", "use"):
        return ActionWords(f"use {source}", f"uses {source}")
    if action.option == "skip":
        return ActionWords(f"don't use {source}", f"does not use {source}")
    words = option_words(scene.state, action.option)
    return ActionWords(f"{source}: {words}", f"uses {source}: {words}")


_WORDS: dict[type[Action], Callable[[_Scene, Any], ActionWords]] = {
    PlaceMonster: _place,
    Reroll: _reroll,
    StopRolling: _stop,
    ResolveFace: _resolve,
    DestroyBuilding: _destroy_building,
    DestroyUnit: _destroy_unit,
    Flee: _flee,
    StayInManhattan: _stay_in_manhattan,
    MoveTo: _move,
    StayPut: _stay_put,
    Buy: _buy,
    Sweep: _sweep,
    EndBuying: _end_buying,
    Pass: _pass,
    UseCard: _use,
}
"""Every action type's words: one function per type, writing both forms."""
