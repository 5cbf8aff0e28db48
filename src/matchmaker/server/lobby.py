"""The lobby: creating tables, joining seats, rematches, finished games and their replays.

It keeps the live tables in memory and their truth in the database; at start-up every
unfinished table is rebuilt from its events and continues.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from matchmaker.bots.registry import bot_class, bot_names
from matchmaker.core.errors import OptionError
from matchmaker.core.records import parse_logged_event
from matchmaker.core.registry import GAMES, game_class, load_game
from matchmaker.server.analyst import AnalysisSettings, Analyst
from matchmaker.server.messages import Refused
from matchmaker.server.ratings import MIN_GAMES, Ratings, rated_seats
from matchmaker.server.reviews import Reviews
from matchmaker.server.storage import SeatRow, Statement, Storage, TableRow, now, secret_hash
from matchmaker.server.table import Table, Timing, seat_name
from matchmaker.words import GameWords, seat_label, seat_labels, words_for
from matchmaker.words.bots import bot_help
from matchmaker.words.replay import replay_frames
from matchmaker.words.seats import HUMAN

LOG = logging.getLogger("matchmaker.server")


@dataclass(frozen=True)
class Person:
    """A person a table is made for: the name they play under and their account, if any."""

    name: str | None
    account: int | None


@dataclass(frozen=True)
class MadeTable:
    """A table made for quick play, and each person's seat and token, in the order given."""

    table: str
    seats: list[tuple[int, str]]


#: Seconds a turn timer may be set to.
TIMER_RANGE = (1.0, 3600.0)
#: The longest display name, in characters (after unprintable characters are removed).
NAME_LENGTH = 24
#: Bounds a table puts on options the rules leave open (a game people can finish).
TABLE_LIMITS: dict[str, tuple[int, int]] = {"rounds": (1, 20), "max_turns": (1, 2000)}


