"""Tests of the base game's power-card data (``kingofny.content.base.cards``).

Expected values are transcribed by hand from ``research/components.md`` and the seed rulebook, not
generated from the code under test.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from kingofny.content.base import cards as base_cards
from kingofny.content.base.cards import BASE_PACK, CARDS, CARDS_BY_ID
from kingofny.model.cards import BuyCondition, CardKind, CardSpec
from kingofny.model.city import Borough
from kingofny.model.triggers import Trigger

BY_NAME: dict[str, CardSpec] = {card.name: card for card in CARDS}

# components.md §1, the "Published name" column, in table order.
TABLE_NAMES = (
    "Air Force One",
    "Antimatter Pellets",
    "Artificial Heart",
    "Broadway Star",
    "Brooklyn Bridge",
    "Bulletproof",
    "Can Opener",
    "Carapace",
    "Central Park",
    "Chameleon",
    "Chinatown Regular",
    "Climb the Empire State Building",
    "Columbia University",
    "Coney Island",
    "Curse",
    "Diva",
    "Drain",
    "Drink the Hudson",
    "Ego Trip",
    "Extra Head",
    "Fireball",
    "Flatiron Building",
    "Fury",
    "General Ellis",
    "Hailing Cabs",
    "Holland Tunnel",
    "Hunter",
    "I ♥ NY Tourist",
    "Jinx Aura",
    "King of Queens",
    "Leveler",
    "Long Neck",
    "Natural Selection",
    "New York Marathon",
    "Next Stage",
    "Of Another World",
    "Overload",
    "Painbow",
    "Personal Spotlight",
    "Phoenix Blood",
    "Photo Op",
    "Power Substation",
    "Power Tap",
    "Regeneration",
    "Scavenger",
    "Seismic Ray",
    "Shadow Double",
    "Sharp Shooter",
    "Stink Attack",
    "Stomp",
    "Subterranean Cable",
    "Subway",
    "Super Speed",
    "Terminal Rage",
    "Tesla Antennae",
    "Tesla Cannon",
    "The Unisphere",
    "Towering Titan",
    "Trash Thrower",
    "Trophy Hunter",
    "Universal Soldier",
    "Violent Star",
    "Webspinner",
    "Yankee Stadium",
)


def names_with(trigger: Trigger) -> set[str]:
    """The names of the cards whose triggers include ``trigger``."""
    return {card.name for card in CARDS if trigger in card.triggers}


def test_there_are_64_cards() -> None:
    """components.md §1: the base game has 64 power cards, one copy each."""
    assert len(CARDS) == 64
    assert len({card.name for card in CARDS}) == 64


def test_keep_and_discard_totals() -> None:
    """components.md §1, *Totals*: 46 KEEP and 18 DISCARD."""
    counts = Counter(card.kind for card in CARDS)
    assert counts[CardKind.KEEP] == 46
    assert counts[CardKind.DISCARD] == 18


def test_names_in_table_order() -> None:
    """components.md §1: the published names, in the order of the card table."""
    assert tuple(card.name for card in CARDS) == TABLE_NAMES


def test_ids_are_unique_and_namespaced() -> None:
    """model/cards.py ``CardSpec.id``: ids are namespaced by pack, e.g. ``base:tesla-cannon``."""
    ids = [card.id for card in CARDS]
    assert len(set(ids)) == len(ids)
    assert BASE_PACK == "base"
    for card_id in ids:
        assert card_id.startswith("base:")
        assert re.fullmatch(r"base:[a-z0-9]+(-[a-z0-9]+)*", card_id), card_id


@pytest.mark.parametrize(
    ("card_id", "name"),
    [
        ("base:tesla-cannon", "Tesla Cannon"),
        ("base:i-love-ny-tourist", "I ♥ NY Tourist"),
        ("base:climb-the-empire-state-building", "Climb the Empire State Building"),
        ("base:power-tap", "Power Tap"),
        ("base:bulletproof", "Bulletproof"),
        ("base:drink-the-hudson", "Drink the Hudson"),
        ("base:the-unisphere", "The Unisphere"),
    ],
)
def test_published_names_and_ids(card_id: str, name: str) -> None:
    """components.md §1 and §6.2: the published names chosen for the cards whose spelling varies
    (Tesla Cannon, Power Tap, I ♥ NY Tourist, Bulletproof), with their kebab-case ids."""
    assert CARDS_BY_ID[card_id].name == name


def test_cards_by_id_matches_cards() -> None:
    """model/cards.py: ``CARDS_BY_ID`` indexes exactly the cards of ``CARDS`` by id."""
    assert list(CARDS_BY_ID) == [card.id for card in CARDS]
    for card in CARDS:
        assert CARDS_BY_ID[card.id] is card


def test_discard_cards_by_cost() -> None:
    """components.md §1, *Cost summary*: the 18 DISCARD cards, by cost."""
    expected = {
        0: {"Subterranean Cable"},
        3: {"Flatiron Building"},
        4: {"Coney Island", "Next Stage", "Photo Op"},
        5: {"Central Park", "General Ellis", "Power Substation", "Tesla Cannon", "The Unisphere"},
        6: {"Air Force One", "Brooklyn Bridge", "Columbia University", "New York Marathon"},
        9: {"Holland Tunnel", "Yankee Stadium"},
        10: {"Subway"},
        12: {"Drink the Hudson"},
    }
    actual: dict[int, set[str]] = {}
    for card in CARDS:
        if card.kind is CardKind.DISCARD:
            actual.setdefault(card.cost, set()).add(card.name)
    assert actual == expected


def test_borough_discounts() -> None:
    """components.md §1, *Cards with a borough discount* (all DISCARD); Drink the Hudson has
    three boroughs (Manhattan, Brooklyn or Staten Island)."""
    expected = {
        "Brooklyn Bridge": {Borough.BROOKLYN},
        "Coney Island": {Borough.BROOKLYN},
        "Central Park": {Borough.MANHATTAN},
        "Columbia University": {Borough.MANHATTAN},
        "Flatiron Building": {Borough.MANHATTAN},
        "Holland Tunnel": {Borough.MANHATTAN},
        "The Unisphere": {Borough.QUEENS},
        "Yankee Stadium": {Borough.BRONX},
        "Drink the Hudson": {Borough.MANHATTAN, Borough.BROOKLYN, Borough.STATEN_ISLAND},
    }
    actual = {card.name: set(card.discount_boroughs) for card in CARDS if card.discount_boroughs}
    assert actual == expected
    for name in expected:
        assert BY_NAME[name].kind is CardKind.DISCARD


def test_conditional_cards() -> None:
    """components.md §1, *Cards that can be bought only under a condition*: Air Force One (a Jet
    destroyed this turn) and General Ellis (a Tank destroyed this turn); no other card."""
    conditions = {
        card.name: card.buy_condition
        for card in CARDS
        if card.buy_condition is not BuyCondition.NONE
    }
    assert conditions == {
        "Air Force One": BuyCondition.DESTROYED_JET,
        "General Ellis": BuyCondition.DESTROYED_TANK,
    }


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Antimatter Pellets", 4),
        ("Broadway Star", 5),
        ("Carapace", 3),
        ("Extra Head", 7),
        ("Natural Selection", 2),
        ("Of Another World", 6),
        ("Overload", 0),
        ("Scavenger", 3),
        ("Shadow Double", 12),
        ("Towering Titan", 10),
        ("I ♥ NY Tourist", 6),
        ("Webspinner", 6),
        ("Ego Trip", 3),
        ("Hunter", 5),
    ],
)
def test_keep_card_costs(name: str, cost: int) -> None:
    """components.md §1, *Cost* and *Type* columns: spot-check of KEEP card costs."""
    card = BY_NAME[name]
    assert card.kind is CardKind.KEEP
    assert card.cost == cost


def test_costs_are_not_negative() -> None:
    """components.md §1: printed costs run from 0 (Overload, Subterranean Cable) to 12."""
    assert all(0 <= card.cost <= 12 for card in CARDS)


def test_every_card_has_a_trigger() -> None:
    """effects/triggers.py: each card declares the trigger points its effect uses; every card has
    an effect, so none has an empty set."""
    for card in CARDS:
        assert card.triggers, card.name


def test_discounted_and_conditional_cards_use_market() -> None:
    """components.md §1 and rulings §12: borough discounts and buy conditions act on what may be
    bought and at what price, which is ``Trigger.MARKET``."""
    for card in CARDS:
        if card.discount_boroughs or card.buy_condition is not BuyCondition.NONE:
            assert Trigger.MARKET in card.triggers, card.name


def test_discard_cards_act_when_bought() -> None:
    """components.md §1, *Wording conventions*: a DISCARD card's effect happens when it is
    bought, so every DISCARD card uses ``Trigger.ON_BUY``."""
    for card in CARDS:
        if card.kind is CardKind.DISCARD:
            assert Trigger.ON_BUY in card.triggers, card.name


def test_keep_cards_with_when_bought_effects() -> None:
    """components.md §1, *Cards with "when you buy this card" effects* (Overload, Natural
    Selection, Terminal Rage), plus I ♥ NY Tourist's first Souvenir (rulings §16)."""
    keep_on_buy = {
        card.name
        for card in CARDS
        if card.kind is CardKind.KEEP and Trigger.ON_BUY in card.triggers
    }
    assert keep_on_buy == {"Overload", "Natural Selection", "Terminal Rage", "I ♥ NY Tourist"}


