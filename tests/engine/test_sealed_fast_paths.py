"""The engine's fast paths stay invisible from outside (DESIGN *Performance*, issue 19 §3).

``apply`` edits one private draft in place and memoises ``legal_actions`` by identity. A hook
may read the state it is given through the public API (docs ``hooks.rst``): doing so must not
change the game. Each test plays the same games with a pack whose monster's hooks only read
their state, and with the plain base monster in its place, and compares every stop.

The debug mode (``KINGOFNY_DEBUG_STATES=1``, :func:`kingofny.debug_states`) turns the fast
paths off and watches every hook: one that changes the state it was given in place, or returns
another game's state, is an :class:`~kingofny.EffectError` naming its card.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

import attrs
import pytest

import kingofny
from kingofny import EffectError, GameState
from kingofny.effects import CONTENT_API_VERSION, ContentPack, Effect, MonsterSpec, Source
from kingofny.testing import ConformanceError, check_content_pack
from tests.support import random_stops

Reader = Callable[[GameState], object]

READERS: dict[str, Reader] = {
    "legal_actions": kingofny.legal_actions,
    "chance_outcomes": kingofny.chance_outcomes,
    "waiting_for": kingofny.waiting_for,
    "hash": hash,
    "current_player": lambda s: s.current_player,
    "repr": repr,
    "observe": kingofny.observe,
    "reseed": lambda s: kingofny.reseed(s, 99),
    "settle": kingofny.settle,
    "apply_traced": lambda s: (
        kingofny.legal_actions(s) and kingofny.apply_traced(s, kingofny.legal_actions(s)[0])
    ),
}
"""Public reads a hook may make of the state it is given."""


def _reading_pack(read: Reader) -> ContentPack:
    """A pack with one monster whose hooks read the state they are given and return it."""

    class Reads(Effect):
        def after_damaged(
            self, state: GameState, owner: int, amount: int, source: Source
        ) -> GameState:
            read(state)
            return state

        def on_turn_start(self, state: GameState, owner: int) -> GameState:
            read(state)
            return state

        def on_resolution_start(self, state: GameState, owner: int) -> GameState:
            read(state)
            return state

        def on_turn_end(self, state: GameState, owner: int) -> GameState:
            read(state)
            return state

    return ContentPack(
        name="reader",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("reader:kong", "Reading Kong"),),
        effects={"reader:kong": Reads()},
    )


def _stops(
    monsters: list[str], packs: Sequence[str | ContentPack], seed: int
) -> Iterator[tuple[object, ...]]:
    """What a caller sees at every stop of an explicit-chance random game: who decides, the
    legal actions, the chance outcomes, whether the hash is that of the state read back."""
    given = [p for p in packs if isinstance(p, ContentPack)]
    for state in random_stops(kingofny.new_game(monsters, packs=packs), seed):
        yield (
            state.current_player,
            kingofny.legal_actions(state),
            kingofny.chance_outcomes(state),
            hash(state) == hash(kingofny.from_json(kingofny.to_json(state), packs=given)),
            state.winners,
        )


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_hook_reading_its_state_through_the_public_api_changes_nothing(reader: str) -> None:
    """Issue 19 §3: a hook calling ``legal_actions`` (or another public read) on the draft it
    was given left a stale memo behind; the games with and without the reads must agree."""
    pack = _reading_pack(READERS[reader])
    for seed in range(6):
        plain = list(_stops(["kong", "drakonis", "mantis"], ("base",), seed))
        read = list(_stops(["reader:kong", "drakonis", "mantis"], ("base", pack), seed))
        assert read == plain, f"seed {seed}: reading {reader} in a hook changed the game"


@pytest.mark.parametrize("reader", ["observe", "reseed", "settle", "apply_traced"])
def test_public_functions_called_by_a_hook_leave_a_seeded_game_as_it_was(reader: str) -> None:
    """Review of issue 19 §3: ``observe``, ``reseed``, ``settle`` and ``apply_traced`` called on
    the engine's working copy changed it in place (a seeded game lost its seed, a look-ahead
    was played for real)."""
    pack = _reading_pack(READERS[reader])
    for seed in range(4):
        games: list[list[tuple[object, ...]]] = []
        for monsters, packs in (
            (["kong", "drakonis"], ("base",)),
            (["reader:kong", "drakonis"], ("base", pack)),
        ):
            policy = random.Random(seed)
            state = kingofny.new_game(monsters, seed=seed, packs=packs)
            seen: list[tuple[object, ...]] = []
            while not state.is_terminal and len(seen) < 400:
                legal = kingofny.legal_actions(state)
                seen.append((state.config.seed, state.rng, legal))
                state = kingofny.apply(state, policy.choice(legal))
            games.append(seen)
        assert games[0] == games[1], f"seed {seed}: {reader} in a hook changed the game"


def test_a_hook_reading_to_json_of_its_state_changes_nothing() -> None:
    """``to_json`` of the state a hook is given, where it writes, changes no later answer."""

    def write(state: GameState) -> object:
        try:
            return kingofny.to_json(state)
        except kingofny.SerializationError:  # a state between two steps may be unsettled
            return None

    pack = _reading_pack(write)
    plain = list(_stops(["kong", "drakonis"], ("base",), 3))
    read = list(_stops(["reader:kong", "drakonis"], ("base", pack), 3))
    assert read == plain


def _rebuilt(state: GameState) -> GameState:
    """An equal state made afresh (nothing cached in it)."""
    return GameState(**{f.name: getattr(state, f.name) for f in attrs.fields(GameState)})


def test_a_hook_hashing_its_state_twice_sees_the_changes_between() -> None:
    """The state a hook is given may be changed by the rules before the next hook: its hash
    must follow (a hash cached on the draft went stale)."""
    stale: list[int] = []

    def compare(state: GameState) -> object:
        if hash(state) != hash(_rebuilt(state)):
            stale.append(state.turn.number)
        return None

    pack = _reading_pack(compare)
    list(_stops(["reader:kong", "drakonis", "mantis"], ("base", pack), 4))
    list(_stops(["reader:kong", "drakonis"], ("base", pack), 8))
    assert stale == []


def test_the_hash_of_a_state_seen_by_a_hook_is_not_kept() -> None:
    """A hash taken by a hook is not cached in the state ``apply`` goes on changing: every state
    returned hashes as an equal state built afresh does."""
    pack = _reading_pack(hash)
    state = kingofny.new_game(["reader:kong", "drakonis"], seed=5, packs=("base", pack))
    policy = random.Random(5)
    for _ in range(300):
        if state.is_terminal:
            break
        assert hash(state) == hash(kingofny.from_json(kingofny.to_json(state), packs=[pack]))
        state = kingofny.apply(state, policy.choice(kingofny.legal_actions(state)))


# -- the debug mode: effects that break the hook rules are caught --------------------------------


class _Scribbles(Effect):
    """Changes the state it is given in place (forbidden)."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        monster = state.monsters[owner]
        object.__setattr__(monster, "vp", monster.vp + 1)
        return state


