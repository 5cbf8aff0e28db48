"""Terminal play: whole games driven by piped input, hot-seat, bad input, saving on exit."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from matchmaker import load_game, replay
from matchmaker.bots import Bot, Claim, RandomBot
from matchmaker.bots import registry as bot_registry
from matchmaker.cli.human import Command, Hint, help_text, read_choice
from matchmaker.cli.main import main
from matchmaker.cli.play import (
    PASS_SCREEN,
    ask_game,
    parse_seats,
    play_in_terminal,
    seat_bot,
    stream_reader,
    table_setup,
)
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.games.clecanian.actions import seat_action as c_act
from matchmaker.games.purrfect.actions import seat_action as p_act
from matchmaker.words import seat_labels, summary_line, words_for


class FirstBot(Bot[Any]):
    """A test-only plug-in bot: always the first legal action."""

    name = "first"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[0]


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None, force_terminal=False), out


def play(
    game_name: str,
    seats: list[str],
    answers: str,
    tmp_path: Path,
    seed: int = 11,
    **options: Any,
) -> tuple[int, str, dict[str, Any]]:
    game = load_game(game_name, {"players": len(seats), **options})
    con, out = console()
    path = tmp_path / "game.json"
    code = play_in_terminal(game, seats, seed, con, stream_reader(io.StringIO(answers), con), path)
    return code, out.getvalue(), json.loads(path.read_text())


ALWAYS_FIRST = "1\n" * 3000
SHORT_CLECANIAN = {"max_turns": 30, "rounds": 1}


def test_purrfect_game_against_random_bots(tmp_path: Path) -> None:
    code, out, record = play("purrfect", ["you", "random", "random"], ALWAYS_FIRST, tmp_path)
    assert code == 0
    final = (
        "Final scores: Seat 1 -10, random bot · seat 2 -20, random bot · seat 3 -13. "
        "Winner: Seat 1."
    )
    assert final in out.splitlines()
    names = seat_labels(["human", "random", "random"])
    assert summary_line(record["result"], names) == final
    assert replay(record).status() == record["result"]
    assert record["meta"]["seats"] == ["human", "random", "random"]
    assert record["meta"]["seed"] == 11
    assert "Game record saved to" in out
    assert PASS_SCREEN not in out  # one person: no hot-seat screen
    assert "random bot · seat 2 shows a" in out  # the bots' moves are narrated


def test_clecanian_game_against_a_random_bot(tmp_path: Path) -> None:
    code, out, record = play(
        "clecanian", ["you", "random"], ALWAYS_FIRST, tmp_path, **SHORT_CLECANIAN
    )
    assert code == 0
    final = "Final scores: Seat 1 78, random bot 52. Winner: random bot."
    assert final in out.splitlines()
    assert summary_line(record["result"], ["Seat 1", "random bot"]) == final
    assert replay(record).status() == record["result"]
    assert "Round 1 is over. Scores: Seat 1 78, random bot 52" in out
    # the grid before any reveal: columns counted from 1, a top and a bottom row
    assert "Seat 1 (you) · 0 showing · dealer · ▶ to act" in out
    assert re.search(r"│\s+│ 1\s+│ 2\s+│ 3\s+│ 4\s+│ 5\s+│", out)
    assert re.search(r"│ top\s+│ \?\?", out) and re.search(r"│ bottom\s+│ \?\?", out)


def test_every_move_name_is_understood(tmp_path: Path) -> None:
    answers = "reveal top 4\nreveal b4\ndraw stock\ndiscard\n" + "take\nswap top 1\n" * 200
    code, _, record = play("clecanian", ["you", "random"], answers, tmp_path, **SHORT_CLECANIAN)
    assert code == 0
    ours = [e for e in record["rounds"][0]["events"] if e.get("seat") == 0]
    assert ours[:6] == [
        {"seat": 0, "action": "reveal", "pos": 3},
        {"seat": 0, "action": "reveal", "pos": 8},
        {"seat": 0, "action": "draw_stock"},
        {"seat": 0, "action": "discard"},
        {"seat": 0, "action": "draw_discard"},
        {"seat": 0, "action": "swap", "pos": 0},
    ]


def test_bad_input_gets_a_hint_and_the_game_goes_on(tmp_path: Path) -> None:
    answers = "xyzzy\n99\nswap 3\nhelp\n" + ALWAYS_FIRST
    code, out, record = play("purrfect", ["you", "random"], answers, tmp_path)
    assert code == 0
    assert "'xyzzy' is not a choice now: type 1-10, a move such as 'present 10', or help." in out
    assert "There is no choice 99: type 1-10." in out
    assert "'swap 3' is not a choice now" in out
    assert "Commands:" in out
    assert record["result"]["finished"] is True


def test_input_ending_saves_the_game_so_far(tmp_path: Path) -> None:
    code, out, record = play("purrfect", ["you", "random", "random"], "1\n1\n1\n", tmp_path)
    assert code == 0
    assert "Input ended: the game stops here." in out
    assert f"Game record saved to {tmp_path / 'game.json'} (watch it again" in out
    assert "result" not in record
    assert replay(record).status()["finished"] is False
    assert sum(1 for e in record["events"] if e.get("seat") == 0) == 3


def test_nothing_played_nothing_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = load_game("clecanian", players=2)
    con, out = console()
    code = play_in_terminal(game, ["you", "random"], 8, con, stream_reader(io.StringIO(""), con))
    assert code == 0
    assert "Nothing was played yet: no record saved." in out.getvalue()
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    game = load_game("purrfect", players=2)
    con, out = console()
    answers = iter(["1"])

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    path = tmp_path / "stopped.json"
    assert play_in_terminal(game, ["you", "random"], 4, con, read, path) == 130
    assert "Interrupted: the game stops here." in out.getvalue()
    record = json.loads(path.read_text())
    assert record["events"][0] == {"seat": 0, "action": "present", "value": 1}
    assert replay(record).status()["finished"] is False


def test_save_and_quit_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = load_game("purrfect", players=2)
    con, out = console()
    other = tmp_path / "other.json"
    answers = io.StringIO(f"1\nsave {other}\nquit\nno\nquit\ny\n")
    code = play_in_terminal(game, ["you", "random"], 2, con, stream_reader(answers, con), None)
    assert code == 0
    assert "You left the game." in out.getvalue()
    assert out.getvalue().count("Leave the game? It is saved to") == 2
    assert "Playing on." in out.getvalue()
    record = json.loads(other.read_text())
    assert record["events"][0]["seat"] == 0
    # once "save FILE" is used, the game is saved there again on exit, not to the default
    assert not (tmp_path / "matchmaker-purrfect-2.json").exists()
    assert f"Game record saved to {other}" in out.getvalue()


def segments(out: str) -> Iterator[tuple[int, str]]:
    """The output of a hot-seat game cut at each pass-the-keyboard screen: (seat index, text);
    people read seats counted from 1."""
    for part in out.split(PASS_SCREEN)[1:]:
        match = re.match(r" Seat (\d)\.", part)
        assert match is not None
        yield int(match.group(1)) - 1, part


def test_hot_seat_hides_each_persons_cats(tmp_path: Path) -> None:
    code, out, record = play("purrfect", ["you", "you", "random"], ALWAYS_FIRST, tmp_path)
    assert code == 0
    parts = list(segments(out))
    seats = [seat for seat, _ in parts]
    assert seats[:2] == [0, 1]
    assert all(a != b for a, b in itertools.pairwise(seats))  # a screen per handover
    hands = [" ".join(str(v) for v in sorted(h)) for h in record["deal"]["hands"]]
    assert hands[0] != hands[1]
    first = {seat: text for seat, text in reversed(parts)}
    assert f"Hand: {hands[0]} (12 cats)" in first[0]
    assert f"Hand: {hands[1]} (12 cats)" in first[1]
    for seat, text in parts:
        other = 1 - seat
        assert f"Hand: {hands[other]}" not in text
        assert f"Seat {other + 1} (you)" not in text
        assert f"Seat {other + 1} (human): hidden from the others" not in text
        for holder in re.findall(r"Seat (\d) \(\w+\): hidden from the others", text):
            assert int(holder) == seat + 1


DRAWN_FROM_STOCK = r"Seat (\d)(?: \(you\))? holds (?!a card)\S+.*\(from the stock\)"


def test_hot_seat_clecanian_shows_a_drawn_card_to_its_drawer_only(tmp_path: Path) -> None:
    code, out, _ = play("clecanian", ["you", "you"], ALWAYS_FIRST, tmp_path, **SHORT_CLECANIAN)
    assert code == 0
    parts = list(segments(out))
    assert len(parts) > 10
    drawn = 0
    for seat, text in parts:
        for holder in re.findall(DRAWN_FROM_STOCK, text):
            assert int(holder) == seat + 1  # people read seats counted from 1
            drawn += 1
    assert drawn > 0


def test_a_plug_in_bot_takes_a_seat(tmp_path: Path) -> None:
    seats = ["you", "tests.test_play:FirstBot"]
    code, _, record = play("purrfect", seats, ALWAYS_FIRST, tmp_path)
    assert code == 0
    assert record["meta"]["seats"] == ["human", "tests.test_play:FirstBot"]  # resumable


class TalkingBot(FirstBot):
    """A test-only plug-in bot that always claims a 9."""

    name = "talker"

    def speak(self, view: Any) -> Claim | None:
        return Claim(speaker=self.seat, value=9, text="My cat is a 9.")


def test_table_talk_is_told_and_kept(tmp_path: Path) -> None:
    seats = ["you", "tests.test_play:TalkingBot"]
    code, out, record = play("purrfect", seats, ALWAYS_FIRST, tmp_path)
    assert code == 0
    assert "TalkingBot says: “My cat is a 9.”" in out
    assert record["meta"]["talk"][0]["speaker"] == 1
    assert record["meta"]["talk"][0]["value"] == 9


def test_the_seats_are_named_as_they_were_asked_for(tmp_path: Path) -> None:
    seats = ["you", "medium", "hard@budget=2000"]
    game = load_game("purrfect", players=3)
    out = io.StringIO()
    con = Console(file=out, width=100)
    answers = stream_reader(io.StringIO(ALWAYS_FIRST), con)
    assert play_in_terminal(game, seats, 3, con, answers, tmp_path / "g.json") == 0
    text = out.getvalue()
    assert "medium bot" in text and "hard bot" in text
    assert "greedy bot" not in text and "strong bot" not in text and "budget" not in text
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["meta"]["seats"] == ["human", "medium", "hard@budget=2000"]


def test_a_missing_level_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("purrfect", players=2)
    monkeypatch.setitem(bot_registry.LEVELS, "hard", "no-such-bot")
    bot, stands_in = seat_bot("hard", game, 1, 5)
    assert isinstance(bot, RandomBot)
    assert stands_in is True
    bot, stands_in = seat_bot("random", game, 1, 5)
    assert stands_in is False
    with pytest.raises(OptionError, match="unknown bot 'nosuch'"):
        seat_bot("nosuch", game, 1, 5)


def test_seats_and_players_from_the_command_line() -> None:
    assert parse_seats("You, random ,human") == ["you", "random", "you"]
    game, seats = table_setup("purrfect", None, None, {})
    assert seats == ["you", "medium", "medium", "medium"]
    game, seats = table_setup("clecanian", "you,random,you", None, {})
    assert game.players == 3
    assert seats == ["you", "random", "you"]
    with pytest.raises(OptionError, match="--seats names 2 seats, but players is 3"):
        table_setup("clecanian", "you,random", 3, {})
    with pytest.raises(OptionError, match="empty seat"):
        parse_seats("you,,random")


def test_read_choice() -> None:
    golf = words_for(load_game("clecanian", players=2))
    cats = words_for(load_game("purrfect", players=2))
    swaps = [c_act("swap", p) for p in range(10)] + [c_act("discard", None)]
    assert read_choice("3", swaps, golf) == c_act("swap", 2)
    assert read_choice(" Swap top 5 ", swaps, golf) == c_act("swap", 4)
    assert read_choice("swap bottom 1", swaps, golf) == c_act("swap", 5)
    assert read_choice("swap b1", swaps, golf) == c_act("swap", 5)
    assert read_choice("discard", swaps, golf) == c_act("discard", None)
    draws = [c_act("draw_stock", None), c_act("draw_discard", None)]
    assert read_choice("draw stock", draws, golf) == draws[0]
    assert read_choice("draw_discard", draws, golf) == draws[1]
    assert read_choice("take", draws, golf) == draws[1]
    assert read_choice("", [p_act("accept", None)], cats) == p_act("accept", None)
    assert read_choice("present 7", [p_act("present", 7)], cats) == p_act("present", 7)
    assert read_choice("h", draws, golf) == Command("help")
    assert read_choice("save my game.json", draws, golf) == Command("save", "my game.json")
    assert read_choice("q", draws, golf) == Command("quit")
    assert read_choice("rules", draws, golf) == Command("rules")
    assert read_choice("Score", draws, golf) == Command("score")
    hint = "Type 1-2, a move such as 'stock', or help."
    assert read_choice("", draws, golf) == Hint(hint)
    negative = "choices and places count from 1; type 1-11 or a move."
    assert read_choice("-1", swaps, golf) == Hint(f"'-1': {negative}")
    assert read_choice("swap -2", swaps, golf) == Hint(f"'swap -2': {negative}")
    assert read_choice("draw-stock", draws, golf) == draws[0]
    assert read_choice("swap 12", swaps, golf) == Hint(
        "'swap 12' is not possible now: swap top 1, swap top 2, swap top 3, swap top 4, …."
    )


def test_ask_game() -> None:
    con, _ = console()
    assert ask_game(con, stream_reader(io.StringIO("\n"), con)) == "clecanian"
    assert ask_game(con, stream_reader(io.StringIO("x\n2\n"), con)) == "purrfect"
    assert ask_game(con, stream_reader(io.StringIO("purr\n"), con)) == "purrfect"
    assert ask_game(con, stream_reader(io.StringIO(""), con)) == "clecanian"


def test_matchmaker_play_from_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n" + ALWAYS_FIRST))
    monkeypatch.chdir(tmp_path)
    code = main(["play", "--seats", "you,random", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Which game?" in out
    saved = tmp_path / "matchmaker-purrfect-3.json"
    record = json.loads(saved.read_text())
    assert replay(record).status() == record["result"]
    assert summary_line(record["result"], ["Seat 1", "random bot"]) in out.splitlines()


def test_matchmaker_play_refuses_bad_seats(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "purrfect", "--seats", "you,nosuch"]) == 2
    assert "unknown bot 'nosuch'" in capsys.readouterr().err


def play_from_pipe(monkeypatch: pytest.MonkeyPatch, typed: str, args: list[str]) -> int:
    """``matchmaker play ARGS`` with ``typed`` as its input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return main(["play", *args])


