"""Benchmarks (pytest-benchmark): run with `pytest tests/test_benchmarks.py --benchmark-enable`.

Under `make test` they run once each as plain tests; their figures go in docs/performance.md.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from matchmaker import load_game
from matchmaker.core.play import play_random


@pytest.mark.parametrize(("name", "players"), [("purrfect", 4), ("clecanian", 2)])
def test_random_game(benchmark: BenchmarkFixture, name: str, players: int) -> None:
    game = load_game(name, players=players)
    rng = random.Random(0)
    state = benchmark(play_random, game, rng)
    assert state.is_over


@pytest.mark.parametrize("name", ["purrfect", "clecanian"])
def test_clone_midgame(benchmark: BenchmarkFixture, name: str) -> None:
    game = load_game(name, players=4)
    state = game.new_state()
    rng = random.Random(1)
    for _ in range(60):
        options = state.chance_choices() if state.to_act == -1 else state.legal_actions()
        state.apply(rng.choice(list(options)))
    copy = benchmark(state.clone)
    assert copy.record() == state.record()
