"""Benchmarks of the rules engines: random full games per second on one core."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

from matchmaker.core.play import play_random
from matchmaker.core.registry import load_game

#: The player counts measured by default for each game.
DEFAULT_PLAYERS: dict[str, tuple[int, ...]] = {
    "purrfect": (2, 3, 4, 5, 6, 7, 8),
    "clecanian": (2, 3, 4),
}


@dataclass(frozen=True)
class BenchFigure:
    """The median over several runs of random play for one game and player count."""

    game: str
    players: int
    games_per_s: float
    decisions_per_s: float
    decisions_per_game: float
    runs: int
    seconds_per_run: float

    def to_json(self) -> dict[str, Any]:
        """The figure as JSON data."""
        return asdict(self)


def measure(
    game_name: str,
    players: int,
    *,
    runs: int = 5,
    seconds: float = 0.5,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> BenchFigure:
    """Play random games for ``seconds`` per run, ``runs`` times; report the medians.

    A decision is a seat's decision; chance outcomes (deals, cards from the stock) are played
    too but not counted.
    """
    game = load_game(game_name, {**(options or {}), "players": players})
    rng = random.Random(seed)
    games_rates, decision_rates, lengths = [], [], []
    clock = time.perf_counter
    for _ in range(runs):
        played = decisions = 0
        start = clock()
        while True:
            decisions += play_random(game, rng).decision_count()
            played += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                break
        games_rates.append(played / elapsed)
        decision_rates.append(decisions / elapsed)
        lengths.append(decisions / played)
    return BenchFigure(
        game=game_name,
        players=players,
        games_per_s=round(statistics.median(games_rates), 1),
        decisions_per_s=round(statistics.median(decision_rates)),
        decisions_per_game=round(statistics.median(lengths), 1),
        runs=runs,
        seconds_per_run=seconds,
    )
