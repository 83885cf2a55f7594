"""The conformance kit for content-pack authors: random games with a pack, every invariant.

Plugin authors call :func:`check_content_pack` from their own test suite::

    from kingofny.testing import check_content_pack
    from my_pack import manifest

    def test_my_pack_conforms() -> None:
        check_content_pack(manifest())
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction

import attrs

from kingofny.content import registry
from kingofny.content.pack import ContentPack
from kingofny.engine.core import apply, chance_outcomes, legal_actions, new_game
from kingofny.errors import IllegalActionError, KingOfNYError
from kingofny.model.actions import Action, Buy, DestroyUnit, Reroll, Sweep, UseCard
from kingofny.model.city import UnitKind
from kingofny.model.dice import Face
from kingofny.model.state import GameState
from kingofny.plugins import validate
from kingofny.serialize import from_json, to_json
from kingofny.testing.scenario import state_problems

_NOT_LEGAL = Buy(99)
"""An action never legal: a market slot that does not exist."""


class ConformanceError(KingOfNYError, AssertionError):
    """A content pack broke an invariant of the game; the message lists what and where."""


@attrs.frozen(slots=True)
class ConformanceReport:
    """What :func:`check_content_pack` played."""

    games: int
    """Games played."""
    steps: int
    """Decisions and chance outcomes applied."""
    cards_bought: Counter[str]
    """How often each card of the pack was bought (a card never bought was never exercised)."""
    monsters_played: Counter[str]
    """How often each monster of the pack was in a game."""


@contextlib.contextmanager
def installed(pack: ContentPack) -> Iterator[None]:
    """Make ``pack`` available to games for the duration, if it is not installed already."""
    reg = registry.installed()
    if pack.name in reg.packs:
        yield
        return
    reg.add(pack)
    try:
        yield
    finally:
        del reg.packs[pack.name]
        for card in pack.cards:
            reg.cards.pop(card.id, None)
        for monster in pack.monsters:
            reg.monsters.pop(monster.id, None)
        for key in pack.effects:
            reg.effects.pop(key, None)


def _fail(pack: ContentPack, game: int, step: int, problem: str) -> ConformanceError:
    return ConformanceError(f"pack {pack.name!r}, game {game}, step {step}: {problem}")


def _line_up(pack: ContentPack, game: int, rng: random.Random) -> list[str]:
    """Monsters for one game: every pack monster in turn, filled up with base monsters."""
    players = 2 + game % 5
    ours = [m.id for m in pack.monsters]
    lead = [ours[game % len(ours)]] if ours else []
    others = [m.id for m in registry.monsters_of(("base",)) if m.id not in lead]
    rng.shuffle(others)
    chosen = lead + others
    return chosen[:players]


def check_content_pack(
    pack: ContentPack,
    *,
    games: int = 30,
    seed: int = 0,
    max_steps: int = 20_000,
    round_trip_every: int = 7,
) -> ConformanceReport:
    """Play ``games`` random games (2 to 6 monsters) with ``pack`` next to the base game, checking
    after every step. Every other game is played by "shoppers" that save Energy for the priciest
    card, so that expensive cards get bought and their effects run. Checked: the state
    invariants, that every legal action applies and an illegal one
    is refused without harm, that chance probabilities are exact and sum to 1, that states
    survive the JSON round trip, and that every game ends. Raises :class:`ConformanceError`
    naming the game and step of the first problem."""
    validate(pack)
    packs: Sequence[str] = ("base",) if pack.name == "base" else ("base", pack.name)
    bought: Counter[str] = Counter()
    played: Counter[str] = Counter()
    steps = 0
    with installed(pack):
        for game in range(games):
            rng = random.Random(seed * 1_000_003 + game)
            monsters = _line_up(pack, game, rng)
            played.update(m for m in monsters if m.startswith(f"{pack.name}:"))
            state = new_game(monsters, packs=packs)
            for step in range(max_steps):
                if state.is_terminal:
                    break
                state = _step(
                    pack,
                    game,
                    step,
                    state,
                    rng,
                    bought,
                    step % round_trip_every == 0,
                    game % 2 == 1,
                )
                steps += 1
            else:
                raise _fail(pack, game, max_steps, "the game did not end")
    return ConformanceReport(games, steps, bought, played)


def _step(
    pack: ContentPack,
    game: int,
    step: int,
    state: GameState,
    rng: random.Random,
    bought: Counter[str],
    round_trip: bool,
    shopper: bool,
) -> GameState:
    problems = state_problems(state)
    if problems:
        raise _fail(pack, game, step, "; ".join(problems))
    if round_trip and from_json(to_json(state)) != state:
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
        raise _fail(pack, game, step, f"no legal action at {state.pending}")
    try:
        apply(state, _NOT_LEGAL)
    except IllegalActionError:
        pass
    else:
        raise _fail(pack, game, step, "an illegal action was accepted")
    action = _shopper_choice(state, actions, rng) if shopper else rng.choice(actions)
    after = apply(state, action)
    card = _card_bought(state, action)
    if card is not None and card.startswith(f"{pack.name}:"):
        bought[card] += 1
    return after


def _card_bought(state: GameState, action: Action) -> str | None:
    """The card an action buys: from the market, or from the discard pile (Scavenger's
    ``buy-<card id>`` option)."""
    if isinstance(action, Buy):
        return state.market[action.slot]
    if isinstance(action, UseCard) and action.option.startswith("buy-"):
        return action.option.removeprefix("buy-")
    return None


def _shopper_choice(state: GameState, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random legal action biased to buying expensive cards: keep Energy and Destruction dice,
    destroy Tanks and Jets first (Air Force One, General Ellis), save up for the priciest card
    in the market."""
    buys = [a for a in actions if _card_bought(state, a) is not None]
    if buys:
        priciest = max(registry.card(c).cost for c in state.market if c is not None)
        best = max(buys, key=lambda a: registry.card(_card_bought(state, a) or "").cost)
        if registry.card(_card_bought(state, best) or "").cost >= priciest or rng.random() < 0.2:
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
