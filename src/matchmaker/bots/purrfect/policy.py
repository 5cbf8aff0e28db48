"""The greedy rules of Purrfect Match as plain functions of numbers.

Everything here works on values only (the proposer cat, a candidate, the unseen pool, how much
a partner's gain hurts), so the same rules serve the greedy bot, which reads them off its view,
and the strong bot's playouts, which read them off an imagined state.

The ideas, in plain words:

- A cat in hand scores nothing at the end; it is only worth what it can be traded for later.
  That *keep value* is a share of the mean unseen cat, a little more for a high cat (it is
  easier to trade). With two players it is nothing: sensible players never trade there.
  Late in the game, with few cats left in play, an owner deciding on a match counts only a
  share of it: few trades are left to make with the cat it keeps.
- A match gives the proposer the candidate and the owner the proposer cat. Both gain against
  everybody else, so each side asks: is what I get worth more than what I hand over? What the
  partner gets counts against me with a *partner weight*: 1 with two players (every point the
  partner gets is a point of lead it takes from me), a small share with more, and a large share
  when the partner leads the others.
- The proposer inspects candidates one by one and can never go back: that is an optimal-stopping
  problem. It proposes when the candidate in front of it is worth at least what it expects from
  the candidates still to come (backward induction over their possible values).
- What those candidates may be depends on the cat on show: an owner nominates the cat with the
  best expected gain against it, or its lowest cat when no match is worth having. So a
  proposer foresees each owner's nomination from a hand like the one it holds (so many cats
  drawn from the unseen pool): a high cat on show draws high candidates, a low one the owners'
  lowest cats. That is what it reads when it chooses the cat to show and when it weighs the
  candidates still to come.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

from matchmaker.bots.purrfect.knowledge import Dist, Pool
from matchmaker.games.purrfect.deck import MAX_VALUE


@dataclass(frozen=True)
class Tuning:
    """The few numbers (and one switch) the greedy rules depend on (the defaults were tuned in
    paired duels against ``greedy-v1``, see docs/bots.md)."""

    #: A kept cat is worth this share of the mean unseen cat (three or more players).
    keep: float = 0.75
    #: ... plus this share of how far its value is above (or below) that mean.
    keep_slope: float = 0.0
    #: How much a partner's gain counts against me when it does not lead the others.
    rival: float = 0.2
    #: How much it counts when the partner leads the others and is not far behind me.
    leader: float = 0.25
    #: How far behind me a leading partner may be and still count as a leader.
    lead_margin: float = 5.0
    #: The game is *late* once no more than this many cats a seat are still in play (in
    #: hands, standing, or on show).
    late_cats: int = 2
    #: Late in the game an owner counts only this share of its candidate's keep value when it
    #: decides to accept: few trades are left to make with a cat kept.
    late_keep: float = 0.5
    #: A proposer foresees what the owners will nominate against the cat it shows
    #: (``Rules.nomination_dist``) rather than taking their candidates for any unseen cats.
    foresee_nominations: bool = True
    #: In a play-out (an imagined state read directly, not through views), a seat judges who
    #: leads from its own score and the others' as its view would show them, the cats they
    #: hold counted at the mean unseen cat (``knowledge.estimated_score``), rather than from
    #: the imagined deal's true scores (the first strong bot's play-outs).
    reckon_scores: bool = True


DEFAULT_TUNING = Tuning()
#: The numbers of the first greedy and strong bots (``greedy-v1``, ``strong-v1``).
V1_TUNING = Tuning(
    rival=0.25, leader=0.4, late_keep=1.0, foresee_nominations=False, reckon_scores=False
)


def partner_weight(
    players: int, scores: Sequence[float], me: int, partner: int, tuning: Tuning = DEFAULT_TUNING
) -> float:
    """How much one point gained by ``partner`` counts against ``me``."""
    if players == 2:
        return 1.0
    best_other = max(s for seat, s in enumerate(scores) if seat != me)
    return weight_against(scores[me], scores[partner], best_other, tuning)


def weights_both_ways(
    players: int, scores: Sequence[float], me: int, tuning: Tuning = DEFAULT_TUNING
) -> tuple[list[float], list[float]]:
    """``partner_weight(me, s)`` and ``partner_weight(s, me)`` for every seat s (0.0 for ``me``
    itself), from one pass over ``scores``: the best score of the seats other than a seat is
    the top score, or the runner-up's for the seat on top."""
    if players == 2:
        ones = [0.0 if s == me else 1.0 for s in range(players)]
        return ones, ones[:]
    top = 0
    for s in range(1, players):
        if scores[s] > scores[top]:
            top = s
    best = scores[top]
    runner_up = max(scores[s] for s in range(players) if s != top)
    own = scores[me]
    own_best = runner_up if me == top else best
    mine = [0.0] * players
    theirs = [0.0] * players
    for s in range(players):
        if s != me:
            mine[s] = weight_against(own, scores[s], own_best, tuning)
            theirs[s] = weight_against(scores[s], own, runner_up if s == top else best, tuning)
    return mine, theirs


