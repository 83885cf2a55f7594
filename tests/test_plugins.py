"""Content packs on entry points (DESIGN Contract 7)."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from kingofny import PluginError, plugins
from kingofny.content.base import manifest
from kingofny.content.pack import CONTENT_API_VERSION, ContentPack
from kingofny.model.cards import CardKind, CardSpec
from kingofny.model.monster import MonsterSpec


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
    assert set(plugins.load_installed().packs) == {"base"}


def test_installed_plugins_are_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the variable, every entry point is loaded."""
    monkeypatch.delenv(plugins.DISABLE_AUTOLOAD_ENV, raising=False)
    monkeypatch.setattr(
        plugins,
        "entry_points",
        lambda group: [_ep("base", "manifest_alias"), _ep("extra", "good_pack")],
    )
    registry = plugins.load_installed()
    assert set(registry.packs) == {"base", "extra"}
    assert "extra:banana" in registry.cards
    assert "extra:gorilla" in registry.monsters
