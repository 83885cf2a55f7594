"""The auto-chance generator: splitmix64, a counter-free PRNG whose whole state is one integer.

Keeping the generator state as a plain int inside the frozen game state makes seeded games
reproducible across processes and Python versions, and serialisable, without copying a
``random.Random`` object per state.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: (new state, a uniform 64-bit value)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform int in ``range(n)``), by Lemire's multiply-shift (bias < n / 2**64)."""
    state, value = next_u64(state)
    return state, (value * n) >> 64


def roll_counts(state: int, n: int) -> tuple[int, list[int]]:
    """(new state, face counts of ``n`` fair six-sided dice)."""
    counts = [0, 0, 0, 0, 0, 0]
    while n > 0:
        state, value = next_u64(state)
        chunk = min(n, 24)  # 6**24 < 2**64, so one draw covers 24 dice
        for _ in range(chunk):
            value, face = divmod(value, 6)
            counts[face] += 1
        n -= chunk
    return state, counts
