"""Property tests over whole random games of 2 to 6 monsters.

Every test plays complete games with a uniformly random policy (``random.Random(policy_seed)``
choosing among :func:`kingofny.legal_actions`), either in auto-chance mode (``new_game(n,
seed=...)``) or in explicit-chance mode, where the test draws each chance outcome from
:func:`kingofny.chance_outcomes` with the listed probabilities. At every step the position is
checked against the invariants of the rulebook and of the API contract.

Sources cited by the invariants below:

* seed 000 = the rulebook (seed file ``000_6ac5923a7449d639.txt``), by section;
* DESIGN = the team's design document (``DESIGN.md``), *Contract* items 2, 3, 4, 5, 6 and 8;
* rulings = the team's rulings (``rulings.md``; Corrections C1-C4 win over the notes).

Hypothesis prints the parameters of a failing game; ``check_game_thoroughly(players, seed,
policy_seed, explicit)`` replays it with every check, and ``play(...)`` lists its positions.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import kingofny
from kingofny import (
    Action,
    Borough,
    Buy,
    CardDraw,
    DestroyBuilding,
    DestroyUnit,
    Dice,
    DiceRoll,
    EndBuying,
    Face,
    Flee,
    GameState,
    IllegalActionError,
    KingOfNYError,
    MoveTo,
    Outcome,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    TileDraw,
    Track,
    UnitKind,
)
from kingofny import _registry as registry
from kingofny._engine.core import apply_logged, start
from kingofny.model.actions import Pass, UseCard
from kingofny.model.city import BASE_TILES, OUTER_BOROUGHS, Building
from kingofny.model.steps import LeaveManhattan, RevealTile
from kingofny.model.triggers import Trigger
from kingofny.record import Event, GameRecord
from kingofny.serialize import from_json, to_json

# -- limits and settings -----------------------------------------------------------------------

MAX_STEPS = 5000
"""No random game may need more stops (decisions and explicit chance nodes) than this."""
TOTAL_TILES = 45
"""The Building/Unit tiles of the base game (seed 000, *Contents*)."""
TOTAL_CARDS = 64
"""The power cards of the base game (seed 000, *Contents*)."""
BASE_MAX_LIFE = 10
"""Seed 000, *Heal* and *Card Clarifications*: no more than 10 Life Points unless a card says so."""
MAX_LIFE_BONUS = 2
"""rulings (Carapace): a card with the MAX_LIFE trigger raises the maximum by 2 while held."""
WINNING_VP = 20
"""Seed 000, *End of the Game*."""
OUTER_CAPACITY = 2
"""Seed 000, *How to Play*: no more than 2 Monsters in any borough."""

seed_st = st.integers(min_value=0, max_value=2**32 - 1)


def _profile(max_examples: int) -> settings:
    """Deterministic hypothesis settings for CI: derandomized, no example database, no deadline,
    and no shrinking (a smaller seed is not a simpler game, and shrinking whole games takes
    minutes): a failure reports the first failing seeds as they were generated."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=(Phase.explicit, Phase.generate),
        suppress_health_check=[HealthCheck.too_slow],
    )


PLAYER_COUNTS = (2, 3, 4, 5, 6)
"""Every property runs for each player count (a pytest parameter, so each count is covered)."""
HEAVY_AUTO = _profile(6)
"""Seeded games with every check at every step (examples per player count)."""
HEAVY_EXPLICIT = _profile(3)
"""Explicit-chance games with every check at every step (they cost about twice as much)."""
LIGHT = _profile(24)
"""Cheaper checks, more games."""
JSON = _profile(3)
"""A JSON round trip at every step."""
each_player_count = pytest.mark.parametrize("players", PLAYER_COUNTS)

# -- probes: moves that are illegal in most positions --------------------------------------------

