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


def test_bots_doc_plugin_example_plays() -> None:
    from matchmaker import load_game
    from matchmaker.bots import RandomBot, play_game

    (code,) = blocks(ROOT / "docs" / "bots.md", "python")
    namespace: dict[str, object] = {}
    exec(compile(code, "bots.md", "exec"), namespace)
    cautious = namespace["Cautious"]
    game = load_game("purrfect", players=3)
    players = [cautious(game, 0, 1), RandomBot(game, 1, 2), RandomBot(game, 2, 3)]  # type: ignore[operator]
    assert play_game(game, players, seed=1).state.is_over