@pytest.mark.parametrize(
    ("game", "seats", "moves"),
    [
        ("clecanian", "you,medium", 9),
        ("purrfect", "you,medium,medium", 14),
        ("purrfect", "you,medium,hard@budget=2000", 14),
    ],
)
def test_resume_continues_a_saved_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    game: str, seats: str, moves: int,
) -> None:  # fmt: skip
    saved = tmp_path / "game.json"
    args = [game, "--seats", seats, "--seed", "11", "--save", str(saved)]
    assert play_from_pipe(monkeypatch, "1\n" * moves + "quit\ny\n", args) == 0
    before = json.loads(saved.read_text())
    assert not replay(before).is_over
    capsys.readouterr()
    assert play_from_pipe(monkeypatch, ALWAYS_FIRST, ["--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Resumed after" in out
    after = json.loads(saved.read_text())
    assert replay(after).is_over and after["result"]["finished"]
    assert after["meta"]["seats"] == before["meta"]["seats"]
    assert after["meta"]["talk"][: len(before["meta"]["talk"])] == before["meta"]["talk"]
    flat = load_game(game, after["options"]).record_events
    assert flat(after)[: len(flat(before))] == flat(before), "the resumed game is the same game"


def test_resume_refuses_what_it_cannot_continue(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    done = tmp_path / "done.json"
    assert play_from_pipe(monkeypatch, ALWAYS_FIRST, ["clecanian", "--seed", "2", "--save",
                                                      str(done)]) == 0  # fmt: skip
    capsys.readouterr()
    assert play_from_pipe(monkeypatch, "", ["--resume", str(done)]) == 2
    assert "is over: watch it with matchmaker replay" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "matchmaker-record/1", "game": "chess"}')
    assert play_from_pipe(monkeypatch, "", ["--resume", str(broken)]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert play_from_pipe(monkeypatch, "", ["--resume", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert play_from_pipe(monkeypatch, "", ["--resume", str(done), "--seed", "3"]) == 2
    assert "give only --seats and --save" in capsys.readouterr().err


def test_play_help_names_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in ("easy, medium, hard", "greedy", "strong", "openspiel-ismcts", "--resume FILE"):
        assert name in text


@pytest.mark.parametrize("terminal", [True, False])
def test_a_thinking_line_while_bots_decide_at_a_terminal(tmp_path: Path, terminal: bool) -> None:
    out = io.StringIO()
    con = Console(file=out, force_terminal=terminal, width=100)
    game = load_game("purrfect", players=2)
    answers = stream_reader(io.StringIO(ALWAYS_FIRST), con)
    assert play_in_terminal(game, ["you", "medium"], 2, con, answers, tmp_path / "g.json") == 0
    thinking = out.getvalue().count("medium bot is thinking…")
    assert (thinking > 0) is terminal  # a pipe's transcript is not littered with it


def test_an_empty_discard_pile_reads_empty() -> None:
    from matchmaker.cli.render import render_view
    from matchmaker.core.driver import Driver

    game = load_game("clecanian", players=2)
    driver = Driver(game)
    rng = random.Random(3)
    while driver.state.view(0).discard:  # play until someone takes the only card there
        legal = driver.legal() if driver.to_act >= 0 else driver.state.chance_choices()
        taking = [a for a in legal if a.name == "draw_discard"]
        driver.play((taking or [rng.choice(legal)])[0], driver.to_act)
    con, out = console()
    con.print(render_view(game, driver.state.view(0), ["Ann", "Ben"]))
    assert "Discard pile: empty" in out.getvalue() and "on top" not in out.getvalue()


@pytest.mark.parametrize("seats", [["you", "medium"], ["you", "you"]])
def test_a_round_end_holds_the_scored_grids_until_enter(tmp_path: Path, seats: list[str]) -> None:
    game = load_game("clecanian", players=2, rounds=2)
    con, out = console()
    answers = stream_reader(io.StringIO(ALWAYS_FIRST), con)
    assert play_in_terminal(game, seats, 8, con, answers, tmp_path / "g.json") == 0
    text = out.getvalue()
    held = text.index("Round 1 of 2 is over. Press Enter for the next deal.")
    shown = text[text.rfind(" > ", 0, held) : held]  # since the last decision typed
    assert "The grids as the last round was scored:" in shown
    assert shown.count(" · scored ") == 2  # every grid, with its round score
    assert "Total" in shown  # the scores table
    assert "Round 1 of 2 is over; round 2 is being dealt." in shown
    assert "Stock:" not in shown  # the piles of a deal not yet made are not shown
    if seats.count("you") == 1:  # the news of the round's end comes first
        assert shown.index("Round 1 is over. Scores:") < shown.index("The grids as the last")
    assert "Round 2 of 2 is over" not in text  # the last round ends the game instead
    record = json.loads((tmp_path / "g.json").read_text())
    assert replay(record).is_over


@pytest.mark.parametrize(
    ("game", "rules", "score"),
    [
        ("clecanian", "the lowest total wins", "on what is face up (no column complete yet"),
        ("purrfect", "the highest score wins", "your score so far is 0 - "),
    ],
)
def test_rules_and_score_commands(tmp_path: Path, game: str, rules: str, score: str) -> None:
    con, out = console()
    answers = stream_reader(io.StringIO("rules\nscore\n" + ALWAYS_FIRST), con)
    played = load_game(game, players=2)
    assert play_in_terminal(played, ["you", "medium"], 4, con, answers, tmp_path / "g.json") == 0
    text = " ".join(out.getvalue().split())
    assert rules in text and score in text
    assert "rules the game in plain words" in " ".join(
        help_text([c_act("discard", None)], words_for(played)).split()
    )


def test_a_grid_cell_never_breaks_a_card_in_two() -> None:
    from matchmaker.cli.render import clecanian_grid
    from matchmaker.words.clecanian import ClecanianWords

    words = words_for(load_game("clecanian", players=3))
    assert isinstance(words, ClecanianWords)
    grid = ["3H", "3D", "QC", "QS", "4H", "KH", "KD", "JC", "JS", "2H"]
    con, out = console()
    con.width = 80
    con.print(clecanian_grid(words, grid, [False] * 10, [None] * 5, [None] * 5, "Ann"))
    lines = out.getvalue().splitlines()
    top = next(i for i, line in enumerate(lines) if "│ top" in line)
    assert "│ bottom" in lines[top + 1]  # no line of a wrapped name in between
    assert "…" in lines[top]


def test_read_claim() -> None:
    from matchmaker.cli.human import read_claim

    values = tuple(range(1, 11))
    assert read_claim("", values) is None
    assert read_claim("claim 8", values) == Claim(-1, 8, "My candidate is an 8.")
    assert read_claim(" 9 ", values) == Claim(-1, 9, "My candidate is a 9.")
    assert isinstance(read_claim("claim 11", values), Hint)
    assert isinstance(read_claim("maybe", values), Hint)


def test_a_person_makes_claims_in_the_talk_round(tmp_path: Path) -> None:
    game = load_game("purrfect", players=3)
    con, out = console()
    asked: list[str] = []

    def read(prompt: str) -> str:  # claims 12 (refused), then 9, when asked to talk
        con.print(prompt, markup=False, highlight=False)
        if "Tell the table?" not in prompt:
            return "1"
        asked.append(prompt)
        return "claim 12" if len(asked) % 2 else "claim 9"

    path = tmp_path / "g.json"
    assert play_in_terminal(game, ["you", "medium", "medium"], 6, con, read, path) == 0
    assert asked and all("your candidate is" in prompt for prompt in asked)
    text = " ".join(out.getvalue().split())
    assert "'claim 12': type claim N (N from 1 to 10" in text
    talk = json.loads(path.read_text())["meta"]["talk"]
    mine = [c for c in talk if c["speaker"] == 0]
    assert len(mine) == len(asked) // 2
    assert all(c["value"] == 9 and c["text"] == "My candidate is a 9." for c in mine)
    assert "Seat 1 says: “My candidate is a 9.”" in text
    assert "Says" in text and "“a 9”" in text  # the seat table shows the round's claims


def test_the_rules_summary_follows_the_options_and_the_deck() -> None:
    two = words_for(load_game("clecanian", players=2)).rules_summary()
    assert "two rows of 5" in two and "(-10 or -5 with this deck)" in two
    assert "must be swapped in" not in two
    four = words_for(load_game("clecanian", players=4, discard_draw_must_swap=True, rounds=1))
    text = four.rules_summary()
    assert "two rows of 4" in text and "must be swapped in" in text
    assert "After 1 round the lowest total wins." in text


def test_a_recorded_seat_is_a_bot_or_a_person() -> None:
    from matchmaker.words.recorded import recorded_seat
    from matchmaker.words.seats import HUMAN

    seats = ["greedy", "hard", "Ann", "human", "pkg.mod:Bot", "hard@budget=2000", "ann@home"]
    assert [recorded_seat(s) for s in seats] == [
        "greedy", "hard", HUMAN, HUMAN, "pkg.mod:Bot", "hard@budget=2000", HUMAN
    ]  # fmt: skip


def test_say_is_free_talk_at_every_prompt() -> None:
    from matchmaker.cli.human import read_claim

    words = words_for(load_game("purrfect"))
    legal = [p_act("present", 3)]
    assert read_choice("say Good luck!", legal, words) == Command("say", "Good luck!")
    assert read_choice("SAY  hi ", legal, words) == Command("say", "hi")
    assert isinstance(read_choice("say", legal, words), Hint)
    assert read_claim("say it is a big one", tuple(range(1, 11))) == Command(
        "say", "it is a big one"
    )
    assert isinstance(read_claim("say  ", tuple(range(1, 11))), Hint)


def test_free_talk_is_told_kept_and_resumed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    args = ["purrfect", "--seats", "you,random,random", "--seed", "11", "--save", str(saved)]
    typed = "say good luck, cats\n" + "1\n" * 3 + "say [/b] [red]no markup\n" + "1\n" * 3
    assert play_from_pipe(monkeypatch, typed + "log\nquit\ny\n", args) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Seat 1 says: “good luck, cats”" in out
    assert "Seat 1 says: “[/b] [red]no markup”" in out  # told as typed, in the log too
    talk = json.loads(saved.read_text())["meta"]["talk"]
    assert talk[0] == {"speaker": 0, "value": None, "text": "good luck, cats", "round": 0,
                       "at": talk[0]["at"], "kind": "chat"}  # fmt: skip
    # the free talk is told again on resuming (a web app's chat row reads the same way)
    assert play_from_pipe(monkeypatch, "log\nquit\ny\n", ["--resume", str(saved)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Game log" in out and "Seat 1 says: “good luck, cats”" in out
    assert json.loads(saved.read_text())["meta"]["talk"][: len(talk)] == talk


@pytest.mark.parametrize("players", [3, 4])
def test_a_small_terminal_gets_the_compact_table(players: int) -> None:
    from matchmaker.cli.render import fit_screen, render_view
    from matchmaker.core.driver import Driver

    game = load_game("clecanian", players=players)
    driver = Driver(game)
    rng = random.Random(3)
    while driver.to_act < 0:  # the deal
        driver.play(rng.choice(driver.state.chance_choices()), driver.to_act)
    view = driver.state.view(0)
    names = seat_labels(["human"] + ["greedy"] * (players - 1), viewer=0)

    def lines(terminal: bool) -> list[str]:
        out = io.StringIO()
        con = Console(file=out, width=80, height=24, force_terminal=terminal, color_system=None)
        con.print(fit_screen(con, lambda compact: render_view(game, view, names, compact=compact)))
        return out.getvalue().splitlines()

    shown = lines(terminal=True)
    assert not any("╭" in line for line in shown)  # compact: no frames
    # the piles, the status, the column numbers, and a title and two rows a grid
    assert len(shown) <= 4 + 3 * players and all(len(line) <= 80 for line in shown)
    assert sum(line.startswith("top  ") for line in shown) == players
    assert any("╭" in line for line in lines(terminal=False))  # a pipe: the full table


@pytest.mark.parametrize("game", ["clecanian", "purrfect"])
def test_a_hint_names_hard_s_choice_and_what_each_choice_gains(tmp_path: Path, game: str) -> None:
    con, out = console()
    answers = stream_reader(io.StringIO("hint\n" + ALWAYS_FIRST), con)
    rounds = {"rounds": 1} if game == "clecanian" else {}
    played = load_game(game, {"players": 2, **rounds})
    assert play_in_terminal(played, ["you", "medium"], 4, con, answers, tmp_path / "g.json") == 0
    text = " ".join(out.getvalue().split())
    assert "Best by the hard bot's search: " in text and "imagined deals" in text
    assert "best" in text and "expected advantage over the others" in text
    assert "help · hint · save · quit" in text  # the line under the choices says so
    assert "hint what the hard bot's search judges best here" in " ".join(
        help_text([c_act("discard", None)], words_for(played)).split()
    )
