"""Reading the messages clients send over the WebSocket (``docs/protocol.md``)."""

from __future__ import annotations

import json
from typing import Any


class Refused(Exception):
    """An intent the server will not carry out; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: The largest message a client may send, in bytes.
MAX_MESSAGE = 4096

#: Message type -> the fields it must carry.
REQUIRED: dict[str, tuple[str, ...]] = {
    "hello": (),
    "act": ("token", "action"),
    "chat": ("token", "text"),
    "claim": ("token", "value"),
    "rematch": ("token",),
    "back": ("token",),
    "ping": (),
}


def read_message(text: str | bytes) -> dict[str, Any]:
    """One client message, checked for size, JSON, type and required fields (Refused if bad)."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        raise Refused("too_large", f"messages are at most {MAX_MESSAGE} bytes; this one is {size}")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise Refused("bad_json", f"not JSON: {exc}") from None
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
