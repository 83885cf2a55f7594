"""What ``import kingofny`` loads (issue 8, *Import*): the runner, JSON, game records, the
narrator, the CLI, the bots, player specs and plugin discovery (``importlib.metadata``) load on
first use, not with the package, nor do heavy standard modules such as ``json`` or ``pathlib``;
and every lazily loaded name still resolves. Each check runs in a fresh interpreter, since this
test process has long imported everything. No timing is asserted: ``python -X importtime -c
'import kingofny'`` is the tool for that."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import kingofny
import kingofny.players

LAZY_MODULES = (
    "kingofny.runner",
    "kingofny.tournament",
    "kingofny.tournament.series",
    "kingofny.tournament.results",
    "kingofny.tournament.report",
    "kingofny.serialize",
    "kingofny.record",
    "kingofny.narrate",
    "kingofny.cli",
    "kingofny.players.heuristic",
    "kingofny.players.mcts",
    "kingofny.players.expectimax",
    "kingofny.players.evaluation",
    "kingofny.players.spec",
    "kingofny.plugins",
    "kingofny.content.base",
    "kingofny.effects",
    "kingofny.effects.primitives",
    "kingofny.model.invariants",
    "kingofny._engine.validation",
    "importlib.metadata",
)
"""Modules a bare ``import kingofny`` must not load."""

LAZY_STANDARD_MODULES = (
    "json",
    "pathlib",
    "importlib.metadata",
    "importlib.util",
    "urllib.parse",
    "argparse",
    "subprocess",
    "concurrent.futures",
    "logging",
    "tempfile",
    "fractions",
    "decimal",
    "random",
)
"""Standard modules, each a few milliseconds to import or bringing others along, that a bare
``import kingofny`` must not load (attrs itself loads ``inspect``, ``typing`` and ``re``)."""

LAZY_NAMES = {
    "problems": "kingofny._engine.validation",
    "HeuristicPlayer": "kingofny.players.heuristic",
    "MCTSPlayer": "kingofny.players.mcts",
    "ExpectimaxPlayer": "kingofny.players.expectimax",
    "PlannerPlayer": "kingofny.players.planner",
    "Event": "kingofny.record",
    "GameRecord": "kingofny.record",
    "replay": "kingofny.record",
    "replay_states": "kingofny.record",
    "start_record": "kingofny.record",
    "apply_recorded": "kingofny.record",
    "Fault": "kingofny.runner",
    "GameResult": "kingofny.runner",
    "TournamentSummary": "kingofny.runner",
    "play_game": "kingofny.runner",
    "simulate": "kingofny.runner",
    "GameRow": "kingofny.tournament.results",
    "Results": "kingofny.tournament.results",
    "load_results": "kingofny.tournament.results",
    "Report": "kingofny.tournament.report",
    "format_report": "kingofny.tournament.report",
    "report": "kingofny.tournament.report",
    "wilson_interval": "kingofny.tournament.report",
    "RECORD_FORMAT": "kingofny.serialize",
    "SCHEMA_VERSION": "kingofny.serialize",
    "STATE_FORMAT": "kingofny.serialize",
    "from_json": "kingofny.serialize",
    "record_from_dict": "kingofny.serialize",
    "record_from_json": "kingofny.serialize",
    "record_to_dict": "kingofny.serialize",
    "state_from_dict": "kingofny.serialize",
    "state_from_json": "kingofny.serialize",
    "state_to_dict": "kingofny.serialize",
    "to_json": "kingofny.serialize",
}
"""The names of ``kingofny.__all__`` loaded on first use, with the module that defines each."""

_LOADED = (
    'print(json.dumps(sorted(m for m in sys.modules if m.startswith(("kingofny", "importlib")))))'
)


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter; its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _loaded_after(code: str) -> set[str]:
    """The kingofny and importlib modules loaded once ``code`` has run in a fresh interpreter."""
    out = _run(f"import json, sys\n{code}\n{_LOADED}")
    loaded: list[str] = json.loads(out.splitlines()[-1])
    return set(loaded)


def test_a_bare_import_loads_none_of_the_lazy_modules() -> None:
    """The check the issue names, as the issue spells it."""
    out = _run(
        'import kingofny, sys; print(sorted(m for m in sys.modules if m.startswith("kingofny")))'
    )
    assert "'kingofny._engine.core'" in out  # the engine itself is not lazy
    assert [m for m in LAZY_MODULES if f"'{m}'" in out] == []
    assert "importlib.metadata" not in _loaded_after("import kingofny")


def test_a_bare_import_loads_no_heavy_standard_module() -> None:
    """Guards against a module-level import of ``json``, ``pathlib`` and the like sneaking back
    into a module that ``import kingofny`` loads (each costs milliseconds of start-up). What the
    runtime dependencies load themselves is not kingofny's doing (attrs loads ``platform``, and
    so ``subprocess``, on CPython 3.10): only the modules loaded beyond theirs count."""
    out = _run(
        "import sys\n"
        "import attrs, typing_extensions\n"
        "theirs = set(sys.modules)\n"
        "import kingofny\n"
        f"heavy = {LAZY_STANDARD_MODULES!r}\n"
        "print(' '.join(m for m in heavy if m in sys.modules and m not in theirs))"
    )
    assert out.split() == []


def test_the_command_line_parser_loads_none_of_the_lazy_modules() -> None:
    """``kingofny --help`` builds the parser only: no runner, narrator, JSON or plugins."""
    loaded = _loaded_after("import kingofny.cli\nkingofny.cli.build_parser()")
    assert "kingofny.cli" in loaded
    assert sorted(loaded & set(LAZY_MODULES) - {"kingofny.cli"}) == []


def test_the_lazy_table_lists_exactly_the_lazy_names() -> None:
    """Every name of ``__all__`` that is not in the package's globals after a bare import is
    one of the known lazy names, and each is listed in ``__all__``."""
    out = _run(
        "import json, kingofny\n"
        "print(json.dumps([n for n in kingofny.__all__ if n not in vars(kingofny)]))"
    )
    assert sorted(json.loads(out)) == sorted(LAZY_NAMES)
    assert set(LAZY_NAMES) <= set(kingofny.__all__)


@pytest.mark.parametrize("name", sorted(LAZY_NAMES))
def test_each_lazy_name_resolves_to_its_module_s_object(name: str) -> None:
    """``kingofny.<name>`` is the very object its module defines, and asking for it loads that
    module (and, for the JSON names, not the runner)."""
    module = LAZY_NAMES[name]
    out = _run(
        "import sys, kingofny\n"
        f"value = getattr(kingofny, {name!r})\n"
        f"assert value is getattr(sys.modules[{module!r}], {name!r})\n"
        f"assert vars(kingofny)[{name!r}] is value  # cached: __getattr__ runs once\n"
        "print('kingofny.runner' in sys.modules)"
    )
    assert out.strip() == str(module == "kingofny.runner")
    assert getattr(kingofny, name) is getattr(sys.modules[module], name)


def test_unknown_names_still_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"^module 'kingofny' has no attribute 'nope'$"):
        getattr(kingofny, "nope")  # noqa: B009 (the name must not be checked by mypy)
    with pytest.raises(AttributeError, match=r"has no attribute 'nope'$"):
        getattr(kingofny.players, "nope")  # noqa: B009
    assert not hasattr(kingofny, "_no_such_private_name")


def test_dir_and_star_import_see_the_lazy_names() -> None:
    out = _run(
        "import json, kingofny\n"
        "listed = [n for n in kingofny.__all__ if n not in dir(kingofny)]\n"
        "space = {}\n"
        "exec('from kingofny import *', space)\n"
        "print(json.dumps([listed, [n for n in kingofny.__all__ if n not in space]]))"
    )
    assert json.loads(out) == [[], []]
    assert set(kingofny.__all__) <= set(dir(kingofny))
    assert {"BUILTIN_PLAYERS", "HeuristicPlayer"} <= set(dir(kingofny.players))


def test_players_load_the_heuristic_bot_on_first_use() -> None:
    """``kingofny.players`` names the bundled bots without importing the heuristic or search
    ones; asking for one, or for ``BUILTIN_PLAYERS``, does."""
    code = (
        "import sys, kingofny.players as p\n"
        "bots = ('heuristic', 'mcts', 'expectimax', 'planner', 'evaluation', 'learned')\n"
        "assert not any(f'kingofny.players.{m}' in sys.modules for m in bots)\n"
        "assert p.BUILTIN_KINDS == ('random', 'heuristic', 'mcts', 'expectimax', 'planner')\n"
        "assert p.BUILTIN_PLAYERS['heuristic'] is p.HeuristicPlayer\n"
        "assert p.BUILTIN_PLAYERS['mcts'] is p.MCTSPlayer\n"
        "assert p.BUILTIN_PLAYERS['expectimax'] is p.ExpectimaxPlayer\n"
        "assert p.BUILTIN_PLAYERS['planner'] is p.PlannerPlayer\n"
        "assert p.Evaluation().temperature == 1.0\n"
        "assert p.BUILTIN_PLAYERS is p.BUILTIN_PLAYERS\n"
        "print('ok')"
    )
    assert _run(code).strip() == "ok"
    assert tuple(kingofny.players.BUILTIN_PLAYERS) == kingofny.players.BUILTIN_KINDS


def test_a_game_still_loads_the_base_pack_on_first_use() -> None:
    """Discovery runs when a game first needs its packs, not at import."""
    loaded = _loaded_after(
        "import kingofny\n"
        "state = kingofny.new_game(4, seed=1)\n"
        "from kingofny.content import registry\n"
        "assert 'base' in registry.installed().loaded, registry.installed().loaded"
    )
    assert {"kingofny.plugins", "kingofny.content.base"} <= loaded


def test_two_threads_resolving_lazy_names_at_once_get_the_same_objects() -> None:
    """The import lock makes a thread that asks for a lazy name while another is importing its
    module wait for the import to finish; both then get the one object."""
    code = (
        "import sys, threading, kingofny\n"
        f"names = {sorted(LAZY_NAMES)!r}\n"
        "start = threading.Barrier(8)\n"
        "seen = [None] * 8\n"
        "def worker(i):\n"
        "    start.wait()\n"
        "    seen[i] = [getattr(kingofny, n) for n in (names if i % 2 else names[::-1])]\n"
        "threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]\n"
        "for t in threads: t.start()\n"
        "for t in threads: t.join()\n"
        "expected = [getattr(kingofny, n) for n in names]\n"
        "for i, got in enumerate(seen):\n"
        "    got = got if i % 2 else got[::-1]\n"
        "    assert all(a is b for a, b in zip(got, expected, strict=True)), i\n"
        "print('ok')"
    )
    assert _run(code).strip() == "ok"
