"""Table talk: what players say beside the game. Nothing said binds anyone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from matchmaker.core.game import State


def claim_text(value: int) -> str:
    """What a claim says when its speaker gives no words of its own."""
    return f"My candidate is a {value}."


def speakers(state: State) -> Iterator[tuple[int, Any]]:
    """The talk round of Purrfect Match: every seat with a standing candidate may make a claim
    to the proposer (the seat to act), clockwise from the proposer's left; with its view."""
    n = state.game.players
    proposer = state.to_act
    for k in range(1, n):
        seat = (proposer + k) % n
        view = state.view(seat)
        if getattr(view, "candidate", None) is not None:
            yield seat, view


@dataclass(frozen=True)
class Claim:
    """A structured claim, true or false: seat ``speaker`` says its candidate is a ``value``
    (Purrfect Match), with the text shown to people. ``at`` is the number of game events
    applied when it was said, ``round`` the game round."""

    speaker: int
    value: int
    text: str
    round: int = 0
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        """The claim as JSON data (as kept in a record's ``meta.talk``)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Claim:
        """A claim from JSON data."""
        return cls(
            speaker=int(data["speaker"]),
            value=int(data["value"]),
            text=str(data.get("text", "")),
            round=int(data.get("round", 0)),
            at=int(data.get("at", 0)),
        )
