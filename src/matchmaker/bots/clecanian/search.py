"""The hard bot's search: a root comparison over sampled worlds with a short horizon.

A decision is compared, not searched in depth. The bot keeps a few **options** (the medium
bot's choice first, then the heuristic's best others and any way to go out) and plays each of
them in the same **worlds**: whole states drawn uniformly from what its view leaves open
(``matchmaker.games.clecanian.determinize``). In a world the bot first finishes its own turn
as the medium bot would (``OwnTurn``), then every seat follows the play-out policy
(``quick.QuickPolicy``: the heuristic's column values, only what the acting seat sees) for
``horizon`` turns of the table or to the end of the round, whichever comes first; the options
of one world meet the stock in the same order (common random numbers: ``StockOrder``), so
their difference is measured on the same luck.

A play-out is scored at its **leaf** by expected grid values, not by playing to the end: each
seat's game total so far plus the value of its grid as every seat sees it (the unknown cards
averaged, the hope of a couple counted for the turns still left); once the round is over the
leaf is the exact totals. The score is the bot's figure minus the lowest of the others' (lower is
better), so it races the leader.

Information sets: the options are fixed before any world is drawn and each is judged by its
mean over all the worlds, so the bot never learns in one world which of its face-down cards is
bad and acts on it (no strategy fusion at the root); inside a play-out every seat acts on what
it sees of the world.

The medium choice is kept unless another option's mean is better by more than ``confidence``
standard errors of the world-by-world differences. The budget is a number of worlds (the same
seed gives the same decision) or, for play, a CPU-time limit of the deciding thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matchmaker.bots.clecanian.evaluate import Weights
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.bots.clecanian.quick import QuickPolicy
from matchmaker.bots.collector import CollectorPaused
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.game import GAME_OVER
from matchmaker.games.clecanian.determinize import WorldSampler
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.phases import DRAW_CARD, USE
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView


@dataclass(frozen=True)
class Budget:
    """How much a decision may search: at most ``worlds`` sampled worlds, at most
    ``steps_per_world`` play-out decisions a world on average, and, when ``seconds`` is set, at
    most that much CPU time of the deciding thread (then the decision depends on the machine's
    speed)."""

    worlds: int = 300
    steps_per_world: int = 125
    seconds: float | None = None
    #: Worlds played at least, whatever the clock says.
    min_worlds: int = 4


def leaf_totals(state: ClecanianState, policy: QuickPolicy, round_over: bool) -> list[float]:
    """Every seat's expected game total at a world's leaf: its total so far plus the value
    of its grid as every seat sees it; the exact totals once the round is over."""
    totals: list[float] = list(state.totals())
    if not round_over:
        p = state.position
        for s in range(len(totals)):
            totals[s] += policy.leaf_value(policy.seen_grid(p, s))
    return totals


def leaf_score(state: ClecanianState, seat: int, policy: QuickPolicy, round_over: bool) -> float:
    """How good a world's leaf is for ``seat`` (lower is better): its expected game total
    minus the lowest expected total of the others (``leaf_totals``)."""
    totals = leaf_totals(state, policy, round_over)
    mine = totals[seat]
    return mine - min(t for s, t in enumerate(totals) if s != seat)


class StockOrder:
    """The order of a world's stock, the same for every option played in it: each card
    taken from the stock is the first of ``order`` still there (a card that came back with a
    reshuffle, at random from ``luck``). So two options meet the same cards, shifted only by
    the cards they take themselves, and their difference is measured on the same luck.

    ``luck`` may be given as the seed of its generator, made only when a card is first needed
    from it (seeding a generator costs more than most play-outs ask of it: nothing)."""

    def __init__(self, order: Sequence[Action], luck: random.Random | int) -> None:
        self.order = order
        self._luck = luck
        self.next = 0

    @property
    def luck(self) -> random.Random:
        """The generator of the cards that are not in ``order``."""
        luck = self._luck
        if isinstance(luck, random.Random):
            return luck
        made = self._luck = random.Random(luck)
        return made

    @classmethod
    def shuffled(cls, state: ClecanianState, rng: random.Random) -> StockOrder:
        """A random order of ``state``'s stock."""
        order = list(state.position.stock)
        rng.shuffle(order)
        return cls(order, rng.getrandbits(64))

    def card(self, state: ClecanianState) -> Action:
        """The card the stock gives now."""
        choices = state.chance_choices()
        order = self.order
        while self.next < len(order):
            card = order[self.next]
            self.next += 1
            if card in choices:
                return card
        return choices[int(self.luck.random() * len(choices))]


