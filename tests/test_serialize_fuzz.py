"""from_json against mutated real documents and absurd ones (issue 7 §2, *Done when*): every
outcome is either a position the invariant checker accepts, or a typed error; records agree with
their replay; documents past the documented bounds are refused before they are decoded."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingofny as k
from kingofny import serialize
from kingofny._engine.validation import state_problems
from kingofny.model.invariants import MAX_AGENDA
from kingofny.serialize import MAX_DOCUMENT_LENGTH, MAX_LIST_LENGTH, MAX_RECORD_EVENTS

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def documents() -> tuple[str, ...]:
    """States of real games at many points: seeded and explicit, 2 to 6 monsters, mid-turn,
    at card questions and at the end."""
    found: list[str] = []
    for count in (2, 4, 6):
        result = k.play_game([k.RandomPlayer(i) for i in range(count)], seed=count)
        for i, (_, state) in enumerate(k.replay_states(result.record)):
            if i % 17 == 0 or state.is_terminal:
                found.append(k.to_json(state))
        explicit = k.new_game(count)
        rng = random.Random(count)
        for _ in range(120):
            if explicit.is_terminal:
                break
            if explicit.is_chance:
                outcomes = k.chance_outcomes(explicit)
                move: k.ActionOrOutcome = rng.choices(
                    [o for o, _ in outcomes], [p for _, p in outcomes]
                )[0]
            else:
                move = rng.choice(k.legal_actions(explicit))
            explicit = k.apply(explicit, move)
            found.append(k.to_json(explicit))
    # States at card questions, as kingofny 0.1.0 wrote them (schema 1): their options are data
    # only the card's effect understands.
    legacy = Path(__file__).parent / "fixtures" / "kingofny-0.1.0-documents.json"
    found.extend(json.dumps(doc) for doc in json.loads(legacy.read_text())["states"])
    return tuple(found)


@functools.cache
def record_document() -> str:
    return k.to_json(k.play_game([k.RandomPlayer(i) for i in range(3)], seed=5).record)


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.sampled_from([2**63, -(2**63), 2**64, 10**30]),
    st.text(max_size=12),
    st.sampled_from(["base:kong", "base:tesla-cannon", "web", "souvenir", "AAAAAAA", "bronx"]),
    st.lists(st.integers(min_value=-1, max_value=7), max_size=4),
    st.just({}),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _mutate(doc: Any, data: st.DataObject) -> Any:
    """One or two edits of a random place of ``doc``: a new value, a deletion, a copy."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(min_value=1, max_value=2))):
        places = [p for p in _paths(doc["data"]) if p]
        path = data.draw(st.sampled_from(places))
        parent = doc["data"]
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = data.draw(st.sampled_from(["replace", "delete", "duplicate", "swap"]))
        if action == "replace":
            parent[key] = data.draw(JSON_VALUES)
        elif action == "delete":
            del parent[key]
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = data.draw(st.integers(min_value=0, max_value=len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return doc


@FUZZ
@given(st.data())
def test_a_mutated_state_is_a_consistent_position_or_a_serialization_error(
    data: st.DataObject,
) -> None:
    """DESIGN Contract 8: from_json "validates everything"; issue 7 *Done when*: every outcome
    is a position the checker accepts or a typed error (nothing else escapes)."""
    text = data.draw(st.sampled_from(documents()))
    doc = _mutate(json.loads(text), data)
    try:
        state = k.from_json(json.dumps(doc))
    except k.SerializationError:
        return
    assert isinstance(state, k.GameState)
    assert k.from_json(k.to_json(state)) == state
    # DESIGN Contract 3: what loads is a position whose legal moves apply.
    moves: list[k.ActionOrOutcome] = [o for o, _ in k.chance_outcomes(state)] or list(
        k.legal_actions(state)
    )
    assert moves or state.is_terminal
    for move in moves[:40]:
        k.apply(state, move)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_record_replays_as_stated_or_is_refused(data: st.DataObject) -> None:
    """Issue 7 §2: "A record's stated winners and final position must agree with its replay"."""
    doc = _mutate(json.loads(record_document()), data)
    try:
        record = k.from_json(json.dumps(doc))
    except k.SerializationError:
        return
    assert isinstance(record, k.GameRecord)
    final = k.replay(record)
    assert final.winners == record.winners
    assert state_problems(final, all_tiles=True) == ()


def test_a_record_with_other_winners_than_its_replay_is_refused() -> None:
    """Issue 7 §2: the stated winners must be those of the replay."""
    doc = json.loads(record_document())
    assert doc["data"]["winners"] is not None
    doc["data"]["winners"] = [s for s in range(3) if s not in doc["data"]["winners"]][:1]
    with pytest.raises(k.SerializationError, match=r"^\$\.data\.winners: the record states"):
        k.from_json(json.dumps(doc))


def test_a_record_cut_short_but_claiming_winners_is_refused() -> None:
    """Issue 7 §2: a record whose replay does not reach the end states no winners."""
    doc = json.loads(record_document())
    doc["data"]["events"] = doc["data"]["events"][:40]
    with pytest.raises(k.SerializationError, match=r"^\$\.data\.winners: .*the game goes on"):
        k.from_json(json.dumps(doc))


def test_a_record_whose_event_does_not_replay_is_refused_at_that_event() -> None:
    """Issue 7 §2: records are replayed on reading; the first bad event is named."""
    doc = json.loads(record_document())
    index = next(i for i, e in enumerate(doc["data"]["events"]) if "action" in e and i > 10)
    doc["data"]["events"][index]["seat"] = (doc["data"]["events"][index]["seat"] + 1) % 3
    with pytest.raises(k.SerializationError, match=rf"^\$\.data\.events\[{index}\]: "):
        k.from_json(json.dumps(doc))


def test_a_seeded_schema_1_record_reads_as_its_listed_outcomes() -> None:
    """docs/serialization.rst *Compatibility*: seeds of schema 1 (kingofny 0.1.0) drew other
    streams (issue 7 §4), so such a record replays the outcomes it lists, explicitly."""
    record = k.play_game([k.RandomPlayer(i) for i in range(2)], seed=9).record
    doc = json.loads(k.to_json(record))
    doc["schema_version"] = 1
    old = k.from_json(json.dumps(doc))
    assert isinstance(old, k.GameRecord)
    assert old.config.seed is None
    assert old.events == record.events
    assert k.replay(old).monsters == k.replay(record).monsters


def test_a_million_step_agenda_is_refused_by_its_bound() -> None:
    """Issue 7 §2: "Absurd documents (a 1-million-step agenda ...) are refused quickly ...
    against documented bounds" (MAX_AGENDA), before the steps are decoded."""
    doc = json.loads(documents()[3])
    doc["data"]["agenda"] = [{"type": "move"}] * 1_000_000
    with pytest.raises(
        k.SerializationError, match=rf"^\$\.data\.agenda: at most {MAX_AGENDA} entries"
    ):
        k.state_from_dict(doc)


def test_a_record_of_800000_events_is_refused_by_its_bound() -> None:
    """Issue 7 §2: "a record of 800,000 events" is refused against MAX_RECORD_EVENTS."""
    doc = json.loads(record_document())
    event = doc["data"]["events"][0]
    doc["data"]["events"] = [event] * 800_000
    with pytest.raises(
        k.SerializationError, match=rf"^\$\.data\.events: at most {MAX_RECORD_EVENTS} entries"
    ):
        k.record_from_dict(doc)


@pytest.mark.parametrize(
    "key", ["extra_turns", "waiting", "deck", "discard", "hidden_tiles", ["turn", "marks"]]
)
def test_any_other_overlong_array_is_refused_by_the_list_bound(key: str | list[str]) -> None:
    """Review of issue 7: 700,000 extra turns or a million turn marks were read (seconds)
    and accepted; every array has a bound (MAX_LIST_LENGTH), checked before decoding."""
    doc = json.loads(documents()[3])
    keys = [key] if isinstance(key, str) else key
    parent = doc["data"]
    for name in keys[:-1]:
        parent = parent[name]
    parent[keys[-1]] = [0] * 1_000_000
    path = "$.data." + ".".join(keys)
    with pytest.raises(
        k.SerializationError, match=rf"^{re.escape(path)}: at most {MAX_LIST_LENGTH}"
    ):
        k.state_from_dict(doc)


def test_an_overlong_text_is_refused_before_parsing() -> None:
    """serialize.MAX_DOCUMENT_LENGTH: no JSON text longer than the bound is parsed."""
    text = " " * (MAX_DOCUMENT_LENGTH + 1)
    with pytest.raises(k.SerializationError, match=r"^\$: a document is at most"):
        k.from_json(text)


def test_a_long_real_game_still_loads() -> None:
    """The bounds leave room for real documents: a six-monster game's record and every state
    of it read back."""
    result = k.play_game([k.RandomPlayer(i) for i in range(6)], seed=2)
    assert k.from_json(k.to_json(result.record)) == result.record
    assert k.from_json(k.to_json(result.final_state)) == result.final_state


@FUZZ
@given(st.data())
def test_the_compiled_codec_agrees_with_the_precise_one(data: st.DataObject) -> None:
    """kingofny._fastjson: whatever the compiled reader takes, the precise reader reads the
    same; whatever it refuses, the precise reader decides (it may read an alias the fast one
    leaves to it). Writing reads back what was read, and the text writer writes exactly what
    ``json.dumps`` makes of the written value."""
    doc = json.loads(data.draw(st.sampled_from(documents())))
    if doc["schema_version"] != serialize.SCHEMA_VERSION:
        return  # a schema 1 document is upgraded before either reader sees it
    if data.draw(st.booleans()):
        doc = _mutate(doc, data)
    try:
        fast = serialize._PLAN.reader(k.GameState)(doc["data"])
    except Exception:
        return
    slow = serialize._decode(doc["data"], k.GameState, "$.data")
    assert fast == slow
    written = serialize._encode(slow, k.GameState, "$")
    assert serialize._PLAN.writer(k.GameState)(fast) == written
    text = serialize._PLAN.text_writer(k.GameState)(fast)
    assert text == json.dumps(written, separators=(",", ":"), allow_nan=False)
