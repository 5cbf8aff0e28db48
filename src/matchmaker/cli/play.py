"""``matchmaker play``: people against bots (or each other, hot-seat) in the terminal.

The table runs the game through :func:`matchmaker.bots.runner.play_game`: people sit at it as
:class:`~matchmaker.cli.human.HumanPlayer` s, bots as themselves. It narrates every public event,
shows each person the news since their last turn, puts a "pass the keyboard" screen between two
people's turns, and saves the game record when asked and when the game ends, however it ends.
Input comes from a ``read(prompt)`` function so that a pipe or a test can drive it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.rule import Rule
from rich.spinner import Spinner
from rich.text import Text

from matchmaker.bots.base import Bot
from matchmaker.bots.registry import BOTS, LEVELS, make_bot
from matchmaker.bots.runner import PlayedGame, play_game, seat_seed
from matchmaker.bots.talk import Claim
from matchmaker.cli.human import HumanPlayer, QuitGame, Remark
from matchmaker.cli.options import parse_option_pairs
from matchmaker.cli.render import fit_screen, render_result, render_view
from matchmaker.cli.replay import read_record
from matchmaker.core.driver import Driver, Step
from matchmaker.core.errors import MatchmakerError, OptionError, RecordError
from matchmaker.core.game import Game, State
from matchmaker.core.records import game_of_record, replay
from matchmaker.core.registry import GAMES, load_game
from matchmaker.words import seat_labels, words_for
from matchmaker.words.recorded import recorded_seat
from matchmaker.words.seats import HUMAN

#: A function that shows a prompt and returns the line typed (EOFError when input ends).
Reader = Callable[[str], str]

#: Words that seat a person rather than a bot.
HUMAN_SEATS = ("you", "human", "me")
#: The bot at every other seat when ``--seats`` is not given.
DEFAULT_BOT = "medium"
#: The bot that stands in for a level whose bot is not available.
FALLBACK_BOT = "random"
#: The game asked for first when none is named.
DEFAULT_GAME = "clecanian"
#: Lines of news shown at the start of a turn; older ones are left to the ``log`` command.
NEWS_LINES = 18
#: A terminal with fewer rows shows the news without a frame.
SMALL_TERMINAL = 40
#: Exit status after Ctrl-C.
EXIT_INTERRUPTED = 130
#: Start of the hot-seat screen's text.
PASS_SCREEN = "Pass the keyboard to"


def is_human(spec: str) -> bool:
    """True if a seat spec seats a person."""
    return spec.strip().lower() in HUMAN_SEATS


def parse_seats(spec: str) -> list[str]:
    """``"you,hard,random"`` as a list of seat specs (``you`` for every person)."""
    seats = [part.strip() for part in spec.split(",")]
    if any(not part for part in seats):
        raise OptionError(f"--seats {spec!r} has an empty seat")
    return ["you" if is_human(s) else s for s in seats]


def default_seats(players: int) -> list[str]:
    """You at seat 0 and the default bot everywhere else."""
    return ["you"] + [DEFAULT_BOT] * (players - 1)


def seat_bot(spec: str, game: Game[Any], seat: int, seed: int) -> tuple[Bot[Any], bool]:
    """The bot for a seat, and whether it stands in for the one asked for.

    This is the one place where a level (``easy``, ``medium``, ``hard``) whose bot is not
    available for this game falls back to the ``random`` bot. Any other unknown name is an
    error.
    """
    try:
        return make_bot(spec, game, seat, seat_seed(seed, seat)), False
    except OptionError:
        if spec not in LEVELS:
            raise
    return make_bot(FALLBACK_BOT, game, seat, seat_seed(seed, seat)), True


def default_record_path(game: Game[Any], seed: int) -> Path:
    """Where a game is saved when no file is named: ``./matchmaker-GAME-SEED.json``."""
    return Path(f"matchmaker-{game.name}-{seed}.json")


def clear_screen(console: Console) -> None:
    """Clear the terminal, scroll-back included, so that nothing of a previous screen stays
    readable (does nothing when the output is not a terminal)."""
    console.clear()
    if console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def stream_reader(stream: TextIO, console: Console) -> Reader:
    """A reader taking lines from ``stream`` (a pipe, a file, a test's text): the prompt and
    the line read are printed, so the transcript reads like a session."""

    def read(prompt: str) -> str:
        console.print(prompt, end="", markup=False, highlight=False)
        line = stream.readline()
        if not line:
            console.print()
            raise EOFError
        text = line.rstrip("\r\n")
        console.print(text, markup=False, highlight=False)
        return text

    return read


def terminal_reader(console: Console) -> Reader:
    """A reader for a person at a terminal (line editing by the terminal)."""

    def read(prompt: str) -> str:
        return console.input(Text(prompt, style="bold"))

    return read


class TerminalTable:
    """One game at a terminal: the seats, the narration, hot-seat screens and saving.

    It is the :class:`~matchmaker.cli.human.Desk` of every person at the table. Each person is
    told every event as their own seat saw it (with no person at the table, as a spectator
    sees it, as it happens). The record is saved to ``save_path``; when that is only the
    default (``named_file`` false), a game stopped before anybody made a decision is not saved.
    """

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str],
        seed: int,
        console: Console,
        read: Reader,
        save_path: Path,
        named_file: bool = True,
    ) -> None:
        if len(seats) != game.players:
            raise OptionError(f"{len(seats)} seats named for {game.players} players")
        self.game = game
        self.words = words_for(game)
        self.seed = seed
        self.console = console
        self.save_path = save_path
        self._named_file = named_file
        #: Decisions made by people (by anyone, when no person plays).
        self._moves = 0
        self._read = read
        self.players: list[Bot[Any]] = []
        #: Who sits at each seat, as the record keeps it and the labels read it: a person,
        #: the bot asked for as it was asked for (``hard``, ``hard@seconds=0.3``), or the bot
        #: standing in for a level this game has no bot for.
        self.kinds: list[str] = []
        stand_ins: dict[str, list[int]] = {}
        for seat, spec in enumerate(seats):
            if is_human(spec):
                self.players.append(HumanPlayer(game, seat, seat_seed(seed, seat), desk=self))
                self.kinds.append(HUMAN)
                continue
            bot, stands_in = seat_bot(spec, game, seat, seed)
            self.players.append(bot)
            self.kinds.append(bot.name if stands_in else spec)
            if stands_in:
                stand_ins.setdefault(spec, []).append(seat)
        self.humans = [s for s, p in enumerate(self.players) if isinstance(p, HumanPlayer)]
        self.names = seat_labels(self.kinds)
        self.notes = [
            f"No {spec} bot plays {game.title} yet: the {FALLBACK_BOT} bot takes "
            + ", ".join(self.names[s] for s in taken)
            + "."
            for spec, taken in stand_ins.items()
        ]
        self.driver: Driver[Any] = Driver(game)
        self.state: State[Any] = self.driver.state
        self.talk: list[Claim] = []
        #: Everything said at the table in order: the claims and people's free talk.
        self.said: list[Claim | Remark] = []
        #: Who is told the events: every person, or a spectator when nobody plays.
        self.viewers: list[int | None] = list(self.humans) or [None]
        #: What each viewer was told so far, and its view after the last event.
        self.lines: dict[int | None, list[str]] = {viewer: [] for viewer in self.viewers}
        self._views: dict[int | None, Any] = {v: self.state.view(v) for v in self.viewers}
        self._seen: dict[int, int] = {}
        self._on_screen: int | None = None
        #: Where the chance outcomes come from (None: the seed's own generator).
        self._chance: random.Random | None = None
        #: Whether the events of a saved game are being told again (``resume``).
        self._resuming = False
        #: The "thinking…" line shown at a terminal while bots decide, if it is showing.
        self._thinking: Live | None = None

    # ---------------------------------------------------------------- the Desk of the humans
    def read(self, prompt: str) -> str:
        """One line typed at the terminal."""
        return self._read(prompt)

    def names_for(self, seat: int | None) -> list[str]:
        """Seat labels as ``seat`` sees them (None: as the table sees them)."""
        return seat_labels(self.kinds, viewer=seat)

    def before_turn(self, seat: int) -> None:
        """Hot-seat: hide the screen and wait for the next person; then the news."""
        self._stop_thinking()
        if len(self.humans) > 1 and self._on_screen != seat:
            clear_screen(self.console)
            self.console.print(
                Panel(
                    Text(
                        f"{PASS_SCREEN} {self.names[seat]}.\n"
                        "Press Enter when only they can see the screen.",
                        style="bold",
                        justify="center",
                    ),
                    title="Hot-seat",
                )
            )
            self.read("")
            clear_screen(self.console)
        self._on_screen = seat
        told = self.lines[seat]
        self._show_news(told[self._seen.get(seat, 0) :], "Since your last turn")
        self._seen[seat] = len(told)

    def show_log(self, seat: int | None = None) -> None:
        """Everything told so far to ``seat`` (the first viewer's log by default)."""
        told = self.lines.get(seat, self.lines[self.viewers[0]])
        body = Text("\n".join(told) or "Nothing yet.")  # words people typed are not markup
        self.console.print(Panel(body, title="Game log"))

    def _heard(self, claim: Claim | Remark) -> None:
        """Table talk, a claim or free talk (kept in ``said`` for the record), is told to
        everybody."""
        self.said.append(claim)
        for viewer in self.viewers:
            self._tell(viewer, [self._said_line(claim)])

    def _said_line(self, said: Claim | Remark) -> str:
        """How a claim or free talk is told: ``Seat 1 says: “…”``."""
        return f"{self.names[said.speaker]} says: “{said.text}”"

    def say(self, seat: int, text: str, round_: int) -> None:
        """Free talk from a person (``say …``): told to everybody, not to the bots (they
        weigh only claims), and kept in the record's ``meta.talk``."""
        remark = Remark(seat, text, round_, self.state.decision_count())
        self._heard(remark)
        self.console.print(Text(self._said_line(remark), style="magenta"))

    def saved_as(self) -> str:
        """The file the game is saved to."""
        return str(self.save_path)

    def save(self, path: str | None = None) -> None:
        """Save the record of the game so far (to ``path`` from now on, if given)."""
        if path:
            self.save_path = Path(path)
            self._named_file = True
        self._write_record()

    # ------------------------------------------------------------------------------- the game
    def play(self) -> int:
        """Play the game to its end (or until stopped); returns the exit status."""
        self._intro()
        status = 0
        finished = False
        try:
            play_game(
                self.game,
                self.players,
                self.seed,
                on_step=self._on_step,
                on_claim=self._heard,
                driver=self.driver,
                talk=self.talk,
                chance=self._chance,
                on_turn=self._turn_of,
            )
            finished = True
        except QuitGame:
            self.console.print("You left the game.")
        except EOFError:
            self.console.print("Input ended: the game stops here.")
        except KeyboardInterrupt:
            self.console.print("\nInterrupted: the game stops here.")
            status = EXIT_INTERRUPTED
        except BaseException:
            self._stop_thinking()
            self._write_record()  # whatever went wrong, the game so far is kept
            raise
        self._stop_thinking()
        if finished:
            self._finish()
        self._write_record()
        return status

    def resume(self, record: Mapping[str, Any]) -> None:
        """Take the game up where a saved record of it stops: every event and every claim of
        the table talk is told again, in order, to the bots and to the people (whose ``log``
        then holds the whole game); the chance outcomes from here on come from a generator of
        their own (not the ones the seed gave the game's start)."""
        events = self.game.record_events(record)
        meta = record.get("meta")
        said = meta.get("talk") if isinstance(meta, Mapping) else None
        try:
            claims = deque(said_at_table(entry) for entry in (said or []))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError("meta.talk must list claims and chat") from None
        for seat, player in enumerate(self.players):
            self.driver.watch(seat, player)
        self._resuming = True
        try:
            for actor, action in events:
                while claims and claims[0].at <= self.state.decision_count():
                    self._said_again(claims.popleft())
                self._on_step(self.driver.play(action, actor))
            while claims:
                self._said_again(claims.popleft())
        finally:
            self._resuming = False
            for seat, player in enumerate(self.players):
                self.driver.unwatch(seat, player)
        self._chance = random.Random(f"{self.seed}/chance/resumed after {len(events)}")
        self.notes.append(f"Resumed after {len(events)} events.")

    def _said_again(self, said: Claim | Remark) -> None:
        if isinstance(said, Claim):  # the bots hear claims only
            self.talk.append(said)
            for player in self.players:
                player.hear(said)
        self._heard(said)

    def record(self) -> dict[str, Any]:
        """The game record so far, with who sat where, the seed and the table talk (claims
        and free talk, in the order they were said)."""
        played = PlayedGame(driver=self.driver, seats=self.kinds, seed=self.seed)
        meta = played.meta()
        meta["talk"] = [said.to_json() for said in self.said]
        return self.driver.record(meta)

    def _write_record(self) -> None:
        if not self._named_file and self._moves == 0:
            self.console.print("Nothing was played yet: no record saved.")
            return
        try:
            text = json.dumps(self.record())
            self.save_path.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            self.console.print(
                f"[red]Could not save the game to {self.save_path}: {exc.strerror}[/red]"
            )
            return
        self.console.print(
            f"Game record saved to [bold]{self.save_path}[/bold] "
            f"(watch it again: matchmaker replay {self.save_path} --show).",
            highlight=False,
            soft_wrap=not self.console.is_terminal,  # a terminal gets it wrapped
        )

    def _intro(self) -> None:
        who = ", ".join(
            f"{self.names[s]}" + (" (a person)" if s in self.humans else "")
            for s in range(self.game.players)
        )
        lines = [f"{self.game.title}, seed {self.seed}: {who}."]
        lines += self.notes
        if self.humans:
            lines.append("Type a choice's number or name; help lists the commands.")
        self.console.print(Panel("\n".join(lines), title="matchmaker play", title_align="left"))

    def _turn_of(self, seat: int) -> None:
        """A seat is about to decide: at a terminal, while a bot decides between people's
        turns, one line says which bot is thinking."""
        if seat in self.humans or not self.humans or not self.console.is_terminal:
            return
        line = Spinner("dots", f"{self.names[seat]} is thinking…")
        if self._thinking is None:
            self._thinking = Live(line, console=self.console, transient=True)
            self._thinking.start(refresh=True)
        else:
            self._thinking.update(line, refresh=True)

    def _stop_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.stop()
            self._thinking = None

    def _on_step(self, step: Step) -> None:
        if step.actor in self.humans or (not self.humans and step.actor >= 0):
            self._moves += 1
        for viewer in self.viewers:
            after = self.state.view(viewer)
            lines = self.words.narrate(step, self._views[viewer], after, self.names)
            self._views[viewer] = after
            if lines:
                self._tell(viewer, lines)
        over = self.words.round_over(step)
        if over is not None and self.humans and not self._resuming:
            self._hold_round_end(over)

    def _hold_round_end(self, line: str) -> None:
        """The end of a round: the news, every grid as it was scored and the scores, until
        Enter is pressed (with several people, the table's public view after a cleared
        screen: the next person's turn starts with the hot-seat screen again)."""
        self._stop_thinking()
        if len(self.humans) == 1:
            seat = self.humans[0]
            self.before_turn(seat)
            view = self.state.view(seat)
            names = self.names_for(seat)
        else:
            clear_screen(self.console)
            self._on_screen = None
            view, names = self.state.view(None), self.names
        prompt = f"{line} Press Enter for the next deal. "
        spare = 1 + len(prompt) // max(self.console.width, 1)
        self.console.print(
            fit_screen(
                self.console,
                lambda compact: render_view(self.game, view, names, compact=compact),
                spare,
            )
        )
        self.read(prompt)

    def _tell(self, viewer: int | None, lines: list[str]) -> None:
        self.lines[viewer].extend(lines)
        if not self.humans:  # nobody's turn will show them: tell them as they happen
            for line in lines:
                self.console.print(line, highlight=False, markup=False)

    def _show_news(self, lines: list[str], title: str) -> None:
        """The news, framed; in a terminal shorter than ``SMALL_TERMINAL`` rows, under a
        one-line title without a frame, so that the table drawn after it keeps the screen."""
        if not lines:
            return
        shown = lines[-NEWS_LINES:]
        if len(lines) > len(shown):
            shown = [f"… {len(lines) - len(shown)} earlier lines (type log to see them)", *shown]
        text = Text("\n".join(shown))  # words people typed (say …) are not markup
        if self.console.is_terminal and self.console.height < SMALL_TERMINAL:
            self.console.print(Rule(title, align="left", style="dim"), text)
        else:
            self.console.print(Panel(text, title=title, title_align="left"))

    def _finish(self) -> None:
        state = self.state
        for seat in self.humans:
            told = self.lines[seat]
            last = self._seen.get(seat, 0)
            if len(told) > last:
                title = "The end of the game" + (
                    f" (as {self.names[seat]} saw it)" if len(self.humans) > 1 else ""
                )
                self._show_news(told[last:], title)
        viewer = self.humans[0] if len(self.humans) == 1 else None
        names = self.names_for(viewer)
        view, status = state.view(viewer), state.status()
        self.console.print(
            fit_screen(
                self.console,
                lambda compact: Group(
                    render_view(self.game, view, names, compact=compact),
                    render_result(status, names, compact),
                ),
                spare=3,  # the result line and where the record is saved
            )
        )
        self.console.print(
            self.words.result_line(status, self.names),
            style="bold",
            highlight=False,
            soft_wrap=not self.console.is_terminal,
        )


def said_at_table(entry: Mapping[str, Any]) -> Claim | Remark:
    """One entry of a record's ``meta.talk``: a claim, or free talk (``say``: ``kind`` ``chat``,
    or no ``value``)."""
    if entry.get("kind") == "chat" or entry.get("value") is None:
        return Remark(
            speaker=int(entry["speaker"]),
            text=str(entry["text"]),
            round=int(entry.get("round", 0)),
            at=int(entry.get("at", 0)),
        )
    return Claim.from_json(dict(entry))


def play_in_terminal(
    game: Game[Any],
    seats: Sequence[str],
    seed: int,
    console: Console,
    read: Reader,
    save_path: Path | None = None,
    resumed: Mapping[str, Any] | None = None,
) -> int:
    """Play one game at the terminal (from where the record ``resumed`` stops, if given);
    returns the exit status (0, or 130 after Ctrl-C)."""
    path = save_path if save_path is not None else default_record_path(game, seed)
    table = TerminalTable(game, seats, seed, console, read, path, save_path is not None)
    if resumed is not None:
        table.resume(resumed)
    return table.play()


def resume_setup(
    path: str, seats_spec: str | None
) -> tuple[Game[Any], list[str], int, dict[str, Any]]:
    """What ``--resume FILE`` plays: the record's game, its seats (people where it says
    ``human``, its bots elsewhere; ``--seats`` may seat others), its seed, and the record
    (checked by replaying it; a finished game cannot be resumed)."""
    record = read_record(path)
    game = game_of_record(record)
    if replay(record).is_over:
        raise MatchmakerError(f"the game in {path} is over: watch it with matchmaker replay "
                              f"{path} --show")  # fmt: skip
    meta = record.get("meta")
    meta = meta if isinstance(meta, Mapping) else {}
    seed = meta.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = random.SystemRandom().randrange(2**32)
    if seats_spec is not None:
        seats = parse_seats(seats_spec)
    else:
        sat = meta.get("seats")
        if not isinstance(sat, list) or len(sat) != game.players:
            raise MatchmakerError(f"{path} does not say who sat where: give --seats")
        seats = ["you" if recorded_seat(s) == HUMAN else recorded_seat(s) for s in sat]
    if len(seats) != game.players:
        raise OptionError(f"--seats names {len(seats)} seats; the saved game has {game.players}")
    return game, seats, seed, record


# ---------------------------------------------------------------------------- the command
def ask_game(console: Console, read: Reader) -> str:
    """Ask which game to play (Enter, or input ending, picks Clecanian Golf)."""
    names = [DEFAULT_GAME, *sorted(n for n in GAMES if n != DEFAULT_GAME)]
    titles = {"clecanian": "Clecanian Golf", "purrfect": "Purrfect Match"}
    menu = "  ".join(f"{i}) {titles.get(n, n)}" for i, n in enumerate(names, start=1))
    console.print(f"Which game? {menu}", highlight=False)
    while True:
        try:
            answer = read("Game [1]: ").strip().lower()
        except EOFError:
            return DEFAULT_GAME
        if not answer:
            return DEFAULT_GAME
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        for name in names:
            if name.startswith(answer) or titles.get(name, "").lower().startswith(answer):
                return name
        console.print(f"[yellow]Type a number from 1 to {len(names)}.[/yellow]")


def table_setup(
    game_name: str, seats_spec: str | None, players: int | None, options: dict[str, Any]
) -> tuple[Game[Any], list[str]]:
    """The game and the seat specs from the command line's ``--seats``, ``--players`` and
    options; without ``--seats``, you play seat 0 and bots the others."""
    if seats_spec is not None:
        seats = parse_seats(seats_spec)
        for given in (players, options.get("players")):
            if given is not None and given != len(seats):
                raise OptionError(f"--seats names {len(seats)} seats, but players is {given}")
        options["players"] = len(seats)
        return load_game(game_name, options), seats
    if players is not None:
        options["players"] = players
    game = load_game(game_name, options)
    return game, default_seats(game.players)


def run_play_command(args: argparse.Namespace) -> int:
    """``matchmaker play``: read the arguments, set the table and play."""
    console = Console()
    read = terminal_reader(console) if sys.stdin.isatty() else stream_reader(sys.stdin, console)
    if args.resume is not None:
        if args.game or args.players is not None or args.option or args.seed is not None:
            raise OptionError("--resume plays the saved game as it was set: give only --seats "
                              "and --save with it")  # fmt: skip
        game, seats, seed, record = resume_setup(args.resume, args.seats)
        kept = Path(args.save) if args.save else Path(args.resume)
        return play_in_terminal(game, seats, seed, console, read, kept, resumed=record)
    try:
        game_name = args.game or ask_game(console, read)
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        return EXIT_INTERRUPTED
    options = parse_option_pairs(args.option or [])
    game, seats = table_setup(game_name, args.seats, args.players, options)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    save = Path(args.save) if args.save else None
    if save is not None and save.is_dir():
        raise MatchmakerError(f"--save {args.save} is a directory, not a file")
    return play_in_terminal(game, seats, seed, console, read, save)


def add_play_parser(sub: Any) -> None:
    """Add ``matchmaker play`` to the command line's subcommands."""
    play = sub.add_parser("play", help="play in the terminal against bots, or hot-seat")
    play.add_argument(
        "game", nargs="?", choices=sorted(GAMES), help="the game (asked if not given)"
    )
    play.add_argument("--players", "-p", type=int, help="number of players")
    play.add_argument(
        "--seats",
        metavar="LIST",
        help="who sits where, e.g. you,hard,medium (you = a person; several = hot-seat); "
        f"bots: the levels {', '.join(LEVELS)}, the bots {', '.join(BOTS)}, or "
        "package.module:Class",
    )
    play.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    play.add_argument("--save", metavar="FILE", help="where to save the game record")
    play.add_argument(
        "--resume", metavar="FILE",
        help="continue the unfinished game saved in FILE (and save it there again)",
    )  # fmt: skip
    play.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help="game option")
