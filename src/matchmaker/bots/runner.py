"""Playing one game among seated players (bots, or people behind the same protocol).

The runner drives the game through the table driver (``matchmaker.core.driver``): chance
comes from a seeded generator, each acting seat gets its view and legal actions, every seat
hears each event as it may see it, and the talk round is run when it is due.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from matchmaker.bots.base import Bot
from matchmaker.bots.talk import Claim, talk_round
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Driver, Step
from matchmaker.core.errors import IllegalActionError, MatchmakerError
from matchmaker.core.game import Game, State


class BotError(MatchmakerError):
    """A player returned something that is not one of its legal actions."""

    @classmethod
    def refused(cls, player: Bot[Any], seat: int, action: Action, why: Exception) -> BotError:
        """The error for ``player`` at ``seat`` choosing ``action``, refused for ``why``."""
        return cls(
            f"the {player.name} player at seat {seat} chose {action}, "
            f"which is not a legal action ({why})"
        )


#: Called after every event with the state, the actor and the action (for narration, logs).
EventHook = Callable[[State[Any], int, Action], None]
#: Called after every event with the driver's step (what every viewer saw, the happenings).
StepHook = Callable[[Step], None]


@dataclass
class PlayedGame:
    """A finished (or stopped) game: its driver, the table talk, who sat where."""

    driver: Driver[Any]
    seats: list[str]
    seed: int
    talk: list[Claim] = field(default_factory=list)

    @property
    def state(self) -> State[Any]:
        """The game's state."""
        return self.driver.state

    def meta(self) -> dict[str, Any]:
        """What the record keeps beside the game: seats, seed, table talk."""
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "talk": [claim.to_json() for claim in self.talk],
        }

    def record(self) -> dict[str, Any]:
        """The game record, with the result and ``meta`` (seats, seed, table talk)."""
        return self.driver.record(self.meta())


def seat_seed(seed: int, seat: int) -> str:
    """The seed of the player at ``seat`` in the game played with ``seed``."""
    return f"{seed}/seat{seat}"


def chance_rng(seed: int) -> random.Random:
    """The generator that supplies the chance outcomes of the game played with ``seed``."""
    return random.Random(f"{seed}/chance")


def play_game(
    game: Game[Any],
    players: Sequence[Bot[Any]],
    seed: int,
    *,
    on_event: EventHook | None = None,
    on_step: StepHook | None = None,
    on_claim: Callable[[Claim], None] | None = None,
    state: State[Any] | None = None,
    driver: Driver[Any] | None = None,
    max_events: int | None = None,
    talk: list[Claim] | None = None,
    chance: random.Random | None = None,
    on_turn: Callable[[int], None] | None = None,
    table_talk: bool = True,
) -> PlayedGame:
    """Play ``game`` to the end (or for ``max_events`` events) with one player per seat.

    The game goes on from ``state`` or through the caller's ``driver`` when given. ``on_step``
    hears every step, ``on_claim`` every claim of the table talk once the players heard it;
    ``talk``, if given, is the list the table talk is kept in (the caller's own); ``chance``,
    the generator of the chance outcomes (``chance_rng(seed)`` if not given); ``on_turn``
    hears each seat about to be asked for a decision. With ``table_talk`` false nobody is asked
    to speak: the game is played in silence, as at a table where the bots share no claims."""
    if len(players) != game.players:
        raise MatchmakerError(f"{game.title} here has {game.players} seats, not {len(players)}")
    if driver is None:
        driver = Driver(game, state)
    for seat, player in enumerate(players):
        driver.watch(seat, player)
    rng = chance if chance is not None else chance_rng(seed)
    played = PlayedGame(
        driver=driver,
        seats=[p.name for p in players],
        seed=seed,
        talk=talk if talk is not None else [],
    )
    events = 0
    while not driver.state.is_over and (max_events is None or events < max_events):
        actor = driver.to_act
        if actor == CHANCE:
            step = driver.deal(rng)
        else:
            legal = driver.legal()
            if on_turn is not None:
                on_turn(actor)
            action = players[actor].choose(driver.state.view(actor), legal)
            try:
                step = driver.play(action, actor)
            except IllegalActionError as exc:
                raise BotError.refused(players[actor], actor, action, exc) from None
        events += 1
        if on_step is not None:
            on_step(step)
        if on_event is not None:
            on_event(driver.state, step.actor, step.action)
        if step.talk_due and table_talk:
            for claim in talk_round(driver, players):
                played.talk.append(claim)
                for player in players:
                    player.hear(claim)
                if on_claim is not None:
                    on_claim(claim)
    return played
