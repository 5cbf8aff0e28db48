"""Table talk at an online table: bots speak when the talk phase opens, whoever opened it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from matchmaker.server.app import create_app
from matchmaker.server.table import Timing
from tests.web.client import whole_state

CHATTY = "tests.web.plugin_bots:ChattyBot"


def test_bots_claim_when_a_persons_nomination_opens_the_inspection(tmp_path: Path) -> None:
    app = create_app(tmp_path, Timing(bot_pause=0), plugin_bots=True)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={"game": "purrfect", "options": {"players": 3, "first_proposer": 1},
                  "seats": ["human", CHATTY, CHATTY]},
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
                if message["type"] in ("state", "update"):
                    state = whole_state(state, message)
            # Seat 1 proposes, seat 2 has nominated: seat 0's nomination is the last one.
            assert state["phase"] == "nominate" and state["view"]["to_nominate"] == [0]
            choice = state["legal"][0]
            ws.send_json({"type": "act", "token": token,
                          "action": {"name": choice["name"], "arg": choice["arg"]}})  # fmt: skip
            message = ws.receive_json()
            while message["type"] != "chat":
                assert message["type"] != "error", message
                message = ws.receive_json()
            claim = message["message"]
            assert (claim["seat"], claim["kind"], claim["seq"]) == (2, "claim", state["seq"] + 1)
