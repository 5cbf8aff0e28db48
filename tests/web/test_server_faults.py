"""The server under faults: a plug-in bot that fails, a database that cannot be written."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

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


def test_a_database_that_cannot_be_written_refuses_the_move_and_keeps_the_state(
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
            state: dict[str, Any] = {}
            while not state.get("legal"):
                message = ws.receive_json()
                if message["type"] == "state":
                    state = message

            def full(*args: Any) -> None:
                raise sqlite3.OperationalError("database or disk is full")

            monkeypatch.setattr(app.state.lobby.storage, "add_event", full)
            choice = state["legal"][0]
            ws.send_json({"type": "act", "token": token,
                          "action": {"name": choice["name"], "arg": choice["arg"]}})  # fmt: skip
            error = ws.receive_json()
            while error["type"] != "error":
                error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "server_error"
            assert client.get(f"/api/tables/{table}").json()["seq"] == state["seq"]
