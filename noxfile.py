"""Contributor tasks: ``nox -s tests lint typecheck bench golden``."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "example", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True

PYTHON = ["3.11"]


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


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
    """Ruff lint and format check."""
    session.install("ruff>=0.4")
    paths = ["src", "tests", "bench", "examples", "noxfile.py"]
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".[test]", "-e", "examples/kingofny-example-pack", "mypy>=1.8")
    session.run("mypy", "--strict", "src", "tests")
    session.run("mypy", "--strict", "examples/kingofny-example-pack/src")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Play random 4-monster games and print games/s and µs per apply and legal_actions."""
    session.install("-e", ".")
    session.run("python", "bench/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def golden(session: nox.Session) -> None:
    """Regenerate the golden transcripts in tests/golden/ (review the diff before committing)."""
    session.install("-e", ".")
    session.run("python", "tests/golden/regenerate.py")
