"""Narration tells every event of random games without failing, round ends included."""

from __future__ import annotations

import random
from typing import Any

from matchmaker.cli.narrate import narrate_event
from matchmaker.core.actions import CHANCE
from matchmaker.core.registry import load_game


def narrate_random_game(name: str, seed: int, **options: Any) -> list[tuple[str, list[str]]]:
    """Every (action name, narration) of a random game, told from the public views."""
    game = load_game(name, **options)
    state = game.new_state()
    rng = random.Random(seed)
    told = []
    while not state.is_over:
        actor = state.to_act
        choices = state.chance_choices() if actor == CHANCE else state.legal_actions()
        action = choices[rng.randrange(len(choices))]
        before = state.public_view()
        state.apply(action)
        lines = narrate_event(game, before, actor, action, state.public_view())
        told.append((action.name, lines))
    return told


def test_clecanian_round_ends_are_told_from_the_grids_as_they_ended() -> None:
    enders = []
    for seed in range(40):
        told = narrate_random_game("clecanian", seed, rounds=2)
        for index, (name, lines) in enumerate(told):
            if any(line.startswith("End of round") for line in lines):
                enders.append((name, lines[0]))
            assert all(isinstance(line, str) and line for line in lines), (seed, index)
    assert enders, "no round ended in 40 games"
    for name, line in enders:
        if name in ("discard", "swap"):
            assert "discard" in line and "a face-down card at" not in line, line


def test_purrfect_games_are_told_to_the_end() -> None:
    for seed in range(20):
        told = narrate_random_game("purrfect", seed, players=3)
        assert any("game is over" in line for _, lines in told for line in lines)
