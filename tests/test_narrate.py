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


def _told(state: k.GameState, *moves: k.Action) -> list[str]:
    """The narration of ``moves`` played one after the other from ``state``."""
    from kingofny.narrate import describe

    lines: list[str] = []
    for move in moves:
        seat = state.current_player
        after, steps = k.apply_traced(state, move)
        lines += [line.strip() for line in describe(state, k.Event(seat, move), after, steps)]
        state = after
    return lines


def test_a_lethal_attack_says_the_damage_and_who_dealt_it() -> None:
    """Issue 24: "Captain Fish is eliminated!" came with no cause, and lethal damage printed no
    figure, though every other hit does. seed 000 *Attack*: a monster that loses its last Life
    Point is eliminated; the log says by how much and by whose Attack."""
    from kingofny.testing import Scenario, resolve

    state = (
        Scenario(["kong", "mantis", "rob", "sheriff"])
        .monster("kong", borough="queens")
        .monster("mantis", manhattan="midtown")
        .monster("rob", borough="bronx", life=2)
        .monster("sheriff", borough="brooklyn")
        .turn("mantis", dice="AACCEE")
        .build()
    )
    lines = _told(state, resolve("A"))
    assert "Rob loses 2 life to Mantis's Attack and is eliminated!" in lines, lines


def test_a_lethal_ouch_says_it_was_the_units() -> None:
    """Issue 24: an elimination by Ouch says so (seed 000 *Ouch!*: the units in your borough
    attack you)."""
    from kingofny.testing import Scenario, resolve

    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", life=1)
        .monster("mantis", borough="bronx")
        .borough("queens", units=["infantry"])
        .turn("kong", dice="OCCEEH")
        .build()
    )
    lines = _told(state, resolve("O"))
    eliminated = [line for line in lines if "is eliminated" in line]
    told = "Kong loses 1 life to the units' counterattack (Ouch!) and is eliminated!"
    assert eliminated == [told]


def test_buying_natural_selection_says_the_price_and_what_the_card_gave() -> None:
    """Issue 24: buying Natural Selection was told as "gains 2 energy" (the net of its price and
    its +4 Energy), unlike other purchases. The price is spent, then the card gives."""
    from kingofny.testing import Scenario

    state = (
        Scenario(["kong", "mantis"])
        .monster("kong", borough="queens", energy=5, life=6)
        .monster("mantis", borough="bronx")
        .market(["natural-selection", None, None])
        .turn("kong", at="buy")
        .build()
    )
    buy = next(a for a in k.legal_actions(state) if isinstance(a, k.Buy) and a.slot == 0)
    price = k.card_price(state, 0, "base:natural-selection")
    text = "\n".join(_told(state, buy))
    assert f"spends {price} energy, gains 4 life and 4 energy" in text, text
