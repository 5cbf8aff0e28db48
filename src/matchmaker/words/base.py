"""What every game's words offer, and finding a game's words by its id.

A game's words turn its views and events into text for people: what to type for a decision and
what it does, a status line, and the narration of each event as the seat it is told to may see
it. Everything is read from views, events and happenings: the words never work a rule out
again, and never see what the seat they speak to cannot know.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from matchmaker.core.actions import Action
from matchmaker.core.driver import Step
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game

ViewT = TypeVar("ViewT")

#: Game id -> "module:Class" of its words, imported when first asked for.
WORDS: dict[str, str] = {
    "purrfect": "matchmaker.words.purrfect:PurrfectWords",
    "clecanian": "matchmaker.words.clecanian:ClecanianWords",
}


@dataclass(frozen=True)
class RulesSection:
    """One part of a game's rules in plain words: a title and its short lines."""

    title: str
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"title": ..., "lines": [...]}``."""
        return {"title": self.title, "lines": list(self.lines)}


@dataclass(frozen=True)
class OptionChoice:
    """One value an option may take, as people read it (``"random"``: ``drawn at random``).
    ``min_players``: the choice exists only at a table of at least that many players (a seat)."""

    value: Any
    label: str
    min_players: int | None = None


@dataclass(frozen=True)
class OptionHelp:
    """What an option is called and does, for people choosing it: a plain ``label``
    (``Rounds``), its effect (``help``), the values worth offering (``choices``: every value
    it takes, unless ``open_ended``, when a value of one's own may be written too, such as a
    deck's data) and whether it is rarely changed (``advanced``)."""

    label: str
    help: str
    choices: tuple[OptionChoice, ...] = ()
    open_ended: bool = False
    advanced: bool = False


class GameWords(ABC, Generic[ViewT]):
    """The words of one game with its options (a Clecanian deck names its own cards)."""

    def __init__(self, game: Game[ViewT]) -> None:
        self.game = game

    @abstractmethod
    def choice_key(self, action: Action) -> str:
        """What a person types (or reads on a button) for a decision: ``swap top 3``,
        ``present 7``, ``stock``."""

    def choice_aliases(self, action: Action) -> tuple[str, ...]:
        """Other spellings a person may type for the decision (none by default)."""
        return ()

    @abstractmethod
    def choice_help(self, view: ViewT, action: Action, names: Sequence[str]) -> str:
        """A short explanation of a decision for the seat about to make it."""

    @abstractmethod
    def status(self, view: ViewT, names: Sequence[str]) -> str:
        """One line saying where the game stands and who must do what, for ``view.seat``."""

    @abstractmethod
    def narrate(self, step: Step, before: ViewT, after: ViewT, names: Sequence[str]) -> list[str]:
        """The lines telling ``step`` to the seat whose views ``before`` and ``after`` are
        (the views just before and just after it): the event as that seat saw it, and what the
        rules did on their own because of it."""

    def facts(self) -> dict[str, Any]:
        """What a face needs to name this game's pieces itself, as JSON (Clecanian Golf:
        every card with its names and every grid position's name); none by default."""
        return {}

    @abstractmethod
    def description(self) -> str:
        """The game in one plain line a newcomer understands."""

    @abstractmethod
    def rules_sections(self) -> list[RulesSection]:
        """The game in plain words, a few short sections: what you hold, what a turn is, how
        it scores, who wins (docs/rules-*.md has every ruling). The terminal's ``rules`` and
        the browser's help panel both say these."""

    def rules_summary(self) -> str:
        """``rules_sections`` as text, one paragraph a section: ``Title: line line``."""
        return "\n".join(
            f"{section.title}: {' '.join(section.lines)}" for section in self.rules_sections()
        )

    @abstractmethod
    def option_help(self) -> dict[str, OptionHelp]:
        """Every option of the game (``players`` included) as people choose it."""

    @abstractmethod
    def score_lines(self, view: ViewT, names: Sequence[str]) -> list[str]:
        """How the table scores now, as ``view.seat`` may know it: what the view's derived
        scores say, in words."""

    def round_over(self, step: Step) -> str | None:
        """When ``step`` ended a round and another follows: the line that says so (``Round 1
        of 3 is over.``), for a face to hold the table there before the next deal; else None
        (and in a game without rounds to pause at)."""
        return None

    def result_line(self, status: Mapping[str, Any], names: Sequence[str]) -> str:
        """The final line: scores and winners."""
        return summary_line(status, names)


def waiting_line(names: Sequence[str], waiting: Sequence[int]) -> str:
    """``Waiting for Bob and Cid to join…``: the table before every person has sat down."""
    who = [names[s] for s in waiting]
    listed = who[0] if len(who) == 1 else f"{', '.join(who[:-1])} and {who[-1]}"
    return f"Waiting for {listed} to join… The cards are dealt once everybody has sat down."


def summary_line(status: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Final scores: Ann 4, Ben -3. Winner: Ann.`` from a finished game's status."""
    scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(status["scores"]))
    winners = list(status["winners"])
    won = " and ".join(names[s] for s in winners)
    return f"Final scores: {scores}. {'Winners' if len(winners) > 1 else 'Winner'}: {won}."


def words_for(game: Game[Any]) -> GameWords[Any]:
    """The words of ``game`` (OptionError for a game that has none)."""
    target = WORDS.get(game.name)
    if target is None:
        raise OptionError(f"no words for the game {game.name!r}")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    words: GameWords[Any] = cls(game)
    return words
