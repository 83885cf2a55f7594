"""The two builds (issue 8, *Then compile*): ``kingofny.COMPILED`` says which runs, and
``KINGOFNY_PURE_PYTHON=1`` makes any install run the pure-Python one. The compiled session
(``nox -s compiled``) runs this whole suite on the compiled wheel."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import kingofny
import kingofny._engine.loop
from kingofny import _build
from kingofny._build import is_compiled_name


def test_compiled_says_which_core_is_loaded() -> None:
    loaded = kingofny._engine.loop.__file__ or ""
    assert kingofny.COMPILED is loaded.endswith(tuple(EXTENSION_SUFFIXES))


@pytest.mark.skipif(
    os.environ.get("KINGOFNY_TEST_COMPILED_WHEEL") != "1", reason="the compiled session only"
)
def test_the_compiled_session_runs_compiled() -> None:
    assert kingofny.COMPILED


def test_pure_python_can_be_asked_for() -> None:
    code = (
        "import kingofny, kingofny._engine.loop as loop, kingofny._engine.dispatch as d\n"
        "print(kingofny.COMPILED, loop.__file__.endswith('.py'), d.__file__.endswith('.py'))"
    )
    env = {**os.environ, "KINGOFNY_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False", "True", "True"]


def test_the_public_entry_points_stay_interpreted() -> None:
    """``engine/core.py`` checks its own arguments; compiled, a wrong type would be refused
    with mypyc's TypeError before its ArgumentError."""
    assert not is_compiled_name("kingofny._engine.core")
    assert is_compiled_name("kingofny._engine.loop")
    assert is_compiled_name("kingofny._engine.dispatch")
    assert not is_compiled_name("kingofny.model.effect")  # plugins subclass Effect
    assert kingofny._engine.core.__file__ is not None
    assert kingofny._engine.core.__file__.endswith(".py")


def test_every_module_the_build_names_exists_and_loads_from_the_build_that_runs() -> None:
    """``setup.py`` compiles the modules ``kingofny._build`` names (it reads its lists), and the
    import hook switches the same ones: each must exist, and in a compiled install each is an
    extension module, unless pure Python was asked for."""
    names = list(_build.COMPILED_MODULES)
    for package in _build.COMPILED_PACKAGES:
        folder = Path(importlib.import_module(package).__path__[0])
        names += [f"{package}.{path.stem}" for path in sorted(folder.glob("*.py"))]
    assert len(names) > 20
    for name in names:
        module = importlib.import_module(name)
        compiled = (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        assert compiled is (kingofny.COMPILED and _build.is_compiled_name(name)), name
