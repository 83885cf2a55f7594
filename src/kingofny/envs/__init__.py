"""Adapters to reinforcement-learning frameworks (optional extra ``rl``; each module imports its
framework only when it is imported): :mod:`kingofny.envs.gymnasium` (a single-agent
Gymnasium environment) and :mod:`kingofny.envs.pettingzoo` (a PettingZoo AEC environment)."""
