"""What a seat of Purrfect Match knows: the public table and its own secrets, nothing more."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class PurrfectView:
    """An immutable observation for one seat (``seat`` None: a spectator).

    Public: phase, proposer and proposer cat, hand sizes, standing candidates (as flags), who
    nominated this round, whose candidate is inspected, every claimed and discarded cat, the
    number of excess cards and the log of actions (a nomination's value only for its own seat).
    Private to ``seat``: ``hand``, ``candidate``, ``target``, and ``inspected``: every
    candidate it looked at as proposer, as (round, seat, value). ``targets``, ``scores`` and
    ``left_over`` are filled in once the game is over. ``to_nominate`` lists the seats still to
    nominate this round, ``to_inspect`` the candidates still to inspect (the current one first),
    ``given`` the cats that left each seat in public (presented, or claimed from it as a
    candidate), ``candidate_round`` the round in which each standing candidate was nominated.
    """

    seat: int | None
    players: int
    phase: str
    to_act: int
    round: int
    proposer: int | None
    proposer_cat: int | None
    hand_sizes: tuple[int, ...]
    standing: tuple[bool, ...]
    nominated: tuple[int, ...]
    inspecting: int | None
    claimed: tuple[tuple[int, ...], ...]
    discarded: tuple[int, ...]
    excess: int
    log: tuple[tuple[int, str, int | str | None], ...]
    hand: tuple[int, ...]
    candidate: int | None
    target: int | None
    inspected: tuple[tuple[int, int, int], ...]
    targets: tuple[int, ...] | None
    scores: tuple[int, ...] | None
    left_over: tuple[int, ...]
    to_nominate: tuple[int, ...]
    to_inspect: tuple[int, ...]
    given: tuple[tuple[int, ...], ...]
    candidate_round: tuple[int | None, ...]

    @property
    def inspected_value(self) -> int | None:
        """The value of the candidate being inspected, if this seat is the proposer."""
        if self.inspecting is None:
            return None
        for round_, seat, value in reversed(self.inspected):
            if round_ == self.round and seat == self.inspecting:
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data."""
        return asdict(self)
