"""Player specs: the text that names a bot on the command line, such as ``heuristic``,
``mcts:ms=200``, ``mypkg.bots:MyBot`` or ``path/to/bot.py:MyBot:depth=3``.

A spec is a *target* and optional *options*:

- the target is a bundled kind (:data:`KINDS`), a class or factory in an importable module
  (``module.path:Name``), or one in a Python file (``some/file.py:Name``);
- options are ``key=value`` pairs after a colon, separated by commas; values that read as an
  int, a float, ``true``/``false`` or ``none`` become that, others stay strings. Numbers are
  written in ASCII digits (``١٢`` stays text), ints with at most :data:`MAX_INT_DIGITS` digits,
  and floats must be finite (``1e400`` is refused; ``nan`` and ``inf`` stay text).

:func:`player_factory` turns a spec into a factory ``factory(seed) -> Player``. The target is
called with the options as keyword arguments, plus ``seed=`` when its signature accepts one, so
``mcts:playouts=400`` makes ``MCTSPlayer(seed=seed, playouts=400)``. :func:`split_specs` splits a
comma-separated list of specs, where a ``key=value`` item continues the spec before it:
``mcts:ms=200,c=1.4,heuristic`` is two specs.

Loading a module or a file runs its code: specs name code the user chose to run, never data.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import inspect
import math
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from attrs import frozen

from kingofny.errors import ArgumentError
from kingofny.players.base import KINDS, OPTION_KINDS, Player

__all__ = [
    "HUMAN",
    "KINDS",
    "PlayerSpec",
    "SpecFactory",
    "parse_spec",
    "player_factory",
    "split_specs",
]

HUMAN = "human"
"""The seat kind of a person (at the keyboard, or at the table in companion mode): front ends
take it beside the bot specs; it is not a player :func:`player_factory` can make."""

OptionValue = int | float | bool | str | None
"""What an option's text becomes: see :func:`parse_spec`."""

_OPTION = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][+-]?[0-9]+)?")
MAX_INT_DIGITS = 4300
"""The most digits of an int option: Python's default limit on converting text to int."""


@frozen
class PlayerSpec:
    """A parsed player spec: ``target`` (a kind, ``module:Name`` or ``file.py:Name``) and its
    ``options`` as ``(key, value)`` pairs in the order written."""

    target: str
    options: tuple[tuple[str, OptionValue], ...] = ()

    @property
    def options_text(self) -> str:
        """The options as written in a spec, ``"ms=200,c=1.4"`` (empty without options)."""
        return ",".join(f"{key}={_show(value)}" for key, value in self.options)

    @property
    def text(self) -> str:
        """The spec written out again, as :func:`parse_spec` reads it."""
        return f"{self.target}:{self.options_text}" if self.options else self.target

    @property
    def label(self) -> str:
        """A short name for tables: the kind, or the class name, with the options."""
        name = self.target.rsplit(":", 1)[-1] if ":" in self.target else self.target
        if not self.options:
            return name
        return f"{name}:{self.options_text}"


