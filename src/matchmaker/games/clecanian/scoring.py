"""Scoring Clecanian Golf: what a column scores, what a grid scores, and who wins.

Each column of two cards scores the couple's bonus if the two are mates, else 0 if both show
the same character, else the sum of the two cards' points. A round's score is the sum over the
seat's columns, the game score the sum over rounds; the lowest game score wins (ties shared).

>>> from matchmaker.games.clecanian.deck import default_deck
>>> deck = default_deck()
>>> jade, theo, seven = (deck.cards[deck.by_code[code]] for code in ("KH", "KS", "7C"))
>>> column_kind(deck, jade, theo), score_column(deck, jade, theo)
(<ColumnKind.COUPLE: 'couple'>, -10)
>>> column_kind(deck, jade, seven), score_column(deck, jade, seven)
(<ColumnKind.PLAIN: 'plain'>, 17)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from matchmaker.core.result import Result, winners_by
from matchmaker.games.clecanian.deck import Card, Deck


class ColumnKind(StrEnum):
    """What a column of two face-up cards is, for its score."""

    #: A woman and her mate: the couple's bonus.
    COUPLE = "couple"
    #: Two cards of the same character: 0.
    SAME = "same"
    #: Anything else: the sum of the points.
    PLAIN = "plain"


def column_kind(deck: Deck, top: Card, bottom: Card) -> ColumnKind:
    """Whether a column is a couple, two of the same character, or plain."""
    if deck.mates(top, bottom):
        return ColumnKind.COUPLE
    if top.character is not None and top.character == bottom.character:
        return ColumnKind.SAME
    return ColumnKind.PLAIN


def score_column(deck: Deck, top: Card, bottom: Card) -> int:
    """A column scores its couple's bonus if the two are mates, else 0 if both show the same
    character, else the sum of the two cards' points."""
    kind = column_kind(deck, top, bottom)
    if kind is ColumnKind.COUPLE:
        return deck.bonuses[frozenset((top.character or "", bottom.character or ""))]
    if kind is ColumnKind.SAME:
        return 0
    return top.points + bottom.points


@cache
def column_table(deck: Deck) -> tuple[tuple[int, ...], ...]:
    """``column_table(deck)[a][b]``: what a column of cards ``a`` and ``b`` (deck indices)
    scores, for every pair (computed once per deck)."""
    return tuple(tuple(score_column(deck, a, b) for b in deck.cards) for a in deck.cards)


@cache
def kind_table(deck: Deck) -> tuple[tuple[ColumnKind, ...], ...]:
    """``kind_table(deck)[a][b]``: the kind of a column of cards ``a`` and ``b``."""
    return tuple(tuple(column_kind(deck, a, b) for b in deck.cards) for a in deck.cards)


def grid_score(deck: Deck, grid: Sequence[int], columns: int) -> int:
    """A grid's score: the sum of its column scores (face-down cards count as they are).
    Grids hold deck indices; a column with an empty place scores nothing."""
    table = column_table(deck)
    return sum(
        table[grid[c]][grid[columns + c]]
        for c in range(columns)
        if grid[c] >= 0 <= grid[columns + c]
    )


def showing_score(deck: Deck, grid: Sequence[int | None], columns: int) -> int:
    """What a grid scores on what is face up (``None``: face down, or empty): each column of
    two face-up cards as it scores, a lone face-up card at its points."""
    table = column_table(deck)
    total = 0
    for c in range(columns):
        top, bottom = grid[c], grid[columns + c]
        if top is not None and bottom is not None:
            total += table[top][bottom]
        elif top is not None:
            total += deck.cards[top].points
        elif bottom is not None:
            total += deck.cards[bottom].points
    return total


def totals(round_scores: Sequence[Sequence[int]], players: int) -> list[int]:
    """Game scores so far: the sum of each seat's round scores."""
    return [sum(r[s] for r in round_scores) for s in range(players)]


def final_result(game: str, round_scores: Sequence[Sequence[int]], players: int) -> Result:
    """Game scores, winners (lowest total; ties shared) and round scores."""
    scores = totals(round_scores, players)
    return Result(
        game=game,
        scores=tuple(scores),
        winners=winners_by(scores, lowest=True),
        details={"round_scores": [list(r) for r in round_scores]},
    )
