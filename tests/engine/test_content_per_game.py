"""A game resolves its content once (issue 19 §2; DESIGN *Content per game*, Contract 7).

The packs a game uses are resolved into one frozen table when the game is created or read, and
the engine reads that table from the config, never the process's registry: a pack can be tried
without installing it, and what is installed later does not change a game in progress.
"""

from __future__ import annotations

import copy
import pickle

import pytest

import kingofny
from kingofny import ConfigError, ContentTable, GameState, SerializationError
from kingofny.effects import (
    CONTENT_API_VERSION,
    CardKind,
    CardSpec,
    ContentPack,
    Effect,
    MonsterSpec,
    gain_vp,
)
from tests.support import played_to_turn


class _Cheers(Effect):
    """The trial monster's ability: +1 VP at the start of each of its turns."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return gain_vp(state, owner, 1)


def trial_pack() -> ContentPack:
    """A pack no entry point installs (module level, so that a pickled table can name it)."""
    return ContentPack(
        name="trial",
        version="0.1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("trial:yeti", "Yeti"),),
        cards=(CardSpec("trial:snowball", "Snowball", 3, CardKind.DISCARD, "+2 VP."),),
        effects={"trial:yeti": _Cheers()},
    )


TRIAL = trial_pack()


def _trial_game() -> GameState:
    """A seeded game of the trial pack's Yeti against Kong, at its third turn."""
    return played_to_turn(
        kingofny.new_game(["trial:yeti", "kong"], seed=3, packs=["base", TRIAL]), 3
    )


def test_a_pack_can_be_played_without_installing_it() -> None:
    """``new_game(..., packs=["base", manifest])``: the monster and its effect are in play, the
    pack's cards are in the deck, and no registry was touched."""
    state = kingofny.new_game(["trial:yeti", "kong"], seed=3, packs=["base", TRIAL])
    assert state.config.packs == ("base", "trial")
    table = state.config.content
    assert isinstance(table, ContentTable)
    assert "trial:snowball" in table.deck
    assert table.pack_of("trial:yeti") == "trial"
    with pytest.raises(ConfigError, match="not installed"):
        kingofny.new_game(["kong", "mantis"], packs=["base", "trial"])
    later = played_to_turn(state, 4)
    assert later.monsters[0].vp >= 2  # +1 VP at each of its turn starts


def test_a_game_of_a_pack_not_installed_writes_and_reads_back_with_its_manifest() -> None:
    """The JSON of such a game is read with ``from_json(text, packs=[manifest])``; without the
    manifest it is refused, naming the pack."""
    state = played_to_turn(
        kingofny.new_game(["trial:yeti", "kong"], seed=3, packs=["base", TRIAL]), 3
    )
    text = kingofny.to_json(state)
    assert '"trial":"0.1"' in text
    back = kingofny.from_json(text, packs=[TRIAL])
    assert back == state
    assert kingofny.legal_actions(back) == kingofny.legal_actions(state)
    with pytest.raises(SerializationError, match=r"trial.* is not installed"):
        kingofny.from_json(text)


def test_the_states_of_one_game_share_one_table() -> None:
    """Resolved once: every state of a game, its views and its reseeded copies hold the same
    table, and games of the same installed packs share it."""
    first = kingofny.new_game(4, seed=1)
    later = played_to_turn(first, 3)
    assert later.config.content is first.config.content
    assert kingofny.observe(later).config.content is first.config.content
    assert kingofny.new_game(2, seed=9).config.content is first.config.content


def test_copies_and_pickles_keep_the_table() -> None:
    """A deep copy shares the table; a pickle carries installed packs by name and a manifest
    handed over whole, so the game goes on the same in the other process."""
    base = played_to_turn(kingofny.new_game(3, seed=2), 3)
    assert copy.deepcopy(base.config).content is base.config.content
    assert pickle.loads(pickle.dumps(base)) == base
    trial = played_to_turn(
        kingofny.new_game(["trial:yeti", "kong"], seed=3, packs=["base", TRIAL]), 3
    )
    restored = pickle.loads(pickle.dumps(trial))
    assert restored == trial
    assert restored.config.content is not None
    assert restored.config.content.names == ("base", "trial")
    assert kingofny.legal_actions(restored) == kingofny.legal_actions(trial)


def test_a_config_built_by_hand_resolves_its_packs_on_first_use() -> None:
    config = kingofny.GameConfig(("base:kong", "base:mantis"), 4)
    assert config.content is None
    state = kingofny.reseed(kingofny.new_game(["kong", "mantis"]), 4)
    assert state.config == config
    assert kingofny.legal_actions(state) or state.is_terminal


@pytest.mark.parametrize(
    "packs",
    [[], ["base", "base"], "base", [3], ["base", object()]],
    ids=["empty", "twice", "a-string", "an-int", "an-object"],
)
def test_malformed_pack_lists_are_config_errors(packs: object) -> None:
    with pytest.raises(ConfigError):
        kingofny.new_game(2, packs=packs)  # type: ignore[arg-type]


def test_a_config_refuses_a_table_of_other_packs() -> None:
    """Review: a table of other packs than the config's wrote JSON that did not read back."""
    table = kingofny.new_game(2, packs=["base", TRIAL]).config.content
    with pytest.raises(ConfigError, match="content table plays packs"):
        kingofny.GameConfig(("base:kong", "base:mantis"), None, ("base",), content=table)


@pytest.mark.parametrize(
    "packs",
    [TRIAL, None, 5, "trial", [object()]],
    ids=["a-manifest", "none", "an-int", "a-string", "an-object"],
)
def test_from_json_refuses_packs_that_are_not_manifests(packs: object) -> None:
    text = kingofny.to_json(kingofny.new_game(2, seed=1))
    with pytest.raises(kingofny.ArgumentError, match="packs"):
        kingofny.from_json(text, packs=packs)  # type: ignore[arg-type]


def test_games_of_the_same_manifests_share_one_table() -> None:
    first = kingofny.new_game(["trial:yeti", "kong"], packs=["base", TRIAL]).config.content
    again = kingofny.new_game(["kong", "trial:yeti"], packs=["base", TRIAL]).config.content
    assert first is again
    other = kingofny.new_game(["trial:yeti", "kong"], packs=["base", trial_pack()]).config.content
    assert other is not first


def test_the_rl_ids_and_observations_take_a_game_of_a_pack_not_installed() -> None:
    """Review: the ids and the observation read the installed packs, so a manifest's game had no
    observation; they read the game's content table now."""
    from kingofny.ids import ActionIds, OutcomeIds, observation, observation_names

    state = played_to_turn(
        kingofny.new_game(["trial:yeti", "kong"], seed=3, packs=["base", TRIAL]), 3
    )
    row = observation(state, 0)
    assert len(row) == len(observation_names(["base", TRIAL]))
    assert any(name.endswith(".card.trial:snowball") for name in observation_names(["base", TRIAL]))
    ids = ActionIds(["base", TRIAL])
    assert ids.packs == ("base", "trial")
    assert all(ids.decode(state, i) in kingofny.legal_actions(state) for i in ids.legal_ids(state))
    table = state.config.content
    assert table is not None
    assert OutcomeIds(table).size == OutcomeIds(["base", TRIAL]).size
