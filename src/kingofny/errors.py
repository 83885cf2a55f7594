"""The error hierarchy of kingofny.

Every error the package raises on bad input derives from :class:`KingOfNYError`, so callers can
catch one type. Each subclass also derives from the matching built-in (``ValueError`` or
``LookupError``) where that helps code that does not know about kingofny.

Every error can be built from one message as well as from its own arguments, as frameworks do
when they re-raise an error with more context (Gymnasium's ``make`` raises
``type(error)(message)``): the structured attributes are read back from the message when it has
their shape. Every error pickles and copies with its message and attributes (errors cross
process boundaries in series and vector environments).
"""

from __future__ import annotations

from typing import Any, overload


def _rebuilt(cls: type[KingOfNYError], args: tuple[Any, ...]) -> KingOfNYError:
    """An unpickled error: created without calling its constructor (a subclass's may take other
    arguments); pickle then restores its attributes (``__setstate__``)."""
    error = cls.__new__(cls, *args)
    error.args = args
    return error


class KingOfNYError(Exception):
    """Base class of every error raised by kingofny."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by the message (``args``) and the attributes, whatever the constructor of the
        subclass takes."""
        return _rebuilt, (type(self), self.args), self.__dict__ or None


class IllegalActionError(KingOfNYError, ValueError):
    """An action or chance outcome that is not legal in the given state.

    The state passed to :func:`kingofny.apply` is left untouched; the message says why the action
    was refused.
    """


class ConfigError(KingOfNYError, ValueError):
    """A game configuration (monsters, player count, packs, seed) that cannot start a game."""


class ScenarioError(KingOfNYError, ValueError):
    """A scenario built with :mod:`kingofny.testing` that breaks an invariant of the game."""


def _located(error: Exception, where: str, message: str | None) -> tuple[str, str]:
    """Give ``error`` the message ``"WHERE: WHAT"``, from its two parts or whole (as frameworks
    rebuild an error); (where, what), where ``""`` if the whole message has no ``": "``."""
    if message is not None:
        Exception.__init__(error, f"{where}: {message}")
        return where, message
    Exception.__init__(error, where)
    found, sep, what = where.partition(": ")
    return (found, what) if sep else ("", where)


class SerializationError(KingOfNYError, ValueError):
    """JSON that cannot be read as a kingofny state or record.

    ``path`` is the JSON path of the first problem, for example ``$.state.monsters[2].life``.
    Built from one message ``"PATH: MESSAGE"``, it reads ``path`` back from it (``""`` if the
    message has no ``": "``).
    """

    @overload
    def __init__(self, message: str, /) -> None: ...

    @overload
    def __init__(self, path: str, message: str) -> None: ...

    def __init__(self, path: str, message: str | None = None) -> None:
        self.path, self.message = _located(self, path, message)


class SchemaVersionError(SerializationError):
    """JSON written with a schema version this release cannot read."""


class ResultsError(SerializationError):
    """A results file (:func:`kingofny.load_results`) that cannot be read: ``path`` is
    ``FILE:LINE`` and the JSON path of the first problem, for example
    ``results.jsonl:3 $.winners[0]``."""


class ReplayError(KingOfNYError, ValueError):
    """A game record whose events do not replay on the engine.

    ``index`` is the position of the first event that does not replay, or None when the record
    ends too early (an outcome the seed drew is missing).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class PluginError(KingOfNYError):
    """A content pack that cannot be loaded or registered."""


class PlayerError(KingOfNYError):
    """A player that raised or returned an illegal action under the runner's strict policy."""


class ArgumentError(KingOfNYError, ValueError, TypeError):
    """A value of the wrong type or out of range given to a kingofny constructor or function.

    ``field`` names the parameter or attribute at fault, for example ``"Reroll.keep"`` or
    ``"simulate(seed)"``. It derives from both ``ValueError`` and ``TypeError`` so that code
    catching either built-in keeps working. Built from one message ``"FIELD: MESSAGE"``, it reads
    ``field`` back from it (``""`` if the message has no ``": "``).
    """

    @overload
    def __init__(self, message: str, /) -> None: ...

    @overload
    def __init__(self, field: str, message: str) -> None: ...

    def __init__(self, field: str, message: str | None = None) -> None:
        self.field, self.message = _located(self, field, message)


class EffectError(PluginError):
    """A card's or monster's effect that raised, or returned something it must not, in play.

    The message names the pack, the card, the hook and the game step; the original exception,
    if any, is chained as ``__cause__``. Built from one message, ``pack``, ``card``, ``hook``
    and ``step`` are ``""`` (a pickled one keeps them).
    """

    @overload
    def __init__(self, message: str, /) -> None: ...

    @overload
    def __init__(self, pack: str, card: str, hook: str, step: str, message: str) -> None: ...

    def __init__(
        self,
        pack: str,
        card: str | None = None,
        hook: str | None = None,
        step: str | None = None,
        message: str | None = None,
    ) -> None:
        if card is None and hook is None and step is None and message is None:
            super().__init__(pack)
            pack, card, hook, step, message = "", "", "", "", pack
        elif card is None or hook is None or step is None or message is None:
            raise TypeError("EffectError takes one message, or pack, card, hook, step and message")
        else:
            super().__init__(
                f"effect of {card} (pack {pack!r}) failed in hook {hook} at step {step}: {message}"
            )
        self.pack = pack
        self.card = card
        self.hook = hook
        self.step = step
        self._message = message
