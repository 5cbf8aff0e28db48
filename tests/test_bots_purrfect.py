"""The Purrfect Match bots: legal play at every table size, determinism, views only, the greedy
rules on hand-built deals, and table talk with trust."""

from __future__ import annotations

import gc
import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaker import load_game
from matchmaker.analysis.purrfect import PurrfectEvaluator
from matchmaker.bots import Bot, Claim, RandomBot, bot_class, play_game
from matchmaker.bots.purrfect import strong as strong_module
from matchmaker.bots.purrfect.fastplay import FastPlayout
from matchmaker.bots.purrfect.greedy import PurrfectGreedy, PurrfectGreedyV1, Reading
from matchmaker.bots.purrfect.knowledge import Pool
from matchmaker.bots.purrfect.playout import partner_weights
from matchmaker.bots.purrfect.policy import (
    DEFAULT_TUNING,
    V1_TUNING,
    Rules,
    Tuning,
    cats_in_play,
    hand_counts,
    partner_weight,
    weights_both_ways,
)
from matchmaker.bots.purrfect.seatplay import SeatPlayout
from matchmaker.bots.purrfect.strong import (
    ModelSpread,
    PurrfectStrong,
    PurrfectStrongV1,
    play_models,
)
from matchmaker.bots.purrfect.worlds import ForeseenWorlds, foreseen_seats
from matchmaker.bots.runner import seat_seed
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.purrfect.determinize import WorldSampler, determinize
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView
from matchmaker.sim.runs import GameSpec, play_spec_record
from tests.helpers import ev, p_act, purrfect


class TinyStrong(PurrfectStrong):
    """The strong bot with the smallest search: one imagined deal per decision."""

    min_samples: ClassVar[int] = 1

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        super().__init__(game, seat, seed, budget=0)


class ViewsOnly(Bot[Any]):
    """Wraps a bot and checks that it is only ever handed views, claims and redacted actions."""

    def __init__(self, inner: Bot[Any]) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.decisions = 0

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        assert type(view) is PurrfectView
        assert view.seat == self.seat
        assert not isinstance(view, PurrfectState)
        self.decisions += 1
        return self.inner.choose(view, legal)

    def observe(self, actor: int, action: Action) -> None:
        assert isinstance(action, Action)
        self.inner.observe(actor, action)

    def speak(self, view: Any) -> Claim | None:
        assert type(view) is PurrfectView
        return self.inner.speak(view)

    def hear(self, claim: Claim) -> None:
        assert isinstance(claim, Claim)
        self.inner.hear(claim)


LINEUP: list[type[Bot[Any]]] = [PurrfectGreedy, TinyStrong, RandomBot]


def seated(game: Game[Any], seed: int, kinds: Sequence[type[Bot[Any]]]) -> list[Bot[Any]]:
    return [kind(game, seat, seat_seed(seed, seat)) for seat, kind in enumerate(kinds)]


# ------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players", range(2, 9))
def test_every_bot_finishes_games_of_every_size(players: int) -> None:
    game = load_game("purrfect", players=players)
    for seed in (1, 2):
        kinds = [LINEUP[(seat + seed) % 3] for seat in range(players)]
        bots = [ViewsOnly(bot) for bot in seated(game, seed, kinds)]
        played = play_game(game, bots, seed)
        assert played.state.is_over
        assert all(bot.decisions > 0 for bot in bots)


@pytest.mark.parametrize("players", [3, 5])
def test_greedy_tables_finish_and_talk(players: int) -> None:
    game = load_game("purrfect", players=players)
    for seed in range(3):
        played = play_game(game, seated(game, seed, [PurrfectGreedy] * players), seed)
        assert played.state.is_over
        assert played.talk, "greedy tells the proposer when it wants the match"
        assert all(1 <= claim.value <= 10 for claim in played.talk)


