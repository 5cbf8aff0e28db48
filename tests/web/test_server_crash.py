"""SIGKILL the server again and again under load; nothing any client was told is ever lost.

The server promises (docs/protocol.md, *Persistence*) that every event and chat line is
durable in its database before anyone is told of it. Here six tables of both games play at
once (bots without pauses, people making random legal moves and chatting, on a thread of
their own) while the server is killed with SIGKILL eight times: at random moments (after a
random amount of play), and at least half of the times, on Linux, at the moment one of its
threads is inside ``fdatasync``/``fsync`` or writing the WAL (read from
``/proc/PID/task/*/syscall``). After every restart every person and spectator connects again,
and the test checks against the database (read with sqlite3) and the new connections that:

- each table's seq is at least the highest seq any client was told before the kill;
- every event told to a seat equals the stored event at its seq (an event with hidden fields,
  null for that seat, has the stored event's keys);
- the last view each connection was told is the view the stored events give that seat;
- every chat line told (its ``n`` and ``text``) is in the chat history after the restart.

At the end every table is played to its end and its record replays to the same result.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matchmaker.core.driver import Driver
from matchmaker.core.records import parse_logged_event, replay
from matchmaker.core.registry import load_game
from tests.web.client import Peer, create_table, http, join, play_to_end
from tests.web.conftest import LiveServer, free_port

#: The tables: game, options, seats ("human" seats are people, the rest bots), spectated.
TABLES: list[tuple[str, dict[str, Any], list[str], bool]] = [
    ("clecanian", {"players": 3, "rounds": 2}, ["human", "greedy", "medium"], True),
    ("purrfect", {"players": 3}, ["human", "random", "human"], False),
    ("clecanian", {"players": 3, "rounds": 2}, ["random", "human", "human"], False),
    ("purrfect", {"players": 4}, ["greedy", "medium", "human", "random"], True),
    ("clecanian", {"players": 3, "rounds": 2}, ["human", "medium", "random"], False),
    ("purrfect", {"players": 3}, ["human", "human", "greedy"], False),
]
#: How many times the server is killed, and how many of those wait for a write.
KILLS = 8
KILLS_IN_WRITES = 5
#: How much play (state messages received by all clients together) comes before a kill.
PLAY_BEFORE_KILL = (0, 90)
#: Generous deadlines (seconds): the machine may be busy. Correctness never rests on them.
DEADLINE = 60.0
#: How long to look for a write in progress before killing anyway.
WRITE_WAIT = 5.0

#: Per machine: the syscalls of a sync (fsync, fdatasync) and pwrite64 (only on the WAL).
SYSCALLS: dict[str, tuple[dict[int, str], dict[int, str]]] = {
    "x86_64": ({74: "fsync", 75: "fdatasync"}, {18: "pwrite64"}),
    "aarch64": ({82: "fsync", 83: "fdatasync"}, {68: "pwrite64"}),
}


def write_syscalls() -> tuple[dict[int, str], dict[int, str]] | None:
    """The syscalls that mean "inside a database write" here; None where they are unknown."""
    if not sys.platform.startswith("linux") or not Path("/proc/self/task").is_dir():
        return None
    return SYSCALLS.get(os.uname().machine)


def write_in_progress(pid: int, syncs: dict[int, str], pwrites: dict[int, str]) -> str | None:
    """The write a thread of process ``pid`` is inside of now (as ``name`` or ``name on
    path``), or None."""
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/syscall", "rb") as file:
                fields = file.read().split()
        except OSError:  # the thread ended
            continue
        if not fields or not fields[0].isdigit():  # "running", or "-1" (not in a syscall)
            continue
        call = int(fields[0])
        if call in syncs:
            return syncs[call]
        if call in pwrites and len(fields) > 1:
            with contextlib.suppress(OSError, ValueError):
                path = os.readlink(f"/proc/{pid}/fd/{int(fields[1], 16)}")
                if path.endswith("-wal"):
                    return f"{pwrites[call]} on {Path(path).name}"
    return None


# -- the people ------------------------------------------------------------------------------


@dataclass
class Person:
    """A person sitting at a seat (or a spectator, seat and token None) and their connection."""

    table: str
    seat: int | None
    token: str | None
    peer: Peer


@dataclass
class Tab:
    """A table under test and everything its clients were ever told about it."""

    id: str
    game: str
    options: dict[str, Any]
    #: The highest seq any client was told.
    seq: int = 0
    #: The events told, by viewer (a seat, or None for a spectator) and seq.
    events: dict[int | None, dict[int, dict[str, Any]]] = field(repr=False, default_factory=dict)
    #: The chat lines told: text by ``n``.
    chat: dict[int, str] = field(repr=False, default_factory=dict)
    #: The last view each connection was told (viewer, seq, view), not yet checked.
    views: list[tuple[int | None, int, Any]] = field(repr=False, default_factory=list)


class Players(threading.Thread):
    """The people playing: read every connection, make random legal moves, chat now and
    then (and when asked to); counts the states received (``progress``) until stopped."""

    def __init__(self, people: list[Person], rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.people = people
        self.rng = rng
        self.changed = threading.Condition()
        self.progress = 0
        self.all_over = False
        self.failure: BaseException | None = None
        self._halt = threading.Event()
        self._chat_asked = threading.Event()
        self._chat_sent = threading.Event()

    def run(self) -> None:
        try:
            next_chat = {id(p): time.monotonic() + self.rng.uniform(1, 4) for p in self.people}
            said = 0
            while not self._halt.is_set():
                came = 0
                everybody = self._chat_asked.is_set()
                for person in self.people:
                    peer = person.peer
                    before = len(peer.messages)
                    peer.pump(0.002)
                    came += sum(
                        1 for m in peer.messages[before:] if m["type"] in ("state", "update")
                    )
                    if person.token is None:
                        continue
                    peer.act_randomly(self.rng)
                    if everybody or time.monotonic() >= next_chat[id(person)]:
                        said += 1
                        text = f"seat {person.seat} says {said}: {self.rng.random():.6f}"
                        peer.send({"type": "chat", "token": person.token, "text": text})
                        next_chat[id(person)] = time.monotonic() + self.rng.uniform(1, 4)
                if everybody:
                    self._chat_asked.clear()
                    self._chat_sent.set()
                over = all(p.peer.state is not None and p.peer.state["over"] for p in self.people)
                with self.changed:
                    self.progress += came
                    self.all_over = over
                    self.changed.notify_all()
        except BaseException as exc:
            with self.changed:
                self.failure = exc
                self.changed.notify_all()

    def play(self, states: int) -> None:
        """Wait until the people received ``states`` more states (or every game is over)."""
        with self.changed:
            target = self.progress + states
            done = self.changed.wait_for(
                lambda: self.progress >= target or self.all_over or self.failure is not None,
                timeout=DEADLINE,
            )
        if self.failure is not None:
            raise self.failure
        assert done, f"the tables made no progress for {DEADLINE} s"

    def chat_now(self) -> None:
        """Have every person say something at once (wait until it is sent)."""
        self._chat_sent.clear()
        self._chat_asked.set()
        assert self._chat_sent.wait(DEADLINE), "the people did not chat"
        if self.failure is not None:
            raise self.failure

    def stop(self) -> None:
        """Stop playing (and wait until the thread ended)."""
        self._halt.set()
        self.join(DEADLINE)
        assert not self.is_alive(), "the players' thread did not stop"
        if self.failure is not None:
            raise self.failure


def seat_everybody(live: LiveServer) -> tuple[dict[str, Tab], list[Person]]:
    """Create the tables, join the people, connect them and the spectators."""
    tabs: dict[str, Tab] = {}
    people: list[Person] = []
    for game, options, seats, spectated in TABLES:
        table, invites = create_table(live.url, game, options, seats)
        tabs[table] = Tab(table, game, options)
        for seat, code in invites.items():
            token = join(live.url, table, code, f"P{seat}")
            people.append(Person(table, seat, token, Peer(live.ws_url, table, token)))
        if spectated:
            people.append(Person(table, None, None, Peer(live.ws_url, table)))
    return tabs, people


def note_told(tabs: dict[str, Tab], people: list[Person]) -> None:
    """Note what every connection was told: seqs, events, chat lines and its last view."""
    for person in people:
        tab = tabs[person.table]
        told = tab.events.setdefault(person.seat, {})
        for message in person.peer.messages:
            kind = message["type"]
            if kind in ("state", "update"):
                tab.seq = max(tab.seq, message["seq"])
                for event in message.get("events", []):
                    seq = event["seq"]
                    was = told.setdefault(seq, event["event"])
                    assert was == event["event"], (
                        f"table {tab.id}: seat {person.seat} was told two events at seq {seq}: "
                        f"{was} and {event['event']}"
                    )
            lines = []
            if kind == "chat":
                lines = [message["message"]]
            elif kind == "chat_history":
                lines = message["messages"]
            for line in lines:
                was_said = tab.chat.setdefault(line["n"], line["text"])
                assert was_said == line["text"], (
                    f"table {tab.id}: chat line {line['n']} was told as {was_said!r} and as "
                    f"{line['text']!r}"
                )
        state = person.peer.state
        if state is not None:
            tab.views.append((person.seat, state["seq"], state["view"]))


def drain(people: list[Person]) -> None:
    """Read what each connection still holds, up to the server's end (it was killed)."""
    for person in people:
        while person.peer.pump(DEADLINE):
            pass
        person.peer.close()