def play_to_horizon(
    state: ClecanianState, stock: StockOrder, horizon: int, policy: QuickPolicy
) -> tuple[int, bool]:
    """Play ``state`` on with every seat on ``policy``, for ``horizon`` turns of the table
    or to the end of the round: the number of decisions made, and whether the round is
    over."""
    p = state.position
    start_round = p.round
    last_turn = p.turns + horizon
    steps = 0
    # (``p`` is the state's position throughout: ``apply`` changes it in place.)
    while p.actor != GAME_OVER and p.round == start_round:
        if p.actor == CHANCE:
            state.apply_legal(stock.card(state))
            continue
        if p.turns >= last_turn:
            break
        legal = state.legal_actions()
        steps += 1
        state.apply_legal(legal[0] if len(legal) == 1 else policy.decide(p, legal))
    return steps, p.actor == GAME_OVER or p.round != start_round


def policy_for(
    game: ClecanianGame, view: ClecanianView, weights: Weights, horizon: int = 0
) -> QuickPolicy:
    """The play-out policy of a decision: the deciding seat's column values, and at the
    leaves the same with the turns of the horizon gone."""
    planner = Planner(game, view, weights=weights)
    know = planner.know
    leaf_turns = max(0.0, planner.turns_left - horizon / view.players)
    leaf = know.valuer(planner.cols, leaf_turns, planner.valuer.hit_chance, weights)
    return QuickPolicy(planner.valuer, planner.tabs.joker, weights, leaf)


#: How the deciding seat completes its own turn after an option: the medium bot's decision
#: on its view of the world (a view it could really have, so the answer depends on it alone).
FollowUp = Callable[[ClecanianView, Sequence[Action]], Action]


class OwnTurn:
    """Finishes the deciding seat's turn in a world with ``decide`` (a card drawn by an option
    is used as the medium bot would), remembering each answer: in every world the seat's view
    differs only by the card it drew, so few distinct decisions are ever asked for. The answer
    is looked up by that card (a deck index) before any view is made: a view is built only
    for a card not decided yet."""

    def __init__(self, seat: int, decide: FollowUp) -> None:
        self.seat = seat
        self.decide = decide
        self.known: dict[int, Action] = {}

    def finish(self, state: ClecanianState, stock: StockOrder) -> None:
        """Play chance and the seat's own decisions until another seat is to act."""
        p = state.position
        while p.actor != GAME_OVER:
            if p.actor == CHANCE:
                if p.phase is not DRAW_CARD:
                    return
                state.apply_legal(stock.card(state))
                continue
            if p.actor != self.seat or p.phase is not USE:
                return
            action = self.known.get(p.drawn)
            if action is None:
                view = state.view(self.seat)
                action = self.known[p.drawn] = self.decide(view, state.legal_actions())
            state.apply_legal(action)


def compare_options(
    game: ClecanianGame,
    view: ClecanianView,
    options: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    horizon: int,
    weights: Weights,
    follow_up: FollowUp | None = None,
    totals: list[list[list[float]]] | None = None,
) -> list[list[float]]:
    """The leaf scores of each option, world by world (every option in the same worlds).
    With ``follow_up``, the deciding seat finishes the turn an option starts with it. With
    ``totals`` (a list of one empty list an option), every seat's expected total at each
    leaf (``leaf_totals``) is appended to its option's list, world by world, for a review
    to tell where the score came from; the bot leaves it out (it neither draws from the
    generator nor changes a score).

    The cyclic garbage collector is paused meanwhile: the play-outs make millions of
    short-lived objects, freed by their reference counts, so its passes over them were pure
    cost (some 4% of a decision); what is left in a cycle (the policy's memo) is collected
    once it runs again."""
    with CollectorPaused():
        return _compare_options(
            game, view, options, budget, rng, horizon, weights, follow_up, totals
        )


def _compare_options(
    game: ClecanianGame,
    view: ClecanianView,
    options: Sequence[Action],
    budget: Budget,
    rng: random.Random,
    horizon: int,
    weights: Weights,
    follow_up: FollowUp | None,
    totals: list[list[list[float]]] | None = None,
) -> list[list[float]]:
    assert view.seat is not None
    seat = view.seat
    scores: list[list[float]] = [[] for _ in options]
    played = 0
    policy = policy_for(game, view, weights, horizon)
    own = OwnTurn(seat, follow_up) if follow_up is not None else None
    worlds = WorldSampler(game, view)
    start = time.thread_time()
    steps_cap = budget.worlds * budget.steps_per_world
    while len(scores[0]) < budget.worlds and played < steps_cap:
        if (
            budget.seconds is not None
            and len(scores[0]) >= budget.min_worlds
            and time.thread_time() - start >= budget.seconds
        ):
            break
        world = worlds.sample(rng)
        luck = rng.getrandbits(64)
        order = StockOrder.shuffled(world, rng).order
        for i, action in enumerate(options):
            state = world.clone()
            state.apply(action)
            stock = StockOrder(order, luck)
            if own is not None:
                own.finish(state, stock)
            steps, over = play_to_horizon(state, stock, horizon, policy)
            played += steps
            if totals is None:
                scores[i].append(leaf_score(state, seat, policy, over))
            else:
                leaf = leaf_totals(state, policy, over)
                totals[i].append(leaf)
                scores[i].append(leaf[seat] - min(t for s, t in enumerate(leaf) if s != seat))
    return scores
