"""Purrfect Match as a Game: options, new states and record replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from matchmaker.core.actions import Action
from matchmaker.core.game import Game, State
from matchmaker.games.purrfect.actions import VALUES
from matchmaker.games.purrfect.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PurrfectOptions,
    parse_options,
)
from matchmaker.games.purrfect.phases import Phase
from matchmaker.games.purrfect.record import (
    parse_purrfect_event,
    purrfect_record_events,
    replay_purrfect,
)
from matchmaker.games.purrfect.rules import claimants
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView


class PurrfectGame(Game[PurrfectView]):
    """Purrfect Match with fixed options."""

    name: ClassVar[str] = "purrfect"
    title: ClassVar[str] = "Purrfect Match"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    #: Once the candidates are down, the others may talk to the proposer.
    talk_phase: ClassVar[str | None] = Phase.INSPECT
    parse_options = staticmethod(parse_options)
    options: PurrfectOptions

    #: A claim names a cat's value: "my candidate is a 9".
    claim_values: ClassVar[tuple[int, ...]] = tuple(VALUES)

    def may_claim(self, state: State[PurrfectView], seat: int) -> bool:
        """A seat may tell the table about its candidate while one is standing."""
        assert isinstance(state, PurrfectState)
        return state.position.candidate[seat] > 0

    def talkers(self, state: State[PurrfectView]) -> Sequence[int]:
        """Once the candidates are down: every seat with a standing candidate, clockwise from
        the proposer's left (``rules.claimants``)."""
        assert isinstance(state, PurrfectState)
        return claimants(state.position)

    def parse_event(self, event: Any) -> tuple[int, Action]:
        """Read a record event as (actor, action); EventError if it is malformed."""
        return parse_purrfect_event(self, event)

    def new_state(self) -> PurrfectState:
        """A new game at the deal."""
        return PurrfectState(self)

    def record_events(self, record: Mapping[str, Any]) -> list[tuple[int, Action]]:
        """Every event of a record, the deal as chance outcomes, in the order played."""
        return purrfect_record_events(self, record)

    def replay(self, record: Mapping[str, Any]) -> PurrfectState:
        """Replay a record with full rule checking."""
        return replay_purrfect(self, record)