class ApiError(Exception):
    """A refused HTTP request: status, protocol error code and a message naming the problem."""

    def __init__(
        self, status: int, code: str, message: str, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        #: Fields the answer carries besides ``error`` and ``message`` (``retry_after``).
        self.extra = extra or {}


def _new_id(prefix: str, size: int) -> str:
    return prefix + secrets.token_urlsafe(size).replace("-", "x").replace("_", "y")


def clean_name(name: Any, seat: int) -> str:
    """A display name without unprintable characters (``Seat N`` when none is left, seats
    counted from 1);
    ApiError ``bad_field`` if it is not a string or longer than ``NAME_LENGTH``."""
    if name is None:
        return seat_label(seat, HUMAN)
    if not isinstance(name, str):
        raise ApiError(400, "bad_field", "name must be a string")
    clean = "".join(ch for ch in name if ch.isprintable()).strip()
    if len(clean) > NAME_LENGTH:
        raise ApiError(
            400, "bad_field", f"a name is at most {NAME_LENGTH} characters; this one has "
            f"{len(clean)}"
        )  # fmt: skip
    return clean or seat_label(seat, HUMAN)


def _before(value: str | None) -> str | None:
    """The ``before`` of ``/api/finished`` as the database writes times (ApiError
    ``bad_field`` unless it is an ISO time)."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ApiError(
            400, "bad_field", f"before must be an ISO time such as 2026-11-30T16:00:00Z, not "
            f"{value!r}"
        ) from None  # fmt: skip
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Lobby:
    """All tables of one server."""

    def __init__(
        self,
        data: Path,
        timing: Timing,
        *,
        plugin_bots: bool = False,
        analysis: AnalysisSettings | None = None,
    ) -> None:
        self.storage = Storage(data / "matchmaker.sqlite3")
        self.timing = timing
        self.plugin_bots = plugin_bots
        self.tables: dict[str, Table] = {}
        #: Reviews and hints, worked out in processes of their own.
        self.analyst = Analyst(analysis)
        #: The finished games' reviews, made in the background.
        self.reviews = Reviews(self.storage, self.analyst)
        #: The rated games' ratings, leaderboards and profiles.
        self.ratings = Ratings(self.storage)

    # -- life -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Rebuild and restart every unfinished table, and commit writes in groups from now
        on (on the running event loop)."""
        for row in self.storage.tables(finished=False):
            table = self._load(row)
            table.start()
        self.storage.start_group_commit(self._rebuild)

    async def stop(self) -> None:
        """Stop every table's driver, commit what waits and close the database."""
        for table in list(self.tables.values()):
            await table.stop()
        await self.reviews.stop()
        self.analyst.close()
        await self.storage.close()

    def _load(self, row: TableRow, stored: Any = None) -> Table:
        game = load_game(row.game, row.options)
        table = Table(row, game, self.storage, self.timing, stored, analyst=self.analyst)
        table.accounts = self.storage.seat_accounts(row.id)
        table.on_over = self.reviews.game_over
        if row.rated:
            table.rater = self._rate
        self.tables[row.id] = table
        return table

    def _rebuild(self, table_ids: set[str], error: Exception) -> None:
        """The database lost the latest writes of these tables: each is made again from what
        it holds, and its connections start again from there (a table whose creation was lost
        is gone)."""
        self.ratings.forget()
        for table_id in table_ids:
            old = self.tables.pop(table_id, None)
            if old is None:
                continue
            old.abandon()
            row = self.storage.table(table_id)
            table = None if row is None else self._load(row)
            lost = {"type": "error", "code": "server_error", "about": None,
                    "message": "the server could not store the latest moves at this table; "
                    "it is back where it was stored"}  # fmt: skip
            for conn in list(old.connections):
                conn.send(lost)
                if table is None:
                    conn.outbox.put_nowait(None)
                else:
                    table.connect(conn)
            if table is not None:
                table.start()

    def _rate(self, table: Table, result: dict[str, Any], stand_ins: list[int]) -> list[Statement]:
        """The statements that rate a rated table's game as it ends (none if a person's seat
        follows no account, or rating fails: the game's end is stored all the same)."""
        try:
            seats = rated_seats(table.kinds, table.accounts, result,
                                stand_ins)  # fmt: skip
            if seats is None:
                LOG.warning("table %s: a seat follows no account; the game is not rated", table.id)
                return []
            return self.ratings.rate(table.id, table.game.name, seats)
        except Exception:  # the game's end must be stored even if its rating fails
            LOG.exception("table %s: the game could not be rated", table.id)
            return []

    async def settled_table(self, table_id: str) -> Table:
        """A table (as ``table``) once what it has written so far is settled."""
        await self.storage.settled(self.table(table_id).batch)
        return self.table(table_id)

    async def stored(self, table_id: str) -> None:
        """Wait until what the table has written so far is durable (ApiError 503
        ``server_error`` if the database could not store it)."""
        table = self.tables.get(table_id)
        batch = 0 if table is None else table.batch
        await self.storage.settled(batch)
        if table is None or self.storage.dropped(batch, table_id):
            raise ApiError(
                503, "server_error", "the server could not store this (its disk may be full); "
                "nothing changed"
            )  # fmt: skip

    def table(self, table_id: str) -> Table:
        """A table, live or finished (ApiError 404 if unknown)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = self.storage.table(table_id)
        if row is None:
            raise ApiError(404, "unknown_table", f"there is no table {table_id!r}")
        return self._load(row)

    # -- games ----------------------------------------------------------------------------------

    def games(self) -> dict[str, Any]:
        """What can be played (``GET /api/games``): each game with its one-line description,
        its rules in plain words, every option with its default and its help, and the bots
        with their names and what each is."""
        out: list[dict[str, Any]] = []
        for name in sorted(GAMES):
            game = load_game(name)
            words = words_for(game)
            defaults = _option_defaults(game.options)
            out.append(
                {
                    "id": name,
                    "title": game.title,
                    "description": words.description(),
                    "players": {
                        "min": game.min_players,
                        "max": game.max_players,
                        "default": game.players,
                    },
                    "options": defaults,
                    "option_help": _option_help(game, words, defaults),
                    "rules": [section.to_json() for section in words.rules_sections()],
                    "bots": playable_bots(name),
                }
            )
        names = list(dict.fromkeys(bot for game in out for bot in game["bots"]))
        labels = {name: seat_label(0, name) for name in names}
        helps = {name: bot_help(name) or "a bot of this server" for name in names}
        return {"games": out, "bots": names, "bot_labels": labels, "bot_help": helps}

    # -- creating and joining -------------------------------------------------------------------

    def create(self, body: Any, signed_in: bool = False) -> dict[str, Any]:
        """Create a table (``POST /api/tables``); a rated one only for a person
        ``signed_in`` (ApiError 403 ``sign_in_required`` otherwise)."""
        if not isinstance(body, Mapping):
            raise ApiError(400, "bad_json", "the body must be a JSON object")
        name = body.get("game")
        if not isinstance(name, str) or name not in GAMES:
            known = ", ".join(GAMES)
            raise ApiError(400, "unknown_game", f"unknown game {name!r} (known: {known})")
        options = body.get("options", {})
        if not isinstance(options, Mapping):
            raise ApiError(400, "bad_option", "options must be a JSON object")
        deck = options.get("deck")
        if name == "clecanian" and isinstance(deck, str) and deck != "default":
            raise ApiError(400, "bad_option", "option deck: give the deck data itself, not a path")
        try:
            game = load_game(name, dict(options))
        except OptionError as exc:
            raise ApiError(400, "bad_option", str(exc)) from None
        for option, (low, high) in TABLE_LIMITS.items():
            value = getattr(game.options, option, None)
            if value is not None and not low <= value <= high:
                raise ApiError(
                    400, "bad_option", f"option {option}: a table plays from {low} to {high}, "
                    f"not {value}"
                )  # fmt: skip
        seats = self._seats(body.get("seats"), str(name), game.players)
        timer = body.get("timer")
        if timer is not None and (
            not isinstance(timer, int | float)
            or isinstance(timer, bool)
            or not TIMER_RANGE[0] <= timer <= TIMER_RANGE[1]
        ):
            raise ApiError(400, "bad_timer", f"timer must be seconds from {TIMER_RANGE[0]:.0f} "
                           f"to {TIMER_RANGE[1]:.0f}, or null")  # fmt: skip
        names = body.get("names")
        if names is None:
            names = []
        if not isinstance(names, list) or len(names) > len(seats):
            raise ApiError(400, "bad_field", "names must be a list, at most one name a seat")
        for seat, given in enumerate(names):
            clean_name(given, seat)
        practice = body.get("practice", False)
        if not isinstance(practice, bool):
            raise ApiError(400, "bad_field", "practice must be true or false (hints for everyone)")
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise ApiError(400, "bad_field", "rated must be true or false")
        public = body.get("public", False)
        if not isinstance(public, bool):
            raise ApiError(400, "bad_field", "public must be true or false (listed in the open "
                           "tables)")  # fmt: skip
        if rated and not signed_in:
            raise ApiError(403, "sign_in_required", "only a signed-in person may make a rated "
                           "table")  # fmt: skip
        row = TableRow(
            id=_new_id("t", 8),
            game=name,
            options=game.options_dict(),
            seats=seats,
            timer=None if timer is None else float(timer),
            seed=secrets.token_hex(8),
            created=now(),
            finished=None,
            result=None,
            previous=None,
            rematch=None,
            practice=practice,
            rated=rated,
            public=public,
        )
        invites: dict[int, str] = {}
        seat_rows = []
        for seat, kind in enumerate(seats):
            code = _new_id("iv", 16) if kind == "human" else None
            if code is not None:
                invites[seat] = code
            given = names[seat] if seat < len(names) else None
            seat_rows.append(
                SeatRow(
                    seat=seat,
                    invite_hash=None if code is None else secret_hash(code),
                    token_hash=None,
                    joined=kind != "human",
                    name=clean_name(given, seat) if given is not None else None,
                )
            )
        table = self._load(row, (seat_rows, [], []))
        table.batch = self.storage.add_table(row, seat_rows)
        table.start()
        return {
            "table": row.id,
            "invites": [
                {"seat": s, "code": c, "url": f"/table/{row.id}?invite={c}"}
                for s, c in invites.items()
            ],
            "spectate": f"/table/{row.id}?spectate=1",
        }

    def _seats(self, raw: Any, game: str, players: int) -> list[str]:
        if raw is None:
            return ["human"] + ["medium"] * (players - 1)
        if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
            raise ApiError(400, "bad_seats", "seats must be a list of names: human or a bot")
        if len(raw) != players:
            raise ApiError(
                400, "bad_seats", f"seats lists {len(raw)} seats; the game has {players}"
            )
        for seat, kind in enumerate(raw):
            if kind == "human":
                continue
            if ":" in kind and not self.plugin_bots:
                raise ApiError(
                    400, "bad_bot", f"seat {seat}: plug-in bots are off on this server "
                    "(start it with --plugin-bots)"
                )  # fmt: skip
            try:
                bot_class(kind, game)
            except OptionError as exc:
                if kind.partition("@")[0] not in bot_names(game) and ":" not in kind:
                    offered = ", ".join(["human", *playable_bots(game)])
                    raise ApiError(
                        400, "bad_bot", f"seat {seat}: {kind!r} is neither a person nor a bot "
                        f"of this server (a seat is one of: {offered})"
                    ) from None  # fmt: skip
                raise ApiError(400, "bad_bot", f"seat {seat}: {exc}") from None
        return list(raw)

    def join(
        self, table_id: str, body: Any, account: tuple[int, str] | None = None
    ) -> dict[str, Any]:
        """Exchange an invite for a seat's token (``POST /api/tables/{id}/join``); a
        signed-in person's ``account`` (its id and name: the name the seat gets when the body
        gives none) is linked to the seat, which then follows it."""
        table = self.table(table_id)
        if not isinstance(body, Mapping) or not isinstance(body.get("invite"), str):
            raise ApiError(400, "bad_field", "join needs invite: the code from the invite link")
        wanted = secret_hash(body["invite"])
        for seat_row in table.seat_rows:
            if seat_row.invite_hash != wanted:
                continue
            if seat_row.joined:
                raise ApiError(409, "invite_used", f"seat {seat_row.seat} is already taken")
            return self._take_seat(table, seat_row.seat, body.get("name"), account)
        raise ApiError(403, "bad_invite", "this invite code is not valid at this table")

    def link_account(self, table: Table, seat: int, account_id: int) -> None:
        """Make a seat follow an account: stored, and known to the table at once (so that a
        second request of the account, before the write is durable, finds the seat taken)."""
        table.batch = self.storage.link_account(table.id, seat, account_id)
        table.accounts[seat] = account_id

    def _take_seat(
        self, table: Table, seat: int, given: Any, account: tuple[int, str] | None
    ) -> dict[str, Any]:
        """Seat a person at a free seat: its token (at a rated table ApiError 403
        ``sign_in_required`` without an account, 409 ``already_seated`` for an account seated
        there); a signed-in person's seat follows the account. Without a name the seat gets
        the account's, or else the one the table was made with for it."""
        if table.row.rated and account is None:
            raise ApiError(403, "sign_in_required", "a rated table seats signed-in people "
                           "only: sign in, then sit down")  # fmt: skip
        if table.row.rated and account is not None and account[0] in table.accounts.values():
            raise ApiError(409, "already_seated", "at a rated table an account takes one "
                           "seat, and yours has one")  # fmt: skip
        if account is not None and (given is None or given == ""):
            given = account[1]
        if given is None or given == "":
            given = table.seat_rows[seat].name  # the name the table was made with, if any
        name = clean_name(given, seat)
        token = _new_id("tk_", 24)
        table.seat_joined(seat, name, secret_hash(token))
        if account is not None:
            self.link_account(table, seat, account[0])
        return {"seat": seat, "token": token}

    # -- open tables ----------------------------------------------------------------------------

    def open_tables(self, limit: int = 100) -> dict[str, Any]:
        """The public tables that wait for a person, newest first (``GET /api/open``)."""
        waiting = [t for t in self.tables.values() if t.row.public and t.status == "waiting"]
        waiting.sort(key=lambda t: (t.row.created, t.id), reverse=True)
        out = []
        for table in waiting[:limit]:
            labels = table.labels()
            seats = [
                {"seat": seat, "kind": "human" if kind == "human" else "bot",
                 "label": labels[seat], "taken": table.joined[seat]}
                for seat, kind in enumerate(table.kinds)
            ]  # fmt: skip
            out.append({
                "id": table.id, "game": table.game.name, "title": table.game.title,
                "players": table.game.players, "options": table.row.options,
                "timer": table.row.timer, "practice": table.row.practice,
                "rated": table.row.rated, "created": table.row.created, "seats": seats,
                "open": sum(not s["taken"] for s in seats),
            })  # fmt: skip
        return {"tables": out}

    def sit(
        self, table_id: str, body: Any, account: tuple[int, str] | None = None
    ) -> dict[str, Any]:
        """Sit at a public table's first free seat (``POST /api/tables/{id}/sit``)."""
        table = self.table(table_id)
        if not isinstance(body, Mapping):
            raise ApiError(400, "bad_json", "the body must be a JSON object")
        if not table.row.public:
            raise ApiError(403, "not_public", "this table seats people by invite only")
        free = [seat for seat, joined in enumerate(table.joined) if not joined]
        if not free or table.state.is_over:
            raise ApiError(409, "table_full", "every seat of this table is taken")
        return self._take_seat(table, free[0], body.get("name"), account)

    def seat_group(
        self, game: str, players: int, rated: bool, people: Sequence[Person], bot: str | None
    ) -> MadeTable:
        """Make a table for quick play: the people (in a random order of seats) and bots of
        ``bot`` in the seats left; it starts at once. Each person's seat and token, in the
        order given; a person's seat follows their account when they have one."""
        kinds = ["human"] * len(people) + [bot or "medium"] * (players - len(people))
        order = list(range(players))
        secrets.SystemRandom().shuffle(order)
        seats = [""] * players
        for index, seat in enumerate(order):
            seats[seat] = kinds[index]
        game_ = load_game(game, {"players": players})
        row = TableRow(
            id=_new_id("t", 8), game=game, options=game_.options_dict(), seats=seats,
            timer=None, seed=secrets.token_hex(8), created=now(), finished=None, result=None,
            previous=None, rematch=None, rated=rated,
        )  # fmt: skip
        tokens = [_new_id("tk_", 24) for _ in people]
        seat_rows = [SeatRow(seat, None, None, True, None) for seat in range(players)]
        for person, token, seat in zip(people, tokens, order, strict=False):
            seat_rows[seat] = SeatRow(seat, None, secret_hash(token), True, person.name)
        table = self._load(row, (seat_rows, [], []))
        table.batch = self.storage.add_table(row, seat_rows)
        for person, seat in zip(people, order, strict=False):
            if person.account is not None:
                self.link_account(table, seat, person.account)
        table.start()
        return MadeTable(row.id, list(zip(order, tokens, strict=False)))

    def seat_link(self, table_id: str, body: Any) -> dict[str, Any]:
        """A one-time recovery code for the token's seat (``POST /api/tables/{id}/seat-link``):
        it replaces any earlier unused code of the seat. The code travels in the address's
        fragment, which browsers never send to a server."""
        table = self.table(table_id)
        token = _secret_field(body, "token", "seat-link needs token: the seat's token")
        try:
            seat = table.seat_of_token(token)
        except Refused as exc:
            raise ApiError(403, "bad_token", exc.message) from None
        code = _new_id("rc_", 24)
        table.link_seat(seat, secret_hash(code))
        return {"seat": seat, "code": code, "url": f"/table/{table.id}#recover={code}"}

    def recover(self, table_id: str, body: Any) -> dict[str, Any]:
        """Take a seat back with its recovery code (``POST /api/tables/{id}/recover``): a new
        token for the seat; the old one stops working at this table (and only here)."""
        table = self.table(table_id)
        code = _secret_field(body, "code", "recover needs code: the seat link's recovery code")
        seat = table.seat_of_link(secret_hash(code))
        if seat is None:
            raise ApiError(403, "bad_code", "this recovery code is not valid at this table "
                           "(or was used already)")  # fmt: skip
        token = _new_id("tk_", 24)
        table.recover_seat(seat, secret_hash(token))
        return {"seat": seat, "token": token}

    def reclaim(self, table_id: str, body: Any, account_id: int) -> dict[str, Any]:
        """Sit down again at a seat that follows the account (``POST
        /api/tables/{id}/reclaim``): a new token, as ``recover`` gives (the old one stops
        working at this table, and the seat's unused recovery code is spent)."""
        table = self.table(table_id)
        if not isinstance(body, Mapping):
            raise ApiError(400, "bad_json", "the body must be a JSON object")
        seat = body.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ApiError(400, "bad_field", "reclaim needs seat: the seat's number")
        if table.accounts.get(seat) != account_id:
            raise ApiError(403, "not_your_seat", "this seat does not follow your account")
        token = _new_id("tk_", 24)
        table.recover_seat(seat, secret_hash(token))
        return {"seat": seat, "token": token}

    def account_seats(self, account_id: int) -> dict[str, Any]:
        """The seats of unfinished tables that follow an account (``GET
        /api/account/seats``)."""
        seats = []
        for found in self.storage.account_seats(account_id):
            table = self.tables.get(found.table_id)
            if table is not None and table.state.is_over:
                continue
            title = game_class(found.game).title
            seats.append({"table": found.table_id, "seat": found.seat, "game": found.game,
                          "title": title, "created": found.created})  # fmt: skip
        return {"seats": seats}

    def rematch(self, table: Table) -> Table:
        """The table that continues a finished one: same seats and tokens, a new deal."""
        if table.row.rematch is not None:
            return self.table(table.row.rematch)
        old = table.row
        row = TableRow(
            id=_new_id("t", 8),
            game=old.game,
            options=old.options,
            seats=old.seats,
            timer=old.timer,
            seed=secrets.token_hex(8),
            created=now(),
            finished=None,
            result=None,
            previous=old.id,
            rematch=None,
            practice=old.practice,
            rated=old.rated,
            public=old.public,
        )
        seats = [SeatRow(s.seat, None, s.token_hash, s.joined, s.name) for s in table.seat_rows]
        new = self._load(row, (seats, [], []))
        new.batch = self.storage.add_table(row, seats, rematch_of=old.id)
        for seat, account_id in table.accounts.items():
            self.link_account(new, seat, account_id)
        old.rematch = row.id
        new.start()
        return new

    # -- ratings --------------------------------------------------------------------------------

    def leaderboard(self, game: str, min_games: str | None) -> dict[str, Any]:
        """A game's leaderboard (``GET /api/leaderboard/{game}?min_games=N``): ApiError 404
        ``unknown_game``, 400 ``bad_field`` for a ``min_games`` that is not a whole number
        from 0 to 1000000 (``MIN_GAMES`` when none is given)."""
        if game not in GAMES:
            raise ApiError(404, "unknown_game", f"there is no game {game!r}")
        fewest = MIN_GAMES
        if min_games is not None:
            fewest = int(min_games) if min_games.isdecimal() and len(min_games) <= 7 else -1
            if not 0 <= fewest <= 1_000_000:
                raise ApiError(400, "bad_field", "min_games must be a whole number from 0 to "
                               f"1000000, not {min_games!r}")  # fmt: skip
        return self.ratings.leaderboard(game, fewest)

    def profile(self, username: str) -> dict[str, Any]:
        """A person's public profile (``GET /api/players/{username}``): ApiError 404
        ``unknown_player`` if there is none."""
        found = self.ratings.profile(username)
        if found is None:
            raise ApiError(404, "unknown_player", f"there is no player {username!r}")
        return found

    # -- finished games -------------------------------------------------------------------------

    def finished(self, before: str | None = None, limit: int = 100) -> dict[str, Any]:
        """Finished tables, newest first (``GET /api/finished``), finished before the ISO
        time ``before`` when it is given."""
        before = _before(before)
        out = []
        for row in self.storage.tables(finished=True):
            if before is not None and row.finished is not None and row.finished >= before:
                continue
            seats = self.storage.seats(row.id)
            names = [seat_name(kind, seats[s].name, s) for s, kind in enumerate(row.seats)]
            labels = seat_labels(row.seats, [s.name for s in seats])
            result = row.result or {}
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": game_class(row.game).title,
                    "players": len(row.seats),
                    "seats": names,
                    "labels": labels,
                    "scores": result.get("scores"),
                    "winners": result.get("winners"),
                    "stand_ins": self.storage.stand_ins(row.id),
                    "finished": row.finished,
                }
            )
            if len(out) >= limit:
                break
        return {"tables": out}

    def finished_table(self, table_id: str) -> Table:
        """A table whose game is over (ApiError 403 otherwise)."""
        table = self.table(table_id)
        if not table.state.is_over:
            raise ApiError(403, "not_finished", "the game at this table is still being played")
        return table

    def review(self, table_id: str) -> tuple[int, dict[str, Any]]:
        """A finished game's review (``GET /api/tables/{id}/review``): the HTTP status and
        answer; asking starts it when none is stored or being made."""
        return self.reviews.answer(self.finished_table(table_id))

    def replay(self, table_id: str, seat: Any) -> dict[str, Any]:
        """A finished game frame by frame, as one seat (or a spectator) saw it."""
        table = self.finished_table(table_id)
        viewer = _viewer(seat, table.game.players)
        events = [parse_logged_event(table.game, e) for e in table.logged]
        frames = replay_frames(table.game, events, viewer, table.labels())
        return {
            "table": table.summary(),
            "seat": viewer,
            "frames": [frame.to_json() for frame in frames],
        }