_SOME_ROLLS_6 = (
    Dice.parse("AAAAAA"),
    Dice.parse("EHACDO"),
    Dice.parse("DDDOOO"),
    Dice.parse("CCCEEH"),
)
_SOME_CARDS = ("base:carapace", "base:chameleon", "base:subway", "base:tesla-cannon")
_SOME_OPTIONS = ("", "discard", "use", "heal", "seat:0", "seat:1")
PROBE_ACTIONS: tuple[Action, ...] = (
    Action(),
    # PlaceMonster and Flee take outer boroughs and Buy slots from 0: anything else cannot be
    # made at all (ArgumentError, tests/model/test_actions.py), so it is no probe of apply.
    *(PlaceMonster(b) for b in OUTER_BOROUGHS),
    *(Reroll(Dice.parse(text)) for text in ("A", "DD", "EHACDO", "OOOOOO", "AAAAAAA")),
    Reroll(Dice.of_counts((0, 0, 0, 0, 0, 0))),
    StopRolling(),
    *(ResolveFace(face) for face in Face),
    *(DestroyBuilding(b, i) for b in Borough for i in (0, 1, 2, 3)),
    *(DestroyUnit(b, u) for b in Borough for u in UnitKind),
    *(Flee(b) for b in OUTER_BOROUGHS),
    StayInManhattan(),
    *(MoveTo(b) for b in Borough),
    StayPut(),
    *(Buy(slot) for slot in (0, 1, 2, 3, 99)),
    Sweep(),
    EndBuying(),
    Pass(),
    UseCard("base:no-such-card", "use"),
    *(UseCard(card, option) for card in _SOME_CARDS for option in _SOME_OPTIONS),
)
"""Actions of every kind, most of them illegal in any given position."""
PROBE_OUTCOMES: tuple[Outcome, ...] = (
    Outcome(),
    DiceRoll(Dice.of_counts((0, 0, 0, 0, 0, 0))),
    DiceRoll(Dice.parse("A")),
    DiceRoll(Dice.parse("EHACD")),
    *(DiceRoll(d) for d in _SOME_ROLLS_6),
    DiceRoll(Dice.parse("AAAAAAAA")),
    DiceRoll(Dice.parse("EHACDOEHA")),
    *(TileDraw(b) for b, _ in BASE_TILES),
    CardDraw("base:no-such-card"),
    *(CardDraw(c) for c in registry.deck_cards()[::9]),
)
"""Chance outcomes of every kind, most of them impossible in any given position."""

_INITIAL_BY_DURABILITY: Counter[int] = Counter()
for _building, _count in BASE_TILES:
    _INITIAL_BY_DURABILITY[_building.durability] += _count
_INITIAL_BY_BUILDING: dict[Building, int] = dict(BASE_TILES)
_CARD_BOUND_TOKENS = frozenset({"base:carapace"})
"""Token kinds that lie on a card and leave with it (components §4.2)."""
_WIN_CARDS = frozenset(
    card_id for card_id in registry.deck_cards() if Trigger.WIN in registry.card(card_id).triggers
)
"""Cards that can make their owner win at once (Painbow; rulings C3)."""
_MAX_LIFE_CARDS = frozenset(
    card_id
    for card_id in registry.deck_cards()
    if Trigger.MAX_LIFE in registry.card(card_id).triggers
)

# -- invariants of a single position ------------------------------------------------------------


def max_life(state: GameState, seat: int) -> int:
    """10, +2 per held card that raises the maximum (seed 000, *Card Clarifications*)."""
    held = sum(1 for c in state.monsters[seat].cards if c in _MAX_LIFE_CARDS)
    return BASE_MAX_LIFE + MAX_LIFE_BONUS * held


