"""Whole games of ``matchmaker play`` in a pseudo-terminal of 80 x 24, as a person sees them.

Each test starts the command in a pty whose window is 80 columns by 24 rows, answers its
prompts the way a person would, and keeps what the terminal shows: a small terminal model
(``Terminal``) applies the output (line feeds, carriage returns, the cursor moves and line
erasing of the "thinking…" line, colours ignored) and says which 24 rows are on the screen
when a prompt waits for an answer. Every wait is for a condition (the prompt appearing, the
process ending), with a generous timeout, never a fixed sleep.
"""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.cells import cell_len

#: The window of the pseudo-terminal.
COLUMNS, ROWS = 80, 24
#: The longest wait for a screen, in seconds: generous, for a busy machine.
WAIT = 90.0
#: An escape sequence: a CSI (colours, cursor moves, erasing) or a two-character escape.
ESCAPE = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[()][0-9A-Za-z]|\x1b[=>]")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")


@dataclass
class Terminal:
    """Just enough of a terminal for rich's output: rows of text, a cursor, automatic
    wrapping at the right margin (counted in ``too_wide``, which rich never needs)."""

    columns: int = COLUMNS
    rows: int = ROWS
    lines: list[list[str]] = field(default_factory=lambda: [[]])
    row: int = 0
    col: int = 0
    too_wide: list[str] = field(default_factory=list)

    def feed(self, text: str) -> None:
        """Apply terminal output."""
        at = 0
        for match in ESCAPE.finditer(text):
            self._text(text[at : match.start()])
            self._escape(match.group(1) or "", match.group(2) or "")
            at = match.end()
        self._text(text[at:])

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\n":
                self._down()
            elif char == "\r":
                self.col = 0
            elif char in "\x07\x08" or not char.isprintable():
                if char == "\x08":
                    self.col = max(0, self.col - 1)
            else:
                self._put(char)

    def _put(self, char: str) -> None:
        width = cell_len(char)
        if self.col + width > self.columns:  # past the margin: the terminal wraps
            self.too_wide.append("".join(self.lines[self.row]))
            self._down()
            self.col = 0
        line = self.lines[self.row]
        while len(line) < self.col:
            line.append(" ")
        line[self.col : self.col + 1] = [char]
        self.col += width

    def _down(self) -> None:
        self.row += 1
        if self.row == len(self.lines):
            self.lines.append([])

    def _escape(self, params: str, final: str) -> None:
        number = int(params) if params.isdigit() else 1
        if final == "A":  # cursor up
            self.row = max(0, self.row - number)
        elif final == "B":
            for _ in range(number):
                self._down()
        elif final == "G":
            self.col = number - 1
        elif final == "K":  # erase in line: from the cursor (0) or the whole line (2)
            line = self.lines[self.row]
            del line[0 if params == "2" else self.col :]
        elif final == "J" and params in ("2", "3"):  # a cleared screen: start afresh
            self.lines, self.row, self.col = [[]], 0, 0

    def screen(self) -> list[str]:
        """The rows on the screen now: the last ``rows`` lines up to the cursor's."""
        shown = self.lines[: self.row + 1][-self.rows :]
        return ["".join(line).rstrip() for line in shown]

    def cursor_line(self) -> str:
        """The text of the line the cursor is on (where a prompt waits)."""
        return "".join(self.lines[self.row])


