"""Quick play and open tables (docs/protocol.md, *Quick play* and *Open tables*): the waiting
lines with a clock moved by hand, who meets whom, filling with bots, public tables anyone may
sit at, every refusal, and the database upgraded in place to schema 6."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from matchmaker.server.app import create_app
from matchmaker.server.lobby import ApiError, Lobby
from matchmaker.server.quickplay import Line, QuickPlay, QuickPlaySettings, Seated, Ticket
from matchmaker.server.storage import SCHEMA_VERSION, Storage
from matchmaker.server.table import Timing
from tests.web.older import older_database
from tests.web.test_server_accounts import Browser, Clock, answer, post, signup

# -- the lines, with a clock moved by hand ---------------------------------------------------

DUO = Line("clecanian", 2, rated=True)


class Tables:
    """A stand-in for the lobby: remembers every group it was asked to seat."""

    def __init__(self) -> None:
        self.made: list[tuple[Line, list[Ticket], str | None]] = []

    def __call__(self, line: Line, group: Sequence[Ticket], bot: str | None) -> list[Seated]:
        self.made.append((line, list(group), bot))
        table = f"t{len(self.made)}"
        return [Seated(table, seat, f"tk{seat}") for seat in range(len(group))]


def lines(clock: Clock, **changed: float) -> tuple[QuickPlay, Tables]:
    tables = Tables()
    return QuickPlay(tables, QuickPlaySettings(**changed), clock), tables


def ticket(play: QuickPlay, secret: str) -> Ticket:
    found = play.ticket(secret)
    assert found is not None
    return found


def test_two_people_of_one_line_with_near_ratings_meet_at_once() -> None:
    clock = Clock()
    play, tables = lines(clock)
    ann = play.ask(DUO, "Ann", 1, 25.0)
    assert ticket(play, ann).seated is None
    clock.now += 1.0
    bob = play.ask(DUO, "Bob", 2, 27.0)
    assert ticket(play, ann).seated == Seated("t1", 0, "tk0")
    assert ticket(play, bob).seated == Seated("t1", 1, "tk1")
    assert [t.name for t in tables.made[0][1]] == ["Ann", "Bob"]  # the longest waiting first


def test_other_lines_never_meet() -> None:
    play, tables = lines(Clock())
    play.ask(DUO, "Ann", 1, 25.0)
    play.ask(Line("clecanian", 2, rated=False), "Bob", None, 25.0)
    play.ask(Line("clecanian", 3, rated=True), "Cat", 3, 25.0)
    play.ask(Line("purrfect", 2, rated=True), "Dan", 4, 25.0)
    assert tables.made == []


def test_the_window_widens_while_people_wait() -> None:
    clock = Clock()
    play, tables = lines(clock)
    ann = play.ask(DUO, "Ann", 1, 20.0)
    assert play.window(ticket(play, ann)) == 3.0
    clock.now += 4.9
    assert play.window(ticket(play, ann)) == 3.0
    clock.now += 0.1
    assert play.window(ticket(play, ann)) == 4.0
    play.ask(DUO, "Bob", 2, 28.0)  # 8 apart: Ann's window is 4, Bob's 3
    assert tables.made == []
    clock.now += 20.0  # Ann has waited 25 s: her window is 8, the wider of the two
    play.match()
    assert len(tables.made) == 1


def test_after_a_minute_the_window_has_no_limit() -> None:
    clock = Clock()
    play, tables = lines(clock)
    ann = play.ask(DUO, "Ann", 1, 0.0)
    for _ in range(6):  # asking every 10 seconds, as a waiting client does
        clock.now += 10.0
        ticket(play, ann)
    assert play.state(ticket(play, ann), "s")["window"] is None
    play.ask(DUO, "Bob", 2, 50.0)
    assert len(tables.made) == 1


def test_the_longest_waiting_are_seated_first() -> None:
    clock = Clock()
    play, tables = lines(clock)
    line = Line("purrfect", 3, rated=False)
    secrets_ = []
    for name in "ABCD":
        secrets_.append(play.ask(line, name, None, 25.0))
        clock.now += 1.0
    assert [t.name for t in tables.made[0][1]] == ["A", "B", "C"]
    d = ticket(play, secrets_[3])
    assert d.seated is None
    assert [w["name"] for w in play.state(d, secrets_[3])["waiting"]] == ["D"]


def test_a_ticket_not_asked_about_is_dropped_and_a_seated_one_kept_a_minute() -> None:
    clock = Clock()
    play, _ = lines(clock)
    ann = play.ask(DUO, "Ann", 1, 25.0)
    clock.now += 29.0
    assert play.ticket(ann) is not None  # asking keeps it
    clock.now += 30.5
    assert play.ticket(ann) is None
    bob = play.ask(DUO, "Bob", 2, 25.0)
    cat = play.ask(DUO, "Cat", 3, 25.0)
    clock.now += 59.0
    assert ticket(play, bob).seated is not None and ticket(play, cat).seated is not None
    clock.now += 2.0
    assert play.ticket(bob) is None


def test_asking_again_ends_the_accounts_earlier_ticket() -> None:
    play, _ = lines(Clock())
    first = play.ask(DUO, "Ann", 1, 25.0)
    second = play.ask(Line("purrfect", 4, rated=True), "Ann", 1, 25.0)
    assert play.ticket(first) is None
    assert play.ticket(second) is not None


def test_bots_fill_the_seats_nobody_in_the_window_takes() -> None:
    clock = Clock()
    play, tables = lines(clock)
    line = Line("purrfect", 4, rated=True)
    ann = play.ask(line, "Ann", 1, 25.0)
    play.ask(line, "Bob", 2, 26.0)
    play.ask(line, "Far", 3, 45.0)  # outside both windows
    assert play.bots_in(ticket(play, ann)) == 20.0
    clock.now += 20.0
    assert play.bots_in(ticket(play, ann)) == 0.0
    play.fill_with_bots(ticket(play, ann), "hard")
    (made,) = tables.made
    assert [t.name for t in made[1]] == ["Ann", "Bob"] and made[2] == "hard"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([DUO, Line("purrfect", 3, rated=False)]),
            st.floats(min_value=0.0, max_value=50.0),
            st.floats(min_value=0.0, max_value=15.0),
        ),
        max_size=12,
    )
)
def test_every_table_is_one_line_full_and_each_person_sits_once(
    asks: list[tuple[Line, float, float]],
) -> None:
    clock = Clock()
    play, tables = lines(clock)
    for n, (line, rating, pause) in enumerate(asks):
        play.ask(line, f"p{n}", n, rating)
        clock.now += pause
        play.match()
    seen: set[str] = set()
    for line, group, bot in tables.made:
        assert bot is None and len(group) == line.players
        assert {t.line for t in group} == {line}
        assert not seen & {t.key for t in group}
        seen |= {t.key for t in group}
    for one, other in itertools.combinations(play.tickets.values(), 2):
        if one.seated is None and other.seated is None and one.line == other.line:
            assert one.line.players > 2 or not play.may_meet(one, other)


# -- over HTTP -------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[TestClient]:
    made = create_app(tmp_path / "data", quickplay=QuickPlaySettings(bots_after=0.0))
    with TestClient(made) as client:
        yield client


@pytest.fixture
def patient_app(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data")) as client:
        yield client


def quick(person: Browser, path: str, body: Any, csrf: str | None = None, status: int = 200):
    """A quick-play request; its answer, checked against the schema."""
    name = {"/leave": "http_quickplay_left"}.get(path, "http_quickplay")
    return answer(post(person, f"/api/quickplay{path}", body, csrf), status, name)


def said_hello(client: TestClient, table: str, token: str) -> int:
    """The seat a token is welcomed at on the table's WebSocket."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": token})
        message = ws.receive_json()
        assert message["type"] == "welcome", message
        return int(message["seat"])