def check_monsters(state: GameState) -> None:
    """Life, VP, Energy, tokens and elimination of every monster (seed 000, *Setup*, *Heal*,
    *Energy*, *Attack*; rulings §10 VP floor, §11 elimination, §15 tokens)."""
    setup_done = state.turn.number > 0
    for seat, m in enumerate(state.monsters):
        where = f"seat {seat} ({m})"
        assert 0 <= m.life <= max_life(state, seat), f"{where}: life out of range"
        assert m.eliminated == (m.life == 0), f"{where}: eliminated must mean life 0"
        assert m.vp >= 0, f"{where}: negative VP"
        assert m.energy >= 0, f"{where}: negative energy"
        assert list(m.trophies) == sorted(m.trophies), f"{where}: trophies not canonical"
        tokens = m.tokens
        assert list(tokens) == sorted(tokens), f"{where}: tokens not canonical (sorted)"
        assert all(n > 0 for _, n in tokens), f"{where}: a token kind with count 0"
        assert len({k for k, _ in tokens}) == len(tokens), f"{where}: a token kind twice"
        for kind, _ in tokens:
            if kind in _CARD_BOUND_TOKENS:
                # Carapace tokens lie on the Carapace card (rulings §9, §16 Carapace).
                assert kind in m.cards, f"{where}: {kind} tokens without the card"
        if m.eliminated:
            assert m.location is None, f"{where}: an eliminated monster is still on the board"
            assert m.cards == (), f"{where}: an eliminated monster still holds cards"
            assert tokens == (), f"{where}: an eliminated monster keeps tokens (rulings §11)"
        elif setup_done:
            assert m.location is not None, f"{where}: a living monster is off the board"


def manhattan_capacity(state: GameState) -> int:
    """1, or 2 while five or more monsters are alive in a game started with five or more (seed
    000, *Advanced Rule*; rulings C2)."""
    alive = len(state.alive_seats)
    return 2 if state.config.player_count >= 5 and alive >= 5 else 1


def check_city(state: GameState) -> None:
    """Where monsters stand (seed 000, *How to Play*, *Controlling Manhattan*, *Advanced Rule*;
    rulings C2)."""
    per_borough: Counter[Borough] = Counter()
    manhattan: list[int] = []
    for seat, m in enumerate(state.monsters):
        loc = m.location
        if loc is None:
            continue
        per_borough[loc.borough] += 1
        if loc.in_manhattan:
            assert loc.zone is not None, f"seat {seat}: {loc!r}"
            assert loc.track is not None, f"seat {seat}: {loc!r}"
            manhattan.append(seat)
            if state.config.player_count < 5:
                assert loc.track is Track.MAIN, f"seat {seat} on the 5-6 space with <5 monsters"
        else:
            assert loc.zone is None, f"seat {seat}: {loc!r}"
            assert loc.track is None, f"seat {seat}: {loc!r}"
    for b in OUTER_BOROUGHS:
        assert per_borough[b] <= OUTER_CAPACITY, f"{per_borough[b]} monsters in {b}"
    spaces = [state.monsters[s].location for s in manhattan]
    assert len(set(spaces)) == len(spaces), f"two monsters on one Manhattan space: {spaces}"
    if manhattan:
        tracks = {loc.track for loc in spaces if loc is not None}
        assert Track.MAIN in tracks, f"Manhattan occupied but its 2-4 space is empty: {spaces}"
    capacity = manhattan_capacity(state)
    if len(manhattan) > capacity:
        # Only while the 5-6 monster's forced departure is pending (seed 000, *Advanced Rule*:
        # "automatically moves out of Manhattan to the borough of his choice").
        leaving = {s.seat for s in state.agenda if isinstance(s, LeaveManhattan)}
        second = [s for s, loc in zip(manhattan, spaces) if loc and loc.track is Track.SECOND]
        problem = f"Manhattan holds {manhattan} with capacity {capacity}"
        assert len(manhattan) == capacity + 1, problem
        assert second, f"{problem} and nobody on a 5-6 space"
        assert second[0] in leaving, f"{problem} and no departure pending"


