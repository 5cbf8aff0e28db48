"""The measuring tools in ``tools/`` answer a bad bot, game or option with a message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

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


def strength_module() -> object:
    """``tools/strength.py`` imported (with ``tools`` on the path for its ``duel``)."""
    sys.path.insert(0, str(TOOLS))
    try:
        import strength
    finally:
        sys.path.remove(str(TOOLS))
    return strength


def test_ismcts_gets_the_simulations_that_fill_hards_time_per_decision() -> None:
    strength: Any = strength_module()
    # 50 simulations took 25 ms a decision: 0.5 ms each, so 60 ms buy 120.
    assert strength.equal_time_simulations(0.060, [0.020, 0.030], 50) == 120
    assert strength.equal_time_simulations(1e-9, [0.020], 50) == 1


def test_the_probe_clocks_only_the_decisions_a_bot_searches() -> None:
    strength: Any = strength_module()
    every = strength.decision_times("purrfect", "medium", 3, 1)
    searched = strength.decision_times("purrfect", "medium", 3, 1, searched_only=True)
    assert 0 < len(searched) < len(every)
