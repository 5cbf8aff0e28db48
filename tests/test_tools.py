"""The measuring tools in ``tools/`` answer a bad bot, game or option with a message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def run_tool(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``tools/<tool>`` with ``args``; its exit code, output and error output."""
    return subprocess.run(
        [sys.executable, str(TOOLS / tool), *args], capture_output=True, text=True, timeout=600
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["purrfect", "hard@x=y", "medium"], "setting x must be a number, not 'y'"),
        (["purrfect", "nosuch", "medium"], "unknown bot 'nosuch'"),
        (["nogame", "hard", "medium"], "unknown game 'nogame'"),
        (["purrfect", "hard", "medium", "--players", "1"], "option players must be"),
    ],
)
def test_a_duel_with_a_bad_bot_game_or_option_says_what_is_wrong(
    args: list[str], message: str
) -> None:
    done = run_tool("duel.py", *args, "--deals", "1", "--workers", "1")
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--line", "nosuch,medium"], "unknown line 'nosuch,medium'"),
        (["--game", "nogame"], "unknown game 'nogame'"),
        (["--game", "purrfect", "--players", "2"], "no line is measured at those player counts"),
        (["--timing-games", "0"], "--timing-games must be 1 or more"),
        (["--deals", "0"], "--deals must be 1 or more"),
    ],
)
def test_a_strength_run_that_would_measure_nothing_says_why(args: list[str], message: str) -> None:
    done = run_tool("strength.py", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_a_duel_takes_no_talk_as_the_simulator_spells_it() -> None:
    args = ["purrfect", "medium", "easy", "--players", "3", "--deals", "1", "--workers", "1"]
    done = run_tool("duel.py", *args, "--no-talk")
    assert done.returncode == 0, done.stderr
    assert "no table talk" in done.stdout