def check_tiles(state: GameState) -> None:
    """The 45 tiles are all accounted for: face-down pool == face-down tiles in the stacks, and
    pool + revealed tops + units on the board + units destroyed == 45, per durability too (seed
    000, *Setup*, *Tile Description*, *Destruction*; DESIGN Contract 6)."""
    pool = sum(c for _, c in state.hidden_tiles)
    assert all(c > 0 for _, c in state.hidden_tiles), "empty entry in the tile pool"
    pool_buildings = [b for b, _ in state.hidden_tiles]
    assert pool_buildings == sorted(pool_buildings), "tile pool not canonical (sorted)"
    assert len(set(pool_buildings)) == len(pool_buildings), "tile pool lists a building twice"
    assert len(state.boroughs) == len(Borough)
    stacked = 0
    by_durability: Counter[int] = Counter()
    by_building: Counter[Building] = Counter()
    for building, count in state.hidden_tiles:
        by_durability[building.durability] += count
        by_building[building] += count
    pending_reveals = {(s.borough, s.stack) for s in state.agenda if isinstance(s, RevealTile)}
    fresh: list[UnitKind] = []
    for b in Borough:
        tiles = state.boroughs[b]
        assert len(tiles.stacks) == 3, f"{b}: {len(tiles.stacks)} stacks"
        assert list(tiles.units) == sorted(tiles.units), f"{b}: units not canonical"
        assert list(tiles.fresh_units) == sorted(tiles.fresh_units), f"{b}: fresh not canonical"
        for i, stack in enumerate(tiles.stacks):
            assert stack.hidden >= 0
            stacked += stack.hidden
            if stack.top is not None:
                by_durability[stack.top.durability] += 1
                by_building[stack.top] += 1
                assert stack.hidden <= 2, f"{b} stack {i}: {stack}"
            elif stack.hidden:
                assert (b, i) in pending_reveals, (
                    f"{b} stack {i} has {stack.hidden} face-down tiles, no top and no reveal "
                    "pending"
                )
        for unit in tiles.units + tiles.fresh_units:
            by_durability[unit.value] += 1
        fresh.extend(tiles.fresh_units)
    for m in state.monsters:
        for unit in m.trophies:
            by_durability[unit.value] += 1
    assert pool == stacked, f"tile pool holds {pool} tiles, the stacks hide {stacked}"
    assert sum(by_durability.values()) == TOTAL_TILES, f"tiles: {sum(by_durability.values())}"
    assert by_durability == _INITIAL_BY_DURABILITY, f"tiles by durability: {by_durability}"
    for building, count in by_building.items():
        assert count <= _INITIAL_BY_BUILDING.get(building, 0), f"too many {building}"
    if not state.is_terminal:
        # Units that appeared this turn are exactly the backs of the buildings destroyed this
        # turn (seed 000, *Destruction*: "You cannot destroy a Unit on the same turn that it
        # appears").
        expected = sorted(bld.unit for bld in state.turn.destroyed_buildings)
        assert sorted(fresh) == expected, f"fresh units {fresh}, destroyed {expected}"


def check_cards(state: GameState) -> None:
    """The 64 cards are all accounted for, each exactly once: deck + market + discard + cards in
    front of monsters; the goal cards are held by living monsters only (seed 000, *Setup*,
    *Buy Cards*, *Card Clarifications*; rulings §10, §11)."""
    assert len(state.market) == 3, f"market has {len(state.market)} slots"
    held = [c for m in state.monsters for c in m.cards]
    everywhere = [*state.deck, *(c for c in state.market if c is not None), *state.discard, *held]
    counts = Counter(everywhere)
    twice = [c for c, n in counts.items() if n > 1]
    assert not twice, f"cards in two places: {twice}"
    assert sorted(everywhere) == sorted(registry.deck_cards()), "cards lost or invented"
    assert len(everywhere) == TOTAL_CARDS
    assert list(state.deck) == sorted(state.deck), "deck not canonical (sorted multiset)"
    assert list(state.discard) == sorted(state.discard), "discard not canonical"
    for name, holder in (("Superstar", state.superstar), ("Statue", state.statue)):
        if holder is not None:
            assert 0 <= holder < len(state.monsters), f"{name} held by seat {holder}"
            assert not state.monsters[holder].eliminated, f"{name} held by an eliminated seat"


def check_position(state: GameState) -> None:
    """Every invariant of a single position."""
    assert isinstance(state, GameState)
    check_monsters(state)
    check_city(state)
    check_tiles(state)
    check_cards(state)


