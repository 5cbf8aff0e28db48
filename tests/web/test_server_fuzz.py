"""Hostile and malformed input, over HTTP and the WebSocket: every answer is a documented
error (JSON, a 4xx status or an ``error`` message on a connection that stays open), never a
500, a ``server_error`` or a traceback in the log."""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import os
import re
import socket
import struct
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from matchmaker.server.analyst import AnalysisSettings
from matchmaker.server.app import create_app
from matchmaker.server.table import Timing
from tests.web.schema import check, check_server_message

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()

#: Every HTTP error code docs/protocol.md lists.
HTTP_CODES = set(re.findall(r"^\| `(\d{3}) ([a-z_]+)` \|", DOC, re.M))
#: Every WebSocket error code it lists.
WS_CODES = set(re.findall(r"^\| `([a-z_]+)` \|", DOC.split("**`error`**", 1)[1], re.M))

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Any JSON value, nested a little.
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
#: Values of the fields the server reads, mostly well-typed, sometimes not.
GAME = st.sampled_from(["clecanian", "purrfect", "chess", ""]) | JSON
SEAT_KIND = st.sampled_from(["human", "medium", "hard", "easy", "random", "greedy-v1", "x:Y"])
OPTIONS = st.dictionaries(
    st.sampled_from(
        ["players", "rounds", "epilogue", "discard_draw_must_swap", "max_turns", "deck",
         "first_proposer", "unknown"]
    ),
    st.integers(min_value=-3, max_value=10**12) | st.sampled_from(["random", "faq38"]) | JSON,
)  # fmt: skip
BODY = st.fixed_dictionaries(
    {},
    optional={
        "game": GAME,
        "options": OPTIONS | JSON,
        "seats": st.lists(SEAT_KIND, max_size=5) | JSON,
        "timer": st.floats(min_value=-10, max_value=10**5) | JSON,
        "names": st.lists(st.text(max_size=40) | st.none(), max_size=5) | JSON,
        "invite": st.text(max_size=20) | JSON,
        "name": st.text(max_size=40) | JSON,
        "practice": st.booleans() | JSON,
        "rated": st.booleans() | JSON,
        "public": st.booleans() | JSON,
    },
)


