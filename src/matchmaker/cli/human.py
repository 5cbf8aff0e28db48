"""A person at the table: the Bot protocol answered by asking someone at a terminal.

A human player receives exactly what a bot receives, its seat's view and the legal actions,
draws them with :mod:`matchmaker.cli.render` and reads a decision: a choice's number (``3``),
its name (``swap 4``, ``present 7``, ``stock``), or a command (``help``, ``save``, ``quit``…).
Everything around the turn (narration, the hot-seat screen, saving) belongs to the table it
sits at, given as a :class:`Desk`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol

from rich.console import Console, Group

from matchmaker.analysis.advice import Adviser, hint_lines
from matchmaker.bots.base import Bot
from matchmaker.bots.talk import Claim, a_cat, claim_text
from matchmaker.cli.render import fit_screen, render_choices, render_view
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.words import GameWords, words_for

#: Other ways to type some decisions (after the words are normalised: lower case, spaces).
ALIASES: dict[str, str] = {
    "draw": "stock",
    "draw stock": "stock",
    "draw discard": "take",
    "pile": "take",
}

#: The commands understood at every prompt, and what they do.
COMMANDS: dict[str, str] = {
    "help": "show this help (also h or ?)",
    "board": "show the table again",
    "log": "show everything that happened so far",
    "rules": "the game in plain words",
    "score": "how the table scores now",
    "hint": "what the hard bot's search judges best here, and what each choice is expected to gain",
    "say WORDS": "tell the table anything (the bots weigh only claims)",
    "save [FILE]": "save the game record now (to FILE, or to the file named at the start)",
    "quit": "save the game record and stop (also q, or Ctrl-D)",
}

HELP_NUMBERS = "Type the number of a choice (e.g. 3), or its name (e.g. {example})."
#: The longest thing a person may say at the table, in characters.
MAX_SAID = 300
#: The hint for ``say`` with nothing after it.
SAY_WHAT = "Type say and your words, e.g. say good luck."


@dataclass(frozen=True)
class Remark:
    """Free table talk: words a person says at the table (``say …``), binding nobody and
    heard by people only (the bots weigh claims). ``at`` is the number of game events applied
    when it was said, ``round`` the game round. The record keeps it in ``meta.talk`` beside
    the claims, marked ``kind`` ``chat`` and with no ``value``."""

    speaker: int
    text: str
    round: int = 0
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        """The remark as kept in a record's ``meta.talk``."""
        return {
            "speaker": self.speaker,
            "value": None,
            "text": self.text,
            "round": self.round,
            "at": self.at,
            "kind": "chat",
        }


def said_words(text: str) -> str:
    """What ``say …`` says: the words after ``say``, printable characters only, at most
    ``MAX_SAID`` of them (empty when nothing is said).

    >>> said_words("say  Good luck!  ")
    'Good luck!'
    """
    words = text.strip()[len("say") :]
    clean = "".join(ch for ch in words if ch.isprintable() or ch == " ").strip()
    return clean[:MAX_SAID]


class QuitGame(Exception):
    """The person asked to stop the game."""


class Desk(Protocol):
    """What a human player needs from the table it sits at."""

    console: Console
    #: The table talk so far (Purrfect Match claims), oldest first.
    talk: list[Claim]

    def read(self, prompt: str) -> str:
        """One line typed by the person (EOFError when input ends, KeyboardInterrupt on
        Ctrl-C)."""
        ...

    def names_for(self, seat: int) -> list[str]:
        """The seat labels as ``seat`` sees them (``Seat 1 (you)``…)."""
        ...

    def before_turn(self, seat: int) -> None:
        """Get the screen ready for ``seat`` (the hot-seat screen) and tell what happened."""
        ...

    def show_log(self, seat: int | None = None) -> None:
        """Print everything ``seat`` was told so far."""
        ...

    def save(self, path: str | None) -> None:
        """Save the game record now (to ``path`` if given) and say where."""
        ...

    def saved_as(self) -> str:
        """The file the game is saved to."""
        ...

    def say(self, seat: int, text: str, round_: int) -> None:
        """``seat`` tells the table ``text`` (free talk, in game round ``round_``)."""
        ...


