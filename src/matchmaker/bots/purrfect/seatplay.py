"""Faithful play-outs: every seat of an imagined state plays as the greedy bot reading its own view.

:class:`~matchmaker.bots.purrfect.fastplay.FastPlayout` is fast because every seat of a play-out
reads one picture of the unseen cats, the one of the seat that imagined the deal, fixed for
the whole play-out. A real seat does not: it reads the cats *it* has not seen, which change at
every cat shown, claimed or inspected, it knows the candidates it has inspected while they
stand, and it estimates the others' scores with its own mean unseen cat. ``SeatPlayout``
follows each seat's knowledge as the game goes on and decides as the greedy bot
(:func:`~matchmaker.bots.purrfect.greedy.greedy_action` on a :class:`Reading` of the seat's
view) would, each seat with its own numbers (a ``Tuning`` a seat), without building views or
going through the engine. Like ``FastPlayout`` it is a second copy of the rules of
``games/purrfect/state.py`` (which stays the source of truth), and of the greedy bot's reading
of a view; ``tests/test_purrfect_seatplay.py`` checks it event by event against the engine
with the real greedy bots in every seat.

What a seat knows, kept up to date through the play-out:

- the cats nobody can place in public (the deck less the claimed and discarded cats and the
  cat on show), from which its own hand, its own candidate and the candidates it knows are
  taken to give its unseen pool (``knowledge.pool_of``);
- the others' standing candidates it inspected as proposer since they were nominated
  (``PurrfectView.known_candidates``);
- each seat's claimed cats less the cats it gave away in public, for the estimated scores
  (``knowledge.estimated_scores``: its own exact, the others' held cats at its mean).
"""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.bots.purrfect.fastplay import ROUND_PHASES
from matchmaker.bots.purrfect.knowledge import Dist, Pool, estimated_score
from matchmaker.bots.purrfect.policy import (
    AcceptModel,
    Rules,
    Tuning,
    cats_in_play,
    continuation_values,
    should_propose,
    weights_both_ways,
)
from matchmaker.core.actions import Action
from matchmaker.core.seats import clockwise_from, in_turn_from
from matchmaker.games.purrfect.actions import (
    ACCEPT,
    NOMINATE_ACTIONS,
    PASS,
    PRESENT_ACTIONS,
    PROPOSE,
    REJECT,
)
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.phases import INSPECT, NOMINATE, OVER, PRESENT
from matchmaker.games.purrfect.state import PurrfectState


class _Table:
    """The state of one play-out, as flat lists, and what each seat knows of it."""

    def __init__(self, state: PurrfectState, deck: Sequence[int]) -> None:
        p = state.position
        n = p.players
        self.players = n
        self.hands = [h[:] for h in p.hands]
        self.size = p.hand_size[:]
        self.cand = p.candidate[:]
        self.cand_round = p.candidate_round[:]
        self.round = p.round
        self.proposer = p.proposer
        self.cat = p.proposer_cat
        self.phase = p.phase
        self.queue = p.queue[:]
        self.at = p.queue_index
        self.scores = state.scores()
        #: Claimed less given away in public, by seat (the public part of a score).
        self.claimed_less_given = [sum(c) - sum(g) for c, g in zip(p.claimed, p.given, strict=True)]
        #: The cats nobody can place in public: the deck less the claimed and discarded cats
        #: and the cat on show, as counts per value.
        public = [0] * (MAX_VALUE + 1)
        for value in deck:
            public[value] += 1
        for pile in p.claimed:
            for value in pile:
                public[value] -= 1
        for value in p.discarded:
            public[value] -= 1
        if self.cat and self.phase is not PRESENT:
            public[self.cat] -= 1
        self.public = public
        #: ``known[r][s]``: seat s's standing candidate, inspected by r since it was nominated.
        self.known: list[dict[int, int]] = [{} for _ in range(n)]
        for round_, inspector, seat, value in p.inspections:
            if seat != inspector and self.cand[seat] and round_ >= self.cand_round[seat]:
                self.known[inspector][seat] = value

    def holds_cats(self, seat: int) -> bool:
        """Whether ``seat`` holds cats (in hand or standing)."""
        return self.size[seat] > 0 or self.cand[seat] > 0

    def only_value(self, seat: int) -> int:
        """The value of every cat in ``seat``'s hand when they are all alike (its choice is
        then made for it), else 0."""
        hand = self.hands[seat]
        found = 0
        for value in range(1, MAX_VALUE + 1):
            if hand[value]:
                if found:
                    return 0
                found = value
        return found

    def forget(self, seat: int) -> None:
        """``seat``'s candidate no longer stands: nobody knows it any more."""
        for known in self.known:
            known.pop(seat, None)

    def candidate_home(self, seat: int) -> None:
        """``seat``'s standing candidate goes back to its hand."""
        value = self.cand[seat]
        if value:
            self.hands[seat][value] += 1
            self.size[seat] += 1
            self.cand[seat] = 0
            self.forget(seat)

    def pool_counts(self, seat: int) -> tuple[int, ...]:
        """The cats ``seat`` has not seen, less the standing candidates it knows."""
        counts = self.public[:]
        hand = self.hands[seat]
        for value in range(1, MAX_VALUE + 1):
            counts[value] -= hand[value]
        if self.cand[seat]:
            counts[self.cand[seat]] -= 1
        for value in self.known[seat].values():
            if counts[value] > 0:
                counts[value] -= 1
        return tuple(counts)