def weight_against(mine: float, theirs: float, best_other: float, tuning: Tuning) -> float:
    """``partner_weight`` with three or more players, from my score, the partner's and the
    best score of the seats other than me: the leader's share when the partner leads the
    others and is not far behind me, the rival's share otherwise."""
    leads = theirs >= best_other and theirs >= mine - tuning.lead_margin
    return tuning.leader if leads else tuning.rival


def keep_value(value: int, mean: float, players: int, tuning: Tuning) -> float:
    """What holding on to a cat of ``value`` is worth (its chance to be traded later)."""
    if players == 2:
        return 0.0
    return max(0.0, tuning.keep * mean + tuning.keep_slope * (value - mean))


def match_gain(receive: int, give_to_partner: int, weight: float, keep: float) -> float:
    """What a match is worth to one side: what it receives, less what the partner receives
    (weighted), less the keep value of the cat it hands over."""
    return receive - weight * give_to_partner - keep


#: Does the owner of a candidate of value b accept the proposer cat? (b -> yes/no)
AcceptModel = Callable[[int], bool]


def continuation_values(cat: int, queue: Sequence[tuple[Dist, float, AcceptModel]]) -> list[float]:
    """Expected gain of the proposer before each candidate of ``queue`` (and 0.0 after the
    last: loneliness gives nobody anything). Each entry is (the candidate's value
    distribution, the weight of its owner's gain, whether its owner accepts a value)."""
    values = [0.0] * (len(queue) + 1)
    for j in range(len(queue) - 1, -1, -1):
        dist, weight, accepts = queue[j]
        later = values[j + 1]
        total = 0.0
        for value, p in dist:
            gain = value - weight * cat
            total += p * (gain if gain > later and accepts(value) else later)
        values[j] = total
    return values


def should_propose(value: int, cat: int, weight: float, later: float) -> bool:
    """Propose when this candidate is worth at least what the rest promise (a refusal costs
    nothing: the proposer just moves on)."""
    return value - weight * cat >= later and value - weight * cat > 0


