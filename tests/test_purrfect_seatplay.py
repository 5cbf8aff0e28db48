"""The seat play-out plays Purrfect Match a second way (``bots/purrfect/seatplay``), every seat
as the greedy bot reading its own view: from worlds sampled at every phase of bot games, with
every deck, first proposer and table size, it must make the very decisions the real greedy bots
make through the engine in silence (each seat with its own numbers), event by event, and end
with the same scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

from matchmaker.bots import play_game
from matchmaker.bots.purrfect.greedy import PurrfectGreedy
from matchmaker.bots.purrfect.policy import DEFAULT_TUNING, V1_TUNING, Tuning
from matchmaker.bots.purrfect.seatplay import SeatPlayout
from matchmaker.games.purrfect.determinize import determinize
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.state import PurrfectState
from tests.test_purrfect_fastplay import TUNINGS, every_table, moments


def greedy_with(tuning: Tuning) -> type[PurrfectGreedy]:
    """The greedy bot with ``tuning``'s numbers."""

    return type("Tuned", (PurrfectGreedy,), {"tuning": tuning})


def engine_playout(state: PurrfectState, tunings: list[Tuning]) -> list[Any]:
    """``state`` played to the end through the engine by the real greedy bots, seat s with
    ``tunings[s]``, in silence: the events played."""
    game = state.game
    before = len(state.history.events)
    bots = [greedy_with(t)(game, s, 0) for s, t in enumerate(tunings)]
    end = play_game(game, bots, 0, state=state, table_talk=False).state
    assert isinstance(end, PurrfectState)
    return list(end.history.events[before:])


def assert_agree(state: PurrfectState, seat: int, rng: random.Random, worlds: int) -> None:
    """From ``seat``'s view: ``worlds`` sampled worlds and the true state, played out by the
    engine with the real bots and by the seat play-out (one for all of them), agree; each seat
    has numbers of its own, drawn from ``TUNINGS``."""
    game = state.game
    assert isinstance(game, PurrfectGame)
    tunings = [rng.choice(TUNINGS) for _ in range(game.players)]
    fast = SeatPlayout(game.players, game.options.deck, tunings)
    view = state.view(seat)
    for k in range(worlds + 1):
        world = state if k == worlds else determinize(game, view, rng)
        engine, mine = world.clone(), world.clone()
        expected = engine_playout(engine, tunings)
        trace: list[Any] = []
        scores = fast.run(mine, trace)
        assert trace == expected
        assert scores == engine.scores()
        assert mine.position == world.position, "the seat play-out leaves its state alone"


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_playouts_agree_with_the_real_bots(players: int) -> None:
    rng = random.Random(players)
    for _, state in every_table(players, rng):
        assert_agree(state, state.to_act, rng, worlds=3)


def test_every_seat_plays_with_its_own_numbers() -> None:
    """Seats with the first greedy numbers and seats with the hard bot's play differently, and
    the seat play-out follows each."""
    rng = random.Random(5)
    differ = 0
    for seed in range(6):
        state = moments(4, "default", 0, ("medium",), seed, after=4)[0]
        game = state.game
        assert isinstance(game, PurrfectGame)
        world = determinize(game, state.view(0), rng)
        traces = []
        for tunings in ([DEFAULT_TUNING] * 4, [DEFAULT_TUNING] + [V1_TUNING] * 3):
            trace: list[Any] = []
            SeatPlayout(4, game.options.deck, tunings).run(world, trace)
            assert trace == engine_playout(world.clone(), tunings)
            traces.append(trace)
        differ += traces[0] != traces[1]
    assert differ > 0
