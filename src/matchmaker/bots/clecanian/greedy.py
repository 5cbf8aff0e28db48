"""The greedy Clecanian Golf bots: the heuristic of ``plan``, no sampling.

- ``greedy`` (medium): draws and uses a card by expectimax over the unseen cards, one own draw
  deep, with the heuristic's valuation at the leaves (``lookahead``); reveals and abductions by
  the heuristic.
- ``greedy-v1``: the first heuristic, kept as a yardstick: every decision by the heuristic
  alone, with the first numbers (``V1_WEIGHTS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from matchmaker.bots.base import Bot
from matchmaker.bots.clecanian.evaluate import DEFAULT_WEIGHTS, V1_WEIGHTS, Knowledge, Weights
from matchmaker.bots.clecanian.lookahead import choose_draw, choose_use
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianGreedy(Bot[ClecanianView]):
    """Keeps low cards, builds couples and pairs, goes out when ahead (see ``plan``); draws
    and uses a card one own draw ahead (see ``lookahead``)."""

    name: ClassVar[str] = "greedy"
    quick: ClassVar[bool] = True
    games: ClassVar[tuple[str, ...]] = ("clecanian",)
    #: The heuristic's numbers unless others are given.
    default_weights: ClassVar[Weights] = DEFAULT_WEIGHTS
    #: Uses of a drawn card compared by expectimax.
    use_candidates: int = 6

    def __init__(
        self, game: Game[Any], seat: int, seed: int | str = 0, weights: Weights | None = None
    ) -> None:
        super().__init__(game, seat, seed)
        if not isinstance(game, ClecanianGame):
            raise OptionError(f"the {self.name} bot of Clecanian Golf plays Clecanian Golf only")
        self.clecanian = game
        self.weights = weights if weights is not None else self.default_weights

    def choose(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """The only legal action, else what ``decide`` makes of the view."""
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal)

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """Draws and uses by expectimax, the rest by the heuristic (ties: the first legal
        one)."""
        planner = self.planner(view)
        if view.phase is Phase.DRAW:
            return choose_draw(planner, legal, self.clecanian.options.discard_draw_must_swap)
        if view.phase is Phase.USE:
            return choose_use(planner, legal, self.use_candidates)
        return planner.choose(legal)

    def planner(self, view: ClecanianView) -> Planner:
        """The heuristic's valuation of this decision."""
        return Planner(self.clecanian, view, Knowledge.of(self.clecanian, view), self.weights)


class ClecanianGreedyV1(ClecanianGreedy):
    """The first heuristic, as it was: every decision by the heuristic's value alone."""

    name: ClassVar[str] = "greedy-v1"
    default_weights: ClassVar[Weights] = V1_WEIGHTS

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """The action with the best heuristic value (ties: the first legal one)."""
        return Planner(self.clecanian, view, weights=self.weights).choose(legal)
