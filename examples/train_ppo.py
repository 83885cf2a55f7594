"""Train a 4-monster King of New York agent: behaviour cloning from a teacher bot, then
MaskablePPO fine-tuning against heuristic bots, with a measured learning curve.

Needs the ``train`` extra (``pip install "kingofny[train]"``: sb3-contrib, torch). Install a CPU
build of torch first if you have no GPU, e.g. ``pip install torch --index-url
https://download.pytorch.org/whl/cpu``.

The stages, each timed and written under ``--out``:

1. **collect**: the teacher (``--teacher``, default expectimax) plays one seat against three
   heuristic bots; each of its decisions with a choice is kept (observation, legal ids, id
   played) with the game's result for its seat. ``--workers`` processes play.
2. **clone**: a MaskablePPO policy network (``--hidden`` wide, ReLU) learns the teacher's
   choices (cross-entropy over the legal ids) and the results (its value head).
3. **ppo**: MaskablePPO goes on from the cloned network, the learner in a random seat against
   three heuristic bots, on :class:`kingofny.envs.sb3.SB3VecEnv`.
4. **checkpoints**: after cloning and every ``--eval-every`` minutes of PPO, the policy is
   exported as a ``.npz`` :class:`kingofny.players.policy.MLPPolicy` and plays seat-rotated
   games against three random and three heuristic bots (:func:`kingofny.simulate`); the win
   rates with their Wilson 95% intervals go to ``curve.json``.

The exported policy plays anywhere a bot does::

    kingofny simulate --players policy:path=runs/ppo/final.npz,heuristic,heuristic,heuristic

Run ``python examples/train_ppo.py --help`` for the options; ``--quick`` is a one-minute smoke
run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

import kingofny as k
from kingofny.ids import ActionIds, observation, observation_names
from kingofny.players import ExpectimaxPlayer, HeuristicPlayer, MCTSPlayer, RandomPlayer
from kingofny.players.policy import MLPPolicy, PolicyPlayer

MONSTERS = 4
TEACHERS = {"expectimax": ExpectimaxPlayer, "heuristic": HeuristicPlayer, "mcts": MCTSPlayer}


# -- 1. collect ------------------------------------------------------------------------------


def _play_teacher_games(job: tuple[str, int, int]) -> dict[str, np.ndarray]:
    """Games ``first .. first + count - 1`` of the teacher against three heuristic bots; the
    teacher's seat rotates. Returns its decisions with a choice, as arrays."""
    teacher, first, count = job
    ids = ActionIds.shared(("base",))
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    chosen: list[int] = []
    results: list[float] = []
    for game in range(first, first + count):
        seat = game % MONSTERS
        players = {s: HeuristicPlayer(seed=game * 8 + s) for s in range(MONSTERS)}
        players[seat] = TEACHERS[teacher](seed=game * 8 + seat)
        state = k.new_game(MONSTERS, seed=game)
        start = len(chosen)
        while not state.is_terminal:
            decider = state.current_player
            assert decider is not None
            legal = k.legal_actions(state)
            action = players[decider].choose(k.observe(state, decider), legal)
            if decider == seat and len(legal) > 1:
                obs.append(np.asarray(observation(state, seat), dtype=np.float16))
                masks.append(np.packbits(np.frombuffer(ids.mask(state), dtype=np.uint8)))
                chosen.append(ids.encode(action))
            state = k.apply(state, action)
        won = 1.0 if seat in (state.winners or ()) else -1.0
        results.extend([won] * (len(chosen) - start))
    width = len(observation_names(("base",)))
    return {
        "obs": np.array(obs, dtype=np.float16).reshape(-1, width),
        "masks": np.array(masks, dtype=np.uint8).reshape(len(masks), -1),
        "actions": np.array(chosen, dtype=np.int64),
        "results": np.array(results, dtype=np.float32),
    }


