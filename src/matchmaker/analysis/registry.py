"""Which evaluator judges which game."""

from __future__ import annotations

from typing import Any

from matchmaker.analysis.clecanian import ClecanianEvaluator
from matchmaker.analysis.evaluate import Evaluator
from matchmaker.analysis.purrfect import PurrfectEvaluator
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game

#: The evaluator class of each game, by the game's name.
EVALUATORS: dict[str, type[ClecanianEvaluator] | type[PurrfectEvaluator]] = {
    "clecanian": ClecanianEvaluator,
    "purrfect": PurrfectEvaluator,
}


def evaluator_for(game: Game[Any], seat: int, seed: int | str = 0) -> Evaluator:
    """The evaluator of ``game`` for ``seat`` (OptionError for a game without one)."""
    found = EVALUATORS.get(game.name)
    if found is None:
        raise OptionError(f"no evaluator for the game {game.name}")
    return found(game, seat, seed)
