"""Scoring Purrfect Match: what each seat claimed, less its target; the highest score wins."""

from __future__ import annotations

from matchmaker.core.result import Result, winners_by
from matchmaker.games.purrfect.position import PurrfectPosition


def targets(position: PurrfectPosition) -> list[int]:
    """Each seat's target: the sum of the cats it was dealt."""
    return [sum(hand) for hand in position.dealt]


def scores(position: PurrfectPosition) -> list[int]:
    """Each seat's score: the values it claimed minus its target (final once the game is
    over). A match moves value between two seats; every discarded cat lowers the sum."""
    return [sum(c) - t for c, t in zip(position.claimed, targets(position), strict=True)]


def final_result(game: str, position: PurrfectPosition) -> Result:
    """Scores and winners (the highest score; ties are shared), targets and claimed cats."""
    final = scores(position)
    return Result(
        game=game,
        scores=tuple(final),
        winners=winners_by(final, lowest=False),
        details={"targets": targets(position), "claimed": [list(c) for c in position.claimed]},
    )
