"""Drivers that supply decisions and chance: seeded, so the same seed plays the same game."""

from __future__ import annotations

import random
from typing import Any

from matchmaker.core.actions import CHANCE
from matchmaker.core.game import Game, State


def sample_chance(state: State[Any], rng: random.Random) -> None:
    """Apply one chance outcome drawn with its true probability from ``rng``."""
    choices = state.chance_choices()
    state.apply(choices[int(rng.random() * len(choices))])


def play_random(game: Game[Any], rng: random.Random, state: State[Any] | None = None) -> State[Any]:
    """Play a game to the end with a uniformly random legal action at every decision and
    chance outcomes drawn from ``rng``; returns the final state."""
    if state is None:
        state = game.new_state()
    uniform = rng.random
    while not state.is_over:
        options = state.chance_choices() if state.to_act == CHANCE else state.legal_actions()
        state.apply(options[int(uniform() * len(options))])
    return state
