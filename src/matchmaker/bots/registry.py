"""Finding bots by name, by level, or as a plug-in class ``package.module:ClassName``.

A bot may be asked for with settings, ``name@key=value@key=value`` (``hard@seconds=0.3``,
``openspiel-ismcts@simulations=400``; ``@`` rather than a comma, which separates the seats of
``--bots``): numbers passed to the bot's keyword-only constructor
arguments (``make_bot``; ``check_bot`` names what is wrong). ``bot_class`` takes a plain name.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from matchmaker.bots.base import Bot
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game

#: Bot name -> game id -> "module:Class" ("*" for any game).
BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "matchmaker.bots.random_bot:RandomBot"},
    "greedy": {
        "clecanian": "matchmaker.bots.clecanian.greedy:ClecanianGreedy",
        "purrfect": "matchmaker.bots.purrfect.greedy:PurrfectGreedy",
    },
    "strong": {
        "clecanian": "matchmaker.bots.clecanian.strong:ClecanianStrong",
        "purrfect": "matchmaker.bots.purrfect.strong:PurrfectStrong",
    },
    # The first heuristic and search bots, kept as yardsticks for measuring their successors.
    "greedy-v1": {
        "clecanian": "matchmaker.bots.clecanian.greedy:ClecanianGreedyV1",
        "purrfect": "matchmaker.bots.purrfect.greedy:PurrfectGreedyV1",
    },
    "strong-v1": {
        "clecanian": "matchmaker.bots.clecanian.strong:ClecanianStrongV1",
        "purrfect": "matchmaker.bots.purrfect.strong:PurrfectStrongV1",
    },
    # OpenSpiel's ISMCTS (needs the ``rl`` extra); imported only when asked for.
    "openspiel-ismcts": {"*": "matchmaker.interop.openspiel_bot:OpenSpielISMCTS"},
}

#: Bots that need an optional part of matchmaker, and the extra that installs it.
EXTRAS: dict[str, str] = {"openspiel-ismcts": "rl"}

#: Difficulty levels offered to players, and the bot each stands for.
LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "strong"}
#: Bots that are measuring sticks rather than opponents: not offered to people in the lobby.
YARDSTICKS: tuple[str, ...] = ("greedy-v1", "strong-v1")


def _load(target: str) -> type[Bot[Any]]:
    module_name, _, class_name = target.partition(":")
    if not module_name or not class_name:
        raise OptionError(f"bot {target!r} must be a name or package.module:ClassName")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise OptionError(f"bot {target!r}: cannot import {module_name}: {exc}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not issubclass(cls, Bot):
        raise OptionError(f"bot {target!r} is not a matchmaker.bots.Bot class")
    return cls


def bot_names(game_name: str, *, yardsticks: bool = True) -> list[str]:
    """The levels, easiest first, then the bot names that can play ``game_name`` (without the
    ``YARDSTICKS`` unless asked for): the order people are offered them in."""
    names = [n for n, by_game in BOTS.items() if game_name in by_game or "*" in by_game]
    if not yardsticks:
        names = [n for n in names if n not in YARDSTICKS]
    return [level for level, name in LEVELS.items() if name in names] + names


def bot_class(name: str, game_name: str) -> type[Bot[Any]]:
    """The bot class for a name, a level or ``package.module:ClassName`` in ``game_name``."""
    if ":" in name:
        cls = _load(name)
    else:
        real = LEVELS.get(name, name)
        by_game = BOTS.get(real)
        if by_game is None:
            known = ", ".join(sorted({*BOTS, *LEVELS}))
            raise OptionError(f"unknown bot {name!r} (known: {known}, or package.module:Class)")
        target = by_game.get(game_name, by_game.get("*"))
        if target is None:
            raise OptionError(f"bot {name!r} does not play {game_name}")
        extra = EXTRAS.get(real)
        try:
            cls = _load(target)
        except OptionError:
            if extra is None:
                raise
            raise OptionError(
                f"bot {name!r} needs the {extra!r} extra: pip install 'matchmaker[{extra}]' "
                f"(in a checkout: .venv/bin/pip install -e '.[{extra}]')"
            ) from None
    if cls.games and game_name not in cls.games:
        raise OptionError(f"bot {name!r} does not play {game_name}")
    return cls


def split_spec(spec: str) -> tuple[str, dict[str, int | float]]:
    """A bot name with settings, split: ``"hard@seconds=0.3"`` -> ``("hard", {"seconds": 0.3})``.

    >>> split_spec("strong@worlds=16@seconds=0.25")
    ('strong', {'worlds': 16, 'seconds': 0.25})
    """
    name, at, rest = spec.partition("@")
    settings: dict[str, int | float] = {}
    if not at:
        return name, settings
    for item in rest.split("@"):
        key, eq, text = item.partition("=")
        if not eq or not key.isidentifier():
            raise OptionError(f"bot {spec!r}: settings are key=value pairs, each after an @")
        settings[key] = _number(spec, key, text)
    return name, settings


def _number(spec: str, key: str, text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise OptionError(f"bot {spec!r}: setting {key} must be a number, not {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise OptionError(f"bot {spec!r}: setting {key} must be a finite number")
    return value


def bot_settings(cls: type[Bot[Any]]) -> list[str]:
    """The settings a bot class takes: its keyword-only constructor arguments that are
    numbers."""
    return list(_numeric_settings(cls))


def _numeric_settings(cls: type[Bot[Any]]) -> dict[str, bool]:
    """Each numeric keyword-only constructor argument, and whether it takes a fraction (is
    annotated ``float``) rather than a whole number only."""
    found: dict[str, bool] = {}
    for p in inspect.signature(cls.__init__).parameters.values():
        kinds = {part.strip() for part in str(p.annotation).split("|")}
        if p.kind is inspect.Parameter.KEYWORD_ONLY and kinds & {"int", "float"}:
            found[p.name] = "float" in kinds
    return found


def check_bot(spec: str, game_name: str) -> tuple[type[Bot[Any]], dict[str, int | float]]:
    """The class and settings of a bot asked for as ``name[@key=value...]`` in
    ``game_name`` (OptionError naming what is wrong)."""
    name, settings = split_spec(spec)
    cls = bot_class(name, game_name)
    allowed = _numeric_settings(cls)
    for key, value in settings.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise OptionError(f"bot {name!r} has no setting {key!r} (its settings: {known})")
        if value < 0:
            raise OptionError(f"bot {spec!r}: setting {key} must not be negative")
        if isinstance(value, float) and not allowed[key]:
            raise OptionError(f"bot {spec!r}: setting {key} must be a whole number")
    return cls, settings


def make_bot(spec: str, game: Game[Any], seat: int, seed: int | str) -> Bot[Any]:
    """A bot of the given name (or level, or plug-in class, with any settings) for one
    seat."""
    cls, settings = check_bot(spec, game.name)
    return cls(game, seat, seed, **settings)
