"""A paired duel: one bot against copies of another on the same deals, every seat rotation.

    .venv/bin/python tools/duel.py clecanian hard greedy-v1 --players 2 --deals 300 --workers 2

With ``--silent`` nobody speaks (Purrfect Match's table talk is left out), as at a table
of bots that share no claims.

Deal ``d`` is played once per rotation of the seats (the first bot at seat 0, 1, ...), every
time from the same seed, so each rotation starts from the same cards. The figure per deal is
the first bot's score minus the mean score of the others, averaged over the rotations; the
mean of those figures over the deals comes with a 95% interval (normal, over deals). In
Clecanian Golf the lower score wins, so a better first bot has a negative figure there; the
``advantage`` line turns the sign so that positive always means the first bot is better.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from matchmaker import load_game
from matchmaker.core.errors import OptionError
from matchmaker.sim.runs import GameSpec, game_seed, run_games
from matchmaker.sim.simulate import seating


def duel(
    game_name: str,
    first: str,
    other: str,
    players: int,
    deals: int,
    workers: int,
    seed: int,
    first_deal: int = 0,
    silent: bool = False,
) -> dict[str, Any]:
    """Play the duel on deals ``first_deal`` to ``first_deal + deals - 1`` and return its
    figures (as ``--json`` prints them, with each deal's figure in ``per_deal``, so that runs
    on consecutive deals can be pooled). ``silent`` plays without table talk."""
    game = load_game(game_name, players=players)
    bots = [first] + [other] * (players - 1)
    specs = [
        GameSpec(index=deal * players + r, seed=game_seed(seed, first_deal + deal),
                 seats=seating(bots, r, True), talk=not silent)
        for deal in range(deals)
        for r in range(players)
    ]  # fmt: skip
    start = time.perf_counter()
    outcomes = run_games(game, specs, workers=workers)
    wall = time.perf_counter() - start
    per_deal: list[float] = []
    wins = 0
    for deal in range(deals):
        diffs = []
        for r in range(players):
            outcome = outcomes[deal * players + r]
            seat = r  # seating puts the first bot at seat r in rotation r
            score = outcome.scores[seat]
            others = (sum(outcome.scores) - score) / (players - 1)
            diffs.append(score - others)
            wins += seat in outcome.winners
        per_deal.append(statistics.mean(diffs))
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5 if len(per_deal) > 1 else 0
    advantage = -mean if game.name == "clecanian" else mean
    return {
        "game": game_name,
        "players": players,
        "first": first,
        "other": other,
        "deals": deals,
        "first_deal": first_deal,
        "silent": silent,
        "games": len(specs),
        "score_diff": round(mean, 3),
        "score_diff_ci": [round(mean - half, 3), round(mean + half, 3)],
        "advantage": round(advantage, 3),
        "advantage_ci": [round(advantage - half, 3), round(advantage + half, 3)],
        "win_rate": round(wins / len(specs), 4),
        "wall_seconds": round(wall, 1),
        "per_deal": [round(x, 4) for x in per_deal],
    }


def main() -> None:
    """Run the duel and print its figures (``--json`` for one JSON object)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first", help="the bot measured")
    parser.add_argument("other", help="the bot in every other seat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--first-deal", type=int, default=0, help="start at this deal (to extend an earlier run)"
    )
    parser.add_argument(
        "--silent",
        "--no-talk",
        dest="silent",
        action="store_true",
        help="no table talk (Purrfect Match): nobody claims",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        summary = duel(
            args.game,
            args.first,
            args.other,
            args.players,
            args.deals,
            args.workers,
            args.seed,
            args.first_deal,
            args.silent,
        )
    except OptionError as error:
        parser.error(str(error))
    if args.json:
        json.dump(summary, sys.stdout)
        print()
        return
    low, high = summary["advantage_ci"]
    print(
        f"{args.game} {args.players}p: {args.first} vs {args.other} x{args.players - 1}, "
        f"{args.deals} deals x {args.players} rotations, {summary['wall_seconds']:.0f} s"
        + (", no table talk" if args.silent else "")
    )
    print(f"score - others' mean: {summary['score_diff']:+.2f}")
    print(f"advantage (positive = {args.first} better): {summary['advantage']:+.2f} "
          f"[{low:+.2f}, {high:+.2f}] (95%)")  # fmt: skip
    print(f"win rate: {summary['win_rate']:.3f}")


if __name__ == "__main__":
    main()
