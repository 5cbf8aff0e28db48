"""The rules of Clecanian Golf that answer a question about the table, each under its name.

The state machine (``state``) carries the rules out; these are the answers it (and the views)
ask for.
"""

from __future__ import annotations

from enum import StrEnum

from matchmaker.core.seats import left_of
from matchmaker.games.clecanian.deck import Deck
from matchmaker.games.clecanian.position import ClecanianPosition

#: Initial reveals each seat makes at the start of a round.
REVEALS_PER_SEAT = 2


class JokerPlace(StrEnum):
    """Where a joker ends up once it has struck."""

    #: On the discard pile, under the woman it abducted.
    UNDER_WOMAN = "under_woman"
    #: Face up on top of the discard pile (it found no woman).
    DISCARD = "discard"
    #: Shuffled back into the stock once its resolution is complete (variant "epilogue").
    STOCK = "stock"


def joker_destination(epilogue: bool, abducted: bool) -> JokerPlace:
    """Where a joker goes: back into the stock in the epilogue variant; otherwise onto the
    discard pile, under the woman it abducted or, if it found none, face up on top."""
    if epilogue:
        return JokerPlace.STOCK
    return JokerPlace.UNDER_WOMAN if abducted else JokerPlace.DISCARD


def abductor_of(victim: int, players: int) -> int:
    """The seat that chooses which of ``victim``'s women a joker abducts: its left neighbour."""
    return left_of(victim, players)


def women_face_up(position: ClecanianPosition, deck: Deck, seat: int) -> list[int]:
    """Positions of the face-up female character cards in a seat's grid: the cards a joker
    striking that seat can abduct."""
    grid, up, woman = position.grid[seat], position.up[seat], deck.is_woman
    return [p for p in range(position.size) if up[p] and grid[p] >= 0 and woman[grid[p]]]


def has_gone_out(position: ClecanianPosition, seat: int) -> bool:
    """A seat with all its cards face up after its turn, before anybody else went out, goes
    out: it triggers the end."""
    return goes_out(position.face_down[seat], position.ender >= 0)


def goes_out(face_down_after: int, end_triggered: bool) -> bool:
    """Whether a turn that leaves ``face_down_after`` of the seat's cards face down makes it go
    out: every card face up, before anybody else went out (after that, a grid turned face up
    is just the last of the final turns)."""
    return face_down_after == 0 and not end_triggered


def final_turns(players: int) -> int:
    """Once a seat goes out, every other seat takes exactly one more turn."""
    return players - 1


def turn_limit_reached(position: ClecanianPosition, max_turns: int) -> bool:
    """``max_turns`` turns completed in the round and nobody went out: everybody flips."""
    return turn_limit(position.turns, max_turns)


def turn_limit(turns_completed: int, max_turns: int) -> bool:
    """Whether ``turns_completed`` turns of a round reach its limit of ``max_turns`` (the
    round then ends unless somebody went out)."""
    return turns_completed >= max_turns
