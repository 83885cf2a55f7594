"""Build kingofny: the rules core compiled with mypyc where a C compiler is there, else pure.

All of the package's metadata is in ``pyproject.toml``; this file only decides the extension
modules. The same sources are always installed, so the pure-Python modules are there too:

- ``KINGOFNY_PURE_PYTHON=1`` at build time builds a pure wheel (no mypyc, no compiler);
- a build without mypy or without a working C compiler falls back to pure Python, with a
  warning, rather than failing: ``pip install .`` always installs;
- editable installs (``pip install -e .``) stay pure, so that edits to the sources take effect;
  ``KINGOFNY_COMPILE_INPLACE=1`` compiles them in place all the same.

At run time, ``KINGOFNY_PURE_PYTHON=1`` makes a compiled install import the pure modules, and
``kingofny.COMPILED`` says which ones run.
"""

from __future__ import annotations

import ast
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py


def _module_lists() -> dict[str, tuple[str, ...]]:
    """The module lists of ``src/kingofny/_build.py`` (read, not imported: the build must not
    import the package), so that the build and the run-time switch name the same modules."""
    tree = ast.parse(Path("src", "kingofny", "_build.py").read_text(encoding="utf-8"))
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.isupper():
                found[target.id] = ast.literal_eval(node.value)
    return found


def _compiled_modules() -> tuple[str, ...]:
    """The source files mypyc compiles (paths under ``src/``): every module of
    ``_build.COMPILED_PACKAGES`` but its ``INTERPRETED_MODULES``, then its
    ``COMPILED_MODULES``."""
    lists = _module_lists()
    skipped = set(lists["INTERPRETED_MODULES"])
    paths: list[str] = []
    for package in lists["COMPILED_PACKAGES"]:
        folder = Path("src", *package.split("."))
        for path in sorted(folder.glob("*.py")):
            if f"{package}.{path.stem}" not in skipped:
                paths.append(path.relative_to("src").as_posix())
    paths += [f"{name.replace('.', '/')}.py" for name in lists["COMPILED_MODULES"]]
    return tuple(paths)


COMPILED_MODULES = _compiled_modules()
"""The hot modules mypyc compiles, as named by ``kingofny._build``."""


def _say(message: str) -> None:
    print(f"kingofny build: {message}", file=sys.stderr)


def _wanted() -> bool:
    if os.environ.get("KINGOFNY_PURE_PYTHON", "") not in ("", "0"):
        _say("KINGOFNY_PURE_PYTHON is set: building pure Python")
        return False
    editable = any(cmd in sys.argv for cmd in ("editable_wheel", "develop"))
    if editable and os.environ.get("KINGOFNY_COMPILE_INPLACE", "") in ("", "0"):
        _say("editable install: pure Python (set KINGOFNY_COMPILE_INPLACE=1 to compile)")
        return False
    return True


def _compiler_works() -> bool:
    """Whether a C compiler can build a Python extension here (checked before mypyc runs)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "probe.c")
        source.write_text("#include <Python.h>\nint kingofny_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[get_python_inc()])
        except Exception as exc:  # CompileError, or no compiler at all
            _say(f"no working C compiler ({type(exc).__name__}): building pure Python")
            return False
    return True


def _extensions() -> list[Any]:
    if not _wanted() or not _compiler_works():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed: building pure Python")
        return []
    try:
        return list(
            mypycify(
                [f"src/{path}" for path in COMPILED_MODULES],
                opt_level="3",
                debug_level="0",
                target_dir=str(Path("build", "mypyc")),
            )
        )
    except BaseException as exc:  # mypyc reports type errors by exiting
        _say(f"mypyc failed ({exc!r}): building pure Python")
        return []


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to pure Python when any extension fails to build: the
    compiled modules share one runtime library, so it is all of them or none."""

    def run(self) -> None:
        """Build the extensions, or none of them."""
        self._drop_stale()
        try:
            super().run()
        except Exception as exc:
            _say(f"compiling failed ({exc}): installing pure Python")
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            self.extensions = []

    def _drop_stale(self) -> None:
        """Remove compiled modules an earlier build left in the build directory that this one
        does not build (a module now interpreted would otherwise ship compiled)."""
        wanted = {Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions}
        _drop_compiled(Path(self.build_lib), keep=wanted)


class PurePy(build_py):
    """``build_py`` that, in a pure build (no extensions, so no ``build_ext`` run), removes the
    compiled modules an earlier compiled build left in the build directory."""

    def run(self) -> None:
        """Copy the sources, after clearing stale compiled modules in a pure build."""
        if not self.distribution.ext_modules:
            _drop_compiled(Path(self.build_lib), keep=set())
        super().run()


def _drop_compiled(root: Path, keep: set[Path]) -> None:
    found = [*root.glob("*__mypyc.*"), *root.glob("kingofny/**/*.so")]
    for built in [*found, *root.glob("kingofny/**/*.pyd")]:
        if built.resolve() not in keep:
            built.unlink()


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt, "build_py": PurePy})
