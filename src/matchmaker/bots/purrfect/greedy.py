"""The greedy Purrfect Match bot: one clear rule per decision, no look-ahead.

- **Present** the cat whose expected round gain, less what the cat would be worth kept, is the
  best. The expected gain looks at the candidates to come (their values drawn from the cats not
  yet seen, or known, or claimed) and at whether their owners would accept that cat.
- **Nominate** the candidate with the best chance of a proposal times the gain of the match; if
  no match is worth having against the cat on show, the lowest cat.
- **Propose** when the candidate is worth at least what the candidates still to come promise
  (optimal stopping by backward induction), and more than what the owner gets weighted by how
  much that owner's gain hurts.
- **Accept** when the proposer cat, less the proposer's weighted gain, is worth more than
  keeping the candidate (late in the game, with few cats in play, keeping is worth less).
- **Talk**: honest. It tells the proposer its candidate's true value when it wants the match,
  and says nothing otherwise. It weighs others' claims by their record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from matchmaker.bots.base import Bot
from matchmaker.bots.purrfect.knowledge import (
    Dist,
    Pool,
    estimated_scores,
    pool_of,
)
from matchmaker.bots.purrfect.policy import (
    DEFAULT_TUNING,
    V1_TUNING,
    AcceptModel,
    Rules,
    Tuning,
    cats_in_play,
    continuation_values,
    hand_counts,
    partner_weight,
    should_propose,
)
from matchmaker.bots.purrfect.talk import TrustBook
from matchmaker.bots.talk import Claim, claim_text
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.games.purrfect.actions import (
    ACCEPT,
    NOMINATE_ACTIONS,
    PASS,
    PRESENT_ACTIONS,
    PROPOSE,
    REJECT,
)
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.phases import Phase
from matchmaker.games.purrfect.view import PurrfectView


class Reading:
    """What the greedy rules need, read once from a view: the unseen pool, the estimated
    scores, the known candidates and the table talk."""

    def __init__(
        self, game: PurrfectGame, view: PurrfectView, book: TrustBook, tuning: Tuning
    ) -> None:
        if view.seat is None:
            raise OptionError("a bot needs a seat's view")
        self.view = view
        self.me = view.seat
        self.players = view.players
        self.tuning = tuning
        self.book = book
        self.pool: Pool = pool_of(game, view)
        self.rules = Rules(view.players, self.pool, tuning)
        #: The cats still in play, and whether that makes the game late (for the rule to accept).
        self.in_play = cats_in_play(
            view.hand_sizes, sum(view.standing), view.proposer_cat is not None
        )
        self.late = self.rules.is_late(self.in_play)
        self.scores = estimated_scores(view, self.pool.mean)
        self.known = view.known_candidates

    def weight(self, me: int, partner: int) -> float:
        """How much ``partner``'s gain counts against ``me`` (estimated scores)."""
        return partner_weight(self.players, self.scores, me, partner, self.tuning)

    def candidate_dist(self, seat: int, cat: int) -> Dist:
        """What ``seat``'s candidate against proposer cat ``cat`` may be, as far as this seat
        knows: its value when known; otherwise ``Rules.candidates``: when the seat chooses it
        against ``cat`` this round, what the greedy rule would nominate from a hand like its
        own (if ``Tuning.foresee_nominations``), and any unseen cat when it stands from an
        earlier round;
        either way with the seat's open claim mixed in by its trust."""
        if seat in self.known:
            return ((self.known[seat], 1.0),)
        holding = self.nominating_from(seat) if self.tuning.foresee_nominations else 0
        prior = self.rules.candidates(cat, self.weight(seat, self.me), holding)
        return self.book.candidate_dist(seat, self.pool, prior)

    def nominated_this_round(self, seat: int) -> bool:
        """Whether ``seat``'s standing candidate was chosen this round, against the cat on
        show (not one standing from an earlier round)."""
        view = self.view
        return view.standing[seat] and view.candidate_round[seat] == view.round

    def nominating_from(self, seat: int) -> int:
        """How many cats ``seat`` chooses its candidate from against the cat on show this round
        (or chose it from, once nominated); 0 when its candidate stands from an earlier round."""
        view = self.view
        if not view.standing[seat]:
            return view.hand_sizes[seat]
        if self.nominated_this_round(seat):
            return view.hand_sizes[seat] + 1
        return 0

    def owner_accepts(self, owner: int, cat: int) -> AcceptModel:
        """The greedy rule for ``owner`` accepting ``cat`` (as this seat imagines it)."""
        return self.rules.accept_model(cat, self.weight(owner, self.me))

    def queue(self, seats: Sequence[int], cat: int) -> list[tuple[Dist, float, AcceptModel]]:
        """The candidates of ``seats`` as the optimal-stopping rule sees them."""
        return [
            (self.candidate_dist(s, cat), self.weight(self.me, s), self.owner_accepts(s, cat))
            for s in seats
        ]

    def wants_match(self) -> bool:
        """As a candidate's owner: is a match against the cat on show worth having?"""
        view = self.view
        if view.candidate is None or view.proposer_cat is None or view.proposer is None:
            return False
        weight = self.weight(self.me, view.proposer)
        return self.rules.accepts(view.proposer_cat, view.candidate, weight, self.late)


