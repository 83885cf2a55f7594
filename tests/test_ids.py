"""Integer ids for actions and outcomes (issue 9, *Core*: "Every legal action of every reachable
state must encode"; "Golden tests pin the sizes and fingerprints, so that no id ever moves
silently")."""

from __future__ import annotations

import array
import hashlib
import random
import struct
from fractions import Fraction
from math import comb

import attrs
import pytest

import kingofny as k
from kingofny.effects import (
    CONTENT_API_VERSION,
    ContentPack,
    Context,
    Effect,
    MonsterSpec,
    option_space,
)
from kingofny.ids import (
    CODEC_VERSION,
    OBS_VERSION,
    ActionIds,
    OutcomeIds,
    observation,
    observation_into,
    observation_names,
    returns,
)
from tests.support import installed

ACTIONS = ActionIds()
OUTCOMES = OutcomeIds()
REROLLS = sum(comb(n + 5, 5) for n in range(1, 9))
"""Multisets of 1 to 8 six-sided dice: 3,002 (issue 9)."""


def test_the_sizes_follow_from_the_rules() -> None:
    """Placements (4 outer boroughs), rerolls of 1 to 8 dice, stop, 6 faces, destruction
    targets (5 boroughs x 3 stacks, 5 boroughs x 3 unit kinds), flee (4) and stay, moves (4) and
    stay, 3 market slots, sweep, end buying, pass, and the declared card uses. Outcomes: rolls
    of 1 to 8 dice, the 7 kinds of building tile, the 64 cards (components §3.2, §1)."""
    uses = sum(len(options) for options in option_space(("base",)).values())
    assert REROLLS == 3002
    assert ACTIONS.size == 4 + REROLLS + 1 + 6 + 15 + 15 + 4 + 1 + 4 + 1 + 3 + 3 + uses
    assert OUTCOMES.size == REROLLS + 7 + 64


def test_golden_sizes_and_fingerprints() -> None:
    """Pinned: a change of either means ids moved, which needs a CODEC_VERSION bump and a note
    in the changelog (agents trained on the old ids would act wrongly)."""
    assert CODEC_VERSION == 1
    assert (ACTIONS.size, ACTIONS.fingerprint) == (3308, "225f61effe665b43")
    assert (OUTCOMES.size, OUTCOMES.fingerprint) == (3073, "19e032657837be89")
    names = observation_names()
    digest = hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()[:16]
    assert (OBS_VERSION, len(names), digest) == (1, 933, "cbdfc9843eb1e108")


def test_the_codec_is_the_same_for_every_number_of_monsters() -> None:
    """Issue 9: ``size`` "is the same for 2 to 6 monsters" (the vocabulary has no seat count)."""
    assert ActionIds(("base",)).fingerprint == ACTIONS.fingerprint


