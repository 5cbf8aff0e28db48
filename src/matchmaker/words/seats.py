"""How seats are named for people.

A person is called by the name they gave (``Seat N`` without one), a bot by its name or level
followed by "bot" (``hard bot``). When two seats would read the same, the seat number follows
(``medium bot · seat 2``); the seat a screen belongs to is marked ``(you)``. People count seats
from 1 (``Seat 1`` is the first seat, index 0); the protocol and the records keep 0-based seat
indexes, and only these words count from 1.

>>> seat_labels(["human", "medium", "medium"], ["Ann", None, None], viewer=0)
['Ann (you)', 'medium bot · seat 2', 'medium bot · seat 3']
>>> seat_labels(["human", "human"])
['Seat 1', 'Seat 2']
"""

from __future__ import annotations

from collections.abc import Sequence

#: The kind of a seat taken by a person.
HUMAN = "human"


def seat_number(seat: int) -> int:
    """The number people read for a seat index: seats count from 1.

    >>> seat_number(0)
    1
    """
    return seat + 1


def seat_label(seat: int, kind: str, name: str | None = None) -> str:
    """One seat's name: a person by its name (``Seat N`` if none, counted from 1), a bot as
    ``KIND bot``, without its settings.

    >>> seat_label(1, "hard@seconds=0.3")
    'hard bot'
    """
    if kind == HUMAN:
        return name or f"Seat {seat_number(seat)}"
    bot = kind.partition("@")[0] or kind
    short = bot.rpartition(":")[2] or bot  # a plug-in bot by its class name
    return short if short.lower().endswith("bot") else f"{short} bot"


def seat_labels(
    kinds: Sequence[str], names: Sequence[str | None] | None = None, viewer: int | None = None
) -> list[str]:
    """Every seat's name, told apart when two would read the same; ``viewer``'s own seat is
    marked ``(you)``."""
    given = list(names) if names is not None else [None] * len(kinds)
    labels = [seat_label(seat, kind, given[seat]) for seat, kind in enumerate(kinds)]
    out = []
    for seat, label in enumerate(labels):
        if labels.count(label) > 1:
            label = f"{label} · seat {seat_number(seat)}"
        out.append(f"{label} (you)" if seat == viewer else label)
    return out
