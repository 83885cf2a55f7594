"""Contributor tasks: ``nox -s tests lint typecheck bench golden``."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True

PYTHON = ["3.11"]


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Ruff lint and format check."""
    session.install("ruff>=0.4")
    session.run("ruff", "check", "src", "tests", "bench", "noxfile.py")
    session.run("ruff", "format", "--check", "src", "tests", "bench", "noxfile.py")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".[test]", "mypy>=1.8")
    session.run("mypy", "--strict", "src", "tests")


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
