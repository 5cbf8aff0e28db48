"""``matchmaker lab``: variants of a game's rules under the same bots and seeds, side by side."""

from __future__ import annotations

import argparse
import platform
import random
import shlex
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from matchmaker.cli.progress import progress
from matchmaker.cli.simulate import add_backend_arguments, check_backend
from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.registry import GAMES, game_class

if TYPE_CHECKING:
    from rich.console import Console

    from matchmaker.sim.lab import LabResult

#: Games per variant, player count and table unless ``--games`` says otherwise.
DEFAULT_GAMES = 50


def add_lab_parser(sub: Any) -> None:
    """Add ``lab`` to the subcommands ``sub`` (from ``add_subparsers``)."""
    parser = sub.add_parser(
        "lab",
        help="play variants of a game's rules under the same bots and seeds and compare them",
        description=(
            "Play every variant (the first is the baseline) under the same bots and seeds, "
            "measure each with 95%% intervals and its paired difference from the baseline, "
            "and write report.html, results.json, games.csv and plots to --out. "
            "See docs/lab.md."
        ),
    )
    parser.add_argument("game", choices=sorted(GAMES), help="the game")
    parser.add_argument(
        "--variant",
        "-V",
        action="append",
        default=[],
        metavar="NAME:KEY=VALUE[,KEY=VALUE]",
        help="a variant: a name and its options (NAME: alone for the defaults); repeatable",
    )
    parser.add_argument(
        "--variants",
        metavar="FILE",
        help="a TOML or JSON file of variants (played before any --variant)",
    )
    parser.add_argument(
        "--bots",
        "-b",
        default="medium",
        metavar="BOT",
        help="the bot at every seat of the mirror games (default medium)",
    )
    parser.add_argument(
        "--skill",
        default="medium/easy",
        metavar="STRONG/WEAK[,...]",
        help="bot pairs for the skill gap (default medium/easy; none for no skill games)",
    )
    parser.add_argument(
        "--games",
        "-n",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games per variant, player count and table (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--players",
        "-p",
        default=None,
        metavar="N[,N...]",
        help="player counts (default: the game's default)",
    )
    parser.add_argument(
        "--workers", "-j", type=int, default=1, help="worker processes (default 1: this one)"
    )
    add_backend_arguments(parser)
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument("--out", metavar="DIR", help="write the report and data here")
    parser.add_argument(
        "--records", action="store_true", help="with --out: the mirror games' records too"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def parse_players(text: str | None, game: str) -> tuple[int, ...]:
    """``"2,3,4"`` as player counts; the game's default player count when not given."""
    if text is None:
        players: int = game_class(game).parse_options({}).players
        return (players,)
    counts = []
    for item in text.split(","):
        try:
            counts.append(int(item.strip()))
        except ValueError:
            raise OptionError(
                f"--players {text!r}: give whole numbers separated by commas"
            ) from None
    if len(set(counts)) != len(counts):
        raise OptionError(f"--players {text!r}: a player count is given twice")
    return tuple(counts)


def versions() -> dict[str, str]:
    """The versions a report names: matchmaker and its build, Python, matplotlib."""
    from matchmaker.compiled import summary

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"

    return {
        "matchmaker": f"{version('matchmaker')}, {summary()}",
        "python": platform.python_version(),
        "matplotlib": version("matplotlib"),
    }


def command_line(argv: Sequence[str] | None, seed: int) -> str:
    """The command as typed, with the seed it ran with added when it was drawn."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not any(w in ("--seed", "-s") or w.startswith("--seed=") for w in words):
        words += ["--seed", str(seed)]
    return shlex.join(["matchmaker", *words])


def run_lab_command(args: argparse.Namespace, argv: Sequence[str] | None = None) -> int:
    """``matchmaker lab``: check everything, play the games, print a summary, write --out."""
    from matchmaker.sim.lab import (
        LabPlan,
        load_variants_file,
        parse_skill,
        parse_variant,
        run_lab,
    )
    from matchmaker.sim.lab_report import write_lab

    if args.workers < 1:
        raise MatchmakerError(f"--workers must be at least 1, not {args.workers}")
    if args.records and not args.out:
        raise MatchmakerError("--records needs --out DIR")
    variants = load_variants_file(Path(args.variants)) if args.variants else []
    variants += [parse_variant(text) for text in args.variant]
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    plan = LabPlan(
        game=args.game,
        variants=tuple(variants),
        players=parse_players(args.players, args.game),
        bots=args.bots.strip(),
        skill=tuple(parse_skill(args.skill)),
        games=args.games,
        seed=seed,
    )
    plan.check()
    check_backend(args)
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise MatchmakerError(f"cannot create {out}: {exc.strerror}") from None
    records = out / "records" if out is not None and args.records else None
    with progress(plan.total_games, args.quiet, "lab", "lab") as (advance, announce):
        result = run_lab(
            plan,
            workers=args.workers,
            records_dir=records,
            progress=advance,
            announce=announce,
            backend=args.backend,
            address=args.address,
        )
    console = _console()
    print_lab(result, console)
    if out is not None:
        meta = {"command": command_line(argv, seed), "versions": versions()}
        try:
            write_lab(result, out, meta)
        except OSError as exc:
            raise MatchmakerError(f"cannot write to {out}: {exc.strerror}") from None
        console.print(f"Wrote report.html, results.json, games.csv and plots to {out}")
    return 0


def _console() -> Console:
    from rich.console import Console

    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 160)
    return console


def print_lab(result: LabResult, console: Console) -> None:
    """One table per player count: each measure of each variant, and the difference from the
    baseline (marked * where its 95% interval excludes 0)."""
    from rich.table import Table

    console.print(
        f"[bold]{result.title}[/bold] lab: {len(result.variants)} variants, "
        f"{result.games} games per variant, player count and table, seed {result.seed}; "
        f"{result.bots} at every seat"
        + (f"; skill pairs {', '.join(p.key for p in result.skill)}" if result.skill else "")
    )
    base = result.baseline.name
    for players in result.players:
        table = Table(title=f"{players} players", title_justify="left")
        table.add_column("measure")
        for variant in result.variants:
            table.add_column(variant.name, justify="right")
        for variant in result.variants[1:]:
            table.add_column(f"Δ {variant.name}", justify="right")
        for measure in result.measures():
            cells = [measure.label]
            for variant in result.variants:
                found = result.estimate(measure, variant.name, players)
                cells.append("-" if found is None else f"{found.value:.{measure.digits}f}")
            for variant in result.variants[1:]:
                diff = result.difference(measure, variant.name, players)
                if diff is None:
                    cells.append("-")
                else:
                    mark = "*" if diff.excludes_zero and not measure.timing else ""
                    cells.append(f"{diff.value:+.{measure.digits}f}{mark}")
            table.add_row(*cells)
        console.print(table)
    console.print(
        f"Δ: paired difference from {base} over the same seeds; * its 95% interval excludes 0 "
        "(never marked for the wall time). Intervals are in report.html and results.json.",
        style="dim",
    )
