"""Seats around the table, as both rulebooks number them.

Seats are numbered ``0 .. n - 1`` clockwise. The seat to the left of seat ``i`` is the next one
clockwise, ``(i + 1) mod n``; "clockwise from X" means ``X + 1, X + 2, …`` (mod n).

>>> left_of(3, 4)
0
>>> clockwise_from(2, 4)
(3, 0, 1)
>>> in_turn_from(2, 4)
(2, 3, 0, 1)
"""

from __future__ import annotations

from functools import cache

from matchmaker.core.errors import NoSuchSeatError


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next one clockwise."""
    return (seat + 1) % players


@cache
def clockwise_from(seat: int, players: int) -> tuple[int, ...]:
    """The other seats in clockwise order, starting with the one to the left of ``seat``."""
    return tuple((seat + k) % players for k in range(1, players))


@cache
def in_turn_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat in clockwise order, starting with ``first`` itself (the order of play)."""
    return tuple((first + k) % players for k in range(players))


def check_seat(seat: int, players: int) -> None:
    """Raise NoSuchSeatError unless ``seat`` is one of the ``players`` seats."""
    if not 0 <= seat < players:
        raise NoSuchSeatError(f"there is no seat {seat}: the seats are 0 to {players - 1}")
