"""A small test client of the web protocol over real WebSockets (docs/protocol.md)."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def http(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    """One HTTP request with a JSON body; (status, decoded JSON answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def create_table(base: str, game: str, options: dict[str, Any], seats: list[str], **extra: Any):
    """Create a table; (table id, {seat: invite code})."""
    status, answer = http(
        "POST", f"{base}/api/tables", {"game": game, "options": options, "seats": seats, **extra}
    )
    assert status == 201, answer
    return answer["table"], {i["seat"]: i["code"] for i in answer["invites"]}


def join(base: str, table: str, invite: str, name: str = "") -> str:
    """Join a seat; its token."""
    status, answer = http(
        "POST", f"{base}/api/tables/{table}/join", {"invite": invite, "name": name}
    )
    assert status == 200, answer
    token: str = answer["token"]
    return token


def whole_state(last: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The whole state a ``state`` or ``update`` message stands for (docs/protocol.md), given
    the last whole state: an update's view is the last one with the changed fields replaced
    and the grown arrays extended. It is a ``state`` with ``"sent_as": "update"``."""
    if message["type"] == "state":
        return message
    view = dict(last["view"])
    view.update(message["changed"])
    for name, items in message["appended"].items():
        view[name] = [*view[name], *items]
    rest = {k: v for k, v in message.items() if k not in ("changed", "appended")}
    return {**rest, "type": "state", "view": view, "sent_as": "update"}


class Peer:
    """One WebSocket connection, sitting at a seat (with its token) or watching."""

    def __init__(self, ws_base: str, table: str, token: str | None = None) -> None:
        self.stack = contextlib.ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(
            connect(f"{ws_base}/ws/{table}", max_size=None, compression=None)
        )
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.acted_at = -1
        self.send(
            {"type": "hello", "token": token} if token else {"type": "hello", "spectate": True}
        )

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is); nothing if the server closed."""
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def pump(self, timeout: float = 0.0) -> int:
        """Read the messages that arrive within ``timeout``; how many came."""
        count = 0
        while True:
            try:
                text = self.ws.recv(timeout=timeout)
            except TimeoutError:
                return count
            except ConnectionClosed:
                return count
            assert isinstance(text, str)
            self.raw.append(text)
            message = json.loads(text)
            if message["type"] == "update":
                message = self.updated(message)
            self.messages.append(message)
            if message["type"] == "state":
                self.state = message
            count += 1
            timeout = 0.0

    def updated(self, update: dict[str, Any]) -> dict[str, Any]:
        """The whole state an ``update`` stands for (``whole_state``)."""
        assert self.state is not None, "an update came before any state"
        return whole_state(self.state, update)

    def wait_for(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 20.0
    ) -> dict[str, Any]:
        """The first new message passing ``test`` (reading on until it comes)."""
        seen = len(self.messages)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            for message in self.messages[seen:]:
                if test(message):
                    return message
            seen = len(self.messages)
        raise AssertionError(f"no such message within {timeout} s; last: {self.messages[-3:]}")

    def error(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send a message that must be refused; the error that comes back."""
        self.send(message)
        return self.wait_for(lambda m: m["type"] == "error")

    def act_randomly(self, rng: random.Random) -> bool:
        """Make a random legal decision if one is offered and not yet answered."""
        state = self.state
        if state is None or not state["legal"] or state["seq"] == self.acted_at:
            return False
        choice = rng.choice(state["legal"])
        self.acted_at = state["seq"]
        self.send(
            {
                "type": "act",
                "token": self.token,
                "action": {"name": choice["name"], "arg": choice["arg"]},
                "seq": state["seq"],
            }
        )
        return True

    def close(self) -> None:
        """Close the connection."""
        self.stack.close()


def play_to_end(
    peers: list[Peer], rng: random.Random, timeout: float = 120.0, stop_at: int | None = None
) -> None:
    """Let the seated peers make random decisions until every peer saw the game end (or the
    table reached ``stop_at`` events)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for peer in peers:
            peer.pump(0.01)
        states = [p.state for p in peers]
        if all(s is not None and s["over"] for s in states):
            return
        if stop_at is not None and any(s is not None and s["seq"] >= stop_at for s in states):
            return
        for peer in peers:
            if peer.token:
                peer.act_randomly(rng)
    raise AssertionError("the game did not end in time")
