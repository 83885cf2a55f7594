"""One game of a study: keyed chance, identical bots, an optional gift, and the facts a study
reads (who went first, who won and how, where each monster's VP came from)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from kingofny import (
    Action,
    ArgumentError,
    GameState,
    Outcome,
    apply,
    apply_traced,
    grant_card,
    legal_actions,
    new_game,
    observe,
)
from kingofny.model.steps import Shop
from kingofny.players.base import Player
from kingofny.streams import KeyedChance

__all__ = ["SOURCES", "GameFacts", "Gift", "play_study_game"]

SOURCES = ("manhattan", "dice", "destruction", "cards", "other")
"""Where VP come from, by the step that scored them: Manhattan (entering it, and its VP at the
start of a turn), the dice (their resolution: Celebrity and Superstar, the Statue of Liberty),
destruction, cards (buying, using, their questions and rolls), anything else."""
_SOURCE_OF_STEP = {
    "start-turn": "manhattan",
    "move": "manhattan",
    "choose-face": "dice",
    "begin-resolution": "dice",
    "apply-attack": "dice",
    "destroy": "destruction",
    "shop": "cards",
    "card-choice": "cards",
    "card-roll": "cards",
}
MAX_DECISIONS = 5_000
"""A study game longer than this is abandoned (the bots never take that long)."""


@attrs.frozen(slots=True)
class Gift:
    """What a seat is given at its first Buy step: a card, bought for free
    (:func:`kingofny.grant_card`), or ``energy`` Energy. A gifted card is set aside from the
    deck at the start, so that no one else meets it."""

    seat: int
    card: str | None = None
    energy: int = 0


@attrs.frozen(slots=True)
class GameFacts:
    """What a study reads from one game."""

    winners: tuple[int, ...] | None
    """The winning seats; None if abandoned."""
    first: int
    """The seat that took the first turn."""
    turns: int
    end: str
    """How the game ended: ``"20 VP"``, ``"last standing"``, ``"card"`` (a card's win),
    ``"nobody"`` or ``"abandoned"``."""
    vp_sources: tuple[tuple[int, ...], ...]
    """Per seat, VP by :data:`SOURCES` (net: losses count)."""
    gift_given: bool
    """Whether the gift's seat reached its first Buy step (and got it)."""

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1, 1/n for a shared win, 0."""
        if not self.winners or seat not in self.winners:
            return 0.0
        return 1 / len(self.winners)


def _check_gift(gift: Gift, state: GameState) -> None:
    """ArgumentError for a gift this game cannot give."""
    if not isinstance(gift, Gift):
        raise ArgumentError("gift", f"expected a Gift, got {gift!r}")
    if isinstance(gift.seat, bool) or not isinstance(gift.seat, int):
        raise ArgumentError("gift", f"expected a seat number, got {gift.seat!r}")
    if not 0 <= gift.seat < len(state.monsters):
        raise ArgumentError("gift", f"no seat {gift.seat} in a {len(state.monsters)}-monster game")
    if gift.card is not None and gift.card not in state.deck:
        raise ArgumentError("gift", f"{gift.card!r} is not a card of this game's deck")
    if isinstance(gift.energy, bool) or not isinstance(gift.energy, int) or gift.energy < 0:
        raise ArgumentError("gift", f"expected Energy of 0 or more, got {gift.energy!r}")


def _remove_card(state: GameState, card: str) -> GameState:
    deck = list(state.deck)
    deck.remove(card)
    return attrs.evolve(state, deck=tuple(deck))


def _give(state: GameState, gift: Gift) -> GameState:
    """``gift`` at its seat's Buy step: the card granted (:func:`kingofny.grant_card`), or the
    Energy added."""
    if gift.card is not None:
        return grant_card(state, gift.card)
    monsters = list(state.monsters)
    monster = monsters[gift.seat]
    monsters[gift.seat] = attrs.evolve(monster, energy=monster.energy + gift.energy)
    return attrs.evolve(state, monsters=tuple(monsters))


def play_study_game(
    players: Sequence[Player],
    seed: int,
    *,
    monsters: Sequence[str] | int | None = None,
    packs: Sequence[str] = ("base",),
    gift: Gift | None = None,
    trace: bool = False,
) -> GameFacts:
    """Play one game with keyed chance from ``seed`` (:mod:`kingofny.streams`), ``players[i]``
    deciding for seat ``i``; ``gift`` is given at its seat's first Buy step; with ``trace``
    the VP are attributed to their sources (slower)."""
    state = new_game(len(players) if monsters is None else monsters, packs=packs)
    if gift is not None:
        _check_gift(gift, state)
        if gift.card is not None:
            state = _remove_card(state, gift.card)
    keyed = KeyedChance(seed)
    n = len(state.monsters)
    sources = [[0] * len(SOURCES) for _ in range(n)]
    first: int | None = None
    given = False
    decisions = 0
    while not state.is_terminal and decisions < MAX_DECISIONS:
        seat = state.current_player
        step = state.next_step
        move: Action | Outcome
        if seat is None:
            move = keyed.draw(state)
        elif (
            gift is not None
            and not given
            and isinstance(step, Shop)
            and step.seat == gift.seat == state.turn.seat
        ):
            state = _give(state, gift)
            given = True
            continue
        else:
            if first is None and state.turn.number >= 1:
                first = state.turn.seat
            move = players[seat].choose(observe(state, seat), legal_actions(state))
            decisions += 1
        if trace:
            following, runs = apply_traced(state, move)
            before = state
            for run in runs:
                where = SOURCES.index(_SOURCE_OF_STEP.get(run.step.KIND, "other"))
                for s in range(n):
                    gained = run.state.monsters[s].vp - before.monsters[s].vp
                    sources[s][where] += gained
                before = run.state
            state = following
        else:
            state = apply(state, move)
    return GameFacts(
        winners=state.winners,
        first=0 if first is None else first,
        turns=state.turn.number,
        end=_end(state),
        vp_sources=tuple(tuple(row) for row in sources),
        gift_given=given,
    )


def _end(state: GameState) -> str:
    if state.winners is None:
        return "abandoned"
    if not state.winners:
        return "nobody"
    if any(state.monsters[s].vp >= 20 for s in state.winners):
        return "20 VP"
    alive = [s for s, m in enumerate(state.monsters) if not m.eliminated]
    if len(alive) == 1 and alive[0] in state.winners:
        return "last standing"
    return "card"
