"""The greedy Clecanian Golf bot: the best action by the heuristic of ``plan``, no search."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from matchmaker.bots.base import Bot
from matchmaker.bots.clecanian.evaluate import DEFAULT_WEIGHTS, Weights
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianGreedy(Bot[ClecanianView]):
    """Keeps low cards, builds couples and pairs, goes out when ahead (see ``plan``)."""

    name: ClassVar[str] = "greedy"
    games: ClassVar[tuple[str, ...]] = ("clecanian",)

    def __init__(
        self, game: Game[Any], seat: int, seed: int | str = 0, weights: Weights = DEFAULT_WEIGHTS
    ) -> None:
        super().__init__(game, seat, seed)
        if not isinstance(game, ClecanianGame):
            raise OptionError(f"the {self.name} bot of Clecanian Golf plays Clecanian Golf only")
        self.clecanian = game
        self.weights = weights

    def choose(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """The only legal action, else what ``decide`` makes of the view."""
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal)

    def decide(self, view: ClecanianView, legal: Sequence[Action]) -> Action:
        """The action with the best heuristic value (ties: the first legal one)."""
        return Planner(self.clecanian, view, weights=self.weights).choose(legal)
