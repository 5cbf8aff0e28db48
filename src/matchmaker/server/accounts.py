"""Accounts: sign up, sign in and out with a username and a password, sessions kept in a
cookie, and the checks that keep them safe (docs/web.md, *Accounts*; docs/protocol.md).

A password is kept only as its argon2id hash (``argon2-cffi``'s ``PasswordHasher``), made and
checked on a worker thread so that the event loop goes on meanwhile. A session is a random token
the browser holds in the ``mm_session`` cookie (HttpOnly, SameSite=Lax, Secure over https); the
database keeps only the token's SHA-256. Every POST that carries the cookie proves it comes from
this site with the session's CSRF token in the ``X-CSRF-Token`` header (a token made from the
session's own, which a page of another site can neither read nor compute), and a POST of
another site (``Sec-Fetch-Site``) that carries the cookie, or signs in or up, is refused.

Failed sign-ins are counted in memory, per account and per address: a restart forgets them.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection

from matchmaker.server.lobby import NAME_LENGTH, ApiError
from matchmaker.server.storage import ACCOUNTS, AccountRow, Storage, now, secret_hash

#: The session cookie's name.
COOKIE = "mm_session"
#: The header a POST that carries the session cookie proves itself with.
CSRF_HEADER = "X-CSRF-Token"
#: A username: 3 to 24 ASCII letters, digits, ``_`` and ``-`` (unique whatever the case).
USERNAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
#: The shortest and the longest password, in characters.
PASSWORD_LENGTH = (8, 256)
#: A session unused this long has ended (and so does the cookie's life).
SESSION_LIFE = timedelta(days=30)
#: How stale a session's ``last_used`` may grow before it is written again.
TOUCH_AFTER = timedelta(hours=1)
#: The longest session cookie read (a longer one holds no session).
COOKIE_LENGTH = 100
#: ``Sec-Fetch-Site`` values of a request made by a page of another site.
CROSS_SITE = ("cross-site", "same-site")


@dataclass
class AccountSettings:
    """How many failed sign-ins are allowed, per account and per address, within ``window``
    seconds; how many accounts one address may make within ``signup_window`` seconds; and the
    clock they are counted by (monotonic seconds)."""

    per_account: int = 5
    per_address: int = 20
    window: float = 15 * 60.0
    signups_per_address: int = 10
    signup_window: float = 60 * 60.0
    clock: Callable[[], float] = time.monotonic


class RateLimiter:
    """Failures counted per key within a sliding window (in memory)."""

    #: Above this many keys, keys without a failure in the window are forgotten.
    SWEEP_AT = 10_000

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.failures: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        times = self.failures.get(key)
        if times is None:
            return deque()
        cutoff = self.clock() - self.window
        while times and times[0] <= cutoff:
            times.popleft()
        if not times:
            del self.failures[key]
        return times

    def retry_after(self, key: str) -> int | None:
        """Whole seconds until ``key`` may try again, or None if it may now."""
        times = self._recent(key)
        if len(times) < self.limit:
            return None
        return max(1, int(times[len(times) - self.limit] + self.window - self.clock() + 0.999))

    def fail(self, key: str) -> None:
        """Count a failure of ``key``."""
        if len(self.failures) >= self.SWEEP_AT:
            for other in list(self.failures):
                self._recent(other)
        self.failures.setdefault(key, deque()).append(self.clock())

    def forget(self, key: str) -> None:
        """Forget the failures of ``key``."""
        self.failures.pop(key, None)


@dataclass
class Session:
    """A signed-in request's session: its account, the hash of its token, its CSRF token."""

    account: AccountRow
    token_hash: str
    csrf: str


def csrf_token(token: str) -> str:
    """The CSRF token of a session token (what ``X-CSRF-Token`` must say)."""
    return hashlib.sha256(b"csrf:" + token.encode()).hexdigest()


