"""The hard bot's search: a root comparison over sampled worlds with a short horizon.

A decision is compared, not searched in depth. The bot keeps a few **options** (the medium
bot's choice first, then the heuristic's best others and any way to go out) and plays each of
them in the same **worlds**: whole states drawn uniformly from what its view leaves open
(``matchmaker.games.clecanian.determinize``). In a world every seat then follows the heuristic
of ``plan`` on its own view of that world, for ``horizon`` turns of the table or to the end of
the round, whichever comes first; the options of one world meet the same cards from the stock
(common random numbers), so their difference is measured on the same luck.

A play-out is scored at its **leaf** by expected grid values, not by playing to the end: each
seat's game total so far plus the heuristic's value of its grid from its own view of the leaf
(the unknown cards averaged, the hope of a couple counted); once the round is over the leaf is
the exact totals. The score is the bot's figure minus the lowest of the others' (lower is
better), so it races the leader.

Information sets: the options are fixed before any world is drawn and each is judged by its
mean over all the worlds, so the bot never learns in one world which of its face-down cards is
bad and acts on it (no strategy fusion at the root); inside a play-out every seat acts on its
own view of the world.

The medium choice is kept unless another option's mean is better by more than ``confidence``
standard errors of the world-by-world differences. The budget is a number of worlds (the same
seed gives the same decision) or, for play, a CPU-time limit of the deciding thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from matchmaker.bots.clecanian.evaluate import Knowledge, Weights
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.core.actions import CHANCE, Action
from matchmaker.games.clecanian.determinize import determinize
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView


@dataclass(frozen=True)
class Budget:
    """How much a decision may search: at most ``worlds`` sampled worlds, at most ``steps``
    play-out decisions in all, and, when ``seconds`` is set, at most that much CPU time of the
    deciding thread (then the decision depends on the machine's speed)."""

    worlds: int = 48
    steps: int = 6000
    seconds: float | None = None
    #: Worlds played at least, whatever the clock says.
    min_worlds: int = 4


def leaf_score(
    state: ClecanianState, seat: int, know: Knowledge, weights: Weights, round_over: bool
) -> float:
    """How good a world's leaf is for ``seat`` (lower is better): its expected game total
    minus the lowest expected total of the others; the exact totals once the round is
    over."""
    totals: list[float] = list(state.totals())
    if not round_over:
        game = state.game
        for s in range(len(totals)):
            totals[s] += Planner(game, state.view(s), know, weights).grid_value()
    mine = totals[seat]
    return mine - min(t for s, t in enumerate(totals) if s != seat)


def play_to_horizon(
    state: ClecanianState, luck: random.Random, horizon: int, know: Knowledge, weights: Weights
) -> tuple[int, bool]:
    """Play ``state`` on with every seat on the heuristic, for ``horizon`` turns of the table
    or to the end of the round: the number of decisions made, and whether the round is
    over."""
    game = state.game
    start_round = state.round
    last_turn = state.position.turns + horizon
    steps = 0
    while not state.is_over and state.round == start_round:
        actor = state.to_act
        if actor == CHANCE:
            choices = state.chance_choices()
            state.apply(choices[int(luck.random() * len(choices))])
            continue
        if state.position.turns >= last_turn:
            break
        legal = state.legal_actions()
        steps += 1
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            state.apply(Planner(game, state.view(actor), know, weights).choose(legal))
    return steps, state.is_over or state.round != start_round


def compare_options(
    game: ClecanianGame,
    view: ClecanianView,
    options: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    horizon: int,
    weights: Weights,
) -> list[list[float]]:
    """The leaf scores of each option, world by world (every option in the same worlds)."""
    assert view.seat is not None
    seat = view.seat
    scores: list[list[float]] = [[] for _ in options]
    played = 0
    know = Knowledge.of(game, view)
    start = time.thread_time()
    while len(scores[0]) < budget.worlds and played < budget.steps:
        if (
            budget.seconds is not None
            and len(scores[0]) >= budget.min_worlds
            and time.thread_time() - start >= budget.seconds
        ):
            break
        world = determinize(game, view, rng)
        luck = rng.getrandbits(64)
        for i, action in enumerate(options):
            state = world.clone()
            state.apply(action)
            steps, over = play_to_horizon(state, random.Random(luck), horizon, know, weights)
            played += steps
            scores[i].append(leaf_score(state, seat, know, weights, over))
    return scores