def collect(out: Path, teacher: str, minutes: float, workers: int, seed: int) -> dict[str, Any]:
    """Stage 1: the teacher's decisions for ``minutes`` of wall time (``demos.npz``)."""
    path = out / "demos.npz"
    if path.exists():
        print(f"collect: reusing {path}")
        with np.load(path) as data:
            return {"samples": int(data["actions"].shape[0]), "reused": True}
    deadline = time.monotonic() + minutes * 60
    started = time.monotonic()
    chunks: list[dict[str, np.ndarray]] = []
    games, batch = 0, 4
    jobs = ((teacher, seed * 1_000_000 + i * batch, batch) for i in range(10**9))
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    parts = (
        pool.imap_unordered(_play_teacher_games, jobs) if pool else map(_play_teacher_games, jobs)
    )
    try:
        for part in parts:
            chunks.append(part)
            games += batch
            if time.monotonic() > deadline:
                break
            if games % 100 == 0:
                samples = sum(c["actions"].shape[0] for c in chunks)
                print(f"collect: {games} games, {samples} decisions", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    data = {key: np.concatenate([c[key] for c in chunks]) for key in chunks[0]}
    np.savez(path, **data)
    figures = {
        "games": games,
        "samples": int(data["actions"].shape[0]),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(f"collect: {figures}")
    return figures


# -- 2. clone, 3. ppo: the network ---------------------------------------------------------------


def make_model(env: Any, hidden: int, seed: int, learning_rate: float) -> Any:
    """A MaskablePPO whose policy network an :class:`MLPPolicy` can hold (ReLU, one output per
    id)."""
    import torch
    from sb3_contrib import MaskablePPO

    return MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={
            "net_arch": {"pi": [hidden, hidden], "vf": [hidden, hidden]},
            "activation_fn": torch.nn.ReLU,
        },
        learning_rate=learning_rate,
        n_steps=256,
        batch_size=512,
        n_epochs=4,
        gamma=0.999,
        gae_lambda=0.95,
        clip_range=0.1,
        ent_coef=0.0,
        seed=seed,
        device="cpu",
        verbose=0,
    )


def export(model: Any, path: Path) -> MLPPolicy:
    """The model's policy network as an :class:`MLPPolicy`, saved to ``path``."""
    import torch

    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linears]
    policy = MLPPolicy(layers)
    policy.save(path)
    return policy


