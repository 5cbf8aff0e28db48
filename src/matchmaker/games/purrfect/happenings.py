"""What the rules of Purrfect Match do on their own, as everybody sees it.

A decision names what a seat did ("seat 2 accepts"); the rules then carry out what follows
(the match, who proposes next, who sits out). Each such consequence is a happening, kept in
order by the state (``state.happenings()``) so that narration and replays can tell it without
working the rules out again. Every field of a happening is public.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Dealt(NamedTuple):
    """The deal is complete: ``hand_size`` cats to each seat, ``excess`` left out unseen."""

    hand_size: int
    excess: int


class ProposerChosen(NamedTuple):
    """Round ``round`` begins with ``proposer``; ``designated`` is the seat the rules named
    (different when that seat holds no cats and the role went on clockwise)."""

    round: int
    proposer: int
    designated: int


class CandidateReturns(NamedTuple):
    """The new proposer's standing candidate goes back to its hand."""

    seat: int


class Matched(NamedTuple):
    """A match: the proposer claims the candidate, the owner claims the proposer cat."""

    proposer: int
    owner: int
    proposer_cat: int
    candidate: int


class Lonely(NamedTuple):
    """Loneliness: the proposer cat is discarded; the candidates of ``returned`` go home."""

    proposer: int
    cat: int
    returned: tuple[int, ...]


class SitsOut(NamedTuple):
    """``seat`` holds no cats any more: it sits out for the rest of the game."""

    seat: int


class GameEnds(NamedTuple):
    """Fewer than two seats hold cats: the game is over; ``left_over`` cats score nothing."""

    left_over: tuple[int, ...]


Happening = Dealt | ProposerChosen | CandidateReturns | Matched | Lonely | SitsOut | GameEnds

#: How a state keeps a happening while the game runs: ``(kind, *fields)``, a plain tuple
#: (cheap to make), turned into the named tuple only when asked for.
Compact = tuple[Any, ...]


def expand(compact: Compact) -> Happening:
    """The happening kept as ``compact``."""
    happening: Happening = compact[0]._make(compact[1:])
    return happening
