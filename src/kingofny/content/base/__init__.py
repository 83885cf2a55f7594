"""The base game's content: six monsters, 64 cards, 45 tiles."""