def clone(model: Any, out: Path, epochs: int, seed: int) -> dict[str, Any]:
    """Stage 2: fit the policy to the teacher's choices and the value to the results."""
    import torch

    with np.load(out / "demos.npz") as data:
        obs, packed = data["obs"], data["masks"]
        actions, results = data["actions"], data["results"]
    size = model.action_space.n
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(actions))
    held = order[: max(1, len(order) // 20)]  # 5% held out, to see the fit
    train = order[len(held) :]
    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    started = time.monotonic()

    def forward(rows: np.ndarray) -> tuple[Any, Any]:
        x = torch.as_tensor(obs[rows].astype(np.float32))
        legal = np.unpackbits(packed[rows], axis=1, count=size).astype(bool)
        features = policy.extract_features(x, policy.pi_features_extractor)
        latent_pi, latent_vf = policy.mlp_extractor(features)
        logits = policy.action_net(latent_pi).masked_fill(~torch.as_tensor(legal), -1e9)
        return logits, policy.value_net(latent_vf).squeeze(-1)

    history = []
    for epoch in range(epochs):
        policy.train()
        rng.shuffle(train)
        for start in range(0, len(train), 512):
            rows = np.sort(train[start : start + 512])
            logits, values = forward(rows)
            target = torch.as_tensor(actions[rows])
            loss = torch.nn.functional.cross_entropy(logits, target)
            loss = loss + 0.5 * torch.nn.functional.mse_loss(values, torch.as_tensor(results[rows]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        policy.eval()
        with torch.no_grad():
            logits, _ = forward(np.sort(held))
            agree = float((logits.argmax(1).numpy() == actions[np.sort(held)]).mean())
        history.append(round(agree, 4))
        print(f"clone: epoch {epoch + 1}/{epochs}, held-out agreement {agree:.3f}", flush=True)
    return {"epochs": epochs, "agreement": history, "seconds": round(time.monotonic() - started, 1)}


# -- 4. checkpoints -------------------------------------------------------------------------


def evaluate(path: Path, games: int, seed: int) -> dict[str, Any]:
    """Win rates of the policy in ``path`` against three random and three heuristic bots, in
    seat-rotated games, with Wilson 95% intervals."""
    figures: dict[str, Any] = {}
    for name, opponent in (("random", RandomPlayer), ("heuristic", HeuristicPlayer)):

        def learner(player_seed: int) -> PolicyPlayer:
            return PolicyPlayer(path=str(path), seed=player_seed)

        learner.name = "policy"  # type: ignore[attr-defined]
        summary = k.simulate([learner] + [opponent] * 3, games, seed=seed)
        low, high = k.wilson_interval(summary.wins[0], summary.games)
        figures[name] = {
            "games": summary.games,
            "wins": summary.wins[0],
            "rate": round(summary.wins[0] / summary.games, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }
    return figures


class Curve:
    """The learning curve in ``curve.json``: one entry per checkpoint."""

    def __init__(self, out: Path, started: float, eval_games: int, seed: int) -> None:
        self.path = out / "curve.json"
        self.started = started
        self.eval_games = eval_games
        self.seed = seed
        self.data: dict[str, Any] = {"checkpoints": []}

    def checkpoint(self, model: Any, label: str, steps: int) -> None:
        """Export the policy as ``<label>.npz``, evaluate it and write the curve."""
        path = self.path.parent / f"{label}.npz"
        export(model, path)
        wall = time.monotonic() - self.started
        cpu = time.process_time()
        entry = {
            "label": label,
            "ppo_steps": steps,
            "wall_minutes": round(wall / 60, 2),
            "process_cpu_minutes": round(cpu / 60, 2),
            **evaluate(path, self.eval_games, self.seed),
        }
        self.data["checkpoints"].append(entry)
        self.write()
        print(f"checkpoint {label}: {json.dumps(entry)}", flush=True)

    def write(self) -> None:
        """Save the curve as it is now."""
        self.path.write_text(json.dumps(self.data, indent=2) + "\n")


def main(argv: list[str] | None = None) -> None:
    """Run the stages with the options on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/ppo"), help="output directory")
    parser.add_argument("--teacher", choices=sorted(TEACHERS), default="expectimax")
    parser.add_argument("--collect-minutes", type=float, default=45.0)
    parser.add_argument("--clone-epochs", type=int, default=8)
    parser.add_argument("--ppo-minutes", type=float, default=45.0)
    parser.add_argument("--eval-every", type=float, default=15.0, help="minutes of PPO")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--envs", type=int, default=8, help="games stepped together by PPO")
    parser.add_argument("--hidden", type=int, default=256, help="width of the hidden layers")
    parser.add_argument("--learning-rate", type=float, default=3e-5, help="of PPO")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a one-minute smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.collect_minutes, args.clone_epochs, args.ppo_minutes = 0.1, 1, 0.2
        args.eval_every, args.eval_games, args.final_games, args.envs = 0.1, 8, 8, 2
    import torch

    from kingofny.envs.sb3 import SB3VecEnv

    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    curve = Curve(args.out, started, args.eval_games, seed=10_000 + args.seed)
    curve.data["options"] = {key: str(value) for key, value in vars(args).items()}
    curve.data["collect"] = collect(
        args.out, args.teacher, args.collect_minutes, args.workers, args.seed
    )
    env = SB3VecEnv(args.envs, MONSTERS, seat="random", opponents=[HeuristicPlayer] * 3)
    env.seed(args.seed)
    model = make_model(env, args.hidden, args.seed, args.learning_rate)
    curve.data["clone"] = clone(model, args.out, args.clone_epochs, args.seed)
    curve.checkpoint(model, "cloned", 0)
    ppo_started = time.monotonic()
    steps = 0
    while time.monotonic() - ppo_started < args.ppo_minutes * 60:
        until = time.monotonic() + args.eval_every * 60
        while time.monotonic() < until and time.monotonic() - ppo_started < args.ppo_minutes * 60:
            model.learn(env.num_envs * 256, reset_num_timesteps=False)
            steps = model.num_timesteps
        curve.checkpoint(model, f"ppo-{steps}", steps)
    export(model, args.out / "final.npz")
    curve.eval_games, curve.seed = args.final_games, 20_000 + args.seed
    best = max(curve.data["checkpoints"], key=lambda c: c["heuristic"]["rate"])
    final = evaluate(args.out / f"{best['label']}.npz", args.final_games, curve.seed)
    curve.data["final"] = {"label": best["label"], "unseen_seed": curve.seed, **final}
    curve.data["wall_minutes"] = round((time.monotonic() - started) / 60, 2)
    curve.write()
    print(f"final ({best['label']}, seed {curve.seed}): {json.dumps(final)}")


if __name__ == "__main__":
    main()
