"""``matchmaker replay FILE --show``: step through a saved game as one seat (or a spectator).

The record is first replayed whole with full rule checking; then a fresh game is driven event
by event, and after each event the chosen seat's view is drawn with the narration of that event.
Only that view is ever drawn, so cards hidden from the seat stay hidden. The deal makes one
step; a card taken from the stock that nobody is told about joins the step before it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from matchmaker.analysis import DecisionReview, review_record
from matchmaker.cli.play import (
    EXIT_INTERRUPTED,
    Reader,
    clear_screen,
    terminal_reader,
)
from matchmaker.cli.render import render_view
from matchmaker.cli.replay import read_record
from matchmaker.core.errors import MatchmakerError, NoSuchSeatError
from matchmaker.core.game import Game
from matchmaker.core.records import game_of_record
from matchmaker.words import seat_labels, words_for
from matchmaker.words.recorded import recorded_labels
from matchmaker.words.replay import Frame, replay_frames
from matchmaker.words.seats import HUMAN, seat_number


def show_frames(record: Mapping[str, Any], seat: int | None) -> tuple[Game[Any], list[Frame]]:
    """Check a record, then its frames as ``seat`` (None: a spectator) sees them: the deal one
    step, a card from the stock the seat was not told about joined to the step before it, the
    result told at the end."""
    game = game_of_record(record)
    final = game.replay(record)
    try:
        if seat is not None and seat < 0:
            raise NoSuchSeatError(f"there is no seat {seat}")
        frames = replay_frames(game, game.record_events(record), seat, frame_names(record, game))
    except NoSuchSeatError:
        raise MatchmakerError(
            f"--seat must be from 1 to {game.players}, not {seat_number(seat or 0)}"
        ) from None
    steps: list[Frame] = []
    for frame in frames[1:]:
        if not frame.lines and steps:
            steps[-1] = replace(steps[-1], view=frame.view, seq=frame.seq)
        else:
            steps.append(frame)
    if not steps:
        steps.append(replace(frames[0], lines=("Nothing was played yet.",)))
    names = frame_names(record, game)
    last = (
        words_for(game).result_line(final.status(), names)
        if final.is_over
        else "The record ends here, before the end."
    )
    steps[-1] = replace(steps[-1], lines=(*steps[-1].lines, last))
    return game, steps


def frame_names(record: Mapping[str, Any], game: Game[Any]) -> list[str]:
    """Seat names for a replay: who sat there (``words.recorded``); ``Seat N`` for a record
    that does not say."""
    found = recorded_labels(record, game.players)
    return found if found is not None else seat_labels([HUMAN] * game.players)


def render_frame(
    game: Game[Any],
    frames: Sequence[Frame],
    index: int,
    names: Sequence[str],
    who: str,
    marks: Mapping[int, Sequence[DecisionReview]] | None = None,
) -> RenderableType:
    """One step: a header, what happened, the review of its decisions (``marks``, by step),
    and the view."""
    frame = frames[index]
    header = Rule(f"{who} · step {index + 1} of {len(frames)}", align="left")
    told = Text("\n".join(frame.lines) or "…", style="bold")
    parts: list[RenderableType] = [header, told]
    for review in (marks or {}).get(index, ()):
        parts.append(Text(review_line(review), style=MARK_STYLES.get(review.mark, "")))
    return Group(*parts, render_view(game, frame.view, names))


#: How each mark is shown.
MARK_STYLES = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "red",
               "blunder": "bold red"}  # fmt: skip


def review_line(review: DecisionReview) -> str:
    """A decision's review in one line (the step above it says whose it is): ``Review: take is
    a mistake (-6.4 points); best: stock. Why: …``, the reason when it lost points."""
    line = f"Review: {review.action} is {_article(review.mark)}"
    if review.loss > 0:
        line += f" (-{review.loss:.1f} points); best: {review.best}. Why: {review.why}"
    return line


def _article(mark: str) -> str:
    if mark == "best":
        return "the best choice"
    return f"{'an' if mark[0] in 'aeiou' else 'a'} {mark}"


def frame_marks(
    frames: Sequence[Frame], reviews: Sequence[DecisionReview]
) -> dict[int, list[DecisionReview]]:
    """The reviewed decisions of each step: a step holds the events after the step before."""
    by_event = {review.event: review for review in reviews}
    marks: dict[int, list[DecisionReview]] = {}
    start = 0
    for index, frame in enumerate(frames):
        found = [by_event[e] for e in range(start, frame.seq) if e in by_event]
        if found:
            marks[index] = found
        start = frame.seq
    return marks


def show_record(
    record: Mapping[str, Any],
    seat: int | None,
    console: Console,
    read: Reader | None,
    review: bool = False,
) -> int:
    """Show a record as ``seat`` sees it: every step printed when ``read`` is None, else
    stepped through (Enter next, b back, a number jumps to that step, q quits). With
    ``review``, each decision of the seat (of every seat, for a spectator) is marked
    (``matchmaker.analysis``)."""
    game, frames = show_frames(record, seat)
    names = frame_names(record, game)
    marks = None
    if review:
        reviews = review_record(record, None if seat is None else [seat])
        marks = frame_marks(frames, [d for r in reviews for d in r.decisions])
    who = (
        f"{game.title} as {names[seat]} sees it"
        if seat is not None
        else (f"{game.title} as a spectator sees it")
    )
    if seat is not None:
        names = [f"{name} ◆" if s == seat else name for s, name in enumerate(names)]
    if read is None:
        for index in range(len(frames)):
            console.print(render_frame(game, frames, index, names, who, marks))
        return 0
    return _step_through(game, frames, names, who, console, read, marks)


def _step_through(
    game: Game[Any],
    frames: Sequence[Frame],
    names: Sequence[str],
    who: str,
    console: Console,
    read: Reader,
    marks: Mapping[int, Sequence[DecisionReview]] | None = None,
) -> int:
    index = 0
    last = len(frames) - 1
    while True:
        clear_screen(console)
        console.print(render_frame(game, frames, index, names, who, marks))
        while True:
            end = "end of the game · " if index == last else ""
            try:
                answer = read(f"{end}Enter next · b back · 1-{last + 1} jump · q quit > ")
            except EOFError:
                return 0
            except KeyboardInterrupt:
                return EXIT_INTERRUPTED
            words = answer.strip().lower()
            if words in ("", "n", "next"):
                if index == last:
                    return 0
                index += 1
                break
            if words in ("b", "back", "p"):
                index = max(0, index - 1)
                break
            if words in ("q", "quit", "exit"):
                return 0
            if words.isdigit() and 1 <= int(words) <= last + 1:
                index = int(words) - 1
                break
            console.print(f"[yellow]Type Enter, b, q or a step from 1 to {last + 1}.[/yellow]")


def run_show_command(args: argparse.Namespace) -> int:
    """``matchmaker replay FILE --show [--seat N | --spectator]``."""
    if not args.show:
        raise MatchmakerError("--seat, --spectator and --review go with --show")
    if len(args.files) != 1:
        raise MatchmakerError("--show shows one record file at a time")
    path = args.files[0]
    record = read_record(path)
    # people count seats from 1 (--seat 1 is the first seat, index 0)
    seat = None if args.spectator or args.seat is None else args.seat - 1
    console = Console()
    interactive = path != "-" and sys.stdin.isatty()
    reader = terminal_reader(console) if interactive else None
    return show_record(record, seat, console, reader, review=args.review)
