"""The rules of Purrfect Match that answer a question about the table, each under its name.

The state machine (``state``) carries the rules out; these are the answers it (and the views)
ask for: who proposes next, who nominates and in what order, whose candidates are inspected,
what a match gives each seat, and when the game ends.
"""

from __future__ import annotations

from matchmaker.core.seats import clockwise_from, in_turn_from
from matchmaker.games.purrfect.position import PurrfectPosition


def next_proposer(position: PurrfectPosition, designated: int) -> int:
    """Starting at the designated seat, go clockwise to the first seat that holds cats."""
    for seat in in_turn_from(designated, position.players):
        if position.holds_cats(seat):
            return seat
    return designated


def game_ends(position: PurrfectPosition) -> bool:
    """At the start of every round: fewer than two seats hold cats, so no match is possible."""
    holders = 0
    for seat in range(position.players):
        if position.hand_size[seat] > 0 or position.candidate[seat] > 0:
            holders += 1
            if holders == 2:
                return False
    return True


def nomination_order(position: PurrfectPosition, proposer: int) -> list[int]:
    """The seats that nominate a candidate, clockwise from the proposer's left: every other
    seat with cats in hand and no standing candidate."""
    candidate, hand_size = position.candidate, position.hand_size
    return [
        s for s in clockwise_from(proposer, position.players) if not candidate[s] and hand_size[s]
    ]


def candidates_in_order(position: PurrfectPosition, proposer: int) -> list[int]:
    """The seats whose standing candidates the proposer inspects, clockwise from its left."""
    candidate = position.candidate
    return [s for s in clockwise_from(proposer, position.players) if candidate[s]]


def inspection_order(position: PurrfectPosition, proposer: int) -> list[int]:
    """The seats whose candidates the proposer will inspect this round, in order: every other
    seat that holds cats (a standing candidate, or cats in hand to nominate from)."""
    return [s for s in clockwise_from(proposer, position.players) if position.holds_cats(s)]


def claimants(position: PurrfectPosition) -> list[int]:
    """Table talk: the seats that may tell the proposer about their candidate, clockwise from
    its left: every seat with a standing candidate."""
    candidate = position.candidate
    return [s for s in clockwise_from(position.proposer, position.players) if candidate[s]]


def match_claims(
    proposer: int, owner: int, proposer_cat: int, candidate: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """A match: the proposer claims the owner's candidate, and the owner claims the proposer
    cat; each as (seat, cat claimed)."""
    return (proposer, candidate), (owner, proposer_cat)
