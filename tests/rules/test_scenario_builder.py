"""The scenario builder (``kingofny.testing``): defaults, turn points, validation, and the state
invariants it checks (which the engine must keep along any game)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import kingofny as k
from kingofny.model.city import BASE_TILES
from kingofny.model.steps import ChooseFace, ChooseMove, ChooseReroll, RollDice, Shop
from kingofny.testing import (
    Scenario,
    card_id,
    check_state,
    monster_id,
    play,
    roll,
    state_problems,
)

# -- names -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [("kong", "base:kong"), ("base:kong", "base:kong"), ("Captain Fish", "base:captain-fish")],
)
def test_monster_names(name: str, expected: str) -> None:
    assert monster_id(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("stomp", "base:stomp"),
        ("base:stomp", "base:stomp"),
        ("Tesla Canon", "base:tesla-cannon"),
        ("I ♥ NY Tourist", "base:i-love-ny-tourist"),
        ("Climb the Empire State Building", "base:climb-the-empire-state-building"),
    ],
)
def test_card_names(name: str, expected: str) -> None:
    assert card_id(name) == expected


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Scenario(["kong", "godzilla"]), "unknown monster 'godzilla'"),
        (lambda: Scenario(["kong", "kong"]), "only once"),
        (lambda: Scenario(["kong"]), "2 to 6 monsters"),
        (lambda: Scenario(7), "2 to 6 monsters"),
        (lambda: Scenario(2).monster(0, cards=["stompp"]), "did you mean 'stomp'"),
        (lambda: Scenario(2).monster(0, borough="harlem"), "unknown borough"),
        (lambda: Scenario(2).borough("queens", stacks=["castle-1", None, None]), "building"),
        (lambda: Scenario(2).borough("queens", stacks=["hospital-1", None, None]), "45 tiles"),
        (lambda: Scenario(2).borough("queens", units=["dragon"]), "unknown unit"),
        (lambda: Scenario(2).monster(0, manhattan="downtown"), "zone"),
        (lambda: Scenario(2).monster(0, manhattan="lower", track="7-8"), "track"),
        (lambda: Scenario(2).monster("mantis"), "not in this scenario"),
        (lambda: Scenario(2).monster(5), "no seat 5"),
        (lambda: Scenario(2).market(["stomp", "drain"]), "3 slots"),
        (lambda: Scenario(2).borough("queens", stacks=[None, None]), "3 stacks"),
        (lambda: Scenario(2).borough("queens", hidden=[3, 0, 0]), "face-down"),
        (lambda: Scenario(2).turn(0, at="lunch"), "unknown turn point"),  # type: ignore[arg-type]
        (lambda: Scenario(2).turn(0, dice="AAXDDO"), "die face"),
    ],
)
def test_bad_names_and_shapes_are_rejected_at_once(build: object, message: str) -> None:
    with pytest.raises(k.ScenarioError, match=message):
        build()  # type: ignore[operator]


# -- validation at build() -------------------------------------------------------------------------


def rejects(scenario: Scenario, message: str) -> None:
    with pytest.raises(k.ScenarioError, match=message):
        scenario.build()


def test_more_than_two_monsters_in_an_outer_borough() -> None:
    """seed 000 *How to Play*: "There can be no more than 2 Monsters in any borough"."""
    s = Scenario(3)
    for seat in range(3):
        s = s.monster(seat, borough="queens")
    rejects(s, "3 monsters .* in queens")


def test_too_many_monsters_in_manhattan() -> None:
    """seed 000 *Controlling Manhattan* (one) and *Advanced Rule* (two with 5–6 monsters)."""
    rejects(
        Scenario(4).monster(0, manhattan="lower").monster(1, manhattan="upper", track="5-6"),
        "holds 1",
    )
    five = Scenario(5).monster(0, manhattan="lower").monster(1, manhattan="upper", track="5-6")
    assert five.build().monsters[1].in_manhattan
    rejects(five.monster(2, manhattan="midtown"), "holds 2")
    rejects(five.monster(4, eliminated=True), "holds 1")  # 4 left: one place only


def test_two_monsters_on_one_manhattan_space() -> None:
    rejects(
        Scenario(5).monster(0, manhattan="lower").monster(1, manhattan="lower"),
        "same|both on",
    )
    rejects(
        Scenario(5).monster(0, manhattan="lower").monster(1, manhattan="upper"),
        "both on",
    )


def test_a_lone_monster_on_the_5_6_space() -> None:
    """seed 000 *Advanced Rule*: the 5–6 monster moves to 2–4 when that space is free."""
    rejects(Scenario(5).monster(0, manhattan="lower", track="5-6"), "2-4")


@pytest.mark.parametrize("life", [0, -1, 11])
def test_life_out_of_range(life: int) -> None:
    """seed 000 *Heal*: at most 10 Life; a living monster has at least 1."""
    rejects(Scenario(2).monster(0, life=life), "1 to 10 Life")


def test_carapace_allows_12_life() -> None:
    """rulings §16 Carapace: maximum Life +2 while held."""
    state = Scenario(2).monster(0, life=12, cards=["carapace"]).build()
    assert state.monsters[0].life == 12


def test_negative_vp_or_energy() -> None:
    rejects(Scenario(2).monster(0, vp=-1), "VP cannot be negative")
    rejects(Scenario(2).monster(1, energy=-3), "Energy cannot be negative")


def test_tile_accounting() -> None:
    """components §3.2: 45 tiles, 3 Hospital 2, 14 durability-2 tiles (Jets on the back)."""
    rejects(
        Scenario(2)
        .borough("queens", stacks=["hospital-2", "hospital-2", None])
        .borough("bronx", stacks=["hospital-2", "hospital-2", None]),
        "4 hospital-2 tiles",
    )
    rejects(Scenario(2).borough("queens", units=["jet"] * 15), "15 jet tiles")
    rejects(
        Scenario(2).borough("queens", units=["tank"] * 5).monster(0, trophies=["tank"] * 5),
        "10 tank tiles",
    )
    many = Scenario(2)
    for b in ("manhattan", "bronx", "queens", "brooklyn", "staten-island"):
        many = many.borough(b, stacks=["high-rise-1"] * 3, hidden=2)
    rejects(many.borough("queens", units=["infantry"]), "face-down tiles")


def test_default_tiles_make_room_for_given_units() -> None:
    """With given units, default stacks hold fewer face-down tiles: 45 in all."""
    state = Scenario(2).borough("queens", units=["infantry"] * 4, fresh_units=[]).build()
    tops = sum(1 for b in state.boroughs for s in b.stacks if s.top is not None)
    hidden = sum(n for _, n in state.hidden_tiles)
    assert tops + hidden + 4 == 45
    check_state(state)


def test_a_card_in_two_places() -> None:
    rejects(Scenario(2).monster(0, cards=["stomp"]).market(["stomp", None, None]), "2 places")
    rejects(Scenario(2).deck(["drain"]).discard(["drain"]), "2 places")
    rejects(Scenario(2).monster(0, cards=["drain"]).monster(1, cards=["drain"]), "2 places")


def test_a_monster_holds_only_keep_cards() -> None:
    rejects(Scenario(2).monster(0, cards=["tesla-cannon"]), "DISCARD card")


def test_every_card_must_be_somewhere() -> None:
    rejects(Scenario(2).deck(["drain"]).discard(["stomp"]), "nowhere")


def test_dice_counts() -> None:
    """seed 000 *Roll the Dice*: six black dice; rulings §13: Extra Head adds one."""
    rejects(Scenario(2).turn(0, dice="AACCD"), "rolls 6 dice")
    rejects(Scenario(2).turn(0, dice="AACCDDO"), "rolls 6 dice")
    state = Scenario(2).monster(0, cards=["extra-head"]).turn(0, dice="AACCDDO").build()
    assert state.turn.dice.total == 7
    rejects(Scenario(2).turn(0, dice="AACCDD", unresolved="OO"), "not part of")
    rejects(Scenario(2).turn(0, at="reroll", dice="AACCDD", rerolls_left=0), "1 or 2")
    rejects(Scenario(2).turn(0, at="reroll", dice="AACCDD", rerolls_left=3), "0 to 2")
    rejects(Scenario(2).turn(0, at="reroll"), "needs dice")
    rejects(Scenario(2).turn(0, at="start", dice="AACCDD"), "no dice")


def test_goal_holders_and_turn_owner_must_be_alive() -> None:
    rejects(Scenario(3).monster(1, eliminated=True).goals(statue=1), "eliminated")
    rejects(Scenario(3).monster(1, eliminated=True).turn(1), "eliminated")
    rejects(Scenario(3).monster(1, eliminated=True, life=3), "Life is 0")


def test_fresh_units_cannot_exist_at_the_start_of_a_turn() -> None:
    rejects(Scenario(2).borough("queens", fresh_units=["jet"]), "fresh units")


def test_destroyed_units_become_trophies() -> None:
    state = Scenario(2).turn(0, at="buy", destroyed=["jet"]).build()
    assert state.monsters[0].trophies == (k.UnitKind.JET,)
    rejects(
        Scenario(2).monster(0, trophies=["tank"]).turn(0, at="buy", destroyed=["jet"]),
        "trophies",
    )


# -- defaults and turn points ----------------------------------------------------------------------


def test_defaults_are_a_consistent_first_turn() -> None:
    """Defaults: 10 Life, 0 VP, 0 Energy; spread over the outer boroughs; 45 tiles with every top
    revealed; all 64 cards placed; goals in the supply; seat 0 about to roll."""
    state = Scenario(6).build()
    check_state(state)
    assert state.next_step == RollDice(6)
    assert state.turn == k.TurnState(seat=0, number=1, rerolls_left=2)
    assert all((m.life, m.vp, m.energy) == (10, 0, 0) for m in state.monsters)
    assert Counter(m.location.borough for m in state.monsters if m.location) == {
        k.Borough.BRONX: 2,
        k.Borough.QUEENS: 2,
        k.Borough.BROOKLYN: 1,
        k.Borough.STATEN_ISLAND: 1,
    }
    assert all(s.top is not None and s.hidden == 2 for b in state.boroughs for s in b.stacks)
    assert sum(n for _, n in state.hidden_tiles) + 15 == 45
    assert len(state.deck) + 3 == 64
    assert (state.superstar, state.statue) == (None, None)


def test_scenario_is_immutable() -> None:
    base = Scenario(2)
    changed = base.monster(0, vp=5)
    assert base.build().monsters[0].vp == 0
    assert changed.build().monsters[0].vp == 5
    merged = changed.monster(0, life=3)
    assert (merged.build().monsters[0].vp, merged.build().monsters[0].life) == (5, 3)


def test_turn_points_match_states_reached_by_play() -> None:
    """A scenario at "reroll", "resolve" or "move" is exactly the state that play reaches."""
    base = Scenario(["kong", "mantis"]).monster("mantis", manhattan="midtown", energy=1)
    start = base.build()
    rolled = play(start, roll("EECCHO"))
    assert base.turn(0, at="reroll", dice="EECCHO").build() == rolled
    assert rolled.next_step == ChooseReroll(0)
    stopped = play(rolled, k.StopRolling())
    resolve_point = base.turn(0, at="resolve", dice="EECCHO", rerolls_left=2).build()
    assert resolve_point == stopped
    assert resolve_point.next_step == ChooseFace(0)


def test_turn_points_pending_steps() -> None:
    base = Scenario(2).monster(1, manhattan="lower").monster(0, energy=3)
    assert base.turn(0, at="move").build().next_step == ChooseMove(0)
    assert base.turn(0, at="buy").build().next_step == Shop(0)
    after = base.turn(0, at="end").build()
    assert after.turn.seat == 1
    assert after.next_step == RollDice(6)
    assert after.monsters[1].vp == 1  # Lower Manhattan earnings at the start of its turn


def test_seeded_scenarios_draw_chance_automatically() -> None:
    state = Scenario(2, seed=9).turn(0, at="buy").monster(0, energy=9).build()
    state = k.apply(state, k.Sweep())
    assert not state.is_chance
    assert None not in state.market


# -- state invariants ------------------------------------------------------------------------------


def test_state_problems_finds_broken_states() -> None:
    state = Scenario(2).build()
    assert state_problems(state) == ()
    too_much = attrs.evolve(state.monsters[0], life=11)
    broken = attrs.evolve(state, monsters=(too_much, state.monsters[1]))
    assert state_problems(broken) == (
        "$.monsters[0].life: Life is at most 10 for this monster, got 11",
    )
    lost = attrs.evolve(state, deck=state.deck[1:])
    assert any(p.startswith("$: 1 cards are nowhere") for p in state_problems(lost))
    tiles = attrs.evolve(state, hidden_tiles=((k.Building.parse("hospital-3"), 40),))
    assert state_problems(tiles)
    with pytest.raises(k.ScenarioError, match="inconsistent state"):
        check_state(broken)


def random_game(state: k.GameState, rng: random.Random, limit: int = 3000) -> k.GameState:
    for _ in range(limit):
        if state.is_terminal:
            break
        if state.is_chance:
            outcomes = k.chance_outcomes(state)
            move: k.ActionOrOutcome = rng.choices(
                [o for o, _ in outcomes], [float(p) for _, p in outcomes]
            )[0]
        else:
            move = rng.choice(k.legal_actions(state))
        state = play(state, move)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_engine_keeps_every_invariant_along_random_games(players: int) -> None:
    """Every state of random explicit-chance games passes :func:`check_state` (DESIGN Contract 2:
    states stay valid)."""
    for seed in range(4):
        end = random_game(k.new_game(players), random.Random(seed))
        assert end.is_terminal


@pytest.mark.parametrize("seed", range(6))
def test_the_engine_keeps_every_invariant_from_built_scenarios(seed: int) -> None:
    """Random games started from a crowded 5-monster scenario (two in Manhattan, units and
    trophies, goals held) stay consistent."""
    state = (
        Scenario(5)
        .monster(0, manhattan="upper", vp=12, energy=6)
        .monster(1, manhattan="lower", track="5-6", life=4)
        .monster(2, borough="queens", trophies=["tank", "jet"], cards=["stomp"])
        .monster(3, borough="queens", life=2)
        .borough("queens", units=["infantry", "infantry", "jet"])
        .borough("manhattan", units=["tank"])
        .goals(superstar=2, statue=0)
        .turn(3, at="start")
        .build()
    )
    random_game(state, random.Random(seed))


def test_pool_accounting_of_base_tiles() -> None:
    assert sum(n for _, n in BASE_TILES) == 45


def test_built_states_pass_the_json_codecs_validation() -> None:
    """Scenario states are ordinary states: the JSON codec (DESIGN Contract 8), which validates
    everything it reads, round-trips them."""
    serialize = pytest.importorskip("kingofny.serialize")
    scenarios = [
        Scenario(2),
        Scenario(5)
        .monster(0, manhattan="upper", vp=12, energy=6)
        .monster(1, manhattan="lower", track="5-6", life=4)
        .monster(2, borough="queens", trophies=["tank", "jet"], cards=["stomp"])
        .borough("queens", stacks=[None, "high-rise-1", "hospital-3"], hidden=[0, 1, 2])
        .borough("manhattan", units=["tank"], fresh_units=["infantry"])
        .goals(superstar=2, statue=0)
        .deck(["fireball"])
        .turn(3, at="resolve", dice="DDOOAA"),
        Scenario(6).monster(2, eliminated=True).turn(0, at="buy", destroyed=["jet"]),
    ]
    for scenario in scenarios:
        state = scenario.build()
        assert serialize.from_json(serialize.to_json(state)) == state
