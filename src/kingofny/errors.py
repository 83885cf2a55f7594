"""The error hierarchy of kingofny.

Every error the package raises on bad input derives from :class:`KingOfNYError`, so callers can
catch one type. Each subclass also derives from the matching built-in (``ValueError`` or
``LookupError``) where that helps code that does not know about kingofny.
"""

from __future__ import annotations


class KingOfNYError(Exception):
    """Base class of every error raised by kingofny."""


class IllegalActionError(KingOfNYError, ValueError):
    """An action or chance outcome that is not legal in the given state.

    The state passed to :func:`kingofny.apply` is left untouched; the message says why the action
    was refused.
    """


class ConfigError(KingOfNYError, ValueError):
    """A game configuration (monsters, player count, packs, seed) that cannot start a game."""


class ScenarioError(KingOfNYError, ValueError):
    """A scenario built with :mod:`kingofny.testing` that breaks an invariant of the game."""


class SerializationError(KingOfNYError, ValueError):
    """JSON that cannot be read as a kingofny state or record.

    ``path`` is the JSON path of the first problem, for example ``$.state.monsters[2].life``.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (errors cross process boundaries in series)."""
        return type(self), (self.path, self.message)


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

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (errors cross process boundaries in series)."""
        return type(self), (str(self), self.index)


class PluginError(KingOfNYError):
    """A content pack that cannot be loaded or registered."""


class PlayerError(KingOfNYError):
    """A player that raised or returned an illegal action under the runner's strict policy."""


class ArgumentError(KingOfNYError, ValueError, TypeError):
    """A value of the wrong type or out of range given to a kingofny constructor or function.

    ``field`` names the parameter or attribute at fault, for example ``"Reroll.keep"`` or
    ``"simulate(seed)"``. It derives from both ``ValueError`` and ``TypeError`` so that code
    catching either built-in keeps working.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (errors cross process boundaries in series)."""
        return type(self), (self.field, self.message)


class EffectError(PluginError):
    """A card's or monster's effect that raised, or returned something it must not, in play.

    The message names the pack, the card, the hook and the game step; the original exception,
    if any, is chained as ``__cause__``.
    """

    def __init__(self, pack: str, card: str, hook: str, step: str, message: str) -> None:
        super().__init__(
            f"effect of {card} (pack {pack!r}) failed in hook {hook} at step {step}: {message}"
        )
        self.pack = pack
        self.card = card
        self.hook = hook
        self.step = step
        self._message = message

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (errors cross process boundaries in series)."""
        return type(self), (self.pack, self.card, self.hook, self.step, self._message)
