"""What a seat of Clecanian Golf knows: every face-up card, and its own drawn card."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class ClecanianView:
    """An immutable observation for one seat (``seat`` None: a spectator).

    ``grids[s][p]`` is the code of a face-up card, None for a face-down card (known to
    nobody) or an empty place waiting for a refill. ``drawn`` is the card held by ``drawn_by``
    when this seat may know it: its own card from the stock, or a card taken from the discard
    pile. ``log`` lists every event as (round, actor, action, argument), actor -1 for a card
    taken from the stock, whose code is None while only its drawer knows it. ``previous_grids``
    holds the grids, all face up, as the previous round was scored (empty in round 0).
    ``face_down`` flags the face-down places (a None that is not face down is a place waiting
    for a refill). ``turn_seat`` is the seat whose turn it is (or who reveals);
    ``reveals_left`` its initial reveals still to make; ``final_turns_left`` the final turns
    still to play once the end is triggered. ``pending`` lists the public steps waiting to be
    carried out, bottom first (refills, flips, the end of the turn…); ``refill`` is the
    (seat, position) the next card from the stock goes to, ``abducting`` the joker whose
    abduction is being chosen.
    """

    seat: int | None
    players: int
    columns: int
    round: int
    rounds: int
    dealer: int
    phase: str
    to_act: int
    grids: tuple[tuple[str | None, ...], ...]
    discard: tuple[str, ...]
    stock_size: int
    drawn: str | None
    drawn_by: int | None
    drawn_from: str | None
    victim: int | None
    turns: int
    ended_by: int | None
    round_scores: tuple[tuple[int, ...], ...]
    previous_grids: tuple[tuple[str, ...], ...]
    face_down: tuple[tuple[bool, ...], ...]
    turn_seat: int
    reveals_left: int
    final_turns_left: int
    pending: tuple[tuple[str | int, ...], ...]
    refill: tuple[int, int] | None
    abducting: str | None
    log: tuple[tuple[int, int, str, str | int | None], ...]

    def column(self, seat: int, column: int) -> tuple[str | None, str | None]:
        """The two cards (top, bottom) of a seat's column as far as this seat can see."""
        grid = self.grids[seat]
        return grid[column], grid[self.columns + column]

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data."""
        return asdict(self)
