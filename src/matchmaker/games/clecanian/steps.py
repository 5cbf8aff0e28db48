"""The work the rules of Clecanian Golf carry out after a decision, one named step each.

A decision can set off a chain: a swap ends the turn, the turn may trigger the end of the
round, a final turn flips the grid, a flipped joker abducts a woman, her place is refilled from
the stock, the refill may be a joker… The state keeps what is still to do on a stack of these
steps (the top is done first), so that a chance outcome (a card from the stock) or a decision
(the abduction) can arrive in the middle of it. Views show the stack by the steps' names.
"""

from __future__ import annotations

from typing import NamedTuple


class Refill(NamedTuple):
    """Take the top card of the stock and place it face up at ``pos`` of ``seat``'s grid."""

    seat: int
    pos: int


class JokerDone(NamedTuple):
    """The joker (a deck index) is completely resolved: in the epilogue variant it goes back
    into the stock now."""

    joker: int


class Flip(NamedTuple):
    """Turn up ``seat``'s face-down cards in position order, from ``start`` on."""

    seat: int
    start: int


class EndTurn(NamedTuple):
    """``seat``'s turn is over."""

    seat: int


class AfterFinalTurn(NamedTuple):
    """``seat`` has played its final turn and flipped its grid."""

    seat: int


class AfterReveal(NamedTuple):
    """``seat`` made an initial reveal."""

    seat: int


class EndRound(NamedTuple):
    """Score the round."""


class ChooseAbductee(NamedTuple):
    """The seat left of ``victim`` chooses a face-up woman of ``victim`` for ``joker`` (a deck
    index) to abduct."""

    victim: int
    joker: int


Step = (
    Refill | JokerDone | Flip | EndTurn | AfterFinalTurn | AfterReveal | EndRound | ChooseAbductee
)

#: The public name of each step, as views show it.
STEP_NAMES: dict[type[Step], str] = {
    Refill: "refill",
    JokerDone: "joker_done",
    Flip: "flip",
    EndTurn: "end_turn",
    AfterFinalTurn: "after_final_turn",
    AfterReveal: "after_reveal",
    EndRound: "end_round",
    ChooseAbductee: "choose_abductee",
}
STEP_TYPES: dict[str, type[Step]] = {name: kind for kind, name in STEP_NAMES.items()}
#: Steps whose last field is a card (shown by its code in views).
CARD_STEPS = (JokerDone, ChooseAbductee)

# Steps are immutable, so the rules share one of each: making a named tuple costs more than
# the rest of a turn's bookkeeping. (At most 16 seats and 10 positions.)
_SEATS = range(16)
_PLACES = range(11)
END_ROUND = EndRound()
END_TURN = tuple(EndTurn(s) for s in _SEATS)
AFTER_FINAL_TURN = tuple(AfterFinalTurn(s) for s in _SEATS)
AFTER_REVEAL = tuple(AfterReveal(s) for s in _SEATS)
FLIP = tuple(tuple(Flip(s, p) for p in _PLACES) for s in _SEATS)
REFILL = tuple(tuple(Refill(s, p) for p in _PLACES) for s in _SEATS)
