"""The game-agnostic contract every game implements: a Game makes States.

A State says who acts next (a seat, or ``CHANCE``), lists the legal actions, applies one with
full rule checking, and gives each seat only its own view. Chance is explicit: the state never
draws a random number; whoever drives it supplies chance outcomes.

A state keeps the whole table in its ``position`` (hidden cards included: for the driver that
holds the state, and for a search bot's own imagined worlds, never for a seat) and what has
been played so far in its history.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import IllegalActionError
from matchmaker.core.result import Result

#: The actor once a game has ended (every game's last phase is named ``over``).
GAME_OVER: Final = -2

#: The type of the views a game's states give (one per game).
ViewT = TypeVar("ViewT", covariant=True)


class Position(Protocol):
    """What every game's position offers: the phase, who acts, and an independent copy."""

    @property
    def phase(self) -> str:
        """The name of the current phase (``over`` once the game has ended)."""
        ...

    @property
    def actor(self) -> int:
        """The seat expected to act, ``CHANCE``, or ``GAME_OVER``."""
        ...


class GameOptions(Protocol):
    """What every game's options offer: the player count and the record form."""

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The options as a record stores them."""
        ...


class Game(ABC, Generic[ViewT]):
    """A game with its options fixed: the factory of states, records and replays.

    A game class names its options parser (``parse_options``); ``Game(**raw)`` and
    ``Game.from_options(raw)`` check raw options with it, ``Game(options)`` takes them checked.
    """

    #: The game id used in records and on the command line.
    name: ClassVar[str]
    #: The human name of the game.
    title: ClassVar[str]
    #: The fewest and the most seats the game can be played with.
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The phase at whose start the seats may talk to the acting seat (None: no table talk).
    talk_phase: ClassVar[str | None] = None
    options: GameOptions

    @staticmethod
    @abstractmethod
    def parse_options(raw: Mapping[str, Any]) -> GameOptions:
        """Check raw options (from a record, the command line or code); OptionError if bad."""

    def __init__(self, options: GameOptions | None = None, **raw: Any) -> None:
        self.options = options if options is not None else type(self).parse_options(raw)

    @classmethod
    def from_options(cls, raw: Mapping[str, Any]) -> Self:
        """Build the game from raw options (validated)."""
        return cls(cls.parse_options(raw))

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.options.players

    def options_dict(self) -> dict[str, Any]:
        """The options as a record stores them: ``players`` plus what differs from defaults."""
        return self.options.to_dict()

    #: The values a claim of the table talk may name (none: the game has no claims).
    claim_values: ClassVar[tuple[int, ...]] = ()

    def may_claim(self, state: State[ViewT], seat: int) -> bool:
        """Whether ``seat`` has something a claim can be about now (never, by default)."""
        return False

    def talkers(self, state: State[ViewT]) -> Sequence[int]:
        """The seats that may make a claim in the talk round just opened (see
        ``talk_phase``), in the order they are asked; none for a game without table talk."""
        return ()

    @abstractmethod
    def parse_event(self, event: Any) -> tuple[int, Action]:
        """Read a record event (or a client's message of the same shape) as (actor, action);
        the actor is ``CHANCE`` for a chance outcome. Raises EventError if it is malformed."""

    @abstractmethod
    def new_state(self) -> State[ViewT]:
        """A new game, before the deal (the first decision belongs to chance)."""

    @abstractmethod
    def record_events(self, record: Mapping[str, Any]) -> list[tuple[int, Action]]:
        """Every event of a record as (actor, action) in the order it was played, the deal
        as chance outcomes: what a table's event log holds (RecordError if malformed; the
        rules are checked only by applying them)."""

    @abstractmethod
    def replay(self, record: Mapping[str, Any]) -> State[ViewT]:
        """Replay a record of this game with full rule checking (raises RecordError)."""


class State(ABC, Generic[ViewT]):
    """One position of a game and how it was reached. ``apply`` changes it in place;
    ``clone`` copies it cheaply. ``ViewT`` is the type of the game's views."""

    game: Game[ViewT]
    #: The whole table at this moment, hidden cards included (never shown to a seat).
    position: Position

    @property
    def to_act(self) -> int:
        """The seat expected to act next, ``CHANCE`` for a chance outcome, -2 when over."""
        return self.position.actor

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.position.actor == GAME_OVER

    @property
    def phase(self) -> str:
        """The name of the current phase (``over`` once the game has ended)."""
        return self.position.phase

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The actions the acting seat may take (the chance outcomes at a chance node)."""

    @abstractmethod
    def chance_choices(self) -> Sequence[Action]:
        """At a chance node: the outcomes as a multiset, each entry equally likely.

        Picking one entry uniformly gives every outcome its true probability; the sequence must
        not be changed by the caller.
        """

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each distinct outcome with its probability."""
        choices = self.chance_choices()
        counts: dict[Action, int] = {}
        for outcome in choices:
            counts[outcome] = counts.get(outcome, 0) + 1
        total = len(choices)
        return [(outcome, count / total) for outcome, count in counts.items()]

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for the acting seat, checking every rule.

        If ``seat`` is given it must be the seat expected to act (``CHANCE`` for a chance
        outcome). Raises IllegalActionError saying why the action is refused; a refused
        action leaves the state unchanged.
        """
        actor = self.position.actor
        if actor == GAME_OVER:
            who = f"seat {seat} cannot {action.name}: " if seat is not None else ""
            raise IllegalActionError(f"{who}the game is over")
        if seat is not None and seat != actor:
            raise IllegalActionError(self._not_your_turn(seat, action))
        if (action.name == "chance") != (actor == CHANCE):
            if actor == CHANCE:
                raise IllegalActionError(f"{action.name} is not a chance outcome: chance acts next")
            raise IllegalActionError(f"it is seat {actor}'s turn, not chance's")
        self._apply(action)

    def _not_your_turn(self, seat: int, action: Action) -> str:
        actor = self.to_act
        who = "chance" if actor == CHANCE else f"seat {actor}"
        if seat == CHANCE:
            return f"no chance outcome is due: {who} acts next"
        return f"seat {seat} cannot {action.name}: it is {who}'s turn to act"

    @abstractmethod
    def redact(self, action: Action, viewer: int | None) -> Action:
        """The action about to be applied as ``viewer`` (None: a spectator) may see it, with
        what that seat may not know set to None."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action of the acting seat (checked by the game's rules)."""

    @abstractmethod
    def happenings(self, since: int = 0) -> Sequence[Any]:
        """What the rules did on their own so far, in order, as everybody saw it (a card turned
        up, the discard pile shuffled into a new stock, a match, a seat that sits out…): the
        consequences of the events that no event names, from the ``since``-th on. Each is a
        small named tuple of the game's ``happenings`` module; all of it is public."""

    @abstractmethod
    def result(self) -> Result:
        """The final scores and winners (GameNotOverError before the end)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def view(self, seat: int | None) -> ViewT:
        """What ``seat`` knows, as an immutable observation; ``None`` gives the public view
        (NoSuchSeatError for a seat the game does not have)."""

    def public_view(self) -> ViewT:
        """What a spectator knows."""
        return self.view(None)

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The game record (format ``matchmaker-record/1``) of everything played so far."""

    @abstractmethod
    def decision_count(self) -> int:
        """The number of seat decisions applied so far (chance outcomes not counted)."""

    def status(self) -> dict[str, Any]:
        """The replay summary: the result if over, else who is expected to act."""
        if self.is_over:
            return self.result().to_json()
        actor = self.to_act
        return {
            "game": self.game.name,
            "finished": False,
            "to_act": "chance" if actor == CHANCE else actor,
        }
