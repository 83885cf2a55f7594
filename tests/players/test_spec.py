"""Player specs: bundled kinds, module and file targets, options (issue 10 and 11's
``mcts:ms=200``, ``mypkg.module:BotClass``, ``path/to/bot.py:BotClass``)."""

from __future__ import annotations

import math
import re
import subprocess
import sys
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


# -- numbers in specs: ASCII digits, Python's int-string limit, finite values --------------------


@pytest.mark.parametrize("digits", [4301, 5000, 100_000])
def test_an_int_too_long_for_python_is_an_argument_error(digits: int) -> None:
    text = "mcts:playouts=" + "9" * digits
    with pytest.raises(ArgumentError, match="playouts") as caught:
        parse_spec(text)
    assert caught.value.field == "player spec"
    with pytest.raises(ArgumentError, match="playouts"):
        player_factory(text)


def test_an_int_under_python_s_limit_still_reads() -> None:
    assert parse_spec("x.y:Bot:n=" + "9" * 4000).options == (("n", int("9" * 4000)),)


@pytest.mark.parametrize("text", ["١٢", "۱۲", "१२", "１２", "²", "1²", "٣.٥", "1e٣", "𝟙𝟚"])
def test_only_ascii_digits_read_as_numbers(text: str) -> None:
    assert parse_spec(f"x.y:Bot:n={text}").options == (("n", text),)
    with pytest.raises(ArgumentError, match="flee_life"):
        player_factory(f"heuristic:flee_life={text}")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("mcts:c=1e400", "c"),
        ("mcts:ms=1e400", "ms"),
        ("mcts:playouts=3,confidence=-1e400", "confidence"),
        ("heuristic:flee_per_attacker=1" + "0" * 400 + ".0", "flee_per_attacker"),
        ("x.y:Bot:v=.1e99999", "v"),
    ],
)
def test_numbers_that_overflow_to_infinity_are_refused(text: str, key: str) -> None:
    with pytest.raises(ArgumentError, match=rf"option '{key}'.*not a finite number"):
        parse_spec(text)


def test_tiny_floats_still_read() -> None:
    assert parse_spec("x.y:Bot:v=1e-400,w=-2.5E+3").options == (("v", 0.0), ("w", -2500.0))


@pytest.mark.parametrize("word", ["nan", "NaN", "inf", "-inf", "infinity", "Infinity"])
def test_non_finite_words_stay_text_and_numeric_options_refuse_them(word: str) -> None:
    assert parse_spec(f"x.y:Bot:v={word}").options == (("v", word),)
    for option in ("c", "ms", "playouts", "confidence", "widening"):
        with pytest.raises(ArgumentError, match=option):
            player_factory(f"mcts:{option}={word}")
    with pytest.raises(ArgumentError, match="samples"):
        player_factory(f"expectimax:samples={word}")


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_spec_built_in_python_with_a_non_finite_option_is_refused(value: float) -> None:
    for target in ("mcts", "heuristic", "kingofny.players:RandomPlayer"):
        with pytest.raises(ArgumentError, match=r"option 'x'.*not a finite number"):
            player_factory(PlayerSpec(target, (("x", value),)))


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("mcts:ms=0", "MCTSPlayer(ms)"),
        ("mcts:ms=-5", "MCTSPlayer(ms)"),
        ("mcts:ms=1e300", "MCTSPlayer(ms)"),
        ("mcts:ms=" + "9" * 400, "MCTSPlayer(ms)"),
        ("mcts:playouts=0", "MCTSPlayer(playouts)"),
        ("mcts:playouts=1.5", "MCTSPlayer(playouts)"),
        ("mcts:playouts=true", "MCTSPlayer(playouts)"),
        ("mcts:playouts=" + "9" * 400, "MCTSPlayer(playouts)"),
        ("mcts:c=-1", "MCTSPlayer(c)"),
        ("mcts:c=" + "9" * 400, "MCTSPlayer(c)"),
        ("mcts:widening=-1", "MCTSPlayer(widening)"),
        ("mcts:widening=1e308", "MCTSPlayer(widening)"),
        ("mcts:confidence=-0.5", "MCTSPlayer(confidence)"),
        ("mcts:reroll_candidates=-3", "MCTSPlayer(reroll_candidates)"),
        ("expectimax:samples=0", "ExpectimaxPlayer(samples)"),
        ("expectimax:samples=" + "9" * 400, "ExpectimaxPlayer(samples)"),
        ("kingofny.players:MCTSPlayer:ms=inf", "MCTSPlayer(ms)"),
    ],
)
def test_bad_values_of_bundled_bots_are_refused_up_front(text: str, field: str) -> None:
    """The factory builds a bundled bot once, so the constructor's check names the option
    before any game starts (the command line turns it into a usage error)."""
    with pytest.raises(ArgumentError, match=re.escape(field)) as caught:
        player_factory(text)
    assert caught.value.field == "player spec"


def test_simulate_refuses_an_endless_budget_with_a_usage_error() -> None:
    """``ms=1e400`` used to reach the bot as infinity and, with no ``playouts``, search for
    ever; now the command line answers at once (in a process of its own, in case it hangs)."""
    for players in ("mcts:ms=1e400,random", "mcts:ms=inf,random", "mcts:c=nan,random"):
        done = subprocess.run(
            [sys.executable, "-m", "kingofny", "simulate", "--games", "1", "--players", players],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, (players, done.stderr)
        assert done.stdout == ""
        assert "Traceback" not in done.stderr
        assert "--players" in done.stderr


def test_a_spec_built_in_python_with_an_int_too_long_to_write_is_refused() -> None:
    huge = PlayerSpec("mcts", (("playouts", 10**5000),))
    with pytest.raises(ArgumentError, match="option 'playouts' is an int of over 4,300 digits"):
        player_factory(huge)
    assert player_factory(PlayerSpec("mcts", (("playouts", 5),)))(1).playouts == 5  # type: ignore[attr-defined]
