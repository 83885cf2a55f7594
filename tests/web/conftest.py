"""Fixtures of the web app's tests (helpers in :mod:`tests.web.support`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.support import local_client


@pytest.fixture
def client() -> Iterator[Any]:
    """A test client of a new app, on this machine (a module may define its own)."""
    with local_client() as c:
        yield c
