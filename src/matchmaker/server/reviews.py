"""The review of a finished game, made in the background and kept in the database.

When a game ends, the server reviews every seat's decisions (``matchmaker.analysis``) in an
analysis worker (``server.analyst``), never on the event loop, and stores the result; asking
for the review of a finished game that has none (an older game, or one whose review a stopped
server never finished) starts it. A table has at most one review being made at a time. A
review that fails is logged in one line and reported as failed to whoever asks; it is tried
again only when a server started afresh is asked for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from matchmaker.analysis.review import DEFAULT_WORLDS, review_record
from matchmaker.server.analyst import REVIEWS, Analyst
from matchmaker.server.storage import Storage

if TYPE_CHECKING:
    from matchmaker.server.table import Table

LOG = logging.getLogger("matchmaker.server")

#: The seed of the sampled worlds of every review the server makes: the same record and
#: worlds give the same review (``matchmaker review FILE --seed 0 --worlds N``).
SEED = 0


def review_seats(record: dict[str, Any], worlds: int, seed: int) -> list[dict[str, Any]]:
    """Every seat's review of a game record, as JSON (``SeatReview.to_json``, in seat order):
    the work an analysis worker does."""
    return [review.to_json() for review in review_record(record, worlds=worlds, seed=seed)]


class Reviews:
    """The reviews of one server's finished games: those being made and those that failed
    (in memory), and the ones made (in the database)."""

    def __init__(self, storage: Storage, analyst: Analyst) -> None:
        self.storage = storage
        self.analyst = analyst
        #: The reviews being made, by table id.
        self.running: dict[str, asyncio.Task[None]] = {}
        #: Why a table's review failed, by table id (until the server stops).
        self.failed: dict[str, str] = {}

    def worlds(self, game: str) -> int:
        """The sampled worlds a decision of a review of ``game``: the server's setting
        (``--review-worlds``), else the game's default."""
        return self.analyst.settings.review_worlds or DEFAULT_WORLDS[game]

    def game_over(self, table: Table) -> None:
        """A table's game just ended: review it in the background."""
        try:
            self.start(table)
        except Exception as exc:  # the game has ended all the same; asking starts it again
            LOG.error("table %s: the review could not start: %s: %s", table.id,
                      type(exc).__name__, exc)  # fmt: skip

    def start(self, table: Table) -> None:
        """Start reviewing a finished table, unless its review is stored, being made or
        failed."""
        if table.id in self.running or table.id in self.failed:
            return
        if self.storage.review(table.id) is not None:
            return
        record = table.record()
        worlds = self.worlds(table.game.name)
        task = asyncio.get_running_loop().create_task(
            self._make(table.id, table.batch, record, worlds), name=f"review-{table.id}"
        )
        self.running[table.id] = task
        task.add_done_callback(lambda _: self.running.pop(table.id, None))

    async def _make(self, table_id: str, batch: int, record: dict[str, Any], worlds: int) -> None:
        """Review once the game's end is stored, then store the review."""
        await self.storage.settled(batch)
        if self.storage.dropped(batch, table_id):
            return  # the game's end was not stored: the table is rebuilt, asked again later
        try:
            seats = await self.analyst.run(review_seats, record, worlds, SEED, lane=REVIEWS)
            await self.storage.settled(self.storage.add_review(table_id, seats, worlds))
        except Exception as exc:
            LOG.error("table %s: the review failed: %s: %s", table_id, type(exc).__name__, exc)
            LOG.debug("the failure in full", exc_info=True)
            self.failed[table_id] = f"the review of this game failed ({type(exc).__name__})"

    def answer(self, table: Table) -> tuple[int, dict[str, Any]]:
        """The HTTP status and answer of ``GET /api/tables/{table}/review`` for a finished
        table: the review when it is stored, else pending (starting it if nothing is being
        made), or failed."""
        stored = self.storage.review(table.id)
        if stored is not None:
            return 200, {"status": "ready", "worlds": stored.worlds, "seats": stored.seats}
        if table.id in self.failed:
            return 200, {"status": "failed", "message": self.failed[table.id]}
        self.start(table)
        return 202, {"status": "pending"}

    async def stop(self) -> None:
        """Abandon the reviews being made (the next server makes them when asked)."""
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
