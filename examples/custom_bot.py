"""Write your own bot: a small rule-based player, then a tournament against random play.

A player is any object with a ``choose(view, legal)`` method (the :class:`kingofny.Player`
protocol): ``view`` is the position as its seat may see it and ``legal`` the actions it may take,
one of which it returns. :func:`kingofny.simulate` plays a series of seeded games between
players made by factories (here the classes themselves: ``factory(seed) -> player``), rotating
seats so that no one profits from going first.

Run it with ``python examples/custom_bot.py --games 200``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import kingofny
from kingofny import (
    Action,
    Borough,
    Buy,
    Dice,
    EndBuying,
    Face,
    Flee,
    GameState,
    MoveTo,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
)

FLEE_LIFE = 5
"""Leave Manhattan when hit down to this much Life or less."""
HURT_LIFE = 6
"""Below this much Life the bot wants Heal dice (which do nothing in Manhattan)."""
RESOLVE_ORDER = (Face.HEAL, Face.DESTRUCTION, Face.ENERGY, Face.CELEBRITY, Face.ATTACK, Face.OUCH)
"""Heal before anything can hurt, Ouch! (which brings the army) last."""


class GreedyBot:
    """A short, readable bot that plays for Manhattan and Attacks.

    * **Rolling**: rerolls every die it has no use for: Ouch! and Energy always, Heal unless hurt
      outside Manhattan, Celebrity unless it holds Superstar or has three of them.
    * **Resolving**: in the order of :data:`RESOLVE_ORDER`.
    * **Manhattan**: moves in whenever it can, stays when attacked unless down to
      :data:`FLEE_LIFE`.
    * **Buying**: the first card it can afford when it has energy to spare.
    * Anything else (destruction targets, card questions): a random legal action.
    """

    name = "greedy"
    """The label the tournament table shows."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` for ``view.current_player``."""
        seat = view.current_player
        choice: Action | None = None
        if seat is not None:
            first = legal[0]
            if isinstance(first, (Reroll, StopRolling)):
                choice = self._reroll(view, seat, legal)
            elif isinstance(first, ResolveFace):
                choice = self._resolve(legal)
            elif isinstance(first, (StayInManhattan, Flee)):
                choice = self._flee(view, seat, legal)
            elif isinstance(first, (PlaceMonster, MoveTo, StayPut)):
                choice = self._move(legal)
            else:
                choice = self._shop(view, seat, legal)
        if choice is None or choice not in legal:
            choice = legal[self._rng.randrange(len(legal))]
        return choice

    def _reroll(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        me = view.monsters[seat]
        dice = view.turn.dice
        unwanted = [Face.OUCH, Face.ENERGY]
        if me.life >= HURT_LIFE or me.in_manhattan:
            unwanted.append(Face.HEAL)
        if view.superstar != seat and dice[Face.CELEBRITY] < 3:
            unwanted.append(Face.CELEBRITY)
        reroll = Dice.of(face for face in dice if face in unwanted)
        if reroll.total == 0:
            return StopRolling()
        wanted = Reroll(reroll)
        return wanted if wanted in legal else StopRolling()

    @staticmethod
    def _resolve(legal: Sequence[Action]) -> Action | None:
        faces = {a.face: a for a in legal if isinstance(a, ResolveFace)}
        return next((faces[f] for f in RESOLVE_ORDER if f in faces), None)

    @staticmethod
    def _flee(view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        if view.monsters[seat].life > FLEE_LIFE:
            return next((a for a in legal if isinstance(a, StayInManhattan)), None)
        return next((a for a in legal if isinstance(a, Flee)), None)

    @staticmethod
    def _move(legal: Sequence[Action]) -> Action | None:
        for action in legal:
            if isinstance(action, MoveTo) and action.borough is Borough.MANHATTAN:
                return action
        return next((a for a in legal if isinstance(a, StayPut)), None)

    @staticmethod
    def _shop(view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        if not any(isinstance(a, EndBuying) for a in legal):
            return None  # not a shopping decision: let choose() pick at random
        if view.monsters[seat].energy >= 6:
            buy = next((a for a in legal if isinstance(a, Buy)), None)
            if buy is not None:
                return buy
        return EndBuying()


def main(argv: Sequence[str] | None = None) -> int:
    """Play the tournament and print the table; return 0, or 1 if the bot did not beat random."""
    parser = argparse.ArgumentParser(description="GreedyBot against random players.")
    parser.add_argument("--games", type=int, default=200, help="games to play (200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the series (1)")
    args = parser.parse_args(argv)

    summary = kingofny.simulate(
        [GreedyBot, kingofny.RandomPlayer, kingofny.RandomPlayer, kingofny.RandomPlayer],
        args.games,
        seed=args.seed,
    )
    print(f"{'player':<8} {'wins':>5} {'win rate':>9}")
    for entrant, label in enumerate(summary.labels):
        rate = summary.win_rate(entrant)
        print(f"{label:<8} {summary.wins[entrant]:>5} {rate:>9.1%}")
    print(f"{summary.games} games, {summary.mean_turns:.1f} turns per game on average")

    greedy = summary.win_rate(0)
    best_random = max(summary.win_rate(i) for i in range(1, len(summary.labels)))
    verdict = "beats" if greedy > best_random else "does NOT beat"
    print(f"greedy {verdict} random ({greedy:.1%} against at best {best_random:.1%})")
    return 0 if greedy > best_random else 1


if __name__ == "__main__":
    raise SystemExit(main())