class Counting(PurrfectGreedy):
    """A greedy bot that counts the times it is asked to speak and the claims it hears."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked = 0
        self.heard = 0

    def speak(self, view: PurrfectView) -> Claim | None:
        self.asked += 1
        return super().speak(view)

    def hear(self, claim: Claim) -> None:
        self.heard += 1
        super().hear(claim)


def test_a_silent_game_has_no_table_talk() -> None:
    game = load_game("purrfect", players=4)
    talking = [Counting(game, seat, seat) for seat in range(4)]
    spoken = play_game(game, talking, 3)
    assert spoken.talk and all(bot.asked and bot.heard for bot in talking)
    silent = [Counting(game, seat, seat_seed(3, seat)) for seat in range(4)]
    played = play_game(game, silent, 3, table_talk=False)
    assert played.state.is_over
    assert played.talk == [] and played.record()["meta"]["talk"] == []
    assert all(bot.asked == 0 and bot.heard == 0 for bot in silent)
    outcome, _ = play_spec_record(game, GameSpec(0, 3, ("greedy",) * 4, talk=False), False)
    assert outcome.scores == tuple(played.state.result().scores)


def test_the_same_seed_plays_the_same_game() -> None:
    game = load_game("purrfect", players=3)
    kinds: list[type[Bot[Any]]] = [TinyStrong, PurrfectGreedy, PurrfectGreedy]
    first = play_game(game, seated(game, 7, kinds), 7).record()
    second = play_game(game, seated(game, 7, kinds), 7).record()
    assert first == second
    other = play_game(game, seated(game, 8, kinds), 8).record()
    assert other["deal"] != first["deal"]


def test_the_registry_knows_the_purrfect_bots() -> None:
    assert bot_class("greedy", "purrfect") is PurrfectGreedy
    assert bot_class("medium", "purrfect") is PurrfectGreedy
    assert bot_class("strong", "purrfect") is PurrfectStrong
    assert bot_class("hard", "purrfect") is PurrfectStrong
    assert bot_class("greedy-v1", "purrfect") is PurrfectGreedyV1
    assert bot_class("strong-v1", "purrfect") is PurrfectStrongV1


def test_the_purrfect_bots_refuse_another_game() -> None:
    with pytest.raises(OptionError, match="does not play clecanian"):
        bot_class("matchmaker.bots.purrfect.greedy:PurrfectGreedy", "clecanian")
    with pytest.raises(OptionError, match="cannot play clecanian"):
        PurrfectGreedy(load_game("clecanian", players=2), 0)


def test_strong_budget_is_a_constructor_argument() -> None:
    game = load_game("purrfect", players=3)
    assert PurrfectStrong(game, 0).search_budget == PurrfectStrong.budget
    assert PurrfectStrong(game, 0, budget=123).search_budget == 123
    assert PurrfectStrong(game, 0).seconds is None  # a seed gives one game by default
    assert PurrfectStrong(game, 0, seconds=0.25).seconds == 0.25
    assert PurrfectStrong(game, 0).model_count == PurrfectStrong.models == 16
    assert PurrfectStrong(game, 0, models=4, views=0).model_count == 4
    assert PurrfectStrongV1(game, 0).model_count == 1


def test_play_models_are_drawn_around_the_bot_s_own_numbers() -> None:
    spread = ModelSpread(keep=(0.25, 0.25), rival=(0.1, 0.1), leader=(0.1, 0.15))
    models = play_models(DEFAULT_TUNING, spread, 16, random.Random(7))
    assert len(models) == 16
    assert len({(m.keep, m.rival, m.leader) for m in models}) == 16
    for model in models:
        assert 0.5 <= model.keep <= 1.0
        assert 0.1 <= model.rival <= 0.3
        assert 0.15 <= model.leader <= 0.4
        own = DEFAULT_TUNING
        assert replace(model, keep=own.keep, rival=own.rival, leader=own.leader) == own
    assert play_models(DEFAULT_TUNING, spread, 16, random.Random(7)) == models
    assert play_models(DEFAULT_TUNING, spread, 1, random.Random(7)) == [DEFAULT_TUNING]
    # A number is never drawn below zero.
    low = play_models(Tuning(rival=0.0), ModelSpread(rival=(1.0, 0.0)), 8, random.Random(1))
    assert all(m.rival == 0.0 for m in low)


class LoggedPlayout:
    """A FastPlayout (compiled or not) that logs the numbers of each play-out it plays."""

    def __init__(self, inner: FastPlayout, log: list[Tuning]) -> None:
        self.inner = inner
        self.log = log

    @property
    def steps(self) -> int:
        return self.inner.steps

    def run(self, state: PurrfectState) -> list[int]:
        self.log.append(self.inner.tuning)
        return self.inner.run(state)


class PlayoutLog:
    """Stands in for FastPlayout in the strong bot's module and logs the numbers each
    play-out was played with."""

    def __init__(self) -> None:
        self.runs: list[Tuning] = []

    def __call__(self, players: int, pool: Pool, tuning: Tuning) -> LoggedPlayout:
        return LoggedPlayout(FastPlayout(players, pool, tuning), self.runs)


def models_by_deal(runs: list[Tuning], per_deal: int, models: int) -> list[Tuning]:
    """The numbers each imagined deal was played with, from a log of ``per_deal`` play-outs a
    deal, checked: every action of a deal with the same set, deal k with set k mod ``models``,
    ``models`` sets in all, none of them foreseeing the nominations."""
    played = runs[::per_deal]
    assert all(runs[k] == played[k // per_deal] for k in range(len(runs)))
    assert all(played[k] == played[k % models] for k in range(len(played)))
    assert len(set(played)) == models
    assert not any(tuning.foresee_nominations for tuning in played)
    return played


@pytest.mark.parametrize("models", [1, 3, 16])
def test_imagined_deal_k_is_played_with_model_k_mod_models(
    monkeypatch: pytest.MonkeyPatch, models: int
) -> None:
    log = PlayoutLog()
    monkeypatch.setattr(strong_module, "FastPlayout", log)
    state = purrfect(THREE)
    legal = state.legal_actions()
    bot = CountingStrong(state.game, 0, "models", budget=4000, models=models, views=0)
    bot.choose(state.view(0), legal)
    per_deal = len(legal)  # no pruning on three actions with two finalists and greedy's
    assert len(log.runs) == bot.imagined * per_deal > models
    played = models_by_deal(log.runs, per_deal, models)
    # Its own decisions foresee the nominations; its play-outs' proposers do not.
    assert bot.tuning.foresee_nominations
    if models == 1:
        assert played[0] == replace(bot.tuning, foresee_nominations=False)
    first = list(log.runs)
    log.runs.clear()
    again = CountingStrong(state.game, 0, "models", budget=4000, models=models, views=0)
    again.choose(state.view(0), legal)
    assert log.runs == first  # drawn from the bot's seeded stream: same seed, same models


class SeatLog:
    """Stands in for SeatPlayout in the strong bot's module and logs the numbers of the
    seats of each play-out played."""

    def __init__(self) -> None:
        self.runs: list[tuple[Tuning, ...]] = []

    def __call__(self, *args: Any) -> LoggedSeats:
        return LoggedSeats(SeatPlayout(*args), self.runs)


class LoggedSeats:
    """A SeatPlayout (compiled or not) that logs the numbers of its seats at each play-out."""

    def __init__(self, inner: SeatPlayout, log: list[tuple[Tuning, ...]]) -> None:
        self.inner = inner
        self.log = log

    @property
    def steps(self) -> int:
        return self.inner.steps

    def run(self, state: PurrfectState) -> list[int]:
        self.log.append(self.inner.tunings)
        return self.inner.run(state)


def patterns_by_deal(runs: list[tuple[Tuning, ...]], per_deal: int, seat: int) -> list[Any]:
    """The numbers each imagined deal's seats played with, from a log of ``per_deal``
    play-outs a deal, checked: every action of a deal alike, the seat itself with its own
    numbers, the others' kinds cycling through every pattern of ``PurrfectStrong.others``."""
    played = runs[::per_deal]
    assert all(runs[k] == played[k // per_deal] for k in range(len(runs)))
    players = len(played[0])
    patterns = len(PurrfectStrong.others) ** (players - 1)
    assert all(played[k] == played[k % patterns] for k in range(len(played)))
    assert len(set(played[:patterns])) == patterns
    assert all(tunings[seat] == PurrfectStrong.tuning for tunings in played)
    assert {t for tunings in played for t in tunings} == {
        PurrfectStrong.tuning,
        *PurrfectStrong.others,
    }
    return played


def test_seat_play_outs_imagine_the_others_as_each_kind_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = SeatLog()
    monkeypatch.setattr(strong_module, "SeatPlayout", log)
    state = purrfect(THREE)
    legal = state.legal_actions()
    bot = CountingStrong(state.game, 0, "seats", budget=4000)
    bot.choose(state.view(0), legal)
    per_deal = len(legal)  # no pruning on three actions with two finalists and greedy's
    assert len(log.runs) == bot.imagined * per_deal > 4
    patterns_by_deal(log.runs, per_deal, 0)
    first = list(log.runs)
    log.runs.clear()
    CountingStrong(state.game, 0, "seats", budget=4000).choose(state.view(0), legal)
    assert log.runs == first  # the order of the patterns comes from the bot's seeded stream


def test_the_review_plays_its_worlds_with_hard_s_shared_play_out_models(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's evaluator judges with `hard`'s play-outs on one shared picture
    (`views=0`, for speed): world k with model k mod their number, none of them foreseeing the
    nominations, drawn from the review's seeded stream."""
    log = PlayoutLog()
    monkeypatch.setattr(strong_module, "FastPlayout", log)
    state = purrfect(THREE)
    legal = state.legal_actions()
    evaluator = PurrfectEvaluator(state.game, 0, "review")
    evaluation = evaluator.evaluate(state.view(0), legal, 40, random.Random(3))
    per_world = len(legal)
    assert evaluation.worlds == 40 and len(log.runs) == 40 * per_world
    models = PurrfectStrong.models
    played = models_by_deal(log.runs, per_world, models)
    # The very sets `hard@views=0` draws first from that stream, around its own numbers.
    hard = PurrfectStrong(state.game, 0, views=0)
    own = replace(hard.tuning, foresee_nominations=False)
    assert played[:models] == play_models(own, hard.model_spread, models, random.Random(3))
    first = list(log.runs)
    log.runs.clear()
    evaluator.evaluate(state.view(0), legal, 40, random.Random(3))
    assert log.runs == first


def test_shared_play_out_models_are_asked_for_with_views_0() -> None:
    game = load_game("purrfect", players=3)
    assert PurrfectStrong(game, 0).by_seat
    assert PurrfectStrong(game, 0).search_budget == PurrfectStrong.budget
    shared = PurrfectStrong(game, 0, views=0, models=3)
    assert not shared.by_seat and shared.model_count == 3
    assert shared.search_budget == strong_module.SHARED_BUDGET
    assert not PurrfectStrongV1(game, 0).by_seat
    assert PurrfectStrongV1(game, 0, views=1).search_budget == strong_module.SEAT_BUDGET
    with pytest.raises(OptionError, match="ask for views=0"):
        PurrfectStrong(game, 0, models=3)
    with pytest.raises(OptionError, match=r"views must be 1 .* or 0"):
        PurrfectStrong(game, 0, views=2)


def test_strong_v1_plays_out_with_its_own_numbers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    log = PlayoutLog()
    monkeypatch.setattr(strong_module, "FastPlayout", log)
    state = purrfect(THREE)
    PurrfectStrongV1(state.game, 0, 1, budget=2000).choose(state.view(0), state.legal_actions())
    assert log.runs and set(log.runs) == {PurrfectStrongV1.tuning}


@pytest.mark.parametrize("models", [0, PurrfectStrong.max_samples + 1])
def test_models_out_of_range_are_refused(models: int) -> None:
    with pytest.raises(OptionError, match="models must be from 1 to 1000"):
        PurrfectStrong(load_game("purrfect", players=3), 0, models=models)


class CountingStrong(PurrfectStrong):
    """The strong bot, keeping the imagined deals of its last search (weight, outcomes)."""

    def pick(self, samples: list[Any], active: list[int], fallback: int) -> int:
        self.imagined = len(samples)
        self.samples = samples
        return super().pick(samples, active, fallback)


def test_a_time_budget_still_imagines_the_minimum_of_deals() -> None:
    state = purrfect(THREE)
    bot = CountingStrong(state.game, 0, 1, budget=10**9, seconds=0.0)
    assert bot.choose(state.view(0), state.legal_actions()) in state.legal_actions()
    assert bot.imagined == PurrfectStrong.min_samples


def test_the_search_pauses_the_collector_and_restores_it() -> None:
    """The play-outs run with the cyclic garbage collector paused (``CollectorPaused``); it
    runs again once the decision is made."""

    class Watching(CountingStrong):
        def pick(self, samples: list[Any], active: list[int], fallback: int) -> int:
            self.collecting = gc.isenabled()
            return super().pick(samples, active, fallback)

    state = purrfect(THREE)
    bot = Watching(state.game, 0, 1, budget=500)
    assert gc.isenabled()
    bot.choose(state.view(0), state.legal_actions())
    assert bot.imagined >= PurrfectStrong.min_samples and not bot.collecting
    assert gc.isenabled()


def test_strong_decides_on_the_information_set_only() -> None:
    """Two deals that differ only in cats seat 0 cannot see give it the same view and, for
    the same seed, the same decisions: presenting, and inspecting a candidate."""
    hands = [[1, 5, 9], [2, 6, 7], [3, 4, 8]]
    twins = [[[1, 5, 9], [2, 6, 8], [3, 4, 7]], [[1, 5, 9], [2, 3, 6], [4, 7, 8]]]
    nominations = [ev(0, "present", value=9), ev(1, "nominate", value=6)]
    for events in ([], [*nominations, ev(2, "nominate", value=4)]):
        states = [purrfect(deal, events, deck=list(range(1, 10))) for deal in (hands, *twins)]
        assert all(s.view(0) == states[0].view(0) for s in states)
        for seed in range(3):
            bots = [CountingStrong(s.game, 0, f"same/{seed}", budget=3000) for s in states]
            pairs = zip(bots, states, strict=True)
            choices = {bot.choose(s.view(0), s.legal_actions()) for bot, s in pairs}
            assert len(choices) == 1
            # Not only the choice: every imagined deal's weight and outcomes are the same.
            assert bots[0].samples and all(bot.samples == bots[0].samples for bot in bots)


# ------------------------------------------------------------------ greedy on hand-built deals
def greedy_at(state: PurrfectState, seat: int | None = None) -> Action:
    """What a fresh greedy bot does at the seat to act."""
    seat = state.to_act if seat is None else seat
    bot = PurrfectGreedy(state.game, seat)
    return bot.choose(state.view(seat), state.legal_actions())


# Two players: every point the other gets is a point of lead, so greedy trades only when it
# comes out ahead (or level).
TWO = [[3, 8], [5, 6]]


def test_two_players_present_the_lowest_cat() -> None:
    assert greedy_at(purrfect(TWO)) == p_act("present", 3)


def test_two_players_nominate_the_lowest_cat_when_no_proposal_can_come() -> None:
    # Against an 8 the proposer would never propose to a 5 or a 6 (it would give more than
    # it gets), so greedy gives nothing away: the 5.
    state = purrfect(TWO, [ev(0, "present", value=8)])
    assert greedy_at(state) == p_act("nominate", 5)


@pytest.mark.parametrize(("cat", "expected"), [(8, "pass"), (3, "propose")])
def test_two_players_propose_only_to_a_better_cat(cat: int, expected: str) -> None:
    state = purrfect(TWO, [ev(0, "present", value=cat), ev(1, "nominate", value=5)])
    assert greedy_at(state) == p_act(expected)


@pytest.mark.parametrize(("cat", "expected"), [(3, "reject"), (8, "accept")])
def test_two_players_accept_only_a_better_cat(cat: int, expected: str) -> None:
    events = [ev(0, "present", value=cat), ev(1, "nominate", value=5), ev(0, "propose")]
    assert greedy_at(purrfect(TWO, events)) == p_act(expected)


# Three players, deck 1..9: seat 0 holds 1 5 9, seat 1 holds 2 6 7, seat 2 holds 3 4 8.
THREE = [[1, 5, 9], [2, 6, 7], [3, 4, 8]]


def test_three_players_present_the_cat_most_likely_to_be_accepted() -> None:
    # A cat in hand is worth the same kept whatever its value, and a 9 gets accepted most.
    assert greedy_at(purrfect(THREE)) == p_act("present", 9)


@pytest.mark.parametrize(
    ("cat", "seat1", "seat2"),
    [
        (1, 2, 3),  # a 1 is not worth a match: each gives away nothing, its lowest cat
        (5, 2, 3),  # nor is a 5 (less than a kept cat plus what the proposer gains)
        (9, 6, 8),  # a 9 is: each offers the best cat it is still glad to trade
    ],
)
def test_three_players_nominate_by_the_cat_on_show(cat: int, seat1: int, seat2: int) -> None:
    state = purrfect(THREE, [ev(0, "present", value=cat)])
    assert greedy_at(state) == p_act("nominate", seat1)
    state.apply(p_act("nominate", 2))
    assert greedy_at(state) == p_act("nominate", seat2)


@pytest.mark.parametrize(
    ("cat", "first", "expected"),
    [
        # Scores are level, so every partner counts as a leader: 0.25.
        # 2 - 0.25 * 5 = 0.75 does not beat seat 2: it does not want a 5 either, so it offers
        # its lowest cat, a 3 in 3 of the 5 hands it may hold, and takes a 5 for a 3:
        # 0.6 * (3 - 1.25) = 1.05.
        (5, 2, "pass"),
        (5, 6, "propose"),  # 6 - 1.25 = 4.75 beats what the last candidate promises
        # 6 - 0.25 * 9 = 3.75 is less than seat 2 promises: a 9 is worth a match to it too,
        # so it offers its best cat, an 8 in 3 of the 5 hands it may hold (8 - 2.25 = 5.75).
        (9, 6, "pass"),
    ],
)
def test_three_players_propose_only_when_the_rest_promise_less(
    cat: int, first: int, expected: str
) -> None:
    events = [ev(0, "present", value=cat), ev(1, "nominate", value=first)]
    events.append(ev(2, "nominate", value=3))
    assert greedy_at(purrfect(THREE, events)) == p_act(expected)


def test_the_first_numbers_pass_where_a_leader_counted_more() -> None:
    # greedy-v1 counts a leading partner's gain 0.4: 2 - 0.4 * 5 = 0, nothing gained.
    events = [ev(0, "present", value=5), ev(1, "nominate", value=2)]
    state = purrfect(THREE, [*events, ev(2, "nominate", value=3)])
    bot = PurrfectGreedyV1(state.game, 0)
    assert bot.choose(state.view(0), state.legal_actions()) == p_act("pass")


def test_the_first_numbers_do_not_foresee_nominations() -> None:
    # greedy-v1 takes seat 2's candidate for any unseen cat (2 3 4 7 8): after passing the 6
    # (6 - 0.4 * 9 = 2.4) it would expect 0.2 * (0.4 + 3.4 + 4.4) = 1.64, so it proposes.
    # medium foresees seat 2 offering the best of its three cats against a 9, an 8 (0.6) or
    # a 7 (0.3) or a 4: 5.05 against 6 - 0.25 * 9 = 3.75, so it passes.
    events = [ev(0, "present", value=9), ev(1, "nominate", value=6), ev(2, "nominate", value=3)]
    state = purrfect(THREE, events)
    first = PurrfectGreedyV1(state.game, 0)
    assert first.choose(state.view(0), state.legal_actions()) == p_act("propose")
    assert greedy_at(state) == p_act("pass")


def hands_of(pool: Pool, holding: int) -> list[list[int]]:
    """Every hand of ``holding`` cats drawn from ``pool`` (cats of a value told apart)."""
    cats = [value for value, count in enumerate(pool.counts) for _ in range(count)]
    return [[cats[i] for i in chosen] for chosen in combinations(range(len(cats)), holding)]


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(0, 2), min_size=10, max_size=10).filter(lambda c: sum(c) >= 1),
    cat=st.integers(1, 10),
    weight=st.sampled_from([0.1, 0.2, 0.25, 0.4, 1.0]),
    holding=st.integers(1, 5),
)
def test_the_foreseen_nomination_is_the_rule_over_every_hand(
    counts: list[int], cat: int, weight: float, holding: int
) -> None:
    # What Rules.nomination_dist foresees is exactly how often Rules.nominate picks each value
    # over every hand of that many cats from the unseen pool.
    pool = Pool((0, *counts))
    rules = Rules(3, pool)
    holding = min(holding, pool.size)
    hands = hands_of(pool, holding)
    picked = Counter(rules.nominate(hand_counts(hand), cat, weight) for hand in hands)
    foreseen = dict(rules.nomination_dist(cat, weight, holding))
    assert set(foreseen) == set(picked)
    for value, times in picked.items():
        assert foreseen[value] == pytest.approx(times / len(hands))


def test_a_high_cat_on_show_draws_high_candidates() -> None:
    pool = Pool((0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0))  # 2 3 4 7 8
    rules = Rules(3, pool)
    high = dict(rules.nomination_dist(9, 0.25, 3))
    low = dict(rules.nomination_dist(4, 0.25, 3))
    # Against a 9 every match is worth having: the best cat of 3 is an 8 in 3 hands of 5.
    assert high[8] == pytest.approx(0.6)
    # Against a 4 none is: the lowest cat of 3 is a 2 in 3 hands of 5.
    assert low[2] == pytest.approx(0.6)
    assert max(low) == 4


#: Events and final scores of yardstick games, as they were played when the yardsticks were
#: kept (players, seed, table talk, the digest of the events, the scores).
YARDSTICK_GAMES = [
    ("greedy-v1", 4, 7, True, "e5c92d0df84d20c0", [-11, -7, -1, -2]),
    ("greedy-v1", 3, 8, False, "35770bdcb698fe31", [-18, 9, -15]),
    ("greedy-v1", 5, 9, True, "41f461a10aa10f3e", [-22, 3, 3, -3, -5]),
    ("strong-v1", 3, 10, True, "3c1517329b2c391e", [2, -6, -19]),
]


@pytest.mark.parametrize(("bot", "players", "seed", "talk", "digest", "scores"), YARDSTICK_GAMES)
def test_the_yardsticks_play_as_they_did(
    bot: str, players: int, seed: int, talk: bool, digest: str, scores: list[int]
) -> None:
    game = load_game("purrfect", players=players)
    seats = [bot_class(bot, "purrfect")(game, s, seat_seed(seed, s)) for s in range(players)]
    state = play_game(game, seats, seed, table_talk=talk).state
    assert isinstance(state, PurrfectState)
    events = [(actor, action.name, action.arg) for actor, action in state.history.events]
    assert state.scores() == scores
    assert hashlib.sha256(repr(events).encode()).hexdigest()[:16] == digest


def test_three_players_take_the_last_candidate_rather_than_nothing() -> None:
    events = [ev(0, "present", value=5), ev(1, "nominate", value=2)]
    events += [ev(2, "nominate", value=3), ev(0, "pass")]
    assert greedy_at(purrfect(THREE, events)) == p_act("propose")


@pytest.mark.parametrize(
    ("cat", "candidate", "expected"),
    [
        # The proposer leads (scores are level): its gain counts 0.25 against seat 1, and a
        # kept cat is worth 0.75 of the mean unseen cat (5): 3.75.
        (5, 2, "accept"),  # 5 - 0.5 - 3.75 = 0.75
        (5, 6, "reject"),  # 5 - 1.5 - 3.75 < 0
        (9, 6, "accept"),  # 9 - 1.5 - 3.75 = 3.75
    ],
)
def test_three_players_accept_by_what_is_given_and_kept(
    cat: int, candidate: int, expected: str
) -> None:
    events = [ev(0, "present", value=cat), ev(1, "nominate", value=candidate)]
    events += [ev(2, "nominate", value=3), ev(0, "propose")]
    assert greedy_at(purrfect(THREE, events)) == p_act(expected)


class LateEarly(PurrfectGreedy):
    """The greedy bot for which the game is late with three cats a seat in play."""

    tuning: ClassVar[Tuning] = replace(DEFAULT_TUNING, late_cats=3)


def test_late_in_the_game_an_owner_counts_half_its_keep_value() -> None:
    # The table of (5, 6, "reject") above: 9 cats in play (6 in hand, 2 standing, 1 on show),
    # late for a bot whose game is late at 3 cats a seat: 5 - 1.5 - 3.75 / 2 = 1.625.
    events = [ev(0, "present", value=5), ev(1, "nominate", value=6)]
    state = purrfect(THREE, [*events, ev(2, "nominate", value=3), ev(0, "propose")])
    view = state.view(1)
    assert not PurrfectGreedy(state.game, 1).read(view).late
    assert LateEarly(state.game, 1).read(view).late
    assert greedy_at(state) == p_act("reject")
    assert LateEarly(state.game, 1).choose(view, state.legal_actions()) == p_act("accept")


#: Two cats a seat at three players, and a round to each end: a match, a loneliness.
TWO_EACH = [[1, 5], [2, 6], [3, 4]]
ROUND = [ev(0, "present", value=5), ev(1, "nominate", value=6), ev(2, "nominate", value=3)]
MATCHED = [*ROUND, ev(0, "propose"), ev(1, "accept")]
LONELY = [*ROUND, ev(0, "pass"), ev(0, "pass")]


@pytest.mark.parametrize(
    ("events", "seat", "in_play"),
    [
        # Through a round the count stays: the cat in hand, on show, facing standing candidates,
        # proposed to (seen by the owner who responds).
        ([], 1, 6),
        (ROUND[:1], 1, 6),
        (ROUND, 1, 6),
        ([*ROUND, ev(0, "propose")], 1, 6),
        # A match takes two cats out of play, a loneliness one (the candidates go home).
        (MATCHED, 2, 4),
        (LONELY, 2, 5),
    ],
)
def test_the_cats_in_play_change_only_when_a_round_ends(
    events: list[dict[str, Any]], seat: int, in_play: int
) -> None:
    state = purrfect(TWO_EACH, events)
    reading = PurrfectGreedy(state.game, seat).read(state.view(seat))
    assert reading.in_play == in_play
    assert reading.late  # at most 2 cats a seat: 6 at three players


def test_the_game_is_late_by_cats_a_seat() -> None:
    pool = Pool.of(Counter(range(1, 11)))
    for players, late in [(3, 6), (4, 8), (5, 10)]:
        rules = Rules(players, pool)
        assert rules.late_in_play == late
        assert rules.is_late(late) and not rules.is_late(late + 1)
    assert cats_in_play([2, 0, 3], 2, True) == 8
    # Three cats a seat at three players: not yet late.
    state = purrfect(THREE)
    assert not PurrfectGreedy(state.game, 0).read(state.view(0)).late


# -------------------------------------------------------------------------------- table talk
def feed(
    state: PurrfectState, bots: Sequence[Bot[Any]], moves: Sequence[tuple[int, Action]]
) -> None:
    """Apply ``moves`` and tell every bot each event as its seat sees it."""
    for seat, action in moves:
        seen = {bot.seat: state.redact(action, bot.seat) for bot in bots}
        state.apply(action, seat)
        for bot in bots:
            bot.observe(seat, seen[bot.seat])


ROUND_WITH_NINE = [ev(0, "present", value=9), ev(1, "nominate", value=6)]


def test_a_trusted_claim_makes_the_proposer_wait_and_a_false_one_costs_trust() -> None:
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=3)])
    proposer = PurrfectGreedy(state.game, 0)
    # Without talk it proposes to seat 1's 6 (see above). Seat 2 claims an 8:
    proposer.hear(Claim(2, 8, "My candidate is an 8."))
    assert proposer.book.trust(2) == 0.5
    assert proposer.choose(state.view(0), state.legal_actions()) == p_act("pass")
    state.apply(p_act("pass"))
    # Inspecting seat 2's candidate shows a 3: the claim was false.
    proposer.choose(state.view(0), state.legal_actions())
    assert [(c.claim.speaker, c.claim.value, c.actual) for c in proposer.book.checked] == [
        (2, 8, 3)
    ]
    assert proposer.book.trust(2) == pytest.approx(1 / 3)
    assert proposer.book.open == []


