"""The review judged in worker processes (``review_record(workers=W)``, ``matchmaker review
--workers W``): the same review as in one process, luck included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from matchmaker import load_game
from matchmaker.analysis import review_record
from matchmaker.analysis.review import _decision_numbers, _judge, _Settings, _shares
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.errors import OptionError
from tests.helpers import run_cli


def played(game_name: str, players: int, seed: int = 4, **options: Any) -> dict[str, Any]:
    """A game between ``medium`` bots (Purrfect Match's with table talk said when, ``at``)."""
    game = load_game(game_name, players=players, **options)
    bots = [make_bot("medium", game, s, seat_seed(seed, s)) for s in range(players)]
    record: dict[str, Any] = play_game(game, bots, seed).record()
    return record


def test_shares_cover_every_decision_once_in_runs() -> None:
    numbers = [0, 2, 3, 5, 8, 9, 11, 12, 15]
    for workers in (1, 2, 3, 20):
        shares = _shares(numbers, workers)
        assert sorted(n for share in shares for n in share) == numbers
        assert len(shares) <= workers * 4
        # runs of consecutive decisions: each share's numbers are a slice of the list
        for share in shares:
            picked = [n for n in numbers if n in share]
            start = numbers.index(picked[0])
            assert picked == numbers[start : start + len(picked)]
    assert _shares([], 2) == []


@pytest.mark.parametrize("seed", [1, 4])
def test_a_share_judged_alone_is_judged_as_in_the_whole_review(seed: int) -> None:
    """A worker replays the record and judges only its share; the decisions before it are still
    shown to the evaluators (the Purrfect talk record checks claims against the views it was
    asked about), so each decision comes out as in the whole review."""
    record = played("purrfect", 4, seed)
    assert record["meta"]["talk"], "the game should hold table talk"
    settings = _Settings((0, 1, 2, 3), 30, None, 0)
    whole = _judge(record, settings)
    numbers = _decision_numbers(record, settings.seats)
    assert sorted(whole) == numbers
    for share in _shares(numbers, 2):
        part = _judge(record, settings, share)
        assert sorted(part) == sorted(share)
        assert all(part[n] == whole[n] for n in share)


@pytest.mark.parametrize(
    ("game", "players", "options", "worlds"),
    [("clecanian", 2, {"rounds": 2}, 5), ("purrfect", 4, {}, 30)],
)
def test_two_workers_give_the_one_process_review(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    players: int,
    options: dict[str, Any],
    worlds: int,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played(game, players, **options)))
    args = ["review", str(path), "--json", "--worlds", str(worlds), "--seed", "3"]
    status, one, _ = run_cli(capsys, *args)
    assert status == 0
    status, two, _ = run_cli(capsys, *args, "--workers", "2")
    assert status == 0
    reviews = json.loads(one)
    assert json.loads(two) == reviews
    assert all(r["decisions"] for r in reviews)
    assert all(r["luck"] is not None for r in reviews)


def test_bad_workers_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    record = played("purrfect", 3)
    path.write_text(json.dumps(record))
    for bad in ("0", "-2"):
        status, out, err = run_cli(capsys, "review", str(path), "--workers", bad)
        assert status == 2 and "--workers" in err and "Traceback" not in err
        assert out == ""
    with pytest.raises(SystemExit) as exit_:
        run_cli(capsys, "review", str(path), "--workers", "two")
    assert exit_.value.code == 2 and "--workers" in capsys.readouterr().err
    with pytest.raises(OptionError, match="workers"):
        review_record(record, [0], worlds=2, workers=0)
