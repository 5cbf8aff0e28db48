"""How accurate each bot's decisions are by the review (docs/review.md): games with the bot at
seat 0 and ``medium`` bots at the others, each reviewed for seat 0 at the same number of worlds.

    python tools/review_accuracy.py --game clecanian --players 2 --games 8 --rounds 1
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from matchmaker import load_game
from matchmaker.analysis import review_record
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed


def main() -> None:
    """Print, for each bot, its mean accuracy and mean loss a decision over the games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="clecanian")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=1, help="Clecanian Golf rounds a game")
    parser.add_argument("--worlds", type=int, default=None, help="worlds a decision (default)")
    parser.add_argument("--bots", default="easy,medium,hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = {"players": args.players}
    if args.game == "clecanian":
        options["rounds"] = args.rounds
    game = load_game(args.game, options)
    rows = []
    for bot in args.bots.split(","):
        accuracy, loss, cpu = [], [], 0.0
        for seed in range(args.games):
            players = [
                make_bot(bot if s == 0 else "medium", game, s, seat_seed(seed, s))
                for s in range(args.players)
            ]
            record = play_game(game, players, seed).record()
            start = time.process_time()
            (review,) = review_record(record, [0], worlds=args.worlds, seed=seed)
            cpu += time.process_time() - start
            accuracy.append(review.accuracy)
            loss.append(review.mean_loss)
        rows.append(
            {
                "bot": bot,
                "games": args.games,
                "accuracy": round(statistics.mean(accuracy), 3),
                "mean_loss": round(statistics.mean(loss), 3),
                "review_cpu_s_a_game": round(cpu / args.games, 2),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return
    for row in rows:
        print(
            f"{row['bot']:<8} accuracy {row['accuracy']:.1%}  mean loss {row['mean_loss']:.2f}"
            f"  ({row['games']} games, review {row['review_cpu_s_a_game']} s CPU a game)"
        )


if __name__ == "__main__":
    main()
