"""The game registry: find a game by its id and build it with validated options."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game

#: Game id -> "module:Class" of its Game. Games register here by name so that the core
#: never imports a game module until one is asked for.
GAMES: dict[str, str] = {
    "purrfect": "matchmaker.games.purrfect.game:PurrfectGame",
    "clecanian": "matchmaker.games.clecanian.game:ClecanianGame",
}


def game_class(name: str) -> Any:
    """The Game class registered under ``name`` (OptionError for an unknown game)."""
    try:
        target = GAMES[name]
    except KeyError:
        raise OptionError(f"unknown game {name!r} (known: {', '.join(GAMES)})") from None
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)


def load_game(name: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Game[Any]:
    """Build a game with checked options, e.g. ``load_game("clecanian", players=3,
    epilogue=True)``. Options may be given as a mapping, as keywords, or both."""
    raw = dict(options or {})
    raw.update(kwargs)
    game: Game[Any] = game_class(name).from_options(raw)
    return game
