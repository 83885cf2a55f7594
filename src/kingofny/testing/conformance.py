"""The conformance kit for content-pack authors: random games with a pack, every invariant.

Plugin authors call :func:`check_content_pack` from their own test suite::

    from kingofny.testing import check_content_pack
    from my_pack import manifest

    def test_my_pack_conforms() -> None:
        report = check_content_pack(manifest(), min_card_uses=3)
        assert not report.never_exercised

The kit tests the manifest it is given, not an installed pack of the same name: for the
duration of the check that manifest is the pack of its name (see :func:`installed`).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from kingofny import (
    apply,
    chance_outcomes,
    debug_states,
    from_json,
    legal_actions,
    new_game,
    to_json,
)
from kingofny.effects import option_space
from kingofny.errors import ArgumentError, IllegalActionError, KingOfNYError
from kingofny.model.actions import Action, Buy, DestroyUnit, Reroll, Sweep, UseCard
from kingofny.model.cards import BuyCondition, CardKind
from kingofny.model.city import UnitKind
from kingofny.model.content import ContentTable, resolve
from kingofny.model.dice import Face
from kingofny.model.pack import ContentPack
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice
from kingofny.plugins import validate
from kingofny.testing.scenario import Scenario, state_problems

_SCAVENGE = "buy:card:"
"""The start of an option that buys a card from the discard pile (Scavenger)."""
_NOT_LEGAL = Buy(99)
"""An action never legal: a market slot that does not exist."""

_Thunk = Callable[[], GameState]

_NEEDED_UNIT = {
    BuyCondition.DESTROYED_JET: UnitKind.JET,
    BuyCondition.DESTROYED_TANK: UnitKind.TANK,
}
"""What a seeded game records as destroyed this turn so that a card's buy condition holds."""


class ConformanceError(KingOfNYError, AssertionError):
    """A content pack broke an invariant of the game; the message lists what and where.

    An effect of the pack that failed in play (:class:`~kingofny.errors.EffectError`) is
    reported this way too, with the effect's error chained as ``__cause__``."""


@attrs.frozen(slots=True)
class ConformanceReport:
    """What :func:`check_content_pack` played, and how well it covered the pack's cards."""

    games: int
    """Games played (random games plus seeded ones)."""
    steps: int
    """Decisions and chance outcomes applied."""
    cards_bought: Counter[str]
    """How often each card of the pack was bought."""
    monsters_played: Counter[str]
    """How often each monster of the pack was in a game."""
    card_uses: Counter[str] = attrs.field(factory=Counter)
    """In how many games each card of the pack was exercised: bought, or held in front of a
    monster at some point. Cards never exercised are absent (see :attr:`never_exercised`)."""
    cards: tuple[str, ...] = ()
    """The ids of the pack's cards, in declaration order."""
    seeded_games: int = 0
    """Of :attr:`games`, those started with a card put in reach (``min_card_uses``)."""

    @property
    def coverage(self) -> dict[str, int]:
        """Every card of the pack with the number of games that exercised it (0 included)."""
        return {card: self.card_uses[card] for card in self.cards}

    @property
    def never_exercised(self) -> tuple[str, ...]:
        """The pack's cards no game bought or held: their effects never ran."""
        return tuple(card for card in self.cards if not self.card_uses[card])


def _fail(pack: ContentPack, game: int, step: int, problem: str) -> ConformanceError:
    return ConformanceError(f"pack {pack.name!r}, game {game}, step {step}: {problem}")


def _line_up(pack: ContentPack, game: int, rng: random.Random) -> list[str]:
    """Monsters for one game: every pack monster in turn, filled up with base monsters."""
    players = 2 + game % 5
    ours = [m.id for m in pack.monsters]
    lead = [ours[game % len(ours)]] if ours else []
    others = [m for m in resolve(("base",)).monsters if m not in lead]
    rng.shuffle(others)
    chosen = lead + others
    return chosen[:players]


@attrs.define
class _Tally:
    """What the games of one check played so far."""

    pack: ContentPack
    cards: frozenset[str]
    table: ContentTable
    """The content the games play with: the base game and the pack checked."""
    bought: Counter[str] = attrs.Factory(Counter)
    played: Counter[str] = attrs.Factory(Counter)
    uses: Counter[str] = attrs.Factory(Counter)
    bought_this_game: set[str] = attrs.Factory(set)
    steps: int = 0
    games: int = 0
    space: dict[str, frozenset[str]] = attrs.Factory(dict)
    """The options each effect declared (:meth:`Effect.option_space`)."""


