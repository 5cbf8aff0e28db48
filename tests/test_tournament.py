"""``matchmaker tournament``: seatings, ranks, openskill ratings, determinism and errors."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from matchmaker.core.errors import OptionError
from matchmaker.sim.runs import game_seed
from matchmaker.sim.tournament import ranks, seatings, tournament
from tests.helpers import run_cli as run

LAST = "tests.helpers:LastBot"


def test_seatings_rotate_every_combination() -> None:
    assert seatings(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    tables = seatings(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3
    assert tables[:3] == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    # every bot holds every seat equally often
    for seat in range(3):
        assert Counter(table[seat] for table in tables) == dict.fromkeys("abcd", 3)
    assert seatings(["a", "b", "c"], 3) == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]


def test_ranks_follow_the_winners() -> None:
    assert ranks([10, -3, 4], [0]) == [1, 3, 2]  # higher is better
    assert ranks([10, -3, 4], [1]) == [3, 1, 2]  # lower is better
    assert ranks([5, 5, 1, 5], [2]) == [2, 2, 1, 2]
    assert ranks([5, 9, 9], [1, 2]) == [3, 1, 1]
    assert ranks([0, 0], [0, 1]) == [1, 1]


def test_leaderboard_contents() -> None:
    result = tournament("purrfect", ["random", LAST, "easy"], 8, seed=4, options={"players": 3})
    assert len(result.seatings) == 3
    assert len(result.outcomes) == 24
    assert [o.seats for o in result.outcomes[:4]] == [
        ("random", LAST, "easy"),
        ("easy", "random", LAST),
        (LAST, "easy", "random"),
        ("random", LAST, "easy"),
    ]
    assert [o.seed for o in result.outcomes[:2]] == [game_seed(4, 0), game_seed(4, 1)]
    board = result.leaderboard
    assert {s.name for s in board} == {"random", LAST, "easy"}
    assert all(s.games == 24 for s in board)
    assert board[-1].name == LAST
    assert board[-1].wins == 0
    assert [s.ordinal for s in board] == sorted((s.ordinal for s in board), reverse=True)
    for s in board:
        assert s.ordinal == pytest.approx(s.mu - 3 * s.sigma)
        assert s.sigma < 25 / 3
    shared = sum(len(o.winners) - 1 for o in result.outcomes)
    assert sum(s.wins for s in board) == 24 + shared
    data = result.to_json()
    assert [entry["name"] for entry in data["leaderboard"]] == [s.name for s in board]
    assert data["games"] == 24
    assert data["games_per_seating"] == 8


def test_same_seed_same_leaderboard_whatever_the_workers() -> None:
    bots = ["random", LAST, "easy"]
    one = tournament("clecanian", bots, 3, seed=2)
    two = tournament("clecanian", bots, 3, seed=2, workers=2)
    assert one.to_json() == two.to_json()
    assert one.outcomes == two.outcomes
    assert one.options == {"players": 2, "rounds": 3}
    assert len(one.seatings) == 6
    assert tournament("clecanian", bots, 3, seed=3).outcomes != one.outcomes


def test_player_count_defaults() -> None:
    # Purrfect Match seats 4 by default: three bots make 3-player tables
    three = tournament("purrfect", ["random", "easy", LAST], 1, seed=1)
    assert three.options["players"] == 3
    # Clecanian Golf seats 2 by default: four bots play every pair both ways
    pairs = tournament(
        "clecanian", ["random", "easy", LAST, "matchmaker.bots.random_bot:RandomBot"], 1
    )
    assert pairs.options["players"] == 2
    assert len(pairs.seatings) == 12


def test_api_errors() -> None:
    with pytest.raises(OptionError, match="bot 'random' is named twice"):
        tournament("purrfect", ["random", "easy", "random"], 1)
    with pytest.raises(OptionError, match="at least two bots"):
        tournament("purrfect", ["random"], 1)
    with pytest.raises(OptionError, match="2 bots for 3-player tables"):
        tournament("purrfect", ["random", "easy"], 1, options={"players": 3})


def test_cli_leaderboard(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "tournament", "purrfect", "--bots", f"random,{LAST},easy", "-p", "3", "-n", "4"
    )
    assert (code, err) == (0, "")
    assert "Purrfect Match tournament: 3 seatings x 4 games = 12 games, 3 players" in out
    assert "Leaderboard" in out
    lines = [line for line in out.splitlines() if LAST in line]
    assert len(lines) == 1
    assert lines[0].split()[1] == "3"  # last place


def test_cli_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "clecanian", "-b", "random,easy", "-n", "3", "-s", "5", "--json"]
    code, first, _ = run(capsys, *args)
    assert code == 0
    code, second, _ = run(capsys, *args, "--workers", "2")
    assert code == 0
    assert first == second
    data = json.loads(first)
    assert data["games"] == 6
    assert {entry["name"] for entry in data["leaderboard"]} == {"random", "easy"}
    assert all(entry["games"] == 6 for entry in data["leaderboard"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--bots", "random"], "a tournament needs at least two bots"),
        (["--bots", "random,easy,random"], "bot 'random' is named twice"),
        (["--bots", "random,easy", "--players", "3"], "2 bots for 3-player tables"),
        (["--bots", "random,easy", "--games", "0"], "--games must be at least 1, not 0"),
        (["--bots", "random,easy", "--players", "9"], "option players must be"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, "tournament", "purrfect", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("matchmaker: ")
    assert message in err
    assert err.count("\n") == 1
