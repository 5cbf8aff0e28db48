"""Where an online table's chance comes from: the operating system's random bytes.

Deals online must be unpredictable, so they are drawn from ``os.urandom`` as
``random.SystemRandom`` draws them, but the bytes are read 4096 at a time instead of a few
per draw (a deal is dozens of draws, and each read is a system call).
"""

from __future__ import annotations

import os
import random

#: How many random bytes are read from the system at once.
POOL_BYTES = 4096


class SystemChance(random.SystemRandom):
    """``random.SystemRandom`` reading the system's random bytes in pools of ``POOL_BYTES``."""

    def __init__(self) -> None:
        super().__init__()
        self._pool = b""
        self._at = 0

    def _take(self, count: int) -> bytes:
        """The next ``count`` unused random bytes."""
        if self._at + count > len(self._pool):
            self._pool = os.urandom(max(POOL_BYTES, count))
            self._at = 0
        taken = self._pool[self._at : self._at + count]
        self._at += count
        return taken

    def getrandbits(self, k: int) -> int:
        """A whole number of ``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        count = (k + 7) // 8
        return int.from_bytes(self._take(count)) >> (count * 8 - k)

    def random(self) -> float:
        """A number in [0, 1), from 53 random bits."""
        return (int.from_bytes(self._take(7)) >> 3) * 2.0**-53

    def randbytes(self, n: int) -> bytes:
        """``n`` random bytes."""
        return self._take(n)
