"""Issue 23 §1: every kingofny error survives being rebuilt from its message (as frameworks
re-raise it: Gymnasium's ``make`` raises ``type(error)(message)``) and being pickled."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import kingofny as k
from kingofny import errors

EXAMPLES: list[Any] = [
    k.KingOfNYError("something failed"),
    k.IllegalActionError("id 3 is not legal now"),
    k.ConfigError("King of New York is for 2 to 6 monsters, got 7"),
    k.ScenarioError("a monster with 13 life"),
    k.SerializationError("$.state.monsters[2].life", "expected an int"),
    k.SchemaVersionError("$.schema_version", "9 is newer than this release reads"),
    k.ResultsError("results.jsonl:3 $.winners[0]", "expected a seat"),
    k.ReplayError("event 4 does not replay", 4),
    k.PluginError("pack 'x' failed to load"),
    k.PlayerError("seat 1's player raised"),
    k.ArgumentError("Reroll.keep", "expected dice"),
    k.EffectError("fx", "fx:glitch", "on_turn_start", "start-turn (turn 2, seat 1's turn)", "boom"),
]
"""One of each error class, built from its structured arguments."""

ATTRIBUTES = {
    k.SerializationError: ("path", "message"),
    k.ReplayError: ("index",),
    k.ArgumentError: ("field", "message"),
    k.EffectError: ("pack", "card", "hook", "step"),
}


def _attributes(error: Any) -> dict[str, object]:
    for cls, names in ATTRIBUTES.items():
        if isinstance(error, cls):
            return {name: getattr(error, name) for name in names}
    return {}


def test_the_examples_cover_every_error_class_of_the_package() -> None:
    """Issue 23 §1: "Every kingofny error class (errors.py)"."""
    classes = {
        cls
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, k.KingOfNYError)
    }
    assert classes == {type(error) for error in EXAMPLES}


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda e: type(e).__name__)
def test_every_error_is_built_from_one_message_keeping_its_attributes(error: Any) -> None:
    """Issue 23 §1: ``type(e)(message)`` works for every class, and reads the structured
    attributes back from a message of the shape the class writes."""
    again = type(error)(str(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    attributes = _attributes(error)
    if isinstance(error, k.ReplayError):
        attributes["index"] = None  # the message does not say it
    if isinstance(error, k.EffectError):  # nor, parsably, where the effect failed
        attributes.update(pack="", card="", hook="", step="")
    assert _attributes(again) == attributes


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda e: type(e).__name__)
def test_a_message_with_more_context_still_builds_the_error(error: Any) -> None:
    """Issue 23 §1: the message Gymnasium writes (the error's, then "was raised from ...")
    builds the same class, its attributes read from the front of the message."""
    message = f"{error} was raised from the environment creator for x with kwargs ({{}})"
    again: Any = type(error)(message)
    assert str(again) == message
    if isinstance(error, k.ArgumentError):
        assert again.field == error.field
    if isinstance(error, k.SerializationError):
        assert again.path == error.path


def test_a_message_without_the_shape_leaves_the_attributes_empty() -> None:
    """Issue 23 §1: the attributes are kept "when it can"; otherwise they are empty strings
    and the message is whole."""
    argument = k.ArgumentError("no colon here")
    assert (argument.field, argument.message, str(argument)) == (
        "",
        "no colon here",
        "no colon here",
    )
    effect = k.EffectError("a plain message")
    assert (effect.pack, effect.card, effect.hook, effect.step) == ("", "", "", "")
    assert str(effect) == "a plain message"
    with pytest.raises(TypeError, match="one message"):
        k.EffectError("fx", "fx:glitch")  # type: ignore[call-overload]


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("one_message", [False, True])
def test_every_error_round_trips_through_pickle_and_copy(error: Any, one_message: bool) -> None:
    """Issue 23 §1: pickle and deepcopy keep the class, the message, the attributes and the
    notes, whether the error was built from its arguments or from one message."""
    if one_message:
        error = type(error)(str(error))
    error.__notes__ = ["while testing"]  # what add_note (Python 3.11) sets
    for back in (pickle.loads(pickle.dumps(error)), copy.deepcopy(error), copy.copy(error)):
        assert type(back) is type(error)
        assert str(back) == str(error)
        assert back.args == error.args
        assert _attributes(back) == _attributes(error)
        assert back.__notes__ == ["while testing"]


def test_a_subclass_with_its_own_constructor_pickles() -> None:
    """Issue 23 §1: pickling does not call the constructor again, so a subclass taking other
    arguments (as the engine's hook error does) round-trips too."""

    class Custom(k.EffectError):
        def __init__(self, pack: str, extra: int) -> None:
            super().__init__(pack, "c", "h", "s", "m")
            self.extra = extra

    error = Custom("fx", 7)
    back = copy.deepcopy(error)
    assert (type(back), back.extra, back.pack, str(back)) == (Custom, 7, "fx", str(error))
