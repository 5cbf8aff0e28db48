"""matchmaker: Purrfect Match and Clecanian Golf — rules engines, records, bots and tables.

>>> import matchmaker
>>> game = matchmaker.load_game("clecanian", players=3, epilogue=True)
>>> state = game.new_state()
>>> state.to_act == matchmaker.CHANCE
True
"""

from matchmaker.core import (
    CHANCE,
    GAMES,
    Action,
    EventError,
    Game,
    GameNotOverError,
    IllegalActionError,
    MatchmakerError,
    NoSuchSeatError,
    OptionError,
    RecordError,
    Result,
    SamplingError,
    State,
    load_game,
)
from matchmaker.core.records import parse_record, replay, replay_text

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
    "parse_record",
    "replay",
    "replay_text",
]
