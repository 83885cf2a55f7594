"""Old import paths of private modules, kept working for one release with a warning.

kingofny 0.2 moved the rules engine to :mod:`kingofny._engine` and the registry of installed
packs to :mod:`kingofny._registry`: private, free to change. Their old paths still import, for
0.2 only, each with a :class:`DeprecationWarning` that names the public way.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import warnings

REMOVED_IN = "0.3"
"""The release that drops the old paths."""


def warn_moved(old: str, new: str, instead: str) -> None:
    """Warn that the module ``old`` is now the private ``new`` (use ``instead``)."""
    warnings.warn(
        f"{old} is deprecated since kingofny 0.2 (it is now {new}) and goes in {REMOVED_IN}: "
        f"{instead}",
        DeprecationWarning,
        stacklevel=3,
    )


def alias_package(old: str, new: str) -> None:
    """Make every submodule of the package ``new`` importable as a submodule of ``old`` (the
    same module objects, so nothing is loaded twice)."""
    package = importlib.import_module(new)
    shim = sys.modules[old]
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{new}.{info.name}")
        sys.modules.setdefault(f"{old}.{info.name}", module)
        setattr(shim, info.name, module)