def check_terminal(state: GameState) -> None:
    """The game is over and its winners are right: the last monster standing, else every living
    monster with 20 VP, else the turn's monster if a card of its own made it win; nobody only
    if no monster is alive (seed 000, *End of the Game*; rulings C3, §11)."""
    assert state.is_terminal
    assert kingofny.is_terminal(state)
    winners = state.winners
    assert winners is not None
    assert kingofny.winners(state) == winners
    assert state.current_player is None
    assert kingofny.legal_actions(state) == ()
    assert kingofny.chance_outcomes(state) == ()
    alive = state.alive_seats
    assert len(set(winners)) == len(winners), f"winners {winners} repeat a seat"
    assert set(winners) <= set(alive), f"winners {winners} include an eliminated seat"
    # rulings C3: a card that says "you win the game" (Painbow) ends the game at once.
    card_win = (
        len(winners) == 1
        and winners[0] == state.turn_owner
        and any(c in _WIN_CARDS for c in state.monsters[winners[0]].cards)
    )
    if len(alive) <= 1:
        assert winners == alive, f"last monster standing {alive}, winners {winners}"
    elif not card_win:
        champions = tuple(s for s in alive if state.monsters[s].vp >= WINNING_VP)
        assert champions, f"game over with {len(alive)} alive and nobody at 20 VP"
        assert winners == champions, f"winners {winners}, monsters with 20 VP {champions}"
    if not winners:
        assert not alive, "nobody won although a monster is alive"


def check_chance_node(state: GameState) -> tuple[tuple[Outcome, Fraction], ...]:
    """Outcomes are unique, with exact positive probabilities summing to 1 (DESIGN Contract 5)."""
    pairs = kingofny.chance_outcomes(state)
    assert pairs, "a chance node with no outcome"
    assert kingofny.chance_outcomes(state) == pairs, "chance_outcomes is not deterministic"
    outcomes = [o for o, _ in pairs]
    assert len(set(outcomes)) == len(outcomes), "duplicate chance outcomes"
    assert all(isinstance(o, Outcome) for o in outcomes)
    assert all(type(p) is Fraction and p > 0 for _, p in pairs), "probabilities not Fractions"
    assert sum((p for _, p in pairs), Fraction(0)) == 1, "probabilities do not sum to 1"
    assert state.current_player is None
    assert kingofny.legal_actions(state) == ()
    return pairs


def check_decision(state: GameState) -> tuple[Action, ...]:
    """The decider is a living monster with at least two distinct legal actions, listed in a
    deterministic order (DESIGN Contract 3 and 4; a decision with one legal action is taken
    automatically)."""
    legal = kingofny.legal_actions(state)
    assert kingofny.legal_actions(state) == legal, "legal_actions is not deterministic"
    assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
    assert len(legal) >= 2, f"apply stopped at a decision with legal actions {legal}"
    assert all(isinstance(a, Action) for a in legal)
    seat = state.current_player
    assert seat is not None, "a decision without a decider"
    assert 0 <= seat < len(state.monsters), f"decider {seat}"
    assert not state.monsters[seat].eliminated, f"eliminated seat {seat} must decide"
    assert kingofny.chance_outcomes(state) == ()
    return legal


def refusal_reason(state: GameState, move: Any) -> str:
    """The reason ``apply`` must give for refusing ``move`` here, as a pattern of its message
    (DESIGN Contract 3: the message says why). It follows from the kind of position alone:
    a finished game refuses everything; at a chance node an action is refused for not being an
    outcome, and an outcome for not being one this node can draw; at a decision an outcome is
    refused for not being a decision, and an action for not being one the decider is offered.
    Guards against a refusal for the wrong reason (a crash turned into IllegalActionError)."""
    if state.is_terminal:
        return r"^the game is over$"
    if state.is_chance:
        if isinstance(move, Outcome):
            return (
                r"^expected (a [a-z -]+|\d+ dice), got |^\S+ is not in the deck$"
                r"|^no face-down \S+ is left$"
            )
        return r"^waiting for a chance outcome \([a-z-]+\), got "
    seat = state.current_player
    if isinstance(move, Outcome):
        return rf"^seat {seat} must decide; got "
    return rf" is not (legal for seat {seat} at [a-z-]+; legal: |offered to seat {seat} now$)"