class PurrfectGreedy(Bot[PurrfectView]):
    """Greedy play by value: see the module docstring for the rules."""

    name: ClassVar[str] = "greedy"
    quick: ClassVar[bool] = True
    games: ClassVar[tuple[str, ...]] = ("purrfect",)
    #: The numbers behind the rules.
    tuning: ClassVar[Tuning] = DEFAULT_TUNING

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        super().__init__(game, seat, seed)
        if not isinstance(game, PurrfectGame):
            raise OptionError(f"the {self.name} Purrfect Match bot cannot play {game.name}")
        self.purrfect = game
        self.book = TrustBook(game.players, seat)

    def read(self, view: PurrfectView) -> Reading:
        """Read a view (and bring the table-talk record up to date)."""
        self.book.see(view)
        return Reading(self.purrfect, view, self.book, self.tuning)

    def choose(self, view: PurrfectView, legal: Sequence[Action]) -> Action:
        """Read the view (the talk record follows every view), then ``decide`` when there is
        a real choice."""
        reading = self.read(view)
        if len(legal) == 1:
            return legal[0]
        return self.decide(reading, legal)

    def decide(self, reading: Reading, legal: Sequence[Action]) -> Action:
        """The greedy action for this view."""
        return greedy_action(reading)

    def observe(self, actor: int, action: Action) -> None:
        """Follow the rounds for the table-talk record."""
        self.book.observe(actor, action)

    def hear(self, claim: Claim) -> None:
        """Remember a claim."""
        self.book.hear(claim)

    def speak(self, view: PurrfectView) -> Claim | None:
        """The truth about its candidate when it wants the match, else nothing."""
        if view.candidate is None:
            return None
        reading = self.read(view)
        if not reading.wants_match():
            return None
        return Claim(self.seat, view.candidate, claim_text(view.candidate))


def greedy_action(reading: Reading) -> Action:
    """The greedy rule for the decision ``reading.view`` asks for."""
    view = reading.view
    phase = view.phase
    if phase is Phase.PRESENT:
        seats = view.inspection_order
        shown = reading.rules.present(
            hand_counts(view.hand),
            lambda cat: continuation_values(cat, reading.queue(seats, cat))[0],
        )
        return PRESENT_ACTIONS[shown]
    cat = view.proposer_cat
    proposer = view.proposer
    assert cat is not None and proposer is not None
    if phase is Phase.NOMINATE:
        nominated = reading.rules.nominate(
            hand_counts(view.hand), cat, reading.weight(reading.me, proposer)
        )
        return NOMINATE_ACTIONS[nominated]
    if phase is Phase.INSPECT:
        seen = view.inspected_value
        owner = view.inspecting
        assert seen is not None and owner is not None
        later = continuation_values(cat, reading.queue(view.to_inspect[1:], cat))[0]
        propose = should_propose(seen, cat, reading.weight(reading.me, owner), later)
        return PROPOSE if propose else PASS
    return ACCEPT if reading.wants_match() else REJECT


class PurrfectGreedyV1(PurrfectGreedy):
    """The first greedy bot, kept as a yardstick (``greedy-v1``)."""

    name: ClassVar[str] = "greedy-v1"
    tuning: ClassVar[Tuning] = V1_TUNING
