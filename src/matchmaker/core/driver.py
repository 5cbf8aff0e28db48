"""The table driver: the one loop that steps a game for every face that runs games.

Whoever runs a game (the bot runner, a web table, the Gymnasium environment, the OpenSpiel
history, a replay, the demo) holds its state through a ``Driver``. For every event the driver

1. checks it: a seat's decision must be one of its legal actions, a chance outcome one the
   rules can give (``IllegalActionError`` otherwise, nothing changed);
2. works out what every viewer may see of it (``State.redact``): each seat, and a spectator;
3. applies it, and collects the happenings it set off (``State.happenings``);
4. tells every watching seat its own version (``Observer.observe``);
5. says whether it opened the game's talk round (``Game.talk_phase``, ``Game.talkers``).

It returns all of that as a ``Step``. ``record(meta)`` gives the game record with its result
and the face's ``meta``. The state itself is never shown to a seat: seats get views.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import IllegalActionError
from matchmaker.core.game import Game, State, ViewT


class Observer(Protocol):
    """Anything that hears the events of one seat (a bot, a person's screen)."""

    def observe(self, actor: int, action: Action) -> None:
        """Hear an event as this seat may see it (hidden fields None)."""
        ...


@dataclass(frozen=True)
class Step:
    """One event the driver applied, and what everybody saw of it.

    ``seq`` is the number of events applied before it (its index in the table's log),
    ``actor`` a seat or ``CHANCE``, ``action`` the event as it was played (secrets included:
    for the record and the referee only), ``seen[v]`` the event as viewer ``v`` saw it (the
    seats, then a spectator at index ``players``), ``phase`` the phase it was taken in,
    ``happenings`` what the rules did on their own because of it (public), and ``talk_due``
    whether it opened the game's talk round.
    """

    seq: int
    actor: int
    action: Action
    seen: tuple[Action, ...]
    phase: str
    happenings: tuple[Any, ...]
    talk_due: bool

    def seen_by(self, seat: int | None) -> Action:
        """The event as ``seat`` (None: a spectator) saw it."""
        return self.seen[-1 if seat is None else seat]


class Driver(Generic[ViewT]):
    """Steps one game: legality, redaction to every seat, happenings, the talk round due.

    ``state`` is the game's state (a new game unless given); ``seq`` counts the events applied
    through the driver (``start_seq`` for a state that had some before).
    """

    def __init__(
        self, game: Game[ViewT], state: State[ViewT] | None = None, *, start_seq: int = 0
    ) -> None:
        self.game = game
        self.state: State[ViewT] = state if state is not None else game.new_state()
        self.seq = start_seq
        self._observers: dict[int, list[Observer]] = {}
        self._told = len(self.state.happenings())

    # ------------------------------------------------------------------------------- seats
    def watch(self, seat: int, observer: Observer) -> None:
        """From now on, tell ``observer`` every event as ``seat`` may see it."""
        self._observers.setdefault(seat, []).append(observer)

    def unwatch(self, seat: int, observer: Observer) -> None:
        """Stop telling ``observer`` the events of ``seat``."""
        watching = self._observers.get(seat, [])
        if observer in watching:
            watching.remove(observer)

    # ------------------------------------------------------------------------------ events
    @property
    def to_act(self) -> int:
        """The seat to act, ``CHANCE``, or -2 once the game is over."""
        return self.state.to_act

    def legal(self) -> Sequence[Action]:
        """The acting seat's legal actions (none at a chance node or once over)."""
        state = self.state
        if state.is_over or state.to_act == CHANCE:
            return ()
        return state.legal_actions()

    def check(self, action: Action, actor: int | None = None) -> None:
        """Raise IllegalActionError, with the rules' reason, unless ``play(action, actor)``
        would be accepted: the game goes on, ``actor`` (if given) is the one expected to act,
        and the action is one of its legal actions (or a chance outcome the rules can give).
        Nothing changes either way."""
        state = self.state
        to_act = state.to_act
        if state.is_over or (actor is not None and actor != to_act):
            raise IllegalActionError(self.refusal(action, actor))
        options = state.chance_choices() if to_act == CHANCE else state.legal_actions()
        if action not in options:
            raise IllegalActionError(self.refusal(action, to_act))

    def refusal(self, action: Action, actor: int | None = None) -> str:
        """Why ``action`` is refused now, in the rules' words when the rules can say (tried
        on a copy of the state), else plainly."""
        try:
            self.state.clone().apply(action, actor)
        except IllegalActionError as exc:
            return str(exc)
        except (TypeError, ValueError, KeyError, IndexError, AssertionError):
            pass  # not even an action of this game
        who = "chance" if actor == CHANCE else f"seat {actor}"
        return f"{who} cannot {action}: it is not one of the legal actions now"

    def play(self, action: Action, actor: int | None = None, *, checked: bool = False) -> Step:
        """Apply the acting seat's decision (or a chance outcome) once ``check`` accepts it
        (``checked``: the caller has just called ``check`` itself)."""
        if not checked:
            self.check(action, actor)
        return self._apply(self.state.to_act, action)

    def deal(self, rng: random.Random) -> Step:
        """Apply one chance outcome drawn from ``rng`` with its true probability."""
        choices = self.state.chance_choices()
        if not choices:
            raise IllegalActionError("no chance outcome is due")
        return self._apply(CHANCE, choices[int(rng.random() * len(choices))])

    def _apply(self, actor: int, action: Action) -> Step:
        state = self.state
        players = self.game.players
        phase = state.phase
        seen = tuple(state.redact(action, v if v < players else None) for v in range(players + 1))
        state.apply(action, actor)
        new = tuple(state.happenings(self._told))
        self._told += len(new)
        talk_phase = type(self.game).talk_phase
        step = Step(
            seq=self.seq,
            actor=actor,
            action=action,
            seen=seen,
            phase=phase,
            happenings=new,
            talk_due=bool(talk_phase) and state.phase == talk_phase and phase != talk_phase,
        )
        self.seq += 1
        for seat, observers in self._observers.items():
            for observer in observers:
                observer.observe(actor, seen[seat])
        return step

    def talkers(self) -> Sequence[int]:
        """The seats that may speak in the talk round just opened, in order."""
        return self.game.talkers(self.state)

    # ------------------------------------------------------------------------------ record
    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The game record, with ``result`` once the game is over and the face's ``meta``
        (who sat where, the seed, the table talk…)."""
        record = self.state.record()
        if self.state.is_over:
            record["result"] = self.state.status()
        if meta is not None:
            record["meta"] = dict(meta)
        return record