def _show(value: OptionValue) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _cut(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short in the middle if longer than ``limit``."""
    shown = repr(text)
    return shown if len(shown) <= limit else f"{shown[: limit // 2]}...{shown[-limit // 2 :]}"


def _value(spec: str, key: str, text: str) -> OptionValue:
    """What the option ``key=text`` of ``spec`` holds (see :func:`parse_spec`)."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    if _INT.fullmatch(text):
        digits = len(text.lstrip("+-"))
        if digits <= MAX_INT_DIGITS:
            # ValueError: over the interpreter's own limit (sys.set_int_max_str_digits)
            with contextlib.suppress(ValueError):
                return int(text)
        raise ArgumentError(
            "player spec",
            f"{_cut(spec)}: option {key!r} is an int of {digits:,} digits, too long to read "
            f"(at most {MAX_INT_DIGITS:,})",
        )
    if _FLOAT.fullmatch(text):
        number = float(text)
        if not math.isfinite(number):
            raise ArgumentError(
                "player spec", f"{_cut(spec)}: option {key!r} is not a finite number: {_cut(text)}"
            )
        return number
    return text


def split_specs(text: str, option: str = "--players") -> list[str]:
    """Split a comma-separated list of specs; a ``key=value`` item belongs to the spec before.

    Raises :class:`~kingofny.errors.ArgumentError` (``field`` is ``option``) on an empty list, an
    empty item, or options before any spec.
    """
    if not text.replace(",", "").strip():
        raise ArgumentError(option, f"needs at least one name, got {text!r}")
    specs: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise ArgumentError(option, f"has an empty name in {text!r}")
        if _OPTION.match(item):
            if not specs:
                raise ArgumentError(option, f"starts with the option {item!r} before any player")
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def parse_spec(text: str) -> PlayerSpec:
    """Parse one spec (see the module's docstring).

    Raises :class:`~kingofny.errors.ArgumentError` for an empty target, an option without ``=``,
    a key given twice, an int too long to read or a float too large to be finite (the message
    names the option).
    """
    if not isinstance(text, str):
        raise ArgumentError("player spec", f"a player spec must be a str, got {text!r}")
    target, options = text.strip(), ""
    head, sep, tail = target.rpartition(":")
    if sep and "=" in tail:
        target, options = head, tail
    if not target or target.endswith(":") or target.startswith(":"):
        raise ArgumentError("player spec", f"{text!r} names no player")
    pairs: list[tuple[str, OptionValue]] = []
    for item in options.split(",") if options else ():
        key, eq, value = item.strip().partition("=")
        if not eq or not key.isidentifier():
            raise ArgumentError("player spec", f"{text!r}: option {item!r} is not key=value")
        if any(key == seen for seen, _ in pairs):
            raise ArgumentError("player spec", f"{text!r}: option {key!r} given twice")
        pairs.append((key, _value(text, key, value.strip())))
    if "=" in target:
        raise ArgumentError(
            "player spec", f"{text!r}: separate options with commas (kind:a=1,b=2), not colons"
        )
    if ":" not in target and target.lower() in KINDS:
        target = target.lower()
    return PlayerSpec(target, tuple(pairs))


def _load_file(path: Path, text: str) -> object:
    if not path.is_file():
        raise ArgumentError("player spec", f"{text!r}: no file {str(path)!r}")
    name = "kingofny_user_bot_" + re.sub(r"\W", "_", str(path.resolve()))
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ArgumentError("player spec", f"{text!r}: cannot load {str(path)!r}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickling by worker processes look it up
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return module


def _resolve(spec: PlayerSpec) -> Callable[..., object]:
    if ":" not in spec.target:
        where = KINDS.get(spec.target) or OPTION_KINDS.get(spec.target)
        if where is None:
            raise ArgumentError(
                "player spec",
                f"unknown player kind {spec.target!r}; choose from {', '.join(KINDS)}, "
                f"{', '.join(f'{k} or {k}:path=FILE' for k in OPTION_KINDS)}, "
                "or give module:Class or file.py:Class",
            )
    else:
        where = spec.target
    source, _, attribute = where.rpartition(":")
    module: object
    if source.endswith(".py"):
        module = _load_file(Path(source), spec.target)
    else:
        try:
            module = importlib.import_module(source)
        except ImportError as exc:
            raise ArgumentError(
                "player spec", f"{spec.target!r}: cannot import {source!r} ({exc})"
            ) from exc
    found: object = getattr(module, attribute, None)
    if not callable(found):
        raise ArgumentError(
            "player spec", f"{spec.target!r}: {source} has no class or function {attribute!r}"
        )
    return found


def _mistyped(target: Callable[..., object], options: Mapping[str, OptionValue]) -> str | None:
    """The first option whose value cannot stand for the parameter's default (an int where the
    default is an int or a float, a bool for a bool, text for text), described; None if all
    fit. Parameters without a default, or with None, take anything."""
    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return None
    for key, value in options.items():
        parameter = parameters.get(key)
        if parameter is None or parameter.default in (parameter.empty, None):
            continue
        default = parameter.default
        if isinstance(default, bool):
            fits = isinstance(value, bool)
        elif isinstance(default, (int, float)):
            fits = isinstance(value, (int, float)) and not isinstance(value, bool)
            fits = fits and (isinstance(default, float) or isinstance(value, int))
        elif isinstance(default, str):
            fits = isinstance(value, str)
        else:
            continue
        if not fits:
            return f"{key}={_show(value)} (expected {type(default).__name__}, like {default!r})"
    return None


def _accepts(target: Callable[..., object]) -> tuple[bool, bool, frozenset[str]]:
    """Whether ``target`` takes ``seed``, takes any keyword, and the keywords it names."""
    try:
        parameters = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return True, True, frozenset()
    names = frozenset(
        p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )
    anything = any(p.kind is p.VAR_KEYWORD for p in parameters)
    return "seed" in names or anything, anything, names


@frozen
class SpecFactory:
    """A factory ``factory(seed) -> Player`` made from a :class:`PlayerSpec` by
    :func:`player_factory`. It holds only the spec, so it can be sent to worker processes,
    which load the target again."""

    spec: PlayerSpec

    @property
    def label(self) -> str:
        """The spec's :attr:`PlayerSpec.label`."""
        return self.spec.label

    def target(self) -> Callable[..., object]:
        """The class or function the spec names, loaded (imported on first use)."""
        return _resolve(self.spec)

    def __call__(self, seed: int | None = None) -> Player:
        """A new player for one game, seeded with ``seed``."""
        target = self.target()
        takes_seed, _, _ = _accepts(target)
        options = dict(self.spec.options)
        made = target(seed=seed, **options) if takes_seed else target(**options)
        if not isinstance(made, Player):
            raise ArgumentError(
                "player spec", f"{self.label!r} made {type(made).__name__}, which has no choose()"
            )
        return made


def player_factory(spec: str | PlayerSpec) -> SpecFactory:
    """A factory ``factory(seed) -> Player`` for ``spec``, checked now rather than at the first
    game: the target is loaded, and its options are matched against its signature.

    Raises :class:`~kingofny.errors.ArgumentError` for an unknown kind, a module or file that
    does not load, a missing name, an option the target does not take (the message lists the
    ones it does), a non-finite float or an int of over :data:`MAX_INT_DIGITS` digits (only a
    :class:`PlayerSpec` built in Python can hold one), or a value of the wrong type. A bundled
    bot (:data:`KINDS`, also when named as ``module:Class``) is built once with seed 0, so an
    option its constructor refuses (such as ``mcts:ms=0``) is refused here too, before any game.
    """
    parsed = spec if isinstance(spec, PlayerSpec) else parse_spec(spec)
    for key, value in parsed.options:  # what parse_spec refuses, in a PlayerSpec built in Python
        if isinstance(value, float) and not math.isfinite(value):
            raise ArgumentError(
                "player spec", f"{parsed.target!r}: option {key!r} is not a finite number: {value}"
            )
        if isinstance(value, int) and abs(value) >= 10**MAX_INT_DIGITS:
            raise ArgumentError(
                "player spec",
                f"{parsed.target!r}: option {key!r} is an int of over {MAX_INT_DIGITS:,} digits",
            )
    target = _resolve(parsed)
    _, takes_any, names = _accepts(target)
    unknown = sorted(set(dict(parsed.options)) - names) if not takes_any else []
    if "seed" in dict(parsed.options):
        unknown = ["seed"]
    if unknown:
        allowed = ", ".join(sorted(names - {"seed", "self"})) or "none"
        raise ArgumentError(
            "player spec",
            f"{parsed.label!r} takes no option {unknown[0]!r} (options: {allowed}; "
            "each game's seed is drawn from the series seed)",
        )
    mistyped = _mistyped(target, dict(parsed.options))
    if mistyped is not None:
        raise ArgumentError("player spec", f"{parsed.label!r}: bad value {mistyped}")
    factory = SpecFactory(parsed)
    if _bundled(target):
        try:  # cheap for the bundled bots, whose constructors check every option's value
            factory(0)
        except ArgumentError as exc:
            raise ArgumentError("player spec", f"{_cut(parsed.label)}: {exc}") from None
    return factory


def _bundled(target: Callable[..., object]) -> bool:
    """Whether ``target`` is one of the bundled bots (:data:`KINDS`), however it was named."""
    name = f"{getattr(target, '__module__', '')}:{getattr(target, '__qualname__', '')}"
    return name in KINDS.values() or name in OPTION_KINDS.values()
