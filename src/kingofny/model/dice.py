"""Die faces and dice as unordered multisets of faces."""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator
from math import factorial
from typing import TYPE_CHECKING, Final, final

from attrs.exceptions import FrozenInstanceError

from kingofny.errors import ArgumentError

if TYPE_CHECKING:
    from fractions import Fraction


class Face(enum.IntEnum):
    """The six symbols on every die (seed 000, *Dice Effects*)."""

    ENERGY = 0
    HEAL = 1
    ATTACK = 2
    CELEBRITY = 3
    DESTRUCTION = 4
    OUCH = 5

    @property
    def symbol(self) -> str:
        """The one-letter code used in dice notation (``E H A C D O``)."""
        return _SYMBOLS[self]

    @classmethod
    def from_symbol(cls, symbol: str) -> Face:
        """The face whose one-letter code is ``symbol`` (case-insensitive)."""
        try:
            return _BY_SYMBOL[symbol.upper()]
        except (KeyError, AttributeError):
            raise ArgumentError(
                "Face.from_symbol(symbol)", f"unknown die face {symbol!r}; expected one of EHACDO"
            ) from None

    def __str__(self) -> str:
        return self.name.lower()


_SYMBOLS: Final = {
    Face.ENERGY: "E",
    Face.HEAL: "H",
    Face.ATTACK: "A",
    Face.CELEBRITY: "C",
    Face.DESTRUCTION: "D",
    Face.OUCH: "O",
}
_BY_SYMBOL: Final = {symbol: face for face, symbol in _SYMBOLS.items()}
FACES: Final[tuple[Face, ...]] = tuple(Face)


@final
class Dice:
    """An unordered multiset of die faces, stored as a count per face.

    Dice are interchangeable, so a roll, a set of dice to reroll and a chance outcome are all
    multisets. ``str(dice)`` is compact notation such as ``"AADO"``: one letter per die, in
    :class:`Face` order, and ``"-"`` for no dice.

    Frozen, equal and hashable by value like the attrs classes of the model, but written out:
    the compiled build compiles this module, and a class written out becomes a native class
    there (attribute reads and construction in C), which attrs classes cannot (issue 8).
    """

    __slots__ = ("_hash", "counts")

    counts: tuple[int, int, int, int, int, int]
    """How many dice show each face, indexed by :class:`Face`."""
    _hash: int

    def __init__(self, counts: object) -> None:
        # ``object``, not the tuple type: a compiled build would otherwise refuse a wrong type
        # with its own TypeError before this check could name the field.
        if (
            type(counts) is not tuple
            or len(counts) != 6
            or any(type(c) is not int or c < 0 for c in counts)
        ):
            raise ArgumentError(
                "Dice.counts", f"dice counts must be six non-negative ints, got {counts!r}"
            )
        # Stored past the frozen __setattr__ (object.__setattr__ is a plain store when compiled).
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "_hash", hash(counts))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not Dice:
            return NotImplemented
        return self.counts == other.counts

    def __ne__(self, other: object) -> bool:
        if type(other) is not Dice:
            return NotImplemented
        return self.counts != other.counts

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Dice(counts={self.counts!r})"

    def __reduce__(self) -> tuple[type[Dice], tuple[tuple[int, int, int, int, int, int]]]:
        return Dice, (self.counts,)

    def __copy__(self) -> Dice:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Dice:
        return self

    @classmethod
    def of(cls, faces: Iterable[Face]) -> Dice:
        """The multiset of the given faces."""
        counts = [0] * 6
        for face in faces:
            counts[face] += 1
        return _dice(tuple(counts))

    @classmethod
    def of_counts(cls, counts: Iterable[int]) -> Dice:
        """The dice with these six per-face counts, indexed by :class:`Face`."""
        return _dice(tuple(counts))

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read the notation written by ``str()``, e.g. ``"EEAD"`` or ``"-"``."""
        if text == "-":
            return EMPTY_DICE
        return cls.of(Face.from_symbol(ch) for ch in text)

    @property
    def total(self) -> int:
        """The number of dice."""
        c = self.counts
        return c[0] + c[1] + c[2] + c[3] + c[4] + c[5]

    def __getitem__(self, face: Face) -> int:
        return self.counts[face]

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Face]:
        for face in FACES:
            for _ in range(self.counts[face]):
                yield face

    def faces_present(self) -> tuple[Face, ...]:
        """The faces that show on at least one die, in :class:`Face` order."""
        return tuple(f for f in FACES if self.counts[f])

    def contains(self, other: Dice) -> bool:
        """Whether ``other`` is a sub-multiset of these dice."""
        return all(a >= b for a, b in zip(self.counts, other.counts))

    def plus(self, other: Dice) -> Dice:
        """The multiset sum."""
        return _dice(tuple(a + b for a, b in zip(self.counts, other.counts)))

    def minus(self, other: Dice) -> Dice:
        """The multiset difference; ``other`` must be contained in these dice."""
        return _dice(tuple(a - b for a, b in zip(self.counts, other.counts)))

    def without_face(self, face: Face) -> Dice:
        """These dice with every die showing ``face`` removed."""
        counts = list(self.counts)
        counts[face] = 0
        return _dice(tuple(counts))

    def probability(self) -> Fraction:
        """The exact probability that rolling ``total`` fair dice gives this multiset."""
        return _probability(self.counts)

    def __str__(self) -> str:
        if not any(self.counts):
            return "-"
        return "".join(_SYMBOLS[f] * self.counts[f] for f in FACES)


@functools.cache
def _dice(counts: tuple[int, int, int, int, int, int]) -> Dice:
    """Interned dice: equal multisets share one object."""
    return Dice(counts)


EMPTY_DICE: Final = _dice((0, 0, 0, 0, 0, 0))


@functools.cache
def _probability(counts: tuple[int, ...]) -> Fraction:
    from fractions import Fraction  # with decimal, a few ms of import: loaded on first use

    n = sum(counts)
    ways = factorial(n)
    for c in counts:
        ways //= factorial(c)
    return Fraction(ways, 6**n)


@functools.cache
def all_rolls(n: int) -> tuple[Dice, ...]:
    """Every multiset of ``n`` dice, in a fixed order (C(n+5, 5) of them: 462 for six)."""

    def compositions(remaining: int, slots: int) -> Iterator[tuple[int, ...]]:
        if slots == 1:
            yield (remaining,)
            return
        for first in range(remaining, -1, -1):
            for rest in compositions(remaining - first, slots - 1):
                yield (first, *rest)

    return tuple(_dice(c) for c in compositions(n, 6))


@functools.lru_cache(maxsize=4096)
def sub_multisets(dice: Dice) -> tuple[Dice, ...]:
    """Every non-empty sub-multiset of ``dice``, in a fixed order."""
    result: list[tuple[int, ...]] = [()]
    for count in dice.counts:
        result = [prefix + (k,) for prefix in result for k in range(count + 1)]
    return tuple(_dice(c) for c in result if any(c))
