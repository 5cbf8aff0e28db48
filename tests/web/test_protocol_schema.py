"""The protocol's JSON Schema and the view tables stay what the code makes, and real messages
fit them (the whole games of test_server.py check every message they receive too)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from starlette.testclient import TestClient

from matchmaker.server.app import create_app
from matchmaker.server.schema import VIEWS, schema_text, views_markdown
from tests.web.schema import SCHEMA_FILE, check

DOCS = SCHEMA_FILE.parent


def test_the_committed_schema_is_the_one_the_code_makes() -> None:
    assert SCHEMA_FILE.read_text() == schema_text(), (
        "run: python -m matchmaker.server.schema > docs/protocol.schema.json"
    )


def test_the_view_tables_are_the_ones_the_code_makes() -> None:
    assert (DOCS / "views.md").read_text() == views_markdown(), (
        "run: python -m matchmaker.server.schema --views > docs/views.md"
    )


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_every_view_field_is_described(game: str) -> None:
    cls, fields = VIEWS[game]
    assert list(fields) == [item.name for item in dataclasses.fields(cls)]
    assert all(text.strip() for text in fields.values())


def test_the_schema_is_served_and_a_bad_message_does_not_fit(tmp_path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        served = client.get("/api/schema")
        assert served.status_code == 200
        assert served.json() == json.loads(SCHEMA_FILE.read_text())
        check("http_games", client.get("/api/games").json())
    check("client_act", {"type": "act", "token": "t", "action": {"name": "swap", "arg": 3}})
    with pytest.raises(AssertionError):
        check("client_act", {"type": "act", "token": "t", "action": {"arg": 3}})
    with pytest.raises(AssertionError):
        check("server_pong", {"type": "pong", "extra": 1})
