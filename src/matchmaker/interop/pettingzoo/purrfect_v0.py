"""Purrfect Match as a PettingZoo AEC environment: ``env(players=4, deck="default")``."""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv

from matchmaker.interop.pettingzoo.base import MatchmakerAECEnv, wrap


class PurrfectEnv(MatchmakerAECEnv):
    """Purrfect Match for 2 to 8 players (the game's options as keywords)."""

    metadata: ClassVar[dict[str, Any]] = {
        **MatchmakerAECEnv.metadata,
        "name": "purrfect_v0",
    }
    game_name: ClassVar[str] = "purrfect"


#: The unwrapped environment class, by PettingZoo's naming.
raw_env = PurrfectEnv


def env(**kwargs: Any) -> AECEnv:
    """A wrapped Purrfect Match environment (keywords: ``render_mode`` and the options)."""
    return wrap(PurrfectEnv(**kwargs))
