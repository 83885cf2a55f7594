"""The auto-chance generator: splitmix64, a counter-free PRNG whose whole state is one integer.

Keeping the generator state as a plain int inside the frozen game state makes seeded games
reproducible across processes and Python versions, and serialisable, without copying a
``random.Random`` object per state.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
"""The golden-ratio increment of splitmix64."""
_SIGNED_LOW: Final = -(1 << 63)
_SIGNED_HIGH: Final = 1 << 63
_WIDE_TAG: Final = 0xD1B54A32D192ED03
"""Starts the hash of a seed outside the signed 64-bit range (any odd constant would do)."""


def _finalise(z: int) -> int:
    """splitmix64's output function: a bijection on 64-bit values that avalanches every bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int), mixed so that seeds are independent.

    The seed is not used as the state itself (nor ``seed * G + C``, which made seed N+1's stream
    seed N's shifted by one draw): it goes through splitmix64's finaliser first.

    * A seed in the signed 64-bit range, ``-2**63 <= seed < 2**63``, is read as its 64-bit two's
      complement and finalised: the state is the first output of splitmix64 started at the
      seed. Both steps are one-to-one, so two different seeds in this range always start
      different streams: ``-5`` is neither ``5`` nor ``2**64 - 5``.
    * A larger seed, positive or negative, is hashed from its sign and every 64-bit digit of its
      magnitude, each digit finalised into the hash in turn. It never aliases a related seed
      (``2**64 + 5`` is not ``5``), but since there are only ``2**64`` states it may, like any
      hash, coincide with some other seed by chance (probability about ``2**-64`` per pair).
    """
    if _SIGNED_LOW <= seed < _SIGNED_HIGH:
        return _finalise((seed + _GAMMA) & _MASK)
    magnitude = -seed if seed < 0 else seed
    state = _finalise(_WIDE_TAG ^ (1 if seed < 0 else 2))
    while magnitude:
        state = _finalise(((state ^ (magnitude & _MASK)) + _GAMMA) & _MASK)
        magnitude >>= 64
    return state


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: (new state, a uniform 64-bit value)."""
    state = (state + _GAMMA) & _MASK
    z = state  # _finalise, inlined: this runs for every roll
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
