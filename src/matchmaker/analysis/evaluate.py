"""The expected outcome of each legal action of a seat, judged from that seat's view alone.

Worlds are sampled consistently with the view (the games' ``WorldSampler``: every card the seat
cannot see is drawn from what it could be), every action is played out in the same worlds
(common random numbers: the comparison between two actions is not blurred by the luck of the
worlds) by the play-out policy of the game's strongest bot, and each action's outcome is
averaged. An outcome is an **advantage** for the seat, in the game's own points, higher is
better: in Purrfect Match the seat's score minus the mean of the others' at the end of the
game; in Clecanian Golf the lowest expected total of the others minus the seat's own at the
end of the play-out (its horizon, then the bots' leaf value of the grids). Nothing here reads
the true state: an evaluator is given a view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from matchmaker.bots.paired import paired_error
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError

#: Worlds sampled at least when a time budget runs out.
MIN_WORLDS = 4


@dataclass(frozen=True)
class Parts:
    """What an action's expected advantage is made of, averaged over the same worlds (with the
    same weights) as the advantage itself, in the game's own points: every seat's expected
    result (``seats``: in Clecanian Golf its game total, lower is better; in Purrfect Match its
    final score, higher is better), the deciding seat's own (``own``), and the figure of the
    others it is measured against (``others``: in Clecanian Golf the lowest of the others'
    totals, world by world, so that the advantage is ``others - own``; in Purrfect Match the
    mean of the others' scores, the advantage ``own - others``)."""

    own: float
    others: float
    seats: tuple[float, ...]


@dataclass(frozen=True)
class Estimate:
    """One action's expected advantage for the seat (``value``, points, higher is better) and
    the standard error of its difference from the best action's, measured in the same worlds
    (0 for the best action itself); ``parts``, when the evaluator measured them, say where the
    advantage comes from."""

    action: Action
    value: float
    stderr: float
    parts: Parts | None = None


@dataclass(frozen=True)
class Evaluation:
    """Every legal action of one decision, estimated in ``worlds`` sampled worlds; ``view`` is
    the deciding seat's view it was judged from (what a reason may speak of), when kept."""

    seat: int
    estimates: tuple[Estimate, ...]
    worlds: int
    view: Any = field(default=None, compare=False, repr=False)

    @property
    def best(self) -> Estimate:
        """The action with the highest expected advantage (the first such, in legal order)."""
        return max(self.estimates, key=lambda e: e.value)

    def of(self, action: Action) -> Estimate:
        """The estimate of ``action`` (OptionError if it was not one of the legal actions)."""
        for estimate in self.estimates:
            if estimate.action == action:
                return estimate
        raise OptionError(f"{action} was not a legal action of this decision")

    def loss(self, action: Action, noise: float = 2.0) -> float:
        """What choosing ``action`` cost against the best, in expected points: 0 when the gap
        is within ``noise`` standard errors of its measurement (the evaluation cannot tell
        them apart)."""
        chosen = self.of(action)
        gap = self.best.value - chosen.value
        return 0.0 if gap <= noise * chosen.stderr else gap


def compare(
    outcomes: Sequence[Sequence[float]], weights: Sequence[float] | None = None
) -> list[tuple[float, float]]:
    """For each action's outcomes (one per world, the same worlds for all), its weighted mean
    and the standard error of its difference from the best action's mean (paired by world)."""
    count = len(outcomes[0]) if outcomes else 0
    total = sum(weights) if weights is not None else float(count)
    shares = (
        [w / total for w in weights]
        if weights is not None and total > 0
        else [1.0 / max(1, count)] * count
    )
    means = [sum(w * x for w, x in zip(shares, row, strict=True)) for row in outcomes]
    best = max(range(len(means)), key=lambda i: means[i]) if means else 0
    return [
        (
            means[i],
            0.0
            if i == best
            else paired_error(shares, [b - x for b, x in zip(outcomes[best], row, strict=True)]),
        )
        for i, row in enumerate(outcomes)
    ]


def mean_parts(
    seat: int,
    results: Sequence[Sequence[float]],
    weights: Sequence[float] | None = None,
    lowest: bool = False,
) -> Parts:
    """The parts of one action from each world's result of every seat (``results[w][s]``, the
    same worlds as its outcomes, with the same ``weights``): the weighted means of each seat's
    result and of the others' figure, their lowest (``lowest``, Clecanian Golf) or their
    mean."""
    count = len(results)
    total = sum(weights) if weights is not None else float(count)
    shares = (
        [w / total for w in weights]
        if weights is not None and total > 0
        else [1.0 / max(1, count)] * count
    )
    players = len(results[0]) if results else 0
    seats = tuple(
        sum(w * row[s] for w, row in zip(shares, results, strict=True)) for s in range(players)
    )
    others = 0.0
    for w, row in zip(shares, results, strict=True):
        rest = [x for s, x in enumerate(row) if s != seat]
        others += w * (min(rest) if lowest else sum(rest) / max(1, len(rest)))
    return Parts(seats[seat] if seats else 0.0, others, seats)


class Evaluator(Protocol):
    """Estimates the decisions of one seat. It follows the game as the seat does (``observe``
    and ``hear``, as a bot does: table talk counts), so it may remember what the seat saw."""

    seat: int

    def observe(self, actor: int, action: Action) -> None:
        """An event the seat saw (as the seat saw it)."""

    def hear(self, claim: Any) -> None:
        """A claim said at the table."""

    def evaluate(
        self,
        view: Any,
        legal: Sequence[Action],
        worlds: int,
        rng: random.Random,
        seconds: float | None = None,
    ) -> Evaluation:
        """Every action of ``legal`` estimated from ``view`` in ``worlds`` sampled worlds, or
        fewer when ``seconds`` is set and the deciding thread has spent that much CPU time
        (after ``MIN_WORLDS`` at least; the evaluation then depends on the machine)."""

    def period(self, view: Any) -> int:
        """The stretch of the game an advantage is measured over (a Clecanian round; the whole
        Purrfect game): a number that changes when one ends."""

    def actual(self, public: Any) -> float:
        """The seat's advantage as a public view shows it at the end of a period (the cards
        are all known then)."""