class Rules:
    """The greedy rules for one picture of the unseen cats, with what they need precomputed
    (a keep value and a share of beaten cats for each value)."""

    def __init__(self, players: int, pool: Pool, tuning: Tuning = DEFAULT_TUNING) -> None:
        self.pool = pool
        self.dist = pool.dist()
        #: ``keep[v]``: the keep value of a cat of value v.
        self.keep = [keep_value(v, pool.mean, players, tuning) for v in range(MAX_VALUE + 1)]
        #: ``late_keep[v]``: the keep value an owner counts late in the game.
        self.late_keep = [keep * tuning.late_keep for keep in self.keep]
        #: The game is late with at most this many cats in play (``late_cats`` a seat).
        self.late_in_play = tuning.late_cats * players
        #: How much our gain counts against a proposer, as we imagine it.
        self.proposer_weight = 1.0 if players == 2 else tuning.rival
        self._nomination_orders: dict[tuple[int, float], tuple[int, ...]] = {}
        self._nomination_dists: dict[tuple[int, float, int], Dist] = {}

    def is_late(self, in_play: int) -> bool:
        """Is the game late, with ``in_play`` cats still in play (see ``cats_in_play``)?"""
        return in_play <= self.late_in_play

    def accepts(self, cat: int, value: int, weight: float, late: bool = False) -> bool:
        """Does the owner of a candidate of ``value`` accept proposer cat ``cat``? It does when
        the match gain, with the keep value it counts (less when the game is ``late``), is not
        negative."""
        keep = self.late_keep[value] if late else self.keep[value]
        return match_gain(cat, value, weight, keep) >= 0

    def accept_model(self, cat: int, weight: float) -> AcceptModel:
        """``accepts`` for proposer cat ``cat`` and an owner weighing the proposer's gain by
        ``weight``, as a function of the candidate's value: the owners as a proposer imagines
        them, by the plain rule all game long (a proposer that counted on owners accepting
        more late in the game gained less: docs/bots.md)."""

        def accepts(value: int) -> bool:
            return self.accepts(cat, value, weight)

        return accepts

    def proposal_chance(self, value: int, cat: int) -> float:
        """How likely the proposer is to propose to a candidate of ``value``: never when it
        is worth less than the proposer cat weighted as the proposer weighs our gain,
        otherwise as likely as the candidate beats an unseen cat."""
        if value < self.proposer_weight * cat:
            return 0.0
        return self.pool.cdf[value]

    def nomination_order(self, cat: int, weight: float) -> tuple[int, ...]:
        """Every value, in the order an owner weighing the proposer's gain by ``weight``
        would rather nominate it against proposer cat ``cat``: first the values whose match is
        worth having, by expected gain (chance of a proposal times the match gain; the lower
        of equals first), then the others from the lowest up (a match not worth having should
        give the least away, and the lowest cat is the least use later)."""
        key = (cat, weight)
        order = self._nomination_orders.get(key)
        if order is None:
            worth: list[tuple[float, int]] = []
            for value in range(1, MAX_VALUE + 1):
                gain = cat - weight * value - self.keep[value]
                expected = self.proposal_chance(value, cat) * gain if gain > 0 else 0.0
                if expected > 0:
                    worth.append((-expected, value))
            first = [value for _, value in sorted(worth)]
            rest = [value for value in range(1, MAX_VALUE + 1) if value not in first]
            order = self._nomination_orders[key] = (*first, *rest)
        return order

    def nominate(self, counts: Sequence[int], cat: int, weight: float) -> int:
        """The candidate to nominate against proposer cat ``cat`` from a hand given as counts
        per value: the first cat of ``nomination_order`` it holds (0 for an empty hand)."""
        for value in self.nomination_order(cat, weight):
            if counts[value]:
                return value
        return 0

    def nomination_dist(self, cat: int, weight: float, holding: int) -> Dist:
        """What an owner nominates against proposer cat ``cat`` by ``nominate`` when it chose
        from ``holding`` cats drawn from the unseen pool: each value with the chance that the
        hand holds it and none of the values ``nomination_order`` puts before it. A proposer
        reads the candidates to come with it: a high cat on show draws high candidates from
        owners that want the match, a low one the owners' lowest cats."""
        key = (cat, weight, holding)
        found = self._nomination_dists.get(key)
        if found is not None:
            return found
        counts = self.pool.counts
        size = self.pool.size
        holding = min(holding, size)
        if holding <= 0:
            return self.dist
        hands = comb(size, holding)
        outside = size
        none_before = 1.0
        chances: list[tuple[int, float]] = []
        for value in self.nomination_order(cat, weight):
            if not counts[value]:
                continue
            outside -= counts[value]
            none_yet = comb(outside, holding) / hands
            if none_before > none_yet:
                chances.append((value, none_before - none_yet))
            none_before = none_yet
        dist = self._nomination_dists[key] = tuple(sorted(chances))
        return dist

    def candidates(self, cat: int, weight: float, holding: int) -> Dist:
        """What a candidate to come may be, as a proposer of ``cat`` reads it: what its owner
        nominates from ``holding`` cats (``nomination_dist``), or any unseen cat when
        ``holding`` is 0 (a candidate standing from an earlier round, or rules that do not
        foresee nominations)."""
        return self.nomination_dist(cat, weight, holding) if holding else self.dist

    def present(self, counts: Sequence[int], expected_round: Callable[[int], float]) -> int:
        """The cat to present: the one whose expected round gain (``expected_round(cat)``),
        less its keep value, is best."""
        best_value, best = float("-inf"), 0
        for cat in range(1, MAX_VALUE + 1):
            if counts[cat]:
                score = expected_round(cat) - self.keep[cat]
                if score > best_value:
                    best_value, best = score, cat
        return best


def cats_in_play(hand_sizes: Sequence[int], standing: int, on_show: bool) -> int:
    """The cats still in play: in hands, the ``standing`` candidates, and the proposer cat
    when one is ``on_show``. The count stays the same through a round (a cat only moves
    between hand, show and candidacy) and drops when a match or a loneliness ends it."""
    return sum(hand_sizes) + standing + (1 if on_show else 0)


def hand_counts(hand: Sequence[int]) -> list[int]:
    """A hand of values as counts per value (index 0 unused)."""
    counts = [0] * (MAX_VALUE + 1)
    for value in hand:
        counts[value] += 1
    return counts
