"""Build kingofny: the rules core compiled with mypyc where a C compiler is there, else pure.

All of the package's metadata is in ``pyproject.toml``; this file only decides the extension
modules. The same sources are always installed, so the pure-Python modules are there too:

- ``KINGOFNY_PURE_PYTHON=1`` at build time builds a pure wheel (no mypyc, no compiler);
- a build without mypy or without a working C compiler falls back to pure Python, with a
  warning, rather than failing: ``pip install .`` always installs;
- ``KINGOFNY_REQUIRE_COMPILED=1`` turns each of those fallbacks into an error: a build meant
  for release compiles or fails;
- editable installs (``pip install -e .``) stay pure, so that edits to the sources take effect;
  ``KINGOFNY_COMPILE_INPLACE=1`` compiles them in place all the same.

mypyc runs only when the extensions are built (``build_ext``, as part of building a wheel),
never when this file is read for the metadata or the sdist.

At run time, ``KINGOFNY_PURE_PYTHON=1`` makes a compiled install import the pure modules, and
``kingofny.COMPILED`` says which ones run.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
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


BUILD_COMMANDS = ("build", "build_ext", "bdist_wheel", "bdist", "install", "editable_wheel")
"""The commands that build extension modules; any other (``egg_info``, ``dist_info``, ``sdist``,
``--name``) only reads the metadata, and never runs mypyc."""

PLACEHOLDER = Extension("kingofny.__mypyc_placeholder__", sources=[])
"""Stands for the mypyc extensions until ``build_ext`` makes them: with it the distribution has
extension modules, so the wheel gets its platform tag, without running mypyc to say so."""


def _say(message: str) -> None:
    print(f"kingofny build: {message}", file=sys.stderr)


def _set(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _pure(reason: str) -> list[Extension]:
    """Fall back to a pure-Python build for ``reason``, unless ``KINGOFNY_REQUIRE_COMPILED`` is
    set, which makes it an error."""
    if _set("KINGOFNY_REQUIRE_COMPILED"):
        raise SystemExit(
            f"kingofny build: {reason}, and KINGOFNY_REQUIRE_COMPILED=1 forbids a pure build"
        )
    _say(f"{reason}: building pure Python")
    return []


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
            _say(f"the C compiler does not work: {type(exc).__name__}: {exc}")
            return False
    return True


def _planned_extensions() -> list[Extension]:
    """What this run of ``setup.py`` will compile: nothing for a metadata or sdist command,
    else the placeholder, once the build is wanted and possible (quick checks, no mypyc)."""
    if not any(command in sys.argv for command in BUILD_COMMANDS):
        return []
    if _set("KINGOFNY_PURE_PYTHON"):
        return _pure("KINGOFNY_PURE_PYTHON is set")
    if "editable_wheel" in sys.argv and not _set("KINGOFNY_COMPILE_INPLACE"):
        return _pure("an editable install (set KINGOFNY_COMPILE_INPLACE=1 to compile)")
    if importlib.util.find_spec("mypyc") is None:
        return _pure("mypyc is not installed")
    if not _compiler_works():
        return _pure("no working C compiler")
    return [PLACEHOLDER]


def _mypyc_extensions() -> list[Extension]:
    """The extension modules mypyc makes of ``COMPILED_MODULES`` (it writes their C sources
    under ``build/mypyc``); none if it fails."""
    from mypyc.build import mypycify

    try:
        return list(
            mypycify(
                [f"src/{path}" for path in _compiled_modules()],
                opt_level="3",
                debug_level="0",
                target_dir=str(Path("build", "mypyc")),
                group_name="kingofny",
            )
        )
    except BaseException as exc:  # mypyc reports type errors by exiting
        return _pure(f"mypyc failed ({exc!r})")


class OptionalBuildExt(build_ext):
    """``build_ext`` that runs mypyc, and falls back to pure Python when any extension fails to
    build: the compiled modules share one runtime library, so it is all of them or none."""

    def finalize_options(self) -> None:
        """Replace the placeholder by the extensions mypyc makes (once per run)."""
        if PLACEHOLDER in (self.distribution.ext_modules or []):
            self.distribution.ext_modules = _mypyc_extensions()
            if not self.distribution.ext_modules:
                self._wheel_is_pure()
        super().finalize_options()

    def _wheel_is_pure(self) -> None:
        """A fallback decided after the wheel was given a platform tag: the wheel being built,
        if any, is pure after all (``py3-none-any``, installed as pure Python)."""
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.root_is_pure = True

    def run(self) -> None:
        """Build the extensions, or none of them."""
        self._drop_stale()
        try:
            super().run()
        except Exception as exc:
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            self.extensions = []
            _pure(f"compiling failed ({exc})")
            self._wheel_is_pure()

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


setup(
    ext_modules=_planned_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": PurePy},
)
