"""Regenerate the strength and decision-time tables of docs/bots.md.

    .venv/bin/python tools/strength.py --deals 200 --workers 2 --busy > /tmp/strength.md

Every strength line is a paired duel (``tools/duel.py``): one bot against copies of another on
the same deals, each deal played once per rotation of the seats; the figure is the first bot's
advantage in points a game over the mean of the others (positive: it is better, in both games)
with its 95% interval over deals, and its win rate.

``openspiel-ismcts`` is given the same CPU time per decision as ``hard``: the script times
``hard`` and OpenSpiel's ISMCTS at ``PROBE_SIMULATIONS`` simulations a decision game by game in
turn, on the same deals (so that a change in the machine's load weighs on both alike), each over
the decisions it searches (those with more than one legal action: neither bot searches the
others), and seats it as ``openspiel-ismcts@simulations=N`` with N scaled so that its mean CPU
time per searched decision matches ``hard``'s (``equal_time_simulations``).

``--silent`` plays the strength lines without table talk: in Purrfect Match nobody makes a
claim, as at a table of bots that share no claims (an independent implementation's).

Decision times are the CPU time of the deciding thread of the bot at seat 0 against ``medium``
bots, so that they say what one core spends whatever else the machine is doing; ``--busy``
keeps another process spinning meanwhile, as a loaded machine would.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from duel import duel

from matchmaker import load_game
from matchmaker.bots import Bot, make_bot, play_game
from matchmaker.core.actions import Action

#: The player counts of each game's lines (Purrfect Match at 2 ties by the game's nature).
PLAYER_COUNTS = {"clecanian": (2, 3, 4), "purrfect": (3, 4)}
#: (first bot, other bot) of the strength lines; ``ismcts`` is OpenSpiel's at equal time.
LINES = (("hard", "medium"), ("medium", "easy"), ("hard", "ismcts"))
#: The lines against the first bots, kept as yardsticks.
YARDSTICK_LINES = (("medium", "greedy-v1"), ("hard", "greedy-v1"))
#: Simulations of the ISMCTS bot while it is timed.
PROBE_SIMULATIONS = 50


class Timed(Bot[Any]):
    """Wraps a bot and clocks each of its decisions (CPU time of this thread)."""

    def __init__(self, inner: Bot[Any], times: list[float], searched_only: bool = False) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.times = times
        #: Clock only the decisions with more than one legal action (the searched ones).
        self.searched_only = searched_only
        self.name = inner.name  # type: ignore[misc]

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.thread_time()
        action = self.inner.choose(view, legal)
        if len(legal) > 1 or not self.searched_only:
            self.times.append(time.thread_time() - start)
        return action

    def observe(self, actor: int, action: Action) -> None:
        """Passed on to the wrapped bot."""
        self.inner.observe(actor, action)


def decision_times(
    game_name: str, bot: str, players: int, games: int, first: int = 0, searched_only: bool = False
) -> list[float]:
    """CPU seconds per decision of ``bot`` at seat 0 against ``medium`` bots in the games of
    seeds ``first`` to ``first + games - 1`` (decisions with one legal action included, as they
    are decisions too, unless ``searched_only``)."""
    game = load_game(game_name, players=players)
    times: list[float] = []
    for seed in range(first, first + games):
        seats: list[Bot[Any]] = [Timed(make_bot(bot, game, 0, seed), times, searched_only)]
        seats += [make_bot("medium", game, s, seed) for s in range(1, players)]
        play_game(game, seats, seed)
    return times


@contextmanager
def busy(on: bool) -> Iterator[None]:
    """Another process spinning on a core while the block runs (when ``on``)."""
    if not on:
        yield
        return
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        hog.kill()
        hog.wait()


def main() -> None:
    """Print the markdown tables."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200, help="deals per strength line")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=8)
    parser.add_argument("--busy", action="store_true", help="time with another core busy")
    parser.add_argument("--no-strength", action="store_true", help="only the decision times")
    parser.add_argument("--yardsticks", action="store_true", help="also the lines vs v1 bots")
    parser.add_argument("--game", action="append", help="only this game")
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    parser.add_argument("--line", action="append", help="only lines FIRST,OTHER")
    parser.add_argument(
        "--silent",
        "--no-talk",
        dest="silent",
        action="store_true",
        help="strength lines without table talk (Purrfect Match)",
    )
    args = parser.parse_args()
    check_arguments(parser, args)
    timing_table(args)
    if not args.no_strength:
        strength_table(args)


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse (with the parser's usage message) what would measure nothing."""
    for game in args.game or ():
        if game not in PLAYER_COUNTS:
            parser.error(f"unknown game {game!r} (known: {', '.join(PLAYER_COUNTS)})")
    if next(configurations(args), None) is None:
        counts = "; ".join(f"{g}: {', '.join(map(str, c))}" for g, c in PLAYER_COUNTS.items())
        parser.error(f"no line is measured at those player counts ({counts})")
    known = [f"{first},{other}" for first, other in LINES + YARDSTICK_LINES]
    for line in args.line or ():
        if line not in known:
            parser.error(f"unknown line {line!r} (known: {'; '.join(known)})")
    if args.timing_games < 1:
        parser.error("--timing-games must be 1 or more (the ISMCTS lines are set by the timing)")
    if args.deals < 1:
        parser.error("--deals must be 1 or more")


def configurations(args: argparse.Namespace) -> Iterator[tuple[str, int]]:
    """The (game, players) the run covers."""
    for game, counts in PLAYER_COUNTS.items():
        if args.game and game not in args.game:
            continue
        for players in counts:
            if not args.players or players in args.players:
                yield game, players


def timing_table(args: argparse.Namespace) -> None:
    """The decision-time table (every decision, as the limit of 0.5 s applies to each)."""
    print("| game | bot | players | decisions timed | mean s | median s | max s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    with busy(args.busy):
        for game, players in configurations(args):
            for bot in ("medium", "hard"):
                times = decision_times(game, bot, players, args.timing_games)
                print(
                    f"| {game} | {bot} | {players} | {len(times)} | "
                    f"{statistics.mean(times):.4f} | {statistics.median(times):.4f} | "
                    f"{max(times):.4f} |",
                    flush=True,
                )


def equal_time_simulations(target: float, per_simulation: float) -> int:
    """The simulations that give ISMCTS a mean of ``target`` CPU seconds a decision when a
    simulation takes ``per_simulation`` (at least one)."""
    return max(1, round(target / per_simulation))


def ismcts_spec(game: str, players: int, games: int) -> tuple[str, float, float]:
    """The ISMCTS bot given ``hard``'s CPU time per searched decision, timed game by game in
    turn with its probe (``games`` games each, the same deals); with ``hard``'s mean time per
    searched decision and the probe's time per simulation."""
    probe = f"openspiel-ismcts@simulations={PROBE_SIMULATIONS}"
    hard: list[float] = []
    probed: list[float] = []
    for seed in range(games):
        hard += decision_times(game, "hard", players, 1, seed, searched_only=True)
        probed += decision_times(game, probe, players, 1, seed, searched_only=True)
    target = statistics.mean(hard)
    per_simulation = statistics.mean(probed) / PROBE_SIMULATIONS
    simulations = equal_time_simulations(target, per_simulation)
    return f"openspiel-ismcts@simulations={simulations}", target, per_simulation


def strength_table(args: argparse.Namespace) -> None:
    """The strength lines, each a paired duel."""
    print()
    print("| game | players | first vs others | deals (games) | first's advantage, points a game "
          "(95% CI) | first's win rate |")  # fmt: skip
    print("|---|---:|---|---:|---:|---:|")
    lines = LINES + (YARDSTICK_LINES if args.yardsticks else ())
    notes = []
    for game, players in configurations(args):
        for first, other in lines:
            if args.line and f"{first},{other}" not in args.line:
                continue
            if other == "ismcts":
                with busy(args.busy):
                    other, target, per_sim = ismcts_spec(game, players, args.timing_games)
                notes.append(
                    f"{game} {players}p: hard {target * 1000:.0f} ms a searched decision; "
                    f"ISMCTS {per_sim * 1000:.2f} ms a simulation, timed game by game in turn "
                    f"-> {other}"
                )
            result = duel(
                game, first, other, players, args.deals, args.workers, args.seed,
                silent=args.silent,
            )  # fmt: skip
            low, high = result["advantage_ci"]
            print(
                f"| {game} | {players} | {first} vs {other} x{players - 1}"
                f"{' (no talk)' if args.silent else ''} | "
                f"{args.deals} ({result['games']}) | {result['advantage']:+.1f} "
                f"[{low:+.1f}, {high:+.1f}] | {result['win_rate']:.3f} |",
                flush=True,
            )
    for note in notes:
        print(f"\n- {note}")


if __name__ == "__main__":
    main()
