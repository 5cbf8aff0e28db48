"""The command line: the replay contract to the letter, random-game, bench and demo."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from matchmaker.cli.main import main
from tests.helpers import run_cli as run

VECTORS = Path(__file__).parent / "data" / "vectors"
P_VECTOR = VECTORS / "p-purrfect_p4_00000.json"
C_VECTOR = VECTORS / "c-clecanian_p3_00002.json"


def expected(path: Path) -> dict[str, object]:
    result: dict[str, object] = json.loads(path.read_text())["result"]
    return result


def test_replay_one_file_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(P_VECTOR), "--json")
    assert code == 0
    assert err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == expected(P_VECTOR)
    assert list(json.loads(out)) == ["game", "finished", "scores", "winners", "targets", "claimed"]


def test_replay_clecanian_keys_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(C_VECTOR), "--json")
    assert code == 0
    assert list(json.loads(out)) == ["game", "finished", "scores", "winners", "round_scores"]
    assert json.loads(out) == expected(C_VECTOR)


def test_replay_several_files_prints_json_lines_with_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "replay", str(P_VECTOR), str(C_VECTOR), "--json")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == [str(P_VECTOR), str(C_VECTOR)]
    assert {k: v for k, v in lines[1].items() if k != "file"} == expected(C_VECTOR)


def bad_record(tmp_path: Path) -> Path:
    record = json.loads(C_VECTOR.read_text())
    events = record["rounds"][1]["events"]
    index = next(i for i, e in enumerate(events) if e.get("action") == "draw_stock")
    events.insert(index, {"seat": events[index]["seat"], "action": "swap", "pos": 0})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    return path


def test_replay_refused_record_exit_2_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = bad_record(tmp_path)
    record = json.loads(path.read_text())
    index = next(
        i for i, e in enumerate(record["rounds"][1]["events"]) if e.get("action") == "swap"
    )
    seat = record["rounds"][1]["events"][index]["seat"]
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 2
    assert out == ""
    assert err == f"round 1, event {index}: seat {seat} cannot swap: it holds no drawn card\n"


def test_replay_several_with_one_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = bad_record(tmp_path)
    code, out, _ = run(capsys, "replay", str(P_VECTOR), str(path), str(C_VECTOR), "--json")
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    assert lines[1]["file"] == str(path)
    assert lines[1]["error"].startswith("round 1, event ")
    assert set(lines[1]) == {"file", "error"}
    assert lines[2]["scores"] == expected(C_VECTOR)["scores"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "matchmaker-record/1", "game": ', "not valid JSON: "),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"format": "pgn", "game": "purrfect"}', "format must be 'matchmaker-record/1'"),
        (
            '{"format": "matchmaker-record/1", "game": "chess", "options": {"players": 2}}',
            "unknown game 'chess'",
        ),
    ],
)
def test_replay_malformed_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(text)
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert (code, out) == (2, "")
    assert err.startswith(message)
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "replay", str(tmp_path / "none.json"), "--json")
    assert (code, out) == (2, "")
    assert "cannot read" in err and "No such file" in err


def test_replay_unfinished_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = json.loads(P_VECTOR.read_text())
    record["events"] = record["events"][:5]
    del record["result"]
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    # After the present and three nominations, the proposer (seat 1) inspects seat 2 and
    # proposes; seat 2 must answer.
    assert json.loads(out) == {"game": "purrfect", "finished": False, "to_act": 2}


def test_replay_unfinished_clecanian_awaits_chance(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = json.loads(C_VECTOR.read_text())
    record["rounds"] = record["rounds"][:1]
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out) == {"game": "clecanian", "finished": False, "to_act": "chance"}


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(P_VECTOR.read_text()))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0
    assert json.loads(out) == expected(P_VECTOR)


def test_replay_without_json_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(P_VECTOR))
    assert code == 0
    assert out == "Final scores: Seat 1 -3, Seat 2 8, Seat 3 -9, Seat 4 -22. Winner: Seat 2.\n"


@pytest.mark.parametrize(
    ("game", "options"),
    [("purrfect", ["-p", "5"]), ("clecanian", ["-p", "3", "-o", "epilogue=true"])],
)
def test_random_game_same_seed_same_record(
    capsys: pytest.CaptureFixture[str], game: str, options: list[str]
) -> None:
    _, first, _ = run(capsys, "random-game", game, "--seed", "11", *options)
    _, second, _ = run(capsys, "random-game", game, "--seed", "11", *options)
    _, other, _ = run(capsys, "random-game", game, "--seed", "12", *options)
    assert first == second
    assert first != other
    record = json.loads(first)
    assert record["meta"]["seed"] == 11
    assert record["format"] == "matchmaker-record/1"


def test_random_game_record_replays_to_its_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "random-game", "clecanian", "-p", "4", "-s", "3")
    path = tmp_path / "game.json"
    path.write_text(out)
    code, replayed, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(replayed) == json.loads(out)["result"]


def test_random_game_bad_option_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "random-game", "clecanian", "-o", "epilog=true")
    assert (code, out) == (2, "")
    assert err.startswith("matchmaker: unknown option 'epilog' for clecanian")


def test_random_game_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "random-game", "purrfect", "-p", "9")
    assert code == 2
    assert "players must be a whole number from 2 to 8, not 9" in err


def test_bench_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "purrfect", "-p", "3", "--runs", "1", "--seconds", "0.05", "--json"
    )
    assert code == 0
    (figure,) = json.loads(out)
    assert figure["game"] == "purrfect"
    assert figure["players"] == 3
    for key in ("games_per_s", "decisions_per_s", "decisions_per_game"):
        assert figure[key] > 0


def test_bench_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bench", "chess")
    assert code == 2
    assert "unknown game 'chess'" in err


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "purrfect", "--bots", "easy,easy", "--game", "3"],
        ["lab", "purrfect", "--game", "3"],
        ["tournament", "purrfect", "--bots", "easy,easy", "--game", "3"],
    ],
)
def test_options_are_not_abbreviated(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    """`--game` is an unknown option, not `--games` cut short."""
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert "unrecognized arguments: --game 3" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["purrfect", "clecanian"])
def test_demo_narrates_a_whole_game(capsys: pytest.CaptureFixture[str], game: str) -> None:
    extra = ["-o", "max_turns=20"] if game == "clecanian" else []
    code, out, _ = run(capsys, "demo", game, "--seed", "5", *extra)
    assert code == 0
    assert "Final scores:" in out
    assert "Seat 1" in out  # people count seats from 1


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "matchmaker", "replay", str(P_VECTOR), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout) == expected(P_VECTOR)


@pytest.mark.parametrize(("terminal", "speed", "pause"), [(True, 2.0, 0.3), (True, 0.0, None),
                                                          (False, 1.0, None)])  # fmt: skip
def test_demo_paces_its_events_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, speed: float, pause: float | None
) -> None:
    import io
    import time

    from rich.console import Console

    from matchmaker.cli import demo
    from matchmaker.core.registry import load_game

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    console = Console(file=io.StringIO(), force_terminal=terminal)
    demo.run_demo(load_game("purrfect", players=3), 5, console, speed)
    assert (set(slept) == {pause}) if pause else not slept


def test_demo_refuses_a_negative_speed(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--speed", "-1")
    assert code == 2 and "--speed must be 0 or more" in err
