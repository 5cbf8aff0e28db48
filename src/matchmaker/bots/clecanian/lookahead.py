"""Expectimax over the unseen cards, one own draw deep, with the greedy valuation at the leaves.

- **Draw**: the discard top is worth its best use; a card from the stock is worth the average,
  over every unseen card, of that card's best use (a joker: the turn is lost and the worst
  abduction happens).
- **Use**: each way to use the drawn card is worth the average, over the card the seat may draw
  on its next turn, of the grid's value after the best use of that card (one turn fewer left),
  plus the cost of what the discard gives the next seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.bots.clecanian.evaluate import UNKNOWN, GridParts, hit_chance
from matchmaker.bots.clecanian.plan import AVOID, Planner
from matchmaker.core.actions import Action
from matchmaker.games.clecanian.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, SWAP_ACTIONS


def joker_outcome(parts: GridParts) -> float:
    """The value of a grid after drawing a joker: no card placed, the worst abduction done."""
    return parts.value + max(parts.losses, default=0.0)


def stock_value(planner: Planner) -> float:
    """The expected value of the own grid after drawing from the stock and using the card
    as well as the greedy valuation says."""
    know = planner.know
    uses = (*SWAP_ACTIONS[: 2 * planner.cols], DISCARD)
    total = sum(min(v for v, _ in planner.use_values(c, uses)) for c in know.plain)
    total += know.jokers * joker_outcome(planner.parts)
    count = len(know.plain) + know.jokers
    return total / count if count else planner.grid_value()


def choose_draw(planner: Planner, legal: Sequence[Action], must_swap: bool) -> Action:
    """Take the discard top if its best use beats the expected stock draw."""
    top = planner.discard_top()
    if DRAW_DISCARD not in legal or top is None:
        return DRAW_STOCK
    swaps = SWAP_ACTIONS[: 2 * planner.cols]
    uses = swaps if must_swap else (*swaps, DISCARD)
    take = min(v for v, _ in planner.use_values(top, uses))
    return DRAW_DISCARD if take < stock_value(planner) else DRAW_STOCK


def after_next_draw(planner: Planner, grid: list[int]) -> float:
    """The expected value of ``grid`` once the seat has drawn one more card from the stock and
    used it at best (kept or discarded), with one turn fewer left."""
    know = planner.know
    turns = max(0.0, planner.turns_left - 1)
    down = grid.count(UNKNOWN)
    valuer = know.valuer(planner.cols, turns, hit_chance(know, turns + down), planner.weights)
    parts = valuer.parts(grid)
    keep = parts.value
    positions = range(len(grid))
    total = 0.0
    for card in know.plain:
        best = keep
        for pos in positions:
            value = parts.swap(pos, card)
            if value < best:
                best = value
        total += best
    total += know.jokers * joker_outcome(parts)
    count = len(know.plain) + know.jokers
    return total / count if count else keep


def choose_use(planner: Planner, legal: Sequence[Action], candidates: int) -> Action:
    """The use of the drawn card whose grid is best after the next draw, among the
    ``candidates`` best by the greedy valuation."""
    drawn = planner.view.drawn
    assert drawn is not None
    card = planner.game.options.deck.by_code[drawn]
    ranked = sorted(
        enumerate(planner.use_values(card, legal)), key=lambda item: (item[1][0], item[0])
    )
    grid = planner.grids[planner.me]
    best_value, best_action = AVOID, ranked[0][1][1]
    for _, (value, action) in ranked[:candidates]:
        if value >= AVOID:
            continue
        new = grid[:]
        if action.name == "swap":
            pos = int(action.arg or 0)
            removed = new[pos]
            new[pos] = card
        else:
            removed = card
        value = after_next_draw(planner, new) + planner.denial(removed)
        if value < best_value:
            best_value, best_action = value, action
    return best_action
