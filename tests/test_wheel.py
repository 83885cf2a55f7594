"""The wheel builds, installs into a fresh virtual environment, and its command works there.

This is the release check a user's ``pip install kingofny`` depends on: the package data
(``py.typed``), the ``kingofny`` console script and the ``kingofny.content`` entry point of the
base game must all be in the wheel, not only in the source tree. It needs ``pip`` (and network
access to PyPI for ``attrs``); it is skipped with a reason when the machinery is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import kingofny

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 240
_OFFLINE = ("No matching distribution", "NewConnectionError", "Could not find a version")
"""What pip says when it cannot reach an index."""


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _clean_env() -> dict[str, str]:
    """The environment without variables that would leak the development install into the venv."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _build_env(**extra: str) -> dict[str, str]:
    """The environment of a wheel build: pure Python (quick) unless the compiled session asks
    for the compiled build with ``KINGOFNY_TEST_COMPILED_WHEEL=1``."""
    env = _clean_env()
    if os.environ.get("KINGOFNY_TEST_COMPILED_WHEEL") != "1":
        env["KINGOFNY_PURE_PYTHON"] = "1"
    env.update(extra)
    return env


_POSIX_COMPILER = pytest.mark.skipif(
    os.name == "nt", reason="CC=false stands for no compiler with unix compilers only, not MSVC"
)
"""The tests that take away the C compiler with ``CC=false``."""

BUILD_INPUTS = ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE", "src")
"""What a build reads from the checkout."""


def _source_copy(dest: Path, *, whole: bool = False) -> Path:
    """A copy of the build's inputs: builds in the checkout would share its ``build/`` folder
    with the other test processes (pytest-xdist) and with the developer's own builds. ``whole``
    adds what the sdist carries besides (the tests and the smoke test)."""
    dest.mkdir(parents=True)
    for name in BUILD_INPUTS + (("tests", "tools") if whole else ()):
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info")
            shutil.copytree(source, dest / name, ignore=ignore)
        else:
            shutil.copy2(source, dest / name)
    return dest


