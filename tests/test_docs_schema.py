"""The JSON Schemas published with the docs accept what kingofny.to_json writes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import kingofny

jsonschema = pytest.importorskip("jsonschema")

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "docs" / "_static" / "schema"


def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def _validate(document: str, schema: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(json.loads(document)), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


def _states() -> list[kingofny.GameState]:
    """Positions of every kind: fresh, explicit chance, mid-game, 5-6 monsters, finished."""
    states = [kingofny.new_game(2, seed=1), kingofny.new_game(["kong", "mantis", "rob"])]
    for players, seed in ((4, 3), (6, 5), (5, 8)):
        state = kingofny.new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            state = kingofny.apply(state, rng.choice(kingofny.legal_actions(state)))
            step += 1
            if step % 37 == 0:
                states.append(state)
        states.append(state)
    explicit = kingofny.new_game(["kong", "mantis"])
    rng = random.Random(0)
    for _ in range(60):
        if explicit.is_chance:
            explicit = kingofny.apply(explicit, rng.choice(kingofny.chance_outcomes(explicit))[0])
        else:
            explicit = kingofny.apply(explicit, rng.choice(kingofny.legal_actions(explicit)))
        states.append(explicit)
    return states


def test_the_schemas_are_valid_draft_2020_12() -> None:
    _schema("state.schema.json")
    _schema("record.schema.json")


def test_states_written_by_to_json_match_the_state_schema() -> None:
    schema = _schema("state.schema.json")
    for state in _states():
        _validate(kingofny.to_json(state), schema)
        _validate(kingofny.to_json(kingofny.observe(state)), schema)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_records_written_by_to_json_match_the_record_schema(players: int, seed: int) -> None:
    schema = _schema("record.schema.json")
    factories = [kingofny.HeuristicPlayer, kingofny.RandomPlayer] * 3
    result = kingofny.play_game([factories[i](seed + i) for i in range(players)], seed=seed)
    _validate(kingofny.to_json(result.record), schema)


def test_the_schemas_reject_a_broken_envelope() -> None:
    schema = _schema("state.schema.json")
    document = json.loads(kingofny.to_json(kingofny.new_game(2, seed=1)))
    document["format"] = "kingofny/record"
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid(document)
    record_schema = _schema("record.schema.json")
    assert not jsonschema.Draft202012Validator(record_schema).is_valid(document)


# -- the docs extension: citations link to the Rules page -----------------------------------


def _docs_ext() -> Any:
    pytest.importorskip("sphinx")
    import importlib.util

    path = SCHEMA_DIR.parent.parent / "_ext" / "kingofny_docs.py"
    spec = importlib.util.spec_from_file_location("kingofny_docs", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_citations_in_docstrings_link_to_the_rules_page() -> None:
    """Issue 7 §6 docs fix: a docstring citing ``seed 000`` or a ruling id links to the Rules
    page, where the ruling's row carries the anchor (``:ruling:`` role in docs/rules.rst)."""
    ext = _docs_ext()
    out = ext._citation_nodes("heal first (seed 000, *Heal*; rulings D25, C1 and §16).", "r.html")
    links = [(n.astext(), n["refuri"]) for n in out if n.tagname == "reference"]
    assert links == [
        ("seed 000", "r.html#citations"),
        ("D25", "r.html#ruling-d25"),
        ("C1", "r.html#ruling-c1"),
        ("§16", "r.html#citations"),
    ]
    assert "".join(n.astext() for n in out) == (
        "heal first (seed 000, *Heal*; rulings D25, C1 and §16)."
    )
    assert ext._citation_nodes("no citation in D28 alone", "r.html") is None


def test_every_ruling_id_has_an_anchor_on_the_rules_page() -> None:
    """Issue 7 §6: every ruling id C1–C4, D1–D34 can be looked up (its row is a ``:ruling:``
    target in docs/rules.rst)."""
    rules = (SCHEMA_DIR.parent.parent / "rules.rst").read_text(encoding="utf-8")
    ids = [f"C{i}" for i in range(1, 5)] + [f"D{i}" for i in range(1, 35)]
    assert [r for r in ids if f":ruling:`{r}`" not in rules] == []
    assert ".. _citations:" in rules
