"""The narration of ``simulate --verbose``, ``replay`` and ``kingofny play`` (issue 12): every
event in the order it happened, in plain words, with one indentation scheme."""

from __future__ import annotations

import re

import pytest

import kingofny as k
from kingofny.narrate import narrate


@pytest.fixture(scope="module")
def logs() -> list[list[str]]:
    games = []
    for seed in range(6):
        players: list[k.Player] = [
            k.HeuristicPlayer(seed),
            k.RandomPlayer(seed + 1),
            k.HeuristicPlayer(seed + 2),
        ]
        record = k.play_game(players, seed=seed).record
        games.append(list(narrate(k.replay_states(record))))
    return games


def test_no_internal_ids_in_prose(logs: list[list[str]]) -> None:
    for lines in logs:
        for line in lines:
            assert "base:" not in line, line
            assert not re.search(r"\b(high-rise|power-plant|hospital)-\d", line), line
            assert not re.search(r"\bseat \d+ \w+:", line), line


def test_one_indentation_scheme(logs: list[list[str]]) -> None:
    """Headers and the opening and closing lines at the margin; events at 2; consequences at
    4; a consequence follows an event."""
    for lines in logs:
        previous = 0
        for line in lines:
            indent = len(line) - len(line.lstrip(" "))
            assert indent in (0, 2, 4), line
            assert not (indent == 4 and previous == 0), line
            previous = indent


def test_entering_manhattan_comes_with_its_vp(logs: list[list[str]]) -> None:
    """The entry and its VP are one line, never a bare "+1 VP" before the entry."""
    entries = [
        line for lines in logs for line in lines if " enters " in line and "Manhattan" in line
    ]
    assert entries
    assert all("gains 1 VP" in line for line in entries), entries[:3]


def test_attack_damage_follows_the_attack_and_the_stays_are_told(logs: list[list[str]]) -> None:
    stays = flees = 0
    for lines in logs:
        for i, line in enumerate(lines):
            if re.match(r"  \S.* resolves \d+ Attack$", line):
                following = lines[i + 1]
                assert following.startswith("    "), (line, following)
                assert "loses" in following or "eliminated" in following, (line, following)
            stays += line.endswith(" stays in Manhattan")
            flees += " flees Manhattan to " in line
    assert stays
    assert flees


def test_forced_resolutions_after_a_destroy_are_told() -> None:
    """Dice resolved by the engine after the last choice (a Destroy decision) still appear:
    every face of a final roll is resolved in the log."""
    record = k.play_game([k.HeuristicPlayer(1), k.HeuristicPlayer(2)], seed=3).record
    lines = list(narrate(k.replay_states(record)))
    text = "\n".join(lines)
    turns = text.split("\n== Turn ")[1:]
    checked = 0
    for turn in turns:
        final = re.findall(r"dice now (\w+)|stops rolling with (\w+)", turn)
        if not final or "eliminated" in turn or "Game over" in turn:
            continue
        last = [a or b for a, b in final][-1]
        resolved = sum(int(n) for n in re.findall(r" resolves (\d+) ", turn))
        assert resolved == len(last), turn
        checked += 1
    assert checked > 5
