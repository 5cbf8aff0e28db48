"""The server under faults: a plug-in bot that fails, a database that cannot be written."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from matchmaker.server import storage
from matchmaker.server.app import create_app
from matchmaker.server.table import Timing


def test_a_failing_plug_in_bot_does_not_stop_the_table(tmp_path: Path) -> None:
    app = create_app(tmp_path, Timing(bot_pause=0), plugin_bots=True)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={"game": "clecanian", "options": {"rounds": 1},
                  "seats": ["tests.web.plugin_bots:CrashingBot", "greedy"]},
        )  # fmt: skip
        assert made.status_code == 201, made.json()
        table = made.json()["table"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the table stopped"
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table}/record").json()["result"]["finished"] is True


def test_plug_in_bots_are_refused_unless_the_server_allows_them(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        answer = client.post(
            "/api/tables",
            json={"game": "clecanian", "seats": ["human", "tests.web.plugin_bots:CrashingBot"]},
        )
        assert answer.status_code == 400 and answer.json()["error"] == "bad_bot"


def failing_once(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the next group commit fail as a full disk would; the list counts failures."""
    failures: list[int] = []
    real = storage.commit

    def commit(db: sqlite3.Connection, writes: list[storage.Write]) -> None:
        if not failures:
            failures.append(len(writes))
            raise sqlite3.OperationalError("database or disk is full")
        real(db, writes)

    monkeypatch.setattr(storage, "commit", commit)
    return failures


def test_moves_the_database_cannot_store_are_never_told_and_the_table_goes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(tmp_path, Timing(bot_pause=0))
    with TestClient(app) as client:
        made = client.post(
            "/api/tables", json={"game": "purrfect", "options": {"players": 2},
                                 "seats": ["human", "greedy"]},
        ).json()  # fmt: skip
        table = made["table"]
        token = client.post(
            f"/api/tables/{table}/join", json={"invite": made["invites"][0]["code"]}
        ).json()["token"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})

            def next_turn() -> dict[str, Any]:
                while True:
                    message: dict[str, Any] = ws.receive_json()
                    if message["type"] in ("state", "update") and message["legal"]:
                        return message

            state = next_turn()
            failures = failing_once(monkeypatch)
            choice = state["legal"][0]
            ws.send_json({"type": "act", "token": token,
                          "action": {"name": choice["name"], "arg": choice["arg"]}})  # fmt: skip
            told: list[dict[str, Any]] = []
            while len(told) < 5:
                message = ws.receive_json()
                if message["type"] != "presence":
                    told.append(message)
            kinds = [m["type"] for m in told]
            assert kinds == ["error", "welcome", "chat_history", "log", "state"]
            assert told[0]["code"] == "server_error" and "stored" in told[0]["message"]
            assert told[3]["entries"] and told[3]["entries"][-1]["seq"] < state["seq"]
            assert told[4]["seq"] == state["seq"] and told[4]["view"] == state["view"]
            assert failures == [1]
            assert client.get(f"/api/tables/{table}").json()["seq"] == state["seq"]
            ws.send_json({"type": "act", "token": token,
                          "action": {"name": choice["name"], "arg": choice["arg"]}})  # fmt: skip
            after = next_turn()
            assert after["seq"] > state["seq"]
        assert client.get(f"/api/tables/{table}").json()["seq"] >= after["seq"]


def test_a_table_the_database_cannot_store_is_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(tmp_path)) as client:
        failing_once(monkeypatch)
        answer = client.post("/api/tables", json={"game": "clecanian"})
        assert answer.status_code == 503 and answer.json()["error"] == "server_error"
        assert client.get("/api/tables").status_code == 405
        made = client.post("/api/tables", json={"game": "clecanian"})
        assert made.status_code == 201
        assert client.get(f"/api/tables/{made.json()['table']}").status_code == 200
        listed = [t for t in sqlite3.connect(tmp_path / "matchmaker.sqlite3").execute(
            "SELECT id FROM tables")]  # fmt: skip
        assert listed == [(made.json()["table"],)]
