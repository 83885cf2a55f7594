"""The public API that cards and monsters are written in: trigger points and effect primitives."""
