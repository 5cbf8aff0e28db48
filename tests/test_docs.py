"""The code shown in the README and the docs runs as shown."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from matchmaker import replay

ROOT = Path(__file__).parent.parent


def blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", path.read_text(), flags=re.S)


def test_readme_python_runs() -> None:
    (code,) = blocks(ROOT / "README.md", "python")
    exec(compile(code, "README.md", "exec"), {})


@pytest.mark.parametrize("index", [0, 1])
def test_records_doc_examples_replay(index: int) -> None:
    record = json.loads(blocks(ROOT / "docs" / "records.md", "json")[index])
    state = replay(record)
    assert state.status()["game"] == record["game"]
