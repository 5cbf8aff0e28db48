"""``matchmaker simulate`` and ``matchmaker tournament``: many bot games, read as tables."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from math import perm
from pathlib import Path
from typing import TYPE_CHECKING, Any

from matchmaker.cli.options import parse_option_pairs
from matchmaker.cli.progress import PROGRESS_EVERY, progress
from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.registry import GAMES

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from matchmaker.sim.simulate import SimulationResult
    from matchmaker.sim.stats import Interval
    from matchmaker.sim.tournament import TournamentResult


def _common_arguments(parser: argparse.ArgumentParser, games: int, games_help: str) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="the game")
    parser.add_argument(
        "--bots",
        "-b",
        required=True,
        metavar="A,B,...",
        help="bot names, levels or package.module:Class, separated by commas",
    )
    parser.add_argument("--games", "-n", type=int, default=games, help=games_help)
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument(
        "--workers", "-j", type=int, default=1, help="worker processes (default 1: this one)"
    )
    parser.add_argument("--players", "-p", type=int, help="number of players")
    parser.add_argument(
        "--option", "-o", action="append", metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress report")
    parser.add_argument(
        "--progress-every",
        type=float,
        default=PROGRESS_EVERY,
        metavar="S",
        help="when standard error is not a terminal: a progress line every S seconds "
        f"(default {PROGRESS_EVERY:g})",
    )
    add_backend_arguments(parser)


def add_simulate_parser(sub: Any) -> None:
    """Add ``simulate`` to the subcommands ``sub`` (from ``add_subparsers``)."""
    parser = sub.add_parser(
        "simulate", help="play many games between bots and print their statistics"
    )
    _common_arguments(parser, 100, "number of games (default 100)")
    parser.add_argument(
        "--swap-seats", action="store_true", help="rotate the bots through the seats game by game"
    )
    parser.add_argument(
        "--no-talk",
        action="store_true",
        help="the bots play without table talk (Purrfect Match: nobody makes a claim)",
    )
    parser.add_argument("--out", metavar="DIR", help="write results.json, games.csv and plots")
    parser.add_argument(
        "--records", action="store_true", help="with --out: every game's record in DIR/records/"
    )


def add_tournament_parser(sub: Any) -> None:
    """Add ``tournament`` to the subcommands ``sub`` (from ``add_subparsers``)."""
    parser = sub.add_parser(
        "tournament", help="round-robin over seatings of bots, rated with openskill"
    )
    _common_arguments(parser, 10, "games per seating (default 10)")


def parse_bots(text: str) -> list[str]:
    """``"hard,greedy,greedy"`` as a list of names (OptionError for an empty name)."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(f"--bots {text!r}: empty bot name (give names separated by commas)")
    return names


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options = parse_option_pairs(args.option or [])
    if args.players is not None:
        asked = options.get("players")
        if asked is not None and asked != args.players:
            raise OptionError(f"--players {args.players} and -o players={asked} disagree")
        options["players"] = args.players
    return options


