"""Purrfect Match as a Game: options, new states and record replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.purrfect.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PurrfectOptions,
    parse_options,
)
from matchmaker.games.purrfect.state import PurrfectState


class PurrfectGame(Game):
    """Purrfect Match with fixed options."""

    name: ClassVar[str] = "purrfect"
    title: ClassVar[str] = "Purrfect Match"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    #: Once the candidates are down, the others may talk to the proposer.
    talk_phase: ClassVar[str | None] = "inspect"
    parse_options = staticmethod(parse_options)
    options: PurrfectOptions

    def parse_event(self, event: Any) -> tuple[int, Action]:
        """Read a record event as (actor, action); EventError if it is malformed."""
        from matchmaker.games.purrfect.record import parse_purrfect_event

        return parse_purrfect_event(self, event)

    def new_state(self) -> PurrfectState:
        """A new game at the deal."""
        return PurrfectState(self)

    def replay(self, record: Mapping[str, Any]) -> PurrfectState:
        """Replay a record with full rule checking."""
        from matchmaker.games.purrfect.record import replay_purrfect

        return replay_purrfect(self, record)
