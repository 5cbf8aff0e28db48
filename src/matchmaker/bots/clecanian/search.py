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
from matchmaker.bots.clecanian.quick import QuickPolicy
from matchmaker.core.actions import CHANCE, Action
from matchmaker.games.clecanian.determinize import determinize
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView


@dataclass(frozen=True)
class Budget:
    """How much a decision may search: at most ``worlds`` sampled worlds, at most
    ``steps_per_world`` play-out decisions a world on average, and, when ``seconds`` is set, at
    most that much CPU time of the deciding thread (then the decision depends on the machine's
    speed)."""

    worlds: int = 200
    steps_per_world: int = 125
    seconds: float | None = None
    #: Worlds played at least, whatever the clock says.
    min_worlds: int = 4


def leaf_score(state: ClecanianState, seat: int, policy: QuickPolicy, round_over: bool) -> float:
    """How good a world's leaf is for ``seat`` (lower is better): its expected game total
    minus the lowest expected total of the others; the exact totals once the round is
    over."""
    totals: list[float] = list(state.totals())
    if not round_over:
        p = state.position
        for s in range(len(totals)):
            totals[s] += policy.grid_value(policy.seen_grid(p, s))
    mine = totals[seat]
    return mine - min(t for s, t in enumerate(totals) if s != seat)


def play_to_horizon(
    state: ClecanianState, luck: random.Random, horizon: int, policy: QuickPolicy
) -> tuple[int, bool]:
    """Play ``state`` on with every seat on ``policy``, for ``horizon`` turns of the table
    or to the end of the round: the number of decisions made, and whether the round is
    over."""
    start_round = state.round
    p = state.position
    last_turn = p.turns + horizon
    steps = 0
    while not state.is_over and state.round == start_round:
        if p.actor == CHANCE:
            choices = state.chance_choices()
            state.apply(choices[int(luck.random() * len(choices))])
            continue
        if p.turns >= last_turn:
            break
        legal = state.legal_actions()
        steps += 1
        state.apply(legal[0] if len(legal) == 1 else policy.decide(p, legal))
    return steps, state.is_over or state.round != start_round


def policy_for(game: ClecanianGame, view: ClecanianView, weights: Weights) -> QuickPolicy:
    """The play-out policy of a decision: the deciding seat's column values."""
    planner = Planner(game, view, Knowledge.of(game, view), weights)
    return QuickPolicy(planner.valuer, planner.tabs.joker, weights.final_gain)


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
    policy = policy_for(game, view, weights)
    start = time.thread_time()
    steps_cap = budget.worlds * budget.steps_per_world
    while len(scores[0]) < budget.worlds and played < steps_cap:
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
            steps, over = play_to_horizon(state, random.Random(luck), horizon, policy)
            played += steps
            scores[i].append(leaf_score(state, seat, policy, over))
    return scores
