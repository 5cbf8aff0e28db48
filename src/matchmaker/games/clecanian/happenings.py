"""What the rules of Clecanian Golf do on their own, as everybody sees it.

A decision names what a seat did ("seat 1 swaps into position 3"); the rules then carry out
what follows: the card that leaves the grid, a joker's abduction, the refills, the discard pile
shuffled into a new stock, the end of the round and its flips, the scores. Each such
consequence is a happening, kept in order by the state (``state.happenings()``) so that
narration and replays can tell it without working the rules out again. Cards are given by their
codes; every field of a happening is public.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Dealt(NamedTuple):
    """Round ``round`` (0-based) is dealt by ``dealer``; the discard pile starts with
    ``discard``."""

    round: int
    dealer: int
    discard: str


class TurnedUp(NamedTuple):
    """A face-down card of ``seat`` at ``pos`` is turned up: an initial reveal, or a flip at
    the end of the round."""

    seat: int
    pos: int
    card: str


class SwappedOut(NamedTuple):
    """The drawn card, ``placed``, took ``pos`` in ``seat``'s grid; ``removed`` left it for the
    discard pile (a joker is resolved instead)."""

    seat: int
    pos: int
    placed: str
    removed: str


class Discarded(NamedTuple):
    """``seat`` discarded the drawn card, ``card``."""

    seat: int
    card: str


class JokerStrikes(NamedTuple):
    """``joker`` strikes ``victim``, who shows a face-up woman: ``abductor`` (the seat to the
    victim's left) chooses one of them."""

    victim: int
    joker: str
    abductor: int


class NoWoman(NamedTuple):
    """``joker`` strikes ``victim``, who shows no face-up woman: nobody is abducted."""

    victim: int
    joker: str


class Abducted(NamedTuple):
    """``woman`` at ``pos`` of ``victim``'s grid is abducted by ``joker``."""

    victim: int
    pos: int
    woman: str
    joker: str


class JokerPlaced(NamedTuple):
    """Where ``joker`` ends up (see ``rules.joker_destination``): ``under_woman`` (on the
    discard pile under the abducted woman), ``discard`` (face up on top of the discard pile) or
    ``stock`` (shuffled back into the stock, in the epilogue variant)."""

    joker: str
    place: str


class Refilled(NamedTuple):
    """``card`` from the stock is placed face up at ``pos`` of ``seat``'s grid (a joker is
    resolved instead)."""

    seat: int
    pos: int
    card: str


class Reshuffled(NamedTuple):
    """The stock ran out: the discard pile but its top card, ``cards`` cards, is shuffled into
    a new stock."""

    cards: int


class WentOut(NamedTuple):
    """``seat`` has every card face up: ``final_turns`` final turns follow, one for every other
    seat, then the round ends."""

    seat: int
    final_turns: int


class TurnLimit(NamedTuple):
    """``turns`` turns were played without anybody going out (``max_turns``): every seat
    turns up its face-down cards and the round ends."""

    turns: int


class RoundScored(NamedTuple):
    """Round ``round`` (0-based) is over: each seat's ``scores``."""

    round: int
    scores: tuple[int, ...]


class GameEnds(NamedTuple):
    """Every round is played: each seat's game ``totals`` and the ``winners`` (lowest)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


Happening = (
    Dealt
    | TurnedUp
    | SwappedOut
    | Discarded
    | JokerStrikes
    | NoWoman
    | Abducted
    | JokerPlaced
    | Refilled
    | Reshuffled
    | WentOut
    | TurnLimit
    | RoundScored
    | GameEnds
)

#: How a state keeps a happening while the game runs: ``(kind, *fields)``, a plain tuple
#: (cheap to make), turned into the named tuple only when asked for.
Compact = tuple[Any, ...]


def expand(compact: Compact) -> Happening:
    """The happening kept as ``compact``."""
    happening: Happening = compact[0]._make(compact[1:])
    return happening
