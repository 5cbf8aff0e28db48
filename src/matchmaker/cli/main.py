"""The ``matchmaker`` command."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from matchmaker.cli.lab import add_lab_parser, run_lab_command
from matchmaker.cli.options import parse_option_pairs
from matchmaker.cli.play import add_play_parser, run_play_command
from matchmaker.cli.replay import run_replay
from matchmaker.cli.review import add_review_parser, run_review_command
from matchmaker.cli.serve import add_serve_parser, run_serve_command
from matchmaker.cli.simulate import (
    add_simulate_parser,
    add_tournament_parser,
    run_simulate,
    run_tournament,
)
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.play import play_random
from matchmaker.core.registry import GAMES, load_game

EXIT_USAGE = 2


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    options = parse_option_pairs(args.option or [])
    if args.players is not None:
        options["players"] = args.players
    return options


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="the game")
    parser.add_argument("--players", "-p", type=int, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        metavar="KEY=VALUE",
        help="a game option, e.g. -o epilogue=true -o deck=faq38 (repeatable)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="matchmaker",
        description="Purrfect Match and Clecanian Golf: play, replay, simulate.",
        allow_abbrev=False,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay = sub.add_parser("replay", help="replay game records with full rule checking")
    replay.add_argument("files", nargs="+", metavar="FILE", help="record files (- for stdin)")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.add_argument("--show", action="store_true", help="step through the game on screen")
    viewer = replay.add_mutually_exclusive_group()
    viewer.add_argument(
        "--seat", type=int, help="with --show: see the game as this seat (counted from 1)"
    )
    viewer.add_argument("--spectator", action="store_true", help="with --show: as a spectator")
    replay.add_argument(
        "--review", action="store_true",
        help="with --show: mark each decision of the seat shown (docs/review.md)",
    )  # fmt: skip

    random_game = sub.add_parser(
        "random-game", help="print the record of a game played with random decisions"
    )
    _add_game_arguments(random_game)

    demo = sub.add_parser("demo", help="watch a narrated game between random players")
    demo.add_argument("game", nargs="?", choices=sorted(GAMES), default="purrfect")
    demo.add_argument("--players", "-p", type=int, help="number of players")
    demo.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    demo.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    demo.add_argument(
        "--speed", type=float, default=1.0,
        help="pace at a terminal: 1 is an event every 0.6 s, 2 twice as fast, 0 no pause",
    )  # fmt: skip

    bench = sub.add_parser("bench", help="measure random games and decisions per second")
    bench.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    bench.add_argument("--players", "-p", type=int, action="append", help="player counts")
    bench.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    bench.add_argument("--seconds", type=float, default=0.5, help="seconds per run")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")

    add_review_parser(sub)
    add_simulate_parser(sub)
    add_tournament_parser(sub)
    add_lab_parser(sub)
    add_play_parser(sub)
    add_serve_parser(sub)
    for command in sub.choices.values():
        # An option is spelt out: `--game purrfect` is refused as unknown rather than read as
        # an abbreviation of `--games`.
        command.allow_abbrev = False
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "replay" and (
            args.show or args.seat is not None or args.spectator or args.review
        ):
            from matchmaker.cli.show import run_show_command

            return run_show_command(args)
        if args.command == "replay":
            return run_replay(args.files, args.json, sys.stdout, sys.stderr)
        if args.command == "play":
            return run_play_command(args)
        if args.command == "review":
            return run_review_command(args)
        if args.command == "random-game":
            return _random_game(args)
        if args.command == "demo":
            return _demo(args)
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "tournament":
            return run_tournament(args)
        if args.command == "lab":
            return run_lab_command(args, argv)
        if args.command == "serve":
            return run_serve_command(args)
        return _bench(args)
    except MatchmakerError as exc:
        print(f"matchmaker: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("matchmaker: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)


def _random_game(args: argparse.Namespace) -> int:
    game = load_game(args.game, _game_options(args))
    seed = _seed(args)
    state = play_random(game, random.Random(seed))
    record = state.record()
    record["result"] = state.status()
    record["meta"] = {"seed": seed, "players": ["random"] * game.players}
    print(json.dumps(record))
    return 0


def _demo(args: argparse.Namespace) -> int:
    from rich.console import Console

    from matchmaker.cli.demo import run_demo

    game = load_game(args.game, _game_options(args))
    run_demo(game, _seed(args), Console(), args.speed)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from matchmaker.sim.bench import DEFAULT_PLAYERS, measure

    if args.runs < 1 or args.seconds <= 0:
        raise MatchmakerError("--runs must be at least 1 and --seconds above 0")
    unknown = [name for name in args.games if name not in GAMES]
    if unknown:
        raise MatchmakerError(f"unknown game {unknown[0]!r} (known: {', '.join(GAMES)})")
    figures = []
    for name in args.games or sorted(GAMES, reverse=True):
        for players in args.players or DEFAULT_PLAYERS[name]:
            figures.append(measure(name, players, runs=args.runs, seconds=args.seconds))
    if args.json:
        print(json.dumps([f.to_json() for f in figures]))
        return 0
    from matchmaker.compiled import summary

    table = Table(
        title=f"Random play on one core (median of {args.runs} runs)",
        caption=f"build: {summary()}",
    )
    for column in ("game", "players", "games/s", "decisions/s", "decisions/game"):
        table.add_column(column, justify="right")
    for f in figures:
        table.add_row(
            f.game,
            str(f.players),
            f"{f.games_per_s:,.0f}",
            f"{f.decisions_per_s:,.0f}",
            f"{f.decisions_per_game:,.1f}",
        )
    Console().print(table)
    return 0
