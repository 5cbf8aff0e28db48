"""The round-end hold of Clecanian Golf (docs/protocol.md, ``pause`` and ``ready``): once a
round is scored and the next dealt, nobody but people decides until every person connected is
ready or the hold's time is up."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.client import Peer, create_table, join
from tests.web.conftest import LiveServer, free_port
from tests.web.schema import check_server_message
from tests.web.test_server import seat_people

#: A hold no test waits out.
LONG = 600.0


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server holding every round's end for ``LONG`` seconds, whose stand-ins play at once
    for a person who is not connected."""
    data = tmp_path_factory.mktemp("hold") / "data"
    live = LiveServer(data=data, port=free_port(), bot_pause=0, away_after=0.2, round_pause=LONG)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def play_until(peers: list[Peer], done: Callable[[dict[str, Any]], bool], seed: int = 1) -> None:
    """The seated peers make random decisions until a state passing ``done`` came to all."""
    rng = random.Random(seed)
    reached = [False] * len(peers)
    for _ in range(20000):
        for at, peer in enumerate(peers):
            seen = len(peer.messages)
            peer.pump(0.01)
            if any(m["type"] == "state" and done(m) for m in peer.messages[seen:]):
                reached[at] = True
        if all(reached):
            return
        for peer in peers:
            state = peer.state
            if peer.token and state is not None and state["pause"] is None:
                peer.act_randomly(rng)
    raise AssertionError("the table never got there")