def _check_counts(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise MatchmakerError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise MatchmakerError(f"--workers must be at least 1, not {args.workers}")
    if not args.progress_every >= 0:
        raise MatchmakerError(f"--progress-every must be 0 or more, not {args.progress_every}")
    check_backend(args)


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--backend local|ray`` and ``--address``, as simulate, tournament and lab take them."""
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: this process or --workers processes; ray: Ray tasks (the 'ray' extra)",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to use (host:port, or auto); "
        "default: a Ray started on this machine for the run",
    )


def check_backend(args: argparse.Namespace) -> None:
    """Refuse ``--address`` without Ray, and Ray when it is not installed (with the command
    that installs it)."""
    if args.address is not None and args.backend != "ray":
        raise MatchmakerError("--address is for --backend ray")
    if args.backend == "ray":
        from matchmaker.sim.ray_backend import import_ray

        import_ray()


def _seed(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    return seed


def _stdout_console() -> Console:
    """The console for the tables: the terminal's width, or wide enough for long bot names
    when the output goes to a file or a pipe."""
    from rich.console import Console

    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 160)
    return console


def run_simulate(args: argparse.Namespace) -> int:
    """``matchmaker simulate``: play the games, print the tables, write ``--out``."""
    from matchmaker.sim.runs import check_bots
    from matchmaker.sim.simulate import game_for_bots, simulate

    _check_counts(args)
    if args.records and not args.out:
        raise MatchmakerError("--records needs --out DIR")
    bots = parse_bots(args.bots)
    game = game_for_bots(args.game, bots, _options(args))
    check_bots(game, bots)
    seed = _seed(args)
    out = Path(args.out) if args.out else None
    records = out / "records" if out is not None and args.records else None
    if out is not None:
        _make_folder(out)
    label = f"{game.title}, {args.games} games"
    with progress(args.games, args.quiet, label, "simulate", args.progress_every) as (
        advance,
        _,
    ):
        result = simulate(
            game,
            bots,
            args.games,
            seed,
            args.workers,
            args.swap_seats,
            records_dir=records,
            progress=advance,
            backend=args.backend,
            address=args.address,
            talk=not args.no_talk,
        )
    if out is not None:
        _write_outputs(result, out)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    console = _stdout_console()
    print_simulation(result, console)
    if out is not None:
        written = "results.json, games.csv, plots" + (", records/" if records else "")
        console.print(f"Wrote {written} to {out}")
    return 0


def _make_folder(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MatchmakerError(f"cannot create {path}: {exc.strerror}") from None


def _write_outputs(result: SimulationResult, out: Path) -> None:
    from matchmaker.sim.plots import write_plots
    from matchmaker.sim.report import write_games_csv, write_results_json

    try:
        write_results_json(result, out / "results.json")
        write_games_csv(result, out / "games.csv")
        write_plots(result, out)
    except OSError as exc:
        raise MatchmakerError(f"cannot write to {out}: {exc.strerror}") from None


def run_tournament(args: argparse.Namespace) -> int:
    """``matchmaker tournament``: play every seating, print the leaderboard."""
    from matchmaker.sim.runs import check_bots
    from matchmaker.sim.tournament import check_entrants, seatings, table_game, tournament

    _check_counts(args)
    bots = parse_bots(args.bots)
    check_entrants(bots)
    game = table_game(args.game, bots, _options(args))
    check_bots(game, bots)
    seed = _seed(args)
    total = args.games * len(seatings(bots, game.players))
    label = f"{game.title} tournament"
    with progress(total, args.quiet, label, "tournament", args.progress_every) as (advance, _):
        result = tournament(
            game,
            bots,
            args.games,
            seed,
            args.workers,
            progress=advance,
            backend=args.backend,
            address=args.address,
        )
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print_leaderboard(result, _stdout_console())
    return 0


NOTE = """\
95% intervals (in the unit of the column before): Wilson for win rates, normal approximation
for means. Games and wins count seat-games: a bot named at several seats is pooled over them.
A shared win counts as a win for every winner. Length counts the seats' decisions in a game.
Score diff: the bot's score minus the mean score of the other seats."""


def _table(title: str, columns: Sequence[str]) -> Table:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for index, column in enumerate(columns):
        if column == "bot":
            table.add_column(column, overflow="fold")
        else:
            table.add_column(column, justify="left" if index == 0 else "right", no_wrap=True)
    return table


def _ci(interval: Interval | None, digits: int) -> str:
    if interval is None:
        return "-"
    return f"[{interval[0]:.{digits}f}, {interval[1]:.{digits}f}]"


def print_simulation(result: SimulationResult, console: Console) -> None:
    """The tables of a simulation: wins, scores, score quantiles per bot, and by seat."""
    swap = ", seats swapped game by game" if result.swap_seats else ""
    if result.silenced:
        swap += ", no table talk"
    stats = result.bot_stats()
    order: dict[bool | None, str] = {True: "; lowest score wins", False: "; highest score wins"}
    console.print(
        f"[bold]{result.title}[/bold]: {result.games} games, {result.players} players, "
        f"seed {result.seed}{swap}{order.get(result.lower_score_wins, '')}"
    )
    wins = _table(
        "Wins",
        ("bot", "games", "wins", "win rate (share)", "95% CI", "mean length (decisions)"),
    )
    for name, s in stats.items():
        wins.add_row(
            name,
            str(s.games),
            str(s.wins),
            f"{s.win_rate:.3f}",
            _ci(s.win_rate_ci, 3),
            f"{s.mean_length:.1f}",
        )
    console.print(wins)
    better: dict[bool | None, str] = {True: " (lower is better)", False: " (higher is better)"}
    scores = _table(
        f"Scores{better.get(result.lower_score_wins, '')}",
        ("bot", "mean score (points)", "95% CI", "score diff (points)", "95% CI"),
    )
    for name, s in stats.items():
        scores.add_row(
            name,
            f"{s.mean_score:.2f}",
            _ci(s.mean_score_ci, 2),
            f"{s.mean_score_diff:+.2f}",
            _ci(s.mean_score_diff_ci, 2),
        )
    console.print(scores)
    spread = _table("Final scores (points)", ("bot", "min", "25%", "median", "75%", "max"))
    for name, s in stats.items():
        spread.add_row(name, *(f"{q:g}" for q in s.quantiles))
    console.print(spread)
    seats = _table(
        f"By seat (seat advantage), {result.games} games each",
        ("seat", "wins", "win rate (share)", "95% CI", "mean score (points)", "95% CI"),
    )
    for seat in result.seat_stats():
        seats.add_row(
            str(seat.seat),
            str(seat.wins),
            f"{seat.win_rate:.3f}",
            _ci(seat.win_rate_ci, 3),
            f"{seat.mean_score:.2f}",
            _ci(seat.mean_score_ci, 2),
        )
    console.print(seats)
    console.print(NOTE, style="dim")


def print_leaderboard(result: TournamentResult, console: Console) -> None:
    """The leaderboard of a tournament, best first."""
    console.print(
        f"[bold]{result.title}[/bold] tournament: {len(result.seatings)} seatings x "
        f"{result.games_per_seating} games = {len(result.outcomes)} games, "
        f"{result.options['players']} players, seed {result.seed}"
    )
    every = len(result.seatings) == perm(len(result.bots), result.options["players"])
    design = "every order of every set of bots" if every else "a balanced design"
    groups = "1 group" if result.groups == 1 else f"{result.groups} groups"
    console.print(
        f"Seatings: {design}; {groups} of seatings, each dealt the same cards.", style="dim"
    )
    table = _table(
        "Leaderboard",
        (
            "#",
            "bot",
            "ordinal (skill)",
            "mu (skill)",
            "sigma (skill)",
            "games",
            "wins",
            "win rate (share)",
        ),
    )
    for place, s in enumerate(result.leaderboard, start=1):
        table.add_row(
            str(place),
            s.name,
            f"{s.ordinal:.2f}",
            f"{s.mu:.2f}",
            f"{s.sigma:.2f}",
            str(s.games),
            str(s.wins),
            f"{s.wins / s.games:.3f}",
        )
    console.print(table)
    console.print(
        "openskill Plackett-Luce ratings; ordinal = mu - 3·sigma orders the board.\n"
        "A shared win counts as a win for every winner.",
        style="dim",
    )
