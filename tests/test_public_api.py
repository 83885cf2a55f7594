"""The public API an outsider needs (issue 7 §6, §7): the names of ``kingofny.__all__`` and
``kingofny.effects.__all__``, what a state waits for, the card lookup and prices, and the one
naming style of card options. Each test names the defect it guards against."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import kingofny as k
import kingofny.effects as fx
from kingofny._engine.core import DECISIONS
from kingofny.model.pending import STEP_KINDS, PendingKind
from kingofny.model.steps import STEP_TYPES, CardChoice, CardRoll, RollOff
from kingofny.testing import Scenario, play, play_if_offered, resolve, roll

SRC = Path(k.__file__).parent
BASE_EFFECTS = SRC / "content" / "base" / "effects"
EXAMPLE_PACK = SRC.parents[1] / "examples" / "kingofny-example-pack" / "src"


# -- the names ---------------------------------------------------------------------------------


def test_use_card_and_pass_are_public() -> None:
    """Defect: outsiders had to import UseCard and Pass from kingofny.model.actions (DESIGN
    Contract 1: ``import kingofny`` gives the whole stable API)."""
    from kingofny.model.actions import Pass, UseCard

    assert k.UseCard is UseCard
    assert k.Pass is Pass
    assert {"UseCard", "Pass"} <= set(k.__all__)


@pytest.mark.parametrize("module", [k, fx], ids=["kingofny", "kingofny.effects"])
def test_every_listed_name_exists_once(module: object) -> None:
    """Defect guarded: a name listed in ``__all__`` that is missing or listed twice (the lists
    are grouped by topic, not sorted, so nothing else catches a duplicate)."""
    names = list(module.__all__)  # type: ignore[attr-defined]
    assert len(names) == len(set(names))
    assert [n for n in names if not hasattr(module, n)] == []


def test_the_new_public_names_are_listed() -> None:
    """Issue 7 §6: waiting_for, Pending, PendingKind, find_card, find_monster and card_price
    are part of the stable API."""
    assert {"waiting_for", "Pending", "PendingKind", "find_card", "find_monster", "card_price"} <= (
        set(k.__all__)
    )


def _kingofny_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("kingofny")
    }


@pytest.mark.parametrize(
    "path",
    [*sorted(BASE_EFFECTS.glob("*.py")), EXAMPLE_PACK / "kingofny_example_pack" / "__init__.py"],
    ids=lambda p: p.name if p.name != "__init__.py" else p.parent.name,
)
def test_cards_are_written_with_the_one_effects_import(path: Path) -> None:
    """DESIGN *Effects*: "the base cards use only the public API"; issue 7 §7: plugin authors
    get one import, ``kingofny.effects``, so the base effects and the example pack import
    nothing else of kingofny (but their own modules)."""
    if not path.exists():
        pytest.skip("the example pack is not in this checkout")
    own = "kingofny.content.base.effects"
    others = {m for m in _kingofny_imports(path) if m != own and not m.startswith(own + ".")}
    assert others <= {"kingofny.effects"}


# -- what a state waits for --------------------------------------------------------------------


def test_every_step_type_has_a_kind() -> None:
    """Issue 7 §6: the description covers every step type; decisions and chance steps each get
    their own kind, internal steps INTERNAL."""
    assert set(STEP_KINDS) == set(STEP_TYPES)
    for step_type in DECISIONS:
        assert STEP_KINDS[step_type] is not PendingKind.INTERNAL


def flee_scenario() -> Scenario:
    return (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="lower")
        .turn("kong", at="resolve", dice="AAEEHC")
    )


def test_choosing_a_face_and_fleeing_differ_though_the_phase_is_the_same() -> None:
    """Defect: ``phase`` is RESOLVE both while choosing a face and while deciding to flee
    (seed 000, *Attack*: the attacked Manhattan monster may yield), so bots could not tell them
    apart without private step classes."""
    state = flee_scenario().build()
    face = k.waiting_for(state)
    assert face == k.Pending(k.PendingKind.RESOLVE, 0)
    state = play(state, resolve("A"))
    flee = state.waiting_for
    assert flee == k.Pending(k.PendingKind.FLEE, 1)
    assert flee is not None
    assert flee.is_decision
    assert not flee.is_chance
    assert state.phase is k.Phase.RESOLVE is flee_scenario().build().phase
    assert str(flee) == "flee seat 1"


def test_chance_nodes_name_who_rolls() -> None:
    """DESIGN Contract 5: every random event is a chance node; the description says who rolls
    (the turn's monster for its dice, the contender for the roll-off, nobody for a reveal)."""
    state = k.new_game(["kong", "mantis"])
    assert k.waiting_for(state) == k.Pending(k.PendingKind.TILE_REVEAL, None, is_chance=True)
    while not isinstance(state.next_step, RollOff):
        state = k.apply(state, k.chance_outcomes(state)[0][0])
    assert k.waiting_for(state) == k.Pending(k.PendingKind.ROLL_OFF, 0, is_chance=True)
    state = k.apply(state, roll("EEEEEEEE"))
    assert k.waiting_for(state) == k.Pending(k.PendingKind.ROLL_OFF, 1, is_chance=True)
    start = Scenario(["kong", "mantis"]).turn("mantis").build()
    assert k.waiting_for(start) == k.Pending(k.PendingKind.DICE_ROLL, 1, is_chance=True)


def test_card_questions_and_rolls_name_their_card_plugins_included() -> None:
    """Issue 7 §6: a card's question or roll, from any pack, is described with its card and its
    decider or roller (DESIGN *Effects*: a card that needs a choice adds a step)."""
    state = Scenario(["kong", "mantis"]).turn("kong", at="buy").build()
    asked = fx.evolve(state, agenda=(*state.agenda, CardChoice(1, "example:quiz", ("a", "b"))))
    assert k.waiting_for(asked) == k.Pending(k.PendingKind.CARD_QUESTION, 1, "example:quiz")
    rolled = fx.evolve(state, agenda=(*state.agenda, CardRoll("example:dice", 1, 2)))
    assert k.waiting_for(rolled) == k.Pending(
        k.PendingKind.CARD_ROLL, 1, "example:dice", is_chance=True
    )


def test_nothing_is_waited_for_once_the_game_is_over() -> None:
    """Defect guarded: a description of a finished game (DESIGN Contract 3: the game over has no
    legal action)."""
    state = Scenario(["kong", "mantis"]).monster("kong", vp=20).turn("kong", at="end").build()
    assert state.is_terminal
    assert k.waiting_for(state) is None


# -- the card lookup and prices ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["base:tesla-cannon", "tesla-cannon", "Tesla Cannon", "TESLA_CANNON", "BASE:Tesla-Cannon"],
)
def test_find_card_is_forgiving_about_namespace_and_case(name: str) -> None:
    """Issue 7 §6: a card's spec by id or name, with or without ``base:``, in any case."""
    assert k.find_card(name).id == "base:tesla-cannon"


