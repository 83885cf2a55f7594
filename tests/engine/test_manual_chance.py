"""Manual kinds of chance in a seeded game (issue 12, companion play; DESIGN Contract 5): the
seed draws the other kinds, the game stops at these for the table's result."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import kingofny as k
from kingofny.errors import ArgumentError, ConfigError, SerializationError

FIXTURE = Path(__file__).parent.parent / "fixtures" / "kingofny-schema-2-documents.json"


def _play(state: k.GameState, moves: int, seed: int) -> tuple[k.GameState, list[k.Event]]:
    """Random decisions and outcomes for ``moves`` steps; the events applied by hand."""
    rng = random.Random(seed)
    events: list[k.Event] = []
    for _ in range(moves):
        if state.is_terminal:
            break
        if state.is_chance:
            move: k.ActionOrOutcome = k.sample_outcome(state, rng)
            events.append(k.Event(None, move))
        else:
            move = rng.choice(k.legal_actions(state))
            events.append(k.Event(state.current_player, move))
        state = k.apply(state, move)
    return state, events


def test_manual_dice_draw_tiles_and_cards_and_stop_at_the_first_roll() -> None:
    """Setup reveals 15 tiles and 3 cards (seed 000, *Setup*): with dice manual the seed draws
    them all and the game first waits for the first-player roll."""
    state = k.new_game(4, seed=11, manual={"dice"})
    pending = k.waiting_for(state)
    assert pending is not None
    assert pending.kind is k.PendingKind.ROLL_OFF
    assert pending.chance_kind is k.ChanceKind.DICE
    assert all(c is not None for c in state.market)
    assert all(stack.top is not None for b in state.boroughs for stack in b.stacks)
    assert state.config.manual == (k.ChanceKind.DICE,)
    assert state.config.stops_at(k.ChanceKind.DICE)
    assert not state.config.stops_at(k.ChanceKind.TILE)


def test_a_manual_kind_only_ever_waits_for_its_own_outcomes() -> None:
    """Whatever happens, a game with manual dice waits only at dice nodes, and one with manual
    tiles and cards only at reveals; the others are drawn from the seed."""
    cases: list[tuple[set[k.ChanceKind | str], set[k.ChanceKind]]] = [
        ({"dice"}, {k.ChanceKind.DICE}),
        ({k.ChanceKind.TILE, "cards"}, {k.ChanceKind.TILE, k.ChanceKind.CARD}),
    ]
    for manual, kinds in cases:
        state = k.new_game(3, seed=4, manual=manual)
        rng = random.Random(2)
        stops = set()
        for _ in range(600):
            if state.is_terminal:
                break
            pending = k.waiting_for(state)
            assert pending is not None
            if pending.is_chance:
                assert pending.chance_kind in kinds
                stops.add(pending.chance_kind)
                state = k.apply(state, k.sample_outcome(state, rng))
            else:
                state = k.apply(state, rng.choice(k.legal_actions(state)))
        assert stops  # it did stop


def test_a_manual_outcome_is_checked_like_an_explicit_one() -> None:
    """DESIGN Contract 3: a wrong outcome raises and the state stays as it was."""
    state = k.new_game(2, seed=1, manual={"dice"})
    with pytest.raises(k.IllegalActionError, match="expected 8 dice"):
        k.apply(state, k.DiceRoll(k.Dice.parse("AAC")))
    with pytest.raises(k.IllegalActionError, match="expected a dice roll"):
        k.apply(state, k.CardDraw("base:jet-fighters"))
    after = k.apply(state, k.DiceRoll(k.Dice.parse("AAAAAAAA")))
    assert after != state


def test_same_seed_same_typed_dice_same_game() -> None:
    """Contract 3: the same seed and the same typed outcomes give the same game; the tiles and
    cards drawn do not depend on whether the dice were typed or drawn."""
    one, _ = _play(k.new_game(4, seed=9, manual={"dice"}), 200, 5)
    two, _ = _play(k.new_game(4, seed=9, manual={"dice"}), 200, 5)
    assert one == two
    typed_tiles = k.new_game(4, seed=9, manual={"dice"})
    drawn_tiles = k.new_game(4, seed=9)
    assert typed_tiles.boroughs == drawn_tiles.boroughs


def test_bad_manual_kinds_are_refused() -> None:
    with pytest.raises(ConfigError, match="need a seed"):
        k.new_game(2, manual={"dice"})
    with pytest.raises(ArgumentError, match="unknown chance kind 'dize'"):
        k.new_game(2, seed=1, manual={"dize"})
    with pytest.raises(ArgumentError, match="collection"):
        k.new_game(2, seed=1, manual="dice")


def test_observe_and_reseed_leave_no_manual_kinds() -> None:
    """A view is in explicit-chance mode; a reseeded playout draws every kind."""
    state = k.new_game(3, seed=2, manual={"dice"})
    view = k.observe(state, 0)
    assert view.config.seed is None
    assert view.config.manual == ()
    played = k.reseed(view, 5)
    assert played.config.manual == ()
    assert not played.is_chance


def _recorded(config: k.GameConfig, moves: int, seed: int) -> tuple[k.GameRecord, k.GameState]:
    """Random play kept in a complete record (the typed and the drawn outcomes)."""
    rng = random.Random(seed)
    record, state = k.start_record(config)
    for _ in range(moves):
        if state.is_terminal:
            break
        if state.is_chance:
            move: k.ActionOrOutcome = k.sample_outcome(state, rng)
        else:
            move = rng.choice(k.legal_actions(state))
        record, state = k.apply_recorded(record, state, move)
    return record, state


def test_records_of_manual_games_replay_and_round_trip() -> None:
    """Contract 8: a record lists the drawn and the typed outcomes; it replays exactly and reads
    back equal; a state waiting at a manual node round-trips."""
    for manual in ({"dice"}, {"dice", "card"}, {"tile"}):
        config = k.new_game(4, seed=3, manual=manual).config
        record, state = _recorded(config, 400, 8)
        assert k.replay(record) == state
        text = k.to_json(record)
        again = k.from_json(text)
        assert again == record
        assert k.from_json(k.to_json(state)) == state
    assert '"manual":["dice","card"]' in k.to_json(k.new_game(2, seed=1, manual={"card", "dice"}))


def test_a_record_missing_the_seeds_draws_is_refused() -> None:
    """Only the typed outcomes listed: the replay finds the seed's draws missing and refuses the
    record at the first of them, rather than playing another game."""
    config = k.new_game(3, seed=6, manual={"dice"}).config
    record, _ = _recorded(config, 80, 4)
    drawn_by_seed = [
        i
        for i, e in enumerate(record.events)
        if e.seat is None and not isinstance(e.move, k.DiceRoll)
    ]
    assert drawn_by_seed
    typed_only = k.GameRecord(
        config, tuple(e for i, e in enumerate(record.events) if i not in drawn_by_seed)
    )
    with pytest.raises(SerializationError, match="the seed drew"):
        k.from_json(k.to_json(typed_only))


def test_apply_recorded_is_apply_plus_the_events() -> None:
    """``apply_recorded`` ends where ``apply`` does and leaves its arguments alone."""
    record, state = k.start_record(k.new_game(2, seed=2).config)
    assert len(record.events) >= 15 + 3 + 2  # setup: tiles, cards, the first-player roll
    assert all(e.seat is None for e in record.events)
    action = k.legal_actions(state)[0]
    record2, after = k.apply_recorded(record, state, action)
    assert after == k.apply(state, action)
    assert record2.events[: len(record.events)] == record.events
    assert record2.events[len(record.events)] == k.Event(state.current_player, action)
    with pytest.raises(k.IllegalActionError):
        k.apply_recorded(record, state, k.DiceRoll(k.Dice.parse("A")))


def test_schema_2_documents_still_read() -> None:
    """docs/serialization.rst *Compatibility*: documents written before ``config.manual``
    (schema 2) read with no manual kinds; the records replay as they state."""
    docs = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert {d["schema_version"] for d in docs["records"] + docs["states"]} == {2}
    for doc in docs["records"]:
        record = k.from_json(json.dumps(doc))
        assert isinstance(record, k.GameRecord)
        assert record.config.manual == ()
        assert k.replay(record).winners == record.winners
    for doc in docs["states"]:
        state = k.from_json(json.dumps(doc))
        assert isinstance(state, k.GameState)
        assert state.config.manual == ()
        assert k.from_json(k.to_json(state)) == state
        assert json.loads(k.to_json(state))["schema_version"] == k.SCHEMA_VERSION


def test_a_schema_3_document_needs_manual_and_a_seed_for_it() -> None:
    state = k.new_game(2, seed=1, manual={"dice"})
    doc = json.loads(k.to_json(state))
    assert doc["data"]["config"]["manual"] == ["dice"]
    del doc["data"]["config"]["manual"]
    with pytest.raises(SerializationError, match=r"config\.manual: missing"):
        k.from_json(json.dumps(doc))
    doc = json.loads(k.to_json(k.new_game(2)))
    doc["data"]["config"]["manual"] = ["dice"]
    with pytest.raises(
        SerializationError, match=r"config\.manual: manual chance kinds need a seed"
    ):
        k.from_json(json.dumps(doc))
    doc = json.loads(k.to_json(k.new_game(2, seed=1)))
    doc["data"]["config"]["manual"] = ["dice"]
    # a seeded state past the roll-off is fine with manual dice only if it waits for no tile
    assert isinstance(k.from_json(json.dumps(doc)), k.GameState)