class _Reading:
    """What one seat reads off the table for a decision, as the greedy bot's ``Reading`` reads
    it off the seat's view: its rules for its unseen pool, the estimated scores and the
    candidates it knows."""

    def __init__(self, table: _Table, seat: int, rules: Rules, tuning: Tuning) -> None:
        self.table = table
        self.me = seat
        self.rules = rules
        self.tuning = tuning
        self.players = table.players
        mean = rules.pool.mean
        self.scores = [
            float(table.scores[s])
            if s == seat
            else estimated_score(
                table.claimed_less_given[s],
                table.size[s] + (1 if table.cand[s] else 0),
                mean,
            )
            for s in range(table.players)
        ]
        #: How much each seat's gain counts against this one, and this one's against each
        #: (``Reading.weight`` both ways).
        self.mine, self.theirs = weights_both_ways(self.players, self.scores, seat, tuning)

    def candidate_dist(self, seat: int, cat: int) -> Dist:
        """``Reading.candidate_dist`` in silence: the known value, or what ``seat`` nominates
        (or nominated this round) from a hand like its own, or any unseen cat."""
        known = self.table.known[self.me]
        if seat in known:
            return ((known[seat], 1.0),)
        holding = self.nominating_from(seat) if self.tuning.foresee_nominations else 0
        return self.rules.candidates(cat, self.theirs[seat], holding)

    def nominating_from(self, seat: int) -> int:
        """``Reading.nominating_from``."""
        table = self.table
        if not table.cand[seat]:
            return table.size[seat]
        if table.cand_round[seat] == table.round:
            return table.size[seat] + 1
        return 0

    def present(self, seats: Sequence[int]) -> int:
        """The cat to present before the candidates of ``seats`` (the greedy rule)."""
        return self.rules.present(
            self.table.hands[self.me],
            lambda cat: continuation_values(cat, self.queue(seats, cat))[0],
        )

    def queue(self, seats: Sequence[int], cat: int) -> list[tuple[Dist, float, AcceptModel]]:
        """``Reading.queue``: the candidates of ``seats`` as the optimal-stopping rule sees
        them."""
        rules = self.rules
        return [
            (self.candidate_dist(s, cat), self.mine[s], rules.accept_model(cat, self.theirs[s]))
            for s in seats
        ]


class RulesCache:
    """The greedy rules for each set of numbers and unseen pool met, shared by the play-outs
    of one decision (a seat's pool changes with nearly every cat it sees, but the deciding
    seat's own pools are the same in every imagined deal at first)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self._tables: dict[Tuning, dict[tuple[int, ...], Rules]] = {}

    def table(self, tuning: Tuning) -> dict[tuple[int, ...], Rules]:
        """The rules with ``tuning``'s numbers, by unseen pool (as counts per value)."""
        found = self._tables.get(tuning)
        if found is None:
            found = self._tables[tuning] = {}
        return found