_OTHER_GAME = kingofny.new_game(["kong", "drakonis", "mantis"], seed=99)


class _Swaps(Effect):
    """Returns another game's state (forbidden)."""

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        return _OTHER_GAME


def _rogue_pack(effect: Effect) -> ContentPack:
    return ContentPack(
        name="rogue",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("rogue:kong", "Rogue Kong"),),
        effects={"rogue:kong": effect},
    )


@pytest.mark.parametrize(
    ("effect", "message"),
    [(_Scribbles(), "changed the state it was given in place"), (_Swaps(), "another game")],
    ids=["in-place", "another-game"],
)
def test_the_debug_mode_catches_a_hook_breaking_the_rules(effect: Effect, message: str) -> None:
    """Issue 19 §4.10: in the debug mode, a hook that mutates its argument or returns another
    game's state is an EffectError naming the card and the hook."""

    def play() -> None:
        state = kingofny.new_game(["rogue:kong", "drakonis"], seed=1, packs=("base", pack))
        policy = random.Random(1)
        for _ in range(200):
            state = kingofny.apply(state, policy.choice(kingofny.legal_actions(state)))

    pack = _rogue_pack(effect)
    with kingofny.debug_states():
        with pytest.raises(EffectError, match=message) as caught:
            play()
        assert caught.value.card == "rogue:kong"
        assert caught.value.hook == "on_turn_start"


@pytest.mark.parametrize("effect", [_Scribbles(), _Swaps()], ids=["in-place", "another-game"])
def test_check_content_pack_refuses_a_hook_breaking_the_rules(effect: Effect) -> None:
    """Issue 19 §4.10: the conformance kit plays in the debug mode, so it fails such a pack."""
    with pytest.raises(ConformanceError, match="rogue:kong"):
        check_content_pack(_rogue_pack(effect), games=4, seed=0)


def test_the_debug_mode_is_restored_after_the_block() -> None:
    """``debug_states()`` puts the mode back as it was, even on an exception."""
    before = kingofny.debug_states_enabled()
    seen: list[bool] = []

    def fail_inside() -> None:
        with kingofny.debug_states():
            seen.append(kingofny.debug_states_enabled())
            raise RuntimeError

    with pytest.raises(RuntimeError):
        fail_inside()
    assert seen == [True]
    assert kingofny.debug_states_enabled() == before
    with kingofny.debug_states(False):
        assert not kingofny.debug_states_enabled()
    assert kingofny.debug_states_enabled() == before


class _Looks(Effect):
    """Pickles the state its hook is given and compares it (module level, so that it pickles
    with the manifest the game plays)."""

    seen: ClassVar[list[tuple[str, bool, bool]]] = []

    def on_turn_start(self, state: GameState, owner: int) -> GameState:
        again = pickle.loads(pickle.dumps(state))
        self.seen.append((repr(state).split("(", 1)[0], again == state, state == _rebuilt(state)))
        return state


LOOKS = ContentPack(
    name="looks",
    version="1",
    api_version=CONTENT_API_VERSION,
    monsters=(MonsterSpec("looks:kong", "Looking Kong"),),
    effects={"looks:kong": _Looks()},
)


def test_the_working_copy_a_hook_gets_is_a_game_state_to_it() -> None:
    """Review of issue 19 §3: the engine's working copy showed its private class (repr
    ``_BuildingGameState``), was unequal to an equal state and could not be pickled."""
    _Looks.seen.clear()
    list(_stops(["looks:kong", "drakonis"], ("base", LOOKS), 2))
    assert _Looks.seen
    assert set(_Looks.seen) == {("GameState", True, True)}


def test_the_legal_actions_of_several_games_played_in_turns_are_remembered() -> None:
    """Issue 23 §2: a batched environment steps its games in turns; the legal actions the
    engine computed for each game's position are still remembered when that game's turn comes
    back (the memo holds many states, by identity), so apply does not compute them again.
    (The debug mode keeps no memo.)"""
    if kingofny.debug_states_enabled():
        pytest.skip("the debug mode turns the memo off")
    games = [kingofny.new_game(4, seed=seed) for seed in range(8)]
    first = [kingofny.legal_actions(state) for state in games]
    for state, legal in zip(games, first):
        assert kingofny.legal_actions(state) is legal  # the same tuple: served from the memo
    # An equal state that is another object is not mistaken for the remembered one.
    copy = pickle.loads(pickle.dumps(games[0]))
    assert copy == games[0]
    assert kingofny.legal_actions(copy) == first[0]
