"""The fast play-out plays the rules of Purrfect Match a second way (``bots/purrfect/fastplay``):
it must make the very decisions ``Playout`` makes through the engine, event by event (seat and
action), end with the same scores and count the same steps, from worlds sampled at every phase
of bot games with every deck, first proposer and table size."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from matchmaker import CHANCE, load_game
from matchmaker.bots import make_bot, play_game
from matchmaker.bots.purrfect.fastplay import FastPlayout, held_mask
from matchmaker.bots.purrfect.greedy import PurrfectGreedy
from matchmaker.bots.purrfect.knowledge import Pool, estimated_scores
from matchmaker.bots.purrfect.playout import Playout, reckoned_scores
from matchmaker.bots.purrfect.policy import DEFAULT_TUNING, V1_TUNING, Tuning
from matchmaker.games.purrfect.determinize import determinize
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.phases import Phase
from matchmaker.games.purrfect.state import PurrfectState

#: A custom deck, lopsided, with excess cards at most table sizes (at least 16 cards for 8).
CUSTOM = [1, 1, 1, 2, 2, 3, 5, 5, 5, 5, 7, 8, 9, 9, 9, 9, 10, 10, 10, 10, 10]
DECKS: list[Any] = ["default", "faq38", CUSTOM]
#: The bots whose games the worlds are sampled from, one kind per seat in turn.
TABLES = [("medium",), ("random",), ("greedy", "random"), ("random", "medium", "medium")]
#: The play-outs' numbers: the hard bot's, strong-v1's, and odd ones (equal weights, a slope).
TUNINGS = [
    DEFAULT_TUNING,
    V1_TUNING,
    Tuning(keep=0.5, keep_slope=0.3, rival=0.3, leader=0.3, late_cats=3, late_keep=0.0),
]
ROUND_PHASES = {Phase.PRESENT, Phase.NOMINATE, Phase.INSPECT, Phase.RESPOND}


def bot_game(
    players: int, deck: Any, first: int | str, kinds: tuple[str, ...], seed: int, decisions: int
) -> PurrfectState | None:
    """The state after the deal and about ``decisions`` decisions of a bot game (None if it
    is over by then)."""
    game = load_game("purrfect", players=players, deck=deck, first_proposer=first)
    assert isinstance(game, PurrfectGame)
    bots = [make_bot(kinds[seat % len(kinds)], game, seat, seed) for seat in range(players)]
    deal = len(game.options.deck) + 1
    state = play_game(game, bots, seed, max_events=deal + decisions).state
    assert isinstance(state, PurrfectState)
    if state.is_over or state.to_act == CHANCE:
        return None
    return state


def assert_agree(
    state: PurrfectState,
    seat: int,
    rng: random.Random,
    worlds: int,
    tuning: Tuning = DEFAULT_TUNING,
) -> None:
    """From ``seat``'s view: ``worlds`` sampled worlds, and the true state itself, played out
    by both play-outs (one of each for all of them, as a search does) agree."""
    game = state.game
    assert isinstance(game, PurrfectGame)
    reading = PurrfectGreedy(game, seat, 0).read(state.view(seat))
    slow = Playout(game.players, reading.pool, tuning)
    fast = FastPlayout(game.players, reading.pool, tuning)
    for k in range(worlds + 1):
        world = state if k == worlds else determinize(game, reading.view, rng)
        engine, mine = world.clone(), world.clone()
        before = len(engine.history.events)
        expected = slow.run(engine)
        trace: list[Any] = []
        scores = fast.run(mine, trace)
        assert trace == engine.history.events[before:]
        assert scores == expected
        assert fast.steps == slow.steps
        assert mine.position == world.position, "the fast play-out leaves its state alone"


def moments(
    players: int, deck: Any, first: int | str, kinds: tuple[str, ...], seed: int, after: int
) -> list[PurrfectState]:
    """Copies of a bot game's state at the first moment of each phase of a round from the
    ``after``-th decision on, and again from 30 decisions later (as far as the game goes)."""
    game = load_game("purrfect", players=players, deck=deck, first_proposer=first)
    bots = [make_bot(kinds[seat % len(kinds)], game, seat, seed) for seat in range(players)]
    found: dict[tuple[Phase, bool], PurrfectState] = {}

    def note(state: Any, actor: int, action: Any) -> None:
        phase = state.position.phase
        decisions = state.decision_count()
        key = (phase, decisions >= after + 30)
        if decisions >= after and phase in ROUND_PHASES and key not in found:
            found[key] = state.clone()

    play_game(game, bots, seed, on_event=note)
    return list(found.values())


def every_table(players: int, rng: random.Random) -> list[tuple[int, PurrfectState]]:
    """States of bot games with every deck and first proposer (``moments``), each with the
    index of its first proposer's kind (0: the last seat, 1: drawn at random); checked to
    cover every phase of a round."""
    found: list[tuple[int, PurrfectState]] = []
    firsts: tuple[int | str, ...] = (players - 1, "random")
    for d, deck in enumerate(DECKS):
        for f, first in enumerate(firsts):
            seed = 100 * players + 10 * d + f
            kinds = TABLES[(seed + d) % len(TABLES)]
            for state in moments(players, deck, first, kinds, seed, after=rng.randrange(12)):
                found.append((f, state))
    assert {state.position.phase for _, state in found} == ROUND_PHASES
    return found


@pytest.mark.parametrize("players", range(2, 9))
def test_fast_playouts_agree_with_the_engine(players: int) -> None:
    rng = random.Random(players)
    for f, state in every_table(players, rng):
        assert_agree(state, state.to_act, rng, worlds=6, tuning=TUNINGS[f])


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 8),
    deck=st.sampled_from(range(len(DECKS))),
    first=st.sampled_from(["seat", "random"]),
    table=st.sampled_from(range(len(TABLES))),
    decisions=st.integers(0, 130),
    viewer=st.integers(0, 7),
    tuning=st.sampled_from(TUNINGS),
)
def test_fast_playouts_agree_from_any_seat_at_any_point(
    seed: int,
    players: int,
    deck: int,
    first: str,
    table: int,
    decisions: int,
    viewer: int,
    tuning: Tuning,
) -> None:
    proposer: int | str = seed % players if first == "seat" else "random"
    state = bot_game(players, DECKS[deck], proposer, TABLES[table], seed, decisions)
    event(state.position.phase.value if state is not None else "over")
    if state is None:
        return
    assert_agree(state, viewer % players, random.Random(seed), worlds=2, tuning=tuning)


def test_a_finished_game_plays_no_step() -> None:
    game = load_game("purrfect", players=3)
    bots = [make_bot("medium", game, seat, 1) for seat in range(3)]
    over = play_game(game, bots, 1).state
    assert isinstance(over, PurrfectState) and over.is_over
    playout = FastPlayout(3, Pool.of(Counter(range(1, 11))), DEFAULT_TUNING)
    trace: list[Any] = []
    assert playout.run(over, trace) == over.scores()
    assert trace == [] and playout.steps == 0


def test_a_playout_starts_after_the_deal() -> None:
    game = load_game("purrfect", players=3)
    assert isinstance(game, PurrfectGame)
    playout = FastPlayout(3, Pool.of(Counter(game.options.deck)), DEFAULT_TUNING)
    with pytest.raises(ValueError, match="after the deal"):
        playout.run(game.new_state())


def test_a_hand_mask_has_a_bit_per_value_held() -> None:
    assert held_mask([0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1]) == (1 << 1) | (1 << 3) | (1 << 10)
    assert held_mask([0] * 11) == 0


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_play_out_reckons_the_others_scores_as_their_views_show_them(players: int) -> None:
    """What a play-out's seat reckons another seat's score to be (``reckoned_scores``) is what
    a real seat estimates from its view (``estimated_scores``) with the same mean."""
    rng = random.Random(players)
    checked = 0
    for state in moments(players, "default", 0, ("medium",), players, after=rng.randrange(8)):
        for mean in (4.25, 5.5):
            reckoned = reckoned_scores(state, mean)
            for viewer in range(players):
                estimated = estimated_scores(state.view(viewer), mean)
                for seat in range(players):
                    if seat != viewer:
                        assert reckoned[seat] == pytest.approx(estimated[seat])
                        checked += 1
                assert estimated[viewer] == state.scores()[viewer]
    assert checked


def test_play_outs_that_reckon_the_lead_play_otherwise_than_on_the_true_scores() -> None:
    """``Tuning.reckon_scores`` reaches both play-outs: from the same worlds, reckoning the
    others' scores changes some play-outs (who leads sets the partner weights), and the fast
    play-out follows the engine's either way (``assert_agree`` above covers every world)."""
    reckoning, true_scores = DEFAULT_TUNING, replace(DEFAULT_TUNING, reckon_scores=False)
    rng = random.Random(4)
    differ = 0
    for state in moments(4, "default", 0, ("medium",), 4, after=0):
        game = state.game
        assert isinstance(game, PurrfectGame)
        pool = PurrfectGreedy(game, state.to_act, 0).read(state.view(state.to_act)).pool
        for _ in range(10):
            world = determinize(game, state.view(state.to_act), rng)
            traces = []
            for tuning in (reckoning, true_scores):
                trace: list[Any] = []
                FastPlayout(4, pool, tuning).run(world, trace)
                engine = world.clone()
                before = len(engine.history.events)
                Playout(4, pool, tuning).run(engine)
                assert trace == engine.history.events[before:]
                traces.append(trace)
            differ += traces[0] != traces[1]
    assert differ
