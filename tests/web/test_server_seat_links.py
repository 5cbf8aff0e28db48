"""Seat links (docs/protocol.md, ``seat-link`` and ``recover``): a seat's one-time recovery
code takes the seat back from a lost browser; the old token stops working at once."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from matchmaker.server.storage import SCHEMA_VERSION, Storage
from tests.web.client import Peer, http, play_to_end
from tests.web.conftest import LiveServer, free_port
from tests.web.older import older_database
from tests.web.schema import check
from tests.web.test_server import seat_people

MOVED = "this seat was taken back from another browser"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(data=tmp_path_factory.mktemp("links") / "data", port=free_port(),
                      bot_pause=0)  # fmt: skip
    live.start()
    try:
        yield live
    finally:
        live.stop()


def link(server: LiveServer, table: str, body: Any) -> tuple[int, dict[str, Any]]:
    """``POST /api/tables/{table}/seat-link``."""
    status, answer = http("POST", f"{server.url}/api/tables/{table}/seat-link", body)
    check("http_seat_link" if status == 200 else "http_error", answer)
    return status, answer


def recover(server: LiveServer, table: str, body: Any) -> tuple[int, dict[str, Any]]:
    """``POST /api/tables/{table}/recover``."""
    status, answer = http("POST", f"{server.url}/api/tables/{table}/recover", body)
    check("http_recovered" if status == 200 else "http_error", answer)
    return status, answer


def closed(peer: Peer) -> bool:
    """Whether the server closed the connection (reading on until it does)."""
    try:
        while True:
            peer.ws.recv(timeout=30)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False


def test_a_link_is_issued_only_to_the_tokens_holder(server: LiveServer) -> None:
    table, peers = seat_people(server, "clecanian", {"players": 3, "rounds": 1},
                               ["human", "human", "greedy"])  # fmt: skip
    status, answer = link(server, table, {"token": peers[1].token})
    assert status == 200 and answer["seat"] == 1 and answer["code"].startswith("rc_")
    assert answer["url"] == f"/table/{table}#recover={answer['code']}"
    cases: list[tuple[str, Any, int, str]] = [
        (table, {"token": "tk_forged"}, 403, "bad_token"),
        (table, {"token": ""}, 400, "bad_field"),
        (table, {"token": 7}, 400, "bad_field"),
        (table, {}, 400, "bad_field"),
        (table, [peers[0].token], 400, "bad_json"),
        ("tnothere", {"token": peers[0].token}, 404, "unknown_table"),
    ]
    for where, body, code, error in cases:
        status, answer = link(server, where, body)
        assert (status, answer["error"]) == (code, error), body
        assert answer["message"]
    for body, code, error in [
        ({"code": "rc_nothing"}, 403, "bad_code"),
        ({"code": None}, 400, "bad_field"),
        ({"token": peers[0].token}, 400, "bad_field"),
        ("rc_x", 400, "bad_json"),
    ]:
        status, answer = recover(server, table, body)
        assert (status, answer["error"]) == (code, error), body
    status, answer = http("POST", f"{server.url}/api/tables/{table}/recover", None)
    assert (status, answer["error"]) == (400, "bad_json")
    for peer in peers.values():
        peer.close()


def test_a_second_browser_takes_the_seat_back_once(server: LiveServer) -> None:
    table, peers = seat_people(server, "clecanian", {"players": 2, "rounds": 1},
                               ["human", "greedy"])  # fmt: skip
    old = peers[0]
    old.wait_for(lambda m: m["type"] == "state")
    _status, first = link(server, table, {"token": old.token})
    _status, second = link(server, table, {"token": old.token})  # replaces the first
    assert first["code"] != second["code"]
    status, answer = recover(server, table, {"code": first["code"]})
    assert (status, answer["error"]) == (403, "bad_code")
    status, taken = recover(server, table, {"code": second["code"]})
    assert status == 200 and taken["seat"] == 0 and taken["token"] != old.token
    moved = old.wait_for(lambda m: m["type"] == "error")
    assert (moved["code"], moved["message"]) == ("seat_moved", MOVED)
    assert closed(old)
    status, answer = recover(server, table, {"code": second["code"]})
    assert (status, answer["error"]) == (403, "bad_code")  # a code works once
    again = Peer(server.ws_url, table, old.token)
    assert again.wait_for(lambda m: m["type"] == "error")["code"] == "bad_token"
    again.close()
    new = Peer(server.ws_url, table, taken["token"])
    assert new.wait_for(lambda m: m["type"] == "state")["seq"] > 0
    assert next(m for m in new.messages if m["type"] == "welcome")["seat"] == 0
    act = {"type": "act", "token": old.token, "action": {"name": "reveal", "arg": 0}}
    assert new.error(act)["code"] == "bad_token"
    status, answer = link(server, table, {"token": old.token})
    assert (status, answer["error"]) == (403, "bad_token")
    play_to_end([new], random.Random(1))
    new.close()


def test_links_work_on_a_finished_table_and_for_this_table_only(server: LiveServer) -> None:
    table, peers = seat_people(server, "purrfect", {"players": 2}, ["human", "greedy"])
    ann = peers[0]
    play_to_end([ann], random.Random(2))
    ann.send({"type": "rematch", "token": ann.token})
    rematch = ann.wait_for(lambda m: m["type"] == "rematch")["table"]
    ann.close()
    _status, made = link(server, table, {"token": ann.token})
    status, taken = recover(server, table, {"code": made["code"]})
    assert status == 200
    finished = Peer(server.ws_url, table, taken["token"])
    assert finished.wait_for(lambda m: m["type"] == "state")["over"] is True
    finished.close()
    later = Peer(server.ws_url, rematch, ann.token)  # the rematch made before keeps its token
    assert later.wait_for(lambda m: m["type"] in ("welcome", "error"))["type"] == "welcome"
    later.close()
    other = Peer(server.ws_url, rematch, taken["token"])
    assert other.wait_for(lambda m: m["type"] == "error")["code"] == "bad_token"
    other.close()


def test_links_and_recoveries_survive_a_restart_and_never_reach_the_log(
    tmp_path: Path,
) -> None:
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0)
    live.start()
    try:
        table, peers = seat_people(live, "clecanian", {"players": 2, "rounds": 1},
                                   ["human", "greedy"])  # fmt: skip
        old = peers[0].token
        assert old is not None
        peers[0].close()
        _status, made = link(live, table, {"token": old})
        live.kill()
        live.start()
        status, taken = recover(live, table, {"code": made["code"]})
        assert status == 200
        live.kill()
        live.start()
        refused = Peer(live.ws_url, table, old)
        assert refused.wait_for(lambda m: m["type"] == "error")["code"] == "bad_token"
        refused.close()
        back = Peer(live.ws_url, table, taken["token"])
        assert back.wait_for(lambda m: m["type"] == "welcome")["seat"] == 0
        back.close()
        status, answer = recover(live, table, {"code": made["code"]})
        assert (status, answer["error"]) == (403, "bad_code")
        log = live.log()
        for secret in (old, made["code"], taken["token"]):
            assert secret not in log
        db = sqlite3.connect(live.data / "matchmaker.sqlite3")
        stored = "\n".join(str(row) for name in ("seats", "seat_links")
                           for row in db.execute(f"SELECT * FROM {name}"))  # fmt: skip
        db.close()
        for secret in (old, made["code"], taken["token"]):
            assert secret not in stored  # only hashes are kept
    finally:
        live.stop()


def test_a_database_of_version_1_gets_seat_links(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = older_database(path, 1, "seat_links", seats=["human"])
    db.close()
    storage = Storage(path)
    try:
        assert storage.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 4
        (seat,) = storage.seats("t1")
        assert (seat.token_hash, seat.name, seat.link_hash) == ("th", "Ann", None)
        storage.link_seat("t1", 0, "lh")
        assert storage.seats("t1")[0].link_hash == "lh"
    finally:
        storage.close_now()
