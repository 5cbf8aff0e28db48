"""One table being played online: the state, the seats, the bots, the chat, the connections.

The table holds its game through the table driver (``matchmaker.core.driver``), the only
holder of the state. It applies chance from the system's generator (deals are unpredictable
online; the record keeps every outcome), asks bots for their decisions off the event loop,
checks people's intents, writes each event to the database, and sends every connection its
own seat's view, with every event told (``matchmaker.words``) as that seat saw it. Messages
wait in each connection's outbox until the writes they tell of are durable (group commit,
``matchmaker.server.storage``), so nobody hears of an event the database may still lose.
A connection starts with the game so far as its seat was told it (the kept log). When a round
ends and another follows, the table holds the next round's decisions for the people reading
the scores (the round-end hold). A seat taken back with a seat link gets a new token.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from matchmaker.analysis.advice import advise_record
from matchmaker.bots.base import Bot
from matchmaker.bots.registry import make_bot
from matchmaker.bots.talk import Claim, claim_text, talk_round
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Driver, Step
from matchmaker.core.errors import EventError
from matchmaker.core.game import Game, State
from matchmaker.core.records import parse_logged_event
from matchmaker.server.analyst import HINTS, Analyst
from matchmaker.server.chance import SystemChance
from matchmaker.server.messages import Refused
from matchmaker.server.storage import (
    ChatRow,
    SeatRow,
    Statement,
    Storage,
    TableRow,
    now,
    secret_hash,
)
from matchmaker.words import seat_label, seat_labels, words_for
from matchmaker.words.base import waiting_line
from matchmaker.words.replay import replay_frames
from matchmaker.words.seats import HUMAN

LOG = logging.getLogger("matchmaker.server")

#: The bot that stands in for a person who left or ran out of time.
STAND_IN = "medium"
#: The WebSocket close code of a connection whose seat was taken back from another browser.
SEAT_MOVED_CLOSE = 4403
#: Chat messages (and claims) a seat may send in ``RATE_WINDOW`` seconds.
RATE_LIMIT = 5
RATE_WINDOW = 10.0


def seat_name(kind: str, name: str | None, seat: int) -> str:
    """Who sits at a seat, as the protocol's ``name`` and the record's ``meta.seats`` give it:
    a bot's name or level, a person's name (``Seat N`` if none, seats counted from 1). People
    read the seat's ``label`` instead (``matchmaker.words.seats``)."""
    if kind != HUMAN:
        return kind
    return name or seat_label(seat, HUMAN)


@dataclass(frozen=True)
class Timing:
    """How a server paces its tables."""

    #: Seconds a bot's move is held back: about 1 s, so that a person can follow each step.
    bot_pause: float = 1.0
    #: Seconds without a connection, while the seat is to act, before a stand-in bot plays.
    away_after: float = 30.0
    #: Seconds a round's end is held (Clecanian Golf) so that people can read the scored
    #: grids, unless every person connected says ``ready`` sooner (0: no hold).
    round_pause: float = 20.0


@dataclass
class Hold:
    """The round-end hold: after the round ``round`` (from 0) was scored and the next one
    dealt, nobody but people decides until every person connected is ``ready`` or the clock
    passes ``until``. It is not stored: a table rebuilt from the database holds nothing."""

    round: int
    until: float
    ready: set[int] = field(default_factory=set)


@dataclass
class LogBook:
    """One viewer's kept log as far as it was made: its entries for the events before
    ``seq`` (a new list each time it grows, so that a message already queued keeps its own)."""

    seq: int
    entries: list[dict[str, Any]]


@dataclass
class Seen:
    """One applied event as each seat (and a spectator, last) may see it, and as it was told
    to each of them that had a connection open (the others are never sent it: a connection
    starts from its view, and hears the events that come after)."""

    seq: int
    actor: int
    events: list[dict[str, Any]]
    lines: list[list[str]]
    #: The viewers it was told to (``lines`` of the others are empty: nobody narrated them).
    watched: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Outgoing:
    """A message waiting to be sent: it goes once batch ``batch`` is durable, unless the
    table that sent it was rebuilt meanwhile (its writes were lost)."""

    message: dict[str, Any]
    source: Table | None
    batch: int


@dataclass(eq=False)
class Connection:
    """One open WebSocket: the seat it sits at (None: a spectator) and its outgoing queue
    (None in it closes the connection)."""

    seat: int | None
    outbox: asyncio.Queue[Outgoing | None] = field(default_factory=asyncio.Queue)
    #: The seq of the last state sent on this connection.
    sent_seq: int = -1
    #: The view last sent on this connection (None: the next message is a whole ``state``).
    sent_view: Any = None
    #: The WebSocket close code to close with once the outbox reaches its None (None: the
    #: connection is not being closed by the server).
    close_code: int | None = None

    def send(self, message: dict[str, Any], source: Table | None = None) -> None:
        """Queue a message for this connection, after what ``source`` (the table it tells
        of) has written so far."""
        batch = 0 if source is None else source.batch
        self.outbox.put_nowait(Outgoing(message, source, batch))