def test_a_claim_is_checked_when_a_match_reveals_the_candidate() -> None:
    state = purrfect(THREE)
    bystander = PurrfectGreedy(state.game, 2)
    moves = [
        (0, p_act("present", 9)),
        (1, p_act("nominate", 6)),
        (2, p_act("nominate", 3)),
    ]
    feed(state, [bystander], moves)
    bystander.hear(Claim(1, 6, "My candidate is a 6."))
    bystander.hear(Claim(2, 3, "Mine is a 3."))  # its own claim is not weighed
    assert [c.speaker for c in bystander.book.open] == [1]
    feed(state, [bystander], [(0, p_act("propose")), (1, p_act("accept"))])
    # Seat 1 now proposes; the bystander reads the claimed 6 in seat 0's pile.
    bystander.book.see(state.view(2))
    assert bystander.book.trust(1) == pytest.approx(2 / 3)
    assert bystander.book.open == []


def test_claims_of_a_lonely_round_are_dropped_unchecked() -> None:
    state = purrfect(THREE)
    bystander = PurrfectGreedy(state.game, 1)
    feed(state, [bystander], [(0, p_act("present", 1)), (1, p_act("nominate", 2))])
    feed(state, [bystander], [(2, p_act("nominate", 3))])
    bystander.hear(Claim(2, 8, "An 8!"))
    feed(state, [bystander], [(0, p_act("pass")), (0, p_act("pass"))])
    assert [c.speaker for c in bystander.book.open] == [2]
    feed(state, [bystander], [(1, p_act("present", 2))])  # seat 1 proposes next
    assert bystander.book.open == []
    assert bystander.book.checked == []
    assert bystander.book.trust(2) == 0.5


