"""The kept log (docs/protocol.md, ``log``): after a reload, for a person who connects late,
for a spectator and on a finished table, every connection first hears the game so far as its
seat was (or would have been) told it, and nothing its seat could not see."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from matchmaker.core.registry import load_game
from matchmaker.server.app import create_app
from matchmaker.server.table import Table, Timing
from tests.web.client import Peer, create_table, join, play_to_end
from tests.web.conftest import LiveServer, free_port
from tests.web.test_server import check_messages, seat_people, stored_events


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose stand-ins play at once for a person who is not connected."""
    data = tmp_path_factory.mktemp("log") / "data"
    live = LiveServer(data=data, port=free_port(), bot_pause=0, away_after=0.2)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def told_lines(peer: Peer) -> list[str]:
    """Every narration line a connection heard: its log, then each state's events."""
    lines = []
    for message in peer.messages:
        if message["type"] == "log":
            lines += [line for entry in message["entries"] for line in entry["lines"]]
        elif message["type"] == "state":
            lines += [line for told in message["events"] for line in told["lines"]]
    return lines


def opening(peer: Peer) -> list[str]:
    """The types of a connection's first four messages."""
    peer.wait_for(lambda m: m["type"] == "state")
    return [m["type"] for m in peer.messages if m["type"] != "presence"][:4]


ORDER = ["welcome", "chat_history", "log", "state"]


def test_a_reload_hears_the_game_so_far(server: LiveServer) -> None:
    game, options = "clecanian", {"players": 2, "rounds": 2}
    table, peers = seat_people(server, game, options, ["human", "greedy"])
    ann = peers[0]
    play_to_end([ann], random.Random(1), stop_at=40)
    ann.close()
    back = Peer(server.ws_url, table, ann.token)
    assert opening(back) == ORDER
    heard = told_lines(ann)
    assert told_lines(back)[: len(heard)] == heard  # (the stand-in may have played on)
    assert len(back.messages[2]["entries"]) > 5
    check_messages(load_game(game, options), stored_events(server, table), back, 0)
    again = Peer(server.ws_url, table, ann.token)  # a second connection at once: the same log
    assert opening(again) == ORDER
    if again.messages[3]["seq"] == back.messages[3]["seq"]:
        assert again.messages[2] == back.messages[2]
    play_to_end([back, again], random.Random(2))
    for peer in (back, again):
        peer.close()


def test_a_person_who_connects_late_and_a_late_spectator_hear_their_own_game(
    server: LiveServer,
) -> None:
    game, options = "clecanian", {"players": 3, "rounds": 1}
    table, invites = create_table(server.url, game, options, ["human", "human", "greedy"])
    tokens = {seat: join(server.url, table, code, f"P{seat}") for seat, code in invites.items()}
    ann = Peer(server.ws_url, table, tokens[0])
    early = Peer(server.ws_url, table)
    play_to_end([ann, early], random.Random(3), stop_at=45)  # seat 1's stand-in plays
    bob = Peer(server.ws_url, table, tokens[1])
    late = Peer(server.ws_url, table)
    for peer in (bob, late):
        assert opening(peer) == ORDER
    early.pump(0.2)
    events = stored_events(server, table)
    played = load_game(game, options)
    check_messages(played, events, bob, 1)
    check_messages(played, events, late, None)
    heard = told_lines(early)
    kept = told_lines(late)
    assert kept[: len(heard)] == heard[: len(kept)]  # the public view's narration, both ways
    assert any("P1" in line for line in kept)
    play_to_end([ann, bob, early, late], random.Random(4))
    for peer in (ann, bob, early, late):
        peer.close()


def test_a_purrfect_log_names_only_your_own_cats(server: LiveServer) -> None:
    game, options = "purrfect", {"players": 3}
    table, peers = seat_people(server, game, options, ["human", "human", "greedy"])
    play_to_end(list(peers.values()), random.Random(5), stop_at=60)
    peers[1].close()
    bob = Peer(server.ws_url, table, peers[1].token)
    assert opening(bob) == ORDER
    check_messages(load_game(game, options), stored_events(server, table), bob, 1)
    cats = [line for line in told_lines(bob) if "'s cats:" in line]
    assert cats and all(line.startswith("P1's cats:") for line in cats), cats
    play_to_end([peers[0], bob], random.Random(6))
    for peer in (peers[0], bob):
        peer.close()


def test_a_kept_log_grows_with_what_was_told_live(tmp_path: Path) -> None:
    """While a seat watches, its log grows from the lines told live (no game narrated again),
    and it is exactly the log made from the events."""
    app = create_app(tmp_path, Timing(bot_pause=0, round_pause=0))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "clecanian", "options": {"players": 2, "rounds": 1},
            "seats": ["human", "greedy"]}).json()  # fmt: skip
        table_id = made["table"]
        token = client.post(
            f"/api/tables/{table_id}/join", json={"invite": made["invites"][0]["code"]}
        ).json()["token"]
        table: Table = app.state.lobby.tables[table_id]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            first = receive(ws, "log")
            narrated = []
            real = table._narrated_log

            def narrate(index: int) -> list[dict[str, Any]]:
                narrated.append(index)
                return real(index)

            table._narrated_log = narrate  # type: ignore[method-assign]
            for _ in range(12):
                state = receive(ws, "state", "update", legal=True)
                action = {"name": state["legal"][0]["name"], "arg": state["legal"][0]["arg"]}
                ws.send_json({"type": "act", "token": token, "seq": state["seq"], "action": action})
            receive(ws, "state", "update", legal=True)
            with client.websocket_connect(f"/ws/{table_id}") as second:
                second.send_json({"type": "hello", "token": token})
                grown = receive(second, "log")
                state = receive(second, "state")
            assert narrated == [], "the log was narrated again although the seat watched"
            assert grown["entries"][: len(first["entries"])] == first["entries"]
            assert len(grown["entries"]) > len(first["entries"])
            assert grown["entries"] == real(0)
            assert grown["entries"][-1]["seq"] < state["seq"]
            assert table.log_entries(0) is table.log_entries(0)  # kept, not made again


def receive(ws: Any, *kinds: str, legal: bool = False) -> dict[str, Any]:
    """The next message of one of ``kinds`` (with legal decisions, if asked) on a test
    client's WebSocket."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in kinds and (not legal or message["legal"]):
            return message
    raise AssertionError(f"no {kinds} message")
