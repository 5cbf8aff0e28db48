"""The shapes the research adapters share: history rows and their entries, flat tensors made
of named pieces, and the small helpers both games' codecs fill them with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from matchmaker.core.actions import CHANCE

#: The columns of a history row: who acted (0 a revealed card, 1 chance, 2 + seat a seat),
#: what kind of event, the seat it concerns (+1), the grid position (+1) and the card or value
#: (+1 for a card index, the value itself for a Purrfect cat); 0 means none or hidden.
ROW_WIDTH = 5
WHO_SEEN = 0
WHO_CHANCE = 1


def who(actor: int) -> int:
    """The ``who`` column of a history row for an event of ``actor`` (a seat or CHANCE)."""
    return WHO_CHANCE if actor == CHANCE else 2 + actor


@dataclass(frozen=True)
class Entry:
    """One line of a seat's history: a text and a row of ``ROW_WIDTH`` integers."""

    text: str
    row: tuple[int, int, int, int, int]


class Piece(NamedTuple):
    """One named part of a tensor: its shape and the bounds of its values."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """The number of values in the piece."""
        return int(np.prod(self.shape, dtype=np.int64))


class Layout:
    """A flat float tensor made of named pieces, each a reshaped slice of it."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.size = sum(piece.size for piece in self.pieces)

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The pieces of ``tensor`` as named views (writing to a view writes the tensor)."""
        out: dict[str, np.ndarray] = {}
        offset = 0
        for piece in self.pieces:
            out[piece.name] = tensor[offset : offset + piece.size].reshape(piece.shape)
            offset += piece.size
        return out

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every element, as two flat float32 arrays."""
        low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces])
        high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces])
        return low, high

    def extended(self, *pieces: Piece) -> Layout:
        """This layout followed by more pieces."""
        return Layout((*self.pieces, *pieces))


def one_hot(target: np.ndarray, index: int | None) -> None:
    """Set ``target[index]`` to 1 when ``index`` is not None."""
    if index is not None:
        target[index] = 1.0


def differences_from_others(scores: Sequence[int], *, lowest_wins: bool) -> list[float]:
    """Each seat's score minus the mean score of the other seats, negated when the lowest
    score wins: more is better, and the rewards of a table sum to zero."""
    n = len(scores)
    total = sum(scores)
    sign = -1.0 if lowest_wins else 1.0
    return [sign * (s - (total - s) / (n - 1)) for s in scores]
