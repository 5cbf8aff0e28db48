"""``matchmaker review FILE``: every decision of a game judged on what the deciding seat could
see (``matchmaker.analysis``), with marks, the best alternative, and each seat's accuracy and
mean loss; judged in worker processes with ``--workers``, and written as an HTML report with
``--out`` (``cli.report``). See docs/review.md."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from matchmaker.analysis import SeatReview, review_record
from matchmaker.analysis.review import DEFAULT_WORLDS
from matchmaker.cli.replay import read_record
from matchmaker.cli.show import frame_names
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.records import game_of_record


def add_review_parser(sub: Any) -> None:
    """The ``review`` subcommand's arguments."""
    review = sub.add_parser(
        "review", help="judge every decision of a game on what its seat could see"
    )
    review.add_argument("file", metavar="FILE", help="a game record (- for stdin)")
    who = review.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="review this seat only (counted from 1)")
    who.add_argument("--all", action="store_true", help="review every seat (the default)")
    review.add_argument(
        "--worlds", type=int, default=None,
        help="sampled worlds a decision (default: 200 Clecanian Golf, 1000 Purrfect Match)",
    )  # fmt: skip
    review.add_argument(
        "--budget", type=float, default=None, metavar="S",
        help="CPU seconds a decision at most (fewer worlds when time runs out; machine-dependent)",
    )  # fmt: skip
    review.add_argument("--seed", type=int, default=0, help="seed of the sampled worlds")
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.add_argument(
        "--workers", type=int, default=1, metavar="W",
        help="processes that judge the decisions (default 1; the review is the same)",
    )  # fmt: skip
    review.add_argument(
        "--out", metavar="DIR", default=None,
        help="also write an HTML report into DIR (DIR/index.html, with the plots)",
    )  # fmt: skip


def run_review_command(args: argparse.Namespace) -> int:
    """Review a record file and print the review (text, or JSON with ``--json``); with
    ``--out``, also write the HTML report (``cli.report``) and say where."""
    record = read_record(args.file)
    game = game_of_record(record)
    seats = None
    if args.seat is not None:
        if not 1 <= args.seat <= game.players:
            raise MatchmakerError(f"--seat must be from 1 to {game.players}")
        seats = [args.seat - 1]
    if args.worlds is not None and args.worlds < 1:
        raise MatchmakerError("--worlds must be at least 1")
    if args.budget is not None and not 0 < args.budget < float("inf"):
        raise MatchmakerError("--budget must be a number of seconds more than 0")
    if args.workers < 1:
        raise MatchmakerError("--workers must be at least 1")
    folder = None
    if args.out is not None:
        from matchmaker.cli.report import report_folder  # matplotlib: only when a report is made

        folder = report_folder(args.out)
    reviews = _review(record, seats, args)
    if args.json:
        out = [review.to_json() for review in reviews]
        print(json.dumps(out[0] if len(out) == 1 else out))
    else:
        names = frame_names(record, game)
        for review in reviews:
            _print_review(review, names)
    if folder is not None:
        worlds = args.worlds if args.worlds is not None else DEFAULT_WORLDS[game.name]
        budget = f", at most {args.budget:g} CPU seconds" if args.budget is not None else ""
        judged = f"Judged in {worlds} sampled worlds a decision{budget}, seed {args.seed}."
        from matchmaker.cli.report import write_report

        page = write_report(record, reviews, folder, judged)
        print(f"Report: {page}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _review(
    record: dict[str, Any], seats: list[int] | None, args: argparse.Namespace
) -> list[SeatReview]:
    """The review, with a progress bar on a terminal."""
    options: dict[str, Any] = {
        "worlds": args.worlds,
        "seconds": args.budget,
        "seed": args.seed,
        "workers": args.workers,
    }
    if args.json or not sys.stderr.isatty():
        return review_record(record, seats, **options)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("reviewing", total=None)
        return review_record(
            record,
            seats,
            **options,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
        )


def _print_review(review: SeatReview, names: list[str]) -> None:
    """One seat's review as text: accuracy, mean loss and luck, then a line a decision, and
    under each decision that lost points the reason."""
    name = names[review.seat]
    accuracy, loss = f"{review.accuracy:.0%}", f"{review.mean_loss:.2f}"
    luck = "" if review.luck is None else f", luck {review.luck:+.1f} points"
    print(f"{name}: accuracy {accuracy}, mean loss {loss} points a decision{luck}")
    for d in review.decisions:
        line = f"  {d.index:>4}  {d.action:<18} {d.mark:<10}"
        if d.loss > 0:
            line += f" -{d.loss:.1f}  best: {d.best}"
            line += f"\n{'':8}{d.why}"
        print(line)
