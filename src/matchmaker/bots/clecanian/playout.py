"""Sampled worlds and greedy play-outs to the end of the round.

A world is a whole state consistent with the bot's view, its hidden cards drawn uniformly from
the unseen cards (``matchmaker.games.clecanian.determinize``). Each candidate action is played
in the same worlds, and every seat then follows the greedy heuristic to the end of the round;
the candidates of one world meet the same cards from the stock (common random numbers), so
their comparison is not drowned by luck. A play-out scores the bot's game total after the round
minus the lowest total of the other seats.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from matchmaker.bots.clecanian.evaluate import Knowledge, Weights
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.core.actions import CHANCE, Action
from matchmaker.games.clecanian.determinize import determinize
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView


def play_out(
    state: ClecanianState, seat: int, luck: random.Random, know: Knowledge, weights: Weights
) -> tuple[float, int]:
    """Play the round out with every seat greedy: ``seat``'s total minus the best other
    total, and the number of decisions played. ``know`` (the deciding seat's knowledge)
    stands in for every seat's, a small approximation that saves recomputing it each step."""
    game = state.game
    start = state.round
    steps = 0
    while not state.is_over and state.round == start:
        actor = state.to_act
        if actor == CHANCE:
            choices = state.chance_choices()
            state.apply(choices[int(luck.random() * len(choices))])
            continue
        legal = state.legal_actions()
        steps += 1
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            state.apply(Planner(game, state.view(actor), know, weights).choose(legal))
    totals = state.totals()
    return totals[seat] - min(t for s, t in enumerate(totals) if s != seat), steps


def compare(
    game: ClecanianGame,
    view: ClecanianView,
    options: Sequence[Action],
    samples: int,
    steps: int,
    rng: random.Random,
    know: Knowledge,
    weights: Weights,
) -> list[list[float]]:
    """The play-out scores of each option (lower is better), world by world: ``samples``
    sampled worlds, or fewer once the play-outs have made ``steps`` decisions in all. Every
    option is played in the same worlds."""
    assert view.seat is not None
    scores: list[list[float]] = [[] for _ in options]
    played = 0
    while len(scores[0]) < samples and played < steps:
        world = determinize(game, view, rng)
        luck = rng.getrandbits(64)
        for i, action in enumerate(options):
            state = world.clone()
            state.apply(action)
            score, made = play_out(state, view.seat, random.Random(luck), know, weights)
            scores[i].append(score)
            played += made
    return scores


def best_option(scores: list[list[float]], confidence: float) -> int:
    """The option to play: the first (the favourite) unless another one's mean play-out
    score is lower by more than ``confidence`` standard errors of the world-by-world
    differences."""
    base = scores[0]
    n = len(base)
    best, best_mean = 0, 0.0
    if n < 2:
        return best
    for i in range(1, len(scores)):
        diffs = [a - b for a, b in zip(scores[i], base, strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean < best_mean and mean < -confidence * spread:
            best, best_mean = i, mean
    return best