class Session:
    """``matchmaker ARGS`` running in a pseudo-terminal of 80 x 24."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        code = "import sys; from matchmaker.cli.main import main; sys.exit(main(sys.argv[1:]))"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.terminal = Terminal()
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.screens: list[list[str]] = []
        #: Whether the terminal moved on since the last answer (its echo ends the line).
        self.moved_on = True

    def _read(self, timeout: float) -> bool:
        """Feed what the program wrote within ``timeout`` seconds; False once it ended."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the program ended and closed the terminal
            return False
        if not data:
            return False
        text = self.decoder.decode(data)
        self.terminal.feed(text)
        self.moved_on = self.moved_on or "\n" in text
        return True

    def wait_for(self, ready: Callable[[str], bool]) -> str:
        """Read until ``ready(cursor line)`` holds (a prompt waits for an answer) or the
        program ends; returns the cursor line ("" once ended)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            line = self.terminal.cursor_line()
            if self.moved_on and ready(line):
                self.screens.append(self.terminal.screen())
                return line
            if not self._read(min(1.0, deadline - time.monotonic())):
                self.screens.append(self.terminal.screen())
                return ""
        raise AssertionError("no prompt in time; the screen:\n" + "\n".join(self.terminal.screen()))

    def send(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.moved_on = False
        os.write(self.fd, text.encode() + b"\r")

    def close(self) -> int:
        """Wait for the program to end (it must) and give its exit status."""
        while self._read(1.0):
            if self.process.poll() is not None and not select.select([self.fd], [], [], 0)[0]:
                break
        status = self.process.wait(timeout=WAIT)
        os.close(self.fd)
        return status

    def kill(self) -> None:
        """Stop the program if it still runs (a failed test)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=WAIT)


#: A grid's rows on a compact screen (the narration says ``top 4:``, with one space).
GRID_TOP, GRID_BOTTOM = re.compile(r"top {2,}\S"), re.compile(r"bottom {2,}\S")
#: The first line of a compact Clecanian Golf table: the round and the piles.
PILES = re.compile(r"Round \d of \d · Stock: \d+ cards? · Discard pile: ")
#: What the cursor line reads when the program waits for the person.
PROMPT = re.compile(r"(> |Press Enter for the next deal\. |\(y/N\)\? )$")


def waits(line: str) -> bool:
    """Whether the cursor line is a prompt waiting for an answer."""
    return bool(PROMPT.search(line))


def play_whole_game(
    tmp_path: Path, args: list[str], answer: Callable[[str, list[str]], str]
) -> tuple[Session, dict[str, list[list[str]]]]:
    """Play ``matchmaker play ARGS`` to its end, answering each prompt with ``answer(prompt
    line, screen)``; returns the session and the screens seen, by kind: ``turn`` (a decision),
    ``talk``, ``round_end`` and ``final``."""
    session = Session(["play", *args, "--save", str(tmp_path / "game.json")], tmp_path)
    seen: dict[str, list[list[str]]] = {"turn": [], "talk": [], "round_end": [], "final": []}
    try:
        while True:
            if not session.wait_for(waits):  # the game ended
                seen["final"].append(session.screens[-1])
                break
            screen = session.screens[-1]
            prompt = " ".join(screen[-2:])  # a long prompt takes two lines
            if "Press Enter for the next deal" in prompt:
                seen["round_end"].append(screen)
            else:
                seen["talk" if "Tell the table?" in prompt else "turn"].append(screen)
            session.send(answer(prompt, screen))
        assert session.close() == 0
    finally:
        session.kill()
    return session, seen


def assert_fits(session: Session) -> None:
    """No line was wider than the terminal: nothing wrapped at the right margin."""
    assert session.terminal.too_wide == []
    for screen in session.screens:
        assert all(cell_len(line) <= COLUMNS for line in screen)


def first_choice(line: str, screen: list[str]) -> str:
    """Always the first choice (and Enter at the end of a round)."""
    return "" if "Press Enter" in line else "1"


