"""Practice tables and their hints (docs/protocol.md, ``practice`` and the ``hint`` message):
a hint is advice on the seat's own decision, worked out from its view by the analyst and sent
to the connection that asked alone; everywhere else, and to anyone else, it is refused with a
documented error."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from matchmaker.analysis import advise_record
from matchmaker.core.registry import load_game
from matchmaker.server import table as table_module
from matchmaker.server.analyst import AnalysisSettings
from matchmaker.server.app import create_app
from matchmaker.server.lobby import Lobby
from matchmaker.server.table import Table, Timing
from tests.web.client import Peer, create_table, http, join
from tests.web.conftest import free_port
from tests.web.schema import check
from tests.web.test_server import check_messages

#: Imagined deals a hint here: few, for speed (the advice is checked, not its quality).
WORLDS = 8
QUICK = AnalysisSettings(workers=0, hint_worlds=WORLDS)
DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()


@dataclass
class Served:
    """The web app served by uvicorn on a thread of the test process, so that a test can read
    a table's record where the server keeps it."""

    url: str
    ws_url: str
    lobby: Lobby
    loop: asyncio.AbstractEventLoop
    data: Path

    def table(self, table_id: str) -> Table:
        return self.lobby.tables[table_id]

    def on_loop(self, call: Callable[[], Any]) -> Any:
        """``call()`` on the server's event loop (where the tables live), its result."""

        async def run() -> Any:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)


@contextlib.contextmanager
def serving(data: Path, analysis: AnalysisSettings) -> Iterator[Served]:
    """The app on a free port, with its analyst as given, until the block ends."""
    app = create_app(data, Timing(bot_pause=0.0, round_pause=0.0), analysis=analysis)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    loops: list[asyncio.AbstractEventLoop] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        loops.append(loop)
        loop.run_until_complete(server.serve())
        loop.close()

    thread = threading.Thread(target=run, name="test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield Served(
            f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app.state.lobby, loops[0], data
        )
    finally:
        server.should_exit = True
        thread.join(30)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path / "data", QUICK) as live:
        yield live


def sit(
    served: Served, game: str, options: dict[str, Any], seats: list[str], practice: bool = True
) -> tuple[str, dict[int, Peer]]:
    """A table with every person seated and connected; (table, {seat: peer})."""
    table, invites = create_table(served.url, game, options, seats, practice=practice)
    peers = {}
    for seat, code in invites.items():
        peers[seat] = Peer(served.ws_url, table, join(served.url, table, code, f"P{seat}"))
    return table, peers


def turn(peers: dict[int, Peer], timeout: float = 30.0) -> tuple[int, Peer]:
    """The person to decide, once their state offers the decision."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for seat, peer in peers.items():
            peer.pump(0.02)
            if peer.state is not None and peer.state["legal"]:
                return seat, peer
    raise AssertionError("nobody got a decision to make")


HINT_ANSWER = ("hint", "error")


def ask(peer: Peer) -> dict[str, Any]:
    """Ask for a hint; the answer (a ``hint`` or an ``error``)."""
    peer.send({"type": "hint", "token": peer.token})
    return peer.wait_for(lambda m: m["type"] in HINT_ANSWER)


def the_advice(served: Served, table: str, seat: int, seq: int) -> dict[str, Any]:
    """``advise_record`` on the table's record as it stands, with the table's hint seed."""
    live = served.table(table)
    record, seed = served.on_loop(lambda: (live.record(), live.hint_seed(seat, seq)))
    return {"type": "hint", "seq": seq, **advise_record(record, seat, WORLDS, seed)}


def test_no_hint_at_a_table_that_is_not_a_practice_table(served: Served) -> None:
    table, peers = sit(served, "clecanian", {"players": 2, "rounds": 1}, ["human", "medium"],
                       practice=False)  # fmt: skip
    _, peer = turn(peers)
    error = ask(peer)
    assert (error["code"], error["about"]) == ("hints_off", "hint"), error
    assert "practice tables" in error["message"]
    check("server_error", error)
    summary = http("GET", f"{served.url}/api/tables/{table}")[1]
    assert summary["practice"] is False
    check("http_summary", summary)
    peer.send({"type": "ping"})
    assert peer.wait_for(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


@pytest.mark.parametrize(
    ("game", "options"),
    [("clecanian", {"players": 3, "rounds": 1}), ("purrfect", {"players": 3})],
)
def test_the_seat_to_decide_gets_its_hint_and_nobody_else(
    served: Served, game: str, options: dict[str, Any]
) -> None:
    table, peers = sit(served, game, options, ["human", "human", "medium"])
    summary = http("GET", f"{served.url}/api/tables/{table}")[1]
    assert summary["practice"] is True
    check("http_summary", summary)
    seat, mover = turn(peers)
    waiter = peers[1 - seat]  # the other person (seat 2 is a bot)
    assert mover.state is not None
    seq = mover.state["seq"]
    expected = the_advice(served, table, seat, seq)
    hint = ask(mover)
    check("server_hint", hint)
    assert hint == expected
    legal = {(a["name"], a["arg"], a["label"]) for a in mover.state["legal"]}
    assert {(o["name"], o["arg"], o["label"]) for o in hint["options"]} == legal
    assert ask(mover) == hint  # the same decision: the same advice, sent again
    error = ask(waiter)
    assert error["code"] == "not_your_turn", error
    assert not [m for m in waiter.messages if m["type"] == "hint"]
    spectator = Peer(served.ws_url, table)
    spectator.wait_for(lambda m: m["type"] == "state")
    refused = spectator.error({"type": "hint", "token": mover.token})
    assert refused["code"] == "bad_token" and "hints" in refused["message"]
    assert spectator.error({"type": "hint"})["code"] == "bad_field"
    assert not [m for m in spectator.messages if m["type"] == "hint"]
    for peer in (*peers.values(), spectator):
        peer.close()


def test_one_hint_at_a_time_and_a_late_hint_keeps_its_seq(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a seat's hint is being worked out, asking again is ``hint_pending``; if the table
    moves on meanwhile, the hint still comes, with the seq it was worked out at."""
    gate = threading.Event()
    started = threading.Event()

    def held(*args: Any) -> dict[str, Any]:
        started.set()
        assert gate.wait(30), "the test never let the hint go"
        return advise_record(*args)

    monkeypatch.setattr(table_module, "advise_record", held)
    try:
        _, peers = sit(served, "clecanian", {"players": 2, "rounds": 1}, ["human", "medium"])
        _, peer = turn(peers)
        assert peer.state is not None
        seq = peer.state["seq"]
        peer.send({"type": "hint", "token": peer.token})
        assert started.wait(30)
        error = ask(peer)
        assert (error["code"], error["about"]) == ("hint_pending", "hint"), error
        choice = peer.state["legal"][0]
        peer.send({"type": "act", "token": peer.token, "seq": seq,
                   "action": {"name": choice["name"], "arg": choice["arg"]}})  # fmt: skip
        peer.wait_for(lambda m: m["type"] == "state" and m["seq"] > seq)
    finally:
        gate.set()
    hint = peer.wait_for(lambda m: m["type"] == "hint")
    assert hint["seq"] == seq and peer.state is not None and peer.state["seq"] > seq
    assert hint["best"]["name"] in {o["name"] for o in hint["options"]}
    peer.close()


