"""Ratings (docs/protocol.md, *Ratings*; docs/web.md): rated tables seat signed-in people only,
a rated game is rated once as it ends (bots by name, ties shared, a stand-in's seat last),
casual games never; leaderboards and public profiles; the database upgraded to schema 5."""

from __future__ import annotations

import json
import random
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from matchmaker.server.accounts import AccountSettings
from matchmaker.server.app import create_app
from matchmaker.server.ratings import (
    MIN_GAMES,
    Ratings,
    account_subject,
    bot_subject,
    game_ranks,
    rated_seats,
)
from matchmaker.server.storage import SCHEMA_VERSION, Storage
from matchmaker.server.table import Timing
from tests.web.client import Peer, play_to_end
from tests.web.conftest import running
from tests.web.older import older_database
from tests.web.schema import check
from tests.web.test_server_accounts import PASSWORD, Browser, answer, post, signup

# -- the ranks -------------------------------------------------------------------------------


def test_ranks_follow_the_result_and_ties_share() -> None:
    assert game_ranks({"scores": [3, 7, 7], "winners": [1, 2]}, []) == [3.0, 1.0, 1.0]
    assert game_ranks({"scores": [12, 30, 12], "winners": [0, 2]}, []) == [1.0, 3.0, 1.0]
    assert game_ranks({"scores": [4, 4], "winners": [0, 1]}, []) == [1.0, 1.0]


def test_a_seat_a_stand_in_finished_ranks_last_and_wins_nothing() -> None:
    result = {"scores": [9, 2, 5], "winners": [0]}
    assert game_ranks(result, [0]) == [3.0, 2.0, 1.0]
    assert game_ranks(result, [0, 2]) == [2.0, 1.0, 2.0]
    seats = rated_seats(["human", "human", "hard"], {0: 7, 1: 8}, result, [0])
    assert seats is not None
    assert [(s.subject, s.rank, s.won) for s in seats] == [
        ("7", 3.0, False), ("8", 2.0, False), ("bot:hard", 1.0, False)
    ]  # fmt: skip


def test_a_person_without_an_account_leaves_the_game_unrated() -> None:
    assert rated_seats(["human", "easy"], {}, {"scores": [1, 0], "winners": [0]}, []) is None


def test_rating_moves_the_winner_up_and_a_bot_at_two_seats_once(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "db.sqlite3")
    try:
        ratings = Ratings(storage)
        result = {"scores": [5, 1, 1], "winners": [0]}
        seats = rated_seats(["human", "easy", "easy"], {0: 1}, result, [])
        assert seats is not None
        statements = ratings.rate("t1", "purrfect", seats)
        assert len(statements) == 4  # a rating and a history point for each subject
        ann = ratings.current(account_subject(1), "purrfect")
        bot = ratings.current(bot_subject("easy"), "purrfect")
        assert ann.mu > 25 > bot.mu and (ann.games, ann.wins, bot.games, bot.wins) == (1, 1, 1, 0)
        tied = rated_seats(["human", "easy", "easy"], {0: 1}, {"scores": [2, 2, 2],
                           "winners": [0, 1, 2]}, [])  # fmt: skip
        assert tied is not None
        ratings.rate("t2", "purrfect", tied)
        assert ratings.current(account_subject(1), "purrfect").wins == 2
        assert ratings.current(bot_subject("easy"), "purrfect").wins == 1
    finally:
        storage.close_now()


# -- refusals (in process) -------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[TestClient]:
    made = create_app(tmp_path / "data", Timing(bot_pause=0.0), accounts=AccountSettings())
    with TestClient(made) as client:
        yield client


RATED = {"game": "purrfect", "options": {"players": 3}, "seats": ["human", "human", "easy"],
         "rated": True}  # fmt: skip


def error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert answer(response, status, "http_error")["error"] == code


