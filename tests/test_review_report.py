"""The HTML report of a review (``matchmaker review FILE --out DIR``, ``cli.report``): the page
and its plots are written, every decision's mark is at its step, every step of ``replay --show``
is there, and bad folders are refused."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

import pytest

from matchmaker import load_game
from matchmaker.analysis import review_record
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.cli.report import PAGE, plot_name
from matchmaker.cli.show import frame_marks, review_line, show_frames
from tests.helpers import run_cli

PNG = b"\x89PNG\r\n\x1a\n"


def played(game_name: str, players: int, **options: Any) -> dict[str, Any]:
    game = load_game(game_name, players=players, **options)
    bots = [make_bot("medium", game, s, seat_seed(4, s)) for s in range(players)]
    record: dict[str, Any] = play_game(game, bots, 4).record()
    return record


def steps_of(page: str, seat: int) -> dict[int, str]:
    """The steps of a seat's section, by number from 0: each step's HTML."""
    found = re.findall(
        rf'<article class="step[^"]*" id="s{seat + 1}-step-(\d+)">(.*?)</article>', page, re.S
    )
    return {int(number) - 1: body for number, body in found}


@pytest.mark.parametrize(
    ("game", "players", "options", "seats"),
    [("clecanian", 2, {"rounds": 1}, ["--seat", "2"]), ("purrfect", 3, {}, [])],
)
def test_the_report_holds_every_step_and_every_decision_at_its_step(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    players: int,
    options: dict[str, Any],
    seats: list[str],
) -> None:
    record = played(game, players, **options)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    folder = tmp_path / "report" / "new"  # made with its parents
    args = ["review", str(path), "--worlds", "5", "--seed", "2", "--out", str(folder), *seats]
    status, out, err = run_cli(capsys, *args, "--json")
    assert status == 0
    printed = json.loads(out)  # the JSON alone on standard output; where the report is, on stderr
    assert f"Report: {folder / PAGE}" in err
    page = (folder / PAGE).read_text(encoding="utf-8")
    reviewed = [1] if seats else list(range(players))
    reviews = review_record(record, reviewed, worlds=5, seed=2)
    assert [r.to_json() for r in reviews] == (printed if isinstance(printed, list) else [printed])
    assert load_game(game, players=players, **options).title in page
    for review in reviews:
        seat = review.seat
        plot = folder / plot_name(seat)
        assert plot.read_bytes().startswith(PNG)
        assert f'src="{plot_name(seat)}"' in page
        _, frames = show_frames(record, seat)
        steps = steps_of(page, seat)
        assert sorted(steps) == list(range(len(frames)))  # every step of replay --show
        assert review.decisions
        marks = frame_marks(frames, review.decisions)
        for step, decisions in marks.items():
            for decision in decisions:
                assert escape(review_line(decision)) in steps[step]
                assert f">{decision.mark}</span>" in steps[step]
        assert sum(len(found) for found in marks.values()) == len(review.decisions)
        # the plot's map: a link a decision, to the step that tells it
        areas = re.findall(rf'<area [^>]*href="#s{seat + 1}-step-(\d+)"', page)
        by_decision = {d.index: step for step, found in marks.items() for d in found}
        assert [int(a) - 1 for a in areas] == [by_decision[d.index] for d in review.decisions]
    assert f"accuracy {reviews[0].accuracy:.0%}" in page
    # self-contained: nothing fetched from elsewhere, the script inline
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "<script>" in page and "<script src" not in page


def test_the_report_goes_with_the_text_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("purrfect", 3)))
    folder = tmp_path / "out"
    folder.mkdir()  # an existing folder is written into
    status, out, _ = run_cli(capsys, "review", str(path), "--seat", "1", "--worlds", "5",
                             "--out", str(folder))  # fmt: skip
    assert status == 0
    assert "accuracy" in out and out.rstrip().endswith(f"Report: {folder / PAGE}")
    assert (folder / PAGE).exists() and (folder / plot_name(0)).exists()
    assert not (folder / plot_name(1)).exists()


def test_a_file_for_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("purrfect", 3)))
    taken = tmp_path / "taken.html"
    taken.write_text("keep me")
    status, out, err = run_cli(capsys, "review", str(path), "--worlds", "5", "--out", str(taken))
    assert status == 2 and "--out" in err and "is a file" in err and "Traceback" not in err
    assert out == "" and taken.read_text() == "keep me"
    status, out, err = run_cli(capsys, "review", str(path), "--worlds", "5",
                               "--out", str(taken / "inside"))  # fmt: skip
    assert status == 2 and "--out" in err and "Traceback" not in err
    assert out == ""
