"""Clecanian Golf decisions estimated by the ``hard`` bot's root comparison
(``bots.clecanian.search.compare_options``): every action in the same sampled worlds and stock
orders, the seat's own turn finished by the ``medium`` bot, the others played by the play-out
policy to the ``hard`` bot's horizon, then the leaf value of the grids."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from matchmaker.analysis.evaluate import (
    MIN_WORLDS,
    Estimate,
    Evaluation,
    compare,
    mean_parts,
)
from matchmaker.bots.clecanian.greedy import ClecanianGreedy
from matchmaker.bots.clecanian.search import Budget, compare_options
from matchmaker.bots.clecanian.strong import ClecanianStrong
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianEvaluator:
    """The evaluator of one Clecanian Golf seat (``analysis.evaluate.Evaluator``)."""

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        if not isinstance(game, ClecanianGame):
            raise OptionError(f"the Clecanian Golf evaluator cannot judge {game.name}")
        self.game = game
        self.seat = seat
        self.follow_up = ClecanianGreedy(game, seat, f"{seed}/follow-up")

    def observe(self, actor: int, action: Action) -> None:
        """Nothing to remember: a Clecanian view holds everything the seat saw."""

    def hear(self, claim: Any) -> None:
        """Clecanian Golf has no claims."""

    def period(self, view: ClecanianView) -> int:
        """What an advantage is measured over: the round (each is dealt afresh)."""
        return view.round

    def actual(self, public: ClecanianView) -> float:
        """The seat's advantage as the totals stand in a public view: the others' lowest total
        minus its own (what ``evaluate`` estimates at the end of a round)."""
        totals = public.totals
        mine = totals[self.seat]
        return min(t for s, t in enumerate(totals) if s != self.seat) - mine

    def evaluate(
        self,
        view: ClecanianView,
        legal: Sequence[Action],
        worlds: int,
        rng: random.Random,
        seconds: float | None = None,
    ) -> Evaluation:
        """Every action of ``legal``, in ``worlds`` worlds (fewer if ``seconds`` of CPU run
        out first); advantage = the others' lowest expected total minus the seat's own (the
        negated leaf score). Each estimate's parts are every seat's expected game total at the
        leaves, its own and the others' lowest (``Parts``)."""
        totals: list[list[list[float]]] = [[] for _ in legal]
        scores = compare_options(
            self.game,
            view,
            legal,
            Budget(worlds=worlds, seconds=seconds, min_worlds=MIN_WORLDS),
            rng,
            ClecanianStrong.horizon,
            ClecanianStrong.default_weights,
            self.follow_up.decide,
            totals,
        )
        advantages = [[-score for score in row] for row in scores]
        estimates = tuple(
            Estimate(action, value, error, mean_parts(self.seat, leaves, lowest=True))
            for action, (value, error), leaves in zip(
                legal, compare(advantages), totals, strict=True
            )
        )
        return Evaluation(self.seat, estimates, len(scores[0]) if scores else 0, view)