def test_an_unknown_candidate_mixes_the_claim_with_the_unseen_cats() -> None:
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=3)])
    proposer = PurrfectGreedy(state.game, 0)
    proposer.hear(Claim(2, 8, "An 8."))
    pool = Pool((0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0))  # seat 0 has not seen 2 3 4 7 8
    assert proposer.book.candidate_dist(2, pool) == (
        (2, 0.1),
        (3, 0.1),
        (4, 0.1),
        (7, 0.1),
        (8, 0.6),
    )
    # A claim the seat knows to be impossible (it holds the only 9) counts for nothing.
    proposer.hear(Claim(2, 9, "A 9."))
    assert proposer.book.candidate_dist(2, pool) == pool.dist()


def test_a_claim_is_mixed_with_the_foreseen_nomination() -> None:
    # Seat 2 nominated against the 9 this round: the proposer foresees its best cat of three
    # from 2 3 4 7 8 (an 8 with 0.6, a 7 with 0.3, a 4 with 0.1) and mixes in its claim of a 7
    # with the trust of a stranger, one half.
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=3)])
    proposer = PurrfectGreedy(state.game, 0)
    reading = proposer.read(state.view(0))
    foreseen = dict(reading.candidate_dist(2, 9))
    assert foreseen == pytest.approx({4: 0.1, 7: 0.3, 8: 0.6})
    proposer.hear(Claim(2, 7, "A 7."))
    mixed = dict(proposer.read(state.view(0)).candidate_dist(2, 9))
    assert mixed == pytest.approx({4: 0.05, 7: 0.65, 8: 0.3})


