"""An action's notation reads back (issue 19 §1): ``Action.parse(str(action)) == action`` for
every action, and any other text is an :class:`ArgumentError` saying what is wrong.

The notation is what ``str()`` writes, python-chess style: ``reroll AAD``, ``destroy-building
bronx 2``, ``use base:photo-op seat:1``. A card id or option that holds a space, starts with a
quote or holds a character that does not print is quoted, so that every action has one line
that means it alone (the actions of the game never need quotes: their notation, used by the
golden transcripts, is unchanged).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingofny
from kingofny import (
    Action,
    ArgumentError,
    Borough,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    Dice,
    EndBuying,
    Face,
    Flee,
    GameState,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UnitKind,
    UseCard,
)
from kingofny.model.actions import ACTION_TYPES, MAX_INDEX
from kingofny.model.city import OUTER_BOROUGHS

MAX_STOPS = 3000
"""A random game needing more stops than this is a bug."""
GAMES = settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _decisions(state: GameState, rng: random.Random) -> Iterator[tuple[Action, ...]]:
    """The legal actions at every decision of a game played at random by ``rng`` (which also
    draws the outcomes of an explicit-chance game)."""
    for _ in range(MAX_STOPS):
        if state.is_terminal:
            return
        if state.is_chance:
            state = kingofny.apply(state, kingofny.sample_outcome(state, rng))
            continue
        legal = kingofny.legal_actions(state)
        yield legal
        state = kingofny.apply(state, rng.choice(legal))
    raise AssertionError(f"the game is not over after {MAX_STOPS} stops")


def _reads_back(action: Action) -> None:
    text = str(action)
    parsed = Action.parse(text)
    assert parsed == action, (text, parsed)
    assert type(parsed) is type(action), text
    assert type(action).parse(text) == action
    assert text.isprintable(), text  # one line, nothing hidden


def _play_and_read(state: GameState, rng: random.Random) -> set[type[Action]]:
    seen: set[type[Action]] = set()
    for legal in _decisions(state, rng):
        for action in legal:
            _reads_back(action)
            seen.add(type(action))
    return seen


@GAMES
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 2**32))
def test_every_legal_action_of_a_seeded_game_reads_back(players: int, seed: int) -> None:
    """Auto-chance games: every legal action at every decision."""
    seen = _play_and_read(kingofny.new_game(players, seed=seed), random.Random(seed))
    assert {PlaceMonster, Reroll, ResolveFace} <= seen


@GAMES
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 2**32))
def test_every_legal_action_of_an_explicit_chance_game_reads_back(players: int, seed: int) -> None:
    """Explicit-chance games, the outcomes drawn with :func:`kingofny.sample_outcome`."""
    seen = _play_and_read(kingofny.new_game(players), random.Random(seed))
    assert {PlaceMonster, Reroll, ResolveFace} <= seen


def test_random_games_offer_every_type_and_each_reads_back() -> None:
    """Seeded games, played until every action type has been offered (cards' uses and the
    Pass of Destruction included), every legal action read back."""
    seen: set[type[Action]] = set()
    for seed in range(60):
        seen |= _play_and_read(kingofny.new_game(2 + seed % 5, seed=seed), random.Random(seed))
        if seen == set(ACTION_TYPES):
            break
    assert seen == set(ACTION_TYPES)


# -- every action, not only the legal ones -------------------------------------------------------

_DICE = st.tuples(*[st.integers(0, 9)] * 6).map(Dice.of_counts)
_INDEXES = st.integers(0, 12) | st.integers(0, MAX_INDEX) | st.just(MAX_INDEX)
_TEXT = st.text(st.characters(exclude_categories=()), max_size=12) | st.sampled_from(
    ["base:photo-op", "seat:1", 'a "b"', '"', "\\", "\\x00", " ", "x\ud800y", "\ud83d\ude00"]
)
_CARD = _TEXT.filter(lambda t: bool(t) and t == t.strip())
ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(PlaceMonster, st.sampled_from(OUTER_BOROUGHS)),
    st.builds(Reroll, _DICE),
    st.builds(StopRolling),
    st.builds(ResolveFace, st.sampled_from(Face)),
    st.builds(DestroyBuilding, st.sampled_from(Borough), _INDEXES),
    st.builds(DestroyUnit, st.sampled_from(Borough), st.sampled_from(UnitKind)),
    st.builds(Flee, st.sampled_from(OUTER_BOROUGHS)),
    st.builds(StayInManhattan),
    st.builds(MoveTo, st.sampled_from(Borough)),
    st.builds(StayPut),
    st.builds(Buy, _INDEXES),
    st.builds(Sweep),
    st.builds(EndBuying),
    st.builds(Pass),
    st.builds(UseCard, _CARD, _TEXT),
)
"""Any action at all: any field value the constructors take."""


@settings(max_examples=400, deadline=None, database=None)
@given(action=ACTIONS)
def test_any_action_reads_back(action: Action) -> None:
    """Not only what games offer: odd card ids and options (spaces, quotes, backslashes,
    control characters, lone surrogates), the largest slot, dice no roll shows."""
    _reads_back(action)


ODD: list[tuple[Action, str]] = [
    (UseCard("base:chameleon", "convert:ouch:energy"), "use base:chameleon convert:ouch:energy"),
    (UseCard("base:energy-drink"), "use base:energy-drink"),
    (UseCard("base:x", " "), 'use base:x " "'),  # the old notation dropped a blank option
    (UseCard("a b", "c"), 'use "a b" c'),  # ... and ran a card's spaces into the option
    (UseCard("a", "b c"), 'use a "b c"'),
    (UseCard("x", 'say "hi"'), 'use x "say \\"hi\\""'),
    (UseCard("x", "a\x00b\nc\\"), 'use x "a\\x00b\\nc\\\\"'),
    (UseCard("x", "\ud800"), 'use x "\\ud800"'),  # one lone surrogate, not a pair
    (UseCard("x", "\ud83d\ude00"), 'use x "\\ud83d\\ude00"'),
    (UseCard("x", "café:ünï"), "use x café:ünï"),  # printable non-ASCII stays as it is
    (UseCard('"x', "o"), 'use "\\"x" o'),
    (UseCard('x"', "o"), 'use x" o'),  # a quote inside a word needs none
    (Reroll(Dice.parse("-")), "reroll -"),
    (Buy(MAX_INDEX), f"buy {MAX_INDEX}"),
    (DestroyBuilding(Borough.STATEN_ISLAND, 0), "destroy-building staten-island 0"),
    (DestroyUnit(Borough.MANHATTAN, UnitKind.JET), "destroy-unit manhattan jet"),
]


@pytest.mark.parametrize(("action", "text"), ODD, ids=[t for _, t in ODD])
def test_the_notation_is_short_and_quotes_only_what_needs_it(action: Action, text: str) -> None:
    assert str(action) == text
    assert Action.parse(text) == action


def test_every_type_has_its_own_first_word() -> None:
    words = [str(_example(kind)).split(" ")[0] for kind in ACTION_TYPES]
    assert len(set(words)) == len(ACTION_TYPES)


def _example(kind: type[Action]) -> Action:
    return {
        PlaceMonster: PlaceMonster(Borough.QUEENS),
        Reroll: Reroll(Dice.parse("AAD")),
        ResolveFace: ResolveFace(Face.OUCH),
        DestroyBuilding: DestroyBuilding(Borough.BRONX, 1),
        DestroyUnit: DestroyUnit(Borough.BRONX, UnitKind.TANK),
        Flee: Flee(Borough.BROOKLYN),
        MoveTo: MoveTo(Borough.MANHATTAN),
        Buy: Buy(2),
        UseCard: UseCard("base:photo-op", "seat:1"),
    }.get(kind) or kind()


# -- anything else is an ArgumentError that says why ----------------------------------------------

BAD: list[tuple[str, str]] = [
    ("", "empty"),
    (" ", "space at the start"),
    (" stop", "space at the start"),
    ("stop ", "space at the end"),
    ("buy  1", "two spaces"),
    ("stop\n", "outside quotes"),
    ("stop\x00", "outside quotes"),
    ("buy\t1", "outside quotes"),
    ("buy\u00a01", "outside quotes"),  # a no-break space is not the separator
    ("jump", "unknown action 'jump'"),
    ("Stop", "lowercase: 'stop'"),
    ("use-card base:x", "unknown action"),  # the JSON tag is not the notation's word
    ('"stop"', "no quotes around the action"),
    ("stop now", "unexpected 'now'"),
    ("stay-in-manhattan please", "unexpected"),
    ("place", "missing an outer borough"),
    ("place manhattan", "an outer borough is one of bronx, queens, brooklyn, staten-island"),
    ("flee manhattan", "outer borough"),
    ("move the-bronx", "a borough is one of"),
    ("move Bronx", "a borough is one of"),
    ("resolve A", "a die face is one of energy"),
    ("resolve", "missing a die face"),
    ("destroy-unit bronx", "missing a unit"),
    ("destroy-unit bronx tanks", "a unit is one of infantry, jet, tank"),
    ("destroy-building bronx", "missing a stack"),
    ("destroy-building bronx x", "digits 0-9"),
    ("reroll", "missing the dice"),
    ("reroll AXD", "face letters EHACDO"),
    ("reroll --", "face letters"),
    ('reroll "AA"', "no quotes around the dice"),
    ("buy", "missing a market slot"),
    ("buy -1", "digits 0-9"),
    ("buy +1", "digits 0-9"),
    ("buy 1.0", "digits 0-9"),
    ("buy 0x1f", "digits 0-9"),
    ("buy 1_000", "digits 0-9"),
    ("buy ٣", "digits 0-9"),  # an Arabic-Indic three: int() would read it
    ("buy ²", "digits 0-9"),  # a superscript two: isdigit() says yes, int() refuses
    ("buy １", "digits 0-9"),  # a full-width one
    ("buy 1000000000", f"at most {MAX_INDEX}"),
    ("buy 1" + "0" * 400, f"at most {MAX_INDEX}"),  # 10**400
    ("buy " + "9" * 5000, f"at most {MAX_INDEX}"),  # more digits than int() reads
    ("buy 1 2", "unexpected '2'"),
    ("use", "missing a card"),
    ('use "base:x', "quote is not closed"),
    ('use base:x "a', "quote is not closed"),
    ('use "a"b', "a space must follow the closing quote"),
    ('use x "\\q"', "bad escape"),
    ('use x "\\x4"', "bad escape"),
    ('use x "\\u12G4"', "bad escape"),
    ('use x "\\x٣٣"', "bad escape"),  # hex digits are ASCII too
    ('use x "\\U00110000"', "no character"),
    ('use x "\\', "bad escape"),
    ('use ""', "UseCard.card: expected a non-empty id"),
    ('use " base:x"', "without surrounding spaces"),
    ("use a b c", "unexpected 'c'"),
]


@pytest.mark.parametrize(("text", "says"), BAD, ids=[repr(t[:30]) for t, _ in BAD])
def test_other_text_is_an_argument_error_saying_why(text: str, says: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        Action.parse(text)
    assert caught.value.field == "Action.parse(text)"
    assert says in caught.value.message, caught.value.message
    assert len(str(caught.value)) < 300  # a huge text is quoted in part


@pytest.mark.parametrize("value", [None, 3, b"stop", ["stop"], StopRolling()])
def test_only_text_is_parsed(value: object) -> None:
    with pytest.raises(ArgumentError, match=r"^Action\.parse\(text\): expected a str, got "):
        Action.parse(value)  # type: ignore[arg-type]


def test_a_subclass_parses_its_own_kind_only() -> None:
    assert Reroll.parse("reroll AAD") == Reroll(Dice.parse("AAD"))
    assert isinstance(Buy.parse("buy 2"), Buy)
    with pytest.raises(ArgumentError, match=r"^Reroll\.parse\(text\): 'stop': this is a Stop"):
        Reroll.parse("stop")


def test_dice_read_as_dice_parse_reads_them() -> None:
    """Face letters in any order and case, as :meth:`Dice.parse` reads them."""
    assert Action.parse("reroll daa") == Action.parse("reroll AAD") == Reroll(Dice.parse("AAD"))


@settings(max_examples=300, deadline=None, database=None)
@given(
    text=st.text()
    | st.builds(
        "{} {}".format,
        st.sampled_from(["use", "buy", "reroll", "flee", "destroy-building bronx", "place"]),
        st.text(),
    )
)
def test_any_text_is_an_action_or_an_argument_error(text: str) -> None:
    """Nothing but an ArgumentError escapes (no IndexError, OverflowError, bare ValueError);
    what parses is an action whose notation reads back to it."""
    try:
        action = Action.parse(text)
    except ArgumentError as exc:
        field = exc.field
    else:
        assert Action.parse(str(action)) == action
        return
    assert field == "Action.parse(text)"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Buy(MAX_INDEX + 1),
        lambda: Buy(10**400),
        lambda: DestroyBuilding(Borough.BRONX, 2**64),
    ],
)
def test_a_slot_or_stack_has_nine_digits_at_most(make: object) -> None:
    """Every index an action holds is one its notation can write and read back."""
    with pytest.raises(ArgumentError, match=rf"must be at most {MAX_INDEX}"):
        make()  # type: ignore[operator]
