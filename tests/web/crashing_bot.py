"""A plug-in bot that fails at every decision, to see the server carry on without it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matchmaker.bots.base import Bot
from matchmaker.core.actions import Action


class CrashingBot(Bot):
    """Raises instead of deciding."""

    name = "crashing"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Fail."""
        raise RuntimeError("this bot always fails")
