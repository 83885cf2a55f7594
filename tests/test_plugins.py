"""Content packs on entry points (DESIGN Contract 7)."""

from __future__ import annotations

import json
import re
from importlib.metadata import EntryPoint, PathDistribution
from pathlib import Path

import pytest

from kingofny import (
    Buy,
    ConfigError,
    EndBuying,
    PluginError,
    ResolveFace,
    apply,
    legal_actions,
    plugins,
)
from kingofny import _registry as registry
from kingofny._engine.core import new_game
from kingofny.cli import main
from kingofny.content.base import manifest
from kingofny.effects import CONTENT_API_VERSION, ContentPack
from kingofny.effects.primitives import gain_energy, gain_vp
from kingofny.errors import ArgumentError, EffectError, IllegalActionError, SerializationError
from kingofny.model.cards import CardKind, CardSpec
from kingofny.model.city import Building, UnitKind
from kingofny.model.dice import Face
from kingofny.model.effect import Context, Effect
from kingofny.model.monster import MonsterSpec
from kingofny.model.state import GameState
from kingofny.serialize import from_json, to_json
from kingofny.testing import Scenario, roll
from tests.support import installed


def good_pack() -> ContentPack:
    return ContentPack(
        name="extra",
        version="1.0",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("extra:gorilla", "Gorilla"),),
        cards=(CardSpec("extra:banana", "Banana", 2, CardKind.DISCARD, "+1 VP."),),
    )


def raising_pack() -> ContentPack:
    raise RuntimeError("boom")


def future_pack() -> ContentPack:
    return ContentPack(name="future", version="9.0", api_version=CONTENT_API_VERSION + 1)


def _ep(name: str, target: str) -> EntryPoint:
    return EntryPoint(name=name, value=f"tests.test_plugins:{target}", group="kingofny.content")


def test_base_game_is_registered_through_the_entry_point_group() -> None:
    """DESIGN Contract 7: the base game is the pack ``base`` on our own entry point."""
    names = [(ep.name, ep.value) for ep in plugins.discover()]
    assert ("base", "kingofny.content.base:manifest") in names


def test_base_manifest_has_six_monsters_and_64_cards() -> None:
    """Seed 000, *Contents*: six monsters, 64 cards."""
    pack = plugins.validate(manifest())
    assert pack.name == "base"
    assert len(pack.monsters) == 6
    assert len(pack.cards) == 64


def test_a_failing_plugin_names_the_entry_point_and_the_cause() -> None:
    """DESIGN Contract 7: a plugin that fails to load raises, never a silent skip."""
    with pytest.raises(PluginError, match=r"'broken'.*boom") as info:
        plugins.load_entry_point(_ep("broken", "raising_pack"))
    assert isinstance(info.value.__cause__, RuntimeError)


def test_an_incompatible_api_version_says_what_is_needed() -> None:
    """DESIGN Contract 7: a pack for another content API version is refused with a reason."""
    with pytest.raises(PluginError, match="needs kingofny content API 2"):
        plugins.load_entry_point(_ep("future", "future_pack"))


def test_discovery_is_sorted_by_distribution_then_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """DESIGN Contract 7 / anchors §3.8: discovery is deterministic, whatever order the
    entry points come in."""
    eps = [_ep("zeta", "good_pack"), _ep("base", "manifest_alias")]
    monkeypatch.setattr(plugins, "entry_points", lambda group: eps)
    assert [ep.name for ep in plugins.discover()] == ["base", "zeta"]


manifest_alias = manifest


def test_registry_refuses_two_packs_with_one_name() -> None:
    """Duplicate packs name both versions."""
    with pytest.raises(PluginError, match="two content packs are named 'extra'"):
        plugins.build_registry([good_pack(), good_pack()])


def test_ids_must_be_namespaced_by_the_pack() -> None:
    """DESIGN Contract 7: card ids are namespaced (``base:tesla-cannon``)."""
    bad = ContentPack(
        name="extra",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("other:gorilla", "Gorilla"),),
    )
    with pytest.raises(PluginError, match="must start with 'extra:'"):
        plugins.validate(bad)


