"""Content packs: monsters, cards and tiles."""
