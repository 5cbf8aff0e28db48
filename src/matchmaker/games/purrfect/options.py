"""The options of Purrfect Match, validated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from matchmaker.core.errors import OptionError
from matchmaker.games.purrfect.deck import MAX_VALUE, MIN_VALUE, NAMED_DECKS

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEFAULT_PLAYERS = 4
MIN_CARDS_PER_PLAYER = 2


@dataclass(frozen=True)
class PurrfectOptions:
    """Validated options. ``first_proposer`` is None for ``"random"``.

    ``deck_name`` is the named deck (``default``, ``faq38``) or None for a custom list.
    """

    players: int = DEFAULT_PLAYERS
    deck: tuple[int, ...] = NAMED_DECKS["default"]
    deck_name: str | None = "default"
    first_proposer: int | None = 0

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat: floor(deck size / players)."""
        return len(self.deck) // self.players

    def to_dict(self) -> dict[str, Any]:
        """Options as a record stores them: ``players`` and whatever is not the default."""
        out: dict[str, Any] = {"players": self.players}
        if self.deck_name != "default":
            out["deck"] = self.deck_name if self.deck_name is not None else list(self.deck)
        if self.first_proposer is None:
            out["first_proposer"] = "random"
        elif self.first_proposer != 0:
            out["first_proposer"] = self.first_proposer
        return out


KNOWN = ("players", "deck", "first_proposer")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_options(raw: Mapping[str, Any]) -> PurrfectOptions:
    """Check raw options (from a record, the command line or code) and build the options."""
    for key in raw:
        if key not in KNOWN:
            raise OptionError(f"unknown option {key!r} for purrfect (known: {', '.join(KNOWN)})")
    players = raw.get("players", DEFAULT_PLAYERS)
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError(
            f"option players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, "
            f"not {players!r}"
        )
    deck_raw = raw.get("deck", "default")
    deck_name: str | None
    if isinstance(deck_raw, str):
        if deck_raw not in NAMED_DECKS:
            raise OptionError(
                f"option deck must be one of {', '.join(NAMED_DECKS)} or a list of values, "
                f"not {deck_raw!r}"
            )
        deck, deck_name = NAMED_DECKS[deck_raw], deck_raw
    elif isinstance(deck_raw, list | tuple):
        bad = [v for v in deck_raw if not _is_int(v) or not MIN_VALUE <= v <= MAX_VALUE]
        if bad:
            raise OptionError(
                f"option deck: every value must be from {MIN_VALUE} to {MAX_VALUE}, not {bad[0]!r}"
            )
        deck, deck_name = tuple(sorted(deck_raw)), None
        if len(deck) < MIN_CARDS_PER_PLAYER * players:
            raise OptionError(
                f"option deck: {len(deck)} cards is too few for {players} players "
                f"(at least {MIN_CARDS_PER_PLAYER} per player)"
            )
    else:
        raise OptionError(f"option deck must be a deck name or a list of values, not {deck_raw!r}")
    first_raw = raw.get("first_proposer", 0)
    first: int | None
    if first_raw == "random":
        first = None
    elif _is_int(first_raw) and 0 <= first_raw < players:
        first = first_raw
    else:
        raise OptionError(
            f'option first_proposer must be a seat from 0 to {players - 1} or "random", '
            f"not {first_raw!r}"
        )
    return PurrfectOptions(players=players, deck=deck, deck_name=deck_name, first_proposer=first)
