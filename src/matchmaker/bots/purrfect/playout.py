"""Fast playouts of an imagined Purrfect Match state with the greedy rules.

The strong bot imagines the hidden cats (a sampled state, its own world, not the real game) and
plays it to the end many times. A playout must be cheap, so every seat plays the greedy rules of
:mod:`matchmaker.bots.purrfect.policy` with two shortcuts: all seats share one picture of the
unseen cats (the searching seat's), and the sampled state's position is read directly rather
than through a view. A proposer still decides on what it has inspected only, and an owner on its own
candidate; what the seats do not see plays no part. That holds for who leads too: a seat knows
its own score, but reckons the others' with the cats they still hold at the mean unseen value
(``reckoned_scores``), as a real seat estimates them from its view (unless the numbers say
otherwise: ``Tuning.reckon_scores``).
"""

from __future__ import annotations

from matchmaker.bots.purrfect.knowledge import Pool, estimated_score
from matchmaker.bots.purrfect.policy import (
    Rules,
    Tuning,
    cats_in_play,
    continuation_values,
    should_propose,
    weight_against,
)
from matchmaker.core.actions import Action
from matchmaker.core.seats import clockwise_from
from matchmaker.games.purrfect.actions import (
    ACCEPT,
    NOMINATE_ACTIONS,
    PASS,
    PRESENT_ACTIONS,
    PROPOSE,
    REJECT,
)
from matchmaker.games.purrfect.phases import Phase
from matchmaker.games.purrfect.state import PurrfectState

#: The partner weights of one round: ``weights[i][j]``, how much j's gain counts against i.
Weights = list[list[float]]


def partner_weights(scores: list[int], reckoned: list[float], tuning: Tuning) -> Weights:
    """Every seat's partner weight for every other seat (``partner_weight`` as each seat reads
    the table: its own true score among the others' ``reckoned`` ones; a seat's weight for
    itself is never read)."""
    n = len(scores)
    if n == 2:
        return [[0.0, 1.0], [1.0, 0.0]]
    weights: Weights = []
    for me, mine in enumerate(scores):
        best_other = max(reckoned[seat] for seat in range(n) if seat != me)
        weights.append([weight_against(mine, theirs, best_other, tuning) for theirs in reckoned])
    return weights


def reckoned_scores(state: PurrfectState, mean: float) -> list[float]:
    """Every seat's score as the others reckon it on an imagined state (``estimated_score``,
    as a real seat estimates it from its view): its claimed cats less those that left it in
    public, its held cats at ``mean``."""
    p = state.position
    return [
        estimated_score(
            sum(p.claimed[seat]) - sum(p.given[seat]),
            p.hand_size[seat] + (1 if p.candidate[seat] else 0),
            mean,
        )
        for seat in range(p.players)
    ]


class Playout:
    """Plays imagined states to the end with the greedy rules; counts the decisions played."""

    def __init__(self, players: int, pool: Pool, tuning: Tuning) -> None:
        self.players = players
        self.tuning = tuning
        self.rules = Rules(players, pool, tuning)
        #: Decisions played so far, over all playouts (the search budget counts them).
        self.steps = 0
        self._later: dict[tuple[int, tuple[tuple[float, float, int], ...]], list[float]] = {}

    def run(self, state: PurrfectState) -> list[int]:
        """Play ``state`` to the end (it is changed) and return the final scores."""
        weights: Weights | None = None
        late = False
        position = state.position
        while position.phase is not Phase.OVER:
            if position.phase is Phase.PRESENT or weights is None:
                scores = state.scores()
                reckoned = (
                    reckoned_scores(state, self.rules.pool.mean)
                    if self.tuning.reckon_scores
                    else [float(score) for score in scores]
                )
                weights = partner_weights(scores, reckoned, self.tuning)
                late = self.is_late(state)
            state.apply(self.decide(state, weights, late))
            self.steps += 1
        return state.scores()

    def is_late(self, state: PurrfectState) -> bool:
        """Is the game late (``Rules.is_late`` with the cats in play)? It stays so for the
        round."""
        p = state.position
        standing = sum(1 for value in p.candidate if value)
        return self.rules.is_late(cats_in_play(p.hand_size, standing, p.proposer_cat != 0))

    def decide(self, state: PurrfectState, weights: Weights, late: bool) -> Action:
        """The greedy decision of the seat to act, read off the imagined table (``late``:
        whether the game is late, see ``Rules.is_late``)."""
        p = state.position
        actor, phase = p.actor, p.phase
        proposer = p.proposer
        cat = p.proposer_cat
        if phase is Phase.PRESENT:
            return PRESENT_ACTIONS[self._present(state, actor, weights)]
        if phase is Phase.NOMINATE:
            nominated = self.rules.nominate(p.hands[actor], cat, weights[actor][proposer])
            return NOMINATE_ACTIONS[nominated]
        if phase is Phase.INSPECT:
            index = p.queue_index
            owner = p.queue[index]
            rest = p.queue[index + 1 :]
            holdings = [self._nominated_from(state, s) for s in rest]
            later = self._continuation(cat, proposer, rest, holdings, weights)[0]
            value = p.candidate[owner]
            return PROPOSE if should_propose(value, cat, weights[proposer][owner], later) else PASS
        assert phase is Phase.RESPOND
        accepts = self.rules.accepts(cat, p.candidate[actor], weights[actor][proposer], late)
        return ACCEPT if accepts else REJECT

    def _present(self, state: PurrfectState, proposer: int, weights: Weights) -> int:
        p = state.position
        queue = [s for s in clockwise_from(proposer, self.players) if p.holds_cats(s)]
        # The seats without a standing candidate nominate against the cat shown, from their hand.
        holdings = [0 if p.candidate[s] else self._foreseen(p.hand_size[s]) for s in queue]
        return self.rules.present(
            p.hands[proposer],
            lambda cat: self._continuation(cat, proposer, queue, holdings, weights)[0],
        )

    def _nominated_from(self, state: PurrfectState, seat: int) -> int:
        """How many cats ``seat`` nominated its standing candidate from, if it did so this
        round (0 otherwise, or when the rules do not foresee nominations)."""
        p = state.position
        if p.candidate_round[seat] != p.round:
            return 0
        return self._foreseen(p.hand_size[seat] + 1)

    def _foreseen(self, holding: int) -> int:
        """``holding``, as ``Rules.nomination_dist`` reads it, when the rules foresee
        nominations; 0 (any unseen cat) otherwise."""
        if not self.tuning.foresee_nominations:
            return 0
        return min(holding, self.rules.pool.size)

    def _continuation(
        self,
        cat: int,
        proposer: int,
        seats: list[int],
        holdings: list[int],
        weights: Weights,
    ) -> list[float]:
        pairs = tuple(
            (weights[proposer][s], weights[s][proposer], holding)
            for s, holding in zip(seats, holdings, strict=True)
        )
        key = (cat, pairs)
        cached = self._later.get(key)
        if cached is None:
            rules = self.rules
            queue = [
                (rules.candidates(cat, theirs, holding), mine, rules.accept_model(cat, theirs))
                for mine, theirs, holding in pairs
            ]
            cached = continuation_values(cat, queue)
            self._later[key] = cached
        return cached
