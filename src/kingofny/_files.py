"""Reading the files the commands are given, with one-line errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line starts without pathlib; its callers bring the paths
    from collections.abc import Callable
    from pathlib import Path


def read_text_file(path: Path, kind: str, error: Callable[[str], Exception]) -> str:
    """The text of the file ``path`` (UTF-8). A missing, unreadable or binary file, or a
    directory, raises ``error`` with a one-line message that names ``kind``, what the file
    should have been ("a game record")."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"no such file: {path}") from None
    except IsADirectoryError:
        raise error(f"{path} is a directory, not {kind}") from None
    except UnicodeDecodeError:
        raise error(f"{path} is not a text file") from None
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
