"""Accounts (docs/protocol.md, *Accounts*; docs/web.md): sign up, in and out, the session
cookie and its CSRF token, failed sign-ins counted per account and per address, seats that
follow an account to another browser, and the database upgraded in place to schema 4."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from matchmaker.server.accounts import COOKIE, AccountSettings, RateLimiter
from matchmaker.server.app import create_app
from matchmaker.server.storage import SCHEMA_VERSION, Storage
from tests.web.older import older_database
from tests.web.schema import check

PASSWORD = "correct horse battery staple"


class Clock:
    """A clock the test moves by hand (monotonic seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


class Browser:
    """One browser: a cookie jar of its own, its requests made through the app's one test
    client (whose event loop runs the app)."""

    def __init__(self, client: TestClient, https: bool = False) -> None:
        self.client = client
        self.base = "https://testserver" if https else "http://testserver"
        self.jar: dict[str, str] = {}

    @property
    def cookies(self) -> dict[str, str]:
        """The cookies this browser holds."""
        return self.jar

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """A request with this browser's cookies; the cookies it sets are kept."""
        headers = dict(kwargs.pop("headers", {}))
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        self.client.cookies.clear()
        response = self.client.request(method, self.base + path, headers=headers, **kwargs)
        self.client.cookies.clear()
        for line in response.headers.get_list("set-cookie"):
            first, *flags = [part.strip() for part in line.split(";")]
            name, _, value = first.partition("=")
            if "max-age=0" in [flag.lower() for flag in flags] or not value.strip('"'):
                self.jar.pop(name, None)
            else:
                self.jar[name] = value
        return response

    def get(self, path: str, **kwargs: Any) -> Any:
        """GET ``path``."""
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> Any:
        """POST ``path``."""
        return self.request("POST", path, **kwargs)


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    made = create_app(tmp_path / "data", accounts=AccountSettings(clock=clock))
    with TestClient(made) as client:  # runs the app's start and stop
        yield client


def browser(app: TestClient, https: bool = False) -> Browser:
    """Another browser (on the same running app)."""
    return Browser(app, https)


def answer(response: Any, status: int, name: str) -> dict[str, Any]:
    """The JSON of a response, checked for its status and against the schema."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    check(name if status < 400 else "http_error", body)
    return body


def signup(client: Browser, username: str, password: str = PASSWORD, **more: Any):
    """Sign up; the account answer (with its CSRF token)."""
    body = {"username": username, "password": password, **more}
    return answer(client.post("/api/account/signup", json=body), 201, "http_account")


def signin(client: Browser, username: str, password: str = PASSWORD) -> Any:
    """Try to sign in; the response."""
    return client.post("/api/account/signin", json={"username": username, "password": password})


def post(client: Browser, path: str, body: Any, csrf: str | None) -> Any:
    """A POST made by this site's page: with the session's CSRF token."""
    headers = {} if csrf is None else {"X-CSRF-Token": csrf}
    return client.post(path, json=body, headers=headers)


def table_with_seat(client: Browser, csrf: str | None) -> tuple[str, str]:
    """Create a table (a person and a bot) and join its seat 0; (table, token)."""
    spec = {"game": "purrfect", "options": {"players": 2}, "seats": ["human", "easy"]}
    made = post(client, "/api/tables", spec, csrf)
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    code = made.json()["invites"][0]["code"]
    joined = answer(post(client, f"/api/tables/{table}/join", {"invite": code}, csrf), 200,
                    "http_joined")  # fmt: skip
    return table, joined["token"]


def test_sign_up_sets_a_safe_cookie_and_says_who_is_signed_in(app: Any) -> None:
    ann = browser(app)
    account = signup(ann, "Ann_1", name="Ann B.")
    assert (account["username"], account["name"]) == ("Ann_1", "Ann B.")
    cookie = ann.cookies.get(COOKIE)
    assert cookie
    made = ann.post("/api/account/signout", headers={"X-CSRF-Token": account["csrf"]})
    assert made.status_code == 200
    again = signin(ann, "ann_1")  # usernames are the same whatever the case
    flags = [part.strip().lower() for part in again.headers["set-cookie"].split(";")]
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert "secure" not in flags  # plain http: a Secure cookie would never come back
    assert any(flag.startswith("max-age=") for flag in flags)
    me = answer(ann.get("/api/account"), 200, "http_account")
    assert me["username"] == "Ann_1" and me["csrf"] == again.json()["csrf"]
    assert answer(browser(app).get("/api/account"), 401, "")["error"] == "not_signed_in"
    taken = browser(app).post(
        "/api/account/signup", json={"username": "ANN_1", "password": PASSWORD}
    )
    assert answer(taken, 409, "")["error"] == "username_taken"
    bob = browser(app)
    assert signup(bob, "bob")["name"] == "bob"  # the name is the username unless given


def test_the_cookie_is_secure_over_https(app: Any) -> None:
    made = browser(app, https=True).post(
        "/api/account/signup", json={"username": "carla", "password": PASSWORD}
    )
    assert made.status_code == 201
    flags = [part.strip().lower() for part in made.headers["set-cookie"].split(";")]
    assert "secure" in flags and "httponly" in flags


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "ab", "password": PASSWORD}, "username"),
        ({"username": "a" * 25, "password": PASSWORD}, "username"),
        ({"username": "ann smith", "password": PASSWORD}, "username"),
        ({"username": "änne", "password": PASSWORD}, "username"),
        ({"username": 7, "password": PASSWORD}, "username"),
        ({"password": PASSWORD}, "username"),
        ({"username": "anne", "password": "short"}, "password"),
        ({"username": "anne", "password": "x" * 257}, "password"),
        ({"username": "anne", "password": ["x"] * 9}, "password"),
        ({"username": "anne", "password": PASSWORD, "name": "n" * 25}, "name"),
        ({"username": "anne", "password": PASSWORD, "name": "\u0007 "}, "name"),
        ({"username": "anne", "password": PASSWORD, "name": 3}, "name"),
    ],
)
def test_bad_sign_ups_are_refused_naming_the_field(app: Any, body: Any, field: str) -> None:
    refused = answer(browser(app).post("/api/account/signup", json=body), 400, "")
    assert refused["error"] == "bad_field" and field in refused["message"]


def test_lone_surrogates_in_a_username_or_password_are_refused_not_a_server_error(
    app: Any,
) -> None:
    """JSON may carry a lone surrogate (``\\ud800``), which is not text UTF-8 can hold."""
    signup(browser(app), "fay")
    headers = {"content-type": "application/json"}
    for path, raw in [
        ("/api/account/signup", '{"username": "fay2", "password": "pass\\ud800word"}'),
        ("/api/account/signin", '{"username": "fay", "password": "pass\\ud800word"}'),
        ("/api/account/signin", '{"username": "f\\ud800y", "password": "password"}'),
    ]:
        refused = browser(app).post(path, content=raw.encode(), headers=headers)
        assert answer(refused, 400, "")["error"] == "bad_field", raw


def test_an_unknown_user_and_a_wrong_password_get_the_same_answer(app: Any) -> None:
    signup(browser(app), "dora")
    unknown = signin(browser(app), "nobody", PASSWORD)
    wrong = signin(browser(app), "dora", PASSWORD + "!")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() == {
        "error": "bad_credentials", "message": "the username or the password is wrong"
    }  # fmt: skip
    assert "set-cookie" not in unknown.headers and "set-cookie" not in wrong.headers
    for body in ({"username": "dora"}, {"username": 1, "password": "x"}, [1]):
        refused = browser(app).post("/api/account/signin", json=body)
        assert refused.status_code == 400 and refused.json()["error"] in ("bad_field", "bad_json")


def test_failed_sign_ins_are_limited_per_account_and_per_address(app: Any, clock: Clock) -> None:
    signup(browser(app), "erin")
    for _ in range(5):
        assert signin(browser(app), "erin", "wrong password").status_code == 401
    for password in ("wrong password", PASSWORD):  # even the right one waits now
        limited = signin(browser(app), "ERIN", password)
        body = answer(limited, 429, "")
        assert body["error"] == "too_many_attempts" and body["retry_after"] == 900
        assert limited.headers["retry-after"] == "900"
    clock.now += 600
    assert answer(signin(browser(app), "erin", PASSWORD), 429, "")["retry_after"] == 300
    clock.now += 300
    assert signin(browser(app), "erin", PASSWORD).status_code == 200
    # the address: 20 failures, whatever the accounts (the 5 above are past the window)
    clock.now += 900
    for n in range(20):
        assert signin(browser(app), f"someone{n}", "wrong password").status_code == 401
    assert answer(signin(browser(app), "erin", PASSWORD), 429, "")["error"] == "too_many_attempts"
    clock.now += 901
    assert signin(browser(app), "erin", PASSWORD).status_code == 200


def test_one_address_makes_at_most_ten_accounts_an_hour(app: Any, clock: Clock) -> None:
    for n in range(10):
        signup(browser(app), f"maker{n}")
    clock.now += 1800
    refused = browser(app).post(
        "/api/account/signup", json={"username": "maker10", "password": PASSWORD}
    )
    body = answer(refused, 429, "")
    assert body["error"] == "too_many_attempts" and body["retry_after"] == 1800
    assert refused.headers["retry-after"] == "1800"
    taken = browser(app).post("/api/account/signin", json={"username": "maker0",
                              "password": PASSWORD})  # fmt: skip
    assert taken.status_code == 200  # signing in is not limited by sign-ups
    clock.now += 1800
    signup(browser(app), "maker10")


def test_the_rate_limiter_counts_in_a_sliding_window() -> None:
    clock = Clock()
    limiter = RateLimiter(2, 10.0, clock)
    limiter.fail("k")
    clock.now += 4
    limiter.fail("k")
    assert limiter.retry_after("k") == 6 and limiter.retry_after("other") is None
    clock.now += 6
    assert limiter.retry_after("k") is None
    limiter.fail("k")
    assert limiter.retry_after("k") == 4
    limiter.forget("k")
    assert limiter.retry_after("k") is None and not limiter.failures


def test_a_cross_site_request_with_the_cookie_is_refused(app: Any) -> None:
    ann = browser(app)
    csrf = signup(ann, "fay")["csrf"]
    for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": csrf.upper()},
                    {"X-CSRF-Token": csrf, "Sec-Fetch-Site": "cross-site"}):  # fmt: skip
        refused = ann.post("/api/account/name", json={"name": "Evil"}, headers=headers)
        assert answer(refused, 403, "")["error"] == "csrf", headers
        refused = ann.post("/api/account/signout-everywhere", headers=headers)
        assert answer(refused, 403, "")["error"] == "csrf", headers
        refused = ann.post("/api/tables", json={"game": "purrfect"}, headers=headers)
        assert answer(refused, 403, "")["error"] == "csrf", headers
    assert ann.get("/api/account").json()["name"] == "fay"  # nothing changed
    renamed = post(ann, "/api/account/name", {"name": "Fay G."}, csrf)
    assert answer(renamed, 200, "http_account")["name"] == "Fay G."
    # signing in or up from a page of another site is refused (no login CSRF)
    for path, body in (("signin", {"username": "fay", "password": PASSWORD}),
                       ("signup", {"username": "gus", "password": PASSWORD})):  # fmt: skip
        forged = browser(app).post(
            f"/api/account/{path}", json=body, headers={"Sec-Fetch-Site": "cross-site"}
        )
        assert answer(forged, 403, "")["error"] == "csrf"
    # a guest (no cookie) plays as before, from anywhere
    guest = browser(app)
    _table, token = table_with_seat(guest, None)
    assert token.startswith("tk_")


def test_sign_out_ends_the_session_and_everywhere_ends_them_all(app: Any) -> None:
    first, second, third = browser(app), browser(app), browser(app)
    csrf = signup(first, "hal")["csrf"]
    old = first.cookies.get(COOKIE)
    assert old
    assert signin(second, "hal").status_code == 200
    assert signin(third, "hal").status_code == 200
    out = answer(post(first, "/api/account/signout", None, csrf), 200, "http_signed_out")
    assert out == {"sessions": 1} and first.cookies.get(COOKIE) is None
    stolen = browser(app)
    stolen.jar[COOKIE] = old
    assert stolen.get("/api/account").status_code == 401
    assert second.get("/api/account").status_code == 200
    csrf2 = second.get("/api/account").json()["csrf"]
    everywhere = post(second, "/api/account/signout-everywhere", None, csrf2)
    assert answer(everywhere, 200, "http_signed_out") == {"sessions": 2}
    assert third.get("/api/account").status_code == 401
    assert answer(third.get("/api/account/seats"), 401, "")["error"] == "not_signed_in"
    # a dead cookie is no session: the browser is a guest again (no CSRF token needed)
    assert third.post("/api/tables", json={"game": "purrfect"}).status_code == 201
    refused = third.post("/api/account/signout")
    assert answer(refused, 401, "")["error"] == "not_signed_in"


def test_seats_follow_the_account_to_another_browser(app: Any) -> None:
    home = browser(app)
    csrf = signup(home, "ivy", name="Ivy")["csrf"]
    table, token = table_with_seat(home, csrf)
    lobby = app.app.state.lobby
    assert lobby.table(table).names[0] == "Ivy"  # joined without a name: the account's
    guest_table, _guest_token = table_with_seat(browser(app), None)
    seats = answer(home.get("/api/account/seats"), 200, "http_account_seats")["seats"]
    assert [(s["table"], s["seat"], s["game"]) for s in seats] == [(table, 0, "purrfect")]
    assert guest_table not in str(seats)
    # another browser signs in and sits down again
    away = browser(app)
    assert signin(away, "ivy").status_code == 200
    away_csrf = away.get("/api/account").json()["csrf"]
    assert answer(away.get("/api/account/seats"), 200, "http_account_seats")["seats"] == seats
    taken = answer(post(away, f"/api/tables/{table}/reclaim", {"seat": 0}, away_csrf), 200,
                   "http_recovered")  # fmt: skip
    assert taken["seat"] == 0 and taken["token"] not in (token, None)
    live = lobby.table(table)
    assert live.seat_of_token(taken["token"]) == 0
    with pytest.raises(Exception, match="does not hold a seat"):
        live.seat_of_token(token)
    # nobody else may take it, nor see it
    other = browser(app)
    other_csrf = signup(other, "jack")["csrf"]
    assert other.get("/api/account/seats").json() == {"seats": []}
    for where, body, status, code in [
        (table, {"seat": 0}, 403, "not_your_seat"),
        (table, {"seat": 1}, 403, "not_your_seat"),
        (guest_table, {"seat": 0}, 403, "not_your_seat"),
        (table, {"seat": "0"}, 400, "bad_field"),
        (table, {"seat": True}, 400, "bad_field"),
        (table, [0], 400, "bad_json"),
        ("tnothere", {"seat": 0}, 404, "unknown_table"),
    ]:
        refused = post(other, f"/api/tables/{where}/reclaim", body, other_csrf)
        assert answer(refused, status, "")["error"] == code, body
    guest = browser(app).post(f"/api/tables/{table}/reclaim", json={"seat": 0})
    assert answer(guest, 401, "")["error"] == "not_signed_in"
    assert live.seat_of_token(taken["token"]) == 0


def test_passwords_tokens_and_hashes_never_reach_the_database_or_the_log(
    app: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    ann = browser(app)
    csrf = signup(ann, "kim")["csrf"]
    token = ann.cookies.get(COOKIE)
    assert token
    signin(browser(app), "kim", PASSWORD + "x")
    table_with_seat(ann, csrf)
    app.app.state.lobby.storage.db.execute("PRAGMA wal_checkpoint(FULL)")
    stored = b"".join(p.read_bytes() for p in (tmp_path / "data").iterdir() if p.is_file())
    for secret in (PASSWORD, PASSWORD + "x", token, csrf):
        assert secret.encode() not in stored
        assert secret not in caplog.text
    (password_hash,) = app.app.state.lobby.storage.db.execute(
        "SELECT password_hash FROM accounts"
    ).fetchone()
    assert password_hash.startswith("$argon2id$")
    assert password_hash not in caplog.text


def test_a_database_of_version_3_keeps_everything_and_gets_accounts(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = older_database(path, 3, "accounts")
    db.execute("INSERT INTO seats VALUES ('t1',1,NULL,NULL,1,NULL)")
    db.execute("INSERT INTO events VALUES ('t1',0,'{\"kind\": \"deal\"}')")
    db.execute("INSERT INTO events VALUES ('t1',1,'{\"kind\": \"play\"}')")
    db.execute("INSERT INTO chat VALUES ('t1',0,0,'Ann','chat','hello',NULL,1,'c')")
    db.execute("INSERT INTO seat_links VALUES ('t1',0,'lh')")
    db.execute("INSERT INTO practice VALUES ('t1')")
    db.execute("INSERT INTO reviews VALUES ('t1','[]',5,'c')")
    db.close()
    storage = Storage(path)
    try:
        assert storage.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 4
        row = storage.table("t1")
        assert row is not None and row.practice and row.seats == ["human", "easy"]
        seats = storage.seats("t1")
        assert [(s.token_hash, s.name, s.link_hash) for s in seats] == [
            ("th", "Ann", "lh"), (None, None, None)
        ]  # fmt: skip
        assert storage.events("t1") == [{"kind": "deal"}, {"kind": "play"}]
        assert [(c.name, c.text) for c in storage.chat("t1")] == [("Ann", "hello")]
        review = storage.review("t1")
        assert review is not None and review.worlds == 5
        assert storage.add_account("lena", "Lena", "$argon2id$h")
        assert not storage.add_account("LENA", "Lena", "$argon2id$h")
        account = storage.account(username="Lena")
        assert account is not None
        storage.link_account("t1", 0, account.id)
        assert storage.seat_accounts("t1") == {0: account.id}
        assert [(s.table_id, s.seat) for s in storage.account_seats(account.id)] == [("t1", 0)]
    finally:
        storage.close_now()
