"""The tables' database: SQLite, event-sourced.

A table is its header (game, options, seats), its events (the game record's event list) and its
chat. Every event and chat message is committed before anyone hears of it, so a server killed at
any moment starts again with every table exactly where it was. Secrets (invite codes, seat
tokens, the recovery codes of seat links) are stored only as SHA-256 hashes.

Writes are committed in groups (:class:`GroupCommit`): what every table writes while one
transaction is being made durable goes into the next one, so a busy server pays one
``fsync`` for many events, made by a thread of its own while the event loop goes on. Each
write gets the number of the batch it belongs to; a message that tells of it is sent once that
batch is durable (``Storage.settled``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from matchmaker.core.errors import MatchmakerError

LOG = logging.getLogger("matchmaker.server")

#: The schema version, kept in ``PRAGMA user_version``: 1 the tables, seats, events and chat;
#: 2 adds ``seat_links`` and ``stand_ins``; 3 adds ``reviews`` (a finished game's review,
#: computed in the background) and ``practice`` (the tables where hints are on); 4 adds
#: ``accounts``, their ``sessions`` and ``seat_accounts`` (the seats that follow an account); 5
#: adds ``rated`` (the rated tables), ``ratings`` and ``rating_history``; 6 adds ``public``
#: (the tables listed in the open tables, where anyone may sit). An older database is brought
#: up to date when opened: every version only adds tables.
SCHEMA_VERSION = 6

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
CREATE TABLE IF NOT EXISTS seat_links (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    code_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS stand_ins (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    review TEXT NOT NULL,
    worlds INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS practice (
    table_id TEXT PRIMARY KEY REFERENCES tables(id)
);
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    created TEXT NOT NULL,
    last_used TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions(account_id);
CREATE TABLE IF NOT EXISTS seat_accounts (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_accounts_by_account ON seat_accounts(account_id);
CREATE TABLE IF NOT EXISTS rated (
    table_id TEXT PRIMARY KEY REFERENCES tables(id)
);
CREATE TABLE IF NOT EXISTS ratings (
    subject TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (subject, game)
);
CREATE TABLE IF NOT EXISTS rating_history (
    subject TEXT NOT NULL,
    game TEXT NOT NULL,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    score INTEGER NOT NULL,
    rank REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (subject, table_id)
);
CREATE INDEX IF NOT EXISTS rating_history_by_subject ON rating_history(subject, game, at);
CREATE TABLE IF NOT EXISTS public (
    table_id TEXT PRIMARY KEY REFERENCES tables(id)
);
"""

#: The name the accounts' writes go under in a batch (no table has it: table ids start with
#: ``t``).
ACCOUNTS = "(accounts)"


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
    #: A practice table: every person agreed, when it was made, that hints are on for all
    #: (kept in the ``practice`` table).
    practice: bool = False
    #: A rated table: every person signed in, and its game is rated as it ends (kept in the
    #: ``rated`` table).
    rated: bool = False
    #: A public table: listed in the open tables while a person's seat is free, and anyone
    #: may sit there (kept in the ``public`` table).
    public: bool = False


@dataclass
class SeatRow:
    """One seat of a table as stored (secrets as hashes)."""

    seat: int
    invite_hash: str | None
    token_hash: str | None
    joined: bool
    name: str | None
    #: The hash of the seat's unused recovery code (``POST .../seat-link``), if any.
    link_hash: str | None = None


@dataclass
class AccountRow:
    """One account as stored (its password as an argon2id hash only)."""

    id: int
    username: str
    name: str
    password_hash: str
    created: str


@dataclass
class AccountSeat:
    """A seat of an unfinished table that follows an account."""

    table_id: str
    seat: int
    game: str
    created: str


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


@dataclass
class StoredReview:
    """A finished game's review as stored: every seat's review (``SeatReview.to_json``), the
    sampled worlds a decision it was made with, and when it was made."""

    seats: list[dict[str, Any]]
    worlds: int
    created: str


#: One statement of a write: SQL and its parameters.
Statement = tuple[str, tuple[Any, ...]]


@dataclass
class Write:
    """What one table wrote at once (committed together with the rest of its batch)."""

    table_id: str
    statements: list[Statement]


@dataclass
class Batch:
    """The writes committed in one transaction, numbered from 1."""

    number: int
    writes: list[Write] = field(default_factory=list)


