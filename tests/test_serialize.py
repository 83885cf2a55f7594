"""Tests of the JSON codec (``kingofny.serialize``).

The contract under test is DESIGN Contract 8: ``to_json`` writes an envelope (format, schema
version, kingofny version, content packs) and the data; ``from_json`` validates everything and
raises a typed error with the JSON path of the first problem; a game record replays exactly.
Contract 2 (states equal and hash by value) gives the round-trip criterion. Expected paths and
values below are written by hand, never computed by the codec.
"""

from __future__ import annotations

import copy
import doctest
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingofny
from kingofny import serialize
from kingofny._engine.core import apply_logged, start
from kingofny.content.base import BASE_PACK_VERSION
from kingofny.errors import SchemaVersionError, SerializationError
from kingofny.model import actions as actions_model
from kingofny.model import outcomes as outcomes_model
from kingofny.model import steps as steps_model
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UseCard,
)
from kingofny.model.city import Borough, BuildingKind, UnitKind, building
from kingofny.model.dice import Dice, Face
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameConfig, GameState
from kingofny.model.steps import ChooseFlee, Destroy, LeaveManhattan
from kingofny.record import Event, GameRecord, replay, replay_states
from kingofny.serialize import (
    RECORD_FORMAT,
    SCHEMA_VERSION,
    STATE_FORMAT,
    from_json,
    record_from_dict,
    record_from_json,
    record_to_dict,
    state_from_dict,
    state_from_json,
    state_to_dict,
    to_json,
)
from kingofny.testing import state_problems

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- games to serialise ------------------------------------------------------------------------


def seeded_states(monsters: int, seed: int) -> Iterator[GameState]:
    """Every state a random seeded game passes through, the last one terminal."""
    rnd = random.Random(seed * 100 + monsters)
    state = kingofny.new_game(monsters, seed=seed)
    yield state
    while not state.is_terminal:
        state = kingofny.apply(state, rnd.choice(kingofny.legal_actions(state)))
        yield state


def explicit_play(
    monsters: int, seed: int, limit: int
) -> Iterator[tuple[GameState, Action | Outcome]]:
    """(state, move taken there) along a random explicit-chance game, for ``limit`` moves."""
    rnd = random.Random(seed)
    state = kingofny.new_game(monsters)
    for _ in range(limit):
        if state.is_terminal:
            return
        move: Action | Outcome
        if state.is_chance:
            options = kingofny.chance_outcomes(state)
            outcomes = [o for o, _ in options]
            move = rnd.choices(outcomes, weights=[float(p) for _, p in options])[0]
        else:
            move = rnd.choice(kingofny.legal_actions(state))
        yield state, move
        state = kingofny.apply(state, move)


def seeded_record(monsters: int, seed: int) -> tuple[GameRecord, GameState]:
    """A full record of a seeded random game (decisions and drawn outcomes) and its end."""
    rnd = random.Random(seed)
    config = GameConfig(kingofny.new_game(monsters, seed=seed).config.monsters, seed)
    drawn: list[Outcome] = []
    state = start(config, drawn)
    events = [Event(None, o) for o in drawn]
    while not state.is_terminal:
        action = rnd.choice(kingofny.legal_actions(state))
        seat = state.current_player
        drawn = []
        state = apply_logged(state, action, drawn)
        events.append(Event(seat, action))
        events.extend(Event(None, o) for o in drawn)
    return GameRecord(config, tuple(events), state.winners), state


def explicit_record(monsters: int, seed: int, limit: int) -> tuple[GameRecord, GameState]:
    """A record of an explicit-chance game cut after ``limit`` moves, and its last state."""
    events = []
    state = kingofny.new_game(monsters)
    for before, move in explicit_play(monsters, seed, limit):
        events.append(Event(before.current_player if not before.is_chance else None, move))
        state = kingofny.apply(before, move)
    return GameRecord(state.config, tuple(events), state.winners), state


def mid_game(monsters: int = 4, seed: int = 11, moves: int = 40) -> GameState:
    """A seeded state after ``moves`` random decisions (or the last one before the end)."""
    previous = None
    for i, state in enumerate(seeded_states(monsters, seed)):
        if i == moves or state.is_terminal:
            return state if i == moves else (previous or state)
        previous = state
    raise AssertionError("unreachable: seeded_states ends with a terminal state")


@functools.cache
def fixture() -> GameState:
    """The first state of seeded 4-monster games with the shape the corruption cases edit: a
    reroll decision on top of the five-step agenda [end-turn, shop, move, begin-resolution,
    choose-reroll], six dice on the table, every monster placed and alive, units on the board,
    the Bronx's first stack face up, Superstar unclaimed, at least two cards in the deck.

    Searching for the shape keeps the cases valid while card effects change how games go."""
    for seed in range(11, 400):
        for state in seeded_states(4, seed):
            if (
                [s.KIND for s in state.agenda]
                == ["end-turn", "shop", "move", "begin-resolution", "choose-reroll"]
                and state.turn.number > 4
                and state.turn.dice.total == 6
                and all(m.location is not None and not m.eliminated for m in state.monsters)
                and any(b.units for b in state.boroughs)
                and state.boroughs[Borough.BRONX].stacks[0].top is not None
                and state.superstar is None
                and len(state.deck) >= 2
            ):
                return state
    raise AssertionError("no state has the fixture's shape")