def test_token_cards() -> None:
    """components.md §1 *Tokens* column and §4.2: only Carapace, Curse, I ♥ NY Tourist and
    Webspinner use tokens; Jinx Aura uses none."""
    assert names_with(Trigger.TOKENS) == {"Carapace", "Curse", "I ♥ NY Tourist", "Webspinner"}


def test_extra_dice_cards() -> None:
    """rulings §13: in the base game only Extra Head and Natural Selection grant extra dice."""
    assert names_with(Trigger.DICE_COUNT) == {"Extra Head", "Natural Selection"}


def test_superstar_cards() -> None:
    """components.md §2, *Cards that interact* with Superstar, and rulings §10: Diva, Ego Trip,
    Broadway Star and Violent Star act on Superstar changing hands."""
    assert names_with(Trigger.GOAL_CHANGE) == {
        "Broadway Star",
        "Diva",
        "Ego Trip",
        "Violent Star",
    }


def test_extra_turn_cards() -> None:
    """rulings §16: Climb the Empire State Building, Subway and Terminal Rage give extra turns."""
    assert names_with(Trigger.EXTRA_TURN) == {
        "Climb the Empire State Building",
        "Subway",
        "Terminal Rage",
    }


def test_only_painbow_wins() -> None:
    """rulings Corrections C3: a card that says "you win the game" (Painbow) ends the game."""
    assert names_with(Trigger.WIN) == {"Painbow"}