class Storage:
    """The SQLite database of a server (one file under its data folder).

    Reads go through the connection of the thread that made the Storage (the event loop's).
    Writes go through a second connection: at once and synchronously until
    :meth:`start_group_commit`, then in groups by the commit thread.
    """

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = _connect(path)
        self._migrate()
        self.writer = _connect(path)
        self.group: GroupCommit | None = None

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

    def start_group_commit(self, failed: Callable[[set[str], Exception], None]) -> None:
        """From now on, commit writes in groups on a thread of their own (on the running
        event loop); ``failed`` hears of the tables whose writes a failed batch dropped."""
        if self.group is None:
            self.group = GroupCommit(self.writer, failed)

    async def close(self) -> None:
        """Commit what is waiting, then close the database."""
        if self.group is not None:
            await self.group.close()
            self.group = None
        self.writer.close()
        self.db.close()

    def close_now(self) -> None:
        """Close the database outside an event loop (nothing may be waiting)."""
        self.writer.close()
        self.db.close()

    # -- writing --------------------------------------------------------------------------------

    def write(self, table_id: str, statements: list[Statement]) -> int:
        """Store statements together: the number of their batch (0 when written already)."""
        if self.group is not None:
            return self.group.add(Write(table_id, statements))
        commit(self.writer, [Write(table_id, statements)])
        return 0

    @property
    def durable(self) -> int:
        """The number of the last batch that is settled (committed, or failed and dropped)."""
        return 0 if self.group is None else self.group.durable

    async def settled(self, batch: int) -> None:
        """Wait until batch ``batch`` is settled."""
        if self.group is not None:
            await self.group.settled(batch)

    def dropped(self, batch: int, table_id: str) -> bool:
        """Whether batch ``batch`` dropped what ``table_id`` wrote in it (a batch that failed,
        or the one after it, which loses the writes of the failed batch's tables)."""
        return self.group is not None and table_id in self.group.dropped.get(batch, ())

    # -- tables ---------------------------------------------------------------------------------

    def add_table(self, row: TableRow, seats: list[SeatRow], rematch_of: str | None = None) -> int:
        """Store a new table and its seats, whether it is a practice, rated or public table
        (and, for a rematch, link the table it continues); the batch number."""
        statements: list[Statement] = [
            (
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
        ]
        statements += [
            (
                "INSERT INTO seats VALUES (?,?,?,?,?,?)",
                (row.id, s.seat, s.invite_hash, s.token_hash, int(s.joined), s.name),
            )
            for s in seats
        ]
        if row.practice:
            statements.append(("INSERT INTO practice (table_id) VALUES (?)", (row.id,)))
        if row.rated:
            statements.append(("INSERT INTO rated (table_id) VALUES (?)", (row.id,)))
        if row.public:
            statements.append(("INSERT INTO public (table_id) VALUES (?)", (row.id,)))
        if rematch_of is not None:
            statements.append(("UPDATE tables SET rematch=? WHERE id=?", (row.id, rematch_of)))
        return self.write(row.id, statements)

    def table(self, table_id: str) -> TableRow | None:
        """One table's header, or None."""
        found = self.db.execute(f"{_TABLE_ROWS} WHERE t.id=?", (table_id,)).fetchone()
        return None if found is None else _table_row(found)

    def tables(self, *, finished: bool) -> Iterator[TableRow]:
        """Every finished (newest first) or unfinished table."""
        if finished:
            query = f"{_TABLE_ROWS} WHERE t.finished IS NOT NULL ORDER BY t.finished DESC, t.id"
        else:
            query = f"{_TABLE_ROWS} WHERE t.finished IS NULL ORDER BY t.created, t.id"
        for found in self.db.execute(query).fetchall():
            yield _table_row(found)

    def finish(
        self,
        table_id: str,
        result: dict[str, Any],
        stand_ins: Sequence[int] = (),
        more: Sequence[Statement] = (),
    ) -> int:
        """Mark a table finished with its result, and the seats whose person had left (a
        stand-in bot was playing for them as the game ended), in one write with ``more`` (a
        rated game's ratings); the batch number."""
        return self.write(
            table_id,
            [("UPDATE tables SET finished=?, result=? WHERE id=?",
              (now(), json.dumps(result), table_id)),
             *(("INSERT OR REPLACE INTO stand_ins (table_id, seat) VALUES (?, ?)",
                (table_id, seat)) for seat in stand_ins),
             *more],
        )  # fmt: skip

    def stand_ins(self, table_id: str) -> list[int]:
        """The seats of a finished table whose game a stand-in bot finished, in order."""
        rows = self.db.execute(
            "SELECT seat FROM stand_ins WHERE table_id=? ORDER BY seat", (table_id,)
        ).fetchall()
        return [int(r[0]) for r in rows]

    # -- seats ----------------------------------------------------------------------------------

    def seats(self, table_id: str) -> list[SeatRow]:
        """The seats of a table, in order."""
        rows = self.db.execute(
            "SELECT s.seat, s.invite_hash, s.token_hash, s.joined, s.name, l.code_hash "
            "FROM seats s LEFT JOIN seat_links l ON l.table_id=s.table_id AND l.seat=s.seat "
            "WHERE s.table_id=? ORDER BY s.seat",
            (table_id,),
        ).fetchall()
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    def join(self, table_id: str, seat: int, token_hash: str, name: str) -> int:
        """Record that a person took a seat (its invite is spent); the batch number."""
        return self.write(
            table_id,
            [("UPDATE seats SET token_hash=?, joined=1, name=? WHERE table_id=? AND seat=?",
              (token_hash, name, table_id, seat))],
        )  # fmt: skip

    def link_seat(self, table_id: str, seat: int, code_hash: str) -> int:
        """Keep a seat's recovery code (replacing an earlier unused one); the batch number."""
        return self.write(
            table_id,
            [("INSERT OR REPLACE INTO seat_links VALUES (?,?,?)", (table_id, seat, code_hash))],
        )

    def recover_seat(self, table_id: str, seat: int, token_hash: str) -> int:
        """Give a seat a new token and spend its recovery code; the batch number."""
        return self.write(
            table_id,
            [
                ("UPDATE seats SET token_hash=? WHERE table_id=? AND seat=?",
                 (token_hash, table_id, seat)),
                ("DELETE FROM seat_links WHERE table_id=? AND seat=?", (table_id, seat)),
            ],
        )  # fmt: skip

    def link_account(self, table_id: str, seat: int, account_id: int) -> int:
        """Let a seat follow an account (replacing another account's link); the batch
        number."""
        return self.write(
            table_id,
            [("INSERT OR REPLACE INTO seat_accounts VALUES (?,?,?)",
              (table_id, seat, account_id))],
        )  # fmt: skip

    def seat_accounts(self, table_id: str) -> dict[int, int]:
        """The seats of a table that follow an account: the account of each."""
        rows = self.db.execute(
            "SELECT seat, account_id FROM seat_accounts WHERE table_id=?", (table_id,)
        ).fetchall()
        return {int(r[0]): int(r[1]) for r in rows}

    def account_seats(self, account_id: int) -> list[AccountSeat]:
        """The seats of unfinished tables that follow an account, the oldest table first."""
        rows = self.db.execute(
            "SELECT a.table_id, a.seat, t.game, t.created FROM seat_accounts a "
            "JOIN tables t ON t.id=a.table_id WHERE a.account_id=? AND t.finished IS NULL "
            "ORDER BY t.created, t.id, a.seat",
            (account_id,),
        ).fetchall()
        return [AccountSeat(r[0], int(r[1]), r[2], r[3]) for r in rows]

    # -- accounts and sessions ------------------------------------------------------------------

    def account(self, *, username: str | None = None, id: int | None = None) -> AccountRow | None:
        """An account by its username (in any case) or its id, or None."""
        if username is not None:
            found = self.db.execute(
                f"{_ACCOUNT_ROWS} WHERE username=? COLLATE NOCASE", (username,)
            ).fetchone()
        else:
            found = self.db.execute(f"{_ACCOUNT_ROWS} WHERE id=?", (id,)).fetchone()
        return None if found is None else AccountRow(*found)

    def add_account(self, username: str, name: str, password_hash: str) -> bool:
        """Store a new account at once, through a connection of its own (so it may run on a
        thread while group commits go on); False if the username is taken (in any case)."""
        db = _connect(self.path)
        try:
            db.execute(
                "INSERT INTO accounts (username, name, password_hash, created) "
                "VALUES (?,?,?,?)", (username, name, password_hash, now()),
            )  # fmt: skip
        except sqlite3.IntegrityError:
            return False
        finally:
            db.close()
        return True

    def account_write(self, statements: list[Statement]) -> int:
        """Store statements about accounts and sessions; the batch number."""
        return self.write(ACCOUNTS, statements)

    def session(self, token_hash: str) -> tuple[int, str] | None:
        """The account of a session and when it was last used, or None."""
        found = self.db.execute(
            "SELECT account_id, last_used FROM sessions WHERE token_hash=?", (token_hash,)
        ).fetchone()
        return None if found is None else (int(found[0]), str(found[1]))

    # -- events and chat ------------------------------------------------------------------------

    def add_event(self, table_id: str, seq: int, event: dict[str, Any]) -> int:
        """Append one game event; the batch number."""
        return self.write(
            table_id,
            [("INSERT INTO events VALUES (?,?,?)",
              (table_id, seq, json.dumps(event, sort_keys=True)))],
        )  # fmt: skip

    def events(self, table_id: str) -> list[dict[str, Any]]:
        """The events of a table, in order (as committed)."""
        rows = self.db.execute(
            "SELECT event FROM events WHERE table_id=? ORDER BY seq", (table_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def add_chat(self, table_id: str, row: ChatRow) -> int:
        """Append one chat message; the batch number."""
        values = (table_id, row.n, row.seat, row.name, row.kind, row.text, row.value, row.seq,
                  row.time)  # fmt: skip
        return self.write(table_id, [("INSERT INTO chat VALUES (?,?,?,?,?,?,?,?,?)", values)])

    def chat(self, table_id: str) -> list[ChatRow]:
        """The chat of a table, in order (as committed)."""
        rows = self.db.execute(
            "SELECT n, seat, name, kind, text, value, seq, time FROM chat "
            "WHERE table_id=? ORDER BY n",
            (table_id,),
        ).fetchall()
        return [ChatRow(*r) for r in rows]

    # -- reviews --------------------------------------------------------------------------------

    def add_review(self, table_id: str, seats: list[dict[str, Any]], worlds: int) -> int:
        """Keep a finished game's review: every seat's (``SeatReview.to_json``), made with
        ``worlds`` sampled worlds a decision (replacing an earlier one); the batch number."""
        return self.write(
            table_id,
            [("INSERT OR REPLACE INTO reviews (table_id, review, worlds, created) "
              "VALUES (?,?,?,?)", (table_id, json.dumps(seats), worlds, now()))],
        )  # fmt: skip

    def review(self, table_id: str) -> StoredReview | None:
        """A table's stored review (as committed), or None."""
        found = self.db.execute(
            "SELECT review, worlds, created FROM reviews WHERE table_id=?", (table_id,)
        ).fetchone()
        return None if found is None else StoredReview(json.loads(found[0]), found[1], found[2])


def commit(db: sqlite3.Connection, writes: list[Write]) -> None:
    """Carry out writes in one transaction: all of them, or (raising) none."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for write in writes:
            for sql, parameters in write.statements:
                db.execute(sql, parameters)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class GroupCommit:
    """Group commit: writes wait in the open batch while the one before is being committed;
    then they are committed together, in one transaction, on the commit thread.

    A batch that fails (the disk is full...) is dropped whole; its tables' writes still
    waiting in the next batch are dropped too, and ``failed`` is told of those tables, so that
    they can be rebuilt from what the database holds.
    """

    def __init__(
        self, db: sqlite3.Connection, failed: Callable[[set[str], Exception], None]
    ) -> None:
        self.db = db
        self.on_failure = failed
        self.loop = asyncio.get_running_loop()
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matchmaker-commit")
        self.open = Batch(1)
        #: The last batch settled: committed, or failed.
        self.durable = 0
        #: The tables whose writes a batch dropped, by batch number.
        self.dropped: dict[int, set[str]] = {}
        #: The highest batch number handed out to a write.
        self.handed_out = 0
        self._wake = asyncio.Event()
        self._done = asyncio.Event()
        self._task = self.loop.create_task(self._run(), name="group-commit")

    def add(self, write: Write) -> int:
        """Put a table's write in the open batch; its number."""
        self.open.writes.append(write)
        self._wake.set()
        self.handed_out = self.open.number
        return self.open.number

    async def settled(self, batch: int) -> None:
        """Wait until batch ``batch`` is settled."""
        while self.durable < batch:
            done = self._done
            await done.wait()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch = self.open
            if not batch.writes and self.handed_out < batch.number:
                continue
            self.open = Batch(batch.number + 1)
            if batch.writes:  # (none left: a failed batch dropped them; settled all the same)
                try:
                    await self.loop.run_in_executor(self.thread, commit, self.db, batch.writes)
                except Exception as error:  # the batch is dropped: nothing of it is told
                    self._drop(batch, error)
            self.durable = batch.number
            done, self._done = self._done, asyncio.Event()
            done.set()

    def _drop(self, batch: Batch, error: Exception) -> None:
        tables = {write.table_id for write in batch.writes}
        LOG.error(
            "the database could not store %d writes of %d tables (%s); they are rebuilt from "
            "what it holds", len(batch.writes), len(tables), error,
        )  # fmt: skip
        self.dropped[batch.number] = tables
        self.dropped[self.open.number] = tables
        self.open.writes = [w for w in self.open.writes if w.table_id not in tables]
        self._wake.set()  # the open batch is settled next, even if nothing is left in it
        self.on_failure(tables, error)

    async def close(self) -> None:
        """Commit what waits, then stop the commit thread."""
        while self.open.writes:
            self._wake.set()
            await self.settled(self.open.number)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self.thread.shutdown(wait=True)


#: A table's header as ``_table_row`` reads it: its row, whether it is a practice table,
#: whether it is rated and whether it is public.
_TABLE_ROWS = (
    "SELECT t.*, EXISTS (SELECT 1 FROM practice p WHERE p.table_id=t.id), "
    "EXISTS (SELECT 1 FROM rated r WHERE r.table_id=t.id), "
    "EXISTS (SELECT 1 FROM public u WHERE u.table_id=t.id) FROM tables t"
)


_ACCOUNT_ROWS = "SELECT id, username, name, password_hash, created FROM accounts"


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
        practice=bool(found[11]),
        rated=bool(found[12]),
        public=bool(found[13]),
    )


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    return db