def test_three_player_clecanian_golf_fits_80_by_24(tmp_path: Path) -> None:
    session, seen = play_whole_game(
        tmp_path,
        [
            "clecanian",
            "--seats",
            "you,medium,easy",
            "--seed",
            "5",
            "-o",
            "rounds=2",
            "-o",
            "max_turns=24",
        ],
        first_choice,
    )
    assert_fits(session)
    assert seen["turn"] and len(seen["round_end"]) == 1 and seen["final"]
    for whole in seen["turn"]:
        # the table from its first line (the round and the piles) down to the prompt is on
        # the screen: whose turn it is, and all three grids, each with its top and bottom row
        starts = [n for n, line in enumerate(whole) if PILES.match(line)]
        assert starts, "\n".join(whole)
        screen = whole[starts[-1] :]
        text = "\n".join(screen)
        assert "Your turn" in text or "you choose" in text, text
        assert "Seat 1 (you)" in text and "▶ to act" in text, text
        for name in ("Seat 1 (you)", "medium bot", "easy bot"):
            assert re.search(rf"^{re.escape(name)} · -?\d+ showing", text, re.M), text
        assert sum(bool(GRID_TOP.match(line)) for line in screen) == 3, text
        assert sum(bool(GRID_BOTTOM.match(line)) for line in screen) == 3, text
        if "holds" in text:  # the card drawn, as you know it
            assert re.search(r"Seat 1 \(you\) holds .+ \(from the (stock|discard)\)\.", text)
    drawn = [s for s in seen["turn"] if any("Seat 1 (you) holds" in line for line in s)]
    assert drawn, "a turn with a drawn card was seen"
    # the end of the round waits for Enter, every grid scored, on one screen
    end = "\n".join(seen["round_end"][0])
    assert "Round 1 is over" in end and "Press Enter for the next deal" in end, end
    assert len(re.findall(r"· scored -?\d+", end)) == 3, end
    # the final screen: the grids, the final scores and the winner
    final = "\n".join(seen["final"][0])
    assert "Final scores" in final and "★ winner" in final, final
    assert re.search(r"Final scores: .+ Winners?: ", " ".join(final.split())), final
    assert sum(bool(GRID_TOP.match(line)) for line in seen["final"][0]) == 3, final


def talk_then_first_choice(line: str, screen: list[str]) -> str:
    """Purrfect Match: the first choice; at the first talk prompt, free talk, then a claim;
    later talk prompts, nothing."""
    if "Tell the table?" not in line:
        return "1"
    talk_then_first_choice.asked += 1  # type: ignore[attr-defined]
    return {1: "say I like my chances", 2: "claim 9"}.get(
        talk_then_first_choice.asked,  # type: ignore[attr-defined]
        "",
    )


def test_three_player_purrfect_match_fits_80_by_24(tmp_path: Path) -> None:
    talk_then_first_choice.asked = 0  # type: ignore[attr-defined]
    session, seen = play_whole_game(
        tmp_path, ["purrfect", "--seats", "you,medium,easy", "--seed", "3"], talk_then_first_choice
    )
    assert_fits(session)
    assert seen["turn"] and seen["talk"] and seen["final"]
    for screen in seen["turn"]:
        text = "\n".join(screen)
        assert "Purrfect Match · round" in text and "Hand:" in text, text
        for name in ("Seat 1 (you)", "medium bot", "easy bot"):
            assert name in text, text
        assert "▶" in text, text  # whose turn it is
    # free talk and the claim are told with the bots' claims, and the claim is in the table
    told = "\n".join("".join(line) for line in session.terminal.lines)
    assert "Seat 1 says: “I like my chances”" in told
    assert "Seat 1 says: “My candidate is a 9.”" in told
    assert re.search(r"medium bot says: “My candidate is an? \d+\.”", told)
    assert re.search(r"^ (medium|easy) bot .*“an? \d+”", told, re.M)  # the Says column
    record = json.loads((tmp_path / "game.json").read_text())
    said = [(c["speaker"], c["value"], c["text"]) for c in record["meta"]["talk"]]
    assert (0, None, "I like my chances") in said and (0, 9, "My candidate is a 9.") in said
    final = "\n".join(seen["final"][0])
    assert "Final scores" in final and "★ winner" in final, final
    assert "Target" in final and "Score" in final, final
