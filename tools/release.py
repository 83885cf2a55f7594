"""Build and check what a kingofny release uploads, as a user would get it.

``nox -s release`` runs this for every CPython 3.10–3.13 found on the machine; ``nox -s build``
for its own Python only, reusing the compiled wheel ``nox -s compiled`` built. Steps:

1. the sdist (``python -m build --sdist``);
2. a pure wheel, ``py3-none-any``, built from the sdist with ``KINGOFNY_PURE_PYTHON=1``;
3. a compiled wheel per Python, built from the sdist with ``KINGOFNY_REQUIRE_COMPILED=1`` (a
   build that cannot compile fails) and, on Linux, repaired by ``auditwheel`` to a manylinux
   tag; a wheel of the same sources and Python is reused from ``--cache``;
4. ``twine check --strict`` on everything, ``check-wheel-contents`` on the wheels;
5. each artefact installed into a clean virtual environment of its Python with no compiler on
   the path (``CC=false``), where ``tools/smoke.py`` checks it: the compiled wheels run
   compiled, the pure wheel and the sdist pure (pip builds the sdist without a compiler);
6. the list of files with their tags and sizes.

The compiled wheels are built, and the artefacts smoke-tested, a few at once: one per core (each
build and each smoke test runs on one core), so a release for four Pythons on two cores takes
about half the time.

``--wheel-only`` stops after step 3 for one Python and prints the wheel's path.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
SMOKE = ROOT / "tools" / "smoke.py"
GOLDEN = ROOT / "tests" / "golden"
SOURCES = ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE")
"""The files of the build besides ``src/``: a wheel built from other contents is rebuilt."""
PURE = {"KINGOFNY_PURE_PYTHON": "1"}
"""The build environment of the pure wheel."""
T = TypeVar("T")
"""What a job of :func:`side_by_side` returns."""
MYPYC_RUNTIME = "kingofny__mypyc"
"""mypyc's shared library of the compiled modules: by design outside the package."""


class ReleaseError(Exception):
    """A step of the release failed; the message says which and why."""


