"""Clecanian Golf as a Game: options, new states and record replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ClecanianOptions,
    parse_options,
)
from matchmaker.games.clecanian.record import (
    clecanian_record_events,
    parse_clecanian_event,
    replay_clecanian,
)
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView


class ClecanianGame(Game[ClecanianView]):
    """Clecanian Golf with fixed options."""

    name: ClassVar[str] = "clecanian"
    title: ClassVar[str] = "Clecanian Golf"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    parse_options = staticmethod(parse_options)
    options: ClecanianOptions

    def parse_event(self, event: Any) -> tuple[int, Action]:
        """Read a record event as (actor, action); EventError if it is malformed."""
        return parse_clecanian_event(self, event)

    def new_state(self) -> ClecanianState:
        """A new game at the first deal."""
        return ClecanianState(self)

    def record_events(self, record: Mapping[str, Any]) -> list[tuple[int, Action]]:
        """Every event of a record, the deal as chance outcomes, in the order played."""
        return clecanian_record_events(self, record)

    def replay(self, record: Mapping[str, Any]) -> ClecanianState:
        """Replay a record with full rule checking."""
        return replay_clecanian(self, record)
