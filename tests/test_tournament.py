"""``matchmaker tournament``: seatings, ranks, openskill ratings, determinism and errors."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations
from math import perm

import pytest

from matchmaker.core.errors import OptionError
from matchmaker.sim.runs import game_seed
from matchmaker.sim.stats import wilson_interval
from matchmaker.sim.tournament import (
    MAX_SEATINGS,
    ranks,
    seating_groups,
    seatings,
    tournament,
)
from tests.helpers import run_cli as run

LAST = "tests.helpers:LastBot"


def test_seatings_are_every_permutation() -> None:
    assert seatings(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    tables = seatings(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3 * 2
    assert set(tables) == set(permutations("abcd", 3))
    assert tables[:6] == list(permutations("abc"))
    # every bot holds every seat equally often, and has every neighbour equally often
    for seat in range(3):
        assert Counter(table[seat] for table in tables) == dict.fromkeys("abcd", 6)
    left = Counter((t[i], t[(i + 1) % 3]) for t in tables for i in range(3))
    assert set(left.values()) == {6}
    assert len(seatings(["a", "b", "c", "d", "e", "f"], 6)) == MAX_SEATINGS
    groups = seating_groups(["a", "b", "c", "d"], 2)
    assert [len(group) for group in groups] == [2] * 6
    assert groups[0] == [("a", "b"), ("b", "a")]


@pytest.mark.parametrize(("bots", "players"), [(8, 4), (7, 6), (11, 3), (8, 8)])
def test_balanced_design_when_permutations_are_too_many(bots: int, players: int) -> None:
    names = [f"bot{i}" for i in range(bots)]
    assert perm(bots, players) > MAX_SEATINGS
    groups = seating_groups(names, players)
    tables = [table for group in groups for table in group]
    assert len(tables) <= MAX_SEATINGS
    assert all(len(set(table)) == players for table in tables)
    # each bot holds each seat equally often
    held = Counter((table[seat], seat) for table in tables for seat in range(players))
    assert len(held) == bots * players
    assert len(set(held.values())) == 1
    # each ordered pair of bots sits at each distance around the table about equally often
    apart = Counter(
        (table[i], table[(i + d) % players], d)
        for table in tables
        for i in range(players)
        for d in range(1, players)
    )
    counts = [apart[(a, b, d)] for a in names for b in names if a != b for d in range(1, players)]
    assert min(counts) > 0
    assert max(counts) - min(counts) <= 3 * players
    # a group is a block and its rotations; the design depends on the bots alone
    assert groups[0][1] == groups[0][0][-1:] + groups[0][0][:-1]
    assert seating_groups(names, players) == groups


def test_one_bot_under_two_names_ties() -> None:
    bots = ["greedy", "medium", "random", "medium#2"]
    result = tournament("purrfect", bots, 2, seed=5)
    assert len(result.seatings) == 24 and result.groups == 1
    # the seatings of a group share their deals: game k of every seating has one seed
    assert {o.seed for o in result.outcomes[:24]} == {game_seed(5, 0)}
    assert {o.seed for o in result.outcomes[24:]} == {game_seed(5, 1)}
    board = {s.name: s for s in result.leaderboard}
    # greedy, medium and medium#2 are one bot: every seating has its mirror image, dealt
    # the same cards, so they win exactly as often
    assert board["greedy"].wins == board["medium"].wins == board["medium#2"].wins
    assert board["random"].wins < board["greedy"].wins
    low, high = wilson_interval(board["greedy"].wins, board["greedy"].games)
    for name in ("medium", "medium#2"):
        assert low <= board[name].wins / board[name].games <= high
        assert abs(board[name].mu - board["greedy"].mu) < 2 * board["greedy"].sigma


def test_ranks_follow_the_winners() -> None:
    assert ranks([10, -3, 4], [0]) == [1, 3, 2]  # higher is better
    assert ranks([10, -3, 4], [1]) == [3, 1, 2]  # lower is better
    assert ranks([5, 5, 1, 5], [2]) == [2, 2, 1, 2]
    assert ranks([5, 9, 9], [1, 2]) == [3, 1, 1]
    assert ranks([0, 0], [0, 1]) == [1, 1]


def test_leaderboard_contents() -> None:
    result = tournament("purrfect", ["random", LAST, "easy"], 4, seed=4, options={"players": 3})
    assert len(result.seatings) == 6
    assert len(result.outcomes) == 24
    assert [o.seats for o in result.outcomes[:7]] == [
        ("random", LAST, "easy"),
        ("random", "easy", LAST),
        (LAST, "random", "easy"),
        (LAST, "easy", "random"),
        ("easy", "random", LAST),
        ("easy", LAST, "random"),
        ("random", LAST, "easy"),
    ]
    assert [o.seed for o in result.outcomes[5:7]] == [game_seed(4, 0), game_seed(4, 1)]
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
    assert data["games_per_seating"] == 4
    assert data["seating_groups"] == 1


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
        capsys,
        "tournament",
        "purrfect",
        "--bots",
        f"random,{LAST},easy",
        "-p",
        "3",
        "-n",
        "4",
        "-q",
    )
    assert (code, err) == (0, "")
    assert "Seatings: every order of every set of bots; 1 group of seatings" in out
    assert "win rate (share)" in out
    assert "Purrfect Match tournament: 6 seatings x 4 games = 24 games, 3 players" in out
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
