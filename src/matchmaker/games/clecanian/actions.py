"""The actions of Clecanian Golf, as shared values, and reading one by its record name."""

from __future__ import annotations

from matchmaker.core.actions import Action
from matchmaker.core.errors import EventError

DRAW_STOCK = Action("draw_stock")
DRAW_DISCARD = Action("draw_discard")
DISCARD = Action("discard")
#: The most grid positions a game can have (2 rows of 5).
MAX_POSITIONS = 10
REVEAL_ACTIONS = tuple(Action("reveal", p, "pos") for p in range(MAX_POSITIONS))
SWAP_ACTIONS = tuple(Action("swap", p, "pos") for p in range(MAX_POSITIONS))
ABDUCT_ACTIONS = tuple(Action("abduct", p, "pos") for p in range(MAX_POSITIONS))
POSITIONAL = {"reveal": REVEAL_ACTIONS, "swap": SWAP_ACTIONS, "abduct": ABDUCT_ACTIONS}
PLAIN = {"draw_stock": DRAW_STOCK, "draw_discard": DRAW_DISCARD, "discard": DISCARD}
BOTH_DRAWS = (DRAW_STOCK, DRAW_DISCARD)
STOCK_ONLY = (DRAW_STOCK,)
#: A card taken from the stock, as seen by a seat that may not know it.
HIDDEN_CARD = Action("chance", None)


def seat_action(name: str, pos: int | None) -> Action:
    """The action named ``name`` (with ``pos`` for reveal, swap and abduct).

    >>> seat_action("swap", 3)
    Action(name='swap', arg=3, field='pos')
    """
    if name in PLAIN:
        return PLAIN[name]
    if name not in POSITIONAL:
        raise EventError(f"unknown action {name!r}")
    if pos is None or not 0 <= pos < MAX_POSITIONS:
        raise EventError(f"{name} needs a grid position, not {pos!r}")
    return POSITIONAL[name][pos]