def got(peer: Peer, test: Callable[[dict[str, Any]], bool], timeout: float = 60.0) -> Any:
    """The first message a connection received passing ``test``, read so far or still to
    come (``Peer.wait_for`` looks only at messages read after it is called)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = next((m for m in peer.messages if test(m)), None)
        if found is not None:
            return found
        peer.pump(0.05)
    raise AssertionError(f"no such message within {timeout} s; last: {peer.messages[-3:]}")


def paused(state: dict[str, Any]) -> bool:
    """A state of the hold once the next round is dealt."""
    return state["pause"] is not None and state["to_act"] >= 0


def quiet(peers: list[Peer], seconds: float = 1.0) -> None:
    """Read what comes for a while (to see that nothing moves)."""
    for peer in peers:
        peer.pump(seconds / len(peers))


def test_the_hold_waits_for_every_person_here_and_no_bot_decides(held: LiveServer) -> None:
    options = {"players": 3, "rounds": 2}
    table, peers = seat_people(held, "clecanian", options, ["human", "human", "greedy"])
    ann, bob = peers[0], peers[1]
    watcher = Peer(held.ws_url, table)
    everyone = [ann, bob, watcher]
    play_until(everyone, paused)
    marks = [len(p.messages) for p in everyone]
    state = ann.state
    assert state is not None and state["pause"]["reason"] == "round_over"
    assert state["pause"]["round"] == 0 and state["pause"]["waiting"] == [0, 1]
    assert 0 < state["pause"]["seconds"] <= LONG
    assert state["to_act"] == 2 and state["view"]["round"] == 1  # the next round is dealt
    assert state["view"]["previous_grids"] and len(state["view"]["round_scores"]) == 1
    assert state["timer"] is None and state["legal"] == []
    seq = state["seq"]
    assert watcher.error({"type": "ready", "token": ann.token})["code"] == "bad_token"
    quiet(everyone)
    assert all(p.state is not None and p.state["seq"] == seq for p in everyone)
    since = [m for p, mark in zip(everyone, marks, strict=True) for m in p.messages[mark:]]
    assert not any(m["type"] == "thinking" for m in since)
    ann.send({"type": "ready", "token": ann.token})
    told = got(bob, lambda m: m["type"] == "state" and (m["pause"] or {}).get("waiting") == [1])
    assert told["seq"] == seq
    quiet(everyone)
    assert all(p.state is not None and p.state["seq"] == seq for p in everyone)
    bob.send({"type": "ready", "token": bob.token})
    for peer in everyone:
        got(peer, lambda m: m["type"] == "state" and m["seq"] == seq and m["pause"] is None)
        got(peer, lambda m: m["type"] == "state" and m["seq"] > seq)  # the bot plays on
    ann.send({"type": "ready", "token": ann.token})  # outside a hold: no answer
    ann.send({"type": "ping"})
    answer = ann.wait_for(lambda m: m["type"] in ("pong", "error"))
    assert answer["type"] == "pong"
    for text in ann.raw:  # every message, pause included, fits the protocol's schema
        check_server_message(json.loads(text))
    for peer in everyone:
        peer.close()


def test_a_decision_during_the_hold_counts_as_ready(held: LiveServer) -> None:
    options = {"players": 3, "rounds": 2}
    _table, peers = seat_people(held, "clecanian", options, ["greedy", "human", "human"])
    bob, cid = peers[1], peers[2]
    play_until([bob, cid], paused, seed=2)
    state = cid.state
    assert state is not None and state["to_act"] == 2 and state["legal"]  # people may act
    assert state["pause"]["waiting"] == [1, 2]
    action = {"name": "reveal", "arg": 0}
    cid.send({"type": "act", "token": cid.token, "action": action})
    moved = bob.wait_for(lambda m: m["type"] == "state" and m["seq"] == state["seq"] + 1)
    assert moved["pause"] is not None and moved["pause"]["waiting"] == [1]
    bob.send({"type": "ready", "token": bob.token})
    bob.wait_for(lambda m: m["type"] == "state" and m["pause"] is None)
    for peer in (bob, cid):
        peer.close()


def test_a_table_with_no_person_here_does_not_hold(held: LiveServer) -> None:
    options = {"players": 2, "rounds": 2}
    table, invites = create_table(held.url, "clecanian", options, ["human", "greedy"])
    join(held.url, table, invites[0], "Ann")  # Ann never connects: her stand-in plays
    watcher = Peer(held.ws_url, table)
    watcher.wait_for(lambda m: m["type"] == "state" and m["over"], timeout=120)
    states = [m for m in watcher.messages if m["type"] == "state"]
    assert {0, 1} <= {s["view"]["round"] for s in states}
    assert all(s["pause"] is None for s in states)
    watcher.close()


def test_the_hold_ends_when_its_time_is_up(tmp_path: Path) -> None:
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0, round_pause=1.0)
    live.start()
    try:
        _table, peers = seat_people(live, "clecanian", {"players": 2, "rounds": 2},
                                    ["human", "greedy"])  # fmt: skip
        ann = peers[0]
        play_until([ann], paused, seed=3)
        state = ann.state
        assert state is not None and 0 < state["pause"]["seconds"] <= 1.0
        got(ann, lambda m: m["type"] == "state" and m["seq"] >= state["seq"] and not m["pause"])
        ann.close()
    finally:
        live.stop()


def test_the_hold_is_not_kept_across_a_restart(tmp_path: Path) -> None:
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0, round_pause=LONG)
    live.start()
    try:
        table, peers = seat_people(live, "clecanian", {"players": 3, "rounds": 2},
                                   ["human", "human", "greedy"])  # fmt: skip
        play_until(list(peers.values()), paused, seed=4)
        state = peers[0].state
        assert state is not None
        live.kill()
        for peer in peers.values():
            peer.close()
        live.start()
        back = Peer(live.ws_url, table, peers[0].token)
        first = got(back, lambda m: m["type"] == "state")
        assert first["seq"] >= state["seq"] and first["pause"] is None
        got(back, lambda m: m["type"] == "state" and m["seq"] > state["seq"])  # nobody was ready
        back.close()
    finally:
        live.stop()


def test_the_fixture_with_a_hold_holds(live_server_with_pause: LiveServer) -> None:
    _table, peers = seat_people(live_server_with_pause, "clecanian", {"players": 2, "rounds": 2},
                                ["human", "greedy"])  # fmt: skip
    play_until([peers[0]], paused, seed=5)
    peers[0].close()
