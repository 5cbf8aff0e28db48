"""Purrfect Match decisions estimated by the ``hard`` bot's search (``bots.purrfect.strong``):
worlds sampled from the seat's view as the bot imagines them (``PurrfectStrong.worlds``: the
candidates nominated against the cat on show foreseen by the nomination rule) and weighted by
how likely the table talk is in each, every action played out to the end of the game in the
same worlds by the ``hard`` bot's play-outs on one shared picture of the unseen cats
(``views=0``: world k with its play-out model k mod their number,
``PurrfectStrong.playout_models``). The evaluator follows the game as the seat's
``hard`` bot would (it hears the claims), so the weighting is the bot's."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from matchmaker.analysis.evaluate import (
    MIN_WORLDS,
    Estimate,
    Evaluation,
    compare,
    mean_parts,
)
from matchmaker.bots.purrfect.strong import PurrfectStrong
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.view import PurrfectView


class PurrfectEvaluator:
    """The evaluator of one Purrfect Match seat (``analysis.evaluate.Evaluator``)."""

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        if not isinstance(game, PurrfectGame):
            raise OptionError(f"the Purrfect Match evaluator cannot judge {game.name}")
        self.game = game
        self.seat = seat
        # The play-outs on one shared picture (``views=0``): play-outs by views would make a
        # review about ten times slower (docs/review.md).
        self.bot = PurrfectStrong(game, seat, f"{seed}/reader", views=0)

    def observe(self, actor: int, action: Action) -> None:
        """The seat's bot follows the game (its record of the table talk)."""
        self.bot.observe(actor, action)

    def hear(self, claim: Any) -> None:
        """A claim at the table, weighed as the seat's bot weighs it."""
        self.bot.hear(claim)

    def period(self, view: PurrfectView) -> int:
        """What an advantage is measured over: the whole game."""
        return 0

    def actual(self, public: PurrfectView) -> float:
        """The seat's advantage in a public view of the end: its score minus the mean of the
        others' (what ``evaluate`` estimates)."""
        scores = public.scores or [0] * public.players
        mine = scores[self.seat]
        return mine - (sum(scores) - mine) / (len(scores) - 1)

    def evaluate(
        self,
        view: PurrfectView,
        legal: Sequence[Action],
        worlds: int,
        rng: random.Random,
        seconds: float | None = None,
    ) -> Evaluation:
        """Every action of ``legal``, in ``worlds`` worlds (fewer if ``seconds`` of CPU run
        out first); advantage = the seat's final score minus the mean of the others'. Each
        estimate's parts are every seat's expected final score, its own and the others' mean
        (``Parts``)."""
        reading = self.bot.read(view)
        playouts = self.bot.playout_models(reading, rng)
        sampler = self.bot.worlds(reading)
        outcomes: list[list[float]] = [[] for _ in legal]
        finals: list[list[list[float]]] = [[] for _ in legal]
        weights: list[float] = []
        start = time.thread_time()
        for done in range(worlds):
            if seconds is not None and done >= MIN_WORLDS and time.thread_time() - start >= seconds:
                break
            world = sampler.sample(rng)
            weights.append(self.bot.talk_weight(world, reading))
            playout = playouts.for_deal(done)
            for i, action in enumerate(legal):
                imagined = world.clone()
                imagined.apply(action)
                scores = playout.run(imagined)
                outcomes[i].append(self.bot.outcome(scores))
                finals[i].append([float(score) for score in scores])
        estimates = tuple(
            Estimate(action, value, error, mean_parts(self.seat, scores, weights))
            for action, (value, error), scores in zip(
                legal, compare(outcomes, weights), finals, strict=True
            )
        )
        return Evaluation(self.seat, estimates, len(weights), view)
