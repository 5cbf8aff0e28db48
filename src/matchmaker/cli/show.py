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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from matchmaker.cli.narrate import narrate_event, seat_name, summary_line
from matchmaker.cli.play import EXIT_INTERRUPTED, Reader, clear_screen, terminal_reader
from matchmaker.cli.render import render_view
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import MatchmakerError, RecordError
from matchmaker.core.game import Game
from matchmaker.core.records import game_of_record, parse_record
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.state import CHANCE_VALUES

#: The phase in which both games deal their cards.
DEAL_PHASE = "deal"


@dataclass(frozen=True)
class Frame:
    """One step of a replay: what was told, and the seat's view after it."""

    lines: tuple[str, ...]
    view: Any
    #: How many record events (deal cards included) were applied to reach it.
    events: int


def record_actions(game: Game, record: Mapping[str, Any]) -> list[tuple[int, Action]]:
    """Every event of a checked record as (actor, action), the deal as chance outcomes."""
    steps: list[tuple[int, Action]] = []
    parse = game.parse_event
    if isinstance(game, PurrfectGame):
        for hand in record["deal"]["hands"]:
            steps += [(CHANCE, CHANCE_VALUES[value]) for value in hand]
        steps += [parse(event) for event in record.get("events", [])]
    elif isinstance(game, ClecanianGame):
        for entry in record.get("rounds", []):
            cards = [code for grid in entry["grids"] for code in grid] + [entry["discard"]]
            steps += [parse({"chance": code}) for code in cards]
            steps += [parse(event) for event in entry.get("events", [])]
    else:
        raise RecordError(f"{game.title} records cannot be shown")
    return steps


def replay_frames(record: Mapping[str, Any], seat: int | None) -> tuple[Game, list[Frame]]:
    """Check a record, then the frames of its game as ``seat`` (None: a spectator) sees it."""
    game = game_of_record(record)
    final = game.replay(record)
    if seat is not None and not 0 <= seat < game.players:
        raise MatchmakerError(f"--seat must be from 0 to {game.players - 1}, not {seat}")
    state = game.new_state()
    before = state.public_view()
    frames: list[Frame] = []
    for count, (actor, action) in enumerate(record_actions(game, record), start=1):
        state.apply(action, actor)
        after = state.public_view()
        lines = narrate_event(game, before, actor, action, after)
        before = after
        if state.phase == DEAL_PHASE and not lines:
            continue  # the deal is one step, told once it is complete
        if not lines and frames:
            frames[-1] = replace(frames[-1], view=state.view(seat), events=count)
        else:
            frames.append(Frame(tuple(lines), state.view(seat), count))
    if not frames:
        frames.append(Frame(("Nothing was played yet.",), state.view(seat), 0))
    status = final.status()
    last = summary_line(status) if final.is_over else "The record ends here, before the end."
    frames[-1] = replace(frames[-1], lines=(*frames[-1].lines, last))
    return game, frames


def frame_names(record: Mapping[str, Any], players: int, seat: int | None) -> list[str]:
    """Seat labels for a replay: who sat there (from ``meta.seats``), and ◆ on the seat whose
    view is shown."""
    meta = record.get("meta")
    kinds = meta.get("seats") if isinstance(meta, Mapping) else None
    if not isinstance(kinds, list) or len(kinds) != players:
        kinds = [""] * players
    marks = ["◆" if s == seat else "" for s in range(players)]
    return [
        " ".join(
            part for part in (seat_name(s), f"({kinds[s]})" if kinds[s] else "", marks[s]) if part
        )
        for s in range(players)
    ]


def render_frame(
    game: Game, frames: Sequence[Frame], index: int, names: Sequence[str], who: str
) -> RenderableType:
    """One step: a header, what happened, and the view."""
    frame = frames[index]
    header = Rule(f"{who} · step {index + 1} of {len(frames)}", align="left")
    told = Text("\n".join(frame.lines) or "…", style="bold")
    return Group(header, told, render_view(game, frame.view, names))


def show_record(
    record: Mapping[str, Any], seat: int | None, console: Console, read: Reader | None
) -> int:
    """Show a record as ``seat`` sees it: every step printed when ``read`` is None, else
    stepped through (Enter next, b back, a number jumps to that step, q quits)."""
    game, frames = replay_frames(record, seat)
    names = frame_names(record, game.players, seat)
    who = (
        f"{game.title} as {seat_name(seat)} sees it"
        if seat is not None
        else (f"{game.title} as a spectator sees it")
    )
    if read is None:
        for index in range(len(frames)):
            console.print(render_frame(game, frames, index, names, who))
        return 0
    return _step_through(game, frames, names, who, console, read)


def _step_through(
    game: Game,
    frames: Sequence[Frame],
    names: Sequence[str],
    who: str,
    console: Console,
    read: Reader,
) -> int:
    index = 0
    last = len(frames) - 1
    while True:
        clear_screen(console)
        console.print(render_frame(game, frames, index, names, who))
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


def _read_record(path: str) -> dict[str, Any]:
    if path == "-":
        return parse_record(sys.stdin.read())
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MatchmakerError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise MatchmakerError(f"cannot read {path}: not UTF-8 text") from None
    return parse_record(text)


def run_show_command(args: argparse.Namespace) -> int:
    """``matchmaker replay FILE --show [--seat N | --spectator]``."""
    if not args.show:
        raise MatchmakerError("--seat and --spectator go with --show")
    if len(args.files) != 1:
        raise MatchmakerError("--show shows one record file at a time")
    path = args.files[0]
    record = _read_record(path)
    seat = None if args.spectator else args.seat
    console = Console()
    interactive = path != "-" and sys.stdin.isatty()
    return show_record(record, seat, console, terminal_reader(console) if interactive else None)
