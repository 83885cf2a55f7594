"""Player specs: bundled kinds, module and file targets, options (issue 10 and 11's
``mcts:ms=200``, ``mypkg.module:BotClass``, ``path/to/bot.py:BotClass``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingofny import ArgumentError
from kingofny.players import HeuristicPlayer, RandomPlayer, parse_spec, player_factory
from kingofny.players.spec import PlayerSpec, split_specs

BOT_FILE = """
from kingofny.players import RandomPlayer


class FileBot(RandomPlayer):
    name = "filebot"

    def __init__(self, seed=None, *, depth=1):
        super().__init__(seed)
        self.depth = depth


class NoSeedBot:
    def __init__(self, level="low"):
        self.level = level

    def choose(self, view, legal):
        return legal[0]


class NotAPlayer:
    pass
"""


def test_parse_kind_and_typed_options() -> None:
    spec = parse_spec("Heuristic:flee_life=3,flee_per_attacker=1.5,x=true,y=none,z=abc")
    assert spec == PlayerSpec(
        "heuristic",
        (("flee_life", 3), ("flee_per_attacker", 1.5), ("x", True), ("y", None), ("z", "abc")),
    )
    assert spec.label == "heuristic:flee_life=3,flee_per_attacker=1.5,x=true,y=none,z=abc"


def test_parse_module_and_file_targets() -> None:
    assert parse_spec("mypkg.bots:Bot") == PlayerSpec("mypkg.bots:Bot")
    assert parse_spec("bots/my.py:Bot:depth=2") == PlayerSpec("bots/my.py:Bot", (("depth", 2),))
    assert parse_spec("C:/bots/my.py:Bot").target == "C:/bots/my.py:Bot"
    assert parse_spec("bots/my.py:Bot").label == "Bot"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "names no player"),
        (":depth=1", "names no player"),
        ("heuristic:depth", None),  # no '=': the whole text is a module:Name target
        ("heuristic:a=1,a=2", "given twice"),
        ("heuristic:a=1,b", "not key=value"),
    ],
)
def test_parse_refuses_malformed_specs(text: str, message: str | None) -> None:
    if message is None:
        assert parse_spec(text).target == text
        return
    with pytest.raises(ArgumentError, match=message):
        parse_spec(text)


def test_split_keeps_options_with_their_spec() -> None:
    assert split_specs("mcts:ms=200,c=1.4, heuristic,random") == [
        "mcts:ms=200,c=1.4",
        "heuristic",
        "random",
    ]
    with pytest.raises(ArgumentError, match="empty name"):
        split_specs("random,,random")
    with pytest.raises(ArgumentError, match="before any player"):
        split_specs("ms=3,random")


def test_bundled_kinds_make_seeded_players_with_options() -> None:
    player = player_factory("heuristic:flee_life=4")(7)
    assert isinstance(player, HeuristicPlayer)
    assert player.flee_life == 4
    assert isinstance(player_factory("RANDOM")(None), RandomPlayer)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("genius", "unknown player kind 'genius'"),
        ("heuristic:depth=2", "takes no option 'depth'.*flee_life, flee_per_attacker"),
        ("random:seed=3", "takes no option 'seed'"),
        ("no_such_module_xyz:Bot", "cannot import 'no_such_module_xyz'"),
        ("kingofny.players:NoSuchBot", "has no class or function 'NoSuchBot'"),
        ("missing/bot.py:Bot", "no file"),
        ("heuristic:flee_life=abc", r"bad value flee_life=abc \(expected int, like 2\)"),
        ("heuristic:flee_life=1.5", r"bad value flee_life=1.5 \(expected int"),
        ("heuristic:flee_per_attacker=true", r"bad value flee_per_attacker=true"),
        ("heuristic:flee_life=3:flee_per_attacker=1", "separate options with commas"),
    ],
)
def test_factory_refuses_bad_specs_up_front(text: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        player_factory(text)


def test_an_int_stands_for_a_float_option() -> None:
    player = player_factory("heuristic:flee_per_attacker=3")(1)
    assert isinstance(player, HeuristicPlayer)
    assert player.flee_per_attacker == 3


def test_module_target() -> None:
    player = player_factory("kingofny.players:HeuristicPlayer:flee_life=1")(3)
    assert isinstance(player, HeuristicPlayer)
    assert player.flee_life == 1


def test_file_targets_with_and_without_seed(tmp_path: Path) -> None:
    path = tmp_path / "bot.py"
    path.write_text(BOT_FILE)
    bot: Any = player_factory(f"{path}:FileBot:depth=3")(5)
    assert bot.depth == 3
    assert bot.name == "filebot"
    plain: Any = player_factory(f"{path}:NoSeedBot:level=high")(5)
    assert plain.level == "high"
    with pytest.raises(ArgumentError, match="made NotAPlayer, which has no choose"):
        player_factory(f"{path}:NotAPlayer")(1)


@pytest.mark.parametrize(
    "text", ["heuristic", "mcts:ms=200,c=1.4", "bots/my.py:Bot:depth=2,deep=true", "x.y:Bot"]
)
def test_a_spec_writes_itself_back(text: str) -> None:
    spec = parse_spec(text)
    assert spec.text == text
    assert parse_spec(spec.text) == spec
