"""Game-agnostic core: the Game/State contract, actions, chance, results, records, errors."""

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import (
    EventError,
    GameNotOverError,
    IllegalActionError,
    MatchmakerError,
    NoSuchSeatError,
    OptionError,
    RecordError,
    SamplingError,
)
from matchmaker.core.game import Game, State
from matchmaker.core.registry import GAMES, load_game
from matchmaker.core.result import Result

__all__ = [
    "CHANCE",
    "GAMES",
    "Action",
    "EventError",
    "Game",
    "GameNotOverError",
    "IllegalActionError",
    "MatchmakerError",
    "NoSuchSeatError",
    "OptionError",
    "RecordError",
    "Result",
    "SamplingError",
    "State",
    "load_game",
]
