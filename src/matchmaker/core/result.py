"""The typed result of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
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


def ranks(scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each seat's rank (1 is best; equal scores share a rank). Whether a higher or a lower
    score is better is read from the winners: they hold the best score.

    >>> ranks([3, 7, 7], [1, 2])
    [3.0, 1.0, 1.0]
    >>> ranks([-4, 10, -4], [0, 2])
    [1.0, 3.0, 1.0]
    """
    lower_is_better = scores[winners[0]] == min(scores)
    sign = 1 if lower_is_better else -1
    return [1.0 + sum(sign * other < sign * score for other in scores) for score in scores]