def test_find_card_accepts_printed_aliases() -> None:
    """research/components.md §1 lists "Tesla Canon" as a spelling of Tesla Cannon
    (CardSpec.aliases)."""
    assert k.find_card("Tesla Canon").id == "base:tesla-cannon"


def test_find_card_unknown_name_is_a_typed_error_with_suggestions() -> None:
    """Issue 7 §6: a clear typed error on an unknown card (kingofny.errors.ArgumentError)."""
    with pytest.raises(k.ArgumentError, match=r"unknown card 'tesla-canon-x'.*tesla-cannon"):
        k.find_card("tesla-canon-x")
    with pytest.raises(k.ArgumentError, match="card names are strings"):
        k.find_card(7)  # type: ignore[arg-type]
    with pytest.raises(k.ArgumentError, match="unknown monster"):
        k.find_monster("godzilla")
    assert k.find_monster("Captain Fish").id == "base:captain-fish"


@pytest.mark.parametrize(("borough", "price"), [("brooklyn", 11), ("queens", 12)])
def test_card_price_has_the_borough_discount(borough: str, price: int) -> None:
    """seed 000 *Card Clarifications*: some cards cost 1 Energy less in some boroughs (Drink the
    Hudson: Manhattan, Brooklyn, Staten Island); the price is what the Buy step charges."""
    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough=borough, energy=12)
        .market(["drink-the-hudson", None, None])
        .turn("kong", at="buy")
        .build()
    )
    assert k.card_price(state, 0, "Drink the Hudson") == price
    after = play(state, k.Buy(0))
    gained = 13  # Drink the Hudson gives +13 Energy when bought
    assert after.monsters[0].energy == 12 - price + gained


