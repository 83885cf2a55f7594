"""A masked random agent through each reinforcement-learning adapter: Gymnasium, PettingZoo and
OpenSpiel (``pip install kingofny[rl,openspiel]``). A framework that is not installed is
skipped with a note.

Run: ``python examples/masked_random_agent.py [--seed N]``. The agent trains nothing: it picks
uniformly among the ids its action mask allows, to show each adapter's loop; swap in your own
policy where it chooses.
"""

from __future__ import annotations

import argparse
import importlib.util
import random


def gymnasium_episode(seed: int) -> float:
    """One episode of the single-agent environment: the learner's return."""
    import gymnasium
    import numpy as np

    env = gymnasium.make("kingofny.envs.gymnasium:kingofny/KingOfNY-v0")
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward)


def pettingzoo_game(seed: int) -> dict[str, float]:
    """One game of the multi-agent environment: each agent's final reward."""
    import numpy as np

    from kingofny.envs.pettingzoo import env as make_env

    env = make_env(monsters=4)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        final[agent] = float(reward)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


def openspiel_game(seed: int) -> list[float]:
    """One game of the OpenSpiel game, chance sampled with its probabilities: the returns."""
    import pyspiel

    import kingofny.envs.openspiel  # noqa: F401 - registers python_kingofny

    rng = random.Random(seed)
    state = pyspiel.load_game("python_kingofny(players=4)").new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return [float(r) for r in state.returns()]


def main(seed: int = 1) -> None:
    """Run each adapter once and print what it returned."""
    if importlib.util.find_spec("gymnasium") is not None:
        print("gymnasium: learner's return", gymnasium_episode(seed))
    else:
        print("gymnasium: not installed (pip install kingofny[rl])")
    if importlib.util.find_spec("pettingzoo") is not None:
        print("pettingzoo: final rewards", pettingzoo_game(seed))
    else:
        print("pettingzoo: not installed (pip install kingofny[rl])")
    if importlib.util.find_spec("pyspiel") is not None:
        print("openspiel: returns", openspiel_game(seed))
    else:
        print("openspiel: not installed (pip install kingofny[openspiel])")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the episodes' seed (default 1)")
    main(parser.parse_args().seed)