def test_disabling_autoload_keeps_only_the_base_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment variable turns plugin autoloading off."""
    monkeypatch.setenv(plugins.DISABLE_AUTOLOAD_ENV, "1")
    monkeypatch.setattr(plugins, "entry_points", lambda group: [_ep("extra", "good_pack")])
    reg = plugins.load_installed()
    reg.load_all()
    assert set(reg.loaded) == {"base"}


def test_installed_plugins_are_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the variable, every entry point can be loaded."""
    monkeypatch.delenv(plugins.DISABLE_AUTOLOAD_ENV, raising=False)
    monkeypatch.setattr(
        plugins,
        "entry_points",
        lambda group: [_ep("base", "manifest_alias"), _ep("extra", "good_pack")],
    )
    reg = plugins.load_installed()
    assert reg.load_all() == ()
    assert set(reg.loaded) == {"base", "extra"}
    assert "extra:banana" in reg.cards
    assert "extra:gorilla" in reg.monsters


# -- §5: a pack defines effects for its own ids only -------------------------------------------


class Jackpot(Effect):
    """A hijacking effect: +19 VP whenever a building is destroyed."""

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        return gain_vp(state, owner, 19)


def hijacking_pack() -> ContentPack:
    return ContentPack(
        name="evil",
        version="6.6.6",
        api_version=CONTENT_API_VERSION,
        effects={"base:flatiron-building": Jackpot()},
    )


def token_hijacking_pack() -> ContentPack:
    return ContentPack(
        name="evil", version="6.6.6", api_version=CONTENT_API_VERSION, effects={"web": Jackpot()}
    )


def _dist_ep(tmp_path: Path, name: str, target: str, dist: str) -> EntryPoint:
    """An entry point of a (fake, uninstalled) distribution named ``dist``."""
    info = tmp_path / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 6.6.6\n")
    ep = _ep(name, target)
    return ep._for(PathDistribution(info))  # type: ignore[attr-defined,no-any-return]


def test_an_effect_for_a_base_card_is_refused_naming_the_distribution(tmp_path: Path) -> None:
    """Defect: a pack's ``effects`` could hold ``base:flatiron-building``, silently making
    Flatiron give +19 VP in base-only games. DESIGN Contract 7: effects for its own ids only."""
    ep = _dist_ep(tmp_path, "evil", "hijacking_pack", "kingofny-evil")
    with pytest.raises(PluginError, match=r"kingofny-evil.*'base:flatiron-building'.*not its own"):
        plugins.load_entry_point(ep)


def test_an_effect_for_a_bare_token_kind_is_reserved_to_the_base_pack() -> None:
    """Defect: a third-party pack could redefine the base game's Web tokens (key ``web``)."""
    with pytest.raises(PluginError, match="'web', which is not its own"):
        plugins.validate(token_hijacking_pack())


def test_a_hijacking_pack_leaves_base_effects_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: installing the hijacking pack changed Flatiron in base-only games. Now it is
    refused and the base effect stays the base game's."""
    monkeypatch.delenv(plugins.DISABLE_AUTOLOAD_ENV, raising=False)
    monkeypatch.setattr(
        plugins,
        "entry_points",
        lambda group: [_ep("base", "manifest_alias"), _ep("evil", "hijacking_pack")],
    )
    reg = plugins.load_installed()
    failures = reg.load_all()
    assert [source.name for source, _ in failures] == ["evil"]
    assert reg.effects.get("base:flatiron-building") is manifest().effects.get(
        "base:flatiron-building"
    )
    assert not any(isinstance(e, Jackpot) for e in reg.effects.values())


# -- §5: plugin load failures stay PluginError; only the packs a game asks for load -------------


def counting_pack() -> ContentPack:
    LOADS.append("counted")
    return good_pack()


LOADS: list[str] = []


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> plugins.Registry:
    """A registry of base, a broken plugin and a counting one, used by every game."""
    monkeypatch.delenv(plugins.DISABLE_AUTOLOAD_ENV, raising=False)
    monkeypatch.setattr(
        plugins,
        "entry_points",
        lambda group: [
            _ep("base", "manifest_alias"),
            _ep("broken", "raising_pack"),
            _ep("extra", "counting_pack"),
        ],
    )
    reg = plugins.load_installed()
    # The registry module is compiled in the compiled build: its own functions read the
    # module global, not a patched function.
    monkeypatch.setattr(registry, "_BUILT", [reg])
    LOADS.clear()
    return reg


def test_a_broken_plugin_does_not_stop_a_base_only_game(fresh_registry: plugins.Registry) -> None:
    """Defect: every installed plugin was loaded by the first game, so one broken third-party
    plugin stopped base-only ``new_game``. DESIGN Contract 7: a game loads only its packs."""
    state = new_game(2, seed=1)
    assert state.config.packs == ("base",)
    assert set(fresh_registry.loaded) == {"base"}
    assert LOADS == []
    assert fresh_registry.failed == []


