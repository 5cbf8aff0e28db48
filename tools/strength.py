"""Regenerate the strength and decision-time tables of docs/bots.md.

    .venv/bin/python tools/strength.py --games 200 --workers 2 > /tmp/strength.md

Each matchup is one ``matchmaker simulate GAME --bots A,B,B... --swap-seats --json`` run; the
table shows the first bot against copies of the second. Decision times come from a few games
played with a clock around every decision: the CPU time of the deciding thread, so that they
say what one core spends whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from matchmaker import load_game
from matchmaker.bots import Bot, make_bot, play_game
from matchmaker.core.actions import Action

MATCHUPS = (("strong", "greedy"), ("greedy", "random"))
PLAYER_COUNTS = {"purrfect": (2, 3, 4), "clecanian": (2, 3, 4)}


def simulate(game: str, bots: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    """One simulate run, read from its JSON output."""
    command = [
        sys.executable, "-m", "matchmaker", "simulate", game,
        "--bots", ",".join(bots), "--games", str(games), "--seed", str(seed),
        "--workers", str(workers), "--swap-seats", "--json", "--quiet",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def estimate(value: float, interval: Sequence[float] | None, digits: int) -> str:
    """A value with its 95% interval."""
    if interval is None:
        return f"{value:.{digits}f}"
    return f"{value:.{digits}f} [{interval[0]:.{digits}f}, {interval[1]:.{digits}f}]"


class Timed(Bot[Any]):
    """Wraps a bot and clocks each of its decisions."""

    def __init__(self, inner: Bot[Any], times: list[float]) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.times = times
        self.name = inner.name  # type: ignore[misc]

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.thread_time()
        action = self.inner.choose(view, legal)
        self.times.append(time.thread_time() - start)
        return action

    def observe(self, actor: int, action: Action) -> None:
        """Passed on to the wrapped bot."""
        self.inner.observe(actor, action)


def decision_times(game_name: str, bot: str, players: int, games: int) -> list[float]:
    """Seconds per decision of ``bot`` at seat 0 against greedy bots."""
    game = load_game(game_name, players=players)
    times: list[float] = []
    for seed in range(games):
        seats: list[Bot[Any]] = [Timed(make_bot(bot, game, 0, seed), times)]
        seats += [make_bot("greedy", game, s, seed) for s in range(1, players)]
        play_game(game, seats, seed)
    return times


def main() -> None:
    """Print the markdown tables."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=3)
    parser.add_argument("--first", action="append", help="only matchups with this first bot")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--no-strength", action="store_true", help="only the decision times")
    parser.add_argument("--game", action="append", help="only this game")
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    args = parser.parse_args()
    if not args.no_strength:
        strength_table(args)
    if not args.no_timing:
        timing_table(args)


def strength_table(args: argparse.Namespace) -> None:
    """The strength lines: each matchup run through ``matchmaker simulate``."""
    print("| game | players | bots | games | first bot's win rate (95% CI) | ", end="")
    print("its mean score - others' (95% CI) | the others' win rate (95% CI) |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for game, counts in PLAYER_COUNTS.items():
        if args.game and game not in args.game:
            continue
        for players in args.players or counts:
            for first, other in MATCHUPS:
                if args.first and first not in args.first:
                    continue
                bots = [first] + [other] * (players - 1)
                result = simulate(game, bots, args.games, args.seed, args.workers)
                a, b = result["bots"][first], result["bots"][other]
                print(
                    f"| {game} | {players} | {first} vs {other} x{players - 1} | "
                    f"{result['games']} | {estimate(a['win_rate'], a['win_rate_ci'], 3)} | "
                    f"{estimate(a['mean_score_diff'], a['mean_score_diff_ci'], 1)} | "
                    f"{estimate(b['win_rate'], b['win_rate_ci'], 3)} |",
                    flush=True,
                )


def timing_table(args: argparse.Namespace) -> None:
    """CPU seconds per decision of each bot at seat 0 against ``greedy`` bots."""
    print()
    print("| game | bot | players | decisions timed | mean s | median s | max s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for game in PLAYER_COUNTS:
        if args.game and game not in args.game:
            continue
        for bot in ("greedy", "strong"):
            for players in args.players or PLAYER_COUNTS[game]:
                times = decision_times(game, bot, players, args.timing_games)
                print(
                    f"| {game} | {bot} | {players} | {len(times)} | "
                    f"{statistics.mean(times):.4f} | {statistics.median(times):.4f} | "
                    f"{max(times):.4f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