@dataclass(frozen=True)
class Command:
    """A command typed instead of a decision: help, board, log, save, quit."""

    name: str
    arg: str | None = None


@dataclass(frozen=True)
class Hint:
    """Input that is neither a decision nor a command, with a one-line hint."""

    text: str


#: A number with a minus sign (``-1``, ``swap -2``): never a choice, whatever the dashes of
#: ``draw-stock`` are read as.
NEGATIVE = re.compile(r"(?:^|\s)[-\u2212]\s*\d")


def _normal(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())


def read_choice(
    text: str, legal: Sequence[Action], words: GameWords[Any]
) -> Action | Command | Hint:
    """Understand one line typed at a decision: a choice number (from 1), a choice name (as
    the game's words spell it, or one of its other spellings), a command, or else a hint
    saying what may be typed."""
    choice_key = words.choice_key
    typed = _normal(text)
    first = typed.partition(" ")[0]
    if first in ("help", "h", "?"):
        return Command("help")
    if first in ("quit", "q", "exit"):
        return Command("quit")
    if first in ("board", "show"):
        return Command("board")
    if first == "log":
        return Command("log")
    if first in ("rules", "score", "hint"):
        return Command(first)
    if first == "save":
        path = text.strip()[len("save") :].strip()
        return Command("save", path or None)
    if first == "say":
        said = said_words(text)
        return Command("say", said) if said else Hint(SAY_WHAT)
    span = f"1-{len(legal)}" if len(legal) > 1 else "1"
    if NEGATIVE.search(text):
        return Hint(f"{text.strip()!r}: choices and places count from 1; type {span} or a move.")
    if not typed:
        if len(legal) == 1:
            return legal[0]
        return Hint(f"Type {span}, a move such as '{choice_key(legal[0])}', or help.")
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return Hint(f"There is no choice {number}: type {span}.")
    by_key = {_normal(choice_key(action)): action for action in legal}
    for action in legal:
        for alias in words.choice_aliases(action):
            by_key.setdefault(_normal(alias), action)
    key = ALIASES.get(typed, typed)
    if key in by_key:
        return by_key[key]
    same_name = [choice_key(a) for a in legal if _normal(choice_key(a)).split(" ")[0] == first]
    if same_name:
        shown = ", ".join(same_name[:4]) + (", …" if len(same_name) > 4 else "")
        return Hint(f"{text.strip()!r} is not possible now: {shown}.")
    return Hint(
        f"{text.strip()!r} is not a choice now: type {span}, "
        f"a move such as '{choice_key(legal[-1])}', or help."
    )


def read_claim(text: str, values: Sequence[int]) -> Claim | Command | Hint | None:
    """Understand one line typed in a talk round: ``claim 8`` (or ``8``) claims an 8,
    ``say …`` is free talk (a ``say`` command), Enter says nothing; anything else gets a
    hint. The claim's speaker is filled in by the caller."""
    typed = _normal(text)
    if not typed:
        return None
    if typed.partition(" ")[0] == "say":
        said = said_words(text)
        return Command("say", said) if said else Hint(SAY_WHAT)
    number = typed.removeprefix("claim").strip()
    if number.isdigit() and int(number) in values:
        value = int(number)
        return Claim(-1, value, claim_text(value))
    return Hint(
        f"{text.strip()!r}: type claim N (N from {values[0]} to {values[-1]}, true or not) to "
        "tell the table your candidate is an N, say and any words, or Enter to say nothing."
    )


def help_text(legal: Sequence[Action], words: GameWords[Any]) -> str:
    """The help shown by the ``help`` command."""
    lines = [HELP_NUMBERS.format(example=words.choice_key(legal[-1]))]
    if len(legal) == 1:
        lines.append("With only one choice, Enter takes it.")
    lines.append("Commands:")
    lines += [f"  {name:<12} {what}" for name, what in COMMANDS.items()]
    return "\n".join(lines)


