"""The strong Clecanian Golf bot: expectimax over the unseen cards in the middle of a round,
sampled worlds and play-outs near its end.

- While every seat still has more than ``endgame_down`` face-down cards, the bot looks one own
  draw ahead by expectimax over the unseen cards (``lookahead``): it draws from the stock
  unless the discard top's best use beats the average stock card, and it uses a card where the
  grid is best after its next draw.
- Once a seat is that close to going out (or the end is triggered), what matters is the race:
  who goes out, with what, and what the others still hold face down. The bot then keeps the
  greedy heuristic's ``candidates`` best actions (always including going out, when possible)
  and plays each out to the end of the round in ``samples`` worlds sampled consistently with its
  view (``playout``); the best mean wins.
- Initial reveals and abductions follow the greedy heuristic.

The objective is the lowest game total: a play-out scores the bot's total after the round minus
the lowest total of the other seats (later rounds are dealt afresh and do not depend on the
decision). All randomness comes from the bot's seeded generator; the budget is a number of
samples, not a time, so that a seed always gives the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from matchmaker.bots.clecanian.evaluate import DEFAULT_WEIGHTS, Knowledge, Weights
from matchmaker.bots.clecanian.greedy import ClecanianGreedy
from matchmaker.bots.clecanian.lookahead import choose_draw, choose_use
from matchmaker.bots.clecanian.plan import AVOID, Planner
from matchmaker.bots.clecanian.playout import best_option, compare
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianStrong(ClecanianGreedy):
    """Expectimax in the middle of a round, sampled play-outs near its end."""

    name: ClassVar[str] = "strong"
    #: Sampled worlds per end-of-round decision (the budget)...
    samples: int = 40
    #: ... unless the play-outs have made this many decisions in all before.
    steps: int = 2500
    #: Actions compared by play-outs (the greedy heuristic's best, plus going out).
    candidates: int = 3
    #: Uses of a drawn card compared by expectimax.
    use_candidates: int = 6
    #: Another action replaces the greedy favourite only if its play-outs are better by this
    #: many standard errors.
    confidence: float = 1.0
    #: Play-outs start when a seat has at most this many face-down cards.
    endgame_down: int = 2

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        seed: int | str = 0,
        *,
        samples: int | None = None,
        steps: int | None = None,
        candidates: int | None = None,
        endgame_down: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        super().__init__(game, seat, seed, weights)
        if samples is not None:
            self.samples = samples
        if steps is not None:
            self.steps = steps
        if candidates is not None:
            self.candidates = candidates
        if endgame_down is not None:
            self.endgame_down = endgame_down

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """Expectimax or play-outs, as described in the module."""
        know = Knowledge.of(self.clecanian, view)
        planner = Planner(self.clecanian, view, know, self.weights)
        if view.phase is not Phase.DRAW and view.phase is not Phase.USE:
            return planner.choose(legal)
        if self.near_end(view):
            return self.play_outs(planner, legal)
        if view.phase is Phase.DRAW:
            return choose_draw(planner, legal, self.clecanian.options.discard_draw_must_swap)
        return choose_use(planner, legal, self.use_candidates)

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
