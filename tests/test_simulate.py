"""``matchmaker simulate``: statistics, determinism across workers, outputs and errors."""

from __future__ import annotations

import csv
import io
import json
import re
import struct
import sys
from pathlib import Path

import pytest

from matchmaker import replay
from matchmaker.cli.progress import ProgressLines
from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.sim.report import games_csv_header, markdown_table
from matchmaker.sim.runs import chunk_size, game_seed, record_name
from matchmaker.sim.simulate import seating, simulate
from matchmaker.sim.stats import five_numbers, mean_interval, quantile, wilson_interval
from tests.helpers import run_cli as run

LAST = "tests.helpers:LastBot"


# --- statistics -------------------------------------------------------------------------


def test_wilson_interval_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775
    low, high = wilson_interval(10, 10)
    assert (round(low, 4), high) == (0.7225, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_mean_interval_and_quantiles() -> None:
    low, high = mean_interval([2, 4, 4, 4, 5, 5, 7, 9]) or (0, 0)
    # mean 5, sample sd 2.138, half-width 1.96 * 2.138 / sqrt(8) = 1.4816
    assert (round(low, 4), round(high, 4)) == (3.5184, 6.4816)
    assert mean_interval([3]) is None
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([10], 0.75) == 10.0
    assert five_numbers([7, 1, 3, 5]) == (1.0, 2.5, 4.0, 5.5, 7.0)


# --- seating and seeds ------------------------------------------------------------------


def test_seating_rotates_bots_through_seats() -> None:
    bots = ["a", "b", "c"]
    assert [seating(bots, i, False) for i in range(2)] == [("a", "b", "c")] * 2
    assert [seating(bots, i, True) for i in range(4)] == [
        ("a", "b", "c"),
        ("c", "a", "b"),
        ("b", "c", "a"),
        ("a", "b", "c"),
    ]


def test_game_seeds_are_fixed_and_distinct() -> None:
    assert game_seed(7, 0) == game_seed(7, 0)
    seeds = {game_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(7, 0) != game_seed(8, 0)
    assert record_name(12) == "game-000012.json"


def test_chunks_are_small_and_never_empty() -> None:
    assert chunk_size(1, 4) == 1
    assert chunk_size(64, 2) == 4
    assert chunk_size(100_000, 2) == 50


# --- the simulation API -----------------------------------------------------------------


def test_results_do_not_depend_on_workers() -> None:
    one = simulate("purrfect", ["random", LAST, "random"], 24, seed=11, swap_seats=True)
    two = simulate("purrfect", ["random", LAST, "random"], 24, seed=11, workers=2, swap_seats=True)
    assert one.outcomes == two.outcomes
    assert one.to_json() == two.to_json()
    other = simulate("purrfect", ["random", LAST, "random"], 24, seed=12, swap_seats=True)
    assert other.outcomes != one.outcomes


def test_bot_at_several_seats_is_one_entry() -> None:
    result = simulate("purrfect", ["random", LAST, "random"], 30, seed=3)
    data = result.to_json()
    assert list(data["bots"]) == ["random", LAST]
    random_entry, last_entry = data["bots"]["random"], data["bots"][LAST]
    assert (random_entry["games"], random_entry["tables"]) == (60, 30)
    assert (last_entry["games"], last_entry["tables"]) == (30, 30)
    # the bot that always takes the last action claims its own worst cats: it never wins
    assert last_entry["wins"] == 0
    assert last_entry["mean_score_diff"] < 0 < random_entry["mean_score_diff"]
    assert last_entry["mean_score_diff_ci"][1] < 0


def test_results_json_numbers_are_consistent() -> None:
    result = simulate("clecanian", ["random", LAST], 20, seed=5, swap_seats=True)
    data = result.to_json()
    assert {"game", "options", "seed", "games", "bots", "by_seat", "swap_seats"} <= set(data)
    assert (data["game"], data["seed"], data["games"], data["options"]) == (
        "clecanian",
        5,
        20,
        {"players": 2, "rounds": 3},
    )
    assert data["lower_score_wins"] is True
    total_wins = 0
    for entry in data["bots"].values():
        assert entry["games"] == 20
        assert entry["wins"] + entry["losses"] == entry["games"]
        assert entry["win_rate"] == round(entry["wins"] / entry["games"], 6)
        low, high = entry["win_rate_ci"]
        assert 0 <= low <= entry["win_rate"] <= high <= 1
        low, high = entry["mean_score_ci"]
        assert low < entry["mean_score"] < high
        low, high = entry["mean_score_diff_ci"]
        assert low < entry["mean_score_diff"] < high
        q = entry["score_quantiles"]
        assert q["min"] <= q["q25"] <= q["median"] <= q["q75"] <= q["max"]
        total_wins += entry["wins"]
    # every game has at least one winner; shared wins count once per winner
    shared = sum(len(o.winners) - 1 for o in result.outcomes)
    assert total_wins == 20 + shared
    assert sum(seat["wins"] for seat in data["by_seat"]) == total_wins
    assert [seat["games"] for seat in data["by_seat"]] == [20, 20]
    # two players: one's score difference is minus the other's
    diffs = [entry["mean_score_diff"] for entry in data["bots"].values()]
    assert diffs[0] == pytest.approx(-diffs[1])


def test_pinned_figures() -> None:
    result = simulate("purrfect", ["random", "random"], 10, seed=1)
    first = result.outcomes[0]
    assert first.seed == game_seed(1, 0)
    stats = result.bot_stats()["random"]
    assert (stats.games, stats.wins) == (20, 10 + sum(len(o.winners) - 1 for o in result.outcomes))
    seats = result.seat_stats()
    assert [s.games for s in seats] == [10, 10]
    # regression figures of this run (they change only if the rules or the random bot do)
    assert [o.scores for o in result.outcomes[:3]] == [(-42, -77), (-85, -84), (-76, -55)]
    assert [s.wins for s in seats] == [4, 7]
    assert stats.wins == 11


def test_markdown_table() -> None:
    result = simulate("purrfect", ["random", LAST, "random"], 10, seed=3)
    lines = markdown_table(result).splitlines()
    assert lines[0].startswith("| bot | games | win rate (95% CI) |")
    assert len(lines) == 4
    assert lines[3].startswith(f"| {LAST} | 10 | 0.000 [0.000, 0.278] |")


def test_api_errors() -> None:
    with pytest.raises(MatchmakerError, match="games must be at least 1"):
        simulate("purrfect", ["random", "random"], 0)
    with pytest.raises(OptionError, match="unknown bot 'nobody'"):
        simulate("purrfect", ["random", "nobody"], 1)
    with pytest.raises(OptionError, match="5 bots given"):
        simulate("clecanian", ["random"] * 5, 1)
    with pytest.raises(OptionError, match="2 bots for 3 players"):
        simulate("purrfect", ["random"] * 2, 1, options={"players": 3})


# --- the command line -------------------------------------------------------------------


def simulate_cli(
    capsys: pytest.CaptureFixture[str], out: Path, *extra: str
) -> tuple[int, str, str]:
    return run(
        capsys,
        "simulate",
        "purrfect",
        "--bots",
        f"random,{LAST},random",
        "--games",
        "12",
        "--seed",
        "9",
        "--swap-seats",
        "--out",
        str(out),
        *extra,
    )


def test_no_talk_plays_in_silence(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--no-talk``: no claim in any record, ``talk`` false in results.json, said in the
    heading; the talking run of the same seed has claims."""
    code, out, err = run(
        capsys, "simulate", "purrfect", "--bots", "medium,medium,medium", "--games", "4",
        "--seed", "9", "--no-talk", "--quiet", "--out", str(tmp_path / "quiet"), "--records",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "seed 9, no table talk;" in out
    assert json.loads((tmp_path / "quiet" / "results.json").read_text())["talk"] is False
    records = sorted((tmp_path / "quiet" / "records").iterdir())
    assert len(records) == 4
    assert all(json.loads(r.read_text())["meta"]["talk"] == [] for r in records)
    talking = simulate("purrfect", ["medium"] * 3, 4, seed=9, records_dir=tmp_path / "talk")
    assert talking.talk and talking.to_json()["talk"] is True
    spoken = [json.loads(r.read_text())["meta"]["talk"] for r in (tmp_path / "talk").iterdir()]
    assert len(spoken) == 4 and any(spoken)


def test_no_talk_in_a_game_without_talk_says_nothing_of_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Clecanian Golf has no table talk: ``--no-talk`` changes nothing, and the heading does not
    claim that talk was left out."""
    code, out, err = run(
        capsys, "simulate", "clecanian", "--bots", "medium,easy", "--games", "1", "--seed", "9",
        "--no-talk", "--quiet", "--out", str(tmp_path / "golf"),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "seed 9;" in out and "no table talk" not in out


def test_cli_prints_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = simulate_cli(capsys, tmp_path / "run", "--quiet")
    assert (code, err) == (0, "")
    assert (
        "Purrfect Match: 12 games, 3 players, seed 9, seats swapped game by game; "
        "highest score wins"
    ) in out
    for title in (
        "Wins",
        "Scores (higher is better)",
        "Final scores (points)",
        "By seat (seat advantage), 12 games each",
    ):
        assert title in out
    # every column says its unit
    for column in ("win rate (share)", "mean length (decisions)", "mean score (points)"):
        assert column in out
    assert "score diff (points)" in out
    assert "Wrote results.json, games.csv, plots to" in out


def test_cli_clecanian_scores_say_lower_is_better(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "clecanian", "-b", "random,easy", "-n", "2", "-q")
    assert code == 0
    assert "Scores (lower is better)" in out


def test_progress_lines_every_few_seconds() -> None:
    now = [100.0]
    stream = io.StringIO()
    lines = ProgressLines("simulate", 400, stream, every=5, clock=lambda: now[0])
    lines.advance(10)  # no time has passed
    now[0] += 4
    lines.advance(110)
    assert stream.getvalue() == ""
    now[0] += 1.5
    lines.advance(0)
    assert stream.getvalue() == "simulate: 120/400 games, 30%, 6 s\n"
    now[0] += 3
    lines.advance(280)
    now[0] += 0.2
    lines.finish()
    assert stream.getvalue().splitlines() == [
        "simulate: 120/400 games, 30%, 6 s",
        "simulate: 400/400 games, 100%, 9 s",
    ]
    # a run too short for any line writes none at its end either
    quiet = io.StringIO()
    short = ProgressLines("tournament", 3, quiet, every=5, clock=lambda: 0.0)
    short.advance(3)
    short.finish()
    assert quiet.getvalue() == ""


def test_cli_progress_lines_when_not_a_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = simulate_cli(capsys, tmp_path, "--progress-every", "0")
    assert code == 0
    lines = err.splitlines()
    assert lines[0].startswith("simulate: 1/12 games, 8%, ")
    assert lines[-1].startswith("simulate: 12/12 games, 100%, ")
    assert all(re.fullmatch(r"simulate: \d+/12 games, \d+%, \d+ s", line) for line in lines)
    code, _, err = simulate_cli(capsys, tmp_path, "--progress-every", "0", "--quiet")
    assert (code, err) == (0, "")


def test_cli_output_is_the_same_with_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert simulate_cli(capsys, tmp_path / "one", "--quiet")[0] == 0
    assert simulate_cli(capsys, tmp_path / "two", "--workers", "2")[0] == 0
    for name in ("results.json", "games.csv"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_games_csv_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert simulate_cli(capsys, tmp_path)[0] == 0
    with (tmp_path / "games.csv").open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == games_csv_header(3)
    assert rows[0] == [
        "index",
        "seed",
        "bot_0",
        "bot_1",
        "bot_2",
        "score_0",
        "score_1",
        "score_2",
        "winners",
        "length",
    ]
    assert len(rows) == 13
    bots = ["random", LAST, "random"]
    for index, row in enumerate(rows[1:]):
        assert int(row[0]) == index
        assert int(row[1]) == game_seed(9, index)
        assert tuple(row[2:5]) == seating(bots, index, True)
        scores = [int(score) for score in row[5:8]]
        winners = [int(seat) for seat in row[8].split()]
        assert winners and all(scores[w] == max(scores) for w in winners)
        assert int(row[9]) > 0
    assert rows[2][2:5] == ["random", "random", LAST]


def test_plots_are_png_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert simulate_cli(capsys, tmp_path)[0] == 0
    for name in ("score_histograms.png", "win_rate_by_bot.png", "win_rate_by_seat.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        assert width > 100 and height > 100


def test_records_replay_to_their_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = simulate_cli(capsys, tmp_path, "--records", "--workers", "2")
    assert code == 0
    assert "records/" in out
    files = sorted((tmp_path / "records").iterdir())
    assert [f.name for f in files] == [record_name(i) for i in range(12)]
    with (tmp_path / "games.csv").open(newline="") as handle:
        rows = list(csv.reader(handle))[1:]
    bots = ["random", LAST, "random"]
    for index, path in enumerate(files):
        record = json.loads(path.read_text())
        assert record["meta"]["seats"] == list(seating(bots, index, True))
        assert record["meta"]["seed"] == game_seed(9, index)
        state = replay(record)
        assert state.status() == record["result"]
        assert record["result"]["scores"] == [int(s) for s in rows[index][5:8]]


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "clecanian", "-b", "random,easy", "-n", "4", "-s", "2", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert list(data["bots"]) == ["random", "easy"]
    assert data["games"] == 4
    assert data["options"] == {"players": 2, "rounds": 3}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--bots", "random,,random"], "empty bot name"),
        (["--bots", "random"], "1 bots given: option players must be"),
        (["--bots", "random,random", "--games", "0"], "--games must be at least 1, not 0"),
        (["--bots", "random,random", "--workers", "0"], "--workers must be at least 1"),
        (["--bots", "random,random", "--players", "3"], "2 bots for 3 players"),
        (["--bots", "random,random", "-o", "players=4"], "2 bots for 4 players"),
        (["--bots", "random,random", "--records"], "--records needs --out DIR"),
        (["--bots", "random,random", "-o", "nonsense"], "must look like KEY=VALUE"),
        (["--bots", "random,random#"], "write NAME#LABEL"),
        (["--bots", "random,#2"], "write NAME#LABEL"),
        (["--bots", "random,random", "--address", "auto"], "--address is for --backend ray"),
        (["--bots", "random,random", "--progress-every", "-1"], "--progress-every must be"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, "simulate", "clecanian", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("matchmaker: ")
    assert message in err
    assert err.count("\n") == 1


def test_cli_too_many_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "clecanian", "--bots", ",".join(["random"] * 5))
    assert code == 2
    assert err == (
        "matchmaker: 5 bots given: option players must be a whole number from 2 to 4, not 5\n"
    )


def test_docs_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).parent.parent / "docs" / "simulate.md").read_text()
    (code,) = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    exec(compile(code, "docs/simulate.md", "exec"), {})
    out = capsys.readouterr().out
    assert "| bot | games | win rate (95% CI) |" in out


def test_one_bot_entered_twice_under_two_names(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate("clecanian", ["greedy", "greedy#b"], 4, seed=3, swap_seats=True)
    assert list(result.bot_stats()) == ["greedy", "greedy#b"]
    assert result.outcomes[0].seats == ("greedy", "greedy#b")
    plain = simulate("clecanian", ["greedy", "greedy"], 4, seed=3, swap_seats=True)
    assert [o.scores for o in result.outcomes] == [o.scores for o in plain.outcomes]


def test_ray_backend_without_ray_says_how_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    for command in ("simulate", "tournament"):
        code, out, err = run(capsys, command, "clecanian", "-b", "random,easy", "--backend", "ray")
        assert (code, out) == (2, "")
        assert err == (
            "matchmaker: the ray backend needs the 'ray' extra: pip install 'matchmaker[ray]' "
            "(in a checkout: .venv/bin/pip install -e '.[ray]')\n"
        )
    with pytest.raises(MatchmakerError, match="pip install 'matchmaker"):
        simulate("clecanian", ["random", "easy"], 2, backend="ray")
    with pytest.raises(OptionError, match="unknown backend 'spark'"):
        simulate("clecanian", ["random", "easy"], 2, backend="spark")