def test_two_guests_meet_and_sit_at_one_table(app: TestClient) -> None:
    ann, bob = Browser(app), Browser(app)
    first = quick(ann, "", {"game": "clecanian", "players": 2, "name": "Ann"}, status=201)
    assert first["state"] == "waiting" and first["rated"] is False
    assert [(w["name"], w["you"]) for w in first["waiting"]] == [("Ann", True)]
    second = quick(bob, "", {"game": "clecanian", "players": 2, "name": "Bob"}, status=201)
    assert second["state"] == "seated"
    got = quick(ann, "/status", {"ticket": first["ticket"]})
    assert got["state"] == "seated" and got["table"] == second["table"]
    assert {got["seat"], second["seat"]} == {0, 1}
    assert quick(ann, "/status", {"ticket": first["ticket"]}) == got  # the same, asked again
    summary = app.get(f"/api/tables/{got['table']}").json()
    assert summary["status"] == "playing" and summary["public"] is False
    assert summary["rated"] is False
    names = {s["seat"]: s["name"] for s in summary["seats"]}
    assert names[got["seat"]] == "Ann" and names[second["seat"]] == "Bob"
    assert said_hello(app, got["table"], got["token"]) == got["seat"]
    failed = answer(post(ann, "/api/quickplay/leave", {"ticket": first["ticket"]}, None), 409,
                    "http_error")  # fmt: skip
    assert failed["error"] == "already_seated"


