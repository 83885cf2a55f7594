"""Where ``kingofny play`` saves a game by default: a new file under the user's data folder,
never the current directory (which may be a repository's root)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path

__all__ = ["data_dir", "new_save_path"]


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder of kingofny's saved games: ``$KINGOFNY_DATA_DIR`` if set, else the platform's
    user data folder: ``%APPDATA%/kingofny`` on Windows, ``~/Library/Application
    Support/kingofny`` on macOS, ``$XDG_DATA_HOME/kingofny`` (default
    ``~/.local/share/kingofny``) elsewhere."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if env.get("KINGOFNY_DATA_DIR"):
        return Path(env["KINGOFNY_DATA_DIR"])
    if system == "win32" and env.get("APPDATA"):
        return Path(env["APPDATA"], "kingofny")
    if system == "darwin":
        return Path.home() / "Library" / "Application Support" / "kingofny"
    xdg = env.get("XDG_DATA_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "kingofny"


def new_save_path(environ: Mapping[str, str] | None = None) -> Path:
    """A file for a new game's save, named by the time it started (``games/2026-12-02_061400.json``
    under :func:`data_dir`; ``_2``, ``_3``... when that name is taken). The folder is created,
    and the file too (empty), so that two games started in the same second get two files."""
    folder = data_dir(environ) / "games"
    folder.mkdir(parents=True, exist_ok=True)
    stem = time.strftime("%Y-%m-%d_%H%M%S")
    for number in range(1, 10_000):
        path = folder / (f"{stem}.json" if number == 1 else f"{stem}_{number}.json")
        try:
            path.open("x").close()
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free save name for {stem} in {folder}")
