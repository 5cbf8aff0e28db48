"""The whole table of Clecanian Golf at one moment, and what has been played so far.

A ``ClecanianPosition`` is every fact of the table, face-down cards and the order of the stock
included: the rules read and change it, ``clone`` copies it, a search bot's sampled world is
built as one (``determinize``), and play-outs read it. It is never shown to a seat: seats get
views. A ``ClecanianHistory`` is how the position was reached: the deals, the events, the public
log and the happenings. Adding a fact of the table means adding a field here, with its copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.seats import left_of
from matchmaker.games.clecanian.happenings import Compact
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.steps import Step

#: No card (a place waiting for a refill, no drawn card) or no seat.
EMPTY: Final = -1


@dataclass(slots=True)
class ClecanianPosition:
    """Every fact of a Clecanian Golf table. Cards are deck indices; a grid lists its
    positions, top row first."""

    players: int
    columns: int
    #: The round being played (0-based) and its dealer.
    round: int = 0
    dealer: int = 0
    #: ``grid[s][pos]``: the card at each position of each seat (EMPTY: waiting for a refill).
    grid: list[list[int]] = field(default_factory=list)
    #: ``up[s][pos]``: whether it is face up; ``face_down[s]``: how many are not.
    up: list[list[bool]] = field(default_factory=list)
    face_down: list[int] = field(default_factory=list)
    #: The stock, as the chance outcomes it can give (its order is chance's).
    stock: list[Action] = field(default_factory=list)
    #: The discard pile, bottom first.
    discard: list[int] = field(default_factory=list)
    #: Cards of the deal dealt so far (grids, then the first discard).
    dealt: int = 0
    #: The card held by the seat whose turn it is, and where it came from.
    drawn: int = EMPTY
    drawn_from_discard: bool = False
    #: The work still to carry out, the top last (see ``steps``).
    steps: list[Step] = field(default_factory=list)
    #: The refill being carried out: (seat, position) the next card goes to.
    refill_to: tuple[int, int] = (EMPTY, EMPTY)
    #: The abduction being chosen: (victim, joker).
    abduction: tuple[int, int] = (EMPTY, EMPTY)
    #: Turns completed this round.
    turns: int = 0
    #: The seat that went out (EMPTY while nobody has), and the final turns still to play.
    ender: int = EMPTY
    final_turns_left: int = 0
    #: Initial reveals the revealing seat still makes.
    reveals_left: int = 0
    #: The seat whose turn it is (or who reveals).
    turn_seat: int = 0
    #: The phase, and the seat expected to act (CHANCE, or GAME_OVER once over).
    phase: Phase = Phase.DEAL
    actor: int = CHANCE
    #: Each finished round's scores, and the grids as the last one was scored.
    round_scores: list[list[int]] = field(default_factory=list)
    previous_grids: list[list[int]] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Positions in a grid: two rows of ``columns``."""
        return 2 * self.columns

    def new_round(self, stock: list[Action]) -> None:
        """Shuffle every card into the stock and get ready to deal round ``round``."""
        n, size = self.players, self.size
        self.dealer = self.round % n
        self.grid = [[EMPTY] * size for _ in range(n)]
        self.up = [[False] * size for _ in range(n)]
        self.face_down = [size] * n
        self.stock = stock
        self.discard = []
        self.dealt = 0
        self.drawn = EMPTY
        self.drawn_from_discard = False
        self.steps = []
        self.refill_to = self.abduction = (EMPTY, EMPTY)
        self.turns = 0
        self.ender = EMPTY
        self.final_turns_left = 0
        self.reveals_left = 0
        self.turn_seat = left_of(self.dealer, n)
        self.phase = Phase.DEAL
        self.actor = CHANCE

    def copy(self) -> ClecanianPosition:
        """An independent copy."""
        return ClecanianPosition(
            self.players,
            self.columns,
            self.round,
            self.dealer,
            [g[:] for g in self.grid],
            [u[:] for u in self.up],
            self.face_down[:],
            self.stock[:],
            self.discard[:],
            self.dealt,
            self.drawn,
            self.drawn_from_discard,
            self.steps[:],
            self.refill_to,
            self.abduction,
            self.turns,
            self.ender,
            self.final_turns_left,
            self.reveals_left,
            self.turn_seat,
            self.phase,
            self.actor,
            [r[:] for r in self.round_scores],
            [g[:] for g in self.previous_grids],
        )


@dataclass(slots=True)
class ClecanianHistory:
    """How a position was reached: per round the deal and the events, as played and as
    everybody saw them."""

    #: Per round: (the dealt cards in deal order, the events after the deal).
    rounds: list[tuple[list[int], list[tuple[int, Action]]]] = field(default_factory=list)
    #: Every event after the deals as (round, actor, action, argument), kept as they come.
    public_log: list[tuple[int, int, str, str | int | None]] = field(default_factory=list)
    #: Seat decisions so far.
    decisions: int = 0
    #: The happenings so far, in their compact form (see ``happenings``).
    happened: list[Compact] = field(default_factory=list)

    def copy(self) -> ClecanianHistory:
        """An independent copy."""
        return ClecanianHistory(
            [(deal[:], events[:]) for deal, events in self.rounds],
            self.public_log[:],
            self.decisions,
            self.happened[:],
        )
