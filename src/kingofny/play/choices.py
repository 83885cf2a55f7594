"""The legal actions as numbered choices in words, and what a person may type to pick one.

:func:`choices` labels every legal action (``"reroll AAD (keep CCO)"``, ``"buy Fireball for 4
energy"``, ``"flee to The Bronx"``); :func:`parse_action` reads what a person typed: a choice's
number, the action's notation (``reroll AAD``, ``flee bronx``), or a shortcut:

- ``keep AAC`` rerolls every other die; ``keep all`` or ``stop`` stops rolling; ``reroll all``;
- ``resolve attack``, ``resolve A`` or just ``A``; ``destroy high-rise bronx``;
- ``flee bronx``, ``stay``; ``move queens``; ``place brooklyn``;
- ``buy b`` (the market's card lettered b on the board), ``buy fireball``, or ``buy 2`` if choice
  2 is a purchase; ``sweep``; ``end``/``done``;
- ``use <card>`` with an option, or a card question's answer by its words.

Nothing here changes a state: a front end applies the action it gets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

import kingofny as k
from kingofny.lookup import slug
from kingofny.wording import action_words, card_name, face_name

__all__ = [
    "Choice",
    "InputError",
    "choices",
    "parse_action",
    "parse_dice",
    "shown",
    "slot_letter",
]


class InputError(ValueError):
    """What a person typed is not one of the choices; the message says why and what would do."""


_ASCII_NUMBER = re.compile(r"[0-9]+")
"""A number as typed: ASCII digits only (``str.isdigit`` also accepts ``²`` and ``٣``, which
``int`` refuses or reads as another digit)."""
_MAX_DIGITS = 9
"""Longer numbers are no choice, slot or tile (and ``int`` refuses more than 4300 digits)."""


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, shortened to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _number(text: str) -> int | None:
    """The number ``text`` is in ASCII digits (huge ones as -1), or None if it is not one.

    Raises :class:`InputError` for a number written with other digits (``²``, ``٣``).
    """
    if _ASCII_NUMBER.fullmatch(text):
        return int(text) if len(text) <= _MAX_DIGITS else -1
    if text and all(c.isdigit() or c.isnumeric() for c in text):
        raise InputError(f"{shown(text)} is not a number here: type numbers with the digits 0-9")
    return None


def slot_letter(slot: int) -> str:
    """The letter the terminal shows for market slot ``slot`` (from 0): ``a``, ``b``, ``c``...
    The choices are numbered, so the market's cards are not."""
    return chr(ord("a") + slot) if 0 <= slot < 26 else str(slot + 1)


@attrs.frozen
class Choice:
    """A legal action with its number and its label."""

    number: int
    """From 1, in the order of :func:`kingofny.legal_actions`."""
    action: k.Action
    label: str
    """The action in words."""


def _label(state: k.GameState, action: k.Action) -> str:
    """``action`` as a numbered choice says it: the imperative of
    :func:`kingofny.wording.action_words`, dice as the letters people type."""
    return action_words(state, state.current_player, action).imperative


def choices(state: k.GameState) -> tuple[Choice, ...]:
    """Every legal action of the deciding seat, numbered from 1, in words."""
    return tuple(
        Choice(i + 1, action, _label(state, action))
        for i, action in enumerate(k.legal_actions(state))
    )


_FACE_WORDS = {slug(face_name(f)): f for f in k.Face} | {str(f): f for f in k.Face}
_FACE_LETTERS = frozenset("EHACDO")


def parse_dice(text: str) -> k.Dice:
    """Dice typed as face letters (``AACDEO``, any case, spaces and commas ignored).

    Raises :class:`InputError` naming a letter that is no face.
    """
    letters = re.sub(r"[\s,]+", "", text)
    if not letters:
        raise InputError("type the faces as letters, e.g. AACDEO")
    for letter in letters:
        if letter.upper() not in _FACE_LETTERS:
            raise InputError(
                f"{letter.upper()!r} is not a die face; the faces are E (energy), H (heal), "
                "A (attack), C (celebrity), D (destruction), O (ouch)"
            )
    return k.Dice.parse(letters.upper())


def _borough(word: str) -> k.Borough | None:
    word = slug(word).removeprefix("the-")
    for b in k.Borough:
        if word in (str(b), slug(b.label).removeprefix("the-")) or (
            len(word) >= 2 and str(b).startswith(word)
        ):
            return b
    return None


def parse_action(
    text: str, state: k.GameState, numbered: Sequence[Choice] | None = None
) -> k.Action:
    """The legal action that ``text`` names (see the module's docstring); a number picks from
    ``numbered``, the choices as listed to the person (default: all of :func:`choices`).

    Raises :class:`InputError` with what went wrong and what would do.
    """
    legal = k.legal_actions(state)
    options = choices(state)
    listed = list(numbered) if numbered is not None else list(options)
    raw = text.strip()
    words = raw.lower().split()
    if not words:
        raise InputError("type a choice's number or a command (help lists them)")
    number = _number(raw)
    if number is not None:
        if 1 <= number <= len(listed):
            return listed[number - 1].action
        which = raw if number >= 0 else shown(raw)
        raise InputError(f"there is no choice {which}; choose 1 to {len(listed)}")
    if words[0] == "buy":
        return _buy(" ".join(words[1:]), state, legal, listed)
    by_notation = {str(a).lower(): a for a in legal}
    if raw.lower() in by_notation:
        return by_notation[raw.lower()]
    by_label = {o.label.lower(): o.action for o in options}
    if raw.lower() in by_label:
        return by_label[raw.lower()]
    verb, rest = words[0], " ".join(words[1:])
    found = _shortcut(verb, rest, state, legal)
    if found is not None:
        return found
    # A label's start, if it names one choice only ("flee to the b", "buy fire").
    starts = [o.action for o in options if o.label.lower().startswith(raw.lower())]
    if len(starts) == 1:
        return starts[0]
    raise InputError(
        f"{shown(raw)} is not a choice now; type a number from 1 to {len(listed)}, or help"
    )


