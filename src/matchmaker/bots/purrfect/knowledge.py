"""What a Purrfect Match seat can work out from its view: the cats it has not seen, what the
others' candidates may be, and where everybody stands."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.determinize import unseen_cats
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.view import PurrfectView

#: A probability distribution of cat values, as (value, probability) pairs.
Dist = tuple[tuple[int, float], ...]

#: The mean of a cat when nothing is left to guess from (the default deck's 198 / 36).
FALLBACK_MEAN = 5.5


@dataclass(frozen=True)
class Pool:
    """The cats a seat cannot place (others' hands and candidates, the excess), as counts.

    ``counts[v]`` is the number of unseen cats of value ``v`` (index 0 unused).
    """

    counts: tuple[int, ...]

    @classmethod
    def of(cls, values: Counter[int]) -> Pool:
        """A pool from a counter of values."""
        return cls(tuple(max(values.get(v, 0), 0) for v in range(MAX_VALUE + 1)))

    @cached_property
    def size(self) -> int:
        """How many cats the pool holds."""
        return sum(self.counts)

    @cached_property
    def mean(self) -> float:
        """The mean value of an unseen cat (5.5 for an empty pool)."""
        size = self.size
        if not size:
            return FALLBACK_MEAN
        return sum(v * c for v, c in enumerate(self.counts)) / size

    def dist(self) -> Dist:
        """The value of one unseen cat drawn at random."""
        size = self.size
        if not size:
            return ((round(FALLBACK_MEAN), 1.0),)
        return tuple((v, c / size) for v, c in enumerate(self.counts) if c)

    @cached_property
    def cdf(self) -> tuple[float, ...]:
        """``cdf[v]``: the share of unseen cats worth ``v`` or less (one half each when the
        pool is empty)."""
        size = self.size
        if not size:
            return (0.5,) * (MAX_VALUE + 1)
        running, out = 0, []
        for count in self.counts:
            running += count
            out.append(running / size)
        return tuple(out)

    def without(self, values: list[int]) -> Pool:
        """The pool once ``values`` are placed (values it does not hold are ignored)."""
        counts = list(self.counts)
        for v in values:
            if counts[v] > 0:
                counts[v] -= 1
        return Pool(tuple(counts))


def pool_of(game: PurrfectGame, view: PurrfectView) -> Pool:
    """The cats ``view.seat`` has not seen, less the standing candidates it knows."""
    known = view.known_candidates
    return Pool.of(unseen_cats(game, view)).without(list(known.values()))


def estimated_scores(view: PurrfectView, mean: float) -> list[float]:
    """Each seat's score so far (claimed minus target), the others' targets estimated.

    A seat's target is the sum of its dealt cats: the cats that left it in public (``given``)
    plus the cats it still holds, which count ``mean`` each for the others. Own target exact.
    """
    scores: list[float] = []
    for seat in range(view.players):
        claimed = sum(view.claimed[seat])
        if seat == view.seat and view.target is not None:
            scores.append(claimed - view.target)
            continue
        held = view.hand_sizes[seat] + (1 if view.standing[seat] else 0)
        scores.append(estimated_score(claimed - sum(view.given[seat]), held, mean))
    return scores


def estimated_score(claimed_less_given: float, held: int, mean: float) -> float:
    """Another seat's score as the table can estimate it: what it claimed less the cats that
    left it in public (both public), less the ``held`` cats it still holds in hand or standing
    as a candidate, each counted at ``mean`` (they are the hidden part of its target)."""
    return claimed_less_given - held * mean