class SeatPlayout:
    """Plays imagined states to the end, every seat as the greedy bot on its own view with
    its own numbers (``tunings``, one a seat); counts the decisions played."""

    def __init__(
        self,
        players: int,
        deck: Sequence[int],
        tunings: Sequence[Tuning],
        cache: RulesCache | None = None,
    ) -> None:
        if len(tunings) != players:
            raise ValueError(f"a seat play-out needs {players} sets of numbers, not {len(tunings)}")
        self.players = players
        self.deck = tuple(deck)
        self.tunings = tuple(tunings)
        #: Decisions played so far, over all play-outs (a search budget counts them).
        self.steps = 0
        self._clockwise = [clockwise_from(s, players) for s in range(players)]
        self._in_turn = [in_turn_from(s, players) for s in range(players)]
        shared = RulesCache(players) if cache is None else cache
        #: Each seat's rules by unseen pool (a seat's numbers are its own).
        self._rules = [shared.table(tuning) for tuning in self.tunings]

    def _reading(self, table: _Table, seat: int) -> _Reading:
        counts = table.pool_counts(seat)
        cache = self._rules[seat]
        rules = cache.get(counts)
        if rules is None:
            rules = cache[counts] = Rules(self.players, Pool(counts), self.tunings[seat])
        return _Reading(table, seat, rules, self.tunings[seat])

    def run(self, state: PurrfectState, trace: list[tuple[int, Action]] | None = None) -> list[int]:
        """Play ``state`` to the end and return the final scores; each decision is appended to
        ``trace`` when given, as (seat, action). ``state`` itself is left as it was."""
        phase = state.position.phase
        if phase is OVER:
            return state.scores()
        if phase not in ROUND_PHASES:
            raise ValueError(f"a play-out starts after the deal, not in phase {phase}")
        t = _Table(state, self.deck)
        clockwise = self._clockwise
        steps = 0
        # The cats in play stay the same through a round (see ``cats_in_play``).
        in_play = cats_in_play(
            t.size, self.players - t.cand.count(0), t.phase is not PRESENT and t.cat != 0
        )
        while True:
            proposer = t.proposer
            if t.phase is PRESENT:
                cat = t.only_value(proposer)
                if not cat:
                    reading = self._reading(t, proposer)
                    cat = reading.present([s for s in clockwise[proposer] if t.holds_cats(s)])
                steps += 1
                if trace is not None:
                    trace.append((proposer, PRESENT_ACTIONS[cat]))
                t.hands[proposer][cat] -= 1
                t.size[proposer] -= 1
                t.public[cat] -= 1
                t.claimed_less_given[proposer] -= cat
                t.cat = cat
                t.queue = [s for s in clockwise[proposer] if not t.cand[s] and t.size[s]]
                t.at = 0
                t.phase = NOMINATE
            cat = t.cat
            if t.phase is NOMINATE:
                while t.at < len(t.queue):
                    s = t.queue[t.at]
                    value = t.only_value(s)
                    if not value:
                        reading = self._reading(t, s)
                        value = reading.rules.nominate(t.hands[s], cat, reading.mine[proposer])
                    steps += 1
                    if trace is not None:
                        trace.append((s, NOMINATE_ACTIONS[value]))
                    t.hands[s][value] -= 1
                    t.size[s] -= 1
                    t.cand[s] = value
                    t.cand_round[s] = t.round
                    t.at += 1
                t.queue = [s for s in clockwise[proposer] if t.cand[s]]
                t.at = 0
                if t.queue:
                    t.known[proposer][t.queue[0]] = t.cand[t.queue[0]]
                t.phase = INSPECT
            owner = -1
            while t.at < len(t.queue):
                seat = t.queue[t.at]
                value = t.cand[seat]
                if t.phase is INSPECT:
                    reading = self._reading(t, proposer)
                    later = continuation_values(cat, reading.queue(t.queue[t.at + 1 :], cat))[0]
                    steps += 1
                    if not should_propose(value, cat, reading.mine[seat], later):
                        if trace is not None:
                            trace.append((proposer, PASS))
                        self._next_candidate(t)
                        continue
                    if trace is not None:
                        trace.append((proposer, PROPOSE))
                reading = self._reading(t, seat)
                late = reading.rules.is_late(in_play)
                yes = reading.rules.accepts(cat, value, reading.mine[proposer], late)
                steps += 1
                t.phase = INSPECT
                if yes:
                    if trace is not None:
                        trace.append((seat, ACCEPT))
                    owner = seat
                    break
                if trace is not None:
                    trace.append((seat, REJECT))
                self._next_candidate(t)
            if owner >= 0:
                value = t.cand[owner]
                t.scores[proposer] += value
                t.scores[owner] += cat
                t.claimed_less_given[proposer] += value
                t.claimed_less_given[owner] += cat - value
                t.public[value] -= 1
                t.cand[owner] = 0
                t.forget(owner)
                in_play -= 2
                designated = owner
            else:
                for s in range(self.players):
                    t.candidate_home(s)
                in_play -= 1
                designated = proposer + 1 if proposer + 1 < self.players else 0
            t.round += 1
            t.cat = 0
            holders = [s for s in self._in_turn[designated] if t.holds_cats(s)]
            if len(holders) < 2:
                break
            t.proposer = holders[0]
            t.candidate_home(t.proposer)
            t.phase = PRESENT
        self.steps += steps
        return t.scores

    @staticmethod
    def _next_candidate(t: _Table) -> None:
        """The proposer moves on: the next candidate is inspected (and known to it)."""
        t.at += 1
        t.phase = INSPECT
        if t.at < len(t.queue):
            t.known[t.proposer][t.queue[t.at]] = t.cand[t.queue[t.at]]
