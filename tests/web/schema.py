"""Checking messages against the protocol's JSON Schema (docs/protocol.schema.json)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator for one definition of the schema (``server_state``, ``http_games``...)."""
    schema = json.loads(SCHEMA_FILE.read_text())
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": schema["$defs"]})


def check(name: str, instance: Any) -> None:
    """Fail with the first difference if ``instance`` does not fit definition ``name``."""
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path)
        raise AssertionError(f"{name} at /{where}: {first.message[:500]}")


def check_server_message(message: dict[str, Any]) -> None:
    """A message the server sent on a WebSocket, by its type."""
    check(f"server_{message['type']}", message)
