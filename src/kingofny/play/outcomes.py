"""Chance outcomes typed by people at a real table (companion mode): dice as faces, tiles and
cards by name, forgiving of case, spaces and small differences, and refusing with a clear
message anything that cannot happen now."""

from __future__ import annotations

import difflib
import re

import kingofny as k
from kingofny.lookup import slug
from kingofny.narrate import building_name, card_name, monster_name
from kingofny.play.choices import InputError, parse_dice, shown, slot_letter

__all__ = ["TILE_EXAMPLES", "outcome_prompt", "parse_outcome"]

TILE_EXAMPLES = ("high-rise 1", "power plant 2", "hospital 3")
"""Tiles as a person types them, for the hints: one of each kind, each a tile of the game (the
Power Plants and Hospitals are of durability 2 and 3 only, components §3.2)."""
_TILE_EXAMPLES_TEXT = ", ".join(TILE_EXAMPLES)

_KIND_WORDS = {
    "high-rise": k.BuildingKind.HIGH_RISE,
    "highrise": k.BuildingKind.HIGH_RISE,
    "high": k.BuildingKind.HIGH_RISE,
    "hr": k.BuildingKind.HIGH_RISE,
    "power-plant": k.BuildingKind.POWER_PLANT,
    "powerplant": k.BuildingKind.POWER_PLANT,
    "power": k.BuildingKind.POWER_PLANT,
    "plant": k.BuildingKind.POWER_PLANT,
    "pp": k.BuildingKind.POWER_PLANT,
    "hospital": k.BuildingKind.HOSPITAL,
    "hosp": k.BuildingKind.HOSPITAL,
    "h": k.BuildingKind.HOSPITAL,
}


def _dice_needed(state: k.GameState) -> int:
    outcomes = k.chance_outcomes(state)
    first = outcomes[0][0]
    assert isinstance(first, k.DiceRoll)
    return first.dice.total


def outcome_prompt(state: k.GameState) -> str:
    """What to do at the table and type now, in words."""
    pending = k.waiting_for(state)
    assert pending is not None
    assert pending.is_chance
    who = monster_name(state, pending.seat) if pending.seat is not None else ""
    if pending.chance_kind is k.ChanceKind.DICE:
        n = _dice_needed(state)
        why = {
            k.PendingKind.ROLL_OFF: "for the first-player roll",
            k.PendingKind.CARD_ROLL: f"for {card_name(pending.card or '')}",
        }.get(pending.kind, "")
        kept = state.turn.dice if pending.kind is k.PendingKind.DICE_ROLL else k.Dice.of(())
        keeps = f" (keeping {kept})" if kept.total else ""
        what = " ".join(part for part in (f"{n} {'die' if n == 1 else 'dice'}", why) if part)
        example = ("AACDEOHA" * 2)[:n]
        return f"{who} rolls {what}{keeps}: type the faces (E H A C D O), e.g. {example}"
    step = pending.step
    if pending.chance_kind is k.ChanceKind.TILE:
        where = ""
        borough = getattr(step, "borough", None)
        stack = getattr(step, "stack", None)
        if isinstance(borough, k.Borough) and isinstance(stack, int):
            where = f" of stack {stack + 1} in {borough.label}"
        return f"Turn over the top tile{where}: type it, e.g. {_TILE_EXAMPLES_TEXT}"
    slot = getattr(step, "slot", None)
    where = f" for market card {slot_letter(slot)}" if isinstance(slot, int) else ""
    return f"Draw a card{where}: type its name"


def parse_outcome(text: str, state: k.GameState) -> k.Outcome:
    """The outcome ``text`` names at the chance node ``state`` waits at.

    Raises :class:`InputError` if it names nothing, or something that cannot happen now (a
    tile none of which is left face down, a card that is not in the deck, the wrong number of
    dice).
    """
    pending = k.waiting_for(state)
    if pending is None or not pending.is_chance:
        raise InputError("no chance outcome is awaited now")
    possible = {o for o, _ in k.chance_outcomes(state)}
    if pending.chance_kind is k.ChanceKind.DICE:
        dice = parse_dice(text)
        n = _dice_needed(state)
        if dice.total != n:
            raise InputError(
                f"expected {n} dice, got {dice.total} ({dice}); type one letter per die"
            )
        return k.DiceRoll(dice)
    if pending.chance_kind is k.ChanceKind.TILE:
        building = _parse_building(text)
        outcome: k.Outcome = k.TileDraw(building)
        if outcome not in possible:
            left = ", ".join(
                sorted(building_name(o.building) for o in possible if isinstance(o, k.TileDraw))
            )
            raise InputError(f"no {building_name(building)} is left face down; left: {left}")
        return outcome
    try:
        card = k.find_card(text).id
    except k.ArgumentError as exc:
        raise InputError(exc.message) from None
    outcome = k.CardDraw(card)
    if outcome not in possible:
        where = "in the market" if card in state.market else "played or discarded"
        raise InputError(f"{card_name(card)} is not in the deck ({where}); check the card")
    return outcome


def _parse_building(text: str) -> k.Building:
    words = slug(text)
    match = re.fullmatch(r"([a-z-]*?)-?([1-3])", words)
    if match is None:
        raise InputError(
            f"{shown(text)} is not a tile; type its kind and number, e.g. {_TILE_EXAMPLES_TEXT}"
        )
    name, number = match.group(1).strip("-"), int(match.group(2))
    kind = _KIND_WORDS.get(name) or _KIND_WORDS.get(name.replace("-", ""))
    if kind is None:
        close = difflib.get_close_matches(name, ["high-rise", "power-plant", "hospital"], n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise InputError(
            f"unknown building {shown(name)}{hint} (high-rise 1 to 3, power plant or hospital 2 "
            "or 3)"
        )
    try:
        return k.Building.parse(f"{kind}-{number}")
    except ValueError as exc:  # pragma: no cover - kind and number are checked above
        raise InputError(str(exc)) from None
