"""Small statistics for simulation results: confidence intervals and quantiles.

Everything here is plain arithmetic in a fixed order, so the same numbers in the same order
give bit-for-bit the same figures on every machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

#: A confidence interval ``(low, high)``.
Interval = tuple[float, float]


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval for a proportion: ``successes`` out of ``trials``.

    It stays inside [0, 1] and behaves well near 0 and 1 and for few trials, where the
    textbook ``p ± z·sqrt(p(1-p)/n)`` does not. ``trials`` must be at least 1.

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    if trials < 1:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and the number of trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (summed in order; ``values`` must not be empty)."""
    if not values:
        raise ValueError("the mean of no values")
    return math.fsum(values) / len(values)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval | None:
    """The normal-approximation 95% interval for the mean: ``mean ± z·s/sqrt(n)`` with ``s``
    the sample standard deviation. None for fewer than two values (no spread to measure).

    >>> [round(x, 4) for x in mean_interval([1, 2, 3, 4]) or ()]
    [1.2348, 3.7652]
    """
    n = len(values)
    if n < 2:
        return None
    centre = mean(values)
    variance = math.fsum((v - centre) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (centre - half, centre + half)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 ≤ q ≤ 1) of already sorted values, interpolating linearly
    between order statistics (the usual "type 7" definition, as numpy's default).

    >>> quantile([1, 2, 3, 4], 0.25)
    1.75
    """
    if not sorted_values:
        raise ValueError("the quantile of no values")
    if not 0 <= q <= 1:
        raise ValueError("q must lie between 0 and 1")
    position = q * (len(sorted_values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    fraction = position - below
    low, high = float(sorted_values[below]), float(sorted_values[above])
    return low + (high - low) * fraction


def five_numbers(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """Minimum, first quartile, median, third quartile and maximum of ``values``.

    >>> five_numbers([5, 1, 4, 2, 3])
    (1.0, 2.0, 3.0, 4.0, 5.0)
    """
    ordered = sorted(values)
    q1, median, q3 = (quantile(ordered, q) for q in (0.25, 0.5, 0.75))
    return (float(ordered[0]), q1, median, q3, float(ordered[-1]))