def side_by_side(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """The results of ``jobs`` (each runs subprocesses), in order, run one per core at a time;
    the first failure is raised."""
    cores = max(1, min(len(jobs), os.cpu_count() or 1))
    with ThreadPoolExecutor(cores) as pool:
        futures = [pool.submit(job) for job in jobs]
        try:
            return [future.result() for future in futures]
        except BaseException:
            for future in futures:
                future.cancel()  # the queued jobs do not start
            raise


def say(message: str) -> None:
    """Print one line of progress."""
    print(f"release: {message}", flush=True)


def run(args: Sequence[str | Path], env: Mapping[str, str] | None = None) -> str:
    """Run a command; its output on failure."""
    done = subprocess.run(
        [str(a) for a in args],
        env=None if env is None else {**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise ReleaseError(
            f"{' '.join(str(a) for a in args)} failed ({done.returncode}):\n"
            f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return done.stdout


def interpreter(version: str) -> Path:
    """The ``python3.X`` command of a CPython version, which must run here."""
    found = shutil.which(f"python{version}")
    if found is None:
        raise ReleaseError(f"no python{version} on the PATH")
    return Path(found)


def source_digest() -> str:
    """A digest of everything the build reads: a cached wheel is valid while it holds."""
    digest = hashlib.sha256()
    paths = [ROOT / name for name in SOURCES if (ROOT / name).is_file()]
    paths += sorted(p for p in (ROOT / "src" / "kingofny").rglob("*") if _is_source(p))
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _is_source(path: Path) -> bool:
    return path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".pyd")


def new_venv(python: Path, where: Path) -> Path:
    """A clean virtual environment of ``python`` at ``where``; its interpreter."""
    run([python, "-m", "venv", "--clear", where])
    bindir = where / ("Scripts" if os.name == "nt" else "bin")
    return bindir / ("python.exe" if os.name == "nt" else "python")


def build_sdist(out: Path) -> Path:
    """The sdist, from the checkout."""
    run([sys.executable, "-m", "build", "--sdist", "--outdir", out, ROOT])
    (sdist,) = out.glob("kingofny-*.tar.gz")
    return sdist


def build_wheel(python: Path, sdist: Path, out: Path, env: Mapping[str, str]) -> Path:
    """A wheel of ``sdist`` for ``python`` (in a throwaway venv, with pip's isolated build)."""
    with tempfile.TemporaryDirectory(prefix="kingofny-build-") as tmp:
        builder = new_venv(python, Path(tmp, "venv"))
        wheels = Path(tmp, "wheels")
        run([builder, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", wheels, sdist], env)
        (built,) = wheels.glob("kingofny-*.whl")
        out.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(built, out))


def python_tag(python: Path) -> str:
    """``cp311`` for CPython 3.11, and so on."""
    return run([python, "-c", "import sys; print('cp%d%d' % sys.version_info[:2])"]).strip()


def compiled_wheel(version: str, sdist: Path, cache: Path) -> Path:
    """The compiled wheel of this Python for the current sources: from the cache, or built."""
    python = interpreter(version)
    tag = python_tag(python)
    folder = cache / source_digest()
    found = sorted(folder.glob(f"kingofny-*-{tag}-{tag}-*.whl"))
    if found:
        say(f"{tag}: reusing {found[0].name} (same sources)")
        return found[0]
    say(f"{tag}: compiling (mypyc)")
    wheel = build_wheel(python, sdist, folder, {"KINGOFNY_REQUIRE_COMPILED": "1"})
    if wheel.name.endswith("-py3-none-any.whl"):
        raise ReleaseError(f"{tag}: the build made a pure wheel")
    return wheel


def repair(wheel: Path, out: Path) -> Path:
    """The wheel with a manylinux tag (``auditwheel repair``); other systems keep theirs."""
    if not sys.platform.startswith("linux"):
        say(f"{wheel.name}: not on Linux, no auditwheel repair")
        return Path(shutil.copy2(wheel, out))
    with tempfile.TemporaryDirectory(prefix="kingofny-repair-") as tmp:
        run(["auditwheel", "repair", "--wheel-dir", tmp, wheel])
        (repaired,) = Path(tmp).glob("*.whl")
        return Path(shutil.copy2(repaired, out))


def check(files: Sequence[Path]) -> None:
    """Check the metadata (twine --strict) and each wheel's contents (check-wheel-contents)."""
    run(["twine", "check", "--strict", *files])
    for wheel in (f for f in files if f.suffix == ".whl"):
        with zipfile.ZipFile(wheel) as archive:
            runtime = [n for n in archive.namelist() if n.startswith(MYPYC_RUNTIME + ".")]
        run(["check-wheel-contents", "--toplevel", ",".join(["kingofny/", *runtime]), wheel])
    say(f"twine check --strict and check-wheel-contents: {len(files)} files pass")


def smoke(version: str, artefact: Path, expect: str) -> None:
    """Install ``artefact`` into a clean venv of this Python with no compiler, then run the
    smoke test there, from outside the checkout."""
    with tempfile.TemporaryDirectory(prefix="kingofny-smoke-") as tmp:
        python = new_venv(interpreter(version), Path(tmp, "venv"))
        no_compiler = {
            "CC": "false",
            "CXX": "false",
            "KINGOFNY_PURE_PYTHON": "",
            "KINGOFNY_REQUIRE_COMPILED": "",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        }
        run([python, "-m", "pip", "install", "--quiet", artefact], no_compiler)
        run([python, SMOKE, "--expect", expect, "--golden", GOLDEN], no_compiler)
    say(f"{artefact.name} on CPython {version}: installs with CC=false, smoke test passes")


def tags(path: Path) -> str:
    """A wheel's tags (python-abi-platform), or ``sdist``."""
    if path.suffix != ".whl":
        return "sdist"
    return "-".join(path.stem.split("-")[2:])


def summary(files: Sequence[Path]) -> None:
    """The released files with their tags and sizes."""
    width = max(len(f.name) for f in files)
    print(f"\n{'file':<{width}}  {'size':>10}  tags")
    for path in files:
        print(f"{path.name:<{width}}  {path.stat().st_size / 1024:>6.0f} KiB  {tags(path)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Build, check and smoke-test the release files; or only one compiled wheel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", required=True, help="e.g. 3.11")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--cache", type=Path, default=ROOT / ".nox" / "_wheels")
    parser.add_argument("--wheel-only", action="store_true")
    parser.add_argument(
        "--fresh", action="store_true", help="compile every wheel anew (no cache): for a release"
    )
    args = parser.parse_args(argv)
    cache = args.cache.resolve()
    if args.fresh:
        cache = Path(tempfile.mkdtemp(prefix="kingofny-wheels-"))
    try:
        with tempfile.TemporaryDirectory(prefix="kingofny-sdist-") as tmp:
            sdist = build_sdist(Path(tmp))
            if args.wheel_only:
                (version,) = args.python
                print(compiled_wheel(version, sdist, cache))
                return 0
            out = args.out.resolve()
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            files = [Path(shutil.copy2(sdist, out))]
        say("pure wheel")
        files.append(build_wheel(interpreter(args.python[0]), files[0], out, PURE))
        built = side_by_side([partial(compiled_wheel, v, files[0], cache) for v in args.python])
        compiled = {v: repair(wheel, out) for v, wheel in zip(args.python, built)}
        files += compiled.values()
        check(files)
        side_by_side(
            [
                partial(smoke, args.python[0], files[0], "pure"),
                partial(smoke, args.python[-1], files[1], "pure"),
                *(partial(smoke, v, wheel, "compiled") for v, wheel in compiled.items()),
            ]
        )
        summary(files)
    except ReleaseError as exc:
        print(f"release: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
