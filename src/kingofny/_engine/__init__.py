"""How a position *changes*: new_game, legal_actions, apply, and one module per part of a turn."""
