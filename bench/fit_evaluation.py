"""Fit the weights of :class:`kingofny.players.evaluation.Evaluation` from self-play.

Plays seeded games of one bot (``--players``, a player spec: ``heuristic`` by default, or
``expectimax``, ``mcts:playouts=40``...), records at the start of every turn the features of
each living monster (``Evaluation.features``) and which seat went on to win, and fits a
conditional logit: ``P(seat i wins) = softmax_i(w . features_i)`` over the living seats, by
Newton's method (it is convex). Prints the weights, ready to paste as the defaults.
Needs numpy (a development dependency only; the bots do not use it).

``--learned`` records the features of :class:`kingofny.players.learned.LearnedEvaluation` and
a column per KEEP card of the base game instead, fits them (``--ridge`` for the features,
``--card-ridge`` for the cards; ``--held-out`` keeps the last share of the positions out of the
fit and prints their log-likelihood) and with ``--out FILE.json`` writes the weights file the
planner reads (``kingofny/players/data/learned-4.json``).

``--save FILE.npz`` appends the positions of the games played to ``FILE.npz`` (game by game
resumable: games already in the file are skipped), and ``--load`` fits several such files
without playing: slow bots' self-play is collected in the background, in parts. Each
``--load`` is a group of files; with ``--balance``, every group keeps its own held-out share
and gives the fit as many positions as the smallest group does (its first ones), so that the
plentiful games of a fast bot do not drown the scarce games of a slow one.

    python bench/fit_evaluation.py --games 3000 --seed 1
    python bench/fit_evaluation.py --players expectimax --games 500 --save exp.npz
    python bench/fit_evaluation.py --load exp.npz
    python bench/fit_evaluation.py --learned --games 20000 --seed 101 --chunk 5000 --save h.npz
    python bench/fit_evaluation.py --learned --load h.npz --held-out 0.1 --out learned-4.json
    python bench/fit_evaluation.py --learned --load p1.npz p2.npz --load h.npz --balance
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence

import numpy as np

import kingofny
from kingofny.players import player_factory
from kingofny.players.evaluation import FEATURES, Evaluation
from kingofny.players.learned import (
    LEARNED_FEATURES,
    WEIGHTS_FORMAT,
    LearnedEvaluation,
    load_weights,
)


def card_ids() -> list[str]:
    """The base game's KEEP cards, sorted: the card columns of ``--learned`` data."""
    from kingofny.model.cards import CardKind
    from kingofny.model.content import content_of

    cards = content_of(kingofny.new_game(2, seed=0).config).cards
    return sorted(card for card, spec in cards.items() if spec.kind is CardKind.KEEP)


def collect(
    games: int,
    seed: int,
    monsters: Sequence[int],
    spec: str = "heuristic",
    first: int = 0,
    learned: bool = False,
) -> list[tuple[np.ndarray, int]]:
    """(features of the living seats, index of the winner among them) per turn start, over
    games ``first`` to ``games - 1``. With ``learned``, the features are those of
    :class:`LearnedEvaluation` followed by one column per KEEP card of :func:`card_ids` (1 when
    the seat holds it)."""
    evaluation: Evaluation = LearnedEvaluation() if learned else Evaluation()
    cards = card_ids()
    column = {card: i for i, card in enumerate(cards)}
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
                if learned:
                    held = np.zeros((len(alive), len(cards)))
                    for i, s in enumerate(alive):
                        for card in state.monsters[s].cards:
                            if card in column:
                                held[i, column[card]] = 1.0
                    rows = np.hstack([rows, held])
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


