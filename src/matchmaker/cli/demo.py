"""``matchmaker demo``: a game between random players, narrated in the terminal."""

from __future__ import annotations

import random

from rich.console import Console
from rich.table import Table

from matchmaker.cli.narrate import (
    grid_lines,
    narrate_clecanian,
    narrate_purrfect,
    purrfect_round_end,
    seat_name,
    summary_line,
)
from matchmaker.core.actions import CHANCE
from matchmaker.core.game import Game
from matchmaker.core.play import sample_chance
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.purrfect.state import PurrfectState


def run_demo(game: Game, seed: int, console: Console) -> None:
    """Play ``game`` with random decisions and narrate every public event."""
    rng = random.Random(seed)
    console.rule(f"[bold]{game.title}[/bold] — {game.players} random players, seed {seed}")
    state = game.new_state()
    while state.to_act == CHANCE:  # the deal
        sample_chance(state, rng)
    if isinstance(state, PurrfectState):
        _purrfect(state, rng, console)
    elif isinstance(state, ClecanianState):
        _clecanian(state, rng, console)
    status = state.status()
    table = Table(title="Result")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    for seat, score in enumerate(status["scores"]):
        mark = " (winner)" if seat in status["winners"] else ""
        table.add_row(seat_name(seat) + mark, str(score))
    console.print(table)
    console.print(summary_line(status))


def _purrfect(state: PurrfectState, rng: random.Random, console: Console) -> None:
    targets = ", ".join(f"{seat_name(s)} {t}" for s, t in enumerate(state.targets()))
    console.print(f"Targets (secret until the end): {targets}")
    while not state.is_over:
        before = state.public_view()
        actor = state.to_act
        action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        after = state.public_view()
        console.print(narrate_purrfect(before, actor, action, after))
        lonely = purrfect_round_end(before, after)
        if lonely:
            console.print(f"[dim]{lonely}[/dim]")


def _clecanian(state: ClecanianState, rng: random.Random, console: Console) -> None:
    assert isinstance(state.game, ClecanianGame)
    deck = state.game.options.deck
    shown_round = -1
    while not state.is_over:
        if state.round != shown_round:
            shown_round = state.round
            console.rule(f"Round {shown_round + 1}, dealer {seat_name(state.view(None).dealer)}")
        before = state.public_view()
        actor = state.to_act
        if actor == CHANCE:
            choices = state.chance_choices()
            action = choices[int(rng.random() * len(choices))]
        else:
            action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        after = state.public_view()
        line = narrate_clecanian(deck, before, actor, action, after)
        if line:
            console.print(line)
        if after.round_scores != before.round_scores:
            _round_end(state, console)


def _round_end(state: ClecanianState, console: Console) -> None:
    view = state.public_view()
    console.print("[bold]End of the round.[/bold]")
    for seat, score in enumerate(view.round_scores[-1]):
        rows = grid_lines(view.previous_grids[seat], view.columns)
        console.print(f"{seat_name(seat)}: {rows[0]}")
        console.print(f"{' ' * len(seat_name(seat))}  {rows[1]}   scores [bold]{score}[/bold]")