def test_greedy_tells_the_truth_or_nothing() -> None:
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=4)])
    assert PurrfectGreedy(state.game, 2).speak(state.view(2)) == Claim(2, 4, "My candidate is a 4.")
    low = purrfect(THREE, [ev(0, "present", value=1), ev(1, "nominate", value=2)])
    low.apply(p_act("nominate", 3))
    assert PurrfectGreedy(low.game, 2).speak(low.view(2)) is None


def test_strong_bluffs_only_when_the_proposer_sees_others_first() -> None:
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=4)])
    # Seat 2 is inspected second: it claims the highest cat it has not seen (7) for its 4.
    second = PurrfectStrong(state.game, 2)
    assert second.speak(state.view(2)) == Claim(2, 7, "My candidate is a 7.")
    assert second.own_claims == [False]
    assert second.credibility() == pytest.approx(1 / 3)
    # Its record is now below one half: the next time it tells the truth.
    assert second.speak(state.view(2)) == Claim(2, 4, "My candidate is a 4.")
    # Seat 1 is inspected first: a lie would only be caught.
    first = PurrfectStrong(state.game, 1)
    assert first.speak(state.view(1)) == Claim(1, 6, "My candidate is a 6.")


def test_strong_weighs_imagined_deals_by_the_talk() -> None:
    state = purrfect(THREE, [*ROUND_WITH_NINE, ev(2, "nominate", value=3)])
    bot = PurrfectStrong(state.game, 0)
    bot.hear(Claim(2, 8, "An 8."))
    reading = bot.read(state.view(0))
    rng = random.Random(0)
    weights = {}
    for _ in range(40):
        world = determinize(state.game, state.view(0), rng)
        weights[world.position.candidate[2]] = bot.talk_weight(world, reading)
    # Trust one half, five unseen cats: a world where the claim holds is six times likelier.
    assert weights[8] == pytest.approx(0.6)
    assert weights[2] == pytest.approx(0.1)