def fit(
    data: list[tuple[np.ndarray, int]],
    ridge: float | np.ndarray = 1e-3,
    steps: int = 30,
    held_out: float = 0.0,
    prior: np.ndarray | None = None,
    tests: Sequence[tuple[str, list[tuple[np.ndarray, int]]]] = (),
) -> np.ndarray:
    """The conditional-logit weights maximising the likelihood with a ridge penalty
    (``ridge``: one for all weights, or one per weight), by Newton's method over positions
    grouped by how many seats are alive. The ridge pulls towards ``prior`` (zero by default):
    weights fitted on plentiful data, refined on scarcer data of stronger play. With
    ``held_out``, that share of the positions (the last ones, so whole games) is left out of
    the fit and its log-likelihood printed; ``tests`` are more held-out sets, by label."""
    train, test = split(data, held_out)
    held = [("held out", test)] if test else []
    held += [(f"held out of {label}", part) for label, part in tests if part]
    k = data[0][0].shape[1]
    penalty = np.broadcast_to(np.asarray(ridge, dtype=float), (k,))
    centre = np.zeros(k) if prior is None else np.asarray(prior, dtype=float)
    groups = _grouped(train)
    if prior is not None:
        for label, part in held:
            prior_fit = loglik(_grouped(part), centre)
            print(f"prior on the {label}: log-likelihood per position {prior_fit:.4f}")
    w = centre.copy()
    for _ in range(steps):
        grad = -penalty * (w - centre)
        hess = -np.diag(penalty)
        for rows, won in groups:
            z = rows @ w
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("ns,nsk->nk", p, rows)
            grad += (rows[np.arange(len(won)), won] - mean).sum(axis=0)
            centred = rows - mean[:, None, :]
            hess -= np.einsum("ns,nsk,nsl->kl", p, centred, centred)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    print(f"train: log-likelihood per position {loglik(groups, w):.4f} over {len(train)}")
    for label, part in held:
        print(
            f"{label}: log-likelihood per position {loglik(_grouped(part), w):.4f} "
            f"over {len(part)} (uniform {uniform(part):.4f})"
        )
    return w


def split(
    data: list[tuple[np.ndarray, int]], held_out: float
) -> tuple[list[tuple[np.ndarray, int]], list[tuple[np.ndarray, int]]]:
    """``data`` without and with its last ``held_out`` share of positions."""
    cut = len(data) - int(held_out * len(data))
    return data[:cut], data[cut:]


def balanced(
    groups: Sequence[tuple[str, list[tuple[np.ndarray, int]]]], held_out: float
) -> tuple[list[tuple[np.ndarray, int]], list[tuple[str, list[tuple[np.ndarray, int]]]]]:
    """The training positions of ``groups`` (label, positions), as many from each as the
    smallest gives once its held-out share is set aside (the first ones), and each group's
    held-out positions by label."""
    parts = [(label, *split(data, held_out)) for label, data in groups]
    empty = [label for label, train, _ in parts if not train]
    if empty:
        raise SystemExit(f"no positions to fit in {', '.join(empty)}")
    size = min(len(train) for _, train, _ in parts)
    train = [position for _, part, _ in parts for position in part[:size]]
    return train, [(label, test) for label, _, test in parts]


