"""Purrfect Match cats: 36 cards worth 1 to 10, and the named decks."""

from __future__ import annotations

from collections import Counter

#: Copies of each value in the default 36-card deck (the FAQ's bell shape, one card fewer at
#: each peak so the printed rules' 36 stands).
DEFAULT_COUNTS = {1: 2, 2: 3, 3: 4, 4: 4, 5: 5, 6: 5, 7: 4, 8: 4, 9: 3, 10: 2}
#: Copies of each value in the designer FAQ's 38-card list, offered as the deck ``faq38``.
FAQ38_COUNTS = {1: 2, 2: 3, 3: 4, 4: 4, 5: 6, 6: 6, 7: 4, 8: 4, 9: 3, 10: 2}

MIN_VALUE = 1
MAX_VALUE = 10


def deck_from_counts(counts: dict[int, int]) -> tuple[int, ...]:
    """The deck as a sorted tuple of card values."""
    return tuple(value for value, copies in sorted(counts.items()) for _ in range(copies))


NAMED_DECKS: dict[str, tuple[int, ...]] = {
    "default": deck_from_counts(DEFAULT_COUNTS),
    "faq38": deck_from_counts(FAQ38_COUNTS),
}


def value_counts(values: list[int] | tuple[int, ...]) -> Counter[int]:
    """How many cats of each value a list holds."""
    return Counter(values)
