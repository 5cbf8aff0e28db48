"""The JSON examples of docs/protocol.md are what the server really reads and sends: each fits
the protocol's schema (an elision, ``"..."``, may stand for fields or items left out), and the
example of ``GET /api/games`` says what the server answers for each game."""

from __future__ import annotations

import copy
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
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
    assert len(BLOCKS) == 14


def test_the_games_example_is_what_the_server_answers(tmp_path: Path) -> None:
    example = block(lambda b: "games" in b and "username" not in b)
    fits_leniently("http_games", example)
    with TestClient(create_app(tmp_path)) as client:
        real = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for game in example["games"]:
        served = real[game["id"]]
        assert game["title"] == served["title"]
        assert game["players"] == served["players"], game["id"]
        assert without_elisions(game["options"]) == served["options"], game["id"]
        listed = without_elisions(game["bots"])
        assert listed == served["bots"][: len(listed)], game["id"]  # the same bots, in order


def test_the_table_examples_fit() -> None:
    check("http_create_request", block(lambda b: "seats" in b and "game" in b and "id" not in b))
    check("http_created", block(lambda b: "invites" in b))
    fits_leniently("http_summary", block(lambda b: "id" in b and "seats" in b))


def test_the_open_table_and_quick_play_examples_fit() -> None:
    check("http_open", block(lambda b: list(b) == ["tables"]))
    check("http_quickplay", block(lambda b: b.get("state") == "waiting"))
    check("http_quickplay", block(lambda b: b.get("state") == "seated"))


def test_the_account_examples_fit() -> None:
    fits_leniently("http_account", block(lambda b: "csrf" in b))
    check("http_account_seats", block(lambda b: list(b) == ["seats"]))


def test_the_rating_examples_fit() -> None:
    check("http_leaderboard", block(lambda b: "rows" in b))
    fits_leniently("http_player", block(lambda b: "username" in b and "games" in b))


def test_the_review_example_fits() -> None:
    fits_leniently("http_review", block(lambda b: b.get("status") == "ready"))


def test_the_state_example_fits() -> None:
    fits_leniently("server_state", block(lambda b: b.get("type") == "state"))


def test_the_inline_message_examples_fit() -> None:
    for text in re.findall(r"Example: `(\{.*?\})`", DOC):
        message = json.loads(text)
        check(f"client_{message['type']}", message)
    assert re.findall(r"Example: `(\{.*?\})`", DOC)


# -- the examples against real messages ----------------------------------------------------

#: A card as the narration and status name it (``7♣``, ``K♥ Jade``, ``10♦``, a joker).
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣](?: [A-Z][a-z]+)?|[Jj]oker(?: [A-Z][a-z]+)?")


def same_shape(example: Any, real: Any, where: str = "message") -> None:
    """The example has the real message's fields, at every level: an object the same keys (a
    subset where it has an elision), an array's first item the real first item's shape (an
    array of only elisions stands for any array), a value where the real one has a value."""
    if isinstance(example, dict):
        assert isinstance(real, dict), f"{where}: an object in the example, {real!r} in reality"
        keys = set(example) - {ELIDED}
        if ELIDED in example:
            assert keys <= set(real), f"{where}: {sorted(keys - set(real))} are not sent"
        else:
            assert keys == set(real), f"{where}: the example has {sorted(keys)}, not {set(real)}"
        for key in keys:
            same_shape(example[key], real[key], f"{where}.{key}")
    elif isinstance(example, list):
        assert isinstance(real, list), f"{where}: an array in the example, {real!r} in reality"
        items = [v for v in example if v != ELIDED]
        if items and real:
            same_shape(items[0], real[0], f"{where}[0]")
    else:
        assert not isinstance(real, dict | list), f"{where}: {example!r} stands for {real!r}"


def wording(text: str) -> str:
    """A line with its cards taken out: the wording a real line and an example share."""
    return CARD.sub("CARD", text)


def play_ann(ann: Any, watcher: Any, rng: Any) -> None:
    """Ann plays to the end: the first three times she draws from the stock and discards (so
    that the examples' moments come), then at random."""
    discards = 0
    hang_guard = time.monotonic() + 300
    while not (ann.state and ann.state["over"] and watcher.state and watcher.state["over"]):
        assert time.monotonic() < hang_guard, "the game did not end"
        ann.pump(0.05)
        watcher.pump(0.0)
        state = ann.state
        if state is None or not state["legal"] or state["seq"] == ann.acted_at:
            continue
        names = {a["name"]: a for a in state["legal"]}
        choice = rng.choice(state["legal"])
        if discards < 3 and "draw_stock" in names:
            choice = names["draw_stock"]
        elif discards < 3 and "discard" in names:
            choice = names["discard"]
            discards += 1
        ann.acted_at = state["seq"]
        action = {"name": choice["name"], "arg": choice["arg"]}
        ann.send({"type": "act", "token": ann.token, "action": action, "seq": state["seq"]})


