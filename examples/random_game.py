"""Play one seeded game between random players and print the winner and a short summary.

Run it with ``python examples/random_game.py --seed 7 --players 4``. The same seed always plays
the same game: the seed drives the dice and the card and tile reveals, and the players draw
their choices from generators seeded from it too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import kingofny


def main(argv: Sequence[str] | None = None) -> int:
    """Play the game and print it; return the exit status (0)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=7, help="seed of the game (7)")
    parser.add_argument("--players", type=int, default=4, help="number of monsters, 2-6 (4)")
    args = parser.parse_args(argv)

    players = [kingofny.RandomPlayer(seed=args.seed + seat) for seat in range(args.players)]
    result = kingofny.play_game(players, seed=args.seed)

    state = result.final_state
    if result.winners:
        names = ", ".join(f"seat {s} ({state.monsters[s].monster})" for s in result.winners)
        print(f"winner: {names}")
    else:
        print("winner: nobody")
    print(f"{result.turns} turns, {result.decisions} decisions, {len(result.record.events)} events")
    for seat, monster in enumerate(state.monsters):
        status = "eliminated" if monster.eliminated else f"life {monster.life}"
        print(f"  seat {seat} {monster.monster}: {monster.vp} VP, {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
