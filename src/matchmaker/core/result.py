"""The typed result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Final scores and winners; ``details`` holds the game's own extras in replay order.

    ``winners`` is the sorted tuple of winning seats (ties are shared).
    """

    game: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The object ``matchmaker replay --json`` prints for a finished game."""
        out: dict[str, Any] = {
            "game": self.game,
            "finished": True,
            "scores": list(self.scores),
            "winners": list(self.winners),
        }
        out.update(self.details)
        return out


def winners_by(scores: list[int] | tuple[int, ...], *, lowest: bool) -> tuple[int, ...]:
    """Seats with the best score (lowest or highest); ties are shared."""
    best = min(scores) if lowest else max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