def _pip_wheel(out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``pip wheel`` of a copy of the sources into ``out`` (skipped when pip cannot install
    the build backend: no network)."""
    source = _source_copy(out / "source")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 3,
        check=False,
        env=env,
    )
    if done.returncode != 0 and any(sign in done.stdout + done.stderr for sign in _OFFLINE):
        pytest.skip(f"the build backend could not be installed:\n{done.stderr[-2000:]}")
    return done


def _build_wheel(out: Path, env: dict[str, str]) -> Path:
    done = _pip_wheel(out, env)
    assert done.returncode == 0, done.stdout + done.stderr
    wheels = sorted(out.glob("kingofny-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("KINGOFNY_TEST_WHEEL")
    if given:  # the compiled session's wheel, already built
        return Path(given).resolve()
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    probe = subprocess.run(
        [sys.executable, "-m", "pip", "--version"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        pytest.skip("pip is not available to build the wheel")
    return _build_wheel(tmp_path_factory.mktemp("wheelhouse"), _build_env())


def test_wheel_contents(wheel: Path) -> None:
    assert wheel.name.startswith(f"kingofny-{kingofny.__version__}-")
    compiled = os.environ.get("KINGOFNY_TEST_COMPILED_WHEEL") == "1"
    assert wheel.name.endswith("-py3-none-any.whl") != compiled, wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"kingofny-{kingofny.__version__}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert "kingofny/__init__.py" in names
    assert "kingofny/py.typed" in names
    for static in ("index.html", "app.js", "style.css"):  # the page of ``kingofny serve``
        assert f"kingofny/web/static/{static}" in names
    assert not any(n.startswith(("tests/", "examples/")) for n in names)
    assert "Project-URL: Homepage, " in metadata
    assert "Requires-Dist: attrs" in metadata
    assert "Provides-Extra: web" in metadata
    assert "kingofny = kingofny.cli:main" in entry_points
    assert "[kingofny.content]" in entry_points


def test_wheel_installs_and_runs_in_a_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"cannot create a virtual environment with pip: {exc}")
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    command = bindir / ("kingofny.exe" if os.name == "nt" else "kingofny")
    env = _clean_env()
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    if install.returncode != 0 and any(sign in install.stderr for sign in _OFFLINE):
        pytest.skip(f"the dependencies cannot be downloaded:\n{install.stderr[-2000:]}")
    assert install.returncode == 0, install.stdout + install.stderr

    # Run from tmp_path, so that the source tree cannot be imported by accident.
    where = _run(
        [
            str(python),
            "-c",
            "import kingofny, sys; print(kingofny.__file__); "
            "print(kingofny.__version__); print(len(kingofny.__all__))",
        ],
        tmp_path,
        env,
    ).split()
    assert Path(where[0]).resolve().is_relative_to(env_dir.resolve())
    assert where[1] == kingofny.__version__
    assert int(where[2]) == len(kingofny.__all__)

    version = _run([str(command), "--version"], tmp_path, env)
    assert version.strip() == f"kingofny {kingofny.__version__}"
    table = _run([str(command), "simulate", "--games", "2", "--seed", "1"], tmp_path, env)
    assert "heuristic" in table
    assert "games: 2" in table
    plugins = _run([str(command), "plugins"], tmp_path, env)
    assert plugins.startswith("base ")


@_POSIX_COMPILER
def test_without_a_c_compiler_the_build_is_pure(tmp_path: Path) -> None:
    """Issue 8: "``pip install .`` on a fresh machine ... without one it installs the pure
    one". ``CC=false`` stands for a machine without a working compiler."""
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    env = _build_env(CC="false")
    env.pop("KINGOFNY_PURE_PYTHON", None)
    built = _build_wheel(tmp_path, env)
    assert built.name.endswith("-py3-none-any.whl"), built.name
    with zipfile.ZipFile(built) as archive:
        assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


def _fake_mypyc(where: Path) -> dict[str, str]:
    """An environment in which importing mypy or mypyc fails loudly."""
    for name in ("mypy", "mypyc"):
        (where / name).mkdir(parents=True)
        (where / name / "__init__.py").write_text(f"raise RuntimeError('{name} was imported')\n")
    return {**_clean_env(), "PYTHONPATH": str(where)}


def test_metadata_and_the_sdist_never_run_mypyc(tmp_path: Path) -> None:
    """Issue 20: mypyc runs only when extensions are built, not when ``setup.py`` is read for
    the metadata or the sdist (it took 40 s there)."""
    pytest.importorskip("setuptools", minversion="77")
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    source = _source_copy(tmp_path / "source", whole=True)
    env = _fake_mypyc(tmp_path / "fake")
    name = _run([sys.executable, "setup.py", "--name"], source, env)
    assert name.strip().splitlines()[-1] == "kingofny"
    _run([sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")], source, env)
    (sdist,) = (tmp_path / "dist").glob("kingofny-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    top = sdist.name.removesuffix(".tar.gz")
    for needed in (
        "setup.py",
        "src/kingofny/_build.py",
        "tests/golden/regenerate.py",
        "tools/smoke.py",
    ):
        assert f"{top}/{needed}" in names, needed
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]


@_POSIX_COMPILER
def test_a_release_build_without_a_compiler_fails(tmp_path: Path) -> None:
    """Issue 20: with ``KINGOFNY_REQUIRE_COMPILED=1`` a build that cannot compile fails, and
    says why, rather than falling back to pure Python."""
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    env = {**_clean_env(), "CC": "false", "KINGOFNY_REQUIRE_COMPILED": "1"}
    env.pop("KINGOFNY_PURE_PYTHON", None)
    done = _pip_wheel(tmp_path, env)
    assert done.returncode != 0
    assert "KINGOFNY_REQUIRE_COMPILED=1 forbids a pure build" in done.stdout + done.stderr
    assert not list(tmp_path.glob("*.whl"))


def test_a_mypyc_failure_makes_a_pure_wheel_not_a_platform_one(tmp_path: Path) -> None:
    """A build that falls back to pure Python after the wheel was given a platform tag (mypyc
    failing, here a stand-in that exits) still makes ``py3-none-any``: a platform-tagged wheel
    without compiled modules would sit in pip's cache under the wrong tag."""
    pytest.importorskip("setuptools", minversion="77")
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    fake = tmp_path / "fake" / "mypyc"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "build.py").write_text("def mypycify(*args, **kwargs):\n    raise SystemExit(1)\n")
    source = _source_copy(tmp_path / "source")
    env = {**_clean_env(), "PYTHONPATH": str(tmp_path / "fake")}
    for name in ("KINGOFNY_PURE_PYTHON", "KINGOFNY_REQUIRE_COMPILED"):
        env.pop(name, None)
    out = tmp_path / "wheels"
    _run([sys.executable, "setup.py", "-q", "bdist_wheel", "-d", str(out)], source, env)
    (wheel,) = out.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        assert (
            "Root-Is-Purelib: true"
            in archive.read(f"kingofny-{kingofny.__version__}.dist-info/WHEEL").decode()
        )
