"""Clecanian Golf: mated couples score best, and jokers abduct the human women."""

from matchmaker.games.clecanian.deck import Card, Deck, default_deck, load_deck
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.options import ClecanianOptions
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView

__all__ = [
    "Card",
    "ClecanianGame",
    "ClecanianOptions",
    "ClecanianState",
    "ClecanianView",
    "Deck",
    "default_deck",
    "load_deck",
]