def test_a_plugin_load_failure_stays_a_plugin_error(fresh_registry: plugins.Registry) -> None:
    """Defect: ``new_game`` re-raised a pack's load failure as ConfigError and dropped the
    cause. DESIGN Contract 7: PluginError naming the distribution, the cause chained."""
    with pytest.raises(PluginError, match=r"'broken'.*boom") as info:
        new_game(2, packs=("base", "broken"))
    assert not isinstance(info.value, ConfigError)
    assert isinstance(info.value.__cause__, RuntimeError)
    with pytest.raises(PluginError, match=r"'broken'.*boom") as again:
        new_game(2, packs=("base", "broken"))
    assert isinstance(again.value.__cause__, RuntimeError)


def test_a_saved_game_of_a_broken_pack_says_it_fails_to_load(
    fresh_registry: plugins.Registry,
) -> None:
    """Defect (review of issue 7): a document naming a pack that fails to load was refused as
    "not installed", the distribution and the cause lost. DESIGN Contract 7 and 8."""
    doc = json.loads(to_json(new_game(2, seed=1)))
    doc["packs"]["broken"] = "0.1"
    with pytest.raises(SerializationError, match=r"^\$\.packs\.broken: .*fails to load.*boom"):
        from_json(json.dumps(doc))
    doc["packs"] = {"base": doc["packs"]["base"], "nowhere": "1.0"}
    with pytest.raises(SerializationError, match=r"'nowhere' is not installed"):
        from_json(json.dumps(doc))


def test_a_game_asking_for_a_plugin_loads_it(fresh_registry: plugins.Registry) -> None:
    """A pack loads when a game first asks for it, once."""
    new_game(["gorilla", "kong"], packs=("base", "extra"), seed=1)
    new_game(["gorilla", "kong"], packs=("base", "extra"), seed=2)
    assert LOADS == ["counted"]
    assert "broken" not in fresh_registry.loaded


