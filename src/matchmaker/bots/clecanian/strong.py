"""The search bots of Clecanian Golf.

``strong`` (hard): at every draw and every use of a drawn card, a root comparison of a few
options over sampled worlds with a short horizon (``search``): the medium bot's choice, the
heuristic's next best, and going out when that is possible. The medium choice stands unless
another option is better by more than ``confidence`` (2) standard errors of the paired
world-by-world differences. Initial reveals and abductions follow the heuristic.

``strong-v1``: the first search bot, kept as a yardstick. Expectimax one own draw deep in the
middle of a round (as the medium bot), and, once a seat has at most ``endgame_down`` face-down
cards or the end is triggered, the heuristic's ``candidates`` best actions played out to the end
of the round in sampled worlds (``playout``), on the first heuristic's numbers.

All randomness comes from the bot's seeded generator; with a budget of worlds (the default) a
seed always gives the same game; a time budget (``seconds``) is offered for play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from matchmaker.bots.clecanian.evaluate import V1_WEIGHTS, Weights
from matchmaker.bots.clecanian.greedy import ClecanianGreedy
from matchmaker.bots.clecanian.plan import AVOID, Planner
from matchmaker.bots.clecanian.playout import best_option, compare
from matchmaker.bots.clecanian.search import Budget, compare_options
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianStrong(ClecanianGreedy):
    """The medium bot's choice, checked against its rivals by a short-horizon root
    comparison over sampled worlds (see the module docstring and ``search``)."""

    name: ClassVar[str] = "strong"
    quick: ClassVar[bool] = False
    #: The search of one decision (worlds, play-out decisions, optional CPU seconds).
    budget: Budget = Budget()
    #: Turns of the table played in a world before its leaf is valued.
    horizon: int = 8
    #: Options compared: the medium choice and the heuristic's next best (plus going out).
    candidates: int = 3
    #: Another option replaces the medium choice only if it is better by this many standard
    #: errors of the paired differences (the differences of one world spread by about 17
    #: points, so at one standard error the search followed noise; docs/bots.md).
    confidence: float = 2.0

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        seed: int | str = 0,
        *,
        worlds: int | None = None,
        seconds: float | None = None,
        horizon: int | None = None,
        weights: Weights | None = None,
    ) -> None:
        super().__init__(game, seat, seed, weights)
        if worlds is not None:
            self.budget = replace(self.budget, worlds=worlds)
        if seconds is not None:
            self.budget = replace(self.budget, seconds=seconds)
        if horizon is not None:
            self.horizon = horizon

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """Draws and uses by the root comparison, the rest as the medium bot."""
        options = self.options_here(view, legal)
        if len(options) == 1 or self.budget.worlds <= 0:
            return options[0]
        scores = compare_options(
            self.clecanian,
            view,
            options,
            self.budget,
            self.rng,
            self.horizon,
            self.weights,
            super().decide,
        )
        return options[best_option(scores, self.confidence)]

    def options_here(self, view: ClecanianView, legal: Sequence[Action]) -> list[Action]:
        """The options the search compares at this decision, the medium choice first: draws
        and uses (``options``); anything else is the medium choice alone."""
        favourite = super().decide(view, legal)
        if view.phase is not Phase.DRAW and view.phase is not Phase.USE:
            return [favourite]
        return self.options(self.planner(view), legal, favourite)

    def options(self, planner: Planner, legal: Sequence[Action], favourite: Action) -> list[Action]:
        """The options compared: the favourite first, then the heuristic's best others up to
        ``candidates`` in all, then every action the heuristic rules out (going out while
        behind), which only the search can judge."""
        ranked = [(v, a) for v, a in planner.rank(legal) if a != favourite]
        options = [favourite, *(a for _, a in ranked[: self.candidates - 1])]
        return options + [a for v, a in ranked[self.candidates - 1 :] if v >= AVOID]


class ClecanianStrongV1(ClecanianGreedy):
    """The first search bot, kept as a yardstick: expectimax in the middle of a round,
    play-outs to the end of the round near its end, on ``V1_WEIGHTS``."""

    name: ClassVar[str] = "strong-v1"
    quick: ClassVar[bool] = False
    default_weights: ClassVar[Weights] = V1_WEIGHTS
    #: Sampled worlds per end-of-round decision (the budget)...
    samples: int = 40
    #: ... unless the play-outs have made this many decisions in all before.
    steps: int = 2500
    #: Actions compared by play-outs (the greedy heuristic's best, plus going out).
    candidates: int = 3
    #: Another action replaces the greedy favourite only if its play-outs are better by this
    #: many standard errors.
    confidence: float = 1.0
    #: Play-outs start when a seat has at most this many face-down cards.
    endgame_down: int = 2

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """Play-outs near the end of a round, expectimax before."""
        if (view.phase is Phase.DRAW or view.phase is Phase.USE) and self.near_end(view):
            return self.play_outs(self.planner(view), legal)
        return super().decide(view, legal)

    def near_end(self, view: ClecanianView) -> bool:
        """True once the end is triggered or a seat is close to going out."""
        if view.ended_by is not None:
            return True
        return min(sum(flags) for flags in view.face_down) <= self.endgame_down

    def play_outs(self, planner: Planner, legal: Sequence[Action]) -> Action:
        """The best of the greedy favourites (and going out) by sampled play-outs."""
        ranked = planner.rank(legal)
        options = [action for _, action in ranked[: max(1, self.candidates)]]
        options += [a for v, a in ranked[self.candidates :] if v >= AVOID]
        if len(options) == 1 or self.samples <= 0:
            return options[0]
        scores = compare(
            self.clecanian,
            planner.view,
            options,
            self.samples,
            self.steps,
            self.rng,
            planner.know,
            self.weights,
        )
        return options[best_option(scores, self.confidence)]
