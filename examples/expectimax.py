"""Search over explicit chance: a bot that picks its rerolls by one-ply expectimax.

Every random event of a game is a *chance node*. A seeded game draws the outcomes itself, but a
bot only ever sees :func:`kingofny.observe` views, which carry no seed: applying a ``Reroll`` to
a view stops at the dice roll, and :func:`kingofny.chance_outcomes` lists every multiset of
faces that may come up with its exact probability (462 for six dice). The bot below applies each
outcome, scores the resulting position with a small evaluation function, and takes the reroll
with the best expected score::

    value(reroll) = sum(p * evaluate(apply(apply(view, reroll), outcome)) for outcome, p in ...)

To stay fast it only searches a handful of candidate rerolls (dropping its least useful dice,
one, two, three... at a time) and lets the bundled :class:`kingofny.HeuristicPlayer` take every
other decision.

Run it with ``python examples/expectimax.py --seed 5`` (add ``--games 10`` for a series).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from fractions import Fraction

import kingofny
from kingofny import (
    Action,
    Dice,
    Face,
    GameState,
    HeuristicPlayer,
    Phase,
    Reroll,
    StopRolling,
)

WIN_SCORE = 1000.0
"""The score of a won (or, negated, lost) game: beyond anything else."""


def face_value(state: GameState, seat: int, face: Face, count: int) -> float:
    """What ``count`` dice showing ``face`` are worth to ``seat``, in Victory Point equivalents."""
    me = state.monsters[seat]
    if face is Face.ATTACK:
        return 0.7 * count
    if face is Face.DESTRUCTION:
        return 0.5 * count
    if face is Face.ENERGY:
        return 0.3 * count
    if face is Face.HEAL:
        return 0.0 if me.in_manhattan else 0.4 * min(count, max(0, 10 - me.life))
    if face is Face.CELEBRITY:
        if state.superstar == seat:
            return 1.0 * count
        return 1.0 + (count - 3) if count >= 3 else 0.2 * count
    return -0.5 * count  # Ouch!: the army fires back


def dice_value(state: GameState, seat: int, dice: Dice) -> float:
    """The summed :func:`face_value` of some dice."""
    return sum(face_value(state, seat, face, dice[face]) for face in dice.faces_present())


def evaluate(state: GameState, seat: int) -> float:
    """A static score of ``state`` for ``seat``: its resources, its rivals' best VP, and the
    dice it still has to resolve this turn."""
    if state.winners is not None:
        return WIN_SCORE if seat in state.winners else -WIN_SCORE
    me = state.monsters[seat]
    if me.eliminated:
        return -WIN_SCORE
    rivals = [m.vp for i, m in enumerate(state.monsters) if i != seat and not m.eliminated]
    score = me.vp + 0.3 * me.life + 0.25 * me.energy - 0.3 * max(rivals, default=0)
    if state.turn.seat == seat:
        if state.phase is Phase.ROLL:
            score += dice_value(state, seat, state.turn.dice)
        elif state.phase is Phase.RESOLVE:
            score += dice_value(state, seat, state.turn.unresolved)
    return score


class ExpectimaxBot:
    """Chooses rerolls by one-ply expectimax over the exact dice distribution; every other
    decision is the :class:`~kingofny.HeuristicPlayer`'s.

    ``candidates`` caps how many rerolls are searched per decision (stopping is always one of
    them), so a decision costs at most ``candidates * 462`` applications.
    """

    name = "expectimax"
    """The label the runner shows."""

    def __init__(self, seed: int | None = None, *, candidates: int = 4) -> None:
        self.candidates = candidates
        """How many reroll options are searched at each reroll decision."""
        self.searches = 0
        """Reroll decisions searched so far."""
        self.positions = 0
        """Positions evaluated so far."""
        self._fallback = HeuristicPlayer(seed)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The expectimax reroll at a reroll decision; the heuristic's choice otherwise."""
        seat = view.current_player
        if seat is None or not any(isinstance(a, Reroll) for a in legal):
            return self._fallback.choose(view, legal)
        self.searches += 1
        best: tuple[float, Action] | None = None
        for action in self._candidates(view, seat, legal):
            value = self.expected_value(view, seat, action)
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def _candidates(self, view: GameState, seat: int, legal: Sequence[Action]) -> list[Action]:
        """Stop (when allowed), then rerolling the 1, 2, 3... least valuable dice."""
        options: list[Action] = [a for a in legal if isinstance(a, StopRolling)]
        ranked = sorted(view.turn.dice, key=lambda f: face_value(view, seat, f, 1))
        for size in range(1, len(ranked) + 1):
            if len(options) >= self.candidates:
                break
            reroll = Reroll(Dice.of(ranked[:size]))
            if reroll in legal:
                options.append(reroll)
        return options or [legal[0]]

    def expected_value(self, view: GameState, seat: int, action: Action) -> float:
        """The probability-weighted :func:`evaluate` of the positions ``action`` may lead to."""
        after = kingofny.apply(view, action)
        outcomes = kingofny.chance_outcomes(after)
        if not outcomes:  # no chance node: the action's result is known
            self.positions += 1
            return evaluate(after, seat)
        total = Fraction(0)
        for outcome, probability in outcomes:
            self.positions += 1
            total += probability * Fraction(evaluate(kingofny.apply(after, outcome), seat))
        return float(total)


def main(argv: Sequence[str] | None = None) -> int:
    """Play games with one ExpectimaxBot and print what happened; return the exit status (0)."""
    parser = argparse.ArgumentParser(description="A one-ply expectimax reroll bot in action.")
    parser.add_argument("--games", type=int, default=1, help="games to play (1)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the first game (5)")
    parser.add_argument("--players", type=int, default=4, help="monsters, 2-6 (4)")
    parser.add_argument(
        "--candidates", type=int, default=4, help="reroll options searched per decision (4)"
    )
    parser.add_argument(
        "--opponents", choices=("random", "heuristic"), default="random", help="(random)"
    )
    args = parser.parse_args(argv)

    wins = 0
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        bot = ExpectimaxBot(seed, candidates=args.candidates)
        others: list[kingofny.Player] = [
            kingofny.RandomPlayer(seed + seat)
            if args.opponents == "random"
            else HeuristicPlayer(seed + seat)
            for seat in range(1, args.players)
        ]
        seat = game % args.players  # the bot changes seats from game to game
        players = others[:seat] + [bot] + others[seat:]
        result = kingofny.play_game(players, seed=seed)
        won = bool(result.winners) and seat in (result.winners or ())
        wins += won
        state = result.final_state
        winners = ", ".join(f"seat {s} ({state.monsters[s].monster})" for s in result.winners or ())
        print(
            f"game {game + 1} (seed {seed}): expectimax in seat {seat}; "
            f"won by {winners or 'nobody'} in {result.turns} turns"
            f"{' - expectimax wins' if won else ''}"
        )
        print(
            f"  {bot.searches} reroll searches, {bot.positions} positions evaluated "
            f"({bot.positions / max(bot.searches, 1):.0f} per search)"
        )
    elapsed = time.perf_counter() - started
    print(f"expectimax won {wins} of {args.games} games against {args.opponents} ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
