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
from typing import TYPE_CHECKING

from matchmaker.core.actions import CHANCE
from matchmaker.core.errors import MatchmakerError
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.state import (
    CHANCE_VALUES,
    DEAL,
    INSPECT,
    NOMINATE,
    PRESENT,
    RESPOND,
    PurrfectState,
)
from matchmaker.games.purrfect.view import PurrfectView

if TYPE_CHECKING:
    from matchmaker.games.purrfect.game import PurrfectGame

IN_ROUND = (NOMINATE, INSPECT, RESPOND)


def known_candidates(view: PurrfectView) -> dict[int, int]:
    """Standing candidates whose value the seat knows: inspected since they were nominated."""
    known: dict[int, int] = {}
    for round_, seat, value in view.inspected:
        nominated = view.candidate_round[seat]
        standing = view.standing[seat] and seat != view.seat and nominated is not None
        if standing and nominated is not None and round_ >= nominated:
            known[seat] = value
    return known


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
        raise MatchmakerError("the view does not fit the deck")
    return +pool


def determinize(game: PurrfectGame, view: PurrfectView, rng: random.Random) -> PurrfectState:
    """A full state that gives ``view.seat`` exactly its view, hidden cats drawn from ``rng``."""
    me = view.seat
    if me is None:
        raise MatchmakerError("a sampled state needs a seat's view, not a spectator's")
    if view.phase == DEAL or view.phase == "choose_first_proposer":
        raise MatchmakerError("nothing to sample before the deal is complete")
    n = view.players
    known = known_candidates(view)
    pool = unseen_cats(game, view)
    for value in known.values():
        pool[value] -= 1
    cats = list(pool.elements())
    rng.shuffle(cats)

    state = PurrfectState(game)
    hands = [[0] * (MAX_VALUE + 1) for _ in range(n)]
    candidates = [0] * n
    for value in view.hand:
        hands[me][value] += 1
    if view.candidate is not None:
        candidates[me] = view.candidate
    for seat in range(n):
        if seat == me:
            continue
        for _ in range(view.hand_sizes[seat]):
            hands[seat][cats.pop()] += 1
        if view.standing[seat]:
            candidates[seat] = known[seat] if seat in known else cats.pop()
    if len(cats) != view.excess:
        raise MatchmakerError("the view does not fit the deck")

    state._undealt = [CHANCE_VALUES[v] for v in cats]
    state._deal_seat = n
    state._hands = hands
    state._hand_size = list(view.hand_sizes)
    state._candidate = candidates
    state._candidate_round = [r or 0 for r in view.candidate_round]
    state._claimed = [list(pile) for pile in view.claimed]
    state._given = [list(g) for g in view.given]
    state._discarded = list(view.discarded)
    state._dealt = [
        [v for v in range(1, MAX_VALUE + 1) for _ in range(hands[s][v])]
        + ([candidates[s]] if candidates[s] else [])
        + list(view.given[s])
        for s in range(n)
    ]
    state._first_proposer = 0
    state._round = view.round
    state._proposer = view.proposer if view.proposer is not None else -1
    state._proposer_cat = view.proposer_cat or 0
    state._phase = view.phase
    state._actor = view.to_act if view.to_act != CHANCE else CHANCE
    if view.phase == NOMINATE:
        state._queue, state._queue_index = list(view.to_nominate), 0
    elif view.phase in (INSPECT, RESPOND):
        state._queue, state._queue_index = list(view.to_inspect), 0
    elif view.phase != PRESENT:
        state._queue, state._queue_index = [], 0
    state._inspections = [(r, me, s, v) for r, s, v in view.inspected]
    return state
