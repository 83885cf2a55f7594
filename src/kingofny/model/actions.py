"""Actions: the decisions a monster's player makes. Small frozen values with a readable str().

Every field is checked when an action is made: a value of the wrong type (a ``str`` for dice, a
``bool`` or plain ``int`` for an enum, a ``bool`` for a slot), a member outside the field's static
range (a negative slot, Manhattan as a flight destination) raises
:class:`~kingofny.errors.ArgumentError` naming the field, e.g. ``"Reroll.dice"``. Whether the
action is legal in a position is :func:`kingofny.apply`'s business.

``str(action)`` is the action's notation, short like python-chess's UCI moves: a word, then the
fields (``reroll AAD``, ``destroy-building bronx 2``, ``buy 0``, ``use base:chameleon
convert:ouch:energy``). :meth:`Action.parse` reads it back: ``Action.parse(str(action)) ==
action`` for every action. A card id or option that holds a space, a quote at its start or a
character that does not print is written in double quotes with backslash escapes (``use
"odd card" "a b"``), so that the notation of every action is one line and means one action.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Final, NoReturn, TypeVar

import attrs

from kingofny.errors import ArgumentError
from kingofny.model import _checks
from kingofny.model._repr import fields_repr
from kingofny.model.city import OUTER_BOROUGHS, Borough, UnitKind
from kingofny.model.dice import Dice, Face

_DICE = _checks.of_type(Dice, hint=_checks.dice_hint)
_BOROUGH = _checks.member_of(Borough)
_A = TypeVar("_A", bound="Action")
_E = TypeVar("_E", bound=enum.Enum)

MAX_INDEX: Final = 999_999_999
"""The largest market slot or stack index an action may name (nine digits): far beyond any
position, and small enough that the notation of every action stays short."""


def _index(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator accepting an ``int`` from 0 to :data:`MAX_INDEX` (not a ``bool``)."""
    _checks.non_negative_int(instance, attribute, value)
    if type(value) is int and value > MAX_INDEX:
        raise ArgumentError(
            f"{type(instance).__name__}.{attribute.name}",
            f"must be at most {MAX_INDEX}, got a larger number",
        )


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Action:
    """Base class of every action."""

    __repr__ = fields_repr

    KIND: ClassVar[str] = "action"
    """The tag that names this kind of action in JSON, and first in its notation (but for
    :class:`UseCard`, written ``use``)."""
    _WORD: ClassVar[str] = ""
    """The first word of the action's notation (its ``KIND``, but ``use`` for a card)."""

    @classmethod
    def parse(cls: type[_A], text: str) -> _A:
        r"""The action whose notation (``str()``) is ``text``: ``Action.parse("reroll AAD")``,
        ``Action.parse("flee staten-island")``, ``Action.parse("use base:photo-op seat:1")``.

        One space separates the words; dice are face letters as :meth:`Dice.parse` reads
        them (``-`` for none), boroughs, faces and units their ``str()`` names, slots and
        stacks numbers in the digits 0-9 (at most nine), a card id or option as it is or in
        double quotes with the escapes ``\"``, ``\\``, ``\n``, ``\r``, ``\t``,
        ``\xHH``, ``\uHHHH`` and ``\UHHHHHHHH``. Called on a subclass (``Reroll.parse``),
        the action must be of that class.

        Raises :class:`~kingofny.errors.ArgumentError` saying what is wrong for any other text
        (its ``field`` is ``"Action.parse(text)"``, or ``"Reroll.parse(text)"`` and so on).
        """
        where = f"{cls.__name__}.parse(text)"
        if not isinstance(text, str):
            raise ArgumentError(where, f"expected a str, got {type(text).__name__}")
        words = _Words(where, text)
        word = words.word()
        kind = _BY_WORD.get(word)
        if kind is None:
            hint = f" (words are lowercase: {word.lower()!r})" if word.lower() in _BY_WORD else ""
            words.fail(
                f"unknown action {_shown(word)}{hint}; expected one of {', '.join(_BY_WORD)}"
            )
        action = kind._read(words)
        words.end()
        if not isinstance(action, cls):
            words.fail(f"this is a {type(action).__name__}, not a {cls.__name__}")
        return action

    @classmethod
    def _read(cls, words: _Words) -> Action:
        """The action of this class whose fields are the next ``words``."""
        return cls()


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class PlaceMonster(Action):
    """Setup: place your monster in an outer borough (seed 000, *How to Play*)."""

    KIND: ClassVar[str] = "place"
    _WORD: ClassVar[str] = "place"
    borough: Borough = attrs.field(validator=_checks.member_of(Borough, OUTER_BOROUGHS))
    """Where to place it."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.borough}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.borough(OUTER_BOROUGHS))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Reroll(Action):
    """Reroll these dice (any of them, including dice kept earlier)."""

    KIND: ClassVar[str] = "reroll"
    _WORD: ClassVar[str] = "reroll"
    dice: Dice = attrs.field(validator=_DICE)
    """The dice to reroll, as a multiset of the faces they show now."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.dice}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.dice())


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StopRolling(Action):
    """Keep the dice as they are and go on to resolve them."""

    KIND: ClassVar[str] = "stop"
    _WORD: ClassVar[str] = "stop"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class ResolveFace(Action):
    """Resolve every die of this face now (seed 000, *Resolve the Dice*)."""

    KIND: ClassVar[str] = "resolve"
    _WORD: ClassVar[str] = "resolve"
    face: Face = attrs.field(validator=_checks.member_of(Face))
    """The face type to resolve next."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.face}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.member("a die face", Face, tuple(Face)))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DestroyBuilding(Action):
    """Spend Destruction on the top building of a stack."""

    KIND: ClassVar[str] = "destroy-building"
    _WORD: ClassVar[str] = "destroy-building"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """The borough of the stack."""
    stack: int = attrs.field(validator=_index)
    """The index of the stack in that borough, from 0 to :data:`MAX_INDEX`."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.borough} {self.stack}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.borough(tuple(Borough)), words.index("a stack"))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DestroyUnit(Action):
    """Spend Destruction on a unit."""

    KIND: ClassVar[str] = "destroy-unit"
    _WORD: ClassVar[str] = "destroy-unit"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """The borough where the unit stands."""
    unit: UnitKind = attrs.field(validator=_checks.member_of(UnitKind))
    """Which kind of unit."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.borough} {self.unit}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.borough(tuple(Borough)), words.member("a unit", UnitKind, tuple(UnitKind)))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Flee(Action):
    """Leave Manhattan after being damaged by an attack, for this outer borough."""

    KIND: ClassVar[str] = "flee"
    _WORD: ClassVar[str] = "flee"
    borough: Borough = attrs.field(validator=_checks.member_of(Borough, OUTER_BOROUGHS))
    """Where to go."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.borough}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.borough(OUTER_BOROUGHS))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StayInManhattan(Action):
    """Stay in Manhattan after being damaged by an attack."""

    KIND: ClassVar[str] = "stay-in-manhattan"
    _WORD: ClassVar[str] = "stay-in-manhattan"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class MoveTo(Action):
    """Move to this borough (Move step, or leaving Manhattan when its second space closes)."""

    KIND: ClassVar[str] = "move"
    _WORD: ClassVar[str] = "move"
    borough: Borough = attrs.field(validator=_BOROUGH)
    """Where to go."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.borough}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.borough(tuple(Borough)))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class StayPut(Action):
    """Stay in your borough at the Move step."""

    KIND: ClassVar[str] = "stay"
    _WORD: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Buy(Action):
    """Buy the face-up card in this market slot."""

    KIND: ClassVar[str] = "buy"
    _WORD: ClassVar[str] = "buy"
    slot: int = attrs.field(validator=_index)
    """The market slot, from 0 (to :data:`MAX_INDEX`)."""

    def __str__(self) -> str:
        return f"{self._WORD} {self.slot}"

    @classmethod
    def _read(cls, words: _Words) -> Action:
        return cls(words.index("a market slot"))


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Sweep(Action):
    """Pay 2 Energy to discard the face-up cards and reveal new ones (seed 000, *Buy Cards*)."""

    KIND: ClassVar[str] = "sweep"
    _WORD: ClassVar[str] = "sweep"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class EndBuying(Action):
    """Stop buying and end the turn."""

    KIND: ClassVar[str] = "end-buying"
    _WORD: ClassVar[str] = "end-buying"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Pass(Action):
    """Decline what is optional now (e.g. stop spending Destruction outside your borough)."""

    KIND: ClassVar[str] = "pass"
    _WORD: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return self._WORD


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class UseCard(Action):
    """Use a card's ability, or answer a card's question, choosing ``option``.

    The options follow one naming style (e.g. ``"use"``, ``"heal:2"``, ``"seat:2"``,
    ``"card:base:stomp"``; see :mod:`kingofny.effects.options`); the legal actions list the ones
    available now.

    Its notation is ``use <card> <option>`` (``use <card>`` for the empty option); a card or
    option that holds a space, starts with ``"`` or holds a character that does not print is
    written in double quotes with backslash escapes.
    """

    KIND: ClassVar[str] = "use-card"
    _WORD: ClassVar[str] = "use"
    card: str = attrs.field(validator=_checks.name)
    """The id of the card (or monster) whose effect acts."""
    option: str = attrs.field(default="", validator=_checks.text)
    """Which of the effect's options."""

    def __str__(self) -> str:
        card = _quoted(self.card)
        return (
            f"{self._WORD} {card} {_quoted(self.option)}" if self.option else f"{self._WORD} {card}"
        )

    @classmethod
    def _read(cls, words: _Words) -> Action:
        card = words.text("a card")
        option = words.text("an option") if words.more() else ""
        return words.make(cls, card, option)


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceMonster,
    Reroll,
    StopRolling,
    ResolveFace,
    DestroyBuilding,
    DestroyUnit,
    Flee,
    StayInManhattan,
    MoveTo,
    StayPut,
    Buy,
    Sweep,
    EndBuying,
    Pass,
    UseCard,
)
"""Every concrete action type."""