def test_a_rated_table_is_made_and_joined_by_signed_in_people_only(app: TestClient) -> None:
    guest, ann, bob = Browser(app), Browser(app), Browser(app)
    error(post(guest, "/api/tables", RATED, None), 403, "sign_in_required")
    error(post(guest, "/api/tables", {**RATED, "rated": "yes"}, None), 400, "bad_field")
    csrf = signup(ann, "ann")["csrf"]
    error(post(ann, "/api/tables", RATED, None), 403, "csrf")
    made = answer(post(ann, "/api/tables", RATED, csrf), 201, "http_created")
    table = made["table"]
    codes = [i["code"] for i in made["invites"]]
    summary = answer(guest.get(f"/api/tables/{table}"), 200, "http_summary")
    assert summary["rated"] is True
    error(post(guest, f"/api/tables/{table}/join", {"invite": codes[1]}, None), 403,
          "sign_in_required")  # fmt: skip
    answer(post(ann, f"/api/tables/{table}/join", {"invite": codes[0]}, csrf), 200, "http_joined")
    error(post(ann, f"/api/tables/{table}/join", {"invite": codes[1]}, csrf), 409,
          "already_seated")  # fmt: skip
    bob_csrf = signup(bob, "bob")["csrf"]
    answer(post(bob, f"/api/tables/{table}/join", {"invite": codes[1]}, bob_csrf), 200,
           "http_joined")  # fmt: skip
    casual = answer(post(guest, "/api/tables", {**RATED, "rated": False}, None), 201,
                    "http_created")  # fmt: skip
    assert (
        answer(guest.get(f"/api/tables/{casual['table']}"), 200, "http_summary")["rated"] is False
    )


def test_unknown_games_players_and_bad_minimums_are_refused(app: TestClient) -> None:
    guest = Browser(app)
    error(guest.get("/api/leaderboard/chess"), 404, "unknown_game")
    error(guest.get("/api/players/nobody"), 404, "unknown_player")
    for bad in ("-1", "x", "", "1.5", "99999999"):
        error(guest.get(f"/api/leaderboard/purrfect?min_games={bad}"), 400, "bad_field")
    board = answer(guest.get("/api/leaderboard/purrfect"), 200, "http_leaderboard")
    assert board == {"game": "purrfect", "min_games": MIN_GAMES, "rows": []}
    signup(Browser(app), "cleo")
    profile = answer(guest.get("/api/players/CLEO"), 200, "http_player")
    assert profile == {"username": "cleo", "name": "cleo", "games": []}


# -- rated games played to the end (a real server) -------------------------------------------


