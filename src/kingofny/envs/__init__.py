"""Adapters to reinforcement-learning and game-theory frameworks (optional extras; each module
imports its framework only when it is imported): :mod:`kingofny.envs.gymnasium` (a single-agent
Gymnasium environment) and :mod:`kingofny.envs.pettingzoo` (a PettingZoo AEC environment), extra
``rl``; :mod:`kingofny.envs.openspiel` (the OpenSpiel game ``python_kingofny``), extra
``openspiel``."""
