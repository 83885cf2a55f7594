"""Golden transcripts: a few seeded random games must play exactly as recorded.

The transcripts in this folder pin every decision, chance outcome and per-turn summary of three
seeded games (2, 4 and 6 monsters). Any change to the rules, the legal-action order or the
auto-chance generator shows up here as a diff. Sources: DESIGN Contract 3 (same state + same
action = same result) and Contract 5 (a seeded game resolves chance reproducibly).
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden import regenerate


@pytest.mark.parametrize(("players", "seed"), regenerate.GAMES)
def test_golden_transcript(players: int, seed: int) -> None:
    """The game replays exactly as its golden transcript says (DESIGN Contract 3 and 5)."""
    path = regenerate.GOLDEN_DIR / regenerate.file_name(players, seed)
    assert path.exists(), f"{path.name} is missing: run `nox -s golden` and review the result"
    expected = path.read_text(encoding="utf-8")
    actual = regenerate.transcript(players, seed)
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"{path.name} (golden)",
                tofile=f"{path.name} (engine now)",
                n=2,
            )
        )
        pytest.fail(
            f"{path.name} no longer matches the engine; if the rule change is intended, run "
            f"`nox -s golden` and review the diff.\n{diff}",
            pytrace=False,
        )


def test_golden_transcripts_end_with_winners() -> None:
    """Each transcript records a finished game and its winners (seed 000, *End of the Game*)."""
    for players, seed in regenerate.GAMES:
        text = (regenerate.GOLDEN_DIR / regenerate.file_name(players, seed)).read_text("utf-8")
        assert text.splitlines()[-1].startswith("winners: ")
