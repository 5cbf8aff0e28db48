"""The phases of Clecanian Golf."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game waits for. Each member is its name as records, views and the web
    protocol spell it."""

    #: Chance deals the grids face down, then the first card of the discard pile.
    DEAL = "deal"
    #: A seat makes one of its two initial reveals.
    REVEAL = "reveal"
    #: The seat whose turn it is draws from the stock or the discard pile.
    DRAW = "draw"
    #: Chance: the card taken by ``draw_stock``.
    DRAW_CARD = "draw_card"
    #: The seat holding a drawn card swaps it into its grid or discards it.
    USE = "use"
    #: The joker's victim's left neighbour chooses a face-up woman to abduct.
    ABDUCT = "abduct"
    #: Chance: a card from the stock placed face up after a joker.
    REFILL_CARD = "refill_card"
    #: The game has ended.
    OVER = "over"


# The members as plain module names: reading a module global is several times quicker than
# reading an enum member off its class (Python 3.11), and the rules read them at every step.
DEAL = Phase.DEAL
REVEAL = Phase.REVEAL
DRAW = Phase.DRAW
DRAW_CARD = Phase.DRAW_CARD
USE = Phase.USE
ABDUCT = Phase.ABDUCT
REFILL_CARD = Phase.REFILL_CARD
OVER = Phase.OVER

#: The phases in which a card is taken from the stock (chance acts).
CHANCE_PHASES = (Phase.DEAL, Phase.DRAW_CARD, Phase.REFILL_CARD)
