"""Documents written by kingofny 0.1.0 (JSON schema 1) still read (docs/serialization.rst,
*Compatibility*): real 0.1.0 records and states at card questions, made by
tests/fixtures/make_0_1_0_documents.py against the 0.1.0 release, with every kind of card option
0.1.0 wrote (``heal-2``, ``seat-1``, ``H>E``, ``C:E>O``, bare card ids, ``discard-web``,
``move-bronx``, ``send-fresh-jet-bronx``, ``buy-base:stomp``)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

import kingofny as k
from kingofny.content.base.legacy import upgrade_option

FIXTURE = Path(__file__).parent / "fixtures" / "kingofny-0.1.0-documents.json"


@functools.cache
def documents() -> dict[str, list[dict[str, Any]]]:
    loaded: dict[str, list[dict[str, Any]]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return loaded


def test_the_fixture_is_schema_1_with_old_options() -> None:
    """The documents really are 0.1.0's: schema 1, and old-style options inside."""
    docs = documents()
    assert {d["schema_version"] for d in docs["records"] + docs["states"]} == {1}
    options = {
        e["action"]["option"]
        for r in docs["records"]
        for e in r["data"]["events"]
        if "action" in e and e["action"]["type"] == "use-card"
    }
    assert {"discard-web", "discard-curse", "discard", "heal-3", "seat-2"} <= options
    for prefix in ("C:", "buy-", "send-", "move-", "base:"):
        assert any(o.startswith(prefix) for o in options), prefix
    assert any(">" in o for o in options)


@pytest.mark.parametrize("index", range(7))
def test_a_0_1_0_state_at_a_card_question_loads_and_every_answer_applies(index: int) -> None:
    """DESIGN Contract 3 and 8: a state that loads is a position whose legal actions apply."""
    state = k.from_json(json.dumps(documents()["states"][index]))
    assert isinstance(state, k.GameState)
    actions = k.legal_actions(state)
    assert actions
    for action in actions:
        k.apply(state, action)


def test_0_1_0_records_replay_with_todays_option_names() -> None:
    """Each 0.1.0 record reads (events checked and replayed) and ends as it states. None of
    these games took a move that this release's rule fixes forbid; one that did would be
    refused at that event."""
    for doc in documents()["records"]:
        record = k.from_json(json.dumps(doc))
        assert isinstance(record, k.GameRecord)
        assert record.config.seed is None  # 0.1.0 seeds drew other streams (issue 7 §4)
        assert len(record.events) == len(doc["data"]["events"])
        assert k.replay(record).winners == record.winners


@pytest.mark.parametrize(
    ("card", "old", "new"),
    [
        ("base:next-stage", "heal-2", "heal:2"),
        ("base:photo-op", "seat-1", "seat:1"),
        ("base:artificial-heart", "H>E", "convert:heal:energy"),
        ("base:universal-soldier", "A>H", "convert:attack:heal"),
        ("base:chameleon", "C", "discard:celebrity"),
        ("base:chameleon", "C:E>O", "convert:energy:ouch"),
        ("base:tesla-cannon", "base:stomp", "card:base:stomp"),
        ("base:columbia-university", "base:jinx-aura", "card:base:jinx-aura"),
        ("web", "discard-web", "discard:token:web"),
        ("curse", "discard-curse", "discard:token:curse"),
        ("base:carapace", "discard", "discard:card:base:carapace"),
        ("base:subway", "move-staten-island", "move:staten-island"),
        ("base:super-speed", "enter", "enter"),
        ("base:stink-attack", "send-fresh-jet-bronx", "send:jet:bronx:fresh"),
        ("base:stink-attack", "send-tank-staten-island", "send:tank:staten-island"),
        ("base:stink-attack", "done", "done"),
        ("base:scavenger", "buy-base:stomp", "buy:card:base:stomp"),
        ("base:hailing-cabs", "use", "use"),
    ],
)
def test_each_0_1_0_option_maps_to_todays(card: str, old: str, new: str) -> None:
    """The 0.1.0 option names (CHANGELOG 0.1.0 card effects) and today's (docs, *Card
    options*), written out by hand."""
    assert upgrade_option(card, old) == new
