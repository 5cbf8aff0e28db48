"""The random bot: a uniformly random legal action, for any game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from matchmaker.bots.base import Bot
from matchmaker.core.actions import Action


class RandomBot(Bot[Any]):
    """Picks a uniformly random legal action."""

    name: ClassVar[str] = "random"
    quick: ClassVar[bool] = True

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Any legal action, each equally likely."""
        return legal[self.rng.randrange(len(legal))]