class Table:
    """A live table. Its methods run on the event loop; bots think in worker threads, except
    quick ones (``Bot.quick``: a few milliseconds a decision), asked on the loop."""

    def __init__(
        self,
        row: TableRow,
        game: Game[Any],
        storage: Storage,
        timing: Timing,
        stored: tuple[list[SeatRow], list[dict[str, Any]], list[ChatRow]] | None = None,
        *,
        analyst: Analyst | None = None,
    ) -> None:
        """A table from its header and, unless ``stored`` gives them (a table just made), its
        seats, events and chat as the database holds them. ``analyst`` works out the hints of
        a practice table (none without it)."""
        self.row = row
        self.id = row.id
        self.game = game
        self.words = words_for(game)
        self.storage = storage
        self.timing = timing
        self.driver: Driver[Any] = Driver(game)
        self.kinds = list(row.seats)
        if stored is None:
            stored = (storage.seats(row.id), storage.events(row.id), storage.chat(row.id))
        seat_rows, events, self.chat = stored
        #: The seats as stored (invite and token hashes), kept up to date.
        self.seat_rows = seat_rows
        #: The events as stored, in order.
        self.logged: list[dict[str, Any]] = []
        #: The batch of the table's last write (``matchmaker.server.storage``).
        self.batch = 0
        #: Whether the table was rebuilt from the database and this object left behind.
        self.defunct = False
        self.names: list[str | None] = [s.name for s in seat_rows]
        self._labels: list[str] | None = None
        self.joined = [s.joined or k != "human" for s, k in zip(seat_rows, self.kinds, strict=True)]
        self.token_hashes = {s.token_hash: s.seat for s in seat_rows if s.token_hash}
        self.bots: dict[int, Bot[Any]] = {}
        self.stand_ins: dict[int, Bot[Any]] = {}
        for seat, kind in enumerate(self.kinds):
            if kind == "human":
                bot = make_bot(STAND_IN, game, seat, f"{row.seed}/stand-in{seat}")
                self.stand_ins[seat] = bot
            else:
                bot = self.bots[seat] = make_bot(kind, game, seat, f"{row.seed}/seat{seat}")
            self.driver.watch(seat, bot)
        self.away: set[int] = set()
        #: The seats that follow an account (seat -> account id), as stored and as linked since
        #: (a link is known here before its write is durable; ``Lobby.link_account``).
        self.accounts: dict[int, int] = {}
        self.connections: list[Connection] = []
        #: ``seat_status()`` as it stands, made again after anything it shows changed.
        self._seat_status: list[dict[str, Any]] | None = None
        self.seen: list[Seen] = []
        #: The views asked for at the current seq, by viewer (the seats, then a spectator).
        self._views: dict[int, Any] = {}
        #: The view changes made at the current seq, by viewer and the view they start from.
        self._changes: dict[tuple[int, int], tuple[Any, dict[str, Any], dict[str, Any]]] = {}
        self.said: dict[int, deque[float]] = {}
        self.wake = asyncio.Event()
        self.turn_started = time.monotonic()
        self.left_at: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self._chance = SystemChance()
        #: The round-end hold in progress, if any (never stored).
        self.hold: Hold | None = None
        #: Each viewer's kept log, made when a connection first asks for it.
        self._logs: dict[int, LogBook] = {}
        #: Works out hints off the event loop (``matchmaker.server.analyst``).
        self.analyst = analyst
        #: The seats whose hint is being worked out, and the tasks doing it.
        self._hinting: dict[int, asyncio.Task[None]] = {}
        #: Each seat's last hint, as sent (by seat): asked again at its seq, it is sent again.
        self._hints: dict[int, dict[str, Any]] = {}
        #: Told when the game played here ends (not when a finished table is loaded).
        self.on_over: Callable[[Table], None] | None = None
        #: At a rated table: rates the game as it ends (given its result and the seats a
        #: stand-in finished); the statements are stored with the game's end.
        self.rater: Callable[[Table, dict[str, Any], list[int]], list[Statement]] | None = None
        for event in events:
            actor, action = parse_logged_event(game, event)
            self._apply(actor, action, persist=False)
            self.logged.append(event)
        for claim in self.chat:
            if claim.kind == "claim" and claim.value is not None:
                self._tell_bots(self._claim_of(claim))

    # -- what the table looks like -------------------------------------------------------------

    @property
    def state(self) -> State[Any]:
        """The game's state (the driver's)."""
        return self.driver.state

    @property
    def seq(self) -> int:
        """The number of events applied."""
        return len(self.seen)

    @property
    def status(self) -> str:
        """``waiting`` (a person has not joined), ``playing`` or ``over``."""
        if self.state.is_over:
            return "over"
        return "playing" if all(self.joined) else "waiting"

    def labels(self) -> list[str]:
        """Every seat's name for people (``matchmaker.words.seats``), made again only when a
        person joins."""
        if self._labels is None:
            self._labels = seat_labels(self.kinds, self.names)
        return self._labels

    def seat_status(self) -> list[dict[str, Any]]:
        """Who sits where, and whether they are here (one list, shared by the messages that
        carry it until a seat changes: never change it in place)."""
        if self._seat_status is None:
            self._seat_status = self._make_seat_status()
        return self._seat_status

    def _seats_changed(self) -> None:
        """Something ``seat_status`` shows changed: who is connected, joined or away."""
        self._seat_status = None

    def _make_seat_status(self) -> list[dict[str, Any]]:
        present = {c.seat for c in self.connections}
        labels = self.labels()
        return [
            {
                "seat": seat,
                "kind": "human" if kind == "human" else "bot",
                "name": seat_name(kind, self.names[seat], seat),
                "label": labels[seat],
                "joined": self.joined[seat],
                "connected": kind != "human" or seat in present,
                "away": seat in self.away,
            }
            for seat, kind in enumerate(self.kinds)
        ]

    def summary(self) -> dict[str, Any]:
        """The public summary of the table (``GET /api/tables/{id}``)."""
        info: dict[str, Any] = {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.row.options,
            "players": self.game.players,
            "timer": self.row.timer,
            "seats": self.seat_status(),
            "status": self.status,
            "seq": self.seq,
            "rematch": self.row.rematch,
            "previous": self.row.previous,
            "created": self.row.created,
            "practice": self.row.practice,
            "rated": self.row.rated,
            "public": self.row.public,
        }
        source = getattr(getattr(self.game.options, "deck", None), "source", None)
        if isinstance(source, dict):
            info["deck"] = source
        info.update(self.words.facts())
        info["rules"] = [section.to_json() for section in self.words.rules_sections()]
        return info

    def view_of(self, index: int) -> Any:
        """The view of viewer ``index`` (a seat, or ``players`` for a spectator) at the
        current seq, made once."""
        view = self._views.get(index)
        if view is None:
            seat = None if index == self.game.players else index
            view = self._views[index] = self.state.view(seat)
        return view

    def watching(self) -> set[int]:
        """The viewers with a connection open (a seat, or ``players`` for spectators): the
        ones events are told to. A viewer who connects later starts from its view."""
        spectator = self.game.players
        return {spectator if c.seat is None else c.seat for c in self.connections}

    def state_message(self, conn: Connection) -> dict[str, Any]:
        """The ``state`` message for one connection: its view, its legal decisions, what the
        game status is for it, and the events since the last state it was sent. After the
        first, an ``update``: the same, with the view's changes instead of the view."""
        seat = conn.seat
        index = self.game.players if seat is None else seat
        view = self.view_of(index)
        legal: list[dict[str, Any]] = []
        to_act = self.state.to_act
        labels = self.labels()
        if seat is not None and to_act == seat and self.status == "playing":
            legal = [
                {
                    "name": a.name,
                    "arg": a.arg,
                    "label": self.words.choice_key(a),
                    "help": self.words.choice_help(view, a, labels),
                }
                for a in self.state.legal_actions()
            ]
        events = []
        if conn.sent_seq >= 0:
            events = [
                {"seq": s.seq, "actor": s.actor, "event": s.events[index], "lines": s.lines[index]}
                for s in self.seen[conn.sent_seq :]
            ]
        conn.sent_seq = self.seq
        body = self._view_body(conn, index, view)
        result = self.state.status() if self.state.is_over else None
        if result is not None:
            status = self.words.result_line(result, labels)
        elif self.status == "waiting":
            waiting = [seat for seat, joined in enumerate(self.joined) if not joined]
            status = waiting_line(labels, waiting)
        else:
            status = self.words.status(view, labels)
        claim = None
        if seat is not None and result is None and self.game.may_claim(self.state, seat):
            claim = {"values": list(self.game.claim_values)}
        return {
            "type": "update" if "changed" in body else "state",
            "seq": self.seq,
            "to_act": to_act,
            "phase": self.state.phase,
            "over": self.state.is_over,
            **body,
            "status": status,
            "legal": legal,
            "claim": claim,
            "events": events,
            "result": result,
            "seats": self.seat_status(),
            "timer": self.timer_status(),
            "pause": self.pause_status(),
        }

    def _view_body(self, conn: Connection, index: int, view: Any) -> dict[str, Any]:
        """The whole view for a connection's first state; then what changed since the view
        it was last sent (made once per viewer and starting view)."""
        before, conn.sent_view = conn.sent_view, view
        if before is None:
            return {"view": view.to_json()}
        key = (index, id(before))
        found = self._changes.get(key)
        if found is None or found[0] is not before:
            found = self._changes[key] = (before, *view.changes(before))
        _, changed, appended = found
        return {"changed": changed, "appended": appended}

    def timer_status(self) -> dict[str, Any] | None:
        """The seconds left to the person to act, on a table with a turn timer."""
        seat = self.state.to_act
        if self.row.timer is None or self.status != "playing" or seat < 0:
            return None
        if self.hold is not None:  # the timer starts afresh when the hold ends
            return None
        if self.kinds[seat] != "human" or seat in self.away:
            return None
        left = self.turn_started + self.row.timer - time.monotonic()
        return {"seat": seat, "seconds": max(0.0, round(left, 1))}

    # -- the round-end hold ---------------------------------------------------------------------

    def people_here(self) -> set[int]:
        """The seats of the people with a connection open."""
        return {c.seat for c in self.connections if c.seat is not None}

    def pause_status(self) -> dict[str, Any] | None:
        """The round-end hold as the protocol's ``pause`` gives it (None: no hold): the round
        that ended, the seconds left and the people it still waits for."""
        hold = self.hold
        if hold is None:
            return None
        left = max(0.0, round(hold.until - time.monotonic(), 1))
        waiting = sorted(self.people_here() - hold.ready)
        return {"reason": "round_over", "round": hold.round, "seconds": left, "waiting": waiting}

    def _hold_round_end(self, step: Step) -> None:
        """When ``step`` ended a round and another follows, hold the table there (if a hold
        is set, and a person is here to read the scores)."""
        if self.timing.round_pause <= 0 or self.words.round_over(step) is None:
            return
        if not self.people_here():
            return
        ended = int(getattr(self.view_of(self.game.players), "round", 1)) - 1  # it counts the next
        self.hold = Hold(ended, time.monotonic() + self.timing.round_pause)

    def ready(self, seat: int) -> None:
        """A person has read the round's scores (nothing happens outside a hold)."""
        hold = self.hold
        if hold is None or seat in hold.ready:
            return
        hold.ready.add(seat)
        if not self._release_hold():
            self.broadcast_states()

    def _release_hold(self) -> bool:
        """End the hold once every person here is ready or its time is up: everyone is told,
        and the turn timer and stand-in deadlines start afresh. Whether it ended."""
        hold = self.hold
        if hold is None:
            return False
        if self.people_here() - hold.ready and time.monotonic() < hold.until:
            return False
        self.hold = None
        self.turn_started = time.monotonic()
        self.broadcast_states()
        self.wake.set()
        return True

    # -- connections ----------------------------------------------------------------------------

    def seat_of_token(self, token: Any) -> int:
        """The seat a token belongs to (Refused ``bad_token`` otherwise)."""
        if not isinstance(token, str) or not token:
            raise Refused("bad_token", "this message needs the seat's token")
        seat = self.token_hashes.get(secret_hash(token))
        if seat is None:
            raise Refused("bad_token", "this token does not hold a seat at this table")
        return seat

    def connect(self, conn: Connection) -> None:
        """A player (or spectator) arrives: welcome, chat history, the kept log, state."""
        self.connections.append(conn)
        self._seats_changed()
        if conn.seat is not None:
            self.left_at.pop(conn.seat, None)
            if conn.seat in self.away:
                self.away.discard(conn.seat)
                self._restart_timer_of(conn.seat)
        conn.sent_seq = -1
        conn.sent_view = None
        conn.send({"type": "welcome", "seat": conn.seat, "table": self.summary()}, self)
        conn.send({"type": "chat_history", "messages": [c.to_json() for c in self.chat]}, self)
        index = self.game.players if conn.seat is None else conn.seat
        conn.send({"type": "log", "entries": self.log_entries(index)}, self)
        conn.send(self.state_message(conn), self)
        self._presence()
        if conn.seat is not None and self.hold is not None:
            self.broadcast_states()  # the hold waits for this person too
        self.wake.set()

    def log_entries(self, index: int) -> list[dict[str, Any]]:
        """Viewer ``index``'s kept log (``log`` message): every event so far with the lines
        it told that viewer, an entry per replay frame (a run of chance outcomes, a deal, is
        one entry at the seq of its last outcome), entries that told nothing left out. Kept
        per viewer and grown from what was told live while the viewer watched; made again
        from the events (``replay_frames``, the replays' narrator) when it missed some."""
        book = self._logs.get(index)
        if book is None or not self._grow_log(book, index):
            book = self._logs[index] = LogBook(self.seq, self._narrated_log(index))
        return book.entries

    def _narrated_log(self, index: int) -> list[dict[str, Any]]:
        """The log of viewer ``index`` told again from the table's events."""
        seat = None if index == self.game.players else index
        events = [parse_logged_event(self.game, event) for event in self.logged]
        frames = replay_frames(self.game, events, seat, self.labels())
        return [
            {"seq": frame.seq - 1, "actor": frame.actor, "lines": list(frame.lines)}
            for frame in frames[1:]
            if frame.lines
        ]

    def _grow_log(self, book: LogBook, index: int) -> bool:
        """Bring a kept log up to the current seq with the lines told live, as the replay
        frames would group them; False if the viewer missed an event (nobody narrated it for
        them) or a run of chance outcomes straddles the book's end."""
        seen = self.seen
        start = book.seq
        if start == self.seq:
            return True
        if start > 0 and seen[start - 1].actor == CHANCE and seen[start].actor == CHANCE:
            return False
        if any(index not in s.watched for s in seen[start:]):
            return False
        added: list[dict[str, Any]] = []
        run: list[str] = []
        for at in range(start, self.seq):
            told = seen[at]
            run += told.lines[index]
            later = at + 1 < self.seq and seen[at + 1].actor == CHANCE
            if told.actor == CHANCE and later:
                continue  # a run of chance outcomes is one entry, as in a replay
            if run:
                added.append({"seq": at, "actor": told.actor, "lines": run})
            run = []
        book.entries = [*book.entries, *added]
        book.seq = self.seq
        return True

    def disconnect(self, conn: Connection) -> None:
        """A connection closed."""
        if conn in self.connections:
            self.connections.remove(conn)
            self._seats_changed()
        seat = conn.seat
        if seat is not None and all(c.seat != seat for c in self.connections):
            self.left_at[seat] = time.monotonic()
        self._presence()
        if seat is not None and not self._release_hold() and self.hold is not None:
            self.broadcast_states()  # the hold may wait for one person fewer
        self.wake.set()

    def seat_joined(self, seat: int, name: str, token_hash: str) -> None:
        """A person took an open seat (stored, then told)."""
        self.batch = self.storage.join(self.id, seat, token_hash, name)
        self.seat_rows[seat] = dataclasses.replace(
            self.seat_rows[seat], token_hash=token_hash, joined=True, name=name
        )
        self.joined[seat] = True
        self.names[seat] = name
        self._labels = None
        self._logs = {}  # the narration names the person now
        self._seats_changed()
        self.token_hashes[token_hash] = seat
        self._presence()
        self.wake.set()

    # -- seat links -----------------------------------------------------------------------------

    def link_seat(self, seat: int, code_hash: str) -> None:
        """Keep a new recovery code for a seat (stored; an earlier unused one stops working)."""
        self.batch = self.storage.link_seat(self.id, seat, code_hash)
        self.seat_rows[seat] = dataclasses.replace(self.seat_rows[seat], link_hash=code_hash)

    def seat_of_link(self, code_hash: str) -> int | None:
        """The seat whose unused recovery code has this hash, or None."""
        return next((s.seat for s in self.seat_rows if s.link_hash == code_hash), None)

    def recover_seat(self, seat: int, token_hash: str) -> None:
        """A seat taken back with its recovery code: it gets a new token (stored), the old
        one stops working at once, and every connection that holds it is told
        ``seat_moved`` and closed."""
        old = self.seat_rows[seat].token_hash
        self.batch = self.storage.recover_seat(self.id, seat, token_hash)
        self.seat_rows[seat] = dataclasses.replace(
            self.seat_rows[seat], token_hash=token_hash, link_hash=None
        )
        if old is not None:
            self.token_hashes.pop(old, None)
        self.token_hashes[token_hash] = seat
        moved = {"type": "error", "code": "seat_moved", "about": None,
                 "message": "this seat was taken back from another browser"}  # fmt: skip
        for conn in [c for c in self.connections if c.seat == seat]:
            conn.send(moved, self)
            conn.close_code = SEAT_MOVED_CLOSE
            conn.outbox.put_nowait(None)
            self.disconnect(conn)

    def _presence(self) -> None:
        message = {"type": "presence", "seats": self.seat_status()}
        self.tell(message)

    def tell(self, message: dict[str, Any]) -> None:
        """Send every connection the same message."""
        for conn in self.connections:
            conn.send(message, self)

    def broadcast_states(self) -> None:
        """Send every connection its state."""
        for conn in self.connections:
            conn.send(self.state_message(conn), self)

    # -- intents --------------------------------------------------------------------------------

    def act(self, seat: int, name: Any, arg: Any, seq: Any = None) -> None:
        """A person's decision: checked, applied, stored, told (Refused if not allowed)."""
        if self.state.is_over:
            raise Refused("game_over", "the game is over")
        if self.status == "waiting":
            raise Refused("illegal_action", "the game starts once every seat is taken")
        if seq is not None and seq != self.seq:
            raise Refused("stale", f"that was meant for event {seq}; the table is at {self.seq}")
        to_act = self.state.to_act
        if to_act != seat:
            who = "chance" if to_act == CHANCE else f"seat {to_act}"
            raise Refused("not_your_turn", f"it is {who}'s turn, not seat {seat}'s")
        action = next(
            (a for a in self.state.legal_actions() if a.name == name and a.arg == arg), None
        )
        if action is None:
            raise Refused("illegal_action", self._why_illegal(seat, name, arg))
        if self.hold is not None:
            self.hold.ready.add(seat)  # a decision says the person is ready too
        if seat in self.away:
            self.away.discard(seat)
            self._seats_changed()
        step = self._apply(seat, action)
        self._talk_if_due(step)
        if not self._release_hold():
            self._after_change()

    def _why_illegal(self, seat: int, name: Any, arg: Any) -> str:
        """Why a decision that is not among the legal ones was refused, in the rules' words
        when the rules can say."""
        shown = f"{name} {arg}" if arg is not None else str(name)
        for key in ("value", "pos", None):
            event: dict[str, Any] = {"seat": seat, "action": name}
            if key is not None:
                event[key] = arg
            try:
                _, action = self.game.parse_event(event)
            except EventError:
                continue
            return self.driver.refusal(action, seat)
        return f"{shown} is not one of your legal decisions now"

    def hint(self, conn: Connection, seat: int) -> None:
        """A person at a practice table asks for advice on their decision: it is worked out
        from the seat's view by the analyst, off the event loop, and sent to this connection
        alone with the seq it was worked out at (Refused at a table that is not a practice
        table, when it is not the seat's decision, and while the seat's last hint is still
        being worked out). Its worlds are seeded by the table's secret seed, the seat and the
        seq: the same decision asked again gets the same advice (sent again, not worked out
        again)."""
        if not self.row.practice or self.analyst is None:
            raise Refused(
                "hints_off", "hints are given only at practice tables: every person agreed to "
                "them when the table was created, and this table was not made one"
            )  # fmt: skip
        if self.state.is_over:
            raise Refused("game_over", "the game is over")
        if self.status == "waiting" or self.state.to_act != seat:
            raise Refused("not_your_turn", "a hint is advice on your own decision: ask when it "
                          "is your turn")  # fmt: skip
        if seat in self._hinting:
            raise Refused("hint_pending", "the hint you asked for is being worked out; it comes "
                          "in a moment")  # fmt: skip
        last = self._hints.get(seat)
        if last is not None and last["seq"] == self.seq:
            conn.send(last, self)
            return
        task = asyncio.get_running_loop().create_task(self._advise(conn, seat, self.seq))
        self._hinting[seat] = task

    async def _advise(self, conn: Connection, seat: int, seq: int) -> None:
        """Work a hint out in the analyst's worker and send it to ``conn`` (if the table
        moved on meanwhile it is still sent, with the seq it was worked out at; not if the
        connection was closed, or its seat taken back from another browser, meanwhile)."""
        assert self.analyst is not None
        record = self.record()
        worlds = self.analyst.settings.hint_worlds
        try:
            advice = await self.analyst.run(
                advise_record, record, seat, worlds, self.hint_seed(seat, seq), lane=HINTS
            )
        except Exception as exc:
            LOG.error("table %s: the hint for seat %d at %d failed: %s: %s", self.id, seat, seq,
                      type(exc).__name__, exc)  # fmt: skip
            LOG.debug("the failure in full", exc_info=True)
            failed = "the hint could not be worked out; nothing changed"
            error = {"type": "error", "code": "server_error", "message": failed, "about": "hint"}
            conn.send(error, self)
            return
        finally:
            self._hinting.pop(seat, None)
        message = {"type": "hint", "seq": seq, **advice}
        self._hints[seat] = message
        if conn in self.connections and conn.seat == seat:  # not if the seat moved meanwhile
            conn.send(message, self)

    def hint_seed(self, seat: int, seq: int) -> str:
        """The seed of the hint for ``seat``'s decision at ``seq``: from the table's secret
        seed (never sent to anyone), so that the same decision gets the same advice."""
        return f"{self.row.seed}/hint{seat}/{seq}"

    def _stop_hints(self) -> None:
        """Abandon the hints being worked out (the table stops, or is rebuilt)."""
        for task in list(self._hinting.values()):
            task.cancel()
        self._hinting.clear()

    def come_back(self, seat: int) -> None:
        """A person takes their seat back from the stand-in bot."""
        if seat in self.away:
            self.away.discard(seat)
            self._seats_changed()
            self._restart_timer_of(seat)
            self._presence()
            self.broadcast_states()
            self.wake.set()

    def _restart_timer_of(self, seat: int) -> None:
        """A person back at ``seat`` gets the whole turn timer if it is their turn."""
        if self.state.to_act == seat:
            self.turn_started = time.monotonic()

    def say(self, seat: int, text: Any) -> None:
        """A chat message from a seat."""
        if not isinstance(text, str) or not text.strip():
            raise Refused("bad_field", "chat needs text: a non-empty string")
        clean = "".join(ch for ch in text if ch.isprintable() or ch == " ").strip()
        if not clean or len(clean) > 300:
            raise Refused("bad_field", "chat text must be 1 to 300 printable characters")
        self._rate(seat)
        self._add_chat(seat, "chat", clean, None)

    def claim(self, seat: int, value: Any) -> None:
        """A person's claim about their Purrfect Match candidate."""
        values = self.game.claim_values
        if not values:
            raise Refused("illegal_action", f"{self.game.title} has no claims")
        if not isinstance(value, int) or isinstance(value, bool) or value not in values:
            raise Refused(
                "bad_field", f"value must be a whole number from {values[0]} to {values[-1]}"
            )
        if self.state.is_over or not self.game.may_claim(self.state, seat):
            raise Refused("illegal_action", "you have no standing candidate to talk about")
        self._rate(seat)
        row = self._add_chat(seat, "claim", claim_text(value), value)
        self._tell_bots(self._claim_of(row))

    def _rate(self, seat: int) -> None:
        said = self.said.setdefault(seat, deque())
        clock = time.monotonic()
        while said and clock - said[0] > RATE_WINDOW:
            said.popleft()
        if len(said) >= RATE_LIMIT:
            raise Refused(
                "rate_limited", f"at most {RATE_LIMIT} messages in {RATE_WINDOW:.0f} seconds"
            )
        said.append(clock)

    def _add_chat(self, seat: int | None, kind: str, text: str, value: int | None) -> ChatRow:
        name = "table" if seat is None else self.labels()[seat]
        row = ChatRow(len(self.chat), seat, name, kind, text, value, self.seq, now())
        self.batch = self.storage.add_chat(self.id, row)
        self.chat.append(row)
        self.tell({"type": "chat", "message": row.to_json()})
        return row

    def _claim_of(self, row: ChatRow) -> Claim:
        return Claim(
            speaker=row.seat if row.seat is not None else -1,
            value=int(row.value or 0),
            text=row.text,
            round=int(getattr(self.view_of(self.game.players), "round", 0)),
            at=self.state.decision_count(),
        )

    def _tell_bots(self, claim: Claim) -> None:
        for bot in (*self.bots.values(), *self.stand_ins.values()):
            bot.hear(claim)

    # -- applying events ------------------------------------------------------------------------

    def _apply(self, actor: int, action: Action, *, persist: bool = True) -> Step:
        """Apply one event: checked and stored first (when ``persist``), then every bot
        hears it and every viewer is told it as they saw it."""
        driver = self.driver
        if persist:
            driver.check(action, actor)
            event = action.to_event(actor)
            self.batch = self.storage.add_event(self.id, self.seq, event)
            self.logged.append(event)
        watching = self.watching() if persist else set()
        before = {index: self.view_of(index) for index in watching}
        step = driver.play(action, actor, checked=persist)
        self._views = {}
        self._changes = {}
        told: list[list[str]] = [[] for _ in range(self.game.players + 1)]
        if watching:
            labels = self.labels()
            try:
                for index, was in before.items():
                    told[index] = self.words.narrate(step, was, self.view_of(index), labels)
            except Exception:  # narration is told beside the game; it must never stop it
                LOG.exception("table %s: event %d could not be narrated", self.id, step.seq)
        events = [a.to_event(actor) for a in step.seen]
        self.seen.append(Seen(step.seq, actor, events, told, watching))
        if actor != CHANCE:
            self.turn_started = time.monotonic()
        if persist and self.state.is_over:
            result, stand_ins = self.state.status(), sorted(self.away)
            more = [] if self.rater is None else self.rater(self, result, stand_ins)
            self.batch = self.storage.finish(self.id, result, stand_ins, more)
            if self.on_over is not None:
                self.on_over(self)
        elif persist:
            self._hold_round_end(step)
        return step

    def _after_change(self) -> None:
        self.broadcast_states()
        self.wake.set()

    def record(self) -> dict[str, Any]:
        """The game record with who sat where and the chat."""
        return self.driver.record(
            {
                "seats": [seat_name(k, self.names[s], s) for s, k in enumerate(self.kinds)],
                "talk": [c.to_json() for c in self.chat],
            }
        )

    # -- the driver -----------------------------------------------------------------------------

    async def run(self) -> None:
        """Drive the game until it ends: chance, bots, stand-ins, and waiting for people."""
        while not self.state.is_over:
            if self.status == "waiting":
                await self._wait(None)
                continue
            actor = self.state.to_act
            if actor == CHANCE:
                self._deal_chance()
                continue
            if self.hold is not None:  # people read the round's scores; nobody else decides
                if not self._release_hold():
                    await self._wait(self.hold.until)
                continue
            seat_bot = self.bots.get(actor) or (
                self.stand_ins[actor] if actor in self.away or self._should_stand_in(actor)
                else None
            )  # fmt: skip
            if seat_bot is None:
                await self._wait(self._deadline(actor))
                continue
            step = await self._bot_turn(actor, seat_bot)
            if step is not None:
                self._talk_if_due(step)

    def _deal_chance(self) -> None:
        while not self.state.is_over and self.state.to_act == CHANCE:
            choices = self.state.chance_choices()
            step = self._apply(CHANCE, choices[self._chance.randrange(len(choices))])
            self._talk_if_due(step)
        self._after_change()

    def _should_stand_in(self, seat: int) -> bool:
        deadline = self._deadline(seat)
        if deadline is not None and time.monotonic() >= deadline:
            self.away.add(seat)
            self._seats_changed()
            self._presence()
            return True
        return False

    def _deadline(self, seat: int) -> float | None:
        """When a stand-in takes over the person at ``seat`` (None: never, as things are)."""
        times = []
        if self.row.timer is not None:
            times.append(self.turn_started + self.row.timer)
        if all(c.seat != seat for c in self.connections):
            left = self.left_at.setdefault(seat, time.monotonic())
            times.append(max(left, self.turn_started) + self.timing.away_after)
        return min(times) if times else None

    async def _wait(self, deadline: float | None) -> None:
        self.wake.clear()
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), timeout)

    async def _bot_turn(self, seat: int, bot: Bot[Any]) -> Step | None:
        """Let a bot decide for ``seat``; None if the table changed meanwhile."""
        seq = self.seq
        self.tell({"type": "thinking", "seat": seat})
        started = time.monotonic()
        view = self.view_of(seat)
        legal = list(self.state.legal_actions())
        try:
            if bot.quick:  # a few milliseconds: cheaper than a worker thread and its lock
                action = bot.choose(view, legal)
                await asyncio.sleep(0)  # let the other tables and connections go on
            else:
                action = await asyncio.to_thread(bot.choose, view, legal)
        except Exception:
            LOG.exception("table %s: the %s bot at seat %d failed", self.id, bot.name, seat)
            action = None
        rest = self.timing.bot_pause - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        if self.seq != seq or self.state.is_over:
            return None
        if seat not in self.bots and seat not in self.away:
            return None  # the person took the seat back while the stand-in thought
        if action not in legal:
            LOG.warning("table %s: seat %d's bot chose no legal action; it plays at random",
                        self.id, seat)  # fmt: skip
            action = legal[self._chance.randrange(len(legal))]
        step = self._apply(seat, action)
        self._after_change()
        return step

    def _talk_if_due(self, step: Step) -> None:
        """The talk round, when ``step`` opened it: each bot (or stand-in) that may speak
        says its claim; people claim whenever they like."""
        if not step.talk_due:
            return
        voices = {
            seat: bot
            for seat in range(self.game.players)
            if (bot := self.bots.get(seat) or (self.stand_ins[seat] if seat in self.away else None))
        }
        for said in talk_round(self.driver, voices):
            row = self._add_chat(said.speaker, "claim", said.text, said.value)
            self._tell_bots(self._claim_of(row))

    def start(self) -> None:
        """Start driving the game (on the running event loop)."""
        if self.task is None and not self.state.is_over:
            self.task = asyncio.get_running_loop().create_task(self.run(), name=self.id)
            self.task.add_done_callback(self._driver_done)

    def _driver_done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            LOG.error("table %s stopped: %r", self.id, error, exc_info=error)

    def abandon(self) -> None:
        """Leave this object behind (the table is rebuilt from the database): its driver
        stops and nothing it has queued is sent."""
        self.defunct = True
        self._stop_hints()
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def stop(self) -> None:
        """Stop driving the game (the database already holds everything)."""
        self._stop_hints()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
            self.task = None
        for conn in self.connections:
            conn.outbox.put_nowait(None)
