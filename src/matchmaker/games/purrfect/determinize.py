"""Sampling a whole Purrfect Match state consistent with what one seat knows.

A search bot cannot see the others' cats. It imagines them: the cats it cannot account for
(the deck minus its own cats, the claimed and discarded cats and the cat on show) are dealt at
random into the other seats' hands, their unknown candidates and the excess. A standing
candidate the seat inspected since it was nominated keeps its known value. The result is a
state the bot may play out as it likes: it is its own imagined world, not the real game.
"""

from __future__ import annotations

import random
from collections import Counter

from matchmaker.core.errors import SamplingError
from matchmaker.games.purrfect.actions import CHANCE_VALUES
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.phases import BEFORE_PLAY, IN_ROUND, Phase
from matchmaker.games.purrfect.position import PurrfectPosition
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView


def known_candidates(view: PurrfectView) -> dict[int, int]:
    """Standing candidates of the other seats whose value the seat knows (inspected since
    they were nominated), by seat: ``view.known_candidates``."""
    return view.known_candidates


def unseen_cats(game: PurrfectGame, view: PurrfectView) -> Counter[int]:
    """The cats this seat cannot place: held by the others (hand or candidate) or excess."""
    pool = Counter(game.options.deck)
    pool.subtract(view.hand)
    if view.candidate is not None:
        pool[view.candidate] -= 1
    for pile in view.claimed:
        pool.subtract(pile)
    pool.subtract(view.discarded)
    if view.phase in IN_ROUND and view.proposer_cat is not None:
        pool[view.proposer_cat] -= 1
    if any(count < 0 for count in pool.values()):
        raise SamplingError("the view does not fit the deck")
    return +pool


def determinize(game: PurrfectGame, view: PurrfectView, rng: random.Random) -> PurrfectState:
    """A full state that gives ``view.seat`` exactly its view, hidden cats drawn from ``rng``
    (SamplingError for a spectator's view, or before the deal is complete)."""
    return WorldSampler(game, view).sample(rng)


class WorldSampler:
    """Full states consistent with one seat's view, sampled as often as a search asks.

    What the view fixes (the cats it cannot place, the seat's own cats, the known candidates,
    the public piles and the phase) is worked out once; each ``sample`` shuffles the unplaced
    cats and deals them into the others' hands, their unknown candidates and the excess, in
    seat order. ``determinize`` is one sample: the same ``rng`` gives the same state either way.
    """

    def __init__(self, game: PurrfectGame, view: PurrfectView) -> None:
        me = view.seat
        if me is None:
            raise SamplingError("a sampled state needs a seat's view, not a spectator's")
        if view.phase in BEFORE_PLAY:
            raise SamplingError("nothing to sample before the deal is complete")
        n = view.players
        known = view.known_candidates
        pool = unseen_cats(game, view)
        for value in known.values():
            pool[value] -= 1
        self.game = game
        self._cats = list(pool.elements())
        hands = [[0] * (MAX_VALUE + 1) for _ in range(n)]
        candidates = [0] * n
        for value in view.hand:
            hands[me][value] += 1
        if view.candidate is not None:
            candidates[me] = view.candidate
        #: Seat by seat (the view's seat left out): cats to deal it, and whether its standing
        #: candidate is unknown (dealt too) -- a known one is placed now.
        self._deals: list[tuple[int, int, bool]] = []
        drawn = 0
        for seat in range(n):
            if seat == me:
                continue
            unknown = view.standing[seat] and seat not in known
            if view.standing[seat] and not unknown:
                candidates[seat] = known[seat]
            self._deals.append((seat, view.hand_sizes[seat], unknown))
            drawn += view.hand_sizes[seat] + unknown
        if len(self._cats) - drawn != view.excess:
            raise SamplingError("the view does not fit the deck")
        phase = Phase(view.phase)
        queue: list[int] = []
        if phase is Phase.NOMINATE:
            queue = list(view.to_nominate)
        elif phase in (Phase.INSPECT, Phase.RESPOND):
            queue = list(view.to_inspect)
        self._template = PurrfectPosition(
            players=n,
            phase=phase,
            actor=view.to_act,
            undealt=[],
            deal_seat=n,
            hands=hands,
            hand_size=list(view.hand_sizes),
            dealt=[
                sorted(view.hand)
                + ([view.candidate] if view.candidate is not None else [])
                + list(view.given[me])
                if s == me
                else []
                for s in range(n)
            ],
            candidate=candidates,
            candidate_round=[r or 0 for r in view.candidate_round],
            claimed=[list(pile) for pile in view.claimed],
            given=[list(g) for g in view.given],
            discarded=list(view.discarded),
            left_over=list(view.left_over),
            out=list(view.sitting_out),
            first_proposer=0,
            round=view.round,
            proposer=view.proposer if view.proposer is not None else -1,
            proposer_cat=view.proposer_cat or 0,
            queue=queue,
            queue_index=0,
            nominated=list(view.nominated),
            inspections=[(r, me, s, v) for r, s, v in view.inspected],
        )

    def sample(self, rng: random.Random) -> PurrfectState:
        """One full state, the unplaced cats shuffled by ``rng``."""
        cats = self._cats[:]
        rng.shuffle(cats)
        position = self._template.copy()
        hands = position.hands
        candidates = position.candidate
        dealt = position.dealt
        given = self._template.given
        left = len(cats)
        for seat, size, unknown in self._deals:
            # Cats are dealt from the end of the shuffled list, the hand first.
            drawn = cats[left - size : left]
            left -= size
            hand = hands[seat]
            for value in drawn:
                hand[value] += 1
            drawn.sort()
            if unknown:
                left -= 1
                candidates[seat] = cats[left]
                drawn.append(cats[left])
            elif candidates[seat]:
                drawn.append(candidates[seat])
            dealt[seat] = drawn + given[seat]
        position.undealt = [CHANCE_VALUES[v] for v in cats[:left]]
        return PurrfectState(self.game, position)
