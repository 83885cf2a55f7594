"""The layers of the package (DESIGN, *Architecture*; issue 8, *Shape*): the model depends on
nothing above it, the content registry on the model only, and no chain of module-level imports
comes back to where it started.

The graph is read from the sources with :mod:`ast`, so that it does not depend on the order in
which this test process happened to import things. An import under ``if TYPE_CHECKING:`` or
inside a function is not an edge (it does not run at import time); one in the ``else`` of that
``if``, under ``if not TYPE_CHECKING:``, in a ``with`` block or in a class body is. Importing
``a.b.c`` also runs the ``__init__`` of ``a.b``, which is an edge too, unless the importer is
inside ``a.b`` itself (that package is already being imported then). The root package is left
out: every module is imported through it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kingofny

ROOT = Path(kingofny.__file__).parent


def _module_files() -> dict[str, Path]:
    files = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


MODULES = _module_files()


def _imported(tree: ast.Module) -> set[str]:
    """The kingofny modules a module's top level imports (names imported from a package that
    are its submodules included)."""
    found: set[str] = set()
    nodes: list[ast.stmt] = list(tree.body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If):
            test = ast.unparse(node.test)
            if test == "TYPE_CHECKING":  # only its else branch runs
                nodes += node.orelse
            elif test == "not TYPE_CHECKING":
                nodes += node.body
            else:
                nodes += node.body + node.orelse
        elif isinstance(node, (ast.With, ast.ClassDef)):
            nodes += node.body
        elif isinstance(node, ast.Try):
            nodes += node.body + node.orelse + node.finalbody
            for handler in node.handlers:
                nodes += handler.body
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _edges(name: str) -> set[str]:
    """The modules whose code runs first when ``name`` is imported (see the module docstring)."""
    edges = set()
    for target in _imported(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        parts = target.split(".")
        for end in range(2, len(parts) + 1):
            prefix = ".".join(parts[:end])
            own_package = name == prefix or name.startswith(prefix + ".")
            if prefix in MODULES and not own_package:
                edges.add(prefix)
    return edges


GRAPH = {name: _edges(name) for name in MODULES}


def _cycle_from(start: str) -> list[str] | None:
    """A chain of imports from ``start`` back to itself, if there is one."""
    trail: list[str] = []
    seen: set[str] = set()

    def walk(name: str) -> bool:
        trail.append(name)
        for nxt in sorted(GRAPH[name]):
            if nxt == start:
                trail.append(start)
                return True
            if nxt not in seen:
                seen.add(nxt)
                if walk(nxt):
                    return True
        trail.pop()
        return False

    return trail if walk(start) else None


def test_the_graph_is_read() -> None:
    """The reader sees the edges it should (so the checks below can fail)."""
    assert "kingofny.model.state" in GRAPH["kingofny._engine.loop"]
    assert "kingofny.model.content" in GRAPH["kingofny._engine.dispatch"]
    assert "kingofny.effects" in GRAPH["kingofny.content.base.effects.city"]  # a package's init
    assert "kingofny.plugins" not in GRAPH["kingofny._registry"]  # imported in a function


def test_the_engine_imports_no_content() -> None:
    """Issue 19 §2: a game's content is resolved into its config's table; the engine reads the
    table and imports neither the registry, the plugins nor any pack, even inside a function
    (the lint session's import-linter contracts check the same over the whole package)."""
    found: set[tuple[str, str]] = set()
    for name, path in MODULES.items():
        if not name.startswith("kingofny._engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            found.update(
                (name, t)
                for t in targets
                if t.startswith(("kingofny.content", "kingofny.plugins", "kingofny.lookup"))
            )
    assert found == set()


def test_no_module_imports_itself_through_others() -> None:
    """Issue 8: the chain engine → content registry → effect API → the effects package →
    primitives → engine is broken (the effect API lives in the model)."""
    cycles = [cycle for name in sorted(GRAPH) if (cycle := _cycle_from(name))]
    assert cycles == [], " → ".join(cycles[0])


def test_the_model_depends_on_nothing_above_it() -> None:
    """The data model (and the effect API and trigger points in it) imports only the model and
    the errors."""
    allowed = ("kingofny.model", "kingofny.errors")
    above = {
        (name, target)
        for name, targets in GRAPH.items()
        if name.startswith("kingofny.model.")
        for target in targets
        if not target.startswith(allowed)
    }
    assert above == set()


def test_the_content_registry_needs_only_the_model() -> None:
    """The registry of packs and the manifest type load without the engine or the effects
    package (plugin discovery, which loads the packs, is imported on first use)."""
    for name in ("kingofny._registry", "kingofny.model.pack"):
        assert {t for t in GRAPH[name] if not t.startswith("kingofny.model")} <= {
            "kingofny.content",
            "kingofny.errors",
        }, name


def test_the_old_effect_module_names_still_import() -> None:
    """``kingofny.effects.api``, ``kingofny.effects.triggers`` and ``kingofny.effects.dispatch``
    (the spellings before the effect API moved to the model and the dispatch to the engine)
    name the same objects, the model's names the old API module imported included."""
    from kingofny._engine import dispatch as engine_dispatch
    from kingofny.effects import api, dispatch, triggers
    from kingofny.model import effect
    from kingofny.model import triggers as model_triggers

    for name in ("Effect", "Source", "Context", "Goal"):
        assert getattr(api, name) is getattr(effect, name)
    assert api.GameState is kingofny.GameState
    assert api.Dice is kingofny.Dice
    assert triggers.Trigger is model_triggers.Trigger
    for name in dispatch.__all__:
        assert getattr(dispatch, name) is getattr(engine_dispatch, name)
    assert {"owned", "checked", "each", "HookError"} <= set(dispatch.__all__)
