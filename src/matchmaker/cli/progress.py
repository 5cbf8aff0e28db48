"""Progress of a long run on standard error: a bar on a terminal, else a line every few
seconds (a log or a pipe still hears how far the run is), nothing when asked to be quiet."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

#: Seconds between progress lines when standard error is not a terminal.
PROGRESS_EVERY = 5.0


class ProgressLines:
    """Progress as lines on a stream that is not a terminal (a log, a pipe): one line at most
    every ``every`` seconds, ``"simulate: 120/400 games, 30%, 14 s"``, and a last one when the
    run ends if any was written before it."""

    def __init__(
        self,
        label: str,
        total: int,
        stream: TextIO,
        every: float = PROGRESS_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.total = total
        self.stream = stream
        self.every = every
        self.clock = clock
        self.done = 0
        self.start = self.last = clock()
        self.lines = 0

    def advance(self, games: int) -> None:
        """Count ``games`` more games done; write a line if ``every`` seconds have passed."""
        self.done += games
        now = self.clock()
        if now - self.last >= self.every:
            self.last = now
            self._write(now)

    def finish(self) -> None:
        """The last line, if any line was written and the count moved since."""
        if self.lines and self.done:
            self._write(self.clock())

    def _write(self, now: float) -> None:
        share = 100 * self.done // max(1, self.total)
        self.stream.write(
            f"{self.label}: {self.done}/{self.total} games, {share}%, {now - self.start:.0f} s\n"
        )
        self.stream.flush()
        self.lines += 1


@contextmanager
def progress(
    total: int, quiet: bool, label: str, command: str, every: float = PROGRESS_EVERY
) -> Iterator[tuple[Callable[[int], None], Callable[[str], None]]]:
    """Progress over ``total`` games: a bar on standard error when that is a terminal (its
    description ``label``), else progress lines every ``every`` seconds named by ``command``
    (``ProgressLines``); nothing when quiet. Yields a way to count games done and a way to
    rename what is being played (the bar's description; lines keep the command's name)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    if not quiet and not console.is_terminal:
        lines = ProgressLines(command, total, sys.stderr, every)
        yield lines.advance, lambda _: None
        lines.finish()
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield (
            lambda done: bar.advance(task, done),
            lambda description: bar.update(task, description=description),
        )