def assert_round_trip(state: GameState) -> str:
    text = to_json(state)
    back = from_json(text)
    assert back == state
    assert hash(back) == hash(state)
    assert to_json(back) == text
    return text


# -- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("monsters", [2, 3, 4, 5, 6])
def test_every_state_of_seeded_games_round_trips(monsters: int) -> None:
    """DESIGN Contract 8 and 2: a state read back from its JSON is equal and hashes equal, at
    every point of whole random games, the final one included."""
    for seed in range(2):
        last = None
        for state in seeded_states(monsters, seed):
            assert_round_trip(state)
            last = state
        assert last is not None
        assert last.is_terminal


def find_state(monsters: int, wanted: type, seeds: int = 60) -> GameState:
    for seed in range(seeds):
        for state in seeded_states(monsters, seed):
            if isinstance(state.next_step, wanted):
                return state
    raise AssertionError(f"no {wanted.__name__} state found")


@pytest.mark.parametrize(
    ("monsters", "step"),
    [(2, ChooseFlee), (4, ChooseFlee), (4, Destroy), (6, ChooseFlee), (6, LeaveManhattan)],
)
def test_mid_turn_decision_round_trips_and_plays_on(monsters: int, step: type) -> None:
    """DESIGN Contract 8 and the agenda: a state saved in the middle of an attack (flee
    decision), of a destruction, or of the 5-6 space closing reads back as the same position,
    with the same decider and legal actions, and plays on identically."""
    state = find_state(monsters, step)
    assert_round_trip(state)
    back = state_from_json(to_json(state))
    assert back.current_player == state.current_player
    if step is ChooseFlee:
        assert back.current_player != back.turn_owner
    legal = kingofny.legal_actions(state)
    assert kingofny.legal_actions(back) == legal
    assert kingofny.apply(back, legal[-1]) == kingofny.apply(state, legal[-1])


@pytest.mark.parametrize("monsters", [2, 3, 4, 5, 6])
def test_explicit_chance_states_round_trip(monsters: int) -> None:
    """DESIGN Contracts 5 and 8: an explicit-chance state (no seed) reads back still waiting at
    its chance node, with the same outcomes and probabilities."""
    chance_nodes = 0
    for state, _ in explicit_play(monsters, seed=monsters, limit=120):
        assert_round_trip(state)
        if state.is_chance:
            chance_nodes += 1
            back = state_from_json(to_json(state))
            assert back.is_chance
            assert back.rng is None
            assert back.config.seed is None
            assert kingofny.chance_outcomes(back) == kingofny.chance_outcomes(state)
    assert chance_nodes >= 20


def test_player_view_round_trips() -> None:
    """DESIGN Contract 6: the view a bot receives (no seed, no generator) can be saved too."""
    view = kingofny.observe(mid_game(), 0)
    assert view.rng is None
    assert_round_trip(view)


def test_bytes_input_is_read() -> None:
    """DESIGN Contract 8: ``from_json`` takes the text as str or as UTF-8 bytes."""
    state = mid_game()
    assert from_json(to_json(state).encode("utf-8")) == state


def test_same_state_gives_same_text() -> None:
    """DESIGN Contract 8: the JSON is deterministic; two games played the same way give the
    same text, and indentation changes only whitespace."""
    a, b = mid_game(5, 3), mid_game(5, 3)
    assert a is not b
    assert to_json(a) == to_json(b)
    pretty = to_json(a, indent=2)
    assert pretty != to_json(a)
    assert json.loads(pretty) == json.loads(to_json(a))
    assert from_json(pretty) == a


def test_compact_text_is_the_json_of_the_document() -> None:
    """DESIGN Contract 8: the compact text (written directly, without the dict) is exactly
    ``json.dumps`` of the dict document, for states at every point of a game and for records."""
    compact = functools.partial(json.dumps, separators=(",", ":"), allow_nan=False)
    for state in seeded_states(4, 5):
        assert to_json(state) == compact(serialize.state_to_dict(state))
    view = kingofny.observe(mid_game(), 1)
    assert to_json(view) == compact(serialize.state_to_dict(view))
    record, _ = seeded_record(3, 2)
    assert to_json(record) == compact(serialize.record_to_dict(record))
    explicit, _ = explicit_record(2, 4, 60)
    assert to_json(explicit) == compact(serialize.record_to_dict(explicit))