def assert_refused(state: GameState, move: Any, *, unchanged_checked_after: bool = False) -> None:
    """``move`` raises IllegalActionError (a KingOfNYError and a ValueError) for the reason
    :func:`refusal_reason` gives, and leaves the state as it was (DESIGN Contract 3).

    With ``unchanged_checked_after``, the caller compares the state with its snapshot once
    after all its probes (a repr of a whole state costs more than the probe itself)."""
    before, h = (None, None) if unchanged_checked_after else (repr(state), hash(state))
    with pytest.raises(IllegalActionError, match=refusal_reason(state, move)) as info:
        kingofny.apply(state, move)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, KingOfNYError)
    assert str(info.value), "IllegalActionError must say why"
    if before is not None:
        assert repr(state) == before, f"refusing {move} changed the state"
        assert hash(state) == h, f"refusing {move} changed the hash"


def check_immutable_copyable(state: GameState) -> None:
    """States are hashable, equal by value and free to copy (DESIGN Contract 2)."""
    assert copy.deepcopy(state) == state
    assert copy.copy(state) == state
    rebuilt = attrs.evolve(state)
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)


# -- playing ----------------------------------------------------------------------------------


def sample_outcome(state: GameState, rnd: random.Random) -> Outcome:
    """Draw a chance outcome with the listed probabilities."""
    pairs = kingofny.chance_outcomes(state)
    return rnd.choices([o for o, _ in pairs], weights=[float(p) for _, p in pairs])[0]


def new(players: int, seed: int, explicit: bool) -> GameState:
    """A new game: explicit-chance mode, or auto-chance with this seed."""
    return kingofny.new_game(players) if explicit else kingofny.new_game(players, seed=seed)


def walk(
    players: int, seed: int, policy_seed: int, explicit: bool
) -> Iterator[tuple[GameState, kingofny.ActionOrOutcome | None]]:
    """Yield each stop of a random game and the move played there (None once it is over).

    In explicit mode the chance outcomes come from ``random.Random(seed)``.
    """
    policy = random.Random(policy_seed)
    chance_rnd = random.Random(seed)
    state = new(players, seed, explicit)
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            yield state, None
            return
        move: kingofny.ActionOrOutcome
        if state.is_chance:
            move = sample_outcome(state, chance_rnd)
        else:
            move = policy.choice(kingofny.legal_actions(state))
        yield state, move
        state = kingofny.apply(state, move)
    raise AssertionError(f"game {players, seed, policy_seed, explicit} not over in {MAX_STEPS}")


def play(players: int, seed: int, policy_seed: int, explicit: bool) -> list[GameState]:
    """Every stop of a random game, the final state last."""
    return [s for s, _ in walk(players, seed, policy_seed, explicit)]