class HumanPlayer(Bot[Any]):
    """A person at one seat, asked for each decision at the terminal of its desk.

    Like every bot it only ever receives its seat's view and the legal actions.
    """

    name: ClassVar[str] = "human"

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0, *, desk: Desk) -> None:
        super().__init__(game, seat, seed)
        self.desk = desk
        self.words = words_for(game)
        #: Judges this seat's decisions on request (``hint``), from its view only.
        self.adviser = Adviser(game, seat, seed)

    def observe(self, actor: int, action: Action) -> None:
        """Events as this seat saw them, for the hints."""
        self.adviser.observe(actor, action)

    def hear(self, claim: Claim) -> None:
        """Table talk, for the hints."""
        self.adviser.hear(claim)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Show the view and the choices, then ask until a legal decision is typed."""
        desk = self.desk
        desk.before_turn(self.seat)
        names = desk.names_for(self.seat)
        self._show(view, legal, names)
        while True:
            answer = read_choice(desk.read(f"{names[self.seat]} > "), legal, self.words)
            if isinstance(answer, Action):
                return answer
            if isinstance(answer, Hint):
                desk.console.print(answer.text, style="yellow", markup=False, soft_wrap=True)
            elif answer.name == "help":
                desk.console.print(help_text(legal, self.words), highlight=False, markup=False)
            elif answer.name == "board":
                self._show(view, legal, names)
            elif answer.name == "log":
                desk.show_log(self.seat)
            elif answer.name == "rules":
                desk.console.print(self.words.rules_summary(), highlight=False, markup=False)
            elif answer.name == "score":
                text = "\n".join(self.words.score_lines(view, names))
                desk.console.print(text, highlight=False, markup=False)
            elif answer.name == "hint":
                advice = self.adviser.advise(view, legal)
                text = "\n".join(hint_lines(advice, self.words, names))
                desk.console.print(text, highlight=False, markup=False)
            elif answer.name == "save":
                desk.save(answer.arg)
            elif answer.name == "say":
                desk.say(self.seat, answer.arg or "", getattr(view, "round", 0))
            elif self._sure_to_leave():
                raise QuitGame

    def speak(self, view: Any) -> Claim | None:
        """The talk round (Purrfect Match): the person may tell the table what their
        candidate is, true or not, or say nothing."""
        values = self.game.claim_values
        candidate = getattr(view, "candidate", None)
        if not values or candidate is None:
            return None
        desk = self.desk
        desk.before_turn(self.seat)
        names = desk.names_for(self.seat)
        desk.console.print(
            fit_screen(
                desk.console,
                lambda compact: render_view(self.game, view, names, desk.talk, compact),
                spare=2,
            )
        )
        prompt = (
            f"{names[self.seat]}, your candidate is {a_cat(candidate)}. Tell the table? "
            "(claim N, true or not; say WORDS; Enter: nothing) > "
        )
        while True:
            answer = read_claim(desk.read(prompt), values)
            if isinstance(answer, Command):  # free talk, then the question again
                desk.say(self.seat, answer.arg or "", getattr(view, "round", 0))
            elif not isinstance(answer, Hint):
                return None if answer is None else replace(answer, speaker=self.seat)
            else:
                desk.console.print(answer.text, style="yellow", markup=False, soft_wrap=True)

    def _sure_to_leave(self) -> bool:
        """Ask before leaving: y (or yes) leaves, anything else plays on."""
        where = self.desk.saved_as()
        answer = self.desk.read(
            f"Leave the game? It is saved to {where}; matchmaker play --resume {where} "
            "continues it. Leave (y/N)? "
        )
        if answer.strip().lower() in ("y", "yes"):
            return True
        self.desk.console.print("Playing on.", highlight=False)
        return False

    def _show(self, view: Any, legal: Sequence[Action], names: Sequence[str]) -> None:
        """The table and the choices: in a terminal too small for them, the compact ones."""
        tip = "Enter takes the only choice · " if len(legal) == 1 else ""
        tip += "help · hint · save · quit" + (" · say WORDS" if self.game.claim_values else "")

        def screen(compact: bool) -> Group:
            return Group(
                render_view(self.game, view, names, self.desk.talk, compact),
                render_choices(self.game, view, legal, names, compact, tip),
            )

        self.desk.console.print(fit_screen(self.desk.console, screen))
