"""The review of a finished game over HTTP: made in the background when a game ends (in an
analysis worker), kept in the database, exactly what ``review_record`` gives for the table's
record; pending while it is made, one at a time per table, refused while the game is on, made
again when asked after a server stopped mid-review, and a failure logged in one line."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from matchmaker.analysis import review_record
from matchmaker.server import reviews
from matchmaker.server.analyst import AnalysisSettings
from matchmaker.server.app import create_app
from matchmaker.server.table import Timing
from tests.web.schema import check

#: Few worlds a decision: quick reviews.
WORLDS = 4
#: Quick games, every seat a bot (a table of bots plays to its end by itself).
GAMES = {
    "purrfect": ({"players": 3}, ["medium", "greedy", "easy"]),
    "clecanian": ({"players": 2, "rounds": 1}, ["medium", "easy"]),
}


def wait_until(condition: Callable[[], Any], what: str, timeout: float = 120.0) -> Any:
    """Poll ``condition`` until it gives something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {what}"
        time.sleep(0.02)


@contextmanager
def serving(data: Path, workers: int = 0) -> Iterator[TestClient]:
    """The app on ``data``, bots without pauses, reviews with ``WORLDS`` worlds."""
    settings = AnalysisSettings(workers=workers, review_worlds=WORLDS)
    app = create_app(data, Timing(bot_pause=0, round_pause=0), analysis=settings)
    with TestClient(app) as client:
        yield client


def bot_game(client: TestClient, game: str = "purrfect") -> str:
    """A table of bots played to its end; its id."""
    options, seats = GAMES[game]
    made = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert made.status_code == 201, made.text
    table: str = made.json()["table"]
    wait_until(
        lambda: client.get(f"/api/tables/{table}").json()["status"] == "over", "the game's end"
    )
    return table


def ask(client: TestClient, table: str) -> tuple[int, dict[str, Any]]:
    """``GET /api/tables/{table}/review``: its status and answer (checked by the schema)."""
    answer = client.get(f"/api/tables/{table}/review")
    body: dict[str, Any] = answer.json()
    check("http_review" if answer.status_code < 400 else "http_error", body)
    return answer.status_code, body


def ready(client: TestClient, table: str) -> dict[str, Any]:
    """The review, asked for until it is ready."""

    def done() -> dict[str, Any] | None:
        status, body = ask(client, table)
        assert body["status"] != "failed", body
        return body if status == 200 else None

    answer: dict[str, Any] = wait_until(done, "the review")
    return answer


def made(client: TestClient, data: Path, table: str) -> bool:
    """Whether the database holds the table's review (failing at once if the review failed)."""
    failed = client.app.state.lobby.reviews.failed  # type: ignore[attr-defined]
    assert table not in failed, failed[table]
    return stored(data, table)


def stored(data: Path, table: str) -> bool:
    """Whether the database holds the table's review."""
    db = sqlite3.connect(data / "matchmaker.sqlite3")
    try:
        return db.execute("SELECT 1 FROM reviews WHERE table_id=?", (table,)).fetchone() is not None
    finally:
        db.close()


def expected(client: TestClient, table: str) -> list[dict[str, Any]]:
    """What ``review_record`` gives for the table's record, with the server's worlds and seed."""
    record = client.get(f"/api/tables/{table}/record").json()
    return [seat.to_json() for seat in review_record(record, worlds=WORLDS, seed=reviews.SEED)]


class Gate:
    """Stands in for the analysis worker's function: counts its calls and holds each one until
    the test opens the gate (then reviews for real), or fails when told to."""

    def __init__(self, error: Exception | None = None) -> None:
        self.calls = 0
        self.opened = threading.Event()
        self.error = error
        self.real = reviews.review_seats

    def __call__(self, record: dict[str, Any], worlds: int, seed: int) -> list[dict[str, Any]]:
        self.calls += 1
        if self.error is not None:
            raise self.error
        assert self.opened.wait(120), "the test never opened the gate"
        return self.real(record, worlds, seed)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    monkeypatch.setattr(reviews, "review_seats", held)
    yield held
    held.opened.set()  # a review still held ends


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_is_reviewed_in_the_background(tmp_path: Path, game: str) -> None:
    with serving(tmp_path) as client:
        table = bot_game(client, game)
        # nobody asked: the game's end started the review, and the database keeps it
        wait_until(lambda: made(client, tmp_path, table), "the review in the database")
        status, answer = ask(client, table)
        assert status == 200
        assert answer == {"status": "ready", "worlds": WORLDS, "seats": expected(client, table)}
        assert [seat["seat"] for seat in answer["seats"]] == list(range(len(GAMES[game][1])))
        assert all(seat["decisions"] for seat in answer["seats"])
    with serving(tmp_path) as client:  # kept: a server started again answers it at once
        assert ask(client, table)[1] == answer


def test_a_worker_process_makes_the_same_review(tmp_path: Path) -> None:
    with serving(tmp_path, workers=1) as client:
        table = bot_game(client)
        answer = ready(client, table)
        assert answer["seats"] == expected(client, table)
        assert answer["worlds"] == WORLDS


def test_no_review_while_the_game_is_on_and_none_of_an_unknown_table(tmp_path: Path) -> None:
    with serving(tmp_path) as client:
        made = client.post("/api/tables", json={"game": "purrfect", "seats": ["human"] * 4})
        table = made.json()["table"]
        status, answer = ask(client, table)
        assert (status, answer["error"]) == (403, "not_finished")
        status, answer = ask(client, "tnothere")
        assert (status, answer["error"]) == (404, "unknown_table")
        assert not stored(tmp_path, table)


def test_asking_while_it_is_made_starts_no_second_review(tmp_path: Path, gate: Gate) -> None:
    with serving(tmp_path) as client:
        table = bot_game(client)
        wait_until(lambda: gate.calls == 1, "the review to start when the game ended")
        for _ in range(3):
            assert ask(client, table) == (202, {"status": "pending"})
        assert gate.calls == 1
        gate.opened.set()
        assert ready(client, table)["seats"] == expected(client, table)
        assert gate.calls == 1


def test_a_review_cut_short_by_a_stop_is_made_again_when_asked(tmp_path: Path, gate: Gate) -> None:
    with serving(tmp_path) as client:
        table = bot_game(client)
        wait_until(lambda: gate.calls == 1, "the review to start when the game ended")
    # the server stopped mid-review: nothing of it was kept, and a new server waits to be asked
    assert not stored(tmp_path, table)
    gate.opened.set()
    with serving(tmp_path) as client:
        assert gate.calls == 1
        status, answer = ask(client, table)
        assert (status, answer) == (202, {"status": "pending"})
        assert ready(client, table)["seats"] == expected(client, table)
        assert gate.calls == 2


def test_a_failed_review_is_logged_in_one_line_and_told_to_whoever_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failing = Gate(ValueError("the evaluator broke"))
    monkeypatch.setattr(reviews, "review_seats", failing)
    caplog.set_level(logging.INFO, logger="matchmaker")
    with serving(tmp_path) as client:
        table = bot_game(client)
        status, answer = wait_until(
            lambda: (found := ask(client, table))[1]["status"] == "failed" and found, "the failure"
        )
        assert status == 200 and "failed" in answer["message"]
        for _ in range(3):  # not tried again
            assert ask(client, table) == (status, answer)
        assert failing.calls == 1
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in errors] == [
        f"table {table}: the review failed: ValueError: the evaluator broke"
    ]
    assert not [r for r in caplog.records if r.levelno >= logging.INFO and r.exc_info]
    assert not stored(tmp_path, table)
