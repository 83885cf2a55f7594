"""Fit the weights of :class:`kingofny.players.evaluation.Evaluation` from self-play.

Plays seeded games of one bot (``--players``, a player spec: ``heuristic`` by default, or
``expectimax``, ``mcts:playouts=40``...), records at the start of every turn the features of
each living monster (``Evaluation.features``) and which seat went on to win, and fits a
conditional logit: ``P(seat i wins) = softmax_i(w . features_i)`` over the living seats, by
Newton's method (it is convex). Prints the weights, ready to paste as the defaults.
Needs numpy (a development dependency only; the bots do not use it).

``--save FILE.npz`` appends the positions of the games played to ``FILE.npz`` (game by game
resumable: games already in the file are skipped), and ``--load`` fits several such files
without playing: slow bots' self-play is collected in the background, in parts.

    python bench/fit_evaluation.py --games 3000 --seed 1
    python bench/fit_evaluation.py --players expectimax --games 500 --save exp.npz
    python bench/fit_evaluation.py --load exp.npz
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

import numpy as np

import kingofny
from kingofny.players import player_factory
from kingofny.players.evaluation import FEATURES, Evaluation


def collect(
    games: int,
    seed: int,
    monsters: Sequence[int],
    spec: str = "heuristic",
    first: int = 0,
) -> list[tuple[np.ndarray, int]]:
    """(features of the living seats, index of the winner among them) per turn start, over
    games ``first`` to ``games - 1``."""
    evaluation = Evaluation()
    factory = player_factory(spec)
    data: list[tuple[np.ndarray, int]] = []
    for game in range(first, games):
        count = monsters[game % len(monsters)]
        players = [factory(seed * 100_003 + game * 7 + s) for s in range(count)]
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
            view = kingofny.observe(state)
            state = kingofny.apply(state, players[seat].choose(view, legal))
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


def save(path: str, data: list[tuple[np.ndarray, int]], games: int) -> None:
    """Write ``data`` (positions of ``games`` games) to ``path``, atomically."""
    rows = np.concatenate([r for r, _ in data]) if data else np.zeros((0, len(FEATURES)))
    sizes = np.array([len(r) for r, _ in data], dtype=np.int64)
    won = np.array([w for _, w in data], dtype=np.int64)
    partial = path + ".part.npz"
    np.savez_compressed(partial, rows=rows, sizes=sizes, won=won, games=np.array(games))
    os.replace(partial, path)


def load(path: str) -> tuple[list[tuple[np.ndarray, int]], int]:
    """The positions saved in ``path`` and the number of games they came from."""
    with np.load(path) as saved:
        rows, sizes, won = saved["rows"], saved["sizes"], saved["won"]
        games = int(saved["games"])
    starts = np.concatenate([[0], np.cumsum(sizes)])
    return [(rows[a:b], int(w)) for a, b, w in zip(starts[:-1], starts[1:], won)], games


def main(argv: Sequence[str] | None = None) -> int:
    """Collect, fit and print; return the exit status (0)."""
    parser = argparse.ArgumentParser(description="Fit the evaluation's weights.")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--monsters", default="4", help="comma-separated counts (4)")
    parser.add_argument("--players", default="heuristic", help="the self-play bot's spec")
    parser.add_argument("--save", help="an .npz file to add the positions to (resumable)")
    parser.add_argument("--chunk", type=int, default=20, help="games between saves (20)")
    parser.add_argument("--load", nargs="*", default=(), help=".npz files to fit, no play")
    args = parser.parse_args(argv)
    monsters = [int(m) for m in args.monsters.split(",")]
    if args.load:
        data: list[tuple[np.ndarray, int]] = []
        for path in args.load:
            part, games = load(path)
            print(f"{path}: {len(part)} positions from {games} games")
            data += part
    elif args.save:
        data, done = load(args.save) if os.path.exists(args.save) else ([], 0)
        started = time.process_time()
        while done < args.games:
            upto = min(args.games, done + args.chunk)
            data += collect(upto, args.seed, monsters, args.players, first=done)
            done = upto
            save(args.save, data, done)
            print(
                f"{done} games, {len(data)} positions, "
                f"{time.process_time() - started:.0f} s CPU this run",
                flush=True,
            )
    else:
        data = collect(args.games, args.seed, monsters, args.players)
    weights = fit(data)
    for name, weight in zip(FEATURES, weights):
        print(f"{name} = {weight:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
