"""The strong Purrfect Match bot: search over imagined deals (determinization).

For each decision with a real choice it repeats, until its budget is spent:

1. imagine the hidden cats: a full state consistent with its view, the others' hands, their
   unseen candidates and the excess drawn at random from the cats it has not seen
   (:class:`matchmaker.games.purrfect.determinize.WorldSampler`, set up once a decision), each
   candidate nominated against the cat on show then taken to be the cat the nomination rule
   picks from what its owner holds in that deal (``ForeseenWorlds``, ``foresee_candidates``);
2. weigh that imagined deal by the table talk: a deal in which a speaker's candidate is what it
   claimed counts more, the more that speaker has told the truth before;
3. for every legal action, play the imagined state to the end with the greedy rules for every
   seat (its own later decisions included), and note the outcome. Every seat of a play-out
   reads its own view as the game goes on (``SeatPlayout``: the cats it has not seen, the
   candidates it inspected, the scores as it can estimate them), itself with its own numbers
   and each other seat with the numbers of one of the kinds of player it may be (``others``:
   the first greedy bot's and today's); the bot is not told what the others are, so imagined
   deal k is played with the k-th pattern of kinds over the other seats, every pattern in
   turn (``SeatModels``). With ``views=0`` the play-outs share one picture of the unseen cats,
   its own, fixed for the play-out (``FastPlayout``), about ten times faster a decision; the
   greedy rules' numbers are then drawn anew for each decision, ``models`` sets of them
   around its own (``ModelSpread``), imagined deal k played with set k mod ``models``, and the
   play-outs' proposers do not foresee the nominations (``playout_foresight``).

It plays the action with the best weighted mean outcome, if it beats the greedy action by more
than two standard errors of the paired differences (``strong-v1``: one). The outcome it
maximises is its score minus the mean score of the others (``strong-v1`` maximised the margin
over the best other score plus a bonus for a win, which gave away points to deny the leader).
The budget counts the decisions played in imagined games, so a search costs about the same at
every point of a game and the bot plays the same way on a fast or a slow machine; a CPU-time
limit (``seconds``) is offered for play.

Table talk: it tells the truth when it wants the match and its candidate is the first the
proposer will see; when the proposer will see other candidates first, it may claim a higher
value so that the proposer passes them, as long as its own record of claims keeps it credible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, ClassVar, Protocol

from matchmaker.bots.collector import CollectorPaused
from matchmaker.bots.paired import paired_error
from matchmaker.bots.purrfect.fastplay import FastPlayout
from matchmaker.bots.purrfect.greedy import PurrfectGreedy, Reading, greedy_action
from matchmaker.bots.purrfect.knowledge import Pool
from matchmaker.bots.purrfect.policy import DEFAULT_TUNING, V1_TUNING, Tuning
from matchmaker.bots.purrfect.seatplay import RulesCache, SeatPlayout
from matchmaker.bots.purrfect.worlds import ForeseenWorlds
from matchmaker.bots.talk import Claim, claim_text
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.determinize import WorldSampler
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView

#: One imagined deal: its weight, and the outcome of each action played out on it.
Sample = tuple[float, dict[int, float]]


def mean_outcomes(samples: list[Sample], actions: list[int]) -> dict[int, float]:
    """The weighted mean outcome of each of ``actions`` (played out on every sample)."""
    total = sum(weight for weight, _ in samples)
    return {i: sum(w * results[i] for w, results in samples) / total for i in actions}


#: What imagining one deal costs, in decisions played (a budget unit).
SAMPLE_COST = 10
#: The default budget of play-outs in which every seat reads its own view (``SeatPlayout``)...
SEAT_BUDGET = 16_000
#: ... and of play-outs that share one picture of the unseen cats (``FastPlayout``), about
#: ten times faster a decision.
SHARED_BUDGET = 60_000


@dataclass(frozen=True)
class ModelSpread:
    """How far the numbers of the play-out models may lie below and above the bot's own, as
    (below, above) for each number varied; each is drawn uniformly in its range."""

    #: The share of the mean unseen cat a kept cat is worth.
    keep: tuple[float, float] = (0.25, 0.25)
    #: How much a partner's gain counts when it does not lead.
    rival: tuple[float, float] = (0.1, 0.1)
    #: How much it counts when the partner leads.
    leader: tuple[float, float] = (0.1, 0.15)


def play_models(
    tuning: Tuning, spread: ModelSpread, count: int, rng: random.Random
) -> list[Tuning]:
    """``count`` sets of numbers for the play-outs, drawn around ``tuning`` within ``spread``
    (the others of ``tuning`` kept); just ``tuning`` when ``count`` is one."""
    if count <= 1:
        return [tuning]

    def around(value: float, below_above: tuple[float, float]) -> float:
        below, above = below_above
        return max(0.0, rng.uniform(value - below, value + above))

    return [
        replace(
            tuning,
            keep=around(tuning.keep, spread.keep),
            rival=around(tuning.rival, spread.rival),
            leader=around(tuning.leader, spread.leader),
        )
        for _ in range(count)
    ]


class PlaysOut(Protocol):
    """Plays imagined states to the end (``FastPlayout``, or the engine's ``Playout``)."""

    steps: int

    def run(self, state: PurrfectState) -> list[int]:
        """The final scores of ``state`` played to the end."""
        ...


class Worlds(Protocol):
    """Imagines full states consistent with a seat's view (``WorldSampler``, or
    ``ForeseenWorlds``)."""

    def sample(self, rng: random.Random) -> PurrfectState:
        """One imagined state, its hidden cats drawn from ``rng``."""
        ...


class Models(Protocol):
    """The play-outs of one decision, one for each imagined deal (``PlayoutModels``,
    ``SeatModels``)."""

    def for_deal(self, k: int) -> PlaysOut:
        """The play-out of imagined deal ``k`` (counted from 0)."""
        ...

    @property
    def steps(self) -> int:
        """Decisions played so far (the search budget counts them)."""
        ...


class PlayoutModels:
    """The play-outs of one decision: one a set of numbers (``play_models``), imagined deal k
    played with set k mod their number."""

    def __init__(
        self,
        players: int,
        pool: Pool,
        tunings: Sequence[Tuning],
        kind: Callable[[int, Pool, Tuning], PlaysOut] | None = None,
    ) -> None:
        make = FastPlayout if kind is None else kind
        self.playouts = [make(players, pool, tuning) for tuning in tunings]

    def for_deal(self, k: int) -> PlaysOut:
        """The play-out of imagined deal ``k`` (counted from 0)."""
        return self.playouts[k % len(self.playouts)]

    @property
    def steps(self) -> int:
        """Decisions played so far, by every set (the search budget counts them)."""
        return sum(playout.steps for playout in self.playouts)


class SeatModels:
    """The play-outs of one decision when every seat of them reads its own view
    (``SeatPlayout``): the bot itself with its own numbers, each other seat with one of
    ``others``. Every pattern of them over the other seats is played, in an order drawn from
    ``rng``: imagined deal k with pattern k mod their number (the bot is not told what the
    others are, so it imagines each of them as each kind in turn)."""

    def __init__(
        self,
        game: PurrfectGame,
        seat: int,
        own: Tuning,
        others: Sequence[Tuning],
        rng: random.Random,
    ) -> None:
        self.players = game.players
        self.deck = game.options.deck
        self.seat = seat
        self.own = own
        self.others = tuple(others)
        self.patterns = list(product(range(len(self.others)), repeat=self.players - 1))
        rng.shuffle(self.patterns)
        self.cache = RulesCache(self.players)
        self.playouts: dict[int, SeatPlayout] = {}

    def for_deal(self, k: int) -> SeatPlayout:
        """The play-out of imagined deal ``k`` (counted from 0)."""
        index = k % len(self.patterns)
        playout = self.playouts.get(index)
        if playout is None:
            kinds = iter(self.patterns[index])
            tunings = [
                self.own if s == self.seat else self.others[next(kinds)]
                for s in range(self.players)
            ]
            playout = SeatPlayout(self.players, self.deck, tunings, self.cache)
            self.playouts[index] = playout
        return playout

    @property
    def steps(self) -> int:
        """Decisions played so far, by every play-out (the search budget counts them)."""
        return sum(playout.steps for playout in self.playouts.values())


class PurrfectStrong(PurrfectGreedy):
    """Determinized search with greedy playouts: see the module docstring."""

    name: ClassVar[str] = "strong"
    quick: ClassVar[bool] = False
    #: The work allowed per decision, counted in decisions played in imagined games; imagining
    #: a deal counts as ``SAMPLE_COST`` decisions, starting a playout as one. The default takes
    #: about a seventh of a second on one core on average, a third at most (compiled; see
    #: docs/bots.md).
    budget: ClassVar[int] = SEAT_BUDGET
    #: With play-outs on one shared picture (``views=0``), the sets of greedy numbers they are
    #: played with, drawn for each decision (one: its own numbers only).
    models: ClassVar[int] = 16
    #: How far from its own numbers the play-out models are drawn.
    model_spread: ClassVar[ModelSpread] = ModelSpread()
    #: Whether every seat of its play-outs reads its own view (``SeatPlayout``: the cats it
    #: has not seen, the candidates it inspected, the scores as it can estimate them), rather
    #: than one picture of the unseen cats for all, fixed for the play-out (``FastPlayout``).
    seat_playouts: ClassVar[bool] = True
    #: With seat play-outs, the numbers each other seat may play with (every pattern of them
    #: over the other seats is imagined in turn, ``SeatModels``): the first greedy bot's (no
    #: foresight of the nominations, no less keep late in the game, the true scores) and the
    #: greedy rules' of today.
    others: ClassVar[tuple[Tuning, ...]] = (V1_TUNING, DEFAULT_TUNING)
    #: Whether its imagined deals foresee the candidates nominated against the cat on show
    #: (``ForeseenWorlds``) rather than taking them for any unseen cats (``WorldSampler``).
    foresee_candidates: ClassVar[bool] = True
    #: Whether the proposers of its shared play-outs (``views=0``) foresee the nominations, as
    #: its own decisions do (``Tuning.foresee_nominations``). They do not: foreseeing in those
    #: play-outs lost points and took 2.6 times as long (docs/bots.md).
    playout_foresight: ClassVar[bool] = False
    #: Imagined deals per decision at least, whatever the budget.
    min_samples: ClassVar[int] = 2
    #: Imagined deals per decision at most (more changes nothing measurable).
    max_samples: ClassVar[int] = 1_000
    #: After this share of the budget, only the best few actions are played out further...
    prune_at: ClassVar[float] = 0.3
    #: ... this many, and the greedy action.
    finalists: ClassVar[int] = 2
    #: How many standard errors the search must win by to overrule the greedy action.
    confidence: ClassVar[float] = 2.0
    #: A claim above the truth is made only while its own record of claims is this credible.
    bluff_credibility: ClassVar[float] = 0.5

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        seed: int | str = 0,
        *,
        budget: int | None = None,
        seconds: float | None = None,
        models: int | None = None,
        views: int | None = None,
    ) -> None:
        super().__init__(game, seat, seed)
        #: Play-out models a decision (``models`` of the class unless given).
        self.model_count = self.models if models is None else models
        if not 1 <= self.model_count <= self.max_samples:
            raise OptionError(
                f"models must be from 1 to {self.max_samples} (the most imagined deals a "
                f"decision), not {self.model_count}"
            )
        if views not in (None, 0, 1):
            raise OptionError(
                f"views must be 1 (every seat of a play-out reads its own view) or 0 (one "
                f"picture of the unseen cats for all), not {views}"
            )
        #: Whether its play-outs are seat play-outs (``seat_playouts`` of the class unless
        #: ``views`` says).
        self.by_seat = self.seat_playouts if views is None else views == 1
        if self.by_seat and models is not None:
            raise OptionError(
                "models sets the play-out models when the play-outs share one picture of the "
                "unseen cats: ask for views=0 with it (play-outs by views imagine each other "
                "seat as each kind of player in turn)"
            )
        if self.by_seat == self.seat_playouts:
            default = self.budget
        else:
            default = SEAT_BUDGET if self.by_seat else SHARED_BUDGET
        self.search_budget = default if budget is None else budget
        #: At most this much CPU time of the deciding thread per decision, when set (then the
        #: decision depends on the machine's speed); the budget still applies.
        self.seconds = seconds
        #: Whether each claim it made was true.
        self.own_claims: list[bool] = []

    def decide(self, reading: Reading, legal: Sequence[Action]) -> Action:
        """The greedy action, unless the search finds a better one with confidence."""
        fallback = legal.index(greedy_action(reading))
        return legal[self.search(reading, legal, fallback)]

    def search(self, reading: Reading, legal: Sequence[Action], fallback: int) -> int:
        """Play out every legal action on the same imagined deals until the budget is spent
        (after ``prune_at`` of it, only the ``finalists`` best and the greedy action go on),
        then pick one (see ``pick``). The cyclic garbage collector is paused meanwhile
        (``CollectorPaused``)."""
        with CollectorPaused():
            return self._search(reading, legal, fallback)

    def _search(self, reading: Reading, legal: Sequence[Action], fallback: int) -> int:
        playouts = self.playout_models(reading, self.rng)
        worlds = self.worlds(reading)
        active = list(range(len(legal)))
        samples: list[Sample] = []
        work = 0
        start = time.thread_time()
        while len(samples) < self.min_samples or (
            len(samples) < self.max_samples
            and playouts.steps + work < self.search_budget
            and (self.seconds is None or time.thread_time() - start < self.seconds)
        ):
            world = worlds.sample(self.rng)
            playout = playouts.for_deal(len(samples))
            results: dict[int, float] = {}
            for i in active:
                imagined = world.clone()
                imagined.apply(legal[i])
                results[i] = self.outcome(playout.run(imagined))
            samples.append((self.talk_weight(world, reading), results))
            work += SAMPLE_COST + len(active)
            pruning = playouts.steps + work >= self.prune_at * self.search_budget
            if pruning and len(active) > self.finalists + 1:
                means = mean_outcomes(samples, active)
                ranked = sorted(active, key=lambda i: -means[i])[: self.finalists]
                active = sorted({*ranked, fallback})
        return self.pick(samples, active, fallback)

    def worlds(self, reading: Reading) -> Worlds:
        """The imagined deals of one decision: ``ForeseenWorlds`` if ``foresee_candidates``,
        else every hidden cat at random (``WorldSampler``). The review's evaluator imagines
        its worlds with it too."""
        if self.foresee_candidates:
            return ForeseenWorlds(self.purrfect, reading)
        return WorldSampler(self.purrfect, reading.view)

    def playout_models(self, reading: Reading, rng: random.Random) -> Models:
        """The play-outs of one decision. With ``seat_playouts``, ``SeatModels``: itself with
        its own numbers, the others with each pattern of ``others``. Otherwise
        ``model_count`` sets of numbers drawn from ``rng`` around its own (``play_models``),
        their proposers foreseeing the nominations only if ``playout_foresight`` says so. The
        review's evaluator plays its worlds with them too."""
        if self.by_seat:
            return SeatModels(self.purrfect, self.seat, self.tuning, self.others, rng)
        own = replace(self.tuning, foresee_nominations=self.playout_foresight)
        models = play_models(own, self.model_spread, self.model_count, rng)
        return PlayoutModels(reading.players, reading.pool, models)

    def pick(self, samples: list[Sample], active: list[int], fallback: int) -> int:
        """The action with the best weighted mean outcome if it beats the greedy action
        (``fallback``) by more than ``confidence`` standard errors of the difference, measured
        on the same imagined deals; the greedy action otherwise."""
        means = mean_outcomes(samples, active)
        best = max(active, key=lambda i: (means[i], i == fallback))
        if best == fallback:
            return fallback
        total = sum(weight for weight, _ in samples)
        shares = [w / total for w, _ in samples]
        diffs = [results[best] - results[fallback] for _, results in samples]
        error = paired_error(shares, diffs)
        return best if means[best] - means[fallback] > self.confidence * error else fallback

    def outcome(self, scores: list[int]) -> float:
        """How good a final table is for this seat: its score minus the mean of the
        others'."""
        mine = scores[self.seat]
        return mine - (sum(scores) - mine) / (len(scores) - 1)

    def talk_weight(self, world: PurrfectState, reading: Reading) -> float:
        """How likely the table talk is in this imagined deal (up to a constant): each open
        claim is true with its speaker's trust, or else says nothing about the candidate."""
        weight = 1.0
        dist = dict(reading.pool.dist())
        for claim in reading.book.open:
            seat = claim.speaker
            if seat in reading.known or not reading.view.standing[seat]:
                continue
            trust = reading.book.trust(seat)
            chance = (1 - trust) * dist.get(claim.value, 0.0)
            if world.position.candidate[seat] == claim.value:
                chance += trust
            weight *= max(chance, 1e-6)
        return weight

    def speak(self, view: PurrfectView) -> Claim | None:
        """The truth when it wants the match, or a higher value when that may make the
        proposer pass the candidates it sees first; nothing when it does not want the match."""
        if view.candidate is None:
            return None
        reading = self.read(view)
        if not reading.wants_match():
            return None
        value = view.candidate
        first = view.to_inspect[0] if view.to_inspect else self.seat
        if first != self.seat and self.credibility() >= self.bluff_credibility:
            unseen = [v for v in range(1, MAX_VALUE + 1) if reading.pool.counts[v]]
            value = max([value, *unseen])
        self.own_claims.append(value == view.candidate)
        return Claim(self.seat, value, claim_text(value))

    def credibility(self) -> float:
        """Its own record as the others can see it: the share of its claims that were true,
        counting one true and one false beforehand."""
        return (sum(self.own_claims) + 1) / (len(self.own_claims) + 2)


class PurrfectStrongV1(PurrfectStrong):
    """The first strong bot, kept as a yardstick (``strong-v1``): the first greedy numbers in
    its play-outs (one model), 40,000 decisions a search, and the margin over the best other
    score plus a bonus for a win as the outcome."""

    name: ClassVar[str] = "strong-v1"
    tuning: ClassVar[Tuning] = V1_TUNING
    seat_playouts: ClassVar[bool] = False
    budget: ClassVar[int] = 40_000
    models: ClassVar[int] = 1
    foresee_candidates: ClassVar[bool] = False
    confidence: ClassVar[float] = 1.0
    #: Added to the outcome of a game it wins (shared or not), on top of the margin.
    win_bonus: ClassVar[float] = 5.0

    def outcome(self, scores: list[int]) -> float:
        """The margin over the best other score, plus the win bonus for a win."""
        best_other = max(s for seat, s in enumerate(scores) if seat != self.seat)
        margin = scores[self.seat] - best_other
        return margin + (self.win_bonus if margin >= 0 else 0.0)
