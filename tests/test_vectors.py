"""Every conformance vector replays to exactly the result recorded in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from matchmaker import replay

VECTORS = sorted((Path(__file__).parent / "data" / "vectors").glob("*.json"))


def test_there_are_vectors() -> None:
    assert len(VECTORS) >= 60


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector_replays_to_its_result(path: Path) -> None:
    record = json.loads(path.read_text())
    assert replay(record).status() == record["result"]


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector_record_round_trips(path: Path) -> None:
    record = json.loads(path.read_text())
    state = replay(record)
    again = replay(state.record())
    assert again.status() == record["result"]
    assert again.record() == state.record()
