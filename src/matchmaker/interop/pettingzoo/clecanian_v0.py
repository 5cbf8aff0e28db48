"""Clecanian Golf as a PettingZoo AEC environment: ``env(players=2, max_turns=60)``."""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv

from matchmaker.interop.pettingzoo.base import MatchmakerAECEnv, wrap


class ClecanianEnv(MatchmakerAECEnv):
    """Clecanian Golf for 2 to 4 players (the game's options as keywords)."""

    metadata: ClassVar[dict[str, Any]] = {
        **MatchmakerAECEnv.metadata,
        "name": "clecanian_v0",
    }
    game_name: ClassVar[str] = "clecanian"


#: The unwrapped environment class, by PettingZoo's naming.
raw_env = ClecanianEnv


def env(**kwargs: Any) -> AECEnv:
    """A wrapped Clecanian Golf environment (keywords: ``render_mode`` and the options)."""
    return wrap(ClecanianEnv(**kwargs))
