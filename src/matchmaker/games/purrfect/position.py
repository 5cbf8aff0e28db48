"""The whole table of Purrfect Match at one moment, and what has been played so far.

A ``PurrfectPosition`` is every fact of the table, hidden cats included: the rules read and
change it, ``clone`` copies it, a search bot's sampled world is built as one
(``determinize``), and play-outs read it. It is never shown to a seat: seats get views.
A ``PurrfectHistory`` is how the position was reached: the decisions, the public log and the
happenings. Adding a fact of the table means adding a field here, with its copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from matchmaker.core.actions import CHANCE, Action
from matchmaker.games.purrfect.actions import CHANCE_VALUES
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.happenings import Compact
from matchmaker.games.purrfect.phases import Phase


@dataclass(slots=True)
class PurrfectPosition:
    """Every fact of a Purrfect Match table. Seats are numbered from 0; a cat is its value."""

    players: int
    #: The phase, and the seat expected to act (CHANCE, or GAME_OVER once over).
    phase: Phase = Phase.DEAL
    actor: int = CHANCE
    #: Cards not yet dealt (chance outcomes); after the deal, the excess cards.
    undealt: list[Action] = field(default_factory=list)
    #: The seat being dealt to (``players`` once the deal is complete).
    deal_seat: int = 0
    #: ``hands[s][v]``: how many cats of value v seat s holds in hand (index 0 unused).
    hands: list[list[int]] = field(default_factory=list)
    hand_size: list[int] = field(default_factory=list)
    #: The cats dealt to each seat (their sum is its target).
    dealt: list[list[int]] = field(default_factory=list)
    #: The value of each seat's standing candidate, 0 for none.
    candidate: list[int] = field(default_factory=list)
    #: The round in which each standing candidate was nominated.
    candidate_round: list[int] = field(default_factory=list)
    #: The cats each seat claimed in matches.
    claimed: list[list[int]] = field(default_factory=list)
    #: The cats that left each seat in public: its presented cats and its claimed candidates.
    given: list[list[int]] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    #: Cats still held when the game ended (they score nothing).
    left_over: list[int] = field(default_factory=list)
    #: Seats that hold no cats any more: they sit out for the rest of the game.
    out: list[bool] = field(default_factory=list)
    #: The first proposer (None while it is still to be drawn at random).
    first_proposer: int | None = 0
    round: int = 0
    #: The round's proposer (-1 before the first round and after the end) and its cat (0: none).
    proposer: int = -1
    proposer_cat: int = 0
    #: The seats still to nominate, or the candidates to inspect, and where the round is in it.
    queue: list[int] = field(default_factory=list)
    queue_index: int = 0
    #: The seats that nominated this round, in order.
    nominated: list[int] = field(default_factory=list)
    #: (round, proposer, candidate's seat, value) for every inspection: the proposers' memory.
    inspections: list[tuple[int, int, int, int]] = field(default_factory=list)

    @classmethod
    def new(
        cls, players: int, deck: tuple[int, ...], first_proposer: int | None
    ) -> PurrfectPosition:
        """The table before the deal: the whole deck still to deal."""
        return cls(
            players=players,
            undealt=[CHANCE_VALUES[v] for v in deck],
            hands=[[0] * (MAX_VALUE + 1) for _ in range(players)],
            hand_size=[0] * players,
            dealt=[[] for _ in range(players)],
            candidate=[0] * players,
            candidate_round=[0] * players,
            claimed=[[] for _ in range(players)],
            given=[[] for _ in range(players)],
            out=[False] * players,
            first_proposer=first_proposer,
        )

    def copy(self) -> PurrfectPosition:
        """An independent copy."""
        return PurrfectPosition(
            self.players,
            self.phase,
            self.actor,
            self.undealt[:],
            self.deal_seat,
            [h[:] for h in self.hands],
            self.hand_size[:],
            [d[:] for d in self.dealt],
            self.candidate[:],
            self.candidate_round[:],
            [c[:] for c in self.claimed],
            [g[:] for g in self.given],
            self.discarded[:],
            self.left_over[:],
            self.out[:],
            self.first_proposer,
            self.round,
            self.proposer,
            self.proposer_cat,
            self.queue[:],
            self.queue_index,
            self.nominated[:],
            self.inspections[:],
        )

    def holds_cats(self, seat: int) -> bool:
        """A seat holds cats if it has a card in hand or a standing candidate."""
        return self.hand_size[seat] > 0 or self.candidate[seat] > 0

    def hand_values(self, seat: int) -> tuple[int, ...]:
        """The values in a seat's hand, lowest first."""
        hand = self.hands[seat]
        return tuple(v for v in range(1, MAX_VALUE + 1) for _ in range(hand[v]))


@dataclass(slots=True)
class PurrfectHistory:
    """How a position was reached: every decision, as played and as everybody saw it."""

    #: Every seat's decision, as played (Purrfect Match has no chance events after the deal).
    events: list[tuple[int, Action]] = field(default_factory=list)
    #: The same events as everybody sees them: (seat, action, value or None when hidden).
    public_log: list[tuple[int, str, int | str | None]] = field(default_factory=list)
    #: Per seat, where its own nominations stand in ``events``.
    nominations: list[list[int]] = field(default_factory=list)
    #: The happenings so far, in their compact form (see ``happenings``).
    happened: list[Compact] = field(default_factory=list)

    def copy(self) -> PurrfectHistory:
        """An independent copy."""
        return PurrfectHistory(
            self.events[:],
            self.public_log[:],
            [n[:] for n in self.nominations],
            self.happened[:],
        )
