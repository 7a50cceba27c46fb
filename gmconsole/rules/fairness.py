"""Luck and dice fairness, the pure maths behind ``gmconsole stats``.

- :class:`Expected`: the exact mean and variance of a roll's successes, as fractions; sums of them
  add (the rolls are independent), and :func:`luck` turns observed minus expected into standard
  deviations.
- :func:`chi_square` and :func:`p_value`: Pearson's goodness-of-fit test of one die's face counts
  against a fair die, the p-value from the regularized upper incomplete gamma function (series
  below ``a + 1``, Lentz's continued fraction above; Numerical Recipes 6.2), so nothing beyond the
  standard library is needed.
- :func:`fairness_verdict`: a die is suspect at p < :data:`SUSPECT_P` once it has
  :func:`rolls_needed` rolls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmconsole.i18n import verbatim

__all__ = ["MIN_EXPECTED_PER_FACE", "SUSPECT_P", "Expected", "chi_square", "fairness_verdict", "luck",
           "p_value", "rolls_needed"]

SUSPECT_P = 0.01
"""A die is marked suspect when a fair die would show counts this uneven less than 1 time in 100."""

MIN_EXPECTED_PER_FACE = 5
"""The chi-square distribution describes Pearson's statistic only when every face is expected at
least about 5 times (Cochran's rule); with fewer rolls the p-value is not trustworthy, so no verdict
is given."""


@dataclass(frozen=True, eq=False)
class Expected:
    """The exact mean and variance of the successes of one roll (or of several, added up).

    Compared and hashed as an object, not by value: readers of a long history count how often each
    (cached) expectation came up, and hashing two fractions per roll cost more than the rest."""

    mean: Fraction = Fraction(0)
    variance: Fraction = Fraction(0)

    def __add__(self, other: Expected) -> Expected:
        return Expected(self.mean + other.mean, self.variance + other.variance)

    @classmethod
    def of_counts(cls, probabilities: dict[int, Fraction]) -> Expected:
        """The mean and variance of one die or roll that shows ``k`` successes with chance ``p``."""
        mean = sum((k * p for k, p in probabilities.items()), Fraction(0))
        square = sum((k * k * p for k, p in probabilities.items()), Fraction(0))
        return cls(mean, square - mean * mean)

    @classmethod
    def bernoulli(cls, p: Fraction) -> Expected:
        """A roll that is one success with chance ``p`` and none otherwise."""
        return cls(p, p * (1 - p))


def luck(observed: float, expected: Expected) -> float | None:
    """Observed minus expected successes, in standard deviations; ``None`` when nothing could vary."""
    if expected.variance <= 0:
        return None
    return (observed - float(expected.mean)) / math.sqrt(expected.variance)


def rolls_needed(sides: int) -> int:
    """The rolls of a die of ``sides`` faces before a verdict: :data:`MIN_EXPECTED_PER_FACE` per face."""
    return MIN_EXPECTED_PER_FACE * sides


def chi_square(counts: Sequence[int]) -> float:
    """Pearson's statistic of face counts against equal chances: sum of (count - n/k)^2 / (n/k)."""
    n, k = sum(counts), len(counts)
    if n == 0 or k < 2:
        return 0.0
    expected = n / k
    return sum((c - expected) ** 2 for c in counts) / expected


def p_value(chi2: float, df: int) -> float:
    """P(a chi-square variable with ``df`` degrees of freedom >= ``chi2``): Q(df/2, chi2/2)."""
    if df < 1:
        raise ValueError(verbatim("degrees of freedom must be 1 or more, not {df}").format(df=df))
    if chi2 <= 0:
        return 1.0
    return _upper_gamma_q(df / 2, chi2 / 2)


def _upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), for x > 0."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series for P(a, x) converges fast here
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300  # the continued fraction for Q(a, x), modified Lentz
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return h * math.exp(log_front)


def fairness_verdict(counts: Sequence[int]) -> dict[str, Any]:
    """Face counts (face 1 first) of one kind and size of die: ``n``, ``chi2``, ``p_value`` and
    ``suspect`` (True at p < :data:`SUSPECT_P`; ``None`` with fewer than :func:`rolls_needed` rolls,
    when ``needed`` says how many)."""
    n, sides = sum(counts), len(counts)
    chi2 = chi_square(counts)
    p = p_value(chi2, sides - 1) if n else None
    enough = n >= rolls_needed(sides)
    return {"n": n, "chi2": chi2, "p_value": p, "suspect": (p < SUSPECT_P) if enough and p is not None else None,
            "needed": rolls_needed(sides)}