# Four seats of four cats: seat 0 shows a 9, the others nominate; seat 0 inspects seat 1's 7.
FOUR = [[1, 2, 5, 9], [2, 3, 6, 7], [3, 4, 8, 10], [4, 6, 7, 8]]
FOUR_NOMINATED = [
    ev(0, "present", value=9),
    ev(1, "nominate", value=7),
    ev(2, "nominate", value=3),
    ev(3, "nominate", value=8),
]


def held_by(state: PurrfectState, seat: int) -> Counter[int]:
    """The cats ``seat`` holds in ``state``: its hand and its standing candidate."""
    p = state.position
    held = Counter({value: count for value, count in enumerate(p.hands[seat]) if count})
    if p.candidate[seat]:
        held[p.candidate[seat]] += 1
    return held


def test_imagined_candidates_chosen_against_the_cat_on_show_are_foreseen() -> None:
    """`hard` imagines the candidates still to come as the nomination rule picks them from
    the cats their owners hold in the imagined deal, not as any of those cats."""
    state = purrfect(FOUR, FOUR_NOMINATED)
    view = state.view(0)
    bot = PurrfectStrong(state.game, 0)
    reading = bot.read(view)
    # Seat 1's candidate is in front of seat 0: known. Seats 2 and 3 chose theirs against the 9.
    assert foreseen_seats(reading) == [2, 3]
    worlds = bot.worlds(reading)
    plain = WorldSampler(state.game, view)
    differs = 0
    for k in range(60):
        world = worlds.sample(random.Random(k))
        assert replace(world.view(0), log=view.log) == view  # an imagined deal has no log
        raw = plain.sample(random.Random(k))
        for seat in (2, 3):
            held = hand_counts(list(held_by(world, seat).elements()))
            weight = reading.weight(seat, 0)
            assert world.position.candidate[seat] == reading.rules.nominate(held, 9, weight)
        for seat in (1, 2, 3):
            # The same cats dealt as every hidden cat at random: only the candidate is chosen.
            assert held_by(world, seat) == held_by(raw, seat)
            assert sorted(world.position.dealt[seat]) == sorted(raw.position.dealt[seat])
        differs += any(world.position.candidate[s] != raw.position.candidate[s] for s in (2, 3))
    # Taken for any of their cats, the candidates would often be others.
    assert differs > 10