def test_card_price_refuses_a_bad_seat() -> None:
    """Bad input gets a typed error (DESIGN Contract 3)."""
    state = Scenario(["kong", "mantis"]).build()
    with pytest.raises(k.ArgumentError, match="no seat 2"):
        k.card_price(state, 2, "stomp")


# -- card options: one naming style ----------------------------------------------------------

OPTION = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*(:[a-z0-9]+(-[a-z0-9]+)*)*")


def test_option_builds_the_documented_style() -> None:
    """docs concepts *Card options*: a word, then ``:``-separated arguments; enums by name, a
    card id whole and last."""
    assert fx.option("convert", k.Face.HEAL, k.Face.ENERGY) == "convert:heal:energy"
    assert fx.option("seat", 1) == "seat:1"
    assert fx.option("move", k.Borough.STATEN_ISLAND) == "move:staten-island"
    assert fx.option("card", "base:tesla-cannon") == "card:base:tesla-cannon"
    for bad in (("Heal",), ("seat", True), ("card", "base:x", "more"), (), ("a b",)):
        with pytest.raises(k.ArgumentError):
            fx.option(*bad)


def test_options_offered_in_random_games_follow_the_style() -> None:
    """Defect: options mixed ``heal-2``, ``seat-1``, ``C:E>O``, bare card ids and token kinds;
    every UseCard option offered in play must match the documented grammar. Random games with a
    rich market of option cards exercise them."""
    rng = random.Random(7)
    seen: set[str] = set()
    for seed in range(12):
        state = k.new_game(4, seed=seed)
        for _ in range(3000):
            if state.is_terminal:
                break
            legal = k.legal_actions(state)
            for action in legal:
                if isinstance(action, k.UseCard):
                    assert OPTION.fullmatch(action.option), action
                    seen.add(action.option.partition(":")[0])
            state = k.apply(state, rng.choice(legal))
    assert seen, "no card option was offered at all"


@pytest.mark.parametrize(
    ("cards", "dice", "option"),
    [
        (["artificial-heart"], "HEEAAA", "convert:heal:energy"),
        (["chameleon"], "CEEAAA", "discard:celebrity"),
        (["chameleon"], "CEEAAA", "convert:energy:ouch"),
    ],
)
def test_base_conversions_use_the_style(cards: list[str], dice: str, option: str) -> None:
    """docs concepts *Card options* table: the conversion options of the base cards (rulings
    §2, §7)."""
    state = Scenario(["kong", "mantis"]).monster("kong", cards=cards).build()
    state = play(state, roll(dice), k.StopRolling())
    card = k.find_card(cards[0]).id
    assert k.UseCard(card, option) in k.legal_actions(state)


# -- forced moves ------------------------------------------------------------------------------


def test_play_if_offered_applies_an_offered_move() -> None:
    """docs concepts *Forced moves*: an offered move is applied, and reported as not forced."""
    state = flee_scenario().build()
    after, forced = play_if_offered(state, resolve("A"))
    assert not forced
    assert after == k.apply(state, resolve("A"))


def test_play_if_offered_reports_a_forced_move() -> None:
    """docs concepts *Forced moves*: a decision with a single legal action is taken
    automatically (engine/core.py ``advance``): applying it would be refused, the helper reports
    it instead and leaves the state alone."""
    state = Scenario(["kong", "mantis"]).turn("kong", at="reroll", dice="EEEEEE").build()
    state = k.apply(state, k.StopRolling())  # a single face type: Energy resolves by itself
    assert state.monsters[0].energy == 6
    with pytest.raises(k.IllegalActionError, match="not legal"):
        k.apply(state, resolve("E"))
    same, forced = play_if_offered(state, resolve("E"))
    assert forced
    assert same is state


def test_play_if_offered_never_forces_chance() -> None:
    """DESIGN Contract 5: chance is explicit, never taken for the caller; a wrong outcome is
    refused with a typed error."""
    state = Scenario(["kong", "mantis"]).build()
    assert state.is_chance
    with pytest.raises(k.IllegalActionError, match=r"^expected 6 dice, got 7 \(EEEEEEE\)$"):
        play_if_offered(state, roll("EEEEEEE"))
    with pytest.raises(k.IllegalActionError, match="chance outcome"):
        play_if_offered(state, k.StopRolling())
    after, forced = play_if_offered(state, roll("EEEEEE"))
    assert not forced
    assert not after.is_chance
