"""Quick play: the waiting lines, and who is matched with whom (docs/protocol.md, *Quick play*).

A person asks for a game and a number of players and gets a secret ticket; the ticket waits
in the line of its game, number of players and rating (rated or casual). Two tickets may meet
when their ratings are no further apart than the wider of their two windows, which widen as
they wait. The longest waiting ticket is seated first, with the longest waiting of those it
may meet. After a wait, a person may fill the empty seats with bots.

The lines live in memory only: a restart empties them. Making the table is the lobby's work
(``Seater``); this module decides who sits together and keeps what each ticket is told.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from matchmaker.core.registry import GAMES, game_class
from matchmaker.server.lobby import ApiError, Lobby, Person, clean_name, playable_bots
from matchmaker.server.ratings import account_subject
from matchmaker.server.storage import secret_hash


@dataclass(frozen=True)
class QuickPlaySettings:
    """The waiting rules of quick play (seconds and rating points)."""

    #: The window a ticket starts with: how far apart two ratings may be.
    first_window: float = 3.0
    #: The window grows by one rating point every this many seconds of waiting.
    widen_every: float = 5.0
    #: After this many seconds of waiting the window has no limit.
    open_after: float = 60.0
    #: Seconds of waiting before a person may fill the empty seats with bots.
    bots_after: float = 20.0
    #: A waiting ticket not asked about for this many seconds is dropped.
    idle: float = 30.0
    #: A seated ticket answers the same for this many seconds, then is forgotten.
    keep_seated: float = 60.0


@dataclass(frozen=True)
class Line:
    """A waiting line: the game, the number of players and whether the table is rated."""

    game: str
    players: int
    rated: bool


@dataclass(frozen=True)
class Seated:
    """Where a ticket's person was seated: the table, the seat and the seat's token."""

    table: str
    seat: int
    token: str


@dataclass
class Ticket:
    """One person waiting in a line (the secret itself is kept only as its hash)."""

    key: str
    line: Line
    #: The display name the person plays under (None: a guest who gave none).
    name: str | None
    #: The signed-in person's account id (None: a guest).
    account: int | None
    #: The person's rating in the game (mu) when they asked.
    rating: float
    since: float
    seen: float
    seated: Seated | None = None
    seated_at: float = 0.0


#: Makes the table of a group of tickets (with bots of this name in the seats left, or none
#: when the group fills the table): where each ticket sits, in the group's order.
Seater = Callable[[Line, Sequence[Ticket], str | None], list[Seated]]


@dataclass
class QuickPlay:
    """Every waiting line of one server."""

    seat: Seater
    settings: QuickPlaySettings = field(default_factory=QuickPlaySettings)
    clock: Callable[[], float] = time.monotonic
    tickets: dict[str, Ticket] = field(default_factory=dict)

    def ask(self, line: Line, name: str | None, account: int | None, rating: float) -> str:
        """Put a person in a line; the ticket's secret. A signed-in person's earlier ticket
        that still waits ends."""
        if account is not None:
            for key, ticket in list(self.tickets.items()):
                if ticket.account == account and ticket.seated is None:
                    del self.tickets[key]
        secret = "qp_" + secrets.token_urlsafe(24)
        moment = self.clock()
        key = secret_hash(secret)
        self.tickets[key] = Ticket(key, line, name, account, rating, moment, moment)
        self.match()
        return secret

    def ticket(self, secret: str) -> Ticket | None:
        """The ticket of a secret, marked as asked about now (None if unknown, left or
        dropped)."""
        self._forget_idle()
        found = self.tickets.get(secret_hash(secret))
        if found is not None:
            found.seen = self.clock()
        return found

    def leave(self, ticket: Ticket) -> None:
        """Take a waiting ticket out of its line."""
        self.tickets.pop(ticket.key, None)

    def waited(self, ticket: Ticket) -> float:
        """Seconds the ticket has waited."""
        return self.clock() - ticket.since

    def window(self, ticket: Ticket) -> float:
        """How far apart two ratings may be for this ticket to meet another: it widens as
        the ticket waits, and has no limit after ``open_after`` seconds."""
        waited = self.waited(ticket)
        if waited >= self.settings.open_after:
            return math.inf
        return self.settings.first_window + math.floor(waited / self.settings.widen_every)

    def bots_in(self, ticket: Ticket) -> float:
        """Seconds left before the person may fill the empty seats with bots."""
        return max(0.0, self.settings.bots_after - self.waited(ticket))

    def may_meet(self, one: Ticket, other: Ticket) -> bool:
        """Whether two tickets' ratings are within the wider of their two windows."""
        return abs(one.rating - other.rating) <= max(self.window(one), self.window(other))

    def line_of(self, ticket: Ticket) -> list[Ticket]:
        """The tickets waiting in a ticket's line, the longest waiting first."""
        return sorted(
            (t for t in self.tickets.values() if t.line == ticket.line and t.seated is None),
            key=lambda t: (t.since, t.key),
        )

    def group_of(self, anchor: Ticket) -> list[Ticket]:
        """The anchor and, longest waiting first, the others of its line it may meet, up to
        the table's players."""
        others = [t for t in self.line_of(anchor) if t is not anchor and self.may_meet(anchor, t)]
        return [anchor, *others[: anchor.line.players - 1]]

    def match(self) -> None:
        """Seat every group of a line that fills a table, the longest waiting ticket first."""
        self._forget_idle()
        seated_one = True
        while seated_one:
            seated_one = False
            lines = {t.line for t in self.tickets.values() if t.seated is None}
            for line in sorted(lines, key=lambda x: (x.game, x.players, x.rated)):
                waiting = [t for t in self.tickets.values() if t.line == line and not t.seated]
                for anchor in sorted(waiting, key=lambda t: (t.since, t.key)):
                    group = self.group_of(anchor)
                    if len(group) == line.players:
                        self._seat(group, None)
                        seated_one = True
                        break

    def fill_with_bots(self, ticket: Ticket, bot: str) -> None:
        """Seat the ticket now with those of its line it may meet and bots of ``bot``."""
        self._seat(self.group_of(ticket), bot)

    def _seat(self, group: list[Ticket], bot: str | None) -> None:
        places = self.seat(group[0].line, group, bot)
        moment = self.clock()
        for ticket, place in zip(group, places, strict=True):
            ticket.seated = place
            ticket.seated_at = moment

    def _forget_idle(self) -> None:
        moment = self.clock()
        for key, ticket in list(self.tickets.items()):
            if ticket.seated is None:
                gone = moment - ticket.seen > self.settings.idle
            else:
                gone = moment - ticket.seated_at > self.settings.keep_seated
            if gone:
                del self.tickets[key]

    def state(self, ticket: Ticket, secret: str) -> dict[str, Any]:
        """What the ticket's person is told (docs/protocol.md, *Quick play*)."""
        if ticket.seated is not None:
            place = ticket.seated
            return {"state": "seated", "ticket": secret, "table": place.table,
                    "seat": place.seat, "token": place.token,
                    "url": f"/table/{place.table}"}  # fmt: skip
        window = self.window(ticket)
        return {
            "state": "waiting",
            "ticket": secret,
            "game": ticket.line.game,
            "players": ticket.line.players,
            "rated": ticket.line.rated,
            "waited": round(self.waited(ticket), 1),
            "window": None if math.isinf(window) else window,
            "bots_in": round(self.bots_in(ticket), 1),
            "waiting": [
                {
                    "name": other.name,
                    "rating": round(other.rating, 1),
                    "waited": round(self.waited(other), 1),
                    "you": other is ticket,
                }
                for other in self.line_of(ticket)
            ],
        }