def test_a_candidate_from_an_earlier_round_is_not_foreseen() -> None:
    # Seat 0 took seat 1's 7; seat 1 shows a 6 and seat 0 nominates against it. The
    # candidates of seats 2 and 3 were chosen against the 9 of the round before.
    events = [*FOUR_NOMINATED, ev(0, "propose"), ev(1, "accept"), ev(1, "present", value=6)]
    state = purrfect(FOUR, events)
    assert state.to_act == 0
    reading = PurrfectStrong(state.game, 0).read(state.view(0))
    assert foreseen_seats(reading) == []


def test_strong_v1_imagines_every_hidden_cat_at_random() -> None:
    state = purrfect(FOUR, FOUR_NOMINATED)
    bot = PurrfectStrongV1(state.game, 0)
    assert isinstance(bot.worlds(bot.read(state.view(0))), WorldSampler)


class CountedWorlds:
    """Wraps a bot's imagined deals and counts the deals drawn from them."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.drawn = 0

    def sample(self, rng: random.Random) -> PurrfectState:
        self.drawn += 1
        return self.inner.sample(rng)  # type: ignore[no-any-return]


def test_the_review_imagines_its_worlds_as_hard_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every world the review judges in is drawn from `hard`'s own imagined deals for the
    seat's view (`PurrfectStrong.worlds`), none from another sampler."""
    made: list[tuple[PurrfectView, CountedWorlds]] = []
    worlds = PurrfectStrong.worlds

    def counted(self: PurrfectStrong, reading: Reading) -> CountedWorlds:
        made.append((reading.view, CountedWorlds(worlds(self, reading))))
        return made[-1][1]

    monkeypatch.setattr(PurrfectStrong, "worlds", counted)
    state = purrfect(FOUR, FOUR_NOMINATED)
    evaluator = PurrfectEvaluator(state.game, 0, "review")
    evaluation = evaluator.evaluate(state.view(0), state.legal_actions(), 8, random.Random(3))
    assert [view for view, _ in made] == [state.view(0)]
    assert isinstance(made[0][1].inner, ForeseenWorlds)
    assert made[0][1].drawn == evaluation.worlds == 8


