"""The measuring tools in ``tools/``: a bad bot, game or option gets a message, and the equal-time
seating of ISMCTS clocks what it says."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from matchmaker import load_game
from matchmaker.bots import Bot
from matchmaker.core.actions import Action
from matchmaker.games.purrfect.actions import PASS, PROPOSE

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


def strength_module() -> ModuleType:
    """``tools/strength.py`` imported (with ``tools`` on the path for its ``duel``)."""
    sys.path.insert(0, str(TOOLS))
    try:
        return importlib.import_module("strength")
    finally:
        sys.path.remove(str(TOOLS))


def test_ismcts_gets_the_simulations_that_fill_hards_time_per_decision() -> None:
    strength = strength_module()
    # A simulation takes 0.5 ms: 60 ms buy 120; however short the target, one at least.
    assert strength.equal_time_simulations(0.060, 0.0005) == 120
    assert strength.equal_time_simulations(1e-9, 0.0005) == 1


class FirstChoice(Bot[Any]):
    """Plays the first legal action."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The first legal action."""
        return legal[0]


@pytest.mark.parametrize(("searched_only", "clocked"), [(False, 2), (True, 1)])
def test_the_probe_clocks_only_the_decisions_a_bot_searches(
    searched_only: bool, clocked: int
) -> None:
    strength = strength_module()
    times: list[float] = []
    timed = strength.Timed(FirstChoice(load_game("purrfect", players=3), 0), times, searched_only)
    assert timed.choose(None, [PASS]) == PASS
    assert timed.choose(None, [PROPOSE, PASS]) == PROPOSE
    assert len(times) == clocked
