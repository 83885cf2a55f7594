"""Contributor tasks: ``nox`` runs tests, debug, compiled, example, rl, openspiel, web,
tournament, lint, typecheck, docs, build; ``nox -s bench`` measures speed; ``nox -s strength``
measures the search bots; ``nox -s golden`` regenerates the golden transcripts."""

from __future__ import annotations

import glob
import os

import nox

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

PYTHON = ["3.11"]


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def debug(session: nox.Session) -> None:
    """The property tests, the golden transcripts and the card rules in the debug mode of states
    (``KINGOFNY_DEBUG_STATES=1``: every update copies, nothing is memoised, hooks are watched):
    the engine's fast paths must play the same games as the plain ones."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "-q",
        "tests/test_properties.py",
        "tests/golden",
        "tests/test_json_every_state.py",
        "tests/engine",
        "tests/cards",
        *session.posargs,
        env={"KINGOFNY_DEBUG_STATES": "1"},
    )


def _install_compiled(session: nox.Session, extras: str = "") -> str:
    """Build the compiled wheel (mypyc), install it, not editable, and check that it runs
    compiled (``kingofny.COMPILED``). Returns the wheel's path."""
    wheelhouse = os.path.abspath(session.create_tmp())
    for old in glob.glob(f"{wheelhouse}/kingofny-*.whl"):
        os.remove(old)
    session.run("python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", wheelhouse, ".")
    (wheel,) = glob.glob(f"{wheelhouse}/kingofny-*.whl")
    # A reused session has kingofny 0.1.0 installed already: pip would keep that one.
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
    wheel = _install_compiled(session, "[test]")
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        *session.posargs,
        env={"KINGOFNY_TEST_COMPILED_WHEEL": "1", "KINGOFNY_TEST_WHEEL": wheel},
    )


@nox.session(python=PYTHON)
def rl(session: nox.Session) -> None:
    """The reinforcement-learning adapters with their frameworks (extra ``rl``)."""
    session.install("-e", ".[test,rl]")
    session.run("pytest", "-q", "tests/envs", *session.posargs)


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
    """Ruff lint and format check; the import contracts of ``pyproject.toml`` (import-linter:
    the public edge, the engine without content, the model at the bottom); no import cycle,
    imports inside functions included (``tools/import_cycles.py``)."""
    session.install("-e", ".", "ruff>=0.4", "import-linter>=2.1")
    paths = ["src", "tests", "bench", "examples", "docs", "tools", "noxfile.py", "setup.py"]
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)
    session.run("lint-imports")
    session.run("python", "tools/import_cycles.py", "kingofny")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src, tests, the example scripts and the example pack."""
    extras = ".[test,rl,web,play,stats]"
    session.install("-e", extras, "-e", "examples/kingofny-example-pack", "mypy>=1.8")
    session.run("mypy", "--strict", "src", "tests")
    session.run("mypy", "--strict", *sorted(glob.glob("examples/*.py")))
    session.run("mypy", "--strict", "examples/kingofny-example-pack/src")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Print issue 8's target table (ratios to bench/toy.py, interleaved) and the per-call report,
    for the pure-Python build and then for the compiled one (the same install, the first run
    with ``KINGOFNY_PURE_PYTHON=1``).

    Options after ``--`` go to ``bench/bench.py``: ``--reps``, ``--games``, ``--toy-games``,
    ``--quick``, ``--only table|calls``, ``--call-games`` ...
    """
    _install_compiled(session)
    session.run("python", "bench/bench.py", *session.posargs, env={"KINGOFNY_PURE_PYTHON": "1"})
    session.run("python", "bench/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def strength(session: nox.Session) -> None:
    """Issue 10's strength table: the search bots against heuristic players (seats rotated, win
    rates with Wilson 95% intervals, ms per decision), for 4, 2 and 6 monsters, and the
    heuristic against random players. A benchmark: slow, and not in the default sessions.

    Options after ``--`` go to ``bench/strength.py``: ``--games`` (40), ``--seed`` (1),
    ``--jobs``, ``--only mcts-4,expectimax-4,...``, ``--mcts mcts:ms=200``, ``--expectimax``.
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
    """Build the sdist and the wheel into dist/ and check their metadata with twine --strict."""
    import glob
    import shutil

    session.install("build>=1.0", "twine>=5.0")
    shutil.rmtree("dist", ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", "dist", ".")
    session.run("twine", "check", "--strict", *sorted(glob.glob("dist/*")))


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the Sphinx documentation (warnings are errors) and run the doctests of its pages."""
    session.install("-e", ".[docs,test,rl,openspiel]")
    # The tests of the docs extension need Sphinx, which the tests session does not install.
    session.run("pytest", "-q", "tests/test_docs_schema.py")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", "-W", "-b", "doctest", "docs", "docs/_build/doctest")