def test_listing_plugins_shows_the_broken_one_with_its_error(
    fresh_registry: plugins.Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defect guarded: lazy loading must not hide a broken plugin; ``kingofny plugins`` lists
    it with its error, next to the packs that load."""
    assert main(["plugins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["base", "extra", "broken"]
    assert re.fullmatch(r"broken \(failed to load\): .*'broken'.*boom.*", lines[2])


# -- §5: a failing effect is reported as the effect's failure -------------------------------------


class RaisesAtTurnStart(Effect):
    """An ability that crashes at the start of its owner's turn."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        raise RuntimeError("glitch")


class ReturnsNone(Effect):
    """An ability that forgets to return the state."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return None  # type: ignore[return-value]


class StringClaws(Effect):
    """A KEEP card returning a str where an int is due."""

    def attack_damage(self, state: GameState, owner: int, target: int, amount: int) -> int:
        return "3"  # type: ignore[return-value]


class Battery(Effect):
    """A DISCARD card: +2 Energy when bought (calls other effects' ENERGY_GAIN hooks)."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        return gain_energy(state, owner, 2)


class BadMeter(Effect):
    """An ability whose ENERGY_GAIN hook divides by zero."""

    def energy_gain(self, state: GameState, owner: int, seat: int, amount: int, dice: bool) -> int:
        return amount // 0


def fx_pack(ability: Effect) -> ContentPack:
    return ContentPack(
        name="fx",
        version="0.1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("fx:glitch", "Glitch"),),
        cards=(
            CardSpec("fx:claws", "Claws", 5, CardKind.KEEP, "+1 damage."),
            CardSpec("fx:battery", "Battery", 3, CardKind.DISCARD, "+2 Energy."),
        ),
        effects={"fx:glitch": ability, "fx:claws": StringClaws(), "fx:battery": Battery()},
    )


def _before_glitch_turn() -> GameState:
    """Kong's Buy step; ending it starts the turn of Glitch (the pack's monster)."""
    return (
        Scenario(["kong", "fx:glitch"], packs=("base", "fx"))
        .monster("kong", energy=20)
        .turn(0, at="buy")
        .build()
    )


def test_an_effect_that_raises_is_an_effect_error_naming_pack_card_hook_and_step() -> None:
    """Defect: an effect raising mid-game surfaced as its bare exception deep in the engine.
    DESIGN Contract 7: EffectError (a PluginError) with the pack, card, hook and step."""
    with installed(fx_pack(RaisesAtTurnStart())):
        state = _before_glitch_turn()
        with pytest.raises(EffectError) as info:
            apply(state, EndBuying())
    error = info.value
    assert isinstance(error, PluginError)
    assert (error.pack, error.card, error.hook) == ("fx", "fx:glitch", "on_turn_start")
    assert error.step == "start-turn (turn 2, seat 1's turn)"
    assert type(error) is EffectError
    assert isinstance(error.__cause__, RuntimeError)
    assert str(error).endswith("raised RuntimeError: glitch")


class RefusesAtTurnStart(Effect):
    """An ability raising IllegalActionError from a hook that answers no action."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        raise IllegalActionError("not now")


class BadOffers(Effect):
    """An ability offering an option that is not a string, at every decision of its owner."""

    def offers(self, state: GameState, owner: int, context: Context) -> tuple[str, ...]:
        return ("ok", 3)  # type: ignore[return-value]


def test_a_kingofny_error_from_a_hook_that_answers_no_action_is_the_effects_failure() -> None:
    """Defect (review of issue 7): an IllegalActionError raised by ``on_turn_start`` passed
    through, so ``apply`` of a legal action looked refused (DESIGN Contract 3); only ``use``
    and ``choose`` may refuse, anything else is an EffectError (Contract 7)."""
    with installed(fx_pack(RefusesAtTurnStart())):
        state = _before_glitch_turn()
        with pytest.raises(
            EffectError, match=r"on_turn_start.*IllegalActionError: not now"
        ) as info:
            apply(state, EndBuying())
    assert isinstance(info.value.__cause__, IllegalActionError)


def test_an_option_that_is_not_a_string_is_the_effects_failure() -> None:
    """Defect (review of issue 7): an offered option of the wrong type surfaced as a bare
    ArgumentError from the UseCard constructor, without the card or hook."""
    with installed(fx_pack(BadOffers())):
        state = apply(_before_glitch_turn(), EndBuying())
        assert state.is_chance  # Glitch's first roll; its first decision comes after it
        with pytest.raises(EffectError, match=r"fx:glitch.*offers.*non-empty option strings"):
            apply(state, roll("AAEEHC"))


def test_an_effect_returning_none_is_an_effect_error() -> None:
    """Defect: a hook returning None failed later with AttributeError on None."""
    with installed(fx_pack(ReturnsNone())):
        state = _before_glitch_turn()
        with pytest.raises(EffectError, match=r"on_turn_start.*returned None"):
            apply(state, EndBuying())


def test_a_wrong_return_type_is_refused_and_the_input_state_stays_usable() -> None:
    """Defect: a hook returning a str where an int is due broke deep in the engine. The state
    given to ``apply`` stays valid: its legal actions are unchanged and another action applies
    (DESIGN Contract 3; no module-level cache is left pointing at a half-applied state)."""
    with installed(fx_pack(Effect())):
        state = (
            Scenario(["fx:glitch", "kong"], packs=("base", "fx"))
            .monster(0, borough="queens", cards=["fx:claws"])
            .monster("kong", manhattan="lower")
            .turn(0, dice="AAEEHH")
            .build()
        )
        before = legal_actions(state)
        with pytest.raises(EffectError, match=r"attack_damage.*returned '3' \(str\)") as info:
            apply(state, ResolveFace(Face.ATTACK))
        assert info.value.card == "fx:claws"
        assert legal_actions(state) == before
        assert from_json(to_json(state)) == state
        after = apply(state, ResolveFace(Face.ENERGY))
        assert after.monsters[0].energy == 2


def test_a_failure_inside_a_nested_effect_names_the_inner_effect() -> None:
    """Defect guarded: the outer hook (Battery's on_buy) must not take the blame for the effect
    it triggered (the ability's energy_gain), and the cause stays the original error."""
    with installed(fx_pack(BadMeter())):
        state = (
            Scenario(["fx:glitch", "kong"], packs=("base", "fx"))
            .monster(0, energy=3)
            .market(["fx:battery", "base:stomp", "base:drain"])
            .turn(0, at="buy")
            .build()
        )
        with pytest.raises(EffectError) as info:
            apply(state, Buy(0))
    assert (info.value.card, info.value.hook) == ("fx:glitch", "energy_gain")
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_the_cli_reports_a_failing_effect_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Defect: a failing effect ended ``kingofny simulate`` with a traceback."""
    with installed(fx_pack(RaisesAtTurnStart())):
        code = main(
            ["simulate", "--games", "1", "--packs", "base,fx", "--monsters", "fx:glitch,kong"]
        )
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert "effect of fx:glitch (pack 'fx') failed in hook on_turn_start" in err


class _Ability(Effect):
    """A monster ability that adds ``bonus`` dice (to tell two registries' effects apart)."""

    def __init__(self, bonus: int) -> None:
        self.bonus = bonus

    def extra_dice(self, state: GameState, seat: int) -> int:
        return self.bonus


def test_the_effects_in_play_follow_the_registry_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect (found with issue 8's faster copies): the caches of the effects in play compared
    only the registry's change count, which every registry counted from 0, so a game under one
    registry could be handed the effects another had at the same count. Each registry now takes
    its generations from one count for the whole process."""
    from kingofny._engine.dispatch import owned

    registries = []
    for bonus in (1, 2):
        reg = plugins.Registry()
        reg.add(manifest())
        reg.add(fx_pack(_Ability(bonus)))
        registries.append(reg)
    assert registries[0].changes[0] != registries[1].changes[0]
    for reg, bonus in zip(registries, (1, 2)):
        monkeypatch.setattr(registry, "_BUILT", [reg])
        state = new_game(["fx:glitch", "base:kong"], seed=1, packs=("base", "fx"))
        effects = owned(state, 0)
        assert [key for key, _ in effects] == ["fx:glitch"]
        assert effects[0][1].extra_dice(state, 0) == bonus


class _InheritedAbility(_Ability):
    """Implements no hook itself: ``extra_dice`` comes from its base class."""


def test_a_hook_inherited_from_a_base_class_still_acts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine skips the hooks an effect's class leaves at Effect's do-nothing default
    (issue 8). The test for "left at the default" must follow the class's bases: a hook an
    intermediate class implements is implemented (DESIGN Contract: plugins subclass Effect)."""
    from kingofny._engine.turn import dice_count

    reg = plugins.Registry()
    reg.add(manifest())
    reg.add(fx_pack(_InheritedAbility(2)))
    monkeypatch.setattr(registry, "_BUILT", [reg])
    state = new_game(["fx:glitch", "base:kong"], seed=1, packs=("base", "fx"))
    assert dice_count(state, 0) == 8  # 6 black dice + the inherited 2
    assert dice_count(state, 1) == 6


def test_the_first_table_follows_the_packs_and_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck comes from the game's own packs (seed 000, *Setup*: the deck is the Power cards
    in play), read from the registry as it is when the game starts, and the seed is the game's
    own."""
    reg = plugins.Registry()
    reg.add(manifest())
    monkeypatch.setattr(registry, "_BUILT", [reg])
    base_only = new_game(["base:kong", "base:mantis"], seed=1)
    assert not any(card.startswith("fx:") for card in base_only.deck + base_only.market if card)
    reg.add(fx_pack(_Ability(0)))
    both = new_game(["base:kong", "base:mantis"], seed=1, packs=("base", "fx"))
    shown = both.deck + tuple(card for card in both.market if card)
    assert {"fx:claws", "fx:battery"} <= set(shown)
    again = new_game(["base:kong", "base:mantis"], seed=2)
    assert again.config.seed == 2
    assert again.config.packs == ("base",)
    assert again.rng != base_only.rng
    explicit = new_game(["base:kong", "base:mantis"])
    assert explicit.rng is None
    assert explicit.config.seed is None


class _OwnHook(Effect):
    """An effect with a hook of its own pack's (not one of Effect's), which its pack's code
    runs with ``each``."""

    def on_my_event(self, state: GameState, owner: int) -> GameState:
        return gain_vp(state, owner, 2)


def test_each_still_runs_a_hook_effect_does_not_define() -> None:
    """The engine skips the Effect hooks a class leaves at their defaults (issue 8); a hook
    name Effect has no default for is a plugin's own, and ``each`` runs it."""
    from kingofny._engine.dispatch import each, overrides

    state = new_game(2, seed=1)
    assert overrides(_OwnHook(), "on_my_event")
    assert not overrides(_OwnHook(), "on_turn_start")
    after = each(state, [("x:own", _OwnHook())], "on_my_event", 0)
    assert after.monsters[0].vp == state.monsters[0].vp + 2


def test_extra_turn_refuses_a_seat_that_is_not_in_the_game() -> None:
    """A plugin's extra turn for a seat that does not exist is a typed error, not a turn for
    some other seat (the engine's shared step tables are indexed by seat)."""
    from kingofny.effects.primitives import extra_turn

    state = new_game(2, seed=1)
    for seat in (-1, 2):
        with pytest.raises(ArgumentError):
            extra_turn(state, seat)
    assert extra_turn(state, 1).extra_turns == ((1, ""),)
