"""The JSON examples of docs/protocol.md are what the server really reads and sends: each fits
the protocol's schema (an elision, ``"..."``, may stand for fields or items left out), and the
example of ``GET /api/games`` says what the server answers for each game."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
from starlette.testclient import TestClient

from matchmaker.server.app import create_app
from tests.web.schema import SCHEMA_FILE, check

DOC = (SCHEMA_FILE.parent / "protocol.md").read_text()
BLOCKS = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC, re.S)]
ELIDED = "..."


def without_elisions(value: Any) -> Any:
    """``value`` with every ``"..."`` key and list item taken out."""
    if isinstance(value, dict):
        return {k: without_elisions(v) for k, v in value.items() if k != ELIDED}
    if isinstance(value, list):
        return [without_elisions(v) for v in value if v != ELIDED]
    return value


def lenient(schema: Any) -> Any:
    """``schema`` with nothing required: an example may leave fields out."""
    if isinstance(schema, dict):
        return {k: lenient(v) for k, v in schema.items() if k != "required"}
    if isinstance(schema, list):
        return [lenient(v) for v in schema]
    return schema


def fits_leniently(name: str, example: Any) -> None:
    defs = lenient(copy.deepcopy(json.loads(SCHEMA_FILE.read_text())["$defs"]))
    validator = jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": defs})
    errors = list(validator.iter_errors(without_elisions(example)))
    assert not errors, f"the {name} example: {errors[0].message[:300]}"


def block(test: Any) -> Any:
    (found,) = [b for b in BLOCKS if test(b)]
    return found


def test_every_json_example_is_checked() -> None:
    assert len(BLOCKS) == 5


def test_the_games_example_is_what_the_server_answers(tmp_path: Path) -> None:
    example = block(lambda b: "games" in b)
    fits_leniently("http_games", example)
    with TestClient(create_app(tmp_path)) as client:
        real = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for game in example["games"]:
        served = real[game["id"]]
        assert game["title"] == served["title"]
        assert game["players"] == served["players"], game["id"]
        assert without_elisions(game["options"]) == served["options"], game["id"]
        assert set(without_elisions(game["bots"])) <= set(served["bots"])


def test_the_table_examples_fit() -> None:
    check("http_create_request", block(lambda b: "seats" in b and "game" in b and "id" not in b))
    check("http_created", block(lambda b: "invites" in b))
    fits_leniently("http_summary", block(lambda b: "id" in b and "seats" in b))


def test_the_state_example_fits() -> None:
    fits_leniently("server_state", block(lambda b: b.get("type") == "state"))


def test_the_inline_message_examples_fit() -> None:
    for text in re.findall(r"Example: `(\{.*?\})`", DOC):
        message = json.loads(text)
        check(f"client_{message['type']}", message)
    assert re.findall(r"Example: `(\{.*?\})`", DOC)