def _play(count: int, seed: int, explicit: bool) -> list[k.GameState]:
    state = k.new_game(count, seed=None if explicit else seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal and len(states) < 4000:
        if state.is_chance:
            state = k.apply(state, k.sample_outcome(state, rng))
        else:
            state = k.apply(state, rng.choice(k.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("count", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_every_legal_action_and_outcome_of_random_games_has_an_id(count: int, seed: int) -> None:
    """Issue 9: every legal action of every reachable state encodes; decode gives it back; the
    mask marks exactly the legal ids; every chance outcome encodes, with its probability."""
    for state in _play(count, seed, explicit=seed % 2 == 1):
        legal = k.legal_actions(state)
        mask = ACTIONS.mask(state)  # before legal_ids: a fan-out's mask is kept with its ids
        ids = ACTIONS.legal_ids(state)
        assert list(ids) == sorted(ACTIONS.encode(a) for a in legal)
        assert {ACTIONS.decode(state, i) for i in ids} == set(legal)
        assert [i for i, bit in enumerate(mask) if bit] == list(ids)
        assert set(mask) <= {0, 1}
        assert ACTIONS.mask(state) == mask
        if state.is_chance:
            pairs = OUTCOMES.outcomes(state)
            assert sum((p for _, p in pairs), Fraction(0)) == 1
            listed = {o for o, _ in k.chance_outcomes(state)}
            assert {OUTCOMES.decode(i) for i, _ in pairs} == listed


def test_heuristic_games_encode_and_a_view_observes_as_the_state() -> None:
    """Issue 9, *Tests*: heuristic games too; ``observation(state) == observation(observe(state))``
    (the seed is the only secret, and the observation never shows it)."""
    result = k.play_game([k.HeuristicPlayer(s) for s in range(4)], seed=6)
    for _, state in k.replay_states(result.record):
        assert {ACTIONS.decode(state, i) for i in ACTIONS.legal_ids(state)} == set(
            k.legal_actions(state)
        )
        view = k.observe(state, 1)
        assert observation(state, 1) == observation(view, 1)


def test_describe_names_the_action() -> None:
    assert ACTIONS.describe(ACTIONS.encode(k.StopRolling())) == str(k.StopRolling())
    reroll = k.Reroll(k.Dice.parse("AAD"))
    assert ACTIONS.action(ACTIONS.encode(reroll)) == reroll


def test_bad_ids_and_actions_are_typed_errors() -> None:
    """Bad input gets a typed error (issue 7 §3)."""
    state = k.new_game(2, seed=1)
    with pytest.raises(k.ArgumentError, match=r"ActionIds\.encode\(action\): no id"):
        ACTIONS.encode(k.UseCard("base:stomp", "fly"))
    with pytest.raises(k.ArgumentError, match=r"action_id: ids are 0 to 3307"):
        ACTIONS.decode(state, ACTIONS.size)
    with pytest.raises(k.ArgumentError, match=r"action_id: expected an int"):
        ACTIONS.describe(True)
    illegal = ACTIONS.encode(k.StopRolling())
    assert illegal not in ACTIONS.legal_ids(state)
    with pytest.raises(k.IllegalActionError, match=r"is not legal now"):
        ACTIONS.decode(state, illegal)
    with pytest.raises(k.ArgumentError, match=r"OutcomeIds\.encode\(outcome\): no id"):
        OUTCOMES.encode(k.CardDraw("base:nothing"))
    with pytest.raises(k.ArgumentError, match=r"packs"):
        ActionIds("base")


class Whistle(Effect):
    """A plugin ability with a declared option."""

    def option_space(self, cards: object) -> tuple[str, ...]:
        return ("whistle",)

    def offers(self, state: k.GameState, owner: int, context: Context) -> tuple[str, ...]:
        return ("whistle",) if context is Context.DECISION else ()


def test_a_plugins_card_uses_join_the_space_after_the_base_games() -> None:
    """Issue 9: "A plugin's cards join the space through the hook"; the base game's ids stay."""
    pack = ContentPack(
        name="whistle",
        version="1",
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("whistle:bird", "Bird"),),
        effects={"whistle:bird": Whistle()},
    )
    with installed(pack):
        codec = ActionIds(("base", "whistle"))
    assert codec.size == ACTIONS.size + 1
    assert codec.encode(k.UseCard("whistle:bird", "whistle")) == ACTIONS.size
    assert codec.describe(0) == ACTIONS.describe(0)


# -- observations and returns ------------------------------------------------------------------


def test_observation_has_one_name_per_index_and_the_same_length_for_2_to_6() -> None:
    """Issue 9: "the same length for 2–6 monsters"; "observation_names(packs) gives one name
    per index"."""
    names = observation_names()
    assert len(set(names)) == len(names)
    for count in range(2, 7):
        state = k.new_game(count, seed=count)
        assert len(observation(state, 0)) == len(names)


@pytest.mark.parametrize(("count", "seed"), [(2, 11), (4, 12), (6, 13)])
def test_every_value_is_finite_and_within_its_bounds(count: int, seed: int) -> None:
    """Issue 9: "every value finite and within documented bounds" ([0, 1]), for every seat of
    every state of random games."""
    for state in _play(count, seed, explicit=True)[::5]:
        for seat in range(count):
            assert all(0.0 <= v <= 1.0 for v in observation(state, seat))


def test_the_observation_is_seat_relative() -> None:
    """Issue 9: "seat-relative (the observer is row 0, rows padded to 6 with a present flag)"."""
    state = k.new_game(3, seed=4)
    names = observation_names()
    life = names.index("monster[0].life")
    present = [names.index(f"monster[{row}].present") for row in range(6)]
    wounded = attrs.evolve(state.monsters[2], life=4)
    state = attrs.evolve(state, monsters=(*state.monsters[:2], wounded))
    mine = observation(state, 2)
    assert mine[life] == pytest.approx(4 / 12)
    assert observation(state, 0)[life] == pytest.approx(10 / 12)
    assert [mine[i] for i in present] == [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    assert mine[names.index("monster[1].life")] == pytest.approx(10 / 12)  # seat 0, next clockwise


def test_the_observation_shows_what_is_pending() -> None:
    """Issue 9: "the kind of the pending decision and the card that asks"."""
    names = observation_names()
    state = k.new_game(2)
    assert observation(state, 0)[names.index("waiting.tile-reveal")] == 1.0


def test_observation_refuses_a_seat_that_is_not_in_the_game() -> None:
    with pytest.raises(k.ArgumentError, match=r"observation\(seat\): no seat 4"):
        observation(k.new_game(4, seed=1), 4)
    with pytest.raises(k.ArgumentError, match=r"observation\(seat\): no seat True"):
        observation(k.new_game(4, seed=1), True)
    with pytest.raises(k.ArgumentError, match=r"observation\(state\): expected a GameState"):
        observation("a state", 0)  # type: ignore[arg-type]
    with pytest.raises(k.ArgumentError, match=r"legal_actions\(state\): expected a GameState"):
        ACTIONS.mask(None)  # type: ignore[arg-type]


def test_returns_reward_winners_and_punish_the_others() -> None:
    """Issue 9: "+1 for a winner and -1 for the others ... shared wins handled"; seed 000 *End
    of the Game*: if all are eliminated, "everybody loses"."""
    state = k.new_game(3, seed=1)
    assert returns(state) == (0.0, 0.0, 0.0)
    over = attrs.evolve(state, winners=(1,), agenda=())
    assert returns(over) == (-1.0, 1.0, -1.0)
    shared = attrs.evolve(state, winners=(0, 2), agenda=())
    assert returns(shared) == (1.0, -1.0, 1.0)
    nobody = attrs.evolve(state, winners=(), agenda=())
    assert returns(nobody) == (-1.0, -1.0, -1.0)


def expected_observation(state: k.GameState, seat: int) -> dict[str, float]:
    """The observation of ``seat`` by name, written from :func:`observation`'s documented
    meaning (an oracle independent of the fast writer's offsets); absent names are 0."""
    cards_in_packs = 64
    values: dict[str, float] = {}

    def scaled(name: str, count: int, scale: int) -> None:
        if count:
            values[name] = min(1.0, count / scale)

    n = len(state.monsters)
    pending = k.waiting_for(state)
    decider = pending.seat if pending is not None and pending.is_decision else None
    for row in range(n):
        who = (seat + row) % n
        m, p = state.monsters[who], f"monster[{row}]"
        values[f"{p}.present"] = 1.0
        if not m.eliminated:
            values[f"{p}.alive"] = 1.0
        scaled(f"{p}.life", m.life, 12)
        scaled(f"{p}.vp", m.vp, 40)
        scaled(f"{p}.energy", m.energy, 40)
        if m.location is not None:
            values[f"{p}.in.{m.location.borough}"] = 1.0
            if m.location.zone is not None:
                values[f"{p}.zone.{m.location.zone}"] = 1.0
            if m.location.track is not None:
                values[f"{p}.track.{m.location.track}"] = 1.0
        for flag, holder in (
            ("turn", state.turn.seat),
            ("decides", decider),
            ("superstar", state.superstar),
            ("statue", state.statue),
        ):
            if holder == who:
                values[f"{p}.{flag}"] = 1.0
        for card in m.cards:
            values[f"{p}.card.{card}"] = 1.0
        for kind, count in m.tokens:
            scaled(f"{p}.token.{kind}", count, 10)
        for unit in set(m.trophies):
            scaled(f"{p}.trophy.{unit}", m.trophies.count(unit), 10)
    for borough, tiles in zip(k.Borough, state.boroughs):
        for i, stack in enumerate(tiles.stacks):
            if stack.top is not None:
                values[f"{borough}.stack[{i}].top.{stack.top}"] = 1.0
            scaled(f"{borough}.stack[{i}].hidden", stack.hidden, 3)
        for unit in set(tiles.units):
            scaled(f"{borough}.units.{unit}", tiles.units.count(unit), 10)
        for unit in set(tiles.fresh_units):
            scaled(f"{borough}.fresh_units.{unit}", tiles.fresh_units.count(unit), 10)
        if "souvenir" in tiles.markers:
            values[f"{borough}.souvenir"] = 1.0
    for slot, shown in enumerate(state.market):
        if shown is not None:
            values[f"market[{slot}].{shown}"] = 1.0
    scaled("deck.size", len(state.deck), cards_in_packs)
    scaled("discard.size", len(state.discard), cards_in_packs)
    for face in k.Face:
        scaled(f"dice.{face}", state.turn.dice[face], 8)
        scaled(f"unresolved.{face}", state.turn.unresolved[face], 16)
        scaled(f"rolled.{face}", state.turn.rolled[face], 8)
    scaled("rerolls_left", state.turn.rerolls_left, 4)
    if pending is not None:
        values[f"waiting.{pending.kind}"] = 1.0
        if pending.card is not None and pending.card in CARD_QUESTIONS:
            values[f"asks.{pending.card}"] = 1.0
    return values


CARD_QUESTIONS = frozenset(option_space(("base",)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_observation_means_what_its_names_say(players: int) -> None:
    """Every index of random and heuristic games against the documented meaning, for every
    seat, on newly built states and again on the same ones (the fast writer keeps rows and city
    sections of the objects it has seen: issue 9, *Speed*), seeded and explicit-chance."""
    names = observation_names()
    rng = random.Random(players)
    games = [
        [
            s
            for _, s in k.replay_states(
                k.play_game([k.HeuristicPlayer(i) for i in range(players)], seed=players).record
            )
        ]
    ]
    state = k.new_game(players, seed=10 + players)
    walk = [state]
    while state.winners is None and len(walk) < 400:
        state = k.apply(state, rng.choice(k.legal_actions(state)))
        walk.append(state)
    games.append(walk)
    state = k.new_game(players)  # explicit chance: the chance nodes are observed too
    chance_walk = [state]
    while state.winners is None and len(chance_walk) < 400:
        if state.is_chance:
            state = k.apply(state, rng.choice(k.chance_outcomes(state))[0])
        else:
            state = k.apply(state, rng.choice(k.legal_actions(state)))
        chance_walk.append(state)
    games.append(chance_walk)
    for states in games:
        for state in states[:: max(1, len(states) // 150)]:
            for seat in range(players):
                expected = expected_observation(state, seat)
                assert set(expected) <= set(names)
                want = [expected.get(name, 0.0) for name in names]
                assert observation(state, seat) == want
                assert observation(state, seat) == want


def test_a_cards_question_is_observed_with_the_card_that_asks() -> None:
    """Issue 9: the observation shows "the kind of the pending decision and the card that
    asks", for every card question met in seeded random games."""
    names = observation_names()
    asked = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = k.new_game(4, seed=seed)
        while state.winners is None:
            pending = k.waiting_for(state)
            assert pending is not None
            if pending.kind is k.PendingKind.CARD_QUESTION:
                assert pending.card is not None
                seen = observation(state, 0)
                assert seen[names.index("waiting.card-question")] == 1.0
                assert seen[names.index(f"asks.{pending.card}")] == 1.0
                asked.add(pending.card)
            state = k.apply(state, rng.choice(k.legal_actions(state)))
    assert len(asked) >= 2


def test_observation_refuses_a_state_without_the_five_boroughs() -> None:
    """The observation is laid out for the five boroughs of the board (seed 000, *Setup*); a
    hand-built state with another number gets an ArgumentError, not a shifted vector."""
    state = k.new_game(4, seed=1)
    broken = attrs.evolve(state, boroughs=state.boroughs[:4])
    with pytest.raises(k.ArgumentError, match="boroughs"):
        observation(broken, 0)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_observation_into_writes_the_observation_as_float32(players: int) -> None:
    """``observation_into`` writes exactly :func:`observation` (each value rounded to float32)
    into row ``index`` of a buffer of several rows, leaving the other rows alone, at every
    position of random games and for every seat (the rows and parts it copies as bytes are
    kept by identity, so positions of several games are interleaved here, as a batch does)."""
    size = len(observation_names())
    rows = 3
    games = [k.new_game(players, seed=seed) for seed in range(rows)]
    rngs = [random.Random(seed) for seed in range(rows)]
    seeds = iter(range(rows, 10_000))
    out = array.array("f", [7.0] * (size * (rows + 1)))
    checked = 0
    for _ in range(150):
        for row, rng in enumerate(rngs):
            state = games[row]
            if state.is_terminal:
                state = games[row] = k.new_game(players, seed=next(seeds))
            seat = rng.randrange(players)
            observation_into(state, seat, out, row)
            expected = struct.unpack(
                f"={size}f", struct.pack(f"={size}f", *observation(state, seat))
            )
            assert tuple(out[row * size : (row + 1) * size]) == expected
            checked += 1
            games[row] = k.apply(state, rng.choice(k.legal_actions(state)))
    assert tuple(out[rows * size :]) == (7.0,) * size  # the row after the last one written
    assert checked == 150 * rows


def test_observation_into_refuses_a_wrong_buffer_and_changes_nothing() -> None:
    state = k.new_game(4, seed=1)
    size = len(observation_names())
    with pytest.raises(k.ArgumentError, match=r"observation_into\(out\): expected a float32"):
        observation_into(state, 0, "text")
    for wrong in (bytearray(4 * size), array.array("d", [0.0] * size), bytes(4 * size)):
        with pytest.raises(k.ArgumentError, match=r"observation_into\(out\)"):
            observation_into(state, 0, wrong)
    short = array.array("f", [5.0] * (2 * size - 1))
    with pytest.raises(k.ArgumentError, match="room for"):
        observation_into(state, 0, short, 1)
    assert set(short) == {5.0}
    with pytest.raises(k.ArgumentError, match=r"observation_into\(index\)"):
        observation_into(state, 0, short, -1)
    with pytest.raises(k.ArgumentError, match=r"observation_into\(seat\): no seat 4"):
        observation_into(state, 4, short)


def test_observation_into_refuses_rows_of_another_width() -> None:
    """A 2-D buffer whose rows are not one observation wide would get a row straddling two:
    refused, and left unchanged."""
    state = k.new_game(4, seed=1)
    size = len(observation_names())
    data = array.array("f", [5.0] * (3 * (size + 5)))
    rows = memoryview(data).cast("B").cast("f", (3, size + 5))
    with pytest.raises(k.ArgumentError, match="rows of"):
        observation_into(state, 0, rows, 2)
    assert set(data) == {5.0}
    fitting = array.array("f", [5.0] * (2 * size))
    observation_into(state, 0, memoryview(fitting).cast("B").cast("f", (2, size)), 1)
    assert tuple(fitting[size:]) == tuple(
        struct.unpack(f"={size}f", struct.pack(f"={size}f", *observation(state, 0)))
    )
