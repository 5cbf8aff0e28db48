"""The review (``matchmaker.analysis``, ``matchmaker review``): decisions judged on the seat's
view only, hand-built positions where the best decision is known, and the command line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from matchmaker import load_game
from matchmaker.analysis import review_record
from matchmaker.analysis.evaluate import MIN_WORLDS
from matchmaker.analysis.review import mark
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.driver import Driver
from matchmaker.core.errors import OptionError
from tests.helpers import ev, purrfect, run_cli

PLAIN0 = ["8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC", "TD"]


def clecanian_record(
    grids: list[list[str]], discard: str, events: list[dict[str, Any]]
) -> dict[str, Any]:
    """A one-round Clecanian Golf record, unfinished, from a hand-built deal."""
    return {
        "format": "matchmaker-record/1",
        "game": "clecanian",
        "options": {"players": len(grids), "rounds": 1},
        "rounds": [{"grids": grids, "discard": discard, "events": events}],
    }


def opening() -> list[dict[str, Any]]:
    return [
        ev(1, "reveal", pos=0),
        ev(1, "reveal", pos=1),
        ev(0, "reveal", pos=0),
        ev(0, "reveal", pos=1),
    ]


def test_discarding_the_card_of_a_couple_is_marked_and_the_swap_named() -> None:
    # Seat 2 shows Jade (KH) on top of column 1 and draws Theo (KC): under her, -10.
    grid1 = ["KH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TH"]
    events = [*opening(), ev(1, "draw_stock"), {"chance": "KC"}, ev(1, "discard")]
    (review,) = review_record(clecanian_record([PLAIN0, grid1], "TS", events), [1], worlds=60)
    last = review.decisions[-1]
    assert last.action == "discard"
    assert last.mark in ("mistake", "blunder"), last
    assert last.best == "swap bottom 1"
    assert "swap bottom 1" in last.why


def test_accepting_a_worse_cat_is_marked_and_rejecting_named() -> None:
    # Two players: seat 2 would give its 5 for a 3, and the lead goes with it.
    events = [ev(0, "present", value=3), ev(1, "nominate", value=5), ev(0, "propose"),
              ev(1, "accept")]  # fmt: skip
    state = purrfect([[3, 8], [5, 6]], events)
    record = state.record()
    (review,) = review_record(record, [1], worlds=200)
    last = review.decisions[-1]
    assert (last.action, last.best) == ("accept", "reject")
    assert last.mark in ("inaccuracy", "mistake", "blunder"), last


def played(game_name: str, players: int, **options: Any) -> dict[str, Any]:
    game = load_game(game_name, players=players, **options)
    bots = [make_bot("medium", game, s, seat_seed(4, s)) for s in range(players)]
    record: dict[str, Any] = play_game(game, bots, 4).record()
    return record


def test_cards_the_seat_never_saw_change_nothing() -> None:
    """Two records that differ only in two of the other seat's cards that stayed face down
    all along give the same review of seat 1, for the same seed."""
    record = played("clecanian", 2, rounds=1)
    game = load_game("clecanian", players=2, rounds=1)
    events = game.record_events(record)
    prefix = len(events) // 3
    driver: Driver[Any] = Driver(game)
    down = set(range(10))
    for actor, action in events[:prefix]:
        driver.play(action, actor)
        down &= {p for p, flag in enumerate(driver.state.view(0).face_down[1]) if flag}
    assert len(down) >= 2
    first, second = sorted(down)[:2]
    twin = copy.deepcopy(record)
    grid = twin["rounds"][0]["grids"][1]
    grid[first], grid[second] = grid[second], grid[first]
    assert grid != record["rounds"][0]["grids"][1]
    deal = 2 * 10 + 1  # the deal's chance events come before the round's record events
    for cut in (record, twin):
        cut["rounds"][0]["events"] = cut["rounds"][0]["events"][: prefix - deal]
        cut.pop("result", None)
    reviews = [review_record(r, [0], worlds=20, seed=7)[0].to_json() for r in (record, twin)]
    assert reviews[0]["decisions"], "the prefix should hold decisions of seat 1"
    assert reviews[0] == reviews[1]


def test_a_purrfect_review_reads_the_view_only() -> None:
    """Two deals that differ only in cats the second seat never sees (the first and third
    seats' 1 and 3) give the same review of the second seat's decisions, for the same seed."""
    events = [ev(0, "present", value=9), ev(1, "nominate", value=6), ev(2, "nominate", value=4)]
    records = [
        purrfect(hands, events, deck=list(range(1, 10))).record()
        for hands in ([[1, 5, 9], [2, 6, 7], [3, 4, 8]], [[3, 5, 9], [2, 6, 7], [1, 4, 8]])
    ]
    assert records[0]["deal"] != records[1]["deal"]
    reviews = [review_record(r, [1], worlds=50, seed=3)[0].to_json() for r in records]
    assert reviews[0]["decisions"], "the second seat's nomination should be reviewed"
    assert reviews[0] == reviews[1]


def test_marks_follow_the_documented_thresholds() -> None:
    assert [mark("clecanian", x) for x in (0, 0.5, 2, 5, 9)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]  # fmt: skip
    assert [mark("purrfect", x) for x in (0, 0.3, 1, 3, 5)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]  # fmt: skip


def test_the_review_command_prints_json_and_refuses_bad_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("purrfect", 3)))
    status, out, _ = run_cli(capsys, "review", str(path), "--seat", "2", "--json", "--worlds", "20")
    assert status == 0
    review = json.loads(out)
    assert review["seat"] == 1 and 0 <= review["accuracy"] <= 1 and review["mean_loss"] >= 0
    assert all(d["loss"] >= 0 and d["seat"] == 1 for d in review["decisions"])
    assert {d["mark"] for d in review["decisions"]} <= {
        "best", "good", "inaccuracy", "mistake", "blunder"}  # fmt: skip
    status, out, _ = run_cli(capsys, "review", str(path), "--json", "--worlds", "5")
    assert status == 0 and [r["seat"] for r in json.loads(out)] == [0, 1, 2]
    status, _, err = run_cli(capsys, "review", str(path), "--seat", "4")
    assert status == 2 and "--seat must be from 1 to 3" in err
    status, _, err = run_cli(capsys, "review", str(path), "--worlds", "0")
    assert status == 2 and "--worlds" in err
    path.write_text("{not json")
    status, _, err = run_cli(capsys, "review", str(path))
    assert status == 2 and "Traceback" not in err


def test_replay_show_review_marks_the_seat_s_decisions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The discarded Theo of the couple test above, shown as seat 2 sees it.
    grid1 = ["KH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TH"]
    events = [*opening(), ev(1, "draw_stock"), {"chance": "KC"}, ev(1, "discard")]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(clecanian_record([PLAIN0, grid1], "TS", events)))
    status, out, _ = run_cli(capsys, "replay", str(path), "--show", "--seat", "2", "--review")
    assert status == 0
    text = " ".join(out.split())
    assert "Review: discard is a" in text and "best: swap bottom 1" in text
    assert "Review: reveal top 1" in text  # each decision of the seat, the reveals too
    status, _, err = run_cli(capsys, "replay", str(path), "--review")
    assert status == 2 and "--review go with --show" in err


def test_luck_is_the_result_against_what_the_seat_s_play_made_expected() -> None:
    record = played("purrfect", 3)
    (review,) = review_record(record, [0], worlds=30)
    final = record["result"]["scores"]
    actual = final[0] - (final[1] + final[2]) / 2
    first, *later = review.decisions
    expected = first.values[first.action] - sum(d.loss for d in later)
    assert review.luck is not None
    assert review.luck == pytest.approx(actual - expected, abs=0.01)
    assert review.to_json()["luck"] == round(review.luck, 2)
    # An unfinished record (the couple test's) ends no period: no luck to tell.
    grid1 = ["KH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TH"]
    unfinished = clecanian_record([PLAIN0, grid1], "TS", opening())
    assert review_record(unfinished, [0], worlds=5)[0].luck is None


@pytest.mark.parametrize("game", ["purrfect", "clecanian"])
def test_a_time_budget_stops_sampling_once_it_is_spent(game: str) -> None:
    record = played(game, 3) if game == "purrfect" else played(game, 2)
    (review,) = review_record(record, [0], worlds=400, seconds=1e-9)
    assert review.decisions
    assert {d.worlds for d in review.decisions} == {MIN_WORLDS}
    (full,) = review_record(record, [0], worlds=6)
    # Without a time budget the worlds asked for are played (Clecanian Golf also caps a
    # decision's play-out steps, which can stop it a world or two short).
    assert max(d.worlds for d in full.decisions) == 6
    with pytest.raises(OptionError, match="time budget"):
        review_record(record, [0], worlds=6, seconds=0)


def test_the_review_command_takes_a_time_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("purrfect", 3)))
    status, out, _ = run_cli(capsys, "review", str(path), "--seat", "1", "--json",
                             "--budget", "0.000001")  # fmt: skip
    assert status == 0
    assert {d["worlds"] for d in json.loads(out)["decisions"]} == {MIN_WORLDS}
    for bad in ("0", "-1", "inf", "nan"):
        status, _, err = run_cli(capsys, "review", str(path), "--budget", bad)
        assert status == 2 and "--budget" in err


def test_the_review_hears_the_talk_of_a_web_table_as_of_terminal_play() -> None:
    """A claim weighs the same in a review whether the record says when it was made in
    decisions (terminal play) or in table events (a web table's chat rows), and it changes the
    judgement of the proposer's next decision."""
    events = [ev(0, "present", value=9), ev(1, "nominate", value=6), ev(2, "nominate", value=4)]
    state = purrfect([[1, 5, 9], [2, 6, 7], [3, 4, 8]], events, deck=list(range(1, 10)))
    said = {"value": 8, "text": "My candidate is an 8.", "round": state.view(None).round}
    at = state.decision_count()
    quiet = purrfect(
        [[1, 5, 9], [2, 6, 7], [3, 4, 8]], [*events, ev(0, "pass")], deck=list(range(1, 10))
    ).record()
    terminal = copy.deepcopy(quiet)
    terminal["meta"] = {"talk": [{"speaker": 2, "at": at, **said}]}
    web = copy.deepcopy(quiet)
    deal = 9  # three seats dealt three cats each: the table's seq counts them
    web["meta"] = {"talk": [{"n": 0, "seat": 2, "name": "Cy", "kind": "claim",
                             "seq": deal + len(events), "time": "2026-12-03T10:00:00Z",
                             "text": said["text"], "value": 8}]}  # fmt: skip
    reviews = [review_record(r, [0], worlds=60, seed=5)[0] for r in (quiet, terminal, web)]
    assert reviews[1].to_json() == reviews[2].to_json()
    assert reviews[0].decisions[-1].values != reviews[1].decisions[-1].values
