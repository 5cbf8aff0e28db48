"""The options of Clecanian Golf, validated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from matchmaker.core.errors import OptionError
from matchmaker.games.clecanian.deck import Deck, default_deck, load_deck

MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULT_PLAYERS = 2
DEFAULT_ROUNDS = 3
DEFAULT_MAX_TURNS = 400
#: Cards needed beyond the grids and the jokers: the discard pile's top card, a drawn card
#: and one to take from the stock, so that a card can always be had.
SPARE_CARDS = 3


def columns_for(players: int) -> int:
    """Grid columns: 2-3 players play 2 rows of 5, 4 players 2 rows of 4."""
    return 4 if players == 4 else 5


@dataclass(frozen=True)
class ClecanianOptions:
    """Validated options of Clecanian Golf."""

    players: int = DEFAULT_PLAYERS
    rounds: int = DEFAULT_ROUNDS
    epilogue: bool = False
    discard_draw_must_swap: bool = False
    max_turns: int = DEFAULT_MAX_TURNS
    deck: Deck = field(default_factory=default_deck)

    @property
    def columns(self) -> int:
        """Columns of each grid."""
        return columns_for(self.players)

    def to_dict(self) -> dict[str, Any]:
        """Options as a record stores them: ``players``, ``rounds`` and what is not the
        default. A user deck is embedded whole so the record replays on its own."""
        out: dict[str, Any] = {"players": self.players, "rounds": self.rounds}
        if self.epilogue:
            out["epilogue"] = True
        if self.discard_draw_must_swap:
            out["discard_draw_must_swap"] = True
        if self.max_turns != DEFAULT_MAX_TURNS:
            out["max_turns"] = self.max_turns
        if self.deck is not default_deck():
            out["deck"] = self.deck.source
        return out


KNOWN = ("players", "rounds", "epilogue", "discard_draw_must_swap", "max_turns", "deck")


def _whole(raw: Mapping[str, Any], key: str, default: int, low: int, high: int | None) -> int:
    value = raw.get(key, default)
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise OptionError(f"option {key} must be a whole number {span}, not {value!r}")
    return value


def _flag(raw: Mapping[str, Any], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise OptionError(f"option {key} must be true or false, not {value!r}")
    return value


def parse_options(raw: Mapping[str, Any]) -> ClecanianOptions:
    """Check raw options (from a record, the command line or code) and build the options."""
    for key in raw:
        if key not in KNOWN:
            raise OptionError(f"unknown option {key!r} for clecanian (known: {', '.join(KNOWN)})")
    players = _whole(raw, "players", DEFAULT_PLAYERS, MIN_PLAYERS, MAX_PLAYERS)
    deck = load_deck(raw.get("deck"))
    needed = players * 2 * columns_for(players) + sum(deck.is_joker) + SPARE_CARDS
    if len(deck) < needed:
        raise OptionError(
            f"option deck: {len(deck)} cards is too few for {players} players (at least {needed})"
        )
    return ClecanianOptions(
        players=players,
        rounds=_whole(raw, "rounds", DEFAULT_ROUNDS, 1, None),
        epilogue=_flag(raw, "epilogue"),
        discard_draw_must_swap=_flag(raw, "discard_draw_must_swap"),
        max_turns=_whole(raw, "max_turns", DEFAULT_MAX_TURNS, 1, None),
        deck=deck,
    )