def clean_account_name(name: Any) -> str:
    """A display name as the tables' names are (printable, at most ``NAME_LENGTH``
    characters); ApiError ``bad_field`` otherwise or when nothing is left."""
    if not isinstance(name, str):
        raise ApiError(400, "bad_field", "name must be a string")
    clean = "".join(ch for ch in name if ch.isprintable()).strip()
    if not clean or len(clean) > NAME_LENGTH:
        raise ApiError(
            400, "bad_field", f"name must have 1 to {NAME_LENGTH} printable characters; this "
            f"one has {len(clean)}"
        )  # fmt: skip
    return clean


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (JSON may carry lone surrogates, which
    neither the password hasher nor the database takes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _object(body: Any) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    return body


def _username(body: Mapping[str, Any]) -> str:
    username = body.get("username")
    if not isinstance(username, str) or not USERNAME.fullmatch(username):
        raise ApiError(
            400, "bad_field", "username must be 3 to 24 letters, digits, _ or - (a-z, A-Z)"
        )
    return username


def _password(body: Mapping[str, Any]) -> str:
    password = body.get("password")
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high or not _utf8(password):
        raise ApiError(400, "bad_field", f"password must be a string of {low} to {high} "
                       "characters (Unicode text, no lone surrogates)")  # fmt: skip
    return password


def cross_site(request: HTTPConnection) -> bool:
    """Whether the browser says a page of another site made this request."""
    return request.headers.get("sec-fetch-site", "") in CROSS_SITE


class Accounts:
    """The accounts and sessions of a server."""

    def __init__(self, storage: Storage, settings: AccountSettings | None = None) -> None:
        self.storage = storage
        self.settings = settings or AccountSettings()
        self.hasher = PasswordHasher()
        s = self.settings
        self.by_account = RateLimiter(s.per_account, s.window, s.clock)
        self.by_address = RateLimiter(s.per_address, s.window, s.clock)
        self.signups = RateLimiter(s.signups_per_address, s.signup_window, s.clock)
        self._dummy: str | None = None

    # -- sessions -------------------------------------------------------------------------------

    def session(self, request: HTTPConnection) -> Session | None:
        """The live session of a request's cookie, or None (a session unused for
        ``SESSION_LIFE`` has ended and is deleted)."""
        token = request.cookies.get(COOKIE)
        if not token or len(token) > COOKIE_LENGTH:
            return None
        token_hash = secret_hash(token)
        found = self.storage.session(token_hash)
        if found is None:
            return None
        account_id, last_used = found
        used = datetime.strptime(last_used, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        age = datetime.now(UTC) - used
        if age > SESSION_LIFE:
            self.storage.account_write([("DELETE FROM sessions WHERE token_hash=?", (token_hash,))])
            return None
        account = self.storage.account(id=account_id)
        if account is None:
            return None
        if age > TOUCH_AFTER:
            self.storage.account_write(
                [("UPDATE sessions SET last_used=? WHERE token_hash=?", (now(), token_hash))]
            )
        return Session(account, token_hash, csrf_token(token))

    def checked_session(self, request: HTTPConnection) -> Session | None:
        """The session of a state-changing request, once it has proved it comes from this
        site (ApiError 403 ``csrf`` otherwise); None without a live session. A request
        without the cookie is left as it is."""
        if COOKIE not in request.cookies:
            return None
        if cross_site(request):
            raise ApiError(403, "csrf", "a page of another site may not act for a signed-in "
                           "person")  # fmt: skip
        session = self.session(request)
        if session is None:
            return None
        given = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(given.encode(), session.csrf.encode()):
            raise ApiError(
                403, "csrf", f"a request made with the session cookie needs the {CSRF_HEADER} "
                "header (the csrf of GET /api/account)"
            )  # fmt: skip
        return session

    async def _open(self, account: AccountRow) -> tuple[Session, str]:
        token = secrets.token_urlsafe(32)
        token_hash = secret_hash(token)
        stamp = now()
        await self._store(
            [("INSERT INTO sessions VALUES (?,?,?,?)", (token_hash, account.id, stamp, stamp))]
        )
        return Session(account, token_hash, csrf_token(token)), token

    async def _store(self, statements: list[Any]) -> None:
        batch = self.storage.account_write(statements)
        await self.storage.settled(batch)
        if self.storage.dropped(batch, ACCOUNTS):
            raise ApiError(503, "server_error", "the server could not store this (its disk "
                           "may be full); nothing changed")  # fmt: skip

    # -- signing up, in and out -----------------------------------------------------------------

    async def signup(self, body: Any, address: str, old: Session | None) -> tuple[Session, str]:
        """A new account and its first session (``POST /api/account/signup``); the session
        this browser had is ended. ApiError 429 ``too_many_attempts`` once the address has
        made ``signups_per_address`` accounts within ``signup_window``."""
        body = _object(body)
        username = _username(body)
        password = _password(body)
        given = body.get("name")
        name = username if given is None else clean_account_name(given)
        address_key = "address:" + address
        wait = self.signups.retry_after(address_key)
        if wait is not None:
            raise ApiError(
                429, "too_many_attempts", f"too many accounts were made from this address; "
                f"try again in {wait} s", extra={"retry_after": wait},
            )  # fmt: skip
        if self.storage.account(username=username) is not None:
            raise ApiError(409, "username_taken", "this username is taken")
        self.signups.fail(address_key)  # counted before the hash: the hash is the cost
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        if not await asyncio.to_thread(self.storage.add_account, username, name, password_hash):
            raise ApiError(409, "username_taken", "this username is taken")
        account = self.storage.account(username=username)
        assert account is not None
        if old is not None:
            await self.signout(old)
        return await self._open(account)

    async def signin(self, body: Any, address: str, old: Session | None) -> tuple[Session, str]:
        """A new session for a username and its password (``POST /api/account/signin``):
        ApiError 401 ``bad_credentials`` alike for an unknown user and a wrong password, 429
        ``too_many_attempts`` after too many failures of the account or the address."""
        body = _object(body)
        username = body.get("username")
        password = body.get("password")
        if not isinstance(username, str) or len(username) > 256 or not _utf8(username):
            raise ApiError(400, "bad_field", "username must be a string")
        if (
            not isinstance(password, str)
            or len(password) > PASSWORD_LENGTH[1]
            or not _utf8(password)
        ):
            raise ApiError(400, "bad_field", f"password must be a string of at most "
                           f"{PASSWORD_LENGTH[1]} characters")  # fmt: skip
        account_key = "account:" + username.lower()
        address_key = "address:" + address
        limits = (
            self.by_account.retry_after(account_key),
            self.by_address.retry_after(address_key),
        )
        waits = [w for w in limits if w is not None]
        if waits:
            wait = max(waits)
            raise ApiError(
                429, "too_many_attempts", f"too many failed sign-ins; try again in {wait} s",
                extra={"retry_after": wait},
            )  # fmt: skip
        account = self.storage.account(username=username)
        if account is None or not await self._verify(account.password_hash, password):
            if account is None:  # the same work as for a wrong password
                await self._verify(self._dummy_hash(), password)
            self.by_account.fail(account_key)
            self.by_address.fail(address_key)
            raise ApiError(401, "bad_credentials", "the username or the password is wrong")
        self.by_account.forget(account_key)
        if self.hasher.check_needs_rehash(account.password_hash):
            new_hash = await asyncio.to_thread(self.hasher.hash, password)
            await self._store(
                [("UPDATE accounts SET password_hash=? WHERE id=?", (new_hash, account.id))]
            )
        if old is not None:
            await self.signout(old)
        return await self._open(account)

    async def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return await asyncio.to_thread(self.hasher.verify, password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy

    async def signout(self, session: Session) -> int:
        """End one session; how many ended."""
        await self._store([("DELETE FROM sessions WHERE token_hash=?", (session.token_hash,))])
        return 1

    async def signout_everywhere(self, session: Session) -> int:
        """End every session of the session's account; how many ended."""
        (count,) = self.storage.db.execute(
            "SELECT COUNT(*) FROM sessions WHERE account_id=?", (session.account.id,)
        ).fetchone()
        await self._store([("DELETE FROM sessions WHERE account_id=?", (session.account.id,))])
        return int(count)

    async def rename(self, session: Session, body: Any) -> AccountRow:
        """Change the account's display name (``POST /api/account/name``)."""
        name = clean_account_name(_object(body).get("name"))
        await self._store([("UPDATE accounts SET name=? WHERE id=?", (name, session.account.id))])
        account = self.storage.account(id=session.account.id)
        assert account is not None
        return account


def account_answer(account: AccountRow, csrf: str) -> dict[str, Any]:
    """An account as the API answers it, with the session's CSRF token."""
    return {"username": account.username, "name": account.name, "created": account.created,
            "csrf": csrf}  # fmt: skip