def test_the_compiled_codec_is_built_once_when_threads_ask_together() -> None:
    """The project's rule on shared caches: four threads asking a fresh plan for the same reader
    at once all get the one reader, built once, and read the same state (before, a thread could
    be handed a late-binding stand-in that recursed until RecursionError)."""
    import sys
    import threading

    from kingofny import _fastjson

    data = state_to_dict(mid_game())["data"]
    expected = serialize._decode(data, kingofny.GameState, "$.data")
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(10):
            plan = serialize._new_plan()
            results: list[object] = []
            errors: list[BaseException] = []

            def read(
                plan: _fastjson.Plan = plan,
                results: list[object] = results,
                errors: list[BaseException] = errors,
            ) -> None:
                try:
                    results.append(plan.reader(kingofny.GameState)(data))
                except BaseException as exc:  # reported below
                    errors.append(exc)

            threads = [threading.Thread(target=read) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == []
            assert results == [expected] * 4
            assert len({id(f) for f in plan._compiled.values()}) == len(plan._compiled)
    finally:
        sys.setswitchinterval(switch)


def test_a_key_that_is_a_str_subclass_is_refused_from_a_dict() -> None:
    """Edges: ``state_from_dict`` takes a caller's dicts, whose keys must be exactly ``str``
    (as a parsed document's are); the compiled reader finds fields by key, so a ``str``
    subclass used to slip through it."""

    class Key(str):
        pass

    document = state_to_dict(mid_game())
    first = document["data"]["monsters"][0]
    document["data"]["monsters"][0] = {Key(k) if k == "life" else k: v for k, v in first.items()}
    with pytest.raises(SerializationError, match="object keys must be strings") as info:
        state_from_dict(document)
    assert info.value.path == "$.data.monsters[0]"


def test_long_strings_are_not_kept_by_the_writer() -> None:
    """The text writer remembers the JSON text of the short strings it writes (ids), never of
    long ones, which a state built by hand may hold."""
    from kingofny import _fastjson

    long_text = "x" * 1000
    assert _fastjson.json_text(long_text) == json.dumps(long_text)
    assert long_text not in _fastjson._quote.__self__  # type: ignore[attr-defined]
    short = "base:a-short-id"
    assert _fastjson.json_text(short) == json.dumps(short)
    assert short in _fastjson._quote.__self__  # type: ignore[attr-defined]


def test_readable_encoding() -> None:
    """DESIGN Contract 8 and Style: enums by lower-case name, dice and buildings in their
    compact notation, steps tagged by kind."""
    state = kingofny.new_game(2)
    state = kingofny.apply(state, TileDraw(building(BuildingKind.HIGH_RISE, 2)))
    data = json.loads(to_json(state))["data"]
    assert data["boroughs"][0]["stacks"][0] == {"top": "high-rise-2", "hidden": 2}
    assert data["hidden_tiles"][1] == ["high-rise-2", 7]
    assert data["agenda"][-1] == {"type": "reveal-tile", "borough": "manhattan", "stack": 1}
    assert data["turn"]["dice"] == "-"
    assert data["config"] == {
        "monsters": ["base:captain-fish", "base:drakonis"],
        "seed": None,
        "packs": ["base"],
        "manual": [],
    }


def test_envelope() -> None:
    """DESIGN Contract 8: the envelope names the format, schema version, library version and
    the content packs with their versions."""
    doc = json.loads(to_json(mid_game()))
    assert list(doc) == ["format", "schema_version", "kingofny_version", "packs", "data"]
    assert doc["format"] == "kingofny/state"
    assert doc["schema_version"] == 3
    assert doc["kingofny_version"] == kingofny.__version__
    assert doc["packs"] == {"base": BASE_PACK_VERSION}
    record, _ = explicit_record(2, 1, 30)
    assert json.loads(to_json(record))["format"] == "kingofny/record"
    assert (STATE_FORMAT, RECORD_FORMAT, SCHEMA_VERSION) == (
        "kingofny/state",
        "kingofny/record",
        3,
    )


def test_a_schema_1_state_still_reads() -> None:
    """docs/serialization.rst *Compatibility*: "Older schema versions stay readable"; schema 2
    added ``turn.win_claims`` (Painbow's win stands at the end of the turn, seed 000 *Card
    Clarifications*), which a schema 1 state lacks."""
    state = mid_game()
    doc = json.loads(to_json(state))
    del doc["data"]["turn"]["win_claims"]
    doc["schema_version"] = 1
    assert from_json(json.dumps(doc)) == state
    doc["schema_version"] = 2
    with pytest.raises(SerializationError, match=r"turn\.win_claims: missing"):
        from_json(json.dumps(doc))


def test_to_json_docstring_example() -> None:
    """The example in ``to_json``'s docstring runs as written."""
    result = doctest.testmod(serialize)
    assert result.attempted >= 3
    assert result.failed == 0


# -- records -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("monsters", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_seeded_record_round_trips_and_replays(monsters: int, seed: int) -> None:
    """DESIGN Contract 8: a record (config, every decision and chance outcome, winners) reads
    back equal, and replaying the decoded record ends in the game's final state."""
    record, final = seeded_record(monsters, seed)
    text = to_json(record)
    back = from_json(text)
    assert isinstance(back, GameRecord)
    assert back == record
    assert to_json(back) == text
    assert replay(back) == final
    assert back.winners == final.winners is not None


def test_explicit_record_round_trips_and_replays() -> None:
    """DESIGN Contracts 5 and 8: a record of an explicit-chance game (outcomes entered by hand)
    replays from its JSON to the same state."""
    record, last = explicit_record(5, 4, 200)
    back = record_from_json(to_json(record))
    assert back == record
    assert replay(back) == last


def test_every_action_and_outcome_type_round_trips_in_a_record() -> None:
    """DESIGN Contract 8: each action and outcome type is written with its tag and read back.
    The list is written by hand, so a new type makes this test ask for an example."""
    actions = [
        PlaceMonster(Borough.STATEN_ISLAND),
        Reroll(Dice.of([Face.ATTACK, Face.ATTACK, Face.OUCH])),
        StopRolling(),
        ResolveFace(Face.CELEBRITY),
        DestroyBuilding(Borough.QUEENS, 2),
        DestroyUnit(Borough.BRONX, UnitKind.TANK),
        Flee(Borough.BROOKLYN),
        StayInManhattan(),
        MoveTo(Borough.BRONX),
        StayPut(),
        Buy(1),
        Sweep(),
        EndBuying(),
        Pass(),
        UseCard("base:carapace", "heal"),
    ]
    outcomes = [
        DiceRoll(Dice.of([Face.ENERGY] * 6)),
        TileDraw(building(BuildingKind.HOSPITAL, 3)),
        CardDraw("base:tesla-cannon"),
    ]
    assert {type(a) for a in actions} == set(actions_model.ACTION_TYPES)
    assert {type(o) for o in outcomes} == set(outcomes_model.OUTCOME_TYPES)
    events = [Event(1, a) for a in actions] + [Event(None, o) for o in outcomes]
    record = GameRecord(GameConfig(("base:kong", "base:rob")), tuple(events), (0,))
    doc = record_to_dict(record)
    assert doc["data"]["events"][1] == {"seat": 1, "action": {"type": "reroll", "dice": "AAO"}}
    assert doc["data"]["events"][5]["action"] == {
        "type": "destroy-unit",
        "borough": "bronx",
        "unit": "tank",
    }
    assert doc["data"]["events"][-2] == {
        "seat": None,
        "outcome": {"type": "tile", "building": "hospital-3"},
    }
    assert record_from_dict(json.loads(json.dumps(doc)), replay_check=False) == record
    with pytest.raises(SerializationError, match=r"^\$\.data\.events\[0\]: "):
        record_from_dict(doc)  # these events are no game


def test_registry_tags_are_unique() -> None:
    """DESIGN Contract 8: steps, actions and outcomes are tagged by ``KIND``; a tag must name
    one type of its family, and no type may have a field named like the tag key."""
    for family in (
        steps_model.STEP_TYPES,
        actions_model.ACTION_TYPES,
        outcomes_model.OUTCOME_TYPES,
    ):
        kinds = [cls.KIND for cls in family]
        assert len(set(kinds)) == len(kinds)
        for cls in family:
            assert "type" not in {f.name for f in attrs.fields(cls)}


# -- refusals ----------------------------------------------------------------------------------


def state_doc(state: GameState | None = None) -> dict[str, Any]:
    return json.loads(to_json(state if state is not None else fixture()))  # type: ignore[no-any-return]


def refuse(doc: object, path: str, error: type[SerializationError] = SerializationError) -> str:
    """Assert that reading ``doc`` fails at ``path``; return the message."""
    with pytest.raises(error) as info:
        from_json(json.dumps(doc))
    assert info.value.path == path, info.value
    assert str(info.value).startswith(path)
    return info.value.message


def test_newer_schema_version_is_refused() -> None:
    """DESIGN Contract 8: a document from a newer schema is refused with SchemaVersionError,
    before its data is looked at."""
    doc = state_doc()
    doc["schema_version"] = SCHEMA_VERSION + 1
    doc["data"] = "something the future wrote"
    message = refuse(doc, "$.schema_version", SchemaVersionError)
    assert str(SCHEMA_VERSION + 1) in message
    assert issubclass(SchemaVersionError, SerializationError)


def mutate(edit: Callable[[dict[str, Any]], object]) -> Callable[[], dict[str, Any]]:
    def build() -> dict[str, Any]:
        doc = state_doc()
        edit(doc)
        return doc

    return build


def _set(path: list[str | int], value: object) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _seven_monsters(doc: dict[str, Any]) -> None:
    doc["data"]["config"]["monsters"].extend(["base:mantis", "base:rob", "base:sheriff"])


def _duplicate_card(doc: dict[str, Any]) -> None:
    data = doc["data"]
    data["market"][0] = data["deck"][0]


def _crowd_queens(doc: dict[str, Any]) -> None:
    for m in doc["data"]["monsters"]:
        m["location"] = "queens"


def _extra_pool_tile(doc: dict[str, Any]) -> None:
    doc["data"]["hidden_tiles"][0][1] += 1


def _lose_a_unit(doc: dict[str, Any]) -> None:
    boroughs = doc["data"]["boroughs"]
    owner = next(b for b in boroughs if b["units"])
    owner["units"].pop()


def _unknown_step(doc: dict[str, Any]) -> None:
    doc["data"]["agenda"][0]["type"] = "teleport"


def _swap_deck(doc: dict[str, Any]) -> None:
    deck = doc["data"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]


def _replace_step(index: int, step: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        doc["data"]["agenda"][index] = step

    return edit


def _top_seat(value: object) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        doc["data"]["agenda"][-1]["seat"] = value

    return edit


# The cases edit the document of fixture(): a 4-monster seeded game at a reroll decision, the
# agenda 5 steps deep (see its docstring; test_fixture_shape checks it).
CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("life as a string", _set(["data", "monsters", 0, "life"], "10"), "$.data.monsters[0].life"),
    (
        "life above the maximum",
        _set(["data", "monsters", 0, "life"], 99),
        "$.data.monsters[0].life",
    ),
    ("negative life", _set(["data", "monsters", 3, "life"], -1), "$.data.monsters[3].life"),
    ("negative energy", _set(["data", "monsters", 1, "energy"], -1), "$.data.monsters[1].energy"),
    ("negative VP", _set(["data", "monsters", 2, "vp"], -4), "$.data.monsters[2].vp"),
    ("VP as a float", _set(["data", "monsters", 2, "vp"], 3.0), "$.data.monsters[2].vp"),
    ("bool for an int", _set(["data", "turn", "number"], True), "$.data.turn.number"),
    ("bool for a seat", _set(["data", "superstar"], False), "$.data.superstar"),
    (
        "int for a bool",
        _set(["data", "monsters", 0, "eliminated"], 0),
        "$.data.monsters[0].eliminated",
    ),
    ("seven monsters", _seven_monsters, "$.data.config.monsters"),
    (
        "unknown monster",
        _set(["data", "config", "monsters", 1], "base:godzilla"),
        "$.data.config.monsters[1]",
    ),
    ("duplicate card", _duplicate_card, "$.data.market[0]"),
    ("unknown card", _set(["data", "market", 2], "base:blue-eyes"), "$.data.market[2]"),
    ("short market", _set(["data", "market"], [None, None]), "$.data.market"),
    ("bad dice letter", _set(["data", "turn", "dice"], "AAX"), "$.data.turn.dice"),
    ("nine dice", _set(["data", "turn", "dice"], "AAAAAAAAA"), "$.data.turn.dice"),
    ("dice as counts", _set(["data", "turn", "dice"], [0, 1, 0, 0, 0, 0]), "$.data.turn.dice"),
    (
        "unknown borough",
        _set(["data", "monsters", 0, "location"], "harlem"),
        "$.data.monsters[0].location",
    ),
    (
        "zone outside Manhattan",
        _set(["data", "monsters", 0, "location"], "bronx/lower/2-4"),
        "$.data.monsters[0].location",
    ),
    ("three in Queens", _crowd_queens, "$.data.monsters[2].location"),
    (
        "unknown building",
        _set(["data", "hidden_tiles", 0, 0], "castle-1"),
        "$.data.hidden_tiles[0][0]",
    ),
    ("pool out of balance", _extra_pool_tile, "$.data.hidden_tiles"),
    ("a unit vanished", _lose_a_unit, "$.data.boroughs"),
    ("unknown step type", _unknown_step, "$.data.agenda[0].type"),
    ("decider out of range", _top_seat(4), "$.data.agenda[4].seat"),
    ("decider is a string", _top_seat("1"), "$.data.agenda[4].seat"),
    ("unknown key", _set(["data", "monsters", 0, "lfe"], 3), "$.data.monsters[0].lfe"),
    ("unknown top-level key", _set(["extra"], 1), "$.extra"),
    ("generator out of range", _set(["data", "rng"], 1 << 64), "$.data.rng"),
    ("seeded without generator", _set(["data", "rng"], None), "$.data.rng"),
    ("superstar seat out of range", _set(["data", "superstar"], 4), "$.data.superstar"),
    ("unknown format", _set(["format"], "kingofny/movie"), "$.format"),
    ("unknown pack", _set(["packs", "kaiju"], "1.0"), "$.packs.kaiju"),
    ("packs differ from the game's", _set(["packs"], {}), "$.packs"),
    ("pack version not a string", _set(["packs", "base"], 1), "$.packs.base"),
    ("schema version zero", _set(["schema_version"], 0), "$.schema_version"),
    ("data not an object", _set(["data"], []), "$.data"),
    ("winners while running", _set(["data", "winners"], [0]), "$.data.agenda"),
    ("deck out of order", _swap_deck, "$.data.deck"),
    (
        "5-6 space with four monsters",
        _set(["data", "monsters", 0, "location"], "manhattan/upper/5-6"),
        "$.data.monsters[0].location",
    ),
    (
        "eliminated with Life",
        _set(["data", "monsters", 1, "eliminated"], True),
        "$.data.monsters[1].life",
    ),
    ("negative rerolls", _set(["data", "turn", "rerolls_left"], -1), "$.data.turn.rerolls_left"),
    (
        "negative stack",
        _set(["data", "boroughs", 1, "stacks", 0, "hidden"], -1),
        "$.data.boroughs[1].stacks[0].hidden",
    ),
    (
        "four tiles in a stack",
        _set(["data", "boroughs", 1, "stacks", 0, "hidden"], 3),
        "$.data.boroughs[1].stacks[0].hidden",
    ),
    (
        "seeded game waiting for chance",
        _replace_step(4, {"type": "roll", "count": 2}),
        "$.data.agenda[4]",
    ),
    ("internal step on top", _replace_step(4, {"type": "end-turn"}), "$.data.agenda[4]"),
    (
        "reveal onto a face-up stack",
        _replace_step(0, {"type": "reveal-tile", "borough": "bronx", "stack": 0}),
        "$.data.agenda[0]",
    ),
    (
        "roll more dice than exist",
        _replace_step(0, {"type": "roll", "count": 9}),
        "$.data.agenda[0].count",
    ),
]


def test_fixture_shape() -> None:
    """The corruption cases below rely on this shape of the fixture state."""
    state = fixture()
    assert len(state.monsters) == 4
    assert len(state.agenda) == 5
    assert state.current_player == state.turn_owner
    assert state.turn.number > 0
    assert all(m.location is not None for m in state.monsters)
    assert any(b.units for b in state.boroughs)
    assert state.boroughs[Borough.BRONX].stacks[0].top is not None
    assert state.superstar is None
    assert state.rng is not None


@pytest.mark.parametrize(("name", "edit", "path"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_state_is_refused_at_its_path(
    name: str, edit: Callable[[dict[str, Any]], object], path: str
) -> None:
    """DESIGN Contract 8: ``from_json`` validates everything and names the JSON path of the
    first problem."""
    refuse(mutate(edit)(), path)


def test_missing_keys_are_reported() -> None:
    """DESIGN Contract 8: a missing key is named by its path."""
    doc = state_doc()
    del doc["data"]["monsters"][2]["vp"]
    assert refuse(doc, "$.data.monsters[2].vp") == "missing"
    doc = state_doc()
    del doc["data"]["agenda"][1]["type"]
    refuse(doc, "$.data.agenda[1].type")


def test_record_with_unknown_action_type_is_refused() -> None:
    """DESIGN Contract 8: an event whose action type is unknown is refused at its path."""
    record, _ = seeded_record(2, 5)
    doc = json.loads(to_json(record))
    index = next(i for i, e in enumerate(doc["data"]["events"]) if e["seat"] is not None)
    doc["data"]["events"][index]["action"]["type"] = "eat-the-statue"
    refuse(doc, f"$.data.events[{index}].action.type")


def test_record_with_bad_events_is_refused() -> None:
    """DESIGN Contract 8: events are checked for shape and range: an outcome under a seat, a
    seat beyond the table, a market slot that does not exist."""
    record = GameRecord(GameConfig(("base:kong", "base:rob")), (Event(0, Buy(2)),))
    doc = record_to_dict(record)
    doc["data"]["events"][0] = {"seat": 0, "outcome": {"type": "card", "card": "base:curse"}}
    refuse(doc, "$.data.events[0].outcome")
    doc["data"]["events"][0] = {"seat": 2, "action": {"type": "buy", "slot": 0}}
    refuse(doc, "$.data.events[0].seat")
    doc["data"]["events"][0] = {"seat": 1, "action": {"type": "buy", "slot": 3}}
    refuse(doc, "$.data.events[0].action.slot")
    doc["data"]["events"][0] = {"seat": None, "outcome": {"type": "card", "card": "base:x"}}
    refuse(doc, "$.data.events[0].outcome.card")


def test_wrong_format_for_the_reader_is_refused() -> None:
    """DESIGN Contract 8: ``state_from_json`` reads only states and ``record_from_json`` only
    records."""
    record, _ = explicit_record(2, 1, 10)
    with pytest.raises(SerializationError) as info:
        state_from_json(to_json(record))
    assert info.value.path == "$.format"
    with pytest.raises(SerializationError) as info:
        record_from_json(to_json(fixture()))
    assert info.value.path == "$.format"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": "kingofny/state", "format": "kingofny/state"}',
        '{"format": NaN}',
        "[" * 100_000 + "]" * 100_000,
        "1" * 5000,
        b"\xff\xfe\x00",
    ],
    ids=[
        "empty",
        "truncated",
        "array",
        "null",
        "duplicate key",
        "NaN",
        "deep",
        "huge int",
        "bad bytes",
    ],
)
def test_malformed_text_is_refused_at_the_root(text: str | bytes) -> None:
    """DESIGN Contract 8: text that is not a JSON object, or is not strict JSON, is refused
    with a SerializationError at ``$``."""
    with pytest.raises(SerializationError) as info:
        from_json(text)
    assert info.value.path == "$"


def test_non_text_input_is_refused() -> None:
    """Bad input raises a typed kingofny error, never a TypeError."""
    with pytest.raises(SerializationError):
        from_json(12)  # type: ignore[arg-type]
    with pytest.raises(SerializationError):
        state_from_dict({1: 2})
    with pytest.raises(SerializationError):
        to_json("a state")  # type: ignore[arg-type]
    with pytest.raises(SerializationError):
        state_to_dict(GameRecord(GameConfig(("base:kong", "base:rob"))))  # type: ignore[arg-type]


def test_dict_level_functions() -> None:
    """DESIGN Contract 8: the dict-level codec gives plain JSON values (no tuples) and reads
    them back; it refuses Python values JSON cannot hold without raising anything else."""
    state = mid_game()
    doc = state_to_dict(state)
    assert json.loads(json.dumps(doc)) == doc
    assert state_from_dict(doc) == state
    record, _ = explicit_record(2, 3, 20)
    assert record_from_dict(record_to_dict(record)) == record
    doc["data"]["monsters"][0]["life"] = 10**5000
    with pytest.raises(SerializationError) as info:
        state_from_dict(doc)
    assert info.value.path == "$.data.monsters[0].life"
    doc["data"]["monsters"][0] = [10**5000, (1, 2)]
    with pytest.raises(SerializationError) as info:
        state_from_dict(doc)
    assert info.value.path == "$.data.monsters[0]"


def test_writing_a_corrupt_state_is_refused() -> None:
    """DESIGN Contract 8: what ``to_json`` writes ``from_json`` reads, so a state that breaks an
    invariant is refused when written, with the same path."""
    state = fixture()
    bad = attrs.evolve(
        state, monsters=(attrs.evolve(state.monsters[0], life=99), *state.monsters[1:])
    )
    with pytest.raises(SerializationError) as info:
        to_json(bad)
    assert info.value.path == "$.data.monsters[0].life"
    wrong_type = attrs.evolve(state, superstar=True)
    with pytest.raises(SerializationError) as info:
        to_json(wrong_type)
    assert info.value.path == "$.data.superstar"


# -- exhaustive and fuzzed corruption ----------------------------------------------------------


def walk(node: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    """(path, container, key) of every node under ``node``, depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            child = f"{path}.{key}"
            yield child, node, key
            yield from walk(value, child)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            child = f"{path}[{i}]"
            yield child, node, i
            yield from walk(value, child)


def wrong_type_for(value: Any) -> Any:
    """A JSON value of another type than ``value``, which no field of that kind accepts."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, (int, str)):
        return True
    if value is None or isinstance(value, list):
        return {}
    return []


def exhaustive_docs() -> list[str]:
    record, _ = explicit_record(3, 2, 60)
    assert any(e.seat is None for e in record.events)
    assert any(e.seat is not None for e in record.events)
    return [
        to_json(kingofny.new_game(2)),
        to_json(mid_game(5, 2, 90)),
        to_json(record),
    ]


def edited(text: str, path: str, edit: Callable[[Any, Any], None]) -> str:
    """``text`` with ``edit(container, key)`` applied at ``path``."""
    doc = json.loads(text)
    target: Any = doc
    parts = path_parts(path)
    for part in parts[:-1]:
        target = target[part]
    edit(target, parts[-1])
    return json.dumps(doc)


def test_every_dropped_key_is_reported_at_its_path() -> None:
    """DESIGN Contract 8: every key of the format is required; dropping any one of them is
    refused at exactly that key's path."""

    def drop(container: Any, key: Any) -> None:
        del container[key]

    for text in exhaustive_docs():
        for path, parent, _ in walk(json.loads(text), "$"):
            if not isinstance(parent, dict) or path.startswith("$.packs."):
                continue
            with pytest.raises(SerializationError) as info:
                from_json(edited(text, path, drop))
            assert info.value.path == path, (path, info.value)


def test_every_wrong_type_is_reported_at_its_path() -> None:
    """DESIGN Contract 8: every value is type-checked (a boolean is not an integer, a string is
    not a number); a value of the wrong JSON type is refused at exactly its path."""

    def retype(container: Any, key: Any) -> None:
        container[key] = wrong_type_for(container[key])

    for text in exhaustive_docs():
        for path, _, _ in walk(json.loads(text), "$"):
            with pytest.raises(SerializationError) as info:
                from_json(edited(text, path, retype))
            assert info.value.path == path, (path, info.value)


def path_parts(path: str) -> list[str | int]:
    """The keys and indexes of a path written by ``walk`` (identifier keys only)."""
    parts: list[str | int] = []
    for piece in path[1:].replace("[", ".[").split("."):
        if not piece:
            continue
        parts.append(int(piece[1:-1]) if piece.startswith("[") else piece)
    return parts


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=16,
)


@FAST
@given(json_values)
def test_random_json_is_refused_cleanly(value: Any) -> None:
    """DESIGN Contract 8: arbitrary JSON is refused with a SerializationError, nothing else."""
    with pytest.raises(SerializationError):
        from_json(json.dumps(value))


@FAST
@given(
    st.sampled_from([STATE_FORMAT, RECORD_FORMAT]),
    st.dictionaries(st.text(max_size=8), json_values, max_size=3),
    json_values,
)
def test_random_data_in_a_valid_envelope_is_refused_cleanly(
    kind: str, packs: dict[str, Any], data: Any
) -> None:
    """DESIGN Contract 8: a correct envelope around arbitrary data is refused cleanly."""
    doc = {
        "format": kind,
        "schema_version": 1,
        "kingofny_version": "0.1.0",
        "packs": packs,
        "data": data,
    }
    with pytest.raises(SerializationError):
        from_json(json.dumps(doc))


@FAST
@given(st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_random_bytes_are_refused_cleanly(data: bytes) -> None:
    """DESIGN Contract 8: arbitrary bytes are refused with a SerializationError."""
    with pytest.raises(SerializationError):
        from_json(data)


MUTATION_BASES: list[dict[str, Any]] = []


def mutation_bases() -> list[dict[str, Any]]:
    if not MUTATION_BASES:
        record, _ = seeded_record(3, 8)
        MUTATION_BASES.extend(
            [
                state_doc(mid_game(4, 11, 40)),
                state_doc(mid_game(6, 4, 120)),
                state_doc(next(s for s, _ in explicit_play(5, 3, 80) if s.turn.number > 2)),
                json.loads(to_json(record)),
            ]
        )
    return MUTATION_BASES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_documents_read_back_or_are_refused(data: st.DataObject) -> None:
    """DESIGN Contract 8, "impossible to corrupt": a valid document with one random change
    (a key dropped, a value replaced, an int nudged, an item duplicated or removed, a string
    swapped for another one of the document) either is refused with a SerializationError or
    reads as a value that round-trips exactly; no other exception ever escapes. An accepted
    document must also hold a legal position: the invariant checker finds nothing wrong with
    it (a state) or with any position of its replay (a record). Guards against ``from_json``
    accepting a corrupted position that merely round-trips (issue 7 §2, §7)."""
    doc = copy.deepcopy(data.draw(st.sampled_from(mutation_bases())))
    nodes = list(walk(doc, "$"))
    _, parent, key = data.draw(st.sampled_from(nodes))
    old = parent[key]
    strings = sorted({v for _, p, k in nodes if isinstance(v := p[k], str)})
    kind = data.draw(st.sampled_from(["drop", "replace", "nudge", "duplicate", "string"]))
    if kind == "drop":
        del parent[key]
    elif kind == "replace":
        parent[key] = data.draw(json_values)
    elif kind == "nudge" and type(old) is int:
        parent[key] = old + data.draw(
            st.sampled_from([-1, 1, 2, -(old * 2) - 1, 1 << 64, -(1 << 63)])
        )
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, old)
    elif kind == "string" and isinstance(old, str):
        parent[key] = data.draw(st.sampled_from(strings))
    else:
        parent[key] = data.draw(json_values)
    try:
        value = from_json(json.dumps(doc))
    except SerializationError:
        return
    assert from_json(to_json(value)) == value
    assert to_json(from_json(to_json(value))) == to_json(value)
    positions = [value] if isinstance(value, GameState) else [s for _, s in replay_states(value)]
    for position in positions:
        assert state_problems(position, all_tiles=True) == ()


def test_a_save_from_an_incompatible_pack_version_is_refused() -> None:
    """Issue (content packs): loading a game whose pack is of an incompatible version fails with
    a clear error naming the pack and both versions."""
    document = json.loads(kingofny.to_json(kingofny.new_game(2, seed=1)))
    document["packs"]["base"] = "99.0.0"
    with pytest.raises(SerializationError, match=r"base 99\.0\.0.*incompatible") as info:
        kingofny.from_json(json.dumps(document))
    assert info.value.path == "$.packs.base"


def test_pack_version_compatibility_follows_semantic_versioning() -> None:
    """Same major version reads; before 1.0 the minor version must match too."""
    assert serialize.compatible("1.2.0", "1.9.3")
    assert not serialize.compatible("1.2.0", "2.0.0")
    assert serialize.compatible("0.1.0", "0.1.7")
    assert not serialize.compatible("0.1.0", "0.2.0")
