"""The codec of each game: how one game with fixed options is encoded for the research tools
(``Codec``), and the registry that finds it by game id (``CODECS``, ``codec_for``).

A game's codec maps its actions to fixed integer ids, encodes one seat's view as a string and
a tensor, and describes each event as a seat may see it (an ``Entry``: a short text and a row
of five integers). Everything a seat is shown comes from its view and from the events as the
seat may see them: the hidden cards never enter an encoding.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

import numpy as np

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game, State
from matchmaker.core.registry import load_game
from matchmaker.interop.layout import Entry, Layout


class Codec(ABC):
    """How one game with fixed options is encoded for the research tools.

    Player actions have fixed ids ``0 .. num_actions - 1`` whatever the position; chance
    outcomes have ids ``0 .. max_chance_outcomes - 1``. ``max_game_length`` bounds the number
    of seat decisions in a game and ``history_capacity`` the number of history entries a seat
    collects (see each game's codec for how).
    """

    #: The game id in matchmaker (``purrfect``, ``clecanian``).
    game_name: ClassVar[str]
    num_actions: int
    max_chance_outcomes: int
    max_game_length: int
    history_capacity: int
    #: The bounds of the rewards (``differences_from_others``).
    min_utility: float
    max_utility: float
    observation_layout: Layout

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        self._entries: dict[Hashable, Entry] = {}
        self._texts: dict[tuple[int, Action], str] = {}

    # ---------------------------------------------------------------------------- actions
    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The id of a seat's action, or of a chance outcome."""

    @abstractmethod
    def seat_action(self, action_id: int) -> Action:
        """The seat's action with this id; MatchmakerError if there is none."""

    @abstractmethod
    def chance_action(self, action_id: int) -> Action:
        """The chance outcome with this id; MatchmakerError if there is none."""

    def decode(self, state: State[Any], action_id: int) -> Action:
        """The action (or chance outcome, at a chance node) with this id in ``state``."""
        if state.to_act == CHANCE:
            return self.chance_action(action_id)
        return self.seat_action(action_id)

    def legal_ids(self, state: State[Any]) -> list[int]:
        """The ids of the acting seat's legal actions, ascending (empty at chance and at the
        end)."""
        if state.is_over or state.to_act == CHANCE:
            return []
        return sorted(self.action_id(a) for a in state.legal_actions())

    def chance_outcomes(self, state: State[Any]) -> list[tuple[int, float]]:
        """The chance outcomes by id, ascending, with their probabilities."""
        return sorted((self.action_id(a), p) for a, p in state.chance_outcomes())

    def action_text(self, actor: int, action: Action) -> str:
        """A short description of an event (with what is hidden shown as such)."""
        key = (actor, action)
        text = self._texts.get(key)
        if text is None:
            who_text = "chance" if actor == CHANCE else f"seat {actor}"
            text = self._texts[key] = f"{who_text}: {action}"
        return text

    # ---------------------------------------------------------------------------- history
    def entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """The history entry of an event, ``seen`` being the action as the viewer may see it
        and ``phase`` the phase it was taken in."""
        key = (actor, seen, phase)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = self.make_entry(actor, seen, phase)
        return entry

    def cached(self, key: Hashable, build: Callable[[], Entry]) -> Entry:
        """The entry cached under ``key``, built once by ``build``."""
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = build()
        return entry

    @abstractmethod
    def make_entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """Build the history entry of an event (``entry`` caches it)."""

    def initial_snapshot(self, state: State[Any]) -> Any:
        """What ``reveals`` compares against: the public cards in sight (None: nothing)."""
        return None

    def reveals(
        self, state: State[Any], snapshot: Any
    ) -> tuple[tuple[Entry, ...], dict[int, tuple[Entry, ...]], Any]:
        """After an event: the cards it turned up for everybody, those it showed one seat
        only (by seat), and the new snapshot."""
        return (), {}, snapshot

    # --------------------------------------------------------------------------- sampling
    @abstractmethod
    def can_sample(self, view: Any) -> bool:
        """Whether ``sample`` works from this view (not before the deal is complete)."""

    @abstractmethod
    def sample(self, view: Any, rng: random.Random) -> State[Any]:
        """A full state consistent with one seat's view, the hidden cards drawn from ``rng``."""

    # ------------------------------------------------------------------------ observations
    @abstractmethod
    def encode_observation(self, view: Any, pieces: Mapping[str, np.ndarray]) -> None:
        """Write the observation of ``view`` into the (zeroed) pieces of a tensor."""

    @abstractmethod
    def observation_text(self, view: Any) -> str:
        """The observation of ``view`` as text."""

    # ----------------------------------------------------------------------------- results
    @abstractmethod
    def returns(self, state: State[Any]) -> list[float]:
        """Each seat's reward: zero until the end, then ``differences_from_others``."""

    def options(self) -> dict[str, Any]:
        """The game's options as a record stores them."""
        return self.game.options_dict()


#: Game id -> "module:Class" of its codec. Codecs register here by name, so that this module
#: imports no game's codec (each of them imports this one) until one is asked for.
CODECS: dict[str, str] = {
    "purrfect": "matchmaker.interop.purrfect_encoding:PurrfectCodec",
    "clecanian": "matchmaker.interop.clecanian_encoding:ClecanianCodec",
}

_MADE: dict[str, Codec] = {}


def codec_class(name: str) -> type[Codec]:
    """The codec class registered for the game ``name`` (MatchmakerError if there is none)."""
    try:
        target = CODECS[name]
    except KeyError:
        raise MatchmakerError(f"no research encoding for game {name!r}") from None
    module_name, class_name = target.split(":")
    cls: type[Codec] = getattr(importlib.import_module(module_name), class_name)
    return cls


def codec_for(game: Game[Any]) -> Codec:
    """The codec of a game (one per game id and options, shared)."""
    key = json.dumps([game.name, game.options_dict()], sort_keys=True)
    codec = _MADE.get(key)
    if codec is None:
        codec = _MADE[key] = codec_class(game.name)(game)
    return codec


def codec_named(name: str, options: Mapping[str, Any]) -> Codec:
    """The codec of the game ``name`` with these (record) options."""
    key = json.dumps([name, dict(options)], sort_keys=True)
    codec = _MADE.get(key)
    if codec is None:
        codec = _MADE[key] = codec_for(load_game(name, options))
    return codec
