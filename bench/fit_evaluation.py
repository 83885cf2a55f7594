"""Fit the weights of :class:`kingofny.players.evaluation.Evaluation` from heuristic self-play.

Plays seeded games of ``HeuristicPlayer``s, records at the start of every turn the features of
each living monster (``Evaluation.features``) and which seat went on to win, and fits a
conditional logit: ``P(seat i wins) = softmax_i(w . features_i)`` over the living seats, by
Newton's method (it is convex). Prints the weights, ready to paste as the defaults.
Needs numpy (a development dependency only; the bots do not use it).

    python bench/fit_evaluation.py --games 3000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np

import kingofny
from kingofny.players.evaluation import FEATURES, Evaluation
from kingofny.players.heuristic import HeuristicPlayer


def collect(games: int, seed: int, monsters: Sequence[int]) -> list[tuple[np.ndarray, int]]:
    """(features of the living seats, index of the winner among them) per turn start."""
    evaluation = Evaluation()
    data: list[tuple[np.ndarray, int]] = []
    for game in range(games):
        count = monsters[game % len(monsters)]
        players = [HeuristicPlayer(seed * 100_003 + game * 7 + s) for s in range(count)]
        state = kingofny.new_game(count, seed=seed * 1_000_003 + game)
        turns: list[tuple[list[int], np.ndarray]] = []
        number = -1
        while not state.is_terminal:
            if state.turn.number != number and state.turn.number > 0:
                number = state.turn.number
                alive = list(state.alive_seats)
                rows = np.array([evaluation.features(state, s) for s in alive], dtype=float)
                turns.append((alive, rows))
            seat = state.current_player
            assert seat is not None
            legal = kingofny.legal_actions(state)
            state = kingofny.apply(state, players[seat].choose(kingofny.observe(state), legal))
        if state.winners is None or len(state.winners) != 1:
            continue
        (winner,) = state.winners
        for alive, rows in turns:
            if winner in alive:
                data.append((rows, alive.index(winner)))
    return data


def fit(data: list[tuple[np.ndarray, int]], ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """The conditional-logit weights maximising the likelihood (with a small ridge)."""
    k = data[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        loglik = 0.0
        for rows, won in data:
            z = rows @ w
            z -= z.max()
            p = np.exp(z)
            p /= p.sum()
            loglik += np.log(p[won])
            mean = p @ rows
            grad += rows[won] - mean
            centred = rows - mean
            hess -= (centred * p[:, None]).T @ centred
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    print(f"log-likelihood per position {loglik / len(data):.4f} over {len(data)} positions")
    return w


def main(argv: Sequence[str] | None = None) -> int:
    """Collect, fit and print; return the exit status (0)."""
    parser = argparse.ArgumentParser(description="Fit the evaluation's weights.")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--monsters", default="4", help="comma-separated counts (4)")
    args = parser.parse_args(argv)
    data = collect(args.games, args.seed, [int(m) for m in args.monsters.split(",")])
    weights = fit(data)
    for name, weight in zip(FEATURES, weights):
        print(f"{name} = {weight:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
