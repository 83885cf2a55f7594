"""Adapters to reinforcement-learning frameworks (optional extras; each module imports its
framework only when it is imported): :mod:`kingofny.envs.gymnasium` (extra ``rl``)."""
