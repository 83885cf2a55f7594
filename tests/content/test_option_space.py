"""The option space of the content packs (issue 9, *Card uses*: "a new Effect hook declares each
effect's complete option space (its static superset) ... Never guess options from play ... the
conformance kit checks that an effect never offers an option it did not declare")."""

from __future__ import annotations

import pytest

from kingofny.content.base import manifest
from kingofny.effects import (
    CONTENT_API_VERSION,
    ContentPack,
    Context,
    Effect,
    MonsterSpec,
    option_space,
)
from kingofny.errors import PluginError
from kingofny.model.actions import UseCard
from kingofny.model.cards import CardKind, CardSpec
from kingofny.model.state import GameState
from kingofny.testing import ConformanceError, check_content_pack
from kingofny.testing.conformance import _card_bought
from tests.support import installed

BASE = option_space(("base",))
KEEP_CARDS = sorted(c.id for c in manifest().cards if c.kind is CardKind.KEEP)


def test_every_base_effect_with_options_declares_them() -> None:
    """The base cards that ask or offer (components §1; their effect modules' option tables)."""
    assert set(BASE) == {
        "base:artificial-heart",
        "base:carapace",
        "base:chameleon",
        "base:columbia-university",
        "base:hailing-cabs",
        "base:next-stage",
        "base:of-another-world",
        "base:photo-op",
        "base:scavenger",
        "base:stink-attack",
        "base:subway",
        "base:super-speed",
        "base:tesla-cannon",
        "base:universal-soldier",
        "curse",
        "web",
    }


def test_the_sizes_of_the_base_option_spaces() -> None:
    """Chameleon: discard only, or set one die from any face to any other (6 x 5), "at most 31
    options" (effects/dice.py); Stink Attack: each of 3 unit kinds to each of 5 boroughs, fresh
    or not, or done; Photo Op: a seat of up to 6 (seed 000, *Setup*); the cards naming a KEEP
    card: one option per KEEP card."""
    assert len(BASE["base:chameleon"]) == 31
    assert len(BASE["base:stink-attack"]) == 3 * 5 * 2 + 1
    assert BASE["base:photo-op"] == tuple(f"seat:{s}" for s in range(6))
    assert BASE["base:hailing-cabs"] == ("use", "skip")
    assert BASE["web"] == ("discard:token:web",)
    for card in ("base:tesla-cannon", "base:columbia-university"):
        assert BASE[card] == tuple(f"card:{c}" for c in KEEP_CARDS)
    assert BASE["base:scavenger"] == tuple(f"buy:card:{c}" for c in KEEP_CARDS)
    assert set(BASE["base:subway"]) == {
        "move:bronx",
        "move:brooklyn",
        "move:queens",
        "move:staten-island",
        "enter",
    }


def test_the_option_space_is_the_same_every_time() -> None:
    """Integer ids are numbered from it, so its order never depends on play or on dict order."""
    assert option_space(("base",)) == BASE
    assert list(BASE) == sorted(BASE)


class Pinger(Effect):
    """An ability offering an option it never declared."""

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        return ("ping",) if context is Context.DECISION else ()


class Declared(Pinger):
    """The same, declared."""

    def option_space(self, cards: object) -> tuple[str, ...]:
        return ("ping",)


class BadDeclaration(Effect):
    """A declaration that is not a tuple of distinct strings."""

    def option_space(self, cards: object) -> tuple[str, ...]:
        return ("ping", "ping")


def pack(ability: Effect) -> ContentPack:
    return ContentPack(
        name="ping",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("ping:pinger", "Pinger"),),
        effects={"ping:pinger": ability},
    )


def test_the_kit_refuses_an_option_its_effect_did_not_declare() -> None:
    """Issue 9: "the conformance kit checks that an effect never offers an option it did not
    declare"."""
    with pytest.raises(ConformanceError, match=r"ping:pinger offers 'ping'.*does not declare"):
        check_content_pack(pack(Pinger()), games=2, seed=1)
    report = check_content_pack(pack(Declared()), games=2, seed=1)
    assert report.games == 2


def test_a_declaration_that_is_not_distinct_strings_is_a_plugin_error() -> None:
    refusal = r"option_space of 'ping:pinger'"
    with installed(pack(BadDeclaration())), pytest.raises(PluginError, match=refusal):
        option_space(("base", "ping"))
    with pytest.raises(ConformanceError, match="PluginError"):
        check_content_pack(pack(BadDeclaration()), games=1, seed=1)


def test_the_kit_counts_a_card_scavenger_buys() -> None:
    """Defect (issue 7 review): the kit still looked for 0.1.0's ``buy-`` options, so a card
    bought from the discard pile with Scavenger was never counted as bought."""
    state = GameState.__new__(GameState)  # the market is not read for a card use
    assert _card_bought(state, UseCard("base:scavenger", "buy:card:base:stomp")) == "base:stomp"
    assert _card_bought(state, UseCard("base:chameleon", "discard:celebrity")) is None


def test_keep_cards_of_every_pack_in_play_join_the_spaces_naming_cards() -> None:
    """A plugin's KEEP card can be discarded to Tesla Cannon or bought with Scavenger: the spaces
    are built from the cards of every pack in play."""
    crown = CardSpec("ping:crown", "Crown", 4, CardKind.KEEP, "Nothing.")
    with_card = ContentPack(
        name="ping", version="1", api_version=CONTENT_API_VERSION, cards=(crown,)
    )
    with installed(with_card):
        space = option_space(("base", "ping"))
    assert "card:ping:crown" in space["base:tesla-cannon"]
    assert "buy:card:ping:crown" in space["base:scavenger"]
