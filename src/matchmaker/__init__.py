"""matchmaker: Purrfect Match and Clecanian Golf — rules engines, records, bots and tables.

>>> import matchmaker
>>> game = matchmaker.load_game("clecanian", players=3, epilogue=True)
>>> state = game.new_state()
>>> state.to_act == matchmaker.CHANCE
True
"""

from matchmaker.compiled import install_pure_finder

install_pure_finder()

from matchmaker.core import (  # noqa: E402
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
from matchmaker.core.records import parse_record, replay, replay_text  # noqa: E402

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