class NoTracebacks(logging.Handler):
    """Collects every log record that carries a traceback or is at ERROR or above."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.bad: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR or "Traceback" in record.getMessage():
            self.bad.append(f"{record.name}: {record.getMessage()}")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    handler = NoTracebacks()
    logging.getLogger().addHandler(handler)
    try:
        app = create_app(tmp_path / "data", Timing(bot_pause=0.0))
        with TestClient(app) as test_client:
            yield test_client
    finally:
        logging.getLogger().removeHandler(handler)
    assert not handler.bad, "errors in the log:\n" + "\n".join(handler.bad)


def assert_documented(response: Any) -> dict[str, Any]:
    """A 2xx JSON answer, or a 4xx JSON error whose status and code the doc lists."""
    assert response.headers["content-type"].startswith("application/json"), response.text
    body: dict[str, Any] = response.json()
    if response.status_code < 400:
        return body
    check("http_error", body)
    assert response.status_code < 500, body
    assert set(body) - {"retry_after"} == {"error", "message"}, body
    assert isinstance(body["message"], str) and body["message"]
    assert (str(response.status_code), body["error"]) in HTTP_CODES, body
    return body


def a_table(client: TestClient, seats: list[str] | None = None) -> dict[str, Any]:
    body = {"game": "purrfect", "options": {"players": 3}, "seats": seats or ["human"] * 3}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


# ------------------------------------------------------------------------------------ HTTP
def test_the_doc_lists_http_and_websocket_codes() -> None:
    assert ("400", "bad_json") in HTTP_CODES and ("405", "method_not_allowed") in HTTP_CODES
    assert "too_large" in WS_CODES


def test_any_body_for_creating_a_table_gets_a_documented_answer(client: TestClient) -> None:
    @FUZZ
    @given(BODY)
    def run(body: dict[str, Any]) -> None:
        assert_documented(client.post("/api/tables", json=body))

    run()


@pytest.mark.parametrize("endpoint", ["join", "seat-link", "recover", "sit"])
def test_any_body_for_a_seat_gets_a_documented_answer(client: TestClient, endpoint: str) -> None:
    """Joining, asking for a seat link and using one: whatever the body, a documented answer
    (a 4xx for all of these, since no fuzzed body holds a real invite, token or code)."""
    table = a_table(client)["table"]

    @FUZZ
    @given(BODY | JSON | st.fixed_dictionaries({"token": JSON, "code": JSON, "invite": JSON}))
    def run(body: Any) -> None:
        answer = client.post(f"/api/tables/{table}/{endpoint}", json=body)
        assert_documented(answer)
        assert 400 <= answer.status_code < 500, answer.text

    run()


QUICK_BODY = st.fixed_dictionaries(
    {},
    optional={"game": GAME, "players": st.integers(min_value=-2, max_value=10) | JSON,
              "name": st.text(max_size=30) | JSON, "rated": st.booleans() | JSON,
              "ticket": st.sampled_from(["qp_x", ""]) | JSON, "bot": SEAT_KIND | JSON},
)  # fmt: skip


@pytest.mark.parametrize("endpoint", ["", "/status", "/bots", "/leave"])
def test_any_body_for_quick_play_gets_a_documented_answer(
    client: TestClient, endpoint: str
) -> None:
    """Asking for quick play, how it goes, for bots and to leave: whatever the body, a
    documented answer (a good ask is a ticket: 201 waiting, or seated with the last one)."""

    @FUZZ
    @given(QUICK_BODY | BODY | JSON)
    def run(body: Any) -> None:
        answer = client.post(f"/api/quickplay{endpoint}", json=body)
        found = assert_documented(answer)
        if answer.status_code < 400:
            assert endpoint == "" and answer.status_code == 201, answer.text
            check("http_quickplay", found)

    run()


ACCOUNT_BODY = st.fixed_dictionaries(
    {},
    optional={"username": JSON | st.text(max_size=30), "password": JSON | st.text(max_size=300),
              "name": JSON | st.text(max_size=30), "seat": JSON},
)  # fmt: skip


@pytest.mark.parametrize("endpoint", ["account/signup", "account/signin", "account/name",
                                      "tables/{t}/reclaim"])  # fmt: skip
def test_any_body_for_an_account_gets_a_documented_answer(
    client: TestClient, endpoint: str
) -> None:
    """Signing up and in, naming oneself and sitting down again: whatever the body, a
    documented answer (signed in, with the CSRF token, for the last two)."""
    table = a_table(client)["table"]
    signed = client.post("/api/account/signup", json={"username": "fuzz", "password": "p" * 8})
    headers = {"X-CSRF-Token": signed.json()["csrf"]}

    @FUZZ
    @given(ACCOUNT_BODY | BODY | JSON)
    def run(body: Any) -> None:
        answer = client.post(f"/api/{endpoint.format(t=table)}", json=body, headers=headers)
        assert_documented(answer)
        if endpoint != "account/signup":  # a fuzzed sign-up may make a good account
            assert answer.status_code != 200 or endpoint == "account/name", answer.text

    run()


@pytest.mark.parametrize("field", ["username", "password", "name"])
def test_huge_account_fields_are_refused_by_name(client: TestClient, field: str) -> None:
    for path in ("signup", "signin"):
        body = {"username": "huge", "password": "p" * 8, "name": "N", field: "x" * 200_000}
        answer = client.post(f"/api/account/{path}", json=body)
        refused = assert_documented(answer)
        if (path, field) != ("signin", "name"):
            assert (answer.status_code, refused["error"]) == (400, "bad_field"), refused
            assert field in refused["message"]


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"   ",
        b"\xff\xfe\x00",
        b"{",
        b"[" * 50_000 + b"]" * 50_000,
        b'{"game": ' + b"[" * 1_900 + b"]" * 1_900 + b"}",
        b'{"game": "purrfect", "options": {"players": ' + b"9" * 5_000 + b"}}",
        b'"just a string"',
        b"[1, 2, 3]",
        b'{"game": ["purrfect"]}',
        b'{"game": {"purrfect": 1}}',
        b'{"game": "purrfect", "seats": "human"}',
        b'{"game": "clecanian", "options": {"rounds": 1000000000}}',
        b'{"game": "clecanian", "options": {"max_turns": 0}}',
        b'{"game": "purrfect", "names": ["' + b"n" * 25 + b'"]}',
        b'{"game": "purrfect", "timer": 0}',
        b'{"game": "purrfect", "timer": true}',
    ],
)
def test_malformed_bodies_are_refused_by_name(client: TestClient, raw: bytes) -> None:
    answer = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    body = assert_documented(answer)
    assert answer.status_code == 400, body


def test_bodies_over_the_limit_are_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", content=b" " * (256 * 1024 + 1))
    assert (answer.status_code, assert_documented(answer)["error"]) == (413, "too_large")


ENDPOINTS = {
    "/api/games": {"GET"},
    "/api/tables": {"POST"},
    "/api/tables/{t}": {"GET"},
    "/api/tables/{t}/join": {"POST"},
    "/api/tables/{t}/seat-link": {"POST"},
    "/api/tables/{t}/recover": {"POST"},
    "/api/tables/{t}/replay": {"GET"},
    "/api/tables/{t}/record": {"GET"},
    "/api/tables/{t}/review": {"GET"},
    "/api/finished": {"GET"},
    "/api/tables/{t}/reclaim": {"POST"},
    "/api/account": {"GET"},
    "/api/account/signup": {"POST"},
    "/api/account/signin": {"POST"},
    "/api/account/signout": {"POST"},
    "/api/account/signout-everywhere": {"POST"},
    "/api/account/name": {"POST"},
    "/api/account/seats": {"GET"},
    "/api/leaderboard/purrfect": {"GET"},
    "/api/players/{t}": {"GET"},
    "/api/open": {"GET"},
    "/api/tables/{t}/sit": {"POST"},
    "/api/quickplay": {"POST"},
    "/api/quickplay/status": {"POST"},
    "/api/quickplay/bots": {"POST"},
    "/api/quickplay/leave": {"POST"},
}


def test_every_wrong_method_gets_json_405(client: TestClient) -> None:
    table = a_table(client)["table"]
    for path, methods in ENDPOINTS.items():
        for method in {"GET", "POST", "PUT", "DELETE", "PATCH"} - methods:
            answer = client.request(method, path.format(t=table))
            assert answer.status_code == 405, (method, path)
            assert assert_documented(answer)["error"] == "method_not_allowed"


@pytest.mark.parametrize(
    "path",
    [
        "/api/nothing-here",
        "/api/tables/..%2F..%2Fetc%2Fpasswd",
        "/api/tables/t1/../../etc/passwd",
        "/api/tables/nope/join/more",
        "/static/../pyproject.toml",
        "/static/nothing.js",
        "/nothing",
    ],
)
def test_unknown_addresses_get_json_404(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert assert_documented(answer)["error"] in ("not_found", "unknown_table")


def test_a_browser_asking_for_a_missing_page_gets_a_page(client: TestClient) -> None:
    answer = client.get("/nothing", headers={"accept": "text/html"})
    assert answer.status_code == 404
    assert "text/html" in answer.headers["content-type"] and "lobby" in answer.text
    api = client.get("/api/nothing", headers={"accept": "text/html"})
    assert api.status_code == 404 and api.json()["error"] == "not_found"


def test_any_leaderboard_request_gets_a_documented_answer(client: TestClient) -> None:
    games = st.text(max_size=20) | st.sampled_from(["purrfect", "clecanian"])
    fewest = st.none() | st.text(max_size=12) | st.integers(-5, 10**9).map(str)

    @FUZZ
    @given(games, fewest)
    def run(game: str, min_games: str | None) -> None:
        params = {} if min_games is None else {"min_games": min_games}
        path = f"/api/leaderboard/{urllib.parse.quote(game, safe='')}"
        answer = client.get(path, params=params)
        body = assert_documented(answer)
        if answer.status_code == 200:
            check("http_leaderboard", body)

    run()


def test_any_profile_request_gets_a_documented_answer(client: TestClient) -> None:
    @FUZZ
    @given(st.text(max_size=40) | st.sampled_from(["fuzz", "FUZZ"]))
    def run(username: str) -> None:
        answer = client.get(f"/api/players/{urllib.parse.quote(username, safe='')}")
        body = assert_documented(answer)
        if answer.status_code == 200:
            check("http_player", body)

    client.post("/api/account/signup", json={"username": "fuzz", "password": "p" * 8})
    client.cookies.clear()
    run()


@pytest.mark.parametrize("before", ["garbage", "", "2026-13-01", "yesterday"])
def test_finished_refuses_a_before_that_is_no_time(client: TestClient, before: str) -> None:
    answer = client.get("/api/finished", params={"before": before})
    assert (answer.status_code, assert_documented(answer)["error"]) == (400, "bad_field")


def test_finished_pages_by_time(client: TestClient) -> None:
    answer = client.get("/api/finished", params={"before": "2100-01-01T00:00:00Z"})
    assert answer.status_code == 200 and answer.json() == {"tables": []}


def test_a_replay_seat_that_is_no_seat_of_the_table_is_a_bad_field(client: TestClient) -> None:
    table = a_table(client, ["random"] * 3)["table"]
    # A bot-only table plays to the end by itself (no pause between moves): wait for it.
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bot table did not finish"
        time.sleep(0.05)
    assert client.get(f"/api/tables/{table}/replay", params={"seat": "2"}).status_code == 200
    for seat in ["99", "3", "-1", "x", "1.5", "[]"]:
        answer = client.get(f"/api/tables/{table}/replay", params={"seat": seat})
        assert (answer.status_code, assert_documented(answer)["error"]) == (400, "bad_field")


# ------------------------------------------------------------------------------- WebSocket
def answers(ws: Any, until: str = "pong") -> list[dict[str, Any]]:
    """Messages up to and including the first of type ``until`` (a ping marks the end)."""
    ws.send_text(json.dumps({"type": "ping"}))
    out = []
    while True:
        message: dict[str, Any] = ws.receive_json()
        out.append(message)
        if message["type"] == until:
            return out


def errors_in(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for message in messages:
        check_server_message(message)
    found = [m for m in messages if m["type"] == "error"]
    for error in found:
        assert error["code"] in WS_CODES and error["code"] != "server_error", error
        assert isinstance(error["message"], str) and error["message"]
    return found


MESSAGE = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            ["hello", "act", "chat", "claim", "rematch", "back", "ready", "hint", "x"]
        )
        | JSON
    },
    optional={
        "token": st.sampled_from(["TOKEN", "tk_nope", ""]) | JSON,
        "spectate": JSON,
        "action": st.fixed_dictionaries(
            {"name": st.sampled_from(["present", "nominate", "swap", "x"]) | JSON},
            optional={"arg": JSON},
        )
        | JSON,
        "seq": JSON,
        "text": JSON,
        "value": JSON,
    },
)


def test_any_message_gets_a_documented_answer_and_the_connection_stays(
    client: TestClient,
) -> None:
    created = a_table(client)
    table = created["table"]
    invite = created["invites"][1]["code"]
    token = client.post(f"/api/tables/{table}/join", json={"invite": invite}).json()["token"]
    with client.websocket_connect(f"/ws/{table}") as ws:

        @FUZZ
        @given(MESSAGE)
        def run(message: dict[str, Any]) -> None:
            if message.get("token") == "TOKEN":
                message["token"] = token
            ws.send_text(json.dumps(message))
            errors_in(answers(ws))

        run()


#: Hint requests, mostly well-formed, sometimes not.
HINT = st.fixed_dictionaries(
    {"type": st.just("hint")},
    optional={"token": st.sampled_from(["TOKEN", "tk_nope", ""]) | JSON, "seq": JSON, "x": JSON},
)


def test_any_hint_request_at_a_practice_table_gets_a_documented_answer(tmp_path: Path) -> None:
    """A person at a practice table, at their decision, asking for hints in every shape: a
    hint, or a documented error (``hint_pending`` while one is being worked out)."""
    handler = NoTracebacks()
    logging.getLogger().addHandler(handler)
    try:
        analysis = AnalysisSettings(workers=0, hint_worlds=4)
        app = create_app(tmp_path / "data", Timing(bot_pause=0.0), analysis=analysis)
        with TestClient(app) as client:
            body = {"game": "purrfect", "options": {"players": 3}, "practice": True,
                    "seats": ["human", "medium", "medium"]}  # fmt: skip
            created = client.post("/api/tables", json=body).json()
            table = created["table"]
            invite = created["invites"][0]["code"]
            joined = client.post(f"/api/tables/{table}/join", json={"invite": invite})
            token = joined.json()["token"]
            with client.websocket_connect(f"/ws/{table}") as ws:
                ws.send_text(json.dumps({"type": "hello", "token": token}))
                errors_in(answers(ws))

                kinds: set[str] = set()

                @FUZZ
                @given(HINT)
                def run(message: dict[str, Any]) -> None:
                    if message.get("token") == "TOKEN":
                        message["token"] = token
                    ws.send_text(json.dumps(message))
                    got = answers(ws)
                    errors_in(got)
                    kinds.update(m["type"] for m in got)

                run()
                assert "hint" in kinds, "no hint was given"
    finally:
        logging.getLogger().removeHandler(handler)
    assert not handler.bad, "errors in the log:\n" + "\n".join(handler.bad)


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "{",
        "null",
        "[]",
        '"hello"',
        '{"type": "act", "token": "x", "action": ' + "[" * 1_900 + "]" * 1_900 + "}",
        '{"type": "chat", "token": "x", "text": ' + "{" * 40 + "}" * 40 + "}",
        '{"type": "hello", "token": ' + "9" * 4_000 + "}",
        "x" * 5_000,
        '{"type": "chat", "text": "' + "é" * 3_000 + '"}',
    ],
)
def test_malformed_messages_are_answered_and_the_connection_kept(
    client: TestClient, raw: str
) -> None:
    table = a_table(client)["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(raw)
        (error,) = errors_in(answers(ws))
        assert error["code"] in (
            "bad_json",
            "too_large",
            "hello_first",
            "unknown_type",
            "bad_field",
        )
        ws.send_text(json.dumps({"type": "hello", "spectate": True}))
        assert answers(ws, "welcome")[-1]["type"] == "welcome"


def test_binary_frames_are_read_as_json_text(client: TestClient) -> None:
    table = a_table(client)["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_bytes(json.dumps({"type": "ping"}).encode())
        assert ws.receive_json() == {"type": "pong"}
        ws.send_bytes(b"\xff\xfe{")
        (error,) = errors_in(answers(ws))
        assert error["code"] == "bad_json" and "UTF-8" in error["message"]


# ------------------------------------------------------------- the real server (uvicorn)
class RawSocket:
    """A WebSocket opened by hand, to send frames as they are (not UTF-8, huge, binary)."""

    def __init__(self, port: int, table: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.received = head.split(b"\r\n\r\n", 1)[1]

    def send(self, payload: bytes, opcode: int = 1) -> None:
        """One masked frame (opcode 1: text, 2: binary)."""
        size = len(payload)
        header = bytes([0x80 | opcode])
        if size < 126:
            header += bytes([0x80 | size])
        elif size < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", size)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", size)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            self.sock.sendall(header + mask + masked)

    def read_until(self, wanted: bytes) -> bytes:
        """Everything received, once it holds ``wanted`` or the server closed."""
        with contextlib.suppress(ConnectionResetError, TimeoutError):
            while wanted not in self.received and close_code(self.received) is None:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                self.received += chunk
        return self.received

    def close(self) -> None:
        """Drop the connection."""
        self.sock.close()


def exchange(port: int, table: str, payload: bytes, wanted: bytes, opcode: int = 1) -> bytes:
    """Send one frame on a new connection; what came back once ``wanted`` did (or a close)."""
    raw = RawSocket(port, table)
    try:
        raw.send(payload, opcode)
        return raw.read_until(wanted)
    finally:
        raw.close()


def close_code(received: bytes) -> int | None:
    """The code of the server's close frame (opcode 8, unmasked) in ``received``, if any."""
    at = received.find(b"\x88")
    if at < 0 or len(received) < at + 4:
        return None
    code: int = struct.unpack(">H", received[at + 2 : at + 4])[0]
    return code


