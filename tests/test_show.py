"""``matchmaker replay FILE --show``: a saved game seen by one seat, or by a spectator."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from matchmaker import load_game
from matchmaker.bots import RandomBot, play_game
from matchmaker.cli.main import main
from matchmaker.cli.play import stream_reader
from matchmaker.cli.show import show_frames, show_record
from matchmaker.words import seat_labels, summary_line


def record_of(name: str, seed: int, **options: Any) -> dict[str, Any]:
    game = load_game(name, options)
    players = [RandomBot(game, seat, f"{seed}/{seat}") for seat in range(game.players)]
    return play_game(game, players, seed).record()


@pytest.fixture(scope="module")
def purrfect() -> dict[str, Any]:
    return record_of("purrfect", 21, players=3)


@pytest.fixture(scope="module")
def clecanian() -> dict[str, Any]:
    return record_of("clecanian", 21, players=2, rounds=1, max_turns=30)


def shown(record: dict[str, Any], seat: int | None) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    assert show_record(record, seat, console, None) == 0
    return out.getvalue()


def hand_line(hand: list[int]) -> str:
    return "Hand: " + " ".join(str(v) for v in sorted(hand))


def test_a_seat_sees_its_own_cats_only(purrfect: dict[str, Any]) -> None:
    hands = purrfect["deal"]["hands"]
    out = shown(purrfect, 1)
    assert f"{hand_line(hands[1])} (12 cats)" in out
    assert hand_line(hands[0]) not in out
    assert hand_line(hands[2]) not in out
    holders = set(re.findall(r"seat (\d) ◆: hidden from the others", out))
    assert holders == {"2"}  # index 1 is the second seat
    assert f"Target (secret): {sum(hands[1])}" in out
    assert "Purrfect Match as random bot · seat 2 sees it · step 1 of" in out


def test_a_spectator_sees_no_hidden_cats(purrfect: dict[str, Any]) -> None:
    out = shown(purrfect, None)
    for hidden in ("Hand:", "Target (secret)", "hidden from the others", "You look at"):
        assert hidden not in out
    assert re.search(r"\d+ \(face down\)", out) is None  # candidates show no value
    assert "face down" in out
    steps = len(show_frames(purrfect, None)[1])
    last = out.split(f"step {steps} of {steps}")[1]
    said = summary_line(purrfect["result"], seat_labels(["random"] * 3))
    assert said in " ".join(last.split())  # the console wraps long lines


def test_clecanian_drawn_cards_are_seen_by_the_drawer_only(clecanian: dict[str, Any]) -> None:
    pattern = r"seat (\d)[^\n]*? holds (?!a card)\S+.*\(from the stock\)"
    seat0 = shown(clecanian, 0)
    assert set(re.findall(pattern, seat0)) == {"1"}  # index 0 reads as seat 1
    spectator = shown(clecanian, None)
    assert re.findall(pattern, spectator) == []
    assert "holds a card from the stock (??)" in spectator
    assert "Round 1 is over. Scores:" in spectator


def test_frames_tell_every_step(clecanian: dict[str, Any], purrfect: dict[str, Any]) -> None:
    _, frames = show_frames(purrfect, None)
    assert frames[0].lines == (
        "The cats are dealt: 12 to each seat.",
        "— Round 1: random bot · seat 1 proposes —",
    )
    assert frames[-1].seq == 36 + len(purrfect["events"])
    assert all(frame.lines for frame in frames)
    _, frames = show_frames(clecanian, 0)
    assert (
        frames[0]
        .lines[0]
        .startswith("Round 1 of 1: random bot · seat 1 deals; the discard pile starts")
    )
    decisions = [e for e in clecanian["rounds"][0]["events"] if "seat" in e]
    # a step per decision after the deal, and per card from the stock this seat was told of
    told = [frame for frame in frames[1:] if frame.actor == -1]
    assert told and all(frame.lines for frame in told)
    assert len(frames) == 1 + len(decisions) + len(told)


def test_stepping_back_and_forth(purrfect: dict[str, Any]) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    read = stream_reader(io.StringIO("\nb\nwhat\n3\n\nq\n"), console)
    assert show_record(purrfect, 0, console, read) == 0
    steps = re.findall(r"sees it · step (\d+) of", out.getvalue())
    assert steps == ["1", "2", "1", "3", "4"]
    assert "Type Enter, b, q or a step from 1 to" in out.getvalue()


def test_input_ending_stops_the_show(purrfect: dict[str, Any]) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    assert show_record(purrfect, None, console, stream_reader(io.StringIO("\n"), console)) == 0
    assert re.findall(r"step (\d+) of", out.getvalue()) == ["1", "2"]


def test_matchmaker_replay_show(
    purrfect: dict[str, Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(purrfect))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["replay", str(path), "--show", "--seat", "3"]) == 0  # counted from 1
    out = capsys.readouterr().out
    assert "Purrfect Match as random bot · seat 3 sees it" in out
    assert hand_line(purrfect["deal"]["hands"][2]) in out
    assert main(["replay", str(path), "--show", "--seat", "4"]) == 2
    assert "--seat must be from 1 to 3, not 4" in capsys.readouterr().err
    assert main(["replay", str(path), "--show", "--seat", "0"]) == 2
    assert "--seat must be from 1 to 3, not 0" in capsys.readouterr().err
    assert main(["replay", str(path), "--seat", "1"]) == 2
    assert "--seat, --spectator and --review go with --show" in capsys.readouterr().err
    broken = dict(purrfect, events=[{"seat": 2, "action": "accept"}])
    path.write_text(json.dumps(broken))
    assert main(["replay", str(path), "--show", "--spectator"]) == 2
    assert "event 0: seat 2 cannot accept" in capsys.readouterr().err
