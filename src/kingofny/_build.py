"""Which build of the rules core runs: compiled by mypyc, or pure Python.

A compiled install holds both the extension modules and their sources; Python imports the
extension when both are there. With ``KINGOFNY_PURE_PYTHON=1`` in the environment before
``import kingofny``, :func:`prefer_pure` installs an import hook that loads the sources of the
compiled modules instead, so one install can run either build. ``kingofny/__init__.py`` imports
this module before anything else, and importing it calls :func:`prefer_pure`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

COMPILED_PACKAGES = ("kingofny._engine",)
"""Packages whose modules are compiled ... (``setup.py`` reads these three lists from this file,
so the build and the import hook always name the same modules)"""
INTERPRETED_MODULES = ("kingofny._engine.core",)
"""... but for these, left interpreted: public entry points that check their own arguments."""
COMPILED_MODULES = (
    "kingofny._ids_core",
    "kingofny._registry",
    "kingofny.model._checks",
    "kingofny.model.places",
    "kingofny.model.dice",
    "kingofny.model.invariants",
    "kingofny.effects.primitives",
    "kingofny.model.triggers",
)
"""Single compiled modules outside those packages."""
PROBE = "kingofny._engine.loop"
"""The module whose loader tells which build runs."""


def is_compiled_name(name: str) -> bool:
    """Whether ``name`` is one of the modules a compiled build compiles."""
    if name in INTERPRETED_MODULES:
        return False
    return name in COMPILED_MODULES or any(
        name == package or name.startswith(package + ".") for package in COMPILED_PACKAGES
    )


class _SourceFinder:
    """Finds the ``.py`` source of a compiled module, ahead of its extension module (a meta
    path finder; importlib's machinery is imported only when it is used, to keep
    ``import kingofny`` quick)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname``'s source file, if it is a compiled module."""
        if not is_compiled_name(fullname) or path is None:
            return None
        from importlib.util import spec_from_file_location

        tail = fullname.rpartition(".")[2]
        for entry in path:
            package = os.path.join(entry, tail, "__init__.py")
            if os.path.isfile(package):
                return spec_from_file_location(
                    fullname, package, submodule_search_locations=[os.path.dirname(package)]
                )
            module = os.path.join(entry, f"{tail}.py")
            if os.path.isfile(module):
                return spec_from_file_location(fullname, module)
        return None


def pure_requested() -> bool:
    """Whether ``KINGOFNY_PURE_PYTHON`` asks for the pure-Python build."""
    return os.environ.get("KINGOFNY_PURE_PYTHON", "") not in ("", "0")


def prefer_pure() -> None:
    """Load the pure sources of the compiled modules from now on, if the environment asks for
    it (call before any of them is imported)."""
    if pure_requested() and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def compiled() -> bool:
    """Whether the rules core running in this process is the compiled one."""
    module = sys.modules.get(PROBE)
    loader = getattr(getattr(module, "__spec__", None), "loader", None)
    return type(loader).__name__ == "ExtensionFileLoader"


prefer_pure()