def _secret_field(body: Any, name: str, missing: str) -> str:
    """The secret ``name`` of a request body (ApiError ``bad_json`` if the body is not an
    object, ``bad_field`` if the field is not a non-empty string)."""
    if not isinstance(body, Mapping):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    value = body.get(name)
    if not isinstance(value, str) or not value:
        raise ApiError(400, "bad_field", missing)
    return value


def playable_bots(game: str) -> list[str]:
    """The bots that can sit at a table of ``game`` on this server (a bot whose package is not
    installed, such as ``openspiel-ismcts`` without the ``rl`` extra, is left out)."""
    playable = []
    for name in bot_names(game, yardsticks=False):
        try:
            bot_class(name, game)
        except OptionError:
            continue
        playable.append(name)
    return playable


def _viewer(seat: Any, players: int) -> int | None:
    if seat in (None, "", "public", "spectator"):
        return None
    try:
        number = int(seat)
    except (TypeError, ValueError):
        raise ApiError(400, "bad_field", f"seat must be a seat number, not {seat!r}") from None
    if not 0 <= number < players:
        raise ApiError(400, "bad_field", f"seat must be from 0 to {players - 1}")
    return number


def _option_help(game: Any, words: GameWords[Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """Each option of ``game`` as the lobby offers it: its words (label, help, choices) and the
    control that sets it: ``checkbox``, ``number`` (from ``min`` to ``max``: the bounds a table
    plays, ``TABLE_LIMITS`` and the players), ``choice`` (one of ``choices``) or ``text`` (read
    as JSON where it is JSON; ``choices`` are suggestions). An option without words is a
    defect (KeyError)."""
    helps = words.option_help()
    out: dict[str, Any] = {}
    for key, default in defaults.items():
        help_ = helps[key]
        low, high = (game.min_players, game.max_players) if key == "players" else (None, None)
        low, high = TABLE_LIMITS.get(key, (low, high))
        if isinstance(default, bool):
            control = "checkbox"
        elif help_.choices and not help_.open_ended:
            control = "choice"
        elif isinstance(default, int):
            control = "number"
        else:
            control = "text"
        out[key] = {
            "label": help_.label,
            "help": help_.help,
            "control": control,
            "min": low if control == "number" else None,
            "max": high if control == "number" else None,
            "choices": [
                {"value": c.value, "label": c.label, "min_players": c.min_players}
                for c in help_.choices
            ],
            "advanced": help_.advanced,
        }
    return out


def _option_defaults(options: Any) -> dict[str, Any]:
    """Every option of a game with its default value, as JSON (a deck by its name)."""
    out: dict[str, Any] = {}
    for item in dataclasses.fields(options):
        if item.name in ("deck", "deck_name"):
            continue
        out[item.name] = getattr(options, item.name)
    out["deck"] = getattr(options, "deck_name", None) or "default"
    return out
