"""The code in docs/research.md runs as shown (the example at a tiny size)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "research.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_the_doc_has_the_four_examples() -> None:
    blocks = python_blocks()
    assert len(blocks) == 4
    assert "pyspiel.load_game" in blocks[0]
    assert "purrfect_v0.env" in blocks[1]
    assert "gymnasium.make" in blocks[2]
    assert "ISMCTSBot" in blocks[3]


@pytest.mark.parametrize("index", [0, 1, 2])
def test_loading_examples_run(index: int) -> None:
    code = python_blocks()[index]
    exec(compile(code, f"research.md block {index}", "exec"), {})


def test_ismcts_example_runs_at_a_tiny_size(capsys: pytest.CaptureFixture[str]) -> None:
    code = python_blocks()[3]
    assert "GAMES = 12" in code and "SIMULATIONS = 100" in code
    code = code.replace("GAMES = 12", "GAMES = 1").replace("SIMULATIONS = 100", "SIMULATIONS = 4")
    exec(compile(code, "research.md example", "exec"), {})
    out = capsys.readouterr().out
    assert re.fullmatch(r"ISMCTS against two greedy bots: [+-]\d+\.\d points a game over 1\n", out)