def test_signed_in_people_play_rated_and_their_seats_follow_them(app: TestClient) -> None:
    ann, bob = Browser(app), Browser(app)
    ann_csrf = signup(ann, "ann", name="Ann")["csrf"]
    bob_csrf = signup(bob, "bob", name="Bob")["csrf"]
    first = quick(ann, "", {"game": "purrfect", "players": 2}, ann_csrf, status=201)
    assert first["rated"] is True and first["waiting"][0]["rating"] == 25.0
    second = quick(bob, "", {"game": "purrfect", "players": 2}, bob_csrf, status=201)
    assert second["state"] == "seated"
    table = second["table"]
    assert app.get(f"/api/tables/{table}").json()["rated"] is True
    seats = answer(ann.get("/api/account/seats"), 200, "http_account_seats")["seats"]
    assert [s["table"] for s in seats] == [table]


def test_a_rated_ask_needs_a_session_and_casual_is_a_line_of_its_own(app: TestClient) -> None:
    guest, ann = Browser(app), Browser(app)
    refused = answer(post(guest, "/api/quickplay", {"game": "purrfect", "players": 3,
                     "rated": True}, None), 403, "http_error")  # fmt: skip
    assert refused["error"] == "sign_in_required"
    csrf = signup(ann, "ann")["csrf"]
    casual = quick(ann, "", {"game": "purrfect", "players": 2, "rated": False}, csrf, status=201)
    assert casual["rated"] is False
    guest = quick(Browser(app), "", {"game": "purrfect", "players": 2}, status=201)
    assert guest["state"] == "seated"  # a guest's ask is casual, and meets Ann's
    assert app.get(f"/api/tables/{guest['table']}").json()["rated"] is False


def test_bots_fill_the_table_after_the_wait(app: TestClient, patient_app: TestClient) -> None:
    early = Browser(patient_app)
    waiting = quick(early, "", {"game": "purrfect", "players": 3}, status=201)
    assert waiting["bots_in"] == 20.0
    refused = post(early, "/api/quickplay/bots", {"ticket": waiting["ticket"], "bot": "easy"}, None)
    assert answer(refused, 409, "http_error")["error"] == "too_soon"
    assert 1 <= refused.json()["retry_after"] <= 20 and refused.headers["Retry-After"]

    ann = Browser(app)
    mine = quick(ann, "", {"game": "purrfect", "players": 3, "name": "Ann"}, status=201)
    bad = post(ann, "/api/quickplay/bots", {"ticket": mine["ticket"], "bot": "nobody"}, None)
    assert answer(bad, 400, "http_error")["error"] == "bad_bot"
    seated = quick(ann, "/bots", {"ticket": mine["ticket"], "bot": "easy"})
    assert seated["state"] == "seated"
    summary = app.get(f"/api/tables/{seated['table']}").json()
    kinds = [s["name"] if s["kind"] == "bot" else "person" for s in summary["seats"]]
    assert sorted(kinds) == ["easy", "easy", "person"] and summary["status"] == "playing"