# -- what the database holds -----------------------------------------------------------------


def stored_events(live: LiveServer, table: str) -> dict[int, dict[str, Any]]:
    """A table's events as the server stored them, by seq."""
    with contextlib.closing(sqlite3.connect(live.data / "matchmaker.sqlite3", timeout=60)) as db:
        rows = db.execute("SELECT seq, event FROM events WHERE table_id=?", (table,)).fetchall()
    return {seq: json.loads(event) for seq, event in rows}


def has_hidden(value: Any) -> bool:
    """Whether a told event has a hidden field (null) anywhere in it."""
    if value is None:
        return True
    if isinstance(value, dict):
        return any(has_hidden(v) for v in value.values())
    if isinstance(value, list):
        return any(has_hidden(v) for v in value)
    return False


def stored_views(
    tab: Tab, stored: dict[int, dict[str, Any]], wanted: set[tuple[int | None, int]]
) -> dict[tuple[int | None, int], Any]:
    """The views (as JSON) the stored events give each (viewer, seq) wanted."""
    game = load_game(tab.game, tab.options)
    driver = Driver(game)
    views: dict[tuple[int | None, int], Any] = {}
    last = max((seq for _, seq in wanted), default=0)
    for seq in range(last + 1):
        for viewer, at in wanted:
            if at == seq:
                views[viewer, at] = json.loads(json.dumps(driver.state.view(viewer).to_json()))
        if seq < last:
            assert seq in stored, f"table {tab.id}: event {seq} is not stored"
            actor, action = parse_logged_event(game, stored[seq])
            driver.play(action, actor)
    return views


