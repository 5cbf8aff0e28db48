"""Players that see only a view: the Bot protocol, the bots, and the game runner."""

from matchmaker.bots.base import Bot
from matchmaker.bots.random_bot import RandomBot
from matchmaker.bots.registry import LEVELS, bot_class, bot_names, make_bot
from matchmaker.bots.runner import BotError, PlayedGame, play_game
from matchmaker.bots.talk import Claim

__all__ = [
    "LEVELS",
    "Bot",
    "BotError",
    "Claim",
    "PlayedGame",
    "RandomBot",
    "bot_class",
    "bot_names",
    "make_bot",
    "play_game",
]