def stored_events(data: Path, table: str) -> list[dict[str, Any]]:
    db = sqlite3.connect(data / "matchmaker.sqlite3")
    rows = db.execute("SELECT event FROM events WHERE table_id=? ORDER BY seq", (table,))
    events = [json.loads(r[0]) for r in rows.fetchall()]
    db.close()
    return events


def test_a_whole_practice_game_with_a_hint_at_every_decision(tmp_path: Path) -> None:
    """Every message, the hints included, fits the schema and tells the seat nothing its view
    does not (the leak scan of test_server.py); the rematch is a practice table too, and both
    stay practice tables after a restart, as a normal table stays normal."""
    data = tmp_path / "data"
    options = {"players": 2, "rounds": 1}
    with serving(data, QUICK) as live:
        table, peers = sit(live, "clecanian", options, ["human", "medium"])
        normal, _ = create_table(live.url, "purrfect", {"players": 2}, ["human", "medium"])
        peer = peers[0]
        rng = random.Random(5)
        hints = 0
        deadline = time.monotonic() + 300
        while not (peer.state is not None and peer.state["over"]):
            assert time.monotonic() < deadline, "the game did not end"
            peer.pump(0.05)
            state = peer.state
            if state is None or not state["legal"] or state["seq"] == peer.acted_at:
                continue
            hint = ask(peer)
            assert hint["type"] == "hint" and hint["seq"] == state["seq"], hint
            best = (hint["best"]["name"], hint["best"]["arg"])
            assert best in {(a["name"], a["arg"]) for a in state["legal"]}
            hints += 1
            peer.act_randomly(rng)
        assert hints >= 5
        assert ask(peer)["code"] == "game_over"
        check_messages(load_game("clecanian", options), stored_events(data, table), peer, 0)
        peer.send({"type": "rematch", "token": peer.token})
        rematch = peer.wait_for(lambda m: m["type"] == "rematch")["table"]
        assert http("GET", f"{live.url}/api/tables/{rematch}")[1]["practice"] is True
        peer.close()
    with serving(data, QUICK) as again:
        for table_id, practice in ((table, True), (rematch, True), (normal, False)):
            assert http("GET", f"{again.url}/api/tables/{table_id}")[1]["practice"] is practice


def test_a_hint_worked_out_in_a_worker_process(tmp_path: Path) -> None:
    with serving(tmp_path / "data", AnalysisSettings(workers=1, hint_worlds=WORLDS)) as live:
        table, peers = sit(live, "purrfect", {"players": 2}, ["human", "medium"])
        seat, peer = turn(peers)
        assert peer.state is not None
        expected = the_advice(live, table, seat, peer.state["seq"])
        assert ask(peer) == expected
        peer.close()


@pytest.mark.parametrize("practice", ["yes", 1, None, [], {"on": True}])
def test_practice_must_be_true_or_false(served: Served, practice: Any) -> None:
    body = {"game": "purrfect", "seats": ["human", "medium"], "options": {"players": 2},
            "practice": practice}  # fmt: skip
    status, answer = http("POST", f"{served.url}/api/tables", body)
    assert (status, answer["error"]) == (400, "bad_field") and "practice" in answer["message"]


def test_the_documented_hint_fits_the_schema() -> None:
    found = re.search(r'`(\{"type": "hint", "seq".*?\})`\.', DOC, re.S)
    assert found, "docs/protocol.md shows no hint message"
    check("server_hint", json.loads(found.group(1)))
    check("client_hint", {"type": "hint", "token": "tk_x"})