_BY_WORD: Final[dict[str, type[Action]]] = {kind._WORD: kind for kind in ACTION_TYPES}
"""The action type of each first word of the notation."""


# -- the notation's words -------------------------------------------------------------------------

_SHOWN = 60
"""How much of a text an error message quotes."""
_INDEX = re.compile(r"[0-9]+")
"""A slot or stack as written: ASCII digits only (``str.isdigit`` also takes ``²`` and ``٣``)."""
_HEX = frozenset("0123456789abcdefABCDEF")
_FACE_LETTERS = frozenset(face.symbol for face in Face)
_ESCAPES: Final = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNESCAPES: Final = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_CODE_DIGITS: Final = {"x": 2, "u": 4, "U": 8}


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut to :data:`_SHOWN` characters."""
    return repr(text) if len(text) <= _SHOWN else repr(text[: _SHOWN - 1]) + "…"


def _bare(text: str) -> bool:
    """Whether ``text`` is written as it is in the notation (else it is quoted)."""
    return bool(text) and text.isprintable() and " " not in text and text[0] != '"'


def _quoted(text: str) -> str:
    """``text`` as one word of the notation: itself, or in double quotes with escapes."""
    if _bare(text):
        return text
    out = []
    for char in text:
        escape = _ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif char.isprintable():
            out.append(char)
        else:
            code = ord(char)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
    return '"' + "".join(out) + '"'


class _Words:
    """The words of a notation being read, one after another, and what an error says."""

    __slots__ = ("_at", "_text", "_where")

    def __init__(self, where: str, text: str) -> None:
        self._where = where
        self._text = text
        self._at = 0
        if not text:
            self.fail("empty; an action is written as str() writes it, e.g. 'stop' or 'buy 0'")
        if text[0] == " ":
            self.fail("a space at the start")

    def fail(self, message: str) -> NoReturn:
        """Raise the :class:`ArgumentError` saying ``message`` about the text."""
        raise ArgumentError(self._where, f"{_shown(self._text)}: {message}")

    def more(self) -> bool:
        """Whether a word follows."""
        return self._at < len(self._text)

    def end(self) -> None:
        """Check that no word is left."""
        if self.more():
            self.fail(f"unexpected {_shown(self._text[self._at :])} at the end")

    def _next(self, what: str, *, quotable: bool = False) -> str:
        """The next word (unquoted if ``quotable``), and past the space after it."""
        text, start = self._text, self._at
        if start >= len(text):
            self.fail(f"missing {what}")
        if text[start] == '"':
            if not quotable:
                self.fail(f"no quotes around {what}")
            value, end = self._unquote(start)
        else:
            end = text.find(" ", start)
            end = len(text) if end < 0 else end
            value = text[start:end]
            if not value:
                self.fail("two spaces in a row")
            bad = next((c for c in value if not c.isprintable()), None)
            if bad is not None:
                self.fail(f"the character {bad!r} outside quotes")
        if end < len(text):
            if text[end] != " ":
                self.fail(f"a space must follow the closing quote of {what}")
            end += 1
            if end == len(text):
                self.fail("a space at the end")
        self._at = end
        return value

    def _unquote(self, start: int) -> tuple[str, int]:
        """The text of the quoted word at ``start``, and the index past its closing quote."""
        text, at = self._text, start + 1
        out: list[str] = []
        while at < len(text):
            char = text[at]
            if char == '"':
                return "".join(out), at + 1
            if char != "\\":
                out.append(char)
                at += 1
                continue
            key = text[at + 1 : at + 2]
            if key in _UNESCAPES:
                out.append(_UNESCAPES[key])
                at += 2
                continue
            digits = _CODE_DIGITS.get(key)
            code = text[at + 2 : at + 2 + digits] if digits else ""
            if not digits or len(code) != digits or not _HEX.issuperset(code):
                self.fail(f"a bad escape {_shown(text[at : at + 2 + (digits or 0)])} in quotes")
            value = int(code, 16)
            if value > 0x10FFFF:
                self.fail(f"no character \\{key}{code}")
            out.append(chr(value))
            at += 2 + (digits or 0)
        self.fail("a quote is not closed")

    def word(self) -> str:
        """The first word: the kind of action."""
        return self._next("the action")

    def text(self, what: str) -> str:
        """A card id or an option, as it is or quoted."""
        return self._next(what, quotable=True)

    def borough(self, allowed: Sequence[Borough]) -> Borough:
        """A borough among ``allowed``, by its ``str()`` name."""
        kind = "an outer borough" if len(allowed) < len(Borough) else "a borough"
        return self.member(kind, Borough, allowed)

    def member(self, what: str, kind: type[_E], allowed: Sequence[_E]) -> _E:
        """A member of ``allowed`` by its ``str()`` name."""
        word = self._next(what)
        for member in allowed:
            if str(member) == word:
                return member
        names = ", ".join(str(m) for m in allowed)
        self.fail(f"{what} is one of {names}, got {_shown(word)}")

    def dice(self) -> Dice:
        """Dice as face letters (``-`` for none)."""
        word = self._next("the dice")
        try:
            return Dice.parse(word)
        except ArgumentError:
            bad = next((c for c in word if c.upper() not in _FACE_LETTERS), word)
            self.fail(f"dice are face letters EHACDO (or - for none), got {_shown(bad)}")

    def index(self, what: str) -> int:
        """A slot or stack: at most nine digits 0-9."""
        word = self._next(what)
        if not _INDEX.fullmatch(word):
            self.fail(f"{what} is a number written in the digits 0-9, got {_shown(word)}")
        if len(word) > len(str(MAX_INDEX)):
            self.fail(f"{what} is at most {MAX_INDEX}, got {_shown(word)}")
        return int(word)

    def make(self, kind: type[Action], *fields: object) -> Action:
        """``kind(*fields)``, its field checks failing as a parse error."""
        try:
            return kind(*fields)
        except ArgumentError as exc:
            self.fail(f"{exc.field}: {exc.message}")