def check_content_pack(
    pack: ContentPack,
    *,
    games: int = 30,
    seed: int = 0,
    max_steps: int = 20_000,
    round_trip_every: int = 7,
    min_card_uses: int = 0,
) -> ConformanceReport:
    """Play ``games`` random games (2 to 6 monsters) with ``pack`` next to the base game, checking
    after every step. The manifest given is the one tested, even if another version of the pack
    is installed (:func:`installed`). Every other game is played by "shoppers" that save Energy
    for the priciest card, so that expensive cards get bought and their effects run. Checked:
    the state invariants, that every legal action applies and an illegal one is refused without
    harm, that chance probabilities are exact and sum to 1, that states survive the JSON round
    trip, that every game ends, and that no effect fails in play. The games are played in the
    debug mode of states (:func:`kingofny.debug_states`), so a hook that changes the state it
    was given in place, or returns another game's state, fails the check. That mode is the
    process's: other threads' games play in it too while the check runs.

    With ``min_card_uses`` N > 0, every card of the pack that the random games exercised (bought,
    or held in front of a monster) in fewer than N games gets seeded games until it has N: each
    starts at the first monster's Buy step with the card in the market's first slot and the
    Energy to pay for it (and, for a card that needs it, the Tank or Jet destroyed this turn);
    the card is bought, and the game goes on at random. :attr:`ConformanceReport.coverage` says
    how often each card was exercised.

    Raises :class:`ConformanceError` naming the game and step of the first problem (an effect
    failing in play included, with its :class:`~kingofny.errors.EffectError` chained)."""
    for name, value, low in (
        ("games", games, 0),
        ("max_steps", max_steps, 1),
        ("round_trip_every", round_trip_every, 1),
        ("min_card_uses", min_card_uses, 0),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ArgumentError(
                f"check_content_pack({name})", f"must be an int of at least {low}, got {value!r}"
            )
    validate(pack)
    # The manifest given is played as it is, next to the installed base game; nothing is
    # installed or patched (issue 19 §2).
    packs: Sequence[str | ContentPack] = (pack,) if pack.name == "base" else ("base", pack)
    tally = _Tally(pack, frozenset(c.id for c in pack.cards), resolve(packs))
    with debug_states():
        try:
            declared = option_space(tally.table)
        except KingOfNYError as exc:
            raise _fail(pack, 0, 0, f"{type(exc).__name__}: {exc}") from exc
        tally.space.update((key, frozenset(options)) for key, options in declared.items())
        for game in range(games):
            rng = random.Random(seed * 1_000_003 + game)
            monsters = _line_up(pack, game, rng)
            state = _guarded(tally, game, 0, functools.partial(new_game, monsters, packs=packs))
            _play(tally, game, state, rng, max_steps, round_trip_every, game % 2 == 1, monsters)
        seeded = 0
        for spec in pack.cards:
            while tally.uses[spec.id] < min_card_uses:
                game = games + seeded
                rng = random.Random(seed * 1_000_003 + game)
                monsters = _line_up(pack, game, rng)
                state = _seeded_start(tally, game, spec.id, monsters, packs, rng)
                _play(tally, game, state, rng, max_steps, round_trip_every, True, monsters)
                seeded += 1
    return ConformanceReport(
        tally.games,
        tally.steps,
        tally.bought,
        tally.played,
        tally.uses,
        tuple(c.id for c in pack.cards),
        seeded,
    )


def _guarded(tally: _Tally, game: int, step: int, run: _Thunk) -> GameState:
    """``run()``, with an error of kingofny (an effect failing in play) reported as the
    pack's failure at this game and step."""
    try:
        return run()
    except ConformanceError:
        raise
    except KingOfNYError as exc:
        raise _fail(tally.pack, game, step, f"{type(exc).__name__}: {exc}") from exc


def _seeded_start(
    tally: _Tally,
    game: int,
    card: str,
    monsters: list[str],
    packs: Sequence[str | ContentPack],
    rng: random.Random,
) -> GameState:
    """A game whose first monster stands at its Buy step with ``card`` in the market and the
    Energy to buy it, just after buying it."""
    spec = tally.table.cards[card]
    others = [c for c in tally.table.deck if c != card]
    rng.shuffle(others)
    needed = _NEEDED_UNIT.get(spec.buy_condition)
    scenario = (
        Scenario(monsters, packs=packs)
        .monster(0, energy=spec.cost)
        .market([card, *others[:2]])
        .turn(0, at="buy", destroyed=() if needed is None else (needed,))
    )
    state = _guarded(tally, game, 0, scenario.build)
    if Buy(0) not in legal_actions(state):
        kind = "KEEP" if spec.kind is CardKind.KEEP else "DISCARD"
        raise _fail(
            tally.pack,
            game,
            0,
            f"{kind} card {card} cannot be bought with {spec.cost} Energy at a Buy step "
            f"(legal: {', '.join(str(a) for a in legal_actions(state))})",
        )
    tally.bought[card] += 1
    tally.bought_this_game.add(card)
    tally.steps += 1
    return _guarded(tally, game, 0, functools.partial(apply, state, Buy(0)))


def _play(
    tally: _Tally,
    game: int,
    state: GameState,
    rng: random.Random,
    max_steps: int,
    round_trip_every: int,
    shopper: bool,
    monsters: list[str],
) -> None:
    """Play one game out at random from ``state``, checking every step."""
    tally.games += 1
    tally.played.update(m for m in monsters if m.startswith(f"{tally.pack.name}:"))
    seen: set[str] = set()
    for step in range(max_steps):
        for m in state.monsters:
            seen.update(c for c in m.cards if c in tally.cards)
        if state.is_terminal:
            break
        run = functools.partial(
            _step, tally, game, step, state, rng, step % round_trip_every == 0, shopper
        )
        state = _guarded(tally, game, step, run)
        tally.steps += 1
    else:
        raise _fail(tally.pack, game, max_steps, "the game did not end")
    tally.uses.update(seen | tally.bought_this_game)
    tally.bought_this_game.clear()


def _step(
    tally: _Tally,
    game: int,
    step: int,
    state: GameState,
    rng: random.Random,
    round_trip: bool,
    shopper: bool,
) -> GameState:
    pack = tally.pack
    problems = state_problems(state)
    if problems:
        raise _fail(pack, game, step, "; ".join(problems))
    if round_trip and from_json(to_json(state), packs=[pack]) != state:
        raise _fail(pack, game, step, "the state changed in a JSON round trip")
    if state.is_chance:
        outcomes = chance_outcomes(state)
        total = sum((p for _, p in outcomes), Fraction(0))
        if total != 1 or len({o for o, _ in outcomes}) != len(outcomes):
            raise _fail(pack, game, step, f"chance outcomes are not a distribution: {total}")
        weights = [float(p) for _, p in outcomes]
        outcome = rng.choices([o for o, _ in outcomes], weights)[0]
        return apply(state, outcome)
    actions = legal_actions(state)
    if not actions:
        raise _fail(pack, game, step, f"no legal action at {state.next_step}")
    undeclared = _undeclared_option(tally, state, actions)
    if undeclared is not None:
        raise _fail(pack, game, step, undeclared)
    try:
        apply(state, _NOT_LEGAL)
    except IllegalActionError:
        pass
    else:
        raise _fail(pack, game, step, "an illegal action was accepted")
    action = _shopper_choice(state, actions, rng) if shopper else rng.choice(actions)
    after = apply(state, action)
    card = _card_bought(state, action)
    if card is not None and card in tally.cards:
        tally.bought[card] += 1
        tally.bought_this_game.add(card)
    return after


def _undeclared_option(tally: _Tally, state: GameState, actions: tuple[Action, ...]) -> str | None:
    """An option offered or asked now that its effect's ``option_space`` does not declare."""
    top = state.next_step
    asked = top.options if isinstance(top, CardChoice) else ()
    card = top.card if isinstance(top, CardChoice) else ""
    pairs = [(card, o) for o in asked]
    pairs.extend((a.card, a.option) for a in actions if isinstance(a, UseCard))
    for key, option in pairs:
        if option not in tally.space.get(key, ()):
            return f"{key} offers {option!r}, which its option_space does not declare"
    return None


def _card_bought(state: GameState, action: Action) -> str | None:
    """The card an action buys: from the market, or from the discard pile (Scavenger's
    ``buy:card:<card id>`` option)."""
    if isinstance(action, Buy):
        return state.market[action.slot]
    if isinstance(action, UseCard) and action.option.startswith(_SCAVENGE):
        return action.option.removeprefix(_SCAVENGE)
    return None


def _shopper_choice(state: GameState, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random legal action biased to buying expensive cards: keep Energy and Destruction dice,
    destroy Tanks and Jets first (Air Force One, General Ellis), save up for the priciest card
    in the market."""
    buys = [a for a in actions if _card_bought(state, a) is not None]
    if buys:
        cards = state.config.content.cards if state.config.content is not None else {}

        def cost(card: str | None) -> int:
            spec = cards.get(card or "")
            return 0 if spec is None else spec.cost

        priciest = max(cost(c) for c in state.market if c is not None)
        best = max(buys, key=lambda a: cost(_card_bought(state, a)))
        if cost(_card_bought(state, best)) >= priciest or rng.random() < 0.2:
            return best
    military = [
        a for a in actions if isinstance(a, DestroyUnit) and a.unit is not UnitKind.INFANTRY
    ]
    if military:
        return max(military, key=lambda a: a.unit if isinstance(a, DestroyUnit) else 0)
    keep = state.turn.dice.without_face(Face.ENERGY).without_face(Face.DESTRUCTION)
    rerolls = [a for a in actions if isinstance(a, Reroll) and a.dice == keep]
    if rerolls and rng.random() < 0.8:
        return rerolls[0]
    calm = [a for a in actions if not isinstance(a, (Buy, Sweep))]
    return rng.choice(calm or actions)