def check_game_thoroughly(players: int, seed: int, policy_seed: int, explicit: bool) -> None:
    """Play a game and check everything at every step."""
    probe = random.Random(policy_seed ^ 0x5EED)
    previous_legal: tuple[Action, ...] = ()
    previous_outcomes: list[Outcome] = []
    steps = 0
    final: GameState | None = None
    for state, move in walk(players, seed, policy_seed, explicit):
        steps += 1
        check_position(state)
        check_immutable_copyable(state)
        snapshot, h = repr(state), hash(state)
        if move is None:
            check_terminal(state)
            candidates = probe.sample(PROBE_ACTIONS, 2) + probe.sample(PROBE_OUTCOMES, 1)
            for bad in candidates:
                assert_refused(state, bad, unchanged_checked_after=True)
            assert repr(state) == snapshot, f"refusing one of {candidates} changed the state"
            assert hash(state) == h, f"refusing one of {candidates} changed the hash"
            final = state
            continue
        if state.is_chance:
            # DESIGN Contract 5: only explicit-chance games stop at chance nodes.
            assert explicit, "a seeded game stopped at a chance node"
            pairs = check_chance_node(state)
            listed = {o for o, _ in pairs}
            for outcome in probe.sample(sorted(listed, key=str), min(3, len(listed))):
                assert isinstance(kingofny.apply(state, outcome), GameState)
            wrong: list[Any] = [o for o in PROBE_OUTCOMES + tuple(previous_outcomes)]
            wrong = [o for o in wrong if o not in listed]
            candidates = probe.sample(wrong, 2) + probe.sample(PROBE_ACTIONS, 1)
            previous_outcomes = [o for o, _ in pairs[:20]]
        else:
            assert not state.is_chance
            legal = check_decision(state)
            for action in legal:
                child = kingofny.apply(state, action)
                assert isinstance(child, GameState)
                assert child.is_terminal or child.is_chance or child.current_player is not None
            offered = set(legal)  # by hash: a scan of legal per probe action was quadratic
            pool = [a for a in PROBE_ACTIONS + previous_legal if a not in offered]
            candidates = probe.sample(pool, 2) + probe.sample(PROBE_OUTCOMES, 1)
            previous_legal = legal
        for bad in candidates:
            assert_refused(state, bad, unchanged_checked_after=True)
        # One comparison for the legal moves applied above and the refused ones.
        assert repr(state) == snapshot, f"apply (or refusing one of {candidates}) mutated its input"
        assert hash(state) == h, "apply changed its input's hash"
    assert final is not None
    assert steps <= MAX_STEPS


# -- the property tests -----------------------------------------------------------------------


@each_player_count
@HEAVY_AUTO
@given(seed=seed_st, policy_seed=seed_st)
def test_auto_chance_games_keep_every_invariant(players: int, seed: int, policy_seed: int) -> None:
    """Seeded games: every legal action applies, illegal moves are refused without touching the
    state, and every position satisfies the rulebook's invariants (seed 000, *Setup*, *How to
    Play*, *Controlling Manhattan*, *Advanced Rule*, *Destruction*, *End of the Game*; rulings
    C2, C3; DESIGN Contract 2-5)."""
    check_game_thoroughly(players, seed, policy_seed, explicit=False)


@each_player_count
@HEAVY_EXPLICIT
@given(seed=seed_st, policy_seed=seed_st)
def test_explicit_chance_games_keep_every_invariant(
    players: int, seed: int, policy_seed: int
) -> None:
    """Explicit-chance games, outcomes drawn from chance_outcomes with their probabilities: the
    same checks, plus exact chance distributions at every chance node (DESIGN Contract 5;
    seed 000 as in the auto-chance test)."""
    check_game_thoroughly(players, seed, policy_seed, explicit=True)


@each_player_count
@LIGHT
@given(seed=seed_st, policy_seed=seed_st, explicit=st.booleans())
def test_every_game_ends_with_living_winners(
    players: int, seed: int, policy_seed: int, explicit: bool
) -> None:
    """Every game ends within 5000 stops; the winners are the last monster standing or the
    living monsters with 20 VP, and nobody wins only if every monster was eliminated (seed 000,
    *End of the Game*; rulings C3)."""
    states = play(players, seed, policy_seed, explicit)
    final = states[-1]
    check_terminal(final)
    check_position(final)


@each_player_count
@LIGHT
@given(seed=seed_st, policy_seed=seed_st)
def test_same_seed_same_game(players: int, seed: int, policy_seed: int) -> None:
    """The same seed and the same decisions give the same game, stop by stop (DESIGN Contract 3
    and 5: pure transitions, reproducible auto-chance)."""
    first = play(players, seed, policy_seed, explicit=False)
    second = play(players, seed, policy_seed, explicit=False)
    assert first[-1] == second[-1]
    assert first == second