class QuickDesk:
    """Quick play's requests (``/api/quickplay``): checks what they carry, and makes the
    lobby's tables for the groups the lines match."""

    def __init__(self, lobby: Lobby, settings: QuickPlaySettings | None = None) -> None:
        self.lobby = lobby
        self.lines = QuickPlay(self._seat, settings or QuickPlaySettings())

    def _seat(self, line: Line, group: Sequence[Ticket], bot: str | None) -> list[Seated]:
        people = [Person(t.name, t.account) for t in group]
        made = self.lobby.seat_group(line.game, line.players, line.rated, people, bot)
        return [Seated(made.table, seat, token) for seat, token in made.seats]

    def ask(self, body: Any, account: tuple[int, str] | None) -> dict[str, Any]:
        """Put a person in a line (``POST /api/quickplay``): the ticket's state."""
        body = _object(body)
        game = body.get("game")
        if not isinstance(game, str) or game not in GAMES:
            known = ", ".join(GAMES)
            raise ApiError(400, "unknown_game", f"unknown game {game!r} (known: {known})")
        rules = game_class(game)
        players = body.get("players")
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not rules.min_players <= players <= rules.max_players
        ):
            bounds = f"{rules.min_players} to {rules.max_players}"
            raise ApiError(
                400, "bad_field", f"players must be a whole number from {bounds} for {rules.title}"
            )
        rated = body.get("rated", account is not None)
        if not isinstance(rated, bool):
            raise ApiError(400, "bad_field", "rated must be true or false")
        if rated and account is None:
            raise ApiError(403, "sign_in_required", "only signed-in people play rated games: "
                           "sign in, or ask for a casual game")  # fmt: skip
        if account is None:
            given = body.get("name")
            name = None if given in (None, "") else clean_name(given, 0)
            rating = self.lobby.ratings.model.rating().mu
        else:
            name = account[1]
            rating = self.lobby.ratings.current(account_subject(account[0]), game).mu
        secret = self.lines.ask(Line(game, players, rated), name, None if account is None
                                else account[0], float(rating))  # fmt: skip
        found = self.lines.ticket(secret)
        assert found is not None
        return self.lines.state(found, secret)

    def _ticket(self, body: Any) -> tuple[Ticket, str]:
        body = _object(body)
        secret = body.get("ticket")
        if not isinstance(secret, str) or not secret:
            raise ApiError(400, "bad_field", "ticket must be the ticket quick play gave")
        found = self.lines.ticket(secret)
        if found is None:
            raise ApiError(404, "unknown_ticket", "this ticket is not waiting: it was left, "
                           "dropped after 30 s without a question, or the server restarted; "
                           "ask for quick play again")  # fmt: skip
        return found, secret

    def status(self, body: Any) -> tuple[dict[str, Any], str | None]:
        """How a ticket's wait goes (``POST /api/quickplay/status``): its state, and the
        table it was seated at (to be stored before the answer goes)."""
        self.lines.match()
        ticket, secret = self._ticket(body)
        return self.lines.state(ticket, secret), _table_of(ticket)

    def bots(self, body: Any) -> tuple[dict[str, Any], str | None]:
        """Fill a ticket's table with bots now (``POST /api/quickplay/bots``)."""
        ticket, secret = self._ticket(body)
        bot = body.get("bot")
        offered = playable_bots(ticket.line.game)
        if not isinstance(bot, str) or bot not in offered:
            raise ApiError(400, "bad_bot", f"{bot!r} is no bot of this game (bots: "
                           f"{', '.join(offered)})")  # fmt: skip
        if ticket.seated is None:
            left = self.lines.bots_in(ticket)
            if left > 0:
                retry = math.ceil(left)
                raise ApiError(409, "too_soon", f"bots may fill the table after "
                               f"{self.lines.settings.bots_after:.0f} s of waiting: "
                               f"{retry} s more", {"retry_after": retry})  # fmt: skip
            self.lines.fill_with_bots(ticket, bot)
        return self.lines.state(ticket, secret), _table_of(ticket)

    def leave(self, body: Any) -> dict[str, Any]:
        """Leave a line (``POST /api/quickplay/leave``)."""
        ticket, _ = self._ticket(body)
        if ticket.seated is not None:
            raise ApiError(409, "already_seated", "this ticket was seated already: its table "
                           f"is {ticket.seated.table}")  # fmt: skip
        self.lines.leave(ticket)
        return {"left": True}


def _table_of(ticket: Ticket) -> str | None:
    return None if ticket.seated is None else ticket.seated.table


def _object(body: Any) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    return body
