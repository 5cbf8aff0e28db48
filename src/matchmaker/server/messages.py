"""Reading the messages clients send over the WebSocket (``docs/protocol.md``)."""

from __future__ import annotations

import json
import re
from typing import Any


class Refused(Exception):
    """An intent the server will not carry out; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: The largest message a client may send, in bytes.
MAX_MESSAGE = 4096
#: The deepest nesting of arrays and objects read, in a message or a request body.
MAX_DEPTH = 32

#: A JSON string (skipped whole, brackets inside it do not nest) or a bracket.
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects deeper than ``limit`` (read before parsing,
    so that no parser recurses into a hostile document)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for token in _NESTING.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > limit:
                return True
        elif mark in "]}":
            depth -= 1
    return False


def load_json(raw: str | bytes, what: str = "the message") -> Any:
    """``raw`` parsed as JSON (UTF-8), nesting bounded first; Refused ``bad_json`` naming
    what is wrong otherwise."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            reason = f"{exc.reason} at byte {exc.start}"
            raise Refused("bad_json", f"{what} is not UTF-8: {reason}") from None
    else:
        text = raw
    if not text.strip():
        raise Refused("bad_json", f"{what} is empty: send a JSON object")
    if too_deep(text):
        raise Refused("bad_json", f"{what} nests arrays and objects deeper than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Refused("bad_json", f"{what} is not JSON: {exc}") from None
    except (RecursionError, ValueError) as exc:  # huge numbers, for one
        raise Refused("bad_json", f"{what} cannot be read: {exc}") from None


#: Message type -> the fields it must carry.
REQUIRED: dict[str, tuple[str, ...]] = {
    "hello": (),
    "act": ("token", "action"),
    "chat": ("token", "text"),
    "claim": ("token", "value"),
    "rematch": ("token",),
    "back": ("token",),
    "ready": ("token",),
    "hint": ("token",),
    "ping": (),
}


def read_message(text: str | bytes) -> dict[str, Any]:
    """One client message, checked for size, JSON, type and required fields (Refused if bad)."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        raise Refused("too_large", f"messages are at most {MAX_MESSAGE} bytes; this one is {size}")
    message = load_json(text)
    if not isinstance(message, dict):
        raise Refused("bad_json", "a message must be a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in REQUIRED:
        known = ", ".join(REQUIRED)
        raise Refused("unknown_type", f"unknown message type {kind!r} (known: {known})")
    for name in REQUIRED[kind]:
        if name not in message:
            raise Refused("bad_field", f"{kind} needs the field {name}")
    if kind == "hello" and not (
        isinstance(message.get("token"), str) or message.get("spectate") is True
    ):
        raise Refused("bad_field", 'hello needs token (a string) or "spectate": true')
    if kind == "act":
        action = message["action"]
        if not isinstance(action, dict) or not isinstance(action.get("name"), str):
            raise Refused("bad_field", 'act needs action: {"name": ..., "arg": ...}')
        arg = action.get("arg")
        if arg is not None and (not isinstance(arg, int | str) or isinstance(arg, bool)):
            raise Refused("bad_field", "action arg must be a whole number, a string or null")
        seq = message.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise Refused("bad_field", "seq must be a whole number")
    return message
