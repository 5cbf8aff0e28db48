"""Playing one game among seated players (bots, or people behind the same protocol).

The runner is the only code that holds the state: it supplies chance from a seeded generator,
gives each acting seat its view and legal actions, tells every seat each event as that seat
may see it, and collects table talk.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from matchmaker.bots.base import Bot
from matchmaker.bots.talk import Claim, claim_text, speakers
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game, State


class BotError(MatchmakerError):
    """A player returned something that is not one of its legal actions."""


#: Called after every event with the state, the actor and the action (for narration, logs).
EventHook = Callable[[State, int, Action], None]


@dataclass
class PlayedGame:
    """A finished (or stopped) game: its state, the table talk, who sat where."""

    state: State
    seats: list[str]
    seed: int
    talk: list[Claim] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The game record, with the result and ``meta`` (seats, seed, table talk)."""
        record = self.state.record()
        if self.state.is_over:
            record["result"] = self.state.status()
        record["meta"] = {
            "seats": list(self.seats),
            "seed": self.seed,
            "talk": [claim.to_json() for claim in self.talk],
        }
        return record


def seat_seed(seed: int, seat: int) -> str:
    """The seed of the player at ``seat`` in the game played with ``seed``."""
    return f"{seed}/seat{seat}"


def chance_rng(seed: int) -> random.Random:
    """The generator that supplies the chance outcomes of the game played with ``seed``."""
    return random.Random(f"{seed}/chance")


def play_game(
    game: Game,
    players: Sequence[Bot],
    seed: int,
    *,
    on_event: EventHook | None = None,
    state: State | None = None,
    max_events: int | None = None,
) -> PlayedGame:
    """Play ``game`` to the end (or for ``max_events`` events) with one player per seat."""
    if len(players) != game.players:
        raise MatchmakerError(f"{game.title} here has {game.players} seats, not {len(players)}")
    if state is None:
        state = game.new_state()
    rng = chance_rng(seed)
    played = PlayedGame(state=state, seats=[p.name for p in players], seed=seed)
    talk_phase = type(game).talk_phase
    events = 0
    while not state.is_over and (max_events is None or events < max_events):
        actor = state.to_act
        before_phase = state.phase
        if actor == CHANCE:
            choices = state.chance_choices()
            action = choices[int(rng.random() * len(choices))]
        else:
            legal = state.legal_actions()
            action = players[actor].choose(state.view(actor), legal)
            if action not in legal:
                raise BotError(
                    f"the {players[actor].name} player at seat {actor} chose {action}, "
                    "which is not a legal action"
                )
        seen = [state.redact(action, seat) for seat in range(game.players)]
        state.apply(action)
        events += 1
        for seat, player in enumerate(players):
            player.observe(actor, seen[seat])
        if on_event is not None:
            on_event(state, actor, action)
        if talk_phase and state.phase == talk_phase and before_phase != talk_phase:
            _table_talk(state, players, played.talk)
    return played


def _table_talk(state: State, players: Sequence[Bot], talk: list[Claim]) -> None:
    """The seats' claims in the talk round (see :func:`matchmaker.bots.talk.speakers`)."""
    for seat, view in speakers(state):
        said = players[seat].speak(view)
        if said is None:
            continue
        claim = Claim(
            speaker=seat,
            value=said.value,
            text=said.text or claim_text(said.value),
            round=getattr(view, "round", 0),
            at=state.decision_count(),
        )
        talk.append(claim)
        for player in players:
            player.hear(claim)