@pytest.fixture(scope="module")
def real() -> Iterator[dict[str, list[dict[str, Any]]]]:
    """Real messages, by type, from a Clecanian Golf table where Ann (seat 1) plays a
    ``medium`` bot, watched by a spectator, with a chat line, an error and a rematch."""
    import random
    import tempfile

    from tests.web.client import Peer, create_table, join
    from tests.web.conftest import LiveServer, free_port

    with tempfile.TemporaryDirectory() as folder:
        live = LiveServer(data=Path(folder) / "data", port=free_port(), bot_pause=0)
        live.start()
        try:
            options = {"players": 2, "rounds": 1}
            table, invites = create_table(live.url, "clecanian", options, ["medium", "human"])
            token = join(live.url, table, invites[1], "Ann")
            ann = Peer(live.ws_url, table, token)
            watcher = Peer(live.ws_url, table)
            ann.send({"type": "chat", "token": token, "text": "good luck"})
            ann.error({"type": "act", "token": token, "action": {"name": "fly", "arg": 0}})
            play_ann(ann, watcher, random.Random(7))
            ann.send({"type": "rematch", "token": token})
            ann.wait_for(lambda m: m["type"] == "rematch")
            watcher.pump(0.2)
            found: dict[str, list[dict[str, Any]]] = {}
            for message in [*ann.messages, *watcher.messages]:
                found.setdefault(message["type"], []).append(message)
            found["update"] = [json.loads(t) for t in ann.raw if '"type": "update"' in t]
            ann.close()
            watcher.close()
            yield found
        finally:
            live.stop()


def drew_from_stock(state: dict[str, Any]) -> bool:
    """A state of Ann's where she holds the card she drew from the stock, told of it."""
    return (
        state["to_act"] == 1
        and state["phase"] == "use"
        and bool(state["legal"])
        and any(e["actor"] == -1 and e["event"].get("chance") for e in state["events"])
    )


def test_the_state_example_is_a_real_state(real: dict[str, list[dict[str, Any]]]) -> None:
    example = block(lambda b: b.get("type") == "state")
    candidates = [m for m in real["state"] if drew_from_stock(m)]
    assert candidates, "Ann never drew from the stock"
    state = candidates[0]
    whole = {k: v for k, v in state.items() if k != "sent_as"}
    same_shape({**example, "view": None}, {**whole, "view": None})
    assert wording(example["status"]) == wording(state["status"])
    (shown,) = without_elisions(example["legal"])
    (swap,) = [a for a in state["legal"] if a["name"] == "swap" and a["arg"] == shown["arg"]]
    assert shown["label"] == swap["label"]
    helps = {wording(a["help"]) for m in candidates for a in m["legal"] if a["name"] == "swap"}
    assert wording(shown["help"]) in helps
    (told,) = state["events"]
    (told_example,) = example["events"]
    assert told_example.keys() == told.keys()
    assert told_example["event"].keys() == told["event"].keys()
    assert told_example["actor"] == told["actor"]
    assert [wording(line) for line in told_example["lines"]] == [
        wording(line) for line in told["lines"]
    ]


def test_the_update_example_is_a_real_update(real: dict[str, list[dict[str, Any]]]) -> None:
    example = block(lambda b: b.get("type") == "update")
    (event,) = example["events"]
    updates = [
        u
        for u in real["update"]
        if [(e["actor"], e["event"]) for e in u["events"]] == [(event["actor"], event["event"])]
    ]
    assert updates, f"no real update tells of {event['event']}"
    update = updates[0]
    same_shape({**example, "changed": None, "appended": None},
               {**update, "changed": None, "appended": None})  # fmt: skip
    assert example["changed"].keys() == update["changed"].keys()
    assert example["appended"].keys() == update["appended"].keys()
    assert wording(example["status"]) == wording(update["status"])
    assert [wording(line) for line in event["lines"]] == [
        wording(line) for line in update["events"][0]["lines"]
    ]


def inline(kind: str) -> str:
    """The message of type ``kind`` the doc writes inline (`` `{"type": "kind", ...}` ``)."""
    found = re.search(r'`(\{"type": "' + kind + r'".*?\})`', DOC, re.S)
    assert found, f"docs/protocol.md shows no {kind} message"
    return found.group(1)


@pytest.mark.parametrize("kind", ["welcome", "thinking", "chat", "chat_history", "presence",
                                  "rematch", "error"])  # fmt: skip
def test_the_inline_messages_name_the_real_fields(
    real: dict[str, list[dict[str, Any]]], kind: str
) -> None:
    named = set(re.findall(r'"(\w+)":', inline(kind)))
    message = real[kind][0]
    fields = set(message)
    if kind == "chat":
        fields |= set(message["message"])
    assert named == fields, f"{kind}: the doc names {sorted(named)}, the server sends {fields}"


def test_the_log_and_pause_examples_fit() -> None:
    log = json.loads(inline("log").replace("\n", " "))
    check("server_log", log)
    assert set(re.findall(r'"(\w+)":', inline("log"))) == {
        "type", "entries", "seq", "actor", "lines"
    }  # fmt: skip
    found = re.search(r"`pause`: null, or the round-end hold of Clecanian Golf: `(\{.*?\})`",
                      DOC, re.S)  # fmt: skip
    assert found, "docs/protocol.md shows no pause"
    check("pause", json.loads(found.group(1).replace("\n", " ")))
