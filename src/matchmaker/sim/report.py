"""Writing simulation results: ``results.json``, ``games.csv`` and a Markdown table."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from matchmaker.sim.simulate import SimulationResult
from matchmaker.sim.stats import Interval


def write_results_json(result: SimulationResult, path: Path) -> None:
    """Write ``results.json``: the run's settings and every bot's and seat's figures."""
    path.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")


def games_csv_header(players: int) -> list[str]:
    """The columns of ``games.csv`` for ``players`` seats."""
    return [
        "index",
        "seed",
        *(f"bot_{seat}" for seat in range(players)),
        *(f"score_{seat}" for seat in range(players)),
        "winners",
        "length",
    ]


def write_games_csv(result: SimulationResult, path: Path) -> None:
    """Write ``games.csv``: one row per game — index, seed, the bot at each seat, each seat's
    score, the winning seats (separated by spaces) and the length in seat decisions."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(games_csv_header(result.players))
        for outcome in result.outcomes:
            writer.writerow(
                [
                    outcome.index,
                    outcome.seed,
                    *outcome.seats,
                    *outcome.scores,
                    " ".join(str(seat) for seat in outcome.winners),
                    outcome.length,
                ]
            )


def format_estimate(value: float, interval: Interval | None, digits: int = 2) -> str:
    """``value [low, high]`` with ``digits`` decimals (just the value without an interval).

    >>> format_estimate(0.5, (0.4, 0.6), 3)
    '0.500 [0.400, 0.600]'
    """
    if interval is None:
        return f"{value:.{digits}f}"
    low, high = interval
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def markdown_table(result: SimulationResult) -> str:
    """The per-bot figures as a Markdown table (win rate, mean score and mean score
    difference in points with their 95% intervals, mean game length in seat decisions), e.g.
    for ``docs/bots.md``."""
    lines = [
        "| bot | games | win rate (95% CI) | mean score, points (95% CI) "
        "| mean score diff, points (95% CI) | mean length, decisions |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, stats in result.bot_stats().items():
        lines.append(
            f"| {name} | {stats.games} "
            f"| {format_estimate(stats.win_rate, stats.win_rate_ci, 3)} "
            f"| {format_estimate(stats.mean_score, stats.mean_score_ci)} "
            f"| {format_estimate(stats.mean_score_diff, stats.mean_score_diff_ci)} "
            f"| {stats.mean_length:.1f} |"
        )
    return "\n".join(lines) + "\n"
