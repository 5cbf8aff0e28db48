"""Analyses off the event loop: the review of a finished game and a hint at a practice table
are CPU work of seconds (``matchmaker.analysis``), so the server runs them in worker processes
of lower priority, never on the thread that serves the tables. A table's play never waits for
an analysis."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from matchmaker.core.workers import stop_pool

T = TypeVar("T")

#: How much nicer than the server the worker processes run (``os.nice``).
NICENESS = 10


@dataclass(frozen=True)
class AnalysisSettings:
    """How a server analyses: ``workers`` processes (0: a thread of the server process, for
    tests and tiny machines), and the sampled worlds a decision of a background review and of
    a hint (None: the game's default, ``analysis.review.DEFAULT_WORLDS``)."""

    workers: int = 1
    review_worlds: int | None = None
    hint_worlds: int | None = None


#: Seconds between a worker's looks at whether the server that started it is still there.
PARENT_CHECK = 1.0


def _start_worker(server: int) -> None:
    """Set up a worker process: below the server's priority, so that play stays fast while it
    thinks, and gone as soon as the server is (a server killed outright leaves no worker
    behind: a pool's worker would otherwise wait for work forever)."""
    with contextlib.suppress(OSError):  # not allowed: it still works, at the same priority
        os.nice(NICENESS)
    threading.Thread(target=_follow_server, args=(server,), daemon=True).start()


def _follow_server(server: int) -> None:
    """End this worker process once its parent, the server, is gone."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)


#: The lanes of analysis work, each with workers of its own, so that a person waiting for a
#: hint never waits behind the reviews of finished games.
REVIEWS = "reviews"
HINTS = "hints"


class Analyst:
    """Runs analysis functions in worker processes (made when first needed), in lanes: each
    lane (``REVIEWS``, ``HINTS``) has ``settings.workers`` processes of its own. The functions
    and their arguments must be picklable: module-level functions given plain data (records,
    seat numbers, counts), returning plain data."""

    def __init__(self, settings: AnalysisSettings | None = None) -> None:
        self.settings = settings or AnalysisSettings()
        self._pools: dict[str, Executor] = {}

    def _executor(self, lane: str) -> Executor:
        if lane not in self._pools:
            if self.settings.workers <= 0:
                self._pools[lane] = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix=f"analyst-{lane}"
                )
            else:
                self._pools[lane] = ProcessPoolExecutor(
                    max_workers=self.settings.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
        return self._pools[lane]

    async def run(self, function: Callable[..., T], *args: Any, lane: str = REVIEWS) -> T:
        """``function(*args)`` in a worker of ``lane``; its exception, if any, is raised
        here."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(lane), function, *args)

    def close(self) -> None:
        """Stop the workers at once; analyses still running are abandoned (a review is made
        again when next asked for), so a server stops without waiting for one."""
        pools, self._pools = self._pools, {}
        for pool in pools.values():
            stop_pool(pool)