def test_goal_cards_are_not_power_cards() -> None:
    """components.md §2: Superstar and the Statue of Liberty are not in the deck."""
    names = {card.name for card in CARDS}
    assert "Superstar" not in names
    assert "Statue of Liberty" not in names


def test_rulebook_example_cards() -> None:
    """seed 000 (``shared/seeds/000_6ac5923a7449d639.txt``), *Card Description*: the example
    cards are Chameleon (cost 4, KEEP) and "Tesla Canon" (cost 5, DISCARD)."""
    chameleon = CARDS_BY_ID["base:chameleon"]
    assert (chameleon.name, chameleon.cost, chameleon.kind) == ("Chameleon", 4, CardKind.KEEP)
    tesla = CARDS_BY_ID["base:tesla-cannon"]
    assert (tesla.name, tesla.cost, tesla.kind) == ("Tesla Cannon", 5, CardKind.DISCARD)
    assert "Tesla Canon" in tesla.aliases


@pytest.mark.parametrize(
    ("name", "alias"),
    [
        ("Tesla Cannon", "Tesla Canon"),
        ("Power Tap", "Power Trap"),
        ("I ♥ NY Tourist", "Tourist"),
        ("I ♥ NY Tourist", "I LOVE NY TOURIST"),
        ("Bulletproof", "Bullet Proof"),
        ("Hailing Cabs", "Hailing Cars"),
        ("Holland Tunnel", "Hotland Tunnel"),
        ("Phoenix Blood", "Pheonix Blood"),
    ],
)
def test_variant_spellings(name: str, alias: str) -> None:
    """components.md §1, *Variant spellings seen* column."""
    assert alias in BY_NAME[name].aliases


def test_aliases_do_not_clash() -> None:
    """components.md §1: an alias is another spelling of its own card only; it is never exactly
    the published name, and no alias matches another card's name or alias, ignoring case."""
    owner: dict[str, str] = {card.name.casefold(): card.name for card in CARDS}
    for card in CARDS:
        assert card.name not in card.aliases
        assert len(set(card.aliases)) == len(card.aliases)
        for alias in card.aliases:
            key = alias.casefold()
            assert owner.setdefault(key, card.name) == card.name, alias


def test_texts_are_present() -> None:
    """model/cards.py ``CardSpec.text``: every card carries a paraphrase of its effect."""
    for card in CARDS:
        assert card.text.strip(), card.name
        assert card.text == card.text.strip()


def _trigger_table() -> list[tuple[str, set[str]]]:
    """The (card name, trigger names) rows of the trigger table in the module docstring."""
    doc = base_cards.__doc__
    assert doc is not None
    rows: list[tuple[str, set[str]]] = []
    lines = doc.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("   * - "):
            name = line.removeprefix("   * - ").strip()
            triggers_line = lines[index + 1]
            assert triggers_line.startswith("     - "), triggers_line
            rows.append((name, set(re.findall(r"``([A-Z_]+)``", triggers_line))))
    assert rows[0][0] == "Card"
    return rows[1:]


def test_trigger_table_matches_data() -> None:
    """cards.py module docstring (the trigger table, a deliverable for the effects issue): one row
    per card in table order, listing exactly the card's ``triggers``."""
    rows = _trigger_table()
    assert [name for name, _ in rows] == list(TABLE_NAMES)
    for (name, trigger_names), card in zip(rows, CARDS, strict=True):
        assert trigger_names == {trigger.name for trigger in card.triggers}, name
