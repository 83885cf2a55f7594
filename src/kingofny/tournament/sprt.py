"""A sequential probability ratio test on paired results (issue 22 §2), as chess engines gate
their changes (fishtest's generalised SPRT).

Each observation is the difference a paired unit measures: for ``kingofny compare A B``, one
deal played with A and again with B in every seat, the difference of their win rates over that
deal's games (a number from -1 to 1). The test weighs

* H0: the mean difference is ``delta0`` (default 0: A is no better than B),
* H1: the mean difference is ``delta1`` (the margin that matters, e.g. 0.05: A is better by
  5 points of win rate),

with the log-likelihood ratio of the normal approximation, the variance estimated from the data
(the "generalised" SPRT: Lai 1988; fishtest's ``LLR = n (d1 - d0) (2 x̄ - d0 - d1) / (2 s²)``).
It stops when the ratio leaves Wald's bounds ``log(beta / (1 - alpha))`` (accept H0) and
``log((1 - beta) / alpha)`` (accept H1), so that a false H1 has probability about ``alpha`` and a
missed H1 about ``beta``. The test is meant for differences of at most a few standard deviations
per observation, which win-rate differences are.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

import attrs

from kingofny.errors import ArgumentError

__all__ = ["SPRT", "Decision", "SPRTState"]

Decision = Literal["H0", "H1"]
"""What the test accepted: H0 (no better than ``delta0``) or H1 (better by ``delta1``)."""

Z95 = 1.959963984540054
PRIOR_VARIANCE = 0.25
"""The variance the test starts from, worth one observation (that of a fair coin's win or
loss: win-rate differences vary less, so it errs on the side of caution)."""


def _probability(where: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 0.5:
        raise ArgumentError(where, f"expected a probability between 0 and 0.5, got {value!r}")
    return float(value)


def _number(where: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ArgumentError(where, f"expected a finite number, got {value!r}")
    return float(value)


@attrs.frozen(slots=True)
class SPRTState:
    """Where the test stands: the log-likelihood ratio and its bounds, the observations so far,
    the estimated difference with its 95% interval (normal, not corrected for the stopping), and
    the decision if one was reached."""

    llr: float
    lower: float
    """Accept H0 at or below this."""
    upper: float
    """Accept H1 at or above this."""
    count: int
    """Observations so far."""
    mean: float
    """The estimated difference."""
    low: float
    high: float
    decision: Decision | None


class SPRT:
    """A generalised SPRT of H0: mean ``delta0`` against H1: mean ``delta1`` (``delta1 >
    delta0``) with error rates ``alpha`` (false H1) and ``beta`` (false H0)."""

    def __init__(
        self, delta0: float = 0.0, delta1: float = 0.05, alpha: float = 0.05, beta: float = 0.05
    ) -> None:
        self.delta0 = _number("delta0", delta0)
        self.delta1 = _number("delta1", delta1)
        if not self.delta1 > self.delta0:
            raise ArgumentError("delta1", f"expected more than delta0 ({delta0}), got {delta1}")
        self.alpha = _probability("alpha", alpha)
        self.beta = _probability("beta", beta)
        self.lower = math.log(self.beta / (1 - self.alpha))
        """Wald's lower bound: accept H0 at or below it."""
        self.upper = math.log((1 - self.beta) / self.alpha)
        """Wald's upper bound: accept H1 at or above it."""
        self._count = 0
        self._sum = 0.0
        self._squares = 0.0
        self._decision: Decision | None = None

    def add(self, values: Iterable[float]) -> SPRTState:
        """Take in more observations (each a paired difference); the state after them. Once a
        decision is reached it stays (later observations still update the estimate)."""
        if isinstance(values, (str, bytes)):
            raise ArgumentError("observations", f"expected numbers, got {values!r}")
        checked = [_number("observation", value) for value in values]  # all, before any counts
        for x in checked:
            self._count += 1
            self._sum += x
            self._squares += x * x
        state = self.state()
        if self._decision is None and state.decision is not None:
            self._decision = state.decision
        return attrs.evolve(state, decision=self._decision)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 against H0 now (0 before two observations). The
        variance estimate is shrunk toward :data:`PRIOR_VARIANCE` by one pseudo-observation,
        so that observations that do not vary (a bot that wins every deal, or two identical
        bots) still decide, and a few equal early ones do not decide at once."""
        n = self._count
        if n < 2:
            return 0.0
        mean = self._sum / n
        observed = max(self._squares / n - mean * mean, 0.0)
        variance = (n * observed + PRIOR_VARIANCE) / (n + 1)
        d0, d1 = self.delta0, self.delta1
        return n * (d1 - d0) * (2 * mean - d0 - d1) / (2 * variance)

    def state(self) -> SPRTState:
        """Where the test stands (see :class:`SPRTState`)."""
        n = self._count
        mean = self._sum / n if n else 0.0
        half = math.inf
        if n >= 2:
            sample_variance = max(self._squares - n * mean * mean, 0.0) / (n - 1)
            half = Z95 * math.sqrt(sample_variance / n)
        llr = self.llr
        decision: Decision | None = self._decision
        if decision is None:
            decision = "H1" if llr >= self.upper else "H0" if llr <= self.lower else None
        return SPRTState(llr, self.lower, self.upper, n, mean, mean - half, mean + half, decision)