def _shortcut(
    verb: str, rest: str, state: k.GameState, legal: tuple[k.Action, ...]
) -> k.Action | None:
    turn = state.turn
    rerolls = [a for a in legal if isinstance(a, k.Reroll)]
    stop = next((a for a in legal if isinstance(a, k.StopRolling)), None)
    if verb in ("stop", "keep") and rest in ("", "all") and stop is not None:
        return stop
    if verb in ("keep", "reroll") and rerolls:
        if rest == "all":
            return _reroll(turn.dice, rerolls) if verb == "reroll" else stop
        if rest in ("none", "nothing") and verb == "keep":
            return _reroll(turn.dice, rerolls)
        dice = parse_dice(rest)
        if not turn.dice.contains(dice):
            raise InputError(f"you show {turn.dice}; you cannot {verb} {dice}")
        target = turn.dice.minus(dice) if verb == "keep" else dice
        if not target.total:
            if stop is None:
                raise InputError("keeping every die means stopping, which is not possible now")
            return stop
        found = _reroll(target, rerolls)
        if found is None:
            raise InputError(f"rerolling {target} is not allowed now")
        return found
    resolves = {a.face: a for a in legal if isinstance(a, k.ResolveFace)}
    if resolves:
        name = rest if verb == "resolve" else verb if not rest else ""
        face = _FACE_WORDS.get(slug(name))
        if face is None and len(name) == 1 and name.upper() in _FACE_LETTERS:
            face = k.Face.from_symbol(name)
        if face is not None:
            if face not in resolves:
                raise InputError(f"no {face_name(face)} is left to resolve")
            return resolves[face]
    if verb in ("flee", "move", "place", "go", "to"):
        borough = _borough(rest)
        if borough is None:
            raise InputError(f"{shown(rest)} is no borough; say bronx, queens, brooklyn or staten")
        for action in legal:
            if isinstance(action, (k.Flee, k.MoveTo, k.PlaceMonster)) and action.borough is borough:
                return action
        raise InputError(f"you cannot {verb} to {borough.label} now")
    if verb == "stay":
        for action in legal:
            if isinstance(action, (k.StayInManhattan, k.StayPut)):
                return action
    if verb in ("end", "done", "pass", "finish"):
        for action in legal:
            if isinstance(action, (k.EndBuying, k.Pass)):
                return action
    if verb == "sweep":
        for action in legal:
            if isinstance(action, k.Sweep):
                return action
        raise InputError("you cannot sweep now (it costs 2 energy, in the Buy step)")
    if verb == "destroy":
        return _destroy(rest, state, legal)
    if verb == "use":
        uses = [a for a in legal if isinstance(a, k.UseCard)]
        matches = [o for o in choices(state) if o.action in uses and rest in o.label.lower()]
        if len(matches) == 1:
            return matches[0].action
        if matches:
            raise InputError(
                "that matches several uses: " + "; ".join(f"{o.number}. {o.label}" for o in matches)
            )
    return None


def _reroll(target: k.Dice, rerolls: Sequence[k.Reroll]) -> k.Action | None:
    return next((action for action in rerolls if action.dice == target), None)


def _buy(
    rest: str, state: k.GameState, legal: tuple[k.Action, ...], listed: Sequence[Choice]
) -> k.Action:
    """``buy b`` (a market letter), ``buy fireball`` (a name) or ``buy 2`` (choice 2, when it is
    a purchase: the only numbers on the screen are the choices')."""
    lettered = ", ".join(slot_letter(i) for i, card in enumerate(state.market) if card is not None)
    number = _number(rest)
    if number is not None:
        if 1 <= number <= len(listed) and isinstance(listed[number - 1].action, k.Buy):
            return listed[number - 1].action
        raise InputError(
            f"choice {shown(rest)} is no purchase; the market's cards are lettered "
            f"({lettered}): buy a card by its letter or its name"
        )
    if len(rest) == 1 and "a" <= rest <= "z":
        slot = ord(rest) - ord("a")
        if not 0 <= slot < len(state.market) or state.market[slot] is None:
            raise InputError(f"there is no card {rest} in the market; its cards are {lettered}")
    else:
        try:
            card = k.find_card(rest).id
        except k.ArgumentError as exc:
            raise InputError(exc.message) from None
        found = next((i for i, c in enumerate(state.market) if c == card), None)
        if found is None:
            raise InputError(f"{card_name(card)} is not in the market")
        slot = found
    for action in legal:
        if isinstance(action, k.Buy) and action.slot == slot:
            return action
    there = state.market[slot]
    assert there is not None
    assert state.current_player is not None
    price = k.card_price(state, state.current_player, there)
    raise InputError(f"you cannot buy {card_name(there)} now (it costs you {price} energy)")


def _destroy(rest: str, state: k.GameState, legal: tuple[k.Action, ...]) -> k.Action:
    options = [
        o for o in choices(state) if isinstance(o.action, (k.DestroyBuilding, k.DestroyUnit))
    ]
    words = slug(rest).split("-")
    matches = [o for o in options if all(w in slug(o.label) for w in words if w)]
    if len(matches) == 1:
        return matches[0].action
    if not matches:
        raise InputError(f"nothing to destroy matches {shown(rest)}")
    raise InputError(
        "that matches several: " + "; ".join(f"{o.number}. {o.label}" for o in matches[:6])
    )
