"""Settings for the whole test session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _data_dir_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test writes to the user's data folder: ``kingofny play``'s default saves (and those
    of the commands the tests start) go to a temporary folder."""
    before = os.environ.get("KINGOFNY_DATA_DIR")
    os.environ["KINGOFNY_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    yield
    if before is None:
        del os.environ["KINGOFNY_DATA_DIR"]
    else:
        os.environ["KINGOFNY_DATA_DIR"] = before