def test_the_real_server_answers_or_closes_as_documented(live_server: Any) -> None:
    body = json.dumps({"game": "purrfect", "options": {"players": 3}, "seats": ["human"] * 3})
    request = urllib.request.Request(
        f"{live_server.url}/api/tables", data=body.encode(), headers={"content-type": "x"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        table = json.loads(answer.read())["table"]
    port = live_server.port
    # Over 4096 bytes and under the frame limit: answered too_large, the connection kept.
    raw = RawSocket(port, table)
    raw.send(b'{"type": "ping", "x": "' + b"a" * 500_000 + b'"}')
    assert b'"too_large"' in raw.read_until(b'"too_large"')
    raw.send(b'{"type": "ping"}')
    assert b'"pong"' in raw.read_until(b'"pong"') and close_code(raw.received) is None
    raw.close()
    # Not UTF-8 in a text frame: closed with 1007. Over the frame limit: closed with 1009.
    assert close_code(exchange(port, table, b"\xff\xfe{", b"\x88")) == 1007
    assert close_code(exchange(port, table, b"a" * (2 << 20), b"\x88")) == 1009
    # Binary frames are read as JSON text.
    assert b'"pong"' in exchange(port, table, b'{"type": "ping"}', b'"pong"', opcode=2)
    # HTTP: hostile bodies, wrong methods, unknown addresses.
    for method, path, data in [
        ("POST", "/api/tables", b"[" * 50_000),
        ("POST", "/api/tables", b'{"game": ["purrfect"]}'),
        ("DELETE", "/api/games", None),
        ("GET", "/api/tables/..%2F..%2Fetc%2Fpasswd", None),
    ]:
        request = urllib.request.Request(f"{live_server.url}{path}", data=data, method=method)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert 400 <= refused.value.code < 500
        assert json.loads(refused.value.read())["error"]
    log = live_server.log()
    assert "Traceback" not in log, log
    assert "Invalid UTF-8" in log and len(log.strip().splitlines()) == 1, log


def test_a_seat_that_is_neither_a_person_nor_a_bot_is_told_what_a_seat_can_be(
    client: TestClient,
) -> None:
    body = {"game": "purrfect", "options": {"players": 3}, "seats": ["you", "hard", "hard"]}
    answer = client.post("/api/tables", json=body)
    refused = assert_documented(answer)
    assert refused["error"] == "bad_bot" and "human" in refused["message"]
    assert "greedy-v1" not in refused["message"]  # yardsticks are not offered


def test_the_favicon_is_served(client: TestClient) -> None:
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.startswith("<svg")
