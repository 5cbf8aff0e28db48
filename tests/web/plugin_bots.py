"""Plug-in bots for the server tests: one that fails at every decision, one that always
talks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matchmaker.bots.base import Bot
from matchmaker.bots.purrfect.greedy import PurrfectGreedy
from matchmaker.bots.talk import Claim
from matchmaker.core.actions import Action


class CrashingBot(Bot[Any]):
    """Raises instead of deciding."""

    name = "crashing"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Fail."""
        raise RuntimeError("this bot always fails")


class ChattyBot(PurrfectGreedy):
    """Plays like ``greedy`` and tells the truth about every candidate it has."""

    def speak(self, view: Any) -> Claim | None:
        """The candidate's value, whenever there is one."""
        if view.candidate is None:
            return None
        return Claim(self.seat, view.candidate, f"Mine is a {view.candidate}.")
