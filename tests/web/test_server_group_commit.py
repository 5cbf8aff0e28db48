"""Group commit (``matchmaker.server.storage.GroupCommit``) when a batch fails while the next
one fills: every batch number handed out is settled, even one the failure emptied."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from matchmaker.server import storage
from matchmaker.server.storage import GroupCommit, Write

#: A hang guard only: every wait below ends as soon as its condition holds.
GUARD = 60.0


def test_a_batch_emptied_by_a_failure_is_settled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_flight = threading.Event()
    release = threading.Event()

    def failing(db: sqlite3.Connection, writes: list[Write]) -> None:
        in_flight.set()
        assert release.wait(GUARD)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(storage, "commit", failing)
    told: list[set[str]] = []
    db = sqlite3.connect(tmp_path / "db.sqlite3", check_same_thread=False)

    async def scenario() -> None:
        group = GroupCommit(db, lambda tables, error: told.append(tables))
        first = group.add(Write("t1", [("SELECT 1", ())]))
        await asyncio.wait_for(asyncio.to_thread(in_flight.wait), GUARD)
        second = group.add(Write("t1", [("SELECT 2", ())]))  # waits in the next batch
        assert second == first + 1
        release.set()
        await asyncio.wait_for(group.settled(second), GUARD)
        assert group.dropped[first] == group.dropped[second] == {"t1"}
        assert told == [{"t1"}]
        await group.close()

    asyncio.run(scenario())
    db.close()


def test_other_tables_writes_in_the_next_batch_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_flight = threading.Event()
    release = threading.Event()
    committed: list[list[str]] = []
    real = storage.commit

    def fail_first(db: sqlite3.Connection, writes: list[Write]) -> None:
        if not committed and not in_flight.is_set():
            in_flight.set()
            assert release.wait(GUARD)
            raise sqlite3.OperationalError("database or disk is full")
        committed.append([w.table_id for w in writes])
        real(db, writes)

    monkeypatch.setattr(storage, "commit", fail_first)
    db = sqlite3.connect(tmp_path / "db.sqlite3", check_same_thread=False)
    db.execute("CREATE TABLE x (a)")

    async def scenario() -> None:
        group = GroupCommit(db, lambda tables, error: None)
        first = group.add(Write("t1", [("INSERT INTO x VALUES (1)", ())]))
        await asyncio.wait_for(asyncio.to_thread(in_flight.wait), GUARD)
        group.add(Write("t1", [("INSERT INTO x VALUES (2)", ())]))
        second = group.add(Write("t2", [("INSERT INTO x VALUES (3)", ())]))
        release.set()
        await asyncio.wait_for(group.settled(second), GUARD)
        assert group.dropped[first] == {"t1"}
        await group.close()

    asyncio.run(scenario())
    assert committed == [["t2"]]
    assert [row[0] for row in db.execute("SELECT a FROM x")] == [3]
    db.close()
