"""The tables' database: SQLite, event-sourced.

A table is its header (game, options, seats), its events (the game record's event list) and its
chat. Every event and chat message is committed before anyone hears of it, so a server killed at
any moment starts again with every table exactly where it was. Secrets (invite codes, seat
tokens) are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from matchmaker.core.errors import MatchmakerError

#: The schema version, kept in ``PRAGMA user_version``.
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    timer REAL,
    seed TEXT NOT NULL,
    created TEXT NOT NULL,
    finished TEXT,
    result TEXT,
    previous TEXT,
    rematch TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    invite_hash TEXT,
    token_hash TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    name TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_token ON seats(token_hash);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    value INTEGER,
    seq INTEGER NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


class StorageError(MatchmakerError):
    """The database cannot be used (for example, it was written by a newer version)."""


def now() -> str:
    """The current time as an ISO string in UTC (seconds)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def secret_hash(secret: str) -> str:
    """How a secret (invite code, token) is kept: its SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class TableRow:
    """The header of one table as stored."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    timer: float | None
    seed: str
    created: str
    finished: str | None
    result: dict[str, Any] | None
    previous: str | None
    rematch: str | None


@dataclass
class SeatRow:
    """One seat of a table as stored (secrets as hashes)."""

    seat: int
    invite_hash: str | None
    token_hash: str | None
    joined: bool
    name: str | None


@dataclass
class ChatRow:
    """One chat message or claim."""

    n: int
    seat: int | None
    name: str
    kind: str
    text: str
    value: int | None
    seq: int
    time: str

    def to_json(self) -> dict[str, Any]:
        """The message as sent to clients."""
        return {
            "n": self.n,
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "text": self.text,
            "value": self.value,
            "seq": self.seq,
            "time": self.time,
        }


class Storage:
    """The SQLite database of a server (one file under its data folder)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path} was written by a newer matchmaker (schema {version}; "
                f"this one knows up to {SCHEMA_VERSION})"
            )
        if version < SCHEMA_VERSION:
            self.db.executescript(
                f"BEGIN;\n{SCHEMA}\nPRAGMA user_version={SCHEMA_VERSION};\nCOMMIT;"
            )

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def transaction(self) -> _Transaction:
        """A context in which statements commit together (or not at all)."""
        return _Transaction(self.db)

    # -- tables ---------------------------------------------------------------------------------

    def add_table(self, row: TableRow, seats: list[SeatRow], rematch_of: str | None = None) -> None:
        """Store a new table and its seats (and, for a rematch, link the table it continues)."""
        with self.transaction():
            self.db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.options),
                    json.dumps(row.seats),
                    row.timer,
                    row.seed,
                    row.created,
                    row.finished,
                    None if row.result is None else json.dumps(row.result),
                    row.previous,
                    row.rematch,
                ),
            )
            self.db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,?,?)",
                [
                    (row.id, s.seat, s.invite_hash, s.token_hash, int(s.joined), s.name)
                    for s in seats
                ],
            )
            if rematch_of is not None:
                self.db.execute("UPDATE tables SET rematch=? WHERE id=?", (row.id, rematch_of))

    def table(self, table_id: str) -> TableRow | None:
        """One table's header, or None."""
        found = self.db.execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone()
        return None if found is None else _table_row(found)

    def tables(self, *, finished: bool) -> Iterator[TableRow]:
        """Every finished (newest first) or unfinished table."""
        if finished:
            query = "SELECT * FROM tables WHERE finished IS NOT NULL ORDER BY finished DESC, id"
        else:
            query = "SELECT * FROM tables WHERE finished IS NULL ORDER BY created, id"
        for found in self.db.execute(query).fetchall():
            yield _table_row(found)

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        """Mark a table finished with its result."""
        self.db.execute(
            "UPDATE tables SET finished=?, result=? WHERE id=?",
            (now(), json.dumps(result), table_id),
        )

    # -- seats ----------------------------------------------------------------------------------

    def seats(self, table_id: str) -> list[SeatRow]:
        """The seats of a table, in order."""
        rows = self.db.execute(
            "SELECT seat, invite_hash, token_hash, joined, name FROM seats "
            "WHERE table_id=? ORDER BY seat",
            (table_id,),
        ).fetchall()
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    def join(self, table_id: str, seat: int, token_hash: str, name: str) -> None:
        """Record that a person took a seat (its invite is spent)."""
        self.db.execute(
            "UPDATE seats SET token_hash=?, joined=1, name=? WHERE table_id=? AND seat=?",
            (token_hash, name, table_id, seat),
        )

    # -- events and chat ------------------------------------------------------------------------

    def add_event(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        """Append one game event (committed when this returns)."""
        self.db.execute(
            "INSERT INTO events VALUES (?,?,?)", (table_id, seq, json.dumps(event, sort_keys=True))
        )

    def events(self, table_id: str) -> list[dict[str, Any]]:
        """The events of a table, in order."""
        rows = self.db.execute(
            "SELECT event FROM events WHERE table_id=? ORDER BY seq", (table_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Append one chat message (committed when this returns)."""
        self.db.execute(
            "INSERT INTO chat VALUES (?,?,?,?,?,?,?,?,?)",
            (
                table_id,
                row.n,
                row.seat,
                row.name,
                row.kind,
                row.text,
                row.value,
                row.seq,
                row.time,
            ),
        )

    def chat(self, table_id: str) -> list[ChatRow]:
        """The chat of a table, in order."""
        rows = self.db.execute(
            "SELECT n, seat, name, kind, text, value, seq, time FROM chat "
            "WHERE table_id=? ORDER BY n",
            (table_id,),
        ).fetchall()
        return [ChatRow(*r) for r in rows]


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _table_row(found: tuple[Any, ...]) -> TableRow:
    return TableRow(
        id=found[0],
        game=found[1],
        options=json.loads(found[2]),
        seats=json.loads(found[3]),
        timer=found[4],
        seed=found[5],
        created=found[6],
        finished=found[7],
        result=None if found[8] is None else json.loads(found[8]),
        previous=found[9],
        rematch=found[10],
    )