def _grouped(data: list[tuple[np.ndarray, int]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The positions stacked by number of seats: (rows n×seats×k, winners n)."""
    by_size: dict[int, list[tuple[np.ndarray, int]]] = {}
    for rows, won in data:
        by_size.setdefault(len(rows), []).append((rows, won))
    return [
        (np.stack([r for r, _ in part]), np.array([w for _, w in part]))
        for part in by_size.values()
    ]


def loglik(groups: list[tuple[np.ndarray, np.ndarray]], w: np.ndarray) -> float:
    """The mean log-likelihood of the winners under weights ``w``."""
    total = 0.0
    count = 0
    for rows, won in groups:
        z = rows @ w
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        total += logp[np.arange(len(won)), won].sum()
        count += len(won)
    return total / max(1, count)


def uniform(data: list[tuple[np.ndarray, int]]) -> float:
    """The mean log-likelihood of guessing every living seat equally."""
    return float(np.mean([-np.log(len(rows)) for rows, _ in data]))


def save(path: str, data: list[tuple[np.ndarray, int]], games: int) -> None:
    """Write ``data`` (positions of ``games`` games) to ``path``, atomically."""
    rows = np.concatenate([r for r, _ in data]) if data else np.zeros((0, 0))
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
    parser.add_argument(
        "--load",
        nargs="+",
        action="append",
        default=[],
        help=".npz files to fit, no play; repeated: groups of files (see --balance)",
    )
    parser.add_argument(
        "--balance",
        action="store_true",
        help="with several --load groups: as many positions from each, each its own held out",
    )
    parser.add_argument(
        "--learned",
        action="store_true",
        help="the features of LearnedEvaluation and a column per KEEP card",
    )
    parser.add_argument("--out", help="with --learned: write the weights to this JSON file")
    parser.add_argument("--ridge", type=float, default=1e-3, help="ridge of the features")
    parser.add_argument("--card-ridge", type=float, default=20.0, help="ridge of the cards")
    parser.add_argument(
        "--held-out", type=float, default=0.1, help="share of positions kept out of the fit"
    )
    parser.add_argument(
        "--prior", help="with --learned: a weights file (JSON) the ridge pulls towards, not zero"
    )
    args = parser.parse_args(argv)
    monsters = [int(m) for m in args.monsters.split(",")]
    names = [*LEARNED_FEATURES, *card_ids()] if args.learned else list(FEATURES)
    prior = None
    if args.prior:  # checked before hours of self-play, not after
        if not args.learned:
            raise SystemExit("--prior needs --learned")
        try:
            features, cards = load_weights(args.prior)
        except kingofny.KingOfNYError as error:
            raise SystemExit(f"--prior: {error}") from None
        prior = np.array(
            [features.get(name, 0.0) for name in LEARNED_FEATURES]
            + [cards.get(card, 0.0) for card in names[len(LEARNED_FEATURES) :]]
        )
    if args.balance and len(args.load) < 2:
        raise SystemExit("--balance needs two --load groups or more")
    tests: list[tuple[str, list[tuple[np.ndarray, int]]]] = []
    held_out = args.held_out
    if args.load:
        groups: list[tuple[str, list[tuple[np.ndarray, int]]]] = []
        for paths in args.load:
            group: list[tuple[np.ndarray, int]] = []
            for path in paths:
                part, games = load(path)
                print(f"{path}: {len(part)} positions from {games} games")
                group += part
            groups.append((" ".join(os.path.basename(path) for path in paths), group))
        if args.balance:
            data, tests = balanced(groups, held_out)
            held_out = 0.0
            print(f"balanced: {len(data)} positions, {len(data) // len(groups)} from each group")
        else:
            data = [position for _, group in groups for position in group]
    elif args.save:
        data, done = load(args.save) if os.path.exists(args.save) else ([], 0)
        started = time.process_time()
        while done < args.games:
            upto = min(args.games, done + args.chunk)
            data += collect(
                upto, args.seed, monsters, args.players, first=done, learned=args.learned
            )
            done = upto
            save(args.save, data, done)
            print(
                f"{done} games, {len(data)} positions, "
                f"{time.process_time() - started:.0f} s CPU this run",
                flush=True,
            )
    else:
        data = collect(args.games, args.seed, monsters, args.players, learned=args.learned)
    if data[0][0].shape[1] != len(names):
        raise SystemExit(f"the data has {data[0][0].shape[1]} columns, expected {len(names)}")
    ridge = np.full(len(names), args.ridge)
    if args.learned:
        ridge[len(LEARNED_FEATURES) :] = args.card_ridge
    weights = fit(data, ridge=ridge, held_out=held_out, prior=prior, tests=tests)
    for name, weight in zip(names, weights):
        print(f"{name} = {weight:.4f}")
    if args.out:
        features = dict(zip(LEARNED_FEATURES, (round(float(w), 5) for w in weights)))
        cards = dict(
            zip(
                names[len(LEARNED_FEATURES) :],
                (round(float(w), 5) for w in weights[len(LEARNED_FEATURES) :]),
            )
        )
        document = {
            "format": WEIGHTS_FORMAT,
            "fitted_on": f"{len(data)} positions; {' '.join(sys.argv[1:])}",
            "features": features,
            "cards": cards,
        }
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(document, out, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
