"""The Bot protocol: a player that sees only its own seat's view.

A bot is made for one seat of one game. When its seat must act it receives that seat's view
and the legal actions, never the state, and returns one of the actions. It also hears every
event as its seat may see it (``observe``) and, in Purrfect Match, the table talk.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from matchmaker.bots.talk import Claim
from matchmaker.core.actions import Action
from matchmaker.core.game import Game

#: The type of view a bot receives (``PurrfectView``, ``ClecanianView``; Any for any game).
ViewT = TypeVar("ViewT")


class Bot(ABC, Generic[ViewT]):
    """Base class of every bot. Subclasses implement ``choose``; the rest is optional.

    ``games`` lists the game ids the bot can play (empty: any game). Randomness must come
    from ``self.rng`` (seeded at creation), so that a bot with the same seed plays the same way.
    A bot for one game is a ``Bot[ThatGamesView]``; the registry makes sure it is only seated
    at that game, so it receives only that game's views.
    """

    #: The bot's registry name (``random``, ``greedy``, ``strong``…).
    name: ClassVar[str] = "bot"
    #: The games it plays; empty for any game.
    games: ClassVar[tuple[str, ...]] = ()
    #: Whether every decision takes a few milliseconds at most (docs/bots.md, *Decision
    #: time*), so that a server asks for it at once instead of on a worker thread.
    quick: ClassVar[bool] = False

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: ViewT, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (this seat's view)."""

    def observe(self, actor: int, action: Action) -> None:
        """Hear an event (``actor`` -1 for chance) as this seat may see it: hidden fields are
        None. Called for every event, this bot's own decisions included."""
        return None

    def speak(self, view: ViewT) -> Claim | None:
        """Table talk: something to tell the table now, or None. Purrfect Match asks every seat
        with a candidate once the candidates are nominated."""
        return None

    def hear(self, claim: Claim) -> None:
        """Table talk said by anyone (this bot included)."""
        return None