def check_stored(live: LiveServer, tab: Tab) -> dict[int, dict[str, Any]]:
    """Every event told about the table is stored as told, and each last view told is the
    stored events' view; the stored events."""
    stored = stored_events(live, tab.id)
    assert len(stored) >= tab.seq, (
        f"table {tab.id}: seq {tab.seq} was told, but {len(stored)} events are stored"
    )
    assert sorted(stored) == list(range(len(stored))), f"table {tab.id}: a gap in the events"
    for viewer, events in tab.events.items():
        for seq, told in events.items():
            where = f"table {tab.id}, seat {viewer}, seq {seq}: told {told}"
            assert seq in stored, f"{where}, but nothing is stored at that seq"
            if has_hidden(told):
                assert told.keys() == stored[seq].keys(), f"{where}, stored {stored[seq]}"
            else:
                assert told == stored[seq], f"{where}, stored {stored[seq]}"
    wanted = {(viewer, seq) for viewer, seq, _ in tab.views}
    views = stored_views(tab, stored, wanted)
    for viewer, seq, view in tab.views:
        assert view == views[viewer, seq], (
            f"table {tab.id}, seat {viewer}: the view told at seq {seq} is not the view of "
            f"the stored events"
        )
    tab.views.clear()
    return stored


def reconnect(live: LiveServer, tabs: dict[str, Tab], people: list[Person]) -> list[Person]:
    """Connect everybody again after a restart and check what the server tells them."""
    back = [Person(p.table, p.seat, p.token, Peer(live.ws_url, p.table, p.token)) for p in people]
    for person in back:
        tab = tabs[person.table]
        state = person.peer.wait_for(lambda m: m["type"] in ("state", "update"), DEADLINE)
        assert state["seq"] >= tab.seq, (
            f"table {tab.id}, seat {person.seat}: seq {state['seq']} after the restart, but "
            f"seq {tab.seq} was told before it"
        )
        history = next(m for m in person.peer.messages if m["type"] == "chat_history")
        kept = {line["n"]: line["text"] for line in history["messages"]}
        for n, text in tab.chat.items():
            assert kept.get(n) == text, (
                f"table {tab.id}: chat line {n} {text!r} was told before the kill; after it "
                f"the history has {kept.get(n)!r}"
            )
    note_told(tabs, back)
    for tab in tabs.values():
        check_stored(live, tab)
    return back


