"""The conformance kit: it tests the manifest it is given, reports failing effects, and
exercises every card of the pack (issue 7 §5)."""

from __future__ import annotations

import attrs
import pytest

from kingofny import _registry as registry
from kingofny.content.base import manifest
from kingofny.effects import CONTENT_API_VERSION, ContentPack
from kingofny.errors import ArgumentError, EffectError
from kingofny.model.cards import BuyCondition, CardKind, CardSpec
from kingofny.model.effect import Effect
from kingofny.model.state import GameState
from kingofny.testing import ConformanceError, check_content_pack


class Crash(Effect):
    """An effect that crashes whenever its owner's turn starts, or when it is bought."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        raise RuntimeError("crash")

    def on_buy(self, state: GameState, owner: int) -> GameState:
        raise RuntimeError("crash on buy")


def broken_base() -> ContentPack:
    """A newer, broken version of the base pack: every monster's ability crashes."""
    base = manifest()
    crashing = {m.id: Crash() for m in base.monsters}
    return attrs.evolve(base, version="99", effects={**base.effects, **crashing})


def shop_pack(effect: Effect | None = None) -> ContentPack:
    """Two cards random play rarely buys: a costly KEEP and a DISCARD needing a Tank."""
    effects = {} if effect is None else {"shop:tank-prize": effect}
    return ContentPack(
        name="shop",
        version="1",
        api_version=CONTENT_API_VERSION,
        cards=(
            CardSpec("shop:crown", "Crown", 14, CardKind.KEEP, "Nothing."),
            CardSpec(
                "shop:tank-prize",
                "Tank Prize",
                2,
                CardKind.DISCARD,
                "Nothing.",
                buy_condition=BuyCondition.DESTROYED_TANK,
            ),
        ),
        effects=effects,
    )


def test_the_kit_tests_the_manifest_given_not_the_installed_pack() -> None:
    """Defect: check_content_pack played the installed pack of that name, so a broken or newer
    version passed. It now plays the manifest given, and reports its failing effect."""
    with pytest.raises(ConformanceError, match=r"EffectError: effect of base:") as info:
        check_content_pack(broken_base(), games=2)
    assert isinstance(info.value.__cause__, EffectError)
    assert info.value.__cause__.hook == "on_turn_start"


def test_the_registry_is_restored_after_a_failed_check() -> None:
    """Defect guarded: swapping the manifest in must not leak out of the check, even when the
    check fails."""
    reg = registry.installed()
    before = (reg.packs["base"], dict(reg.effects), dict(reg.cards), list(reg.sources))
    with pytest.raises(ConformanceError):
        check_content_pack(broken_base(), games=1)
    assert (reg.packs["base"], dict(reg.effects), dict(reg.cards), list(reg.sources)) == before
    assert "base:kong" not in reg.effects


def test_cards_random_play_misses_are_reported_as_never_exercised() -> None:
    """Defect: the report only counted purchases, so a card whose effect never ran passed
    unnoticed. Without seeding, the uncovered cards are listed."""
    report = check_content_pack(shop_pack(), games=0)
    assert report.never_exercised == ("shop:crown", "shop:tank-prize")
    assert report.coverage == {"shop:crown": 0, "shop:tank-prize": 0}


def test_min_card_uses_exercises_every_card_of_the_pack() -> None:
    """Defect: nothing made the kit buy a costly card or one with a buy condition. With
    ``min_card_uses`` every card is bought in at least that many games."""
    report = check_content_pack(shop_pack(), games=2, min_card_uses=2)
    assert report.never_exercised == ()
    assert all(n >= 2 for n in report.coverage.values())
    assert report.cards_bought["shop:tank-prize"] >= 2
    assert report.seeded_games >= 2
    assert report.games == 2 + report.seeded_games


def test_a_card_effect_failing_in_a_seeded_game_is_reported() -> None:
    """Defect: an effect failing inside the kit crashed it with the bare exception."""
    with pytest.raises(ConformanceError, match=r"shop:tank-prize.*on_buy.*crash on buy") as info:
        check_content_pack(shop_pack(Crash()), games=0, min_card_uses=1)
    assert isinstance(info.value.__cause__, EffectError)
    assert isinstance(info.value.__cause__.__cause__, RuntimeError)


@pytest.mark.parametrize("bad", [-1, True, 1.5])
def test_min_card_uses_must_be_a_count(bad: object) -> None:
    """Bad input gets a typed error naming the parameter."""
    with pytest.raises(ArgumentError, match=r"check_content_pack\(min_card_uses\)"):
        check_content_pack(shop_pack(), games=0, min_card_uses=bad)  # type: ignore[arg-type]
