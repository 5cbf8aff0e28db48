"""Sampled states: a state built from one seat's view gives that seat exactly the same view,
and plays on legally to the end."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaker import CHANCE, MatchmakerError, load_game
from matchmaker.core.game import State
from matchmaker.core.play import play_random
from matchmaker.games.clecanian.determinize import determinize as clecanian_determinize
from matchmaker.games.clecanian.determinize import unseen_cards
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.purrfect.determinize import determinize as purrfect_determinize
from matchmaker.games.purrfect.game import PurrfectGame
from tests.helpers import ev, purrfect


def step(state: State[Any], rng: random.Random) -> None:
    options = state.chance_choices() if state.to_act == CHANCE else state.legal_actions()
    state.apply(options[int(rng.random() * len(options))])


def same_view(original: Any, sampled: Any) -> None:
    """Everything but what the view reads from the game's history must agree: the event log,
    and in Purrfect Match the order of nominations and who matched whom (a sampled world has
    no history)."""
    assert (
        replace(sampled, log=(), nominated=(), matches=())
        == replace(original, log=(), nominated=(), matches=())
        if (hasattr(original, "nominated"))
        else replace(sampled, log=()) == replace(original, log=())
    )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 8), cut=st.integers(0, 200))
def test_purrfect_sample_gives_the_same_view(seed: int, players: int, cut: int) -> None:
    game = load_game("purrfect", players=players)
    assert isinstance(game, PurrfectGame)
    rng = random.Random(seed)
    state = game.new_state()
    while state.to_act == CHANCE:
        step(state, rng)
    for _ in range(cut):
        if state.is_over:
            break
        step(state, rng)
        while state.to_act == CHANCE:
            step(state, rng)
    if state.is_over:
        return
    for seat in range(players):
        view = state.view(seat)
        sampled = purrfect_determinize(game, view, random.Random(seed + seat))
        same_view(view, sampled.view(seat))
        assert sampled.targets()[seat] == state.targets()[seat]
        play_random(game, random.Random(seed), sampled)
        assert sampled.is_over


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 4),
    cut=st.integers(0, 400),
    epilogue=st.booleans(),
)
def test_clecanian_sample_gives_the_same_view(
    seed: int, players: int, cut: int, epilogue: bool
) -> None:
    game = load_game("clecanian", players=players, epilogue=epilogue, max_turns=60)
    assert isinstance(game, ClecanianGame)
    rng = random.Random(seed)
    state = game.new_state()
    while state.to_act == CHANCE:
        step(state, rng)
    for _ in range(cut):
        if state.is_over:
            break
        step(state, rng)
        while state.to_act == CHANCE and not state.is_over:
            step(state, rng)
    if state.is_over:
        return
    for seat in range(players):
        view = state.view(seat)
        sampled = clecanian_determinize(game, view, random.Random(seed + seat))
        same_view(view, sampled.view(seat))
        cards = [c for g in sampled.position.grid for c in g if c >= 0]
        cards += [game.options.deck.by_code[str(a.arg)] for a in sampled.position.stock]
        cards += sampled.position.discard
        assert len(cards) == len(set(cards))
        play_random(game, random.Random(seed), sampled)
        assert sampled.is_over


def test_purrfect_keeps_an_inspected_standing_candidate() -> None:
    """Candidates the proposer inspected keep their values in every sample."""
    hands = [[2, 5], [9, 3], [4, 6]]
    state = purrfect(
        hands,
        [
            ev(0, "present", value=2),
            ev(1, "nominate", value=9),
            ev(2, "nominate", value=4),
            ev(0, "pass"),
        ],
    )
    view = state.view(0)
    # Seat 0 passed on seat 1's 9 and is now looking at seat 2's 4.
    assert view.known_candidates == {1: 9, 2: 4}
    game = state.game
    seat_1_holds: Counter[int] = Counter()
    for k in range(200):
        sampled = purrfect_determinize(game, view, random.Random(k))
        assert (sampled.position.candidate[1], sampled.position.candidate[2]) == (9, 4)
        # The unseen cats 3 and 6 are in seat 1's and seat 2's hands, either way round.
        held = [v for v in range(11) if sampled.position.hands[1][v]]
        other = [v for v in range(11) if sampled.position.hands[2][v]]
        assert sorted(held + other) == [3, 6]
        seat_1_holds[held[0]] += 1
        assert sampled.targets()[0] == 7
    assert set(seat_1_holds) == {3, 6}
    assert all(70 <= count <= 130 for count in seat_1_holds.values())


def test_clecanian_unseen_cards_exclude_everything_in_sight() -> None:
    game = load_game("clecanian", players=2)
    assert isinstance(game, ClecanianGame)
    state = game.new_state()
    rng = random.Random(3)
    while state.phase != "draw":
        step(state, rng)
    view = state.view(0)
    unseen = unseen_cards(game, view)
    # Seat 1 turned up a joker (no woman showing: it went to the discard pile, 4S refilled its
    # place): 54 cards - 4 face up - 2 on the discard pile = 48 unseen, 16 face down + 32 stock.
    assert view.discard == ("9H", "BJ")
    assert len(unseen) == 48 == 16 + view.stock_size
    codes = {game.options.deck.cards[c].code for c in unseen}
    assert codes.isdisjoint({"KC", "8H", "4S", "QH", "9H", "BJ"})


def test_only_a_seat_after_the_deal_can_be_sampled() -> None:
    game = load_game("purrfect", players=3)
    assert isinstance(game, PurrfectGame)
    state = game.new_state()
    with pytest.raises(MatchmakerError, match="before the deal is complete"):
        purrfect_determinize(game, state.view(0), random.Random(0))
    while state.to_act == CHANCE:
        step(state, random.Random(1))
    with pytest.raises(MatchmakerError, match="not a spectator's"):
        purrfect_determinize(game, state.view(None), random.Random(0))
