"""Smoke-test an installed kingofny, as a user gets it from a wheel or an sdist.

Usage: ``python tools/smoke.py --expect compiled|pure|any [--golden DIR]``

- the package must come from an installation, not from this checkout's ``src/``;
- ``kingofny.COMPILED`` must be what ``--expect`` says (a binary wheel runs compiled, the pure
  wheel and an sdist installed without a compiler run pure);
- the seeded golden games (``tests/golden``) must replay to their transcripts exactly;
- the ``kingofny`` command must play a seeded game.

``nox -s release`` runs it in a clean virtual environment for every artefact, and cibuildwheel
runs it as the test command of every wheel it builds. It exits non-zero at the first failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
DEFAULT_GOLDEN = HERE.parent / "tests" / "golden"


def _load_golden_module(golden: Path) -> ModuleType:
    """``tests/golden/regenerate.py``, loaded by path: the transcripts are built by the same
    code that wrote them."""
    spec = importlib.util.spec_from_file_location("kingofny_golden", golden / "regenerate.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"smoke: no regenerate.py in {golden}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    """Run every check; print one line per check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expect", choices=("compiled", "pure", "any"), default="any")
    parser.add_argument("--golden", type=Path, default=DEFAULT_GOLDEN)
    args = parser.parse_args(argv)

    import kingofny

    where = Path(kingofny.__file__).resolve()
    if (HERE.parent / "src") in where.parents:
        raise SystemExit(f"smoke: kingofny comes from the checkout ({where}), not an install")
    print(f"smoke: kingofny {kingofny.__version__} from {where.parent}")

    print(f"smoke: COMPILED = {kingofny.COMPILED}")
    if args.expect != "any" and (args.expect == "compiled") != kingofny.COMPILED:
        raise SystemExit(f"smoke: expected a {args.expect} build")

    golden = _load_golden_module(args.golden.resolve())
    for players, seed in golden.GAMES:
        path = args.golden / golden.file_name(players, seed)
        if golden.transcript(players, seed) != path.read_text(encoding="utf-8"):
            raise SystemExit(f"smoke: the game of {path.name} differs from its transcript")
        print(f"smoke: {path.name} replays exactly")

    scripts = Path(sys.executable).parent
    beside = scripts / ("kingofny.exe" if os.name == "nt" else "kingofny")
    command = str(beside) if beside.is_file() else shutil.which("kingofny")
    if command is None:
        raise SystemExit("smoke: the kingofny command is not installed")
    played = subprocess.run(
        [command, "simulate", "--games", "2", "--seed", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    if played.returncode != 0:
        raise SystemExit(f"smoke: `kingofny simulate` failed:\n{played.stderr}")
    print("smoke: `kingofny simulate --games 2 --seed 1` played")
    print("smoke: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
