"""Comparing two actions played out in the same worlds: the standard error of the mean of
their paired differences, with worlds weighted (the searches and the review share it)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def paired_error(shares: Sequence[float], diffs: Sequence[float]) -> float:
    """The standard error of the weighted mean of ``diffs`` (one difference between two
    actions per world; ``shares`` the worlds' weights, summing to 1): the weighted variance
    over the effective number of worlds less one; infinite below two effective worlds."""
    effective = 1.0 / sum(share * share for share in shares) if shares else 0.0
    if effective < 2:
        return math.inf
    mean = sum(share * d for share, d in zip(shares, diffs, strict=True))
    variance = sum(share * (d - mean) ** 2 for share, d in zip(shares, diffs, strict=True))
    return math.sqrt(variance / (effective - 1))