@pytest.mark.parametrize(
    ("scores", "held"),
    [
        ([3, 1, 0], [0, 0, 0]),
        ([0, 0, 0], [4, -3, 0]),
        ([-5, 2, 9, 2], [6, 0, -8, 1]),
        ([4, -8, 1, 0, 3], [0, 9, -2, 0, -1]),
    ],
)
def test_playout_partner_weights_are_the_greedy_rule_on_reckoned_scores(
    scores: list[int], held: list[int]
) -> None:
    """Each seat reads the table as a greedy seat reads its view: its own score exact, the
    others' as reckoned (here off by ``held``, what their held cats are worth above the mean)."""
    reckoned = [float(score + extra) for score, extra in zip(scores, held, strict=True)]
    weights = partner_weights(scores, reckoned, DEFAULT_TUNING)
    n = len(scores)
    for me in range(n):
        seen = [scores[me] if seat == me else reckoned[seat] for seat in range(n)]
        for partner in range(n):
            if partner != me:
                expected = partner_weight(n, seen, me, partner, DEFAULT_TUNING)
                assert weights[me][partner] == expected


@settings(max_examples=300, deadline=None)
@given(
    scores=st.lists(st.integers(-20, 20).map(lambda x: x / 2), min_size=2, max_size=8),
    data=st.data(),
)
def test_weights_both_ways_are_partner_weight_for_every_seat(
    scores: list[float], data: st.DataObject
) -> None:
    """The one-pass weights of a seat's reading (the play-outs by views) are ``partner_weight``
    from it to every other seat and back, ties for the lead included."""
    n = len(scores)
    me = data.draw(st.integers(0, n - 1))
    tuning = data.draw(st.sampled_from([DEFAULT_TUNING, V1_TUNING]))
    mine, theirs = weights_both_ways(n, scores, me, tuning)
    assert mine[me] == theirs[me] == 0.0
    for s in range(n):
        if s != me:
            assert mine[s] == partner_weight(n, scores, me, s, tuning)
            assert theirs[s] == partner_weight(n, scores, s, me, tuning)