class Person:
    """A browser of a real server: its session cookie and CSRF token, over urllib."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookie = ""
        self.csrf = ""

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request with the cookie (and, for a POST, the CSRF token)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if self.cookie:
            request.add_header("Cookie", self.cookie)
            request.add_header("X-CSRF-Token", self.csrf)
        try:
            with urllib.request.urlopen(request, timeout=30) as got:
                for line in got.headers.get_all("Set-Cookie") or []:
                    self.cookie = line.split(";")[0]
                return got.status, json.loads(got.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def signup(self, username: str) -> None:
        """Sign up (and so in)."""
        status, account = self.call(
            "POST", "/api/account/signup", {"username": username, "password": PASSWORD}
        )
        assert status == 201, account
        self.csrf = account["csrf"]


def wait_until(test: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)


def play(server: Any, ann: Person, bob: Person, rated: bool, seed: int) -> str:
    """Ann and Bob play a Purrfect Match against an ``easy`` bot to the end; the table."""
    status, made = ann.call("POST", "/api/tables", {**RATED, "rated": rated})
    assert status == 201, made
    table = made["table"]
    peers = []
    for person, invite in zip((ann, bob), made["invites"], strict=True):
        status, joined = person.call(
            "POST", f"/api/tables/{table}/join", {"invite": invite["code"]}
        )
        assert status == 200, joined
        peers.append(Peer(server.ws_url, table, joined["token"]))
    play_to_end(peers, random.Random(seed))
    for peer in peers:
        peer.close()
    return str(table)


def board(person: Person, min_games: int = 0) -> dict[str, Any]:
    status, found = person.call("GET", f"/api/leaderboard/purrfect?min_games={min_games}")
    assert status == 200, found
    check("http_leaderboard", found)
    return dict(found)


def profile(person: Person, username: str) -> dict[str, Any]:
    status, found = person.call("GET", f"/api/players/{username}")
    assert status == 200, found
    check("http_player", found)
    return dict(found)


def test_a_rated_game_is_rated_once_and_shown_on_profiles_and_leaderboards(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with running(data, bot_pause=0.0) as server:
        ann, bob, guest = Person(server.url), Person(server.url), Person(server.url)
        ann.signup("ann")
        bob.signup("bob")
        table = play(server, ann, bob, rated=True, seed=3)
        wait_until(lambda: len(board(guest)["rows"]) == 3)
        rows = board(guest)["rows"]
        assert {(r["name"], r["username"], r["bot"], r["games"]) for r in rows} == {
            ("ann", "ann", None, 1), ("bob", "bob", None, 1), ("easy bot", None, "easy", 1)
        }  # fmt: skip
        ordinals = [r["ordinal"] for r in rows]
        assert ordinals == sorted(ordinals, reverse=True)
        assert [r["rank"] for r in rows] == [1, 2, 3]
        assert board(guest, min_games=MIN_GAMES)["rows"] == []
        assert board(guest, min_games=1)["rows"] == rows
        status, finished = guest.call("GET", "/api/finished")
        (game,) = finished["tables"]
        mine = profile(guest, "ann")
        (purrfect,) = mine["games"]
        assert purrfect["games"] == 1 and purrfect["wins"] == int(0 in game["winners"])
        assert purrfect["mean_score"] == game["scores"][0]
        assert len(purrfect["history"]) == 1 and purrfect["history"][0]["table"] == table
        (recent,) = purrfect["recent"]
        assert recent["table"] == table and recent["replay"] == f"/replay/{table}"
        assert recent["score"] == game["scores"][0]
        assert recent["rank"] == 1 + sum(
            (s > game["scores"][0]) for s in game["scores"]
        )  # Purrfect Match: the higher score wins
        status, renamed = ann.call("POST", "/api/account/name", {"name": "Ann B."})
        assert status == 200, renamed
        assert profile(guest, "ANN")["name"] == "Ann B."
        assert "Ann B." in {r["name"] for r in board(guest)["rows"]}
        before = board(guest)

        # A casual game changes nothing; a table still being played never shows.
        play(server, ann, bob, rated=False, seed=4)
        status, waiting = ann.call("POST", "/api/tables", RATED)
        assert status == 201
        wait_until(lambda: len(guest.call("GET", "/api/finished")[1]["tables"]) == 2)
        assert board(guest) == before
        text = json.dumps(profile(guest, "ann"))
        assert waiting["table"] not in text
        for secret in ("csrf", "token", "password", "session", "invite", ann.csrf, "seat"):
            assert secret not in text, secret

    # A restart rates nothing again.
    with running(data, bot_pause=0.0) as server:
        guest = Person(server.url)
        assert board(guest) == before
        assert len(profile(guest, "ann")["games"][0]["history"]) == 1
    db = sqlite3.connect(data / "matchmaker.sqlite3")
    try:
        (points,) = db.execute("SELECT COUNT(*) FROM rating_history").fetchone()
        assert points == 3
    finally:
        db.close()


# -- the database ----------------------------------------------------------------------------


def test_a_database_of_version_4_keeps_everything_and_gets_ratings(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = older_database(path, 4, "rated")
    db.execute("INSERT INTO accounts VALUES (1,'ann','Ann','$argon2id$h','c')")
    db.execute("INSERT INTO seat_accounts VALUES ('t1',0,1)")
    db.close()
    storage = Storage(path)
    try:
        assert storage.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 5
        row = storage.table("t1")
        assert row is not None and not row.rated and row.seats == ["human", "easy"]
        assert storage.seat_accounts("t1") == {0: 1}
        account = storage.account(username="ann")
        assert account is not None and account.name == "Ann"
        ratings = Ratings(storage)
        seats = rated_seats(row.seats, {0: 1}, {"scores": [3, 1], "winners": [0]}, [])
        assert seats is not None
        storage.finish("t1", {"scores": [3, 1], "winners": [0]}, (), ratings.rate("t1",
                       "purrfect", seats))  # fmt: skip
        assert ratings.leaderboard("purrfect", 1)["rows"][0]["username"] == "ann"
    finally:
        storage.close_now()
