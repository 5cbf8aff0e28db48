"""Fast play-outs of an imagined Purrfect Match state: the rules played a second way, for speed.

:class:`~matchmaker.bots.purrfect.playout.Playout` plays a sampled world to the end through the
engine's ``PurrfectState.apply``, which checks every move and records the history, the public
log and the happenings: most of a play-out's time. ``FastPlayout`` makes the very same
decisions with the same judgement (``Rules``, ``should_propose``, ``continuation_values`` and
``weight_against`` of the policy), but applies the rules itself, on flat lists of integers
copied from the world's position, with no history and no checks. It is a second copy of the
rules of ``games/purrfect/state.py``, which stays the source of truth: match, loneliness, the
next proposer skipping seats that hold no cats, standing candidates that stay, a proposer's
own standing candidate returning to its hand, the end when fewer than two seats hold cats,
scores as claimed values less the target. ``tests/test_purrfect_fastplay.py`` checks it
against the engine event by event (seat and action), and on the final scores and the step
count, on worlds sampled at every phase of bot games.

What makes it fast, besides skipping the engine:

- A round reads only the partner weights between its proposer and the others, so only those
  are worked out (``weight_against`` with each seat's own score and the others' reckoned
  ones, as ``partner_weights`` finds them), once a round. Each pair of weights (the
  proposer's for a seat, the seat's for the proposer) gets a small code, and a queue of
  seats is the number its seats spell: each seat's pair code (four bits) and, when the rules
  foresee nominations, how many cats it nominates from against the cat on show (0 for a
  candidate standing from an earlier round).
- Continuation values are memoised by that number and the cat, as ``Playout`` memoises them by
  the pairs themselves, and one lookup serves a whole inspection: the value before candidate
  ``j`` of a queue is the value at the start of the queue's rest (backward induction computes
  both the same way).
- Decisions are memoised on small integer keys: the cat to nominate by the values the seat
  holds (a bit mask kept up to date), the cat on show and the seat's weight for the proposer;
  whether to accept by that weight, whether the game is late, the cat and the candidate; the
  cat to present as the proposer's order of preference before that queue (``Rules.present``
  asked with every cat, then every cat but its choice, and so on), of which it plays the first
  cat it holds. The cats in play are counted down as rounds end (two leave with a match, one
  with a loneliness), for whether the game is late.
"""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.bots.purrfect.knowledge import Pool, estimated_score
from matchmaker.bots.purrfect.playout import partner_weights
from matchmaker.bots.purrfect.policy import (
    Rules,
    Tuning,
    cats_in_play,
    continuation_values,
    should_propose,
    weight_against,
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
from matchmaker.games.purrfect.phases import INSPECT, NOMINATE, OVER, PRESENT, RESPOND
from matchmaker.games.purrfect.state import PurrfectState

#: The phases a play-out starts in (a round under way).
ROUND_PHASES = (PRESENT, NOMINATE, INSPECT, RESPOND)
#: Bits of one pair code (codes 1 to 15; 0 ends a queue's number).
_PAIR_BITS = 4
_PAIR_MASK = (1 << _PAIR_BITS) - 1
#: At most this many distinct partner weights (the policy has two: a rival's and a leader's),
#: so that a pair code ``1 + mine * _WEIGHTS + theirs`` fits in its bits.
_WEIGHTS = 3


def held_mask(counts: Sequence[int]) -> int:
    """The values a hand holds, given as counts per value, as bits (bit v for value v)."""
    mask = 0
    for value in range(1, MAX_VALUE + 1):
        if counts[value]:
            mask |= 1 << value
    return mask


class FastPlayout:
    """Plays imagined states to the end with the greedy rules, as ``Playout`` does, without
    the engine; counts the decisions played."""

    def __init__(self, players: int, pool: Pool, tuning: Tuning) -> None:
        self.players = players
        self.tuning = tuning
        self.rules = Rules(players, pool, tuning)
        #: Decisions played so far, over all playouts (the search budget counts them).
        self.steps = 0
        self._clockwise = [clockwise_from(s, players) for s in range(players)]
        self._in_turn = [in_turn_from(s, players) for s in range(players)]
        #: Every partner weight met, and its index.
        self._weights: list[float] = []
        self._weight_index: dict[float, int] = {}
        #: Continuation values by (queue number << 4 | cat).
        self._later: dict[int, list[float]] = {}
        #: The cats in the order a proposer presents them, by queue number.
        self._orders: dict[int, tuple[int, ...]] = {}
        #: What a seat's place in a queue's number holds besides its pair code: the cats it
        #: nominates from against the cat on show (``Rules.candidates``), at most the pool's
        #: size (as ``nomination_dist`` reads it), 0 when its candidate stands from an earlier
        #: round or the rules do not foresee nominations.
        self._foresee = tuning.foresee_nominations
        #: The mean unseen cat, at which the seats reckon the cats the others hold.
        self._mean = pool.mean
        self._reckon = tuning.reckon_scores
        self._most_held = pool.size
        self._seat_bits = _PAIR_BITS + max(1, pool.size.bit_length())
        #: Memoised decisions by their integer keys (see ``run``).
        self._nominations: dict[int, int] = {}
        self._accepts: dict[int, bool] = {}

    # ----------------------------------------------------------------------------- play-outs
    def run(self, state: PurrfectState, trace: list[tuple[int, Action]] | None = None) -> list[int]:
        """Play ``state`` to the end and return the final scores. Each decision is appended to
        ``trace`` when given, as (seat, action), the form of the engine's ``history.events``.
        ``state`` itself is left as it was: its position is copied."""
        p = state.position
        phase = p.phase
        scores = state.scores()
        if phase is OVER:
            return scores
        if phase not in ROUND_PHASES:
            raise ValueError(f"a play-out starts after the deal, not in phase {phase}")

        n = self.players
        rules = self.rules
        clockwise = self._clockwise
        in_turn = self._in_turn
        weight_of = self._weights
        orders = self._orders
        nominations = self._nominations
        accepts = self._accepts
        hands = [h[:] for h in p.hands]
        size = p.hand_size[:]
        cand = p.candidate[:]
        masks = [held_mask(h) for h in hands]
        foresee = self._foresee
        most_held = self._most_held
        seat_bits = self._seat_bits
        # The cats each candidate nominated this round was chosen from, as a queue's number
        # holds it; 0 for a candidate standing from an earlier round.
        chose_from = [0] * n
        for s in range(n):
            if foresee and cand[s] and p.candidate_round[s] == p.round:
                chose_from[s] = min(size[s] + 1, most_held)
        proposer = p.proposer
        cat = p.proposer_cat
        queue = p.queue[:]
        at = p.queue_index
        # This round's partner weights: the proposer's for each seat, the index of each seat's
        # for the proposer, and the code of the pair (see ``_weigh``).
        mine = [0.0] * n
        theirs = [0] * n
        codes = [0] * n
        self._weigh(
            scores, self._reckoned(scores, hands, size, cand), proposer, mine, theirs, codes
        )
        # The cats in play, for whether the game is late (``Rules.is_late``: 1 or 0 a round).
        in_play = cats_in_play(size, n - cand.count(0), cat != 0)
        late = 1 if rules.is_late(in_play) else 0
        steps = 0
        # Every round takes at least one cat out of play (the proposer cat, discarded or
        # claimed), so no more rounds than cats can be left: a check that costs nothing.
        rounds_left = sum(size) + n - cand.count(0) + 1
        while True:
            if phase is PRESENT:
                number = 0
                for s in clockwise[proposer]:
                    if size[s] or cand[s]:
                        held = min(size[s], most_held) if foresee and not cand[s] else 0
                        number = number << seat_bits | held << _PAIR_BITS | codes[s]
                hand = hands[proposer]
                order = orders.get(number)
                if order is None:
                    order = orders[number] = self._preferences(number)
                for cat in order:
                    if hand[cat]:
                        break
                steps += 1
                if trace is not None:
                    trace.append((proposer, PRESENT_ACTIONS[cat]))
                hand[cat] -= 1
                size[proposer] -= 1
                if not hand[cat]:
                    masks[proposer] ^= 1 << cat
                queue = [s for s in clockwise[proposer] if size[s] and not cand[s]]
                at = 0
                phase = NOMINATE
            if phase is NOMINATE:
                while at < len(queue):
                    s = queue[at]
                    hand = hands[s]
                    key = (masks[s] << 4 | cat) << _PAIR_BITS | theirs[s]
                    found = nominations.get(key)
                    if found is None:
                        found = nominations[key] = rules.nominate(hand, cat, weight_of[theirs[s]])
                    steps += 1
                    if trace is not None:
                        trace.append((s, NOMINATE_ACTIONS[found]))
                    if foresee:
                        chose_from[s] = min(size[s], most_held)
                    hand[found] -= 1
                    size[s] -= 1
                    if not hand[found]:
                        masks[s] ^= 1 << found
                    cand[s] = found
                    at += 1
                queue = [s for s in clockwise[proposer] if cand[s]]
                at = 0
                phase = INSPECT
            # Inspection: one lookup gives what the rest of the queue promises at every point.
            number = 0
            for s in queue:
                number = number << seat_bits | chose_from[s] << _PAIR_BITS | codes[s]
            later = self._later_of(cat, number)
            owner = -1
            while at < len(queue):
                seat = queue[at]
                value = cand[seat]
                if phase is INSPECT:
                    steps += 1
                    if not should_propose(value, cat, mine[seat], later[at + 1]):
                        if trace is not None:
                            trace.append((proposer, PASS))
                        at += 1
                        continue
                    if trace is not None:
                        trace.append((proposer, PROPOSE))
                phase = INSPECT
                key = ((theirs[seat] << 1 | late) << 4 | cat) << 4 | value
                yes = accepts.get(key)
                if yes is None:
                    weight = weight_of[theirs[seat]]
                    yes = accepts[key] = rules.accepts(cat, value, weight, late == 1)
                steps += 1
                if yes:
                    if trace is not None:
                        trace.append((seat, ACCEPT))
                    owner = seat
                    break
                if trace is not None:
                    trace.append((seat, REJECT))
                at += 1
            for s in range(n):
                chose_from[s] = 0
            if owner >= 0:
                # A match: the proposer claims the candidate, the owner the proposer cat; the
                # other standing candidates stay; the owner is designated next.
                scores[proposer] += cand[owner]
                scores[owner] += cat
                cand[owner] = 0
                in_play -= 2
                designated = owner
            else:
                # Loneliness: the cat is discarded, every standing candidate goes home, and the
                # seat to the proposer's left is designated next.
                for s in range(n):
                    value = cand[s]
                    if value:
                        hands[s][value] += 1
                        size[s] += 1
                        masks[s] |= 1 << value
                        cand[s] = 0
                in_play -= 1
                designated = proposer + 1 if proposer + 1 < n else 0
            # The next round: the game ends when fewer than two seats hold cats; otherwise the
            # first seat holding cats from the designated one proposes, its standing candidate
            # (if any) back in hand first.
            proposer = -1
            holders = 0
            for s in in_turn[designated]:
                if size[s] or cand[s]:
                    holders += 1
                    if proposer < 0:
                        proposer = s
                    elif holders == 2:
                        break
            if holders < 2:
                break
            rounds_left -= 1
            if rounds_left <= 0:
                raise RuntimeError("a fast play-out went on past the last cat (a rule is wrong)")
            value = cand[proposer]
            if value:
                hands[proposer][value] += 1
                size[proposer] += 1
                masks[proposer] |= 1 << value
                cand[proposer] = 0
            self._weigh(
                scores, self._reckoned(scores, hands, size, cand), proposer, mine, theirs, codes
            )
            late = 1 if rules.is_late(in_play) else 0
            phase = PRESENT
        self.steps += steps
        return scores

    # ------------------------------------------------------------------ weights, memoised
    def _reckoned(
        self, scores: list[int], hands: list[list[int]], size: list[int], cand: list[int]
    ) -> list[float]:
        """Every seat's score as the others reckon it (``estimated_score``, as
        ``playout.reckoned_scores`` finds it on a state); the true scores if the numbers do
        not reckon (``Tuning.reckon_scores``). Claimed and given cats are not kept here, but
        their difference is the score plus the cats still held, which are part of the
        target."""
        if not self._reckon:
            return [float(score) for score in scores]
        mean = self._mean
        reckoned: list[float] = []
        for s in range(self.players):
            hand = hands[s]
            total = cand[s]
            for value in range(1, MAX_VALUE + 1):
                total += value * hand[value]
            count = size[s] + (1 if cand[s] else 0)
            reckoned.append(estimated_score(scores[s] + total, count, mean))
        return reckoned

    def _weigh(
        self,
        scores: list[int],
        reckoned: list[float],
        proposer: int,
        mine: list[float],
        theirs: list[int],
        codes: list[int],
    ) -> None:
        """Fill in the partner weights between ``proposer`` and every other seat ``s``:
        ``mine[s]``, how much s's gain counts against the proposer; ``theirs[s]``, the index
        of how much the proposer's gain counts against s; ``codes[s]``, the pair's code. They
        are the entries of ``partner_weights(scores, reckoned)`` for the proposer's row and
        column: each seat's own true score against the others' reckoned ones."""
        n = self.players
        if n == 2:
            matrix = partner_weights(scores, reckoned, self.tuning)
            other = 1 - proposer
            weight, against = matrix[proposer][other], matrix[other][proposer]
            mine[other] = weight
            theirs[other], codes[other] = self._pair_code(weight, against)
            return
        # The best other reckoned score of every seat: the runner-up's for the first seat of
        # the highest, the highest for everybody else.
        first = 0
        top = reckoned[0]
        runner_up = reckoned[1]
        if runner_up > top:
            first, top, runner_up = 1, reckoned[1], reckoned[0]
        for s in range(2, n):
            score = reckoned[s]
            if score > top:
                runner_up = top
                top = score
                first = s
            elif score > runner_up:
                runner_up = score
        tuning = self.tuning
        own = scores[proposer]
        shown = reckoned[proposer]
        own_best = runner_up if proposer == first else top
        for s in self._clockwise[proposer]:
            weight = weight_against(own, reckoned[s], own_best, tuning)
            against = weight_against(scores[s], shown, runner_up if s == first else top, tuning)
            mine[s] = weight
            theirs[s], codes[s] = self._pair_code(weight, against)

    def _pair_code(self, weight: float, against: float) -> tuple[int, int]:
        """The index of ``against`` and the code of the pair (``weight``, ``against``)."""
        index = self._weight_index
        i = index.get(weight)
        if i is None:
            i = self._new_weight(weight)
        j = index.get(against)
        if j is None:
            j = self._new_weight(against)
        return j, 1 + i * _WEIGHTS + j

    def _new_weight(self, weight: float) -> int:
        index = len(self._weights)
        if index == _WEIGHTS:
            raise ValueError(f"a fast play-out knows at most {_WEIGHTS} partner weights")
        self._weights.append(weight)
        self._weight_index[weight] = index
        return index

    def _continuation(self, cat: int, number: int) -> list[float]:
        """``continuation_values`` for the queue whose seats' pair codes and cats nominated
        from spell ``number``."""
        weights = self._weights
        seat_mask = (1 << self._seat_bits) - 1
        seats: list[tuple[float, float, int]] = []
        while number:
            field = number & seat_mask
            code = (field & _PAIR_MASK) - 1
            seats.append((weights[code // _WEIGHTS], weights[code % _WEIGHTS], field >> _PAIR_BITS))
            number >>= self._seat_bits
        seats.reverse()
        rules = self.rules
        return continuation_values(
            cat,
            [
                (rules.candidates(cat, theirs, held), mine, rules.accept_model(cat, theirs))
                for mine, theirs, held in seats
            ],
        )

    def _later_of(self, cat: int, number: int) -> list[float]:
        """What the queue ``number`` spells promises the proposer of ``cat`` before each of
        its candidates (``_continuation``, memoised)."""
        key = number << 4 | cat
        later = self._later.get(key)
        if later is None:
            later = self._later[key] = self._continuation(cat, number)
        return later

    def _preferences(self, number: int) -> tuple[int, ...]:
        """Every cat, in the order the proposer would rather present it before the queue
        ``number`` spells: ``Rules.present`` with every cat in hand, then without its choice,
        and so on. It picks the best held cat (the lowest of equals), so the cat it presents
        from any hand is the first one of this order that the hand holds."""
        counts = [0] + [1] * MAX_VALUE
        order: list[int] = []
        for _ in range(MAX_VALUE):
            cat = self.rules.present(counts, lambda cat: self._later_of(cat, number)[0])
            order.append(cat)
            counts[cat] = 0
        return tuple(order)
