"""The Clecanian deck model: cards, point values, characters, their sex and mates, couple bonuses.

The default deck ships as ``decks/default.json``; a user deck is a JSON file of the same shape::

    {"name": "...",
     "characters": [{"name": "Jade", "sex": "female"}, ...],
     "couples": [{"female": "Jade", "male": "Theo", "bonus": -10}, ...],
     "cards": [{"code": "KH", "points": 10, "character": "Jade"}, ...,
               {"code": "RJ", "joker": true}]}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError

SEXES = ("female", "male")


@dataclass(frozen=True)
class Card:
    """One card: its code, point value, and the character it shows (if any)."""

    index: int
    code: str
    points: int
    character: str | None
    is_woman: bool
    is_joker: bool


@dataclass(frozen=True, eq=False)
class Deck:
    """A validated deck, with the lookup tables the engine reads in its hot path."""

    name: str
    cards: tuple[Card, ...]
    sexes: Mapping[str, str]
    bonuses: Mapping[frozenset[str], int]
    source: dict[str, Any] = field(repr=False)
    #: index -> shared chance outcome "this card is taken from the stock".
    chance: tuple[Action, ...] = field(init=False, repr=False)
    #: index -> the card's code; code -> index.
    codes: tuple[str, ...] = field(init=False, repr=False)
    by_code: Mapping[str, int] = field(init=False, repr=False)
    is_joker: tuple[bool, ...] = field(init=False, repr=False)
    is_woman: tuple[bool, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "chance", tuple(Action("chance", c.code) for c in self.cards))
        set_(self, "codes", tuple(c.code for c in self.cards))
        set_(self, "by_code", {c.code: c.index for c in self.cards})
        set_(self, "is_joker", tuple(c.is_joker for c in self.cards))
        set_(self, "is_woman", tuple(c.is_woman for c in self.cards))

    def card(self, code: str) -> Card:
        """The card with this code (KeyError if the deck has none)."""
        return self.cards[self.by_code[code]]

    def sex(self, card: Card) -> str | None:
        """``female`` or ``male`` for a character card, None for a card with no character."""
        return None if card.character is None else self.sexes[card.character]

    def mates(self, a: Card, b: Card) -> bool:
        """True if the two cards show a couple: a woman and her mate."""
        if a.character is None or b.character is None:
            return False
        return frozenset((a.character, b.character)) in self.bonuses

    def __len__(self) -> int:
        return len(self.cards)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its data; the default deck comes back as the default deck itself."""
        if self is default_deck():
            return default_deck, ()
        return deck_from_data, (self.source, self.name)


def _fail(where: str, message: str) -> OptionError:
    return OptionError(f"deck {where}: {message}")


def deck_from_data(data: Any, where: str = "") -> Deck:
    """Check deck data (the parsed JSON) and build the deck; OptionError names what is wrong."""
    if not isinstance(data, dict):
        raise _fail(where, "must be a JSON object with characters, couples and cards")
    sexes: dict[str, str] = {}
    for entry in data.get("characters", []):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise _fail(where, f"a character needs a name: {entry!r}")
        if entry.get("sex") not in SEXES:
            raise _fail(where, f"character {entry['name']!r} needs sex female or male")
        if entry["name"] in sexes:
            raise _fail(where, f"character {entry['name']!r} is listed twice")
        sexes[entry["name"]] = entry["sex"]
    bonuses: dict[frozenset[str], int] = {}
    coupled: set[str] = set()
    for entry in data.get("couples", []):
        if not isinstance(entry, dict):
            raise _fail(where, f"a couple must be an object: {entry!r}")
        female, male, bonus = entry.get("female"), entry.get("male"), entry.get("bonus")
        if not isinstance(female, str) or not isinstance(male, str):
            raise _fail(where, f"a couple names a female and a male character: {entry!r}")
        if sexes.get(female) != "female" or sexes.get(male) != "male":
            raise _fail(
                where, f"couple {female!r} + {male!r} must pair a female and a male character"
            )
        if female in coupled or male in coupled:
            raise _fail(where, f"couple {female!r} + {male!r}: each character has one mate at most")
        if not isinstance(bonus, int) or isinstance(bonus, bool):
            raise _fail(where, f"couple {female!r} + {male!r} needs a whole-number bonus")
        coupled.update((female, male))
        bonuses[frozenset((female, male))] = bonus
    cards: list[Card] = []
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        raise _fail(where, "needs a list of cards")
    for entry in raw_cards:
        if not isinstance(entry, dict) or not isinstance(entry.get("code"), str):
            raise _fail(where, f"a card needs a code: {entry!r}")
        code = entry["code"]
        if any(c.code == code for c in cards):
            raise _fail(where, f"card {code!r} is listed twice")
        joker = entry.get("joker", False)
        if not isinstance(joker, bool):
            raise _fail(where, f"card {code!r}: joker must be true or false, not {joker!r}")
        points = entry.get("points")
        character = entry.get("character")
        if not joker and (not isinstance(points, int) or isinstance(points, bool)):
            raise _fail(where, f'card {code!r} needs whole-number points (or "joker": true)')
        if character is not None and character not in sexes:
            raise _fail(where, f"card {code!r} shows unknown character {character!r}")
        if joker and character is not None:
            raise _fail(where, f"joker {code!r} cannot show a character")
        cards.append(
            Card(
                index=len(cards),
                code=code,
                points=0 if joker or points is None else points,
                character=character,
                is_woman=character is not None and sexes[character] == "female",
                is_joker=joker,
            )
        )
    name = data.get("name", where or "custom")
    return Deck(name=str(name), cards=tuple(cards), sexes=sexes, bonuses=bonuses, source=dict(data))


@cache
def default_deck() -> Deck:
    """The deck shipped with matchmaker (``decks/default.json``)."""
    text = resources.files("matchmaker.games.clecanian").joinpath("decks/default.json").read_text()
    return deck_from_data(json.loads(text), "default")


def load_deck(spec: Any) -> Deck:
    """The deck named by an option value: ``"default"``, a path to a deck file, or the deck
    data itself (as records embed it)."""
    if spec is None or spec == "default":
        return default_deck()
    if isinstance(spec, dict):
        return deck_from_data(spec, "(inline)")
    if isinstance(spec, str):
        path = Path(spec)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise OptionError(f"deck file {spec!r} cannot be read: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise OptionError(f"deck file {spec!r} is not valid JSON: {exc.msg}") from None
        return deck_from_data(data, repr(spec))
    raise OptionError(f'option deck must be "default", a deck file path or deck data, not {spec!r}')