def record_seeded_game(players: int, seed: int, policy_seed: int) -> tuple[GameRecord, GameState]:
    """Play the seeded random game of :func:`walk` and log it: its record and final state."""
    policy = random.Random(policy_seed)
    drawn: list[Outcome] = []
    state = start(kingofny.GameConfig(kingofny.new_game(players).config.monsters, seed), drawn)
    events = [Event(None, o) for o in drawn]
    while not state.is_terminal:
        assert len(events) < 2 * MAX_STEPS, "game not over"
        action = policy.choice(kingofny.legal_actions(state))
        events.append(Event(state.current_player, action))
        drawn = []
        state = apply_logged(state, action, drawn)
        events.extend(Event(None, o) for o in drawn)
    return GameRecord(state.config, tuple(events), state.winners), state


@each_player_count
@LIGHT
@given(seed=seed_st, policy_seed=seed_st)
def test_seeded_game_equals_explicit_replay_of_its_outcomes(
    players: int, seed: int, policy_seed: int
) -> None:
    """Feeding a seeded game's drawn outcomes to an explicit-chance game reaches the same
    position, minus the seed; the record of the game replays to its final state (DESIGN
    Contract 5 and 6: auto-chance only draws what an explicit game would be given, ``observe``
    removes the only secret; Contract 8: a game record replays exactly)."""
    record, final = record_seeded_game(players, seed, policy_seed)
    assert final == play(players, seed, policy_seed, explicit=False)[-1]
    assert kingofny.replay(record) == final
    explicit = kingofny.new_game(players)
    for event in record.events:
        assert event.seat == explicit.current_player
        explicit = kingofny.apply(explicit, event.move)
    assert explicit.is_terminal
    assert explicit == kingofny.observe(final)


def _states_of_some_games() -> Iterator[GameState]:
    for players, seed, explicit in ((2, 3, False), (5, 8, True), (6, 11, False)):
        yield from play(players, seed, seed + 1, explicit)


def test_states_are_frozen() -> None:
    """No field of a state can be reassigned (DESIGN Contract 2: immutable states)."""
    state = kingofny.new_game(4, seed=1)
    for obj, name in (
        (state, "winners"),
        (state.turn, "number"),
        (state.monsters[0], "life"),
        (state.boroughs[0], "units"),
    ):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, name, None)


def test_apply_refuses_moves_once_the_game_is_over() -> None:
    """A finished game has no legal action and refuses every move (DESIGN Contract 3)."""
    final = play(3, 5, 6, False)[-1]
    assert final.is_terminal
    for move in (*PROBE_ACTIONS, *PROBE_OUTCOMES):
        assert_refused(final, move)


def test_states_from_played_games_hash_consistently() -> None:
    """Equal states hash equally and can key a set (DESIGN Contract 2)."""
    states = list(_states_of_some_games())
    rebuilt = {attrs.evolve(state) for state in states}
    assert all(state in rebuilt for state in states)
    assert len(rebuilt) == len(set(states))


@each_player_count
@JSON
@given(seed=seed_st, policy_seed=seed_st, explicit=st.booleans())
def test_json_round_trip_at_every_step(
    players: int, seed: int, policy_seed: int, explicit: bool
) -> None:
    """``from_json(to_json(state)) == state`` with the same hash and the same text again, at
    every stop of a game (DESIGN Contract 8: versioned JSON of states)."""
    for state in play(players, seed, policy_seed, explicit):
        text = to_json(state)
        assert isinstance(text, str)
        back = from_json(text)
        assert back == state, f"round trip changed the state at turn {state.turn.number}"
        assert hash(back) == hash(state)
        assert to_json(back) == text, "to_json is not canonical"


@each_player_count
@LIGHT
@given(seed=seed_st, policy_seed=seed_st)
def test_json_round_trip_of_game_records(players: int, seed: int, policy_seed: int) -> None:
    """A whole game's record survives JSON and still replays to the game's final state (DESIGN
    Contract 8)."""
    record, final = record_seeded_game(players, seed, policy_seed)
    back = from_json(to_json(record))
    assert back == record
    assert isinstance(back, GameRecord)
    assert kingofny.replay(back) == final
