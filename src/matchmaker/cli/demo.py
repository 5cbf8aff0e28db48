"""``matchmaker demo``: a game between random players, narrated in the terminal as a spectator
sees it."""

from __future__ import annotations

import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.words import seat_labels, words_for
from matchmaker.words.seats import HUMAN

#: Seconds between two narrated events at a terminal, at speed 1.
PAUSE = 0.6


def run_demo(game: Game[Any], seed: int, console: Console, speed: float = 1.0) -> None:
    """Play ``game`` with random decisions and narrate every public event; at a terminal the
    events come ``PAUSE / speed`` seconds apart (``speed`` 0: no pause)."""
    if not speed >= 0:
        raise OptionError(f"--speed must be 0 or more, not {speed}")
    pause = PAUSE / speed if speed and console.is_terminal else 0.0
    rng = random.Random(seed)
    words = words_for(game)
    names = seat_labels([HUMAN] * game.players)  # every seat plays at random: Seat 0, Seat 1…
    console.rule(f"[bold]{game.title}[/bold] — {game.players} random players, seed {seed}")
    driver = Driver(game)
    before = driver.state.public_view()
    while not driver.state.is_over:
        if driver.to_act == CHANCE:
            step = driver.deal(rng)
        else:
            step = driver.play(rng.choice(list(driver.legal())))
        after = driver.state.public_view()
        lines = words.narrate(step, before, after, names)
        for line in lines:
            console.print(line, highlight=False, markup=False)
        if lines and pause:
            time.sleep(pause)  # a person reads the game as it goes
        before = after
    status = driver.state.status()
    table = Table(title="Result")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    for seat, score in enumerate(status["scores"]):
        mark = " (winner)" if seat in status["winners"] else ""
        table.add_row(names[seat] + mark, str(score))
    console.print(table)
    console.print(words.result_line(status, names), highlight=False)
