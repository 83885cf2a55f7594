"""The search bots, and a bot written on top of them by changing their evaluation.

:class:`kingofny.ExpectimaxPlayer` solves its dice phase exactly and :class:`kingofny.MCTSPlayer`
searches the real engine with truncated playouts; both score positions with
:class:`kingofny.players.Evaluation`, a share of the win for every seat. A bot on top of them
needs no search code of its own: subclass the evaluation and pass it in. ``Cautious`` below
worries about its Life: it adds a penalty for every Life point under 6 and plays the same
searches with it::

    bot = kingofny.ExpectimaxPlayer(seed, evaluation=Cautious())

Run it with ``python examples/strong_bots.py --games 4`` (``--bot mcts --playouts 50`` for the
tree search, ``--cautious`` for the bot on top, ``--opponents random`` for easy opponents).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import kingofny
from kingofny import GameState
from kingofny.players import Evaluation, Player


class Cautious(Evaluation):
    """The default evaluation, minus ``fear`` for every Life point under ``comfort``."""

    def __init__(self, fear: float = 0.15, comfort: int = 6) -> None:
        super().__init__()
        self.fear = fear
        self.comfort = comfort

    def seat_score(self, state: GameState, seat: int) -> float:
        """The default score, less the fear of being low on Life."""
        missing = max(0, self.comfort - state.monsters[seat].life)
        return super().seat_score(state, seat) - self.fear * missing


def make_bot(kind: str, seed: int, playouts: int, cautious: bool) -> Player:
    """The bot of this kind, with the cautious evaluation if asked."""
    evaluation = Cautious() if cautious else None
    if kind == "mcts":
        return kingofny.MCTSPlayer(seed, playouts=playouts, evaluation=evaluation)
    return kingofny.ExpectimaxPlayer(seed, evaluation=evaluation)


def main(argv: Sequence[str] | None = None) -> int:
    """Play seat-rotated games of one search bot; print each and the total. Return 0."""
    parser = argparse.ArgumentParser(description="The search bots against bundled players.")
    parser.add_argument("--bot", choices=("expectimax", "mcts"), default="expectimax")
    parser.add_argument("--games", type=int, default=4, help="games to play (4)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the first game (5)")
    parser.add_argument("--players", type=int, default=4, help="monsters, 2-6 (4)")
    parser.add_argument("--playouts", type=int, default=50, help="MCTS playouts per decision")
    parser.add_argument("--cautious", action="store_true", help="use the Cautious evaluation")
    parser.add_argument(
        "--opponents", choices=("heuristic", "random"), default="heuristic", help="(heuristic)"
    )
    args = parser.parse_args(argv)

    label = ("cautious " if args.cautious else "") + args.bot
    wins = 0
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        seat = game % args.players  # the bot changes seats from game to game
        others: list[Player] = [
            kingofny.HeuristicPlayer(seed * 10 + s)
            if args.opponents == "heuristic"
            else kingofny.RandomPlayer(seed * 10 + s)
            for s in range(1, args.players)
        ]
        players = [*others[:seat], make_bot(args.bot, seed, args.playouts, args.cautious)]
        players += others[seat:]
        result = kingofny.play_game(players, seed=seed)
        won = seat in (result.winners or ())
        wins += won
        state = result.final_state
        winners = ", ".join(f"seat {s} ({state.monsters[s].monster})" for s in result.winners or ())
        print(
            f"game {game + 1} (seed {seed}): {label} in seat {seat}; won by "
            f"{winners or 'nobody'} in {result.turns} turns{' - a win' if won else ''}"
        )
    elapsed = time.perf_counter() - started
    print(f"{label} won {wins} of {args.games} games against {args.opponents} ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