def kill_soon(live: LiveServer, writes: int) -> str | None:
    """SIGKILL the server: at once (``writes`` 0), or, where that can be seen, as soon as it
    is inside its ``writes``-th database write from now (a write seen in several polls in a
    row counts once), giving up after ``WRITE_WAIT``; the write it was killed in, if any."""
    assert live.process is not None
    pid = live.process.pid
    calls = write_syscalls()
    landed = None
    if writes and calls is not None:
        deadline = time.monotonic() + WRITE_WAIT
        seen = 0
        while seen < writes and time.monotonic() < deadline:
            assert live.process.poll() is None, f"the server died by itself:\n{live.log()}"
            now = write_in_progress(pid, *calls)
            seen += now is not None and landed is None
            landed = now
    os.kill(pid, signal.SIGKILL)
    live.kill()
    return landed if writes else None


def test_nothing_told_is_lost_when_the_server_is_killed_again_and_again(tmp_path: Path) -> None:
    rng = random.Random(20_260_611)
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0)
    live.start()
    people: list[Person] = []
    players: Players | None = None
    try:
        tabs, people = seat_everybody(live)
        plan = [True] * KILLS_IN_WRITES + [False] * (KILLS - KILLS_IN_WRITES)
        rng.shuffle(plan)
        landed: list[str | None] = []
        for in_write in plan:
            players = Players(people, random.Random(rng.random()))
            players.start()
            players.play(rng.randint(*PLAY_BEFORE_KILL))
            writes = 0
            if in_write:
                writes = rng.choice([1, 1, 2])
                if rng.random() < 0.5:  # chat lines are likely in the write killed
                    players.chat_now()
                    writes = rng.choice([1, 2])
            landed.append(kill_soon(live, writes))
            players.stop()
            players = None
            drain(people)
            note_told(tabs, people)
            live.start()
            people = reconnect(live, tabs, people)
        play_to_end([p.peer for p in people], rng, timeout=DEADLINE * 2)
        note_told(tabs, people)
        for tab in tabs.values():
            stored = check_stored(live, tab)
            status, record = http("GET", f"{live.url}/api/tables/{tab.id}/record")
            assert status == 200, record
            state = replay(record)
            assert state.is_over, f"table {tab.id}: the record does not replay to the end"
            result = json.loads(json.dumps(state.status()))
            assert result == record["result"], f"table {tab.id}: {result} != {record['result']}"
            finals = [p.peer.state for p in people if p.table == tab.id]
            for final in finals:
                assert final is not None and final["over"]
                assert final["result"] == result, f"table {tab.id}: told {final['result']}"
                assert final["seq"] == len(stored), f"table {tab.id}: not every event stored"
        print(f"kills: {len(landed)}; in a write: {[w for w in landed if w]}")
        if write_syscalls() is not None:
            assert any(landed), "no kill landed during a database write"
    finally:
        if players is not None:
            with contextlib.suppress(BaseException):
                players.stop()
        for person in people:
            person.peer.close()
        live.stop()