def test_leaving_ends_the_ticket(app: TestClient) -> None:
    ann = Browser(app)
    mine = quick(ann, "", {"game": "clecanian", "players": 3}, status=201)
    assert quick(ann, "/leave", {"ticket": mine["ticket"]}) == {"left": True}
    gone = post(ann, "/api/quickplay/status", {"ticket": mine["ticket"]}, None)
    assert answer(gone, 404, "http_error")["error"] == "unknown_ticket"


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("", [], 400, "bad_json"),
        ("", {"game": "chess", "players": 2}, 400, "unknown_game"),
        ("", {"game": ["purrfect"], "players": 2}, 400, "unknown_game"),
        ("", {"game": "clecanian", "players": 5}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": 1}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": True}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": "3"}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": 3, "rated": "yes"}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": 3, "name": "x" * 25}, 400, "bad_field"),
        ("", {"game": "purrfect", "players": 3, "name": 7}, 400, "bad_field"),
        ("/status", {}, 400, "bad_field"),
        ("/status", {"ticket": ["qp_x"]}, 400, "bad_field"),
        ("/status", {"ticket": "qp_nothing"}, 404, "unknown_ticket"),
        ("/status", "qp_x", 400, "bad_json"),
        ("/bots", {"ticket": "qp_nothing", "bot": "easy"}, 404, "unknown_ticket"),
        ("/leave", {"ticket": "qp_nothing"}, 404, "unknown_ticket"),
    ],
)
def test_every_bad_ask_is_refused_in_words(
    app: TestClient, path: str, body: Any, status: int, code: str
) -> None:
    refused = answer(post(Browser(app), f"/api/quickplay{path}", body, None), status, "http_error")
    assert refused["error"] == code and refused["message"]


# -- open tables -----------------------------------------------------------------------------


def public_table(client: Browser, seats: list[str], csrf: str | None = None, **more: Any) -> Any:
    spec = {"game": "purrfect", "options": {"players": len(seats)}, "seats": seats,
            "public": True, "names": ["Ann"], **more}  # fmt: skip
    made = answer(post(client, "/api/tables", spec, csrf), 201, "http_created")
    code = made["invites"][0]["code"]
    answer(post(client, f"/api/tables/{made['table']}/join", {"invite": code}, csrf), 200,
           "http_joined")  # fmt: skip
    return made


def test_a_public_table_is_listed_until_its_seats_are_taken(app: TestClient) -> None:
    ann, bob, cat = Browser(app), Browser(app), Browser(app)
    made = public_table(ann, ["human", "human", "medium"])
    table = made["table"]
    listed = answer(app.get("/api/open"), 200, "http_open")["tables"]
    assert [t["id"] for t in listed] == [table]
    (row,) = listed
    assert row["open"] == 1 and row["players"] == 3 and row["rated"] is False
    assert [(s["kind"], s["label"], s["taken"]) for s in row["seats"]] == [
        ("human", "Ann", True),
        ("human", "Seat 2", False),
        ("bot", "medium bot", True),
    ]
    sat = answer(post(bob, f"/api/tables/{table}/sit", {"name": "Bob"}, None), 200, "http_joined")
    assert sat["seat"] == 1
    assert said_hello(app, table, sat["token"]) == 1
    assert answer(app.get("/api/open"), 200, "http_open") == {"tables": []}
    full = answer(post(cat, f"/api/tables/{table}/sit", {}, None), 409, "http_error")
    assert full["error"] == "table_full"
    invite = made["invites"][1]["code"]  # the invite of the seat Bob took is spent
    used = post(cat, f"/api/tables/{table}/join", {"invite": invite}, None)
    assert answer(used, 409, "http_error")["error"] == "invite_used"


