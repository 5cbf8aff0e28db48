"""The cyclic garbage collector paused while a search plays out imagined games.

Play-outs make millions of short-lived objects (lists, tuples, floats), freed by their
reference counts as soon as they are dropped; the cyclic collector's passes over them are pure
cost (in Purrfect Match's play-outs by views, about a sixth of a decision's time). What a
search leaves in a cycle is collected once the collector runs again.
"""

from __future__ import annotations

import gc


class CollectorPaused:
    """The cyclic garbage collector paused for a ``with`` block, and restored after it, also on
    an error; a block entered with the collector already paused leaves it paused."""

    def __init__(self) -> None:
        self.collecting = False

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if self.collecting:
            gc.enable()