def test_only_public_tables_seat_people_without_an_invite(app: TestClient) -> None:
    ann, bob = Browser(app), Browser(app)
    spec = {"game": "purrfect", "options": {"players": 2}, "seats": ["human", "human"]}
    made = answer(post(ann, "/api/tables", spec, None), 201, "http_created")
    refused = post(bob, f"/api/tables/{made['table']}/sit", {}, None)
    assert answer(refused, 403, "http_error")["error"] == "not_public"
    assert answer(app.get("/api/open"), 200, "http_open") == {"tables": []}
    bad = post(ann, "/api/tables", {**spec, "public": "yes"}, None)
    assert answer(bad, 400, "http_error")["error"] == "bad_field"
    missing = post(bob, "/api/tables/tNothing/sit", {}, None)
    assert answer(missing, 404, "http_error")["error"] == "unknown_table"
    not_object = post(bob, f"/api/tables/{made['table']}/sit", [], None)
    assert answer(not_object, 400, "http_error")["error"] == "bad_json"


def test_a_rated_public_table_seats_signed_in_people_once(app: TestClient) -> None:
    ann, bob, guest = Browser(app), Browser(app), Browser(app)
    ann_csrf = signup(ann, "ann", name="Ann")["csrf"]
    bob_csrf = signup(bob, "bob", name="Bob")["csrf"]
    made = public_table(ann, ["human", "human", "human"], ann_csrf, rated=True)
    table = made["table"]
    refused = post(guest, f"/api/tables/{table}/sit", {"name": "Guest"}, None)
    assert answer(refused, 403, "http_error")["error"] == "sign_in_required"
    again = post(ann, f"/api/tables/{table}/sit", {}, ann_csrf)
    assert answer(again, 409, "http_error")["error"] == "already_seated"
    sat = answer(post(bob, f"/api/tables/{table}/sit", {}, bob_csrf), 200, "http_joined")
    summary = app.get(f"/api/tables/{table}").json()
    assert summary["seats"][sat["seat"]]["name"] == "Bob"  # the account's display name
    assert answer(app.get("/api/open"), 200, "http_open")["tables"][0]["open"] == 1


def test_an_account_takes_one_seat_even_before_its_first_seat_is_stored(tmp_path: Path) -> None:
    """Two sit-downs of one account at a rated table within one group commit: the second is
    refused, though the first one's link is not yet durable."""

    async def both() -> str:
        lobby = Lobby(tmp_path, Timing())
        lobby.start()
        try:
            assert lobby.storage.add_account("ann", "Ann", "$argon2id$h")
            account = lobby.storage.account(username="ann")
            assert account is not None
            spec = {"game": "purrfect", "options": {"players": 3}, "rated": True,
                    "public": True, "seats": ["human", "human", "easy"]}  # fmt: skip
            table = lobby.create(spec, signed_in=True)["table"]
            lobby.sit(table, {}, (account.id, "Ann"))
            with pytest.raises(ApiError) as refused:
                lobby.sit(table, {}, (account.id, "Ann"))
            await lobby.stored(table)
            return refused.value.code
        finally:
            await lobby.stop()

    assert asyncio.run(both()) == "already_seated"


def test_open_tables_survive_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with TestClient(create_app(data)) as client:
        made = public_table(Browser(client), ["human", "human"])
    with TestClient(create_app(data)) as client:
        listed = answer(client.get("/api/open"), 200, "http_open")["tables"]
        assert [t["id"] for t in listed] == [made["table"]]


# -- the database ----------------------------------------------------------------------------


def test_a_database_of_version_5_keeps_everything_and_gets_public_tables(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = older_database(path, 5, "public")
    db.execute("INSERT INTO events VALUES ('t1',0,'{}')")
    db.execute("INSERT INTO chat VALUES ('t1',0,0,'Ann','chat','hello',NULL,0,'c')")
    db.execute("INSERT INTO rated VALUES ('t1')")
    db.close()
    storage = Storage(path)
    try:
        assert storage.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        row = storage.table("t1")
        assert row is not None and row.rated and not row.public
        assert [s.name for s in storage.seats("t1")] == ["Ann"]
        assert storage.events("t1") == [{}]
        assert [c.text for c in storage.chat("t1")] == ["hello"]
    finally:
        storage.close_now()
