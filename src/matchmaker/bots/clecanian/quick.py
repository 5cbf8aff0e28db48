"""The play-out policy of the hard bot: the heuristic's column values, read off the position.

A play-out decides thousands of times per decision of the bot, so it cannot afford a view and
a ``Planner`` per step. ``QuickPolicy`` plays every seat of a sampled world with one table of
column values (the deciding seat's ``GridValuer`` at the root: the expected score of a column,
less the hope of a couple or pair still to come) and reads the world's position directly, but
only what the acting seat can see: its face-up cards, the discard top, the card it drew.
Face-down cards count as unknown whoever holds them (the world knows them; no seat does).

The rules stay the engine's: a play-out applies every decision through ``ClecanianState.apply``
and takes the legal actions from it. What is simplified is only the judgement (no look at what
a discard gives the next seat, no expectimax), the price of about ten times the decisions per
second (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.bots.clecanian.evaluate import UNKNOWN, GridValuer
from matchmaker.core.actions import Action
from matchmaker.games.clecanian.actions import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    REVEAL_ACTIONS,
    SWAP_ACTIONS,
)
from matchmaker.games.clecanian.phases import ABDUCT, DRAW, REVEAL, USE
from matchmaker.games.clecanian.position import EMPTY, ClecanianPosition


class QuickPolicy:
    """Decides for any seat of a world from one shared table of column values."""

    def __init__(
        self,
        valuer: GridValuer,
        jokers: Sequence[bool],
        final_gain: float,
        leaf_valuer: GridValuer | None = None,
    ) -> None:
        self.valuer = valuer
        #: ``table[top + 1][bottom + 1]``: a column's value (index 0: an unknown card).
        self.table = valuer.table()
        #: The same at the play-outs' leaves, where fewer turns are left to hope for a couple.
        self.leaf_table = leaf_valuer.table() if leaf_valuer is not None else self.table
        self.jokers = jokers
        self.cols = valuer.columns
        #: What an opponent is expected to gain on its final turn once somebody goes out.
        self.final_gain = final_gain
        #: Take the discard top only if it lowers the grid's value by at least this much.
        self.take_gain = 1.0

    def seen_grid(self, p: ClecanianPosition, seat: int) -> list[int]:
        """A seat's grid as every seat sees it: face-down cards and empty places unknown."""
        up = p.up[seat]
        return [
            card if up[pos] and card != EMPTY else UNKNOWN for pos, card in enumerate(p.grid[seat])
        ]

    def column(self, top: int, bottom: int) -> float:
        """A column's value (``UNKNOWN`` for an unknown card)."""
        return self.table[top + 1][bottom + 1]

    def grid_value(self, grid: list[int]) -> float:
        """The value of a grid (lower is better)."""
        cols = self.cols
        table = self.table
        return sum(table[grid[c] + 1][grid[cols + c] + 1] for c in range(cols))

    def leaf_value(self, grid: list[int]) -> float:
        """The value of a grid at a play-out's leaf."""
        cols = self.cols
        table = self.leaf_table
        return sum(table[grid[c] + 1][grid[cols + c] + 1] for c in range(cols))

    def best_swap(
        self, grid: list[int], card: int, up: Sequence[bool] | None = None
    ) -> tuple[float, int]:
        """The most the value drops with ``card`` swapped in, and where (-1: nowhere); with
        ``up``, among the face-up places only."""
        cols = self.cols
        table = self.table
        with_card = table[card + 1]
        best, where = 0.0, -1
        for c in range(cols):
            top, bottom = grid[c] + 1, grid[cols + c] + 1
            now = table[top][bottom]
            if up is None or up[c]:
                gain = now - with_card[bottom]
                if gain > best:
                    best, where = gain, c
            if up is None or up[cols + c]:
                gain = now - table[top][card + 1]
                if gain > best:
                    best, where = gain, cols + c
        return best, where

    def decide(self, p: ClecanianPosition, legal: Sequence[Action]) -> Action:
        """The decision of the seat to act (``p.actor``) among ``legal``."""
        phase = p.phase
        seat = p.actor
        if phase is DRAW:
            return self.draw(p, seat, legal)
        if phase is USE:
            return self.use(p, seat, legal)
        if phase is REVEAL:
            return self.reveal(p, seat, legal)
        if phase is ABDUCT:
            return self.abduct(p, legal)
        return legal[0]

    def draw(self, p: ClecanianPosition, seat: int, legal: Sequence[Action]) -> Action:
        """The discard top if it is worth taking, else the stock."""
        if DRAW_DISCARD not in legal:
            return DRAW_STOCK
        top = p.discard[-1]
        if self.jokers[top]:
            return DRAW_STOCK
        gain, where = self.best_swap(self.seen_grid(p, seat), top)
        if where < 0 or gain < self.take_gain or self.goes_out(p, seat, where):
            return DRAW_STOCK
        return DRAW_DISCARD

    def use(self, p: ClecanianPosition, seat: int, legal: Sequence[Action]) -> Action:
        """Swap where the value drops most, unless that goes out while behind; else discard."""
        grid = self.seen_grid(p, seat)
        card = p.drawn
        where = self.best_swap(grid, card)[1]
        if where >= 0 and self.goes_out(p, seat, where) and not self.wins_going_out(p, seat, where):
            where = self.best_swap(grid, card, p.up[seat])[1]
        if where >= 0 and SWAP_ACTIONS[where] in legal:
            return SWAP_ACTIONS[where]
        if DISCARD in legal:
            return DISCARD
        # The card must be swapped (taken from the discard pile under that rule): the least harm.
        least, spot = float("inf"), 0
        for action in legal:
            pos = action.arg
            assert isinstance(pos, int)
            trial = list(grid)
            trial[pos] = card
            value = self.grid_value(trial)
            if value < least:
                least, spot = value, pos
        return SWAP_ACTIONS[spot]

    def goes_out(self, p: ClecanianPosition, seat: int, where: int) -> bool:
        """Whether swapping into ``where`` turns up the seat's last face-down card."""
        return p.face_down[seat] == 1 and not p.up[seat][where] and p.ender == EMPTY

    def wins_going_out(self, p: ClecanianPosition, seat: int, where: int) -> bool:
        """Whether the seat's exact score after the swap (its grid all face up) is no worse
        than every other seat's expected score after a final turn."""
        grid = list(p.grid[seat])
        grid[where] = p.drawn
        mine = self.grid_value(grid)
        others = [self.grid_value(self.seen_grid(p, s)) - self.final_gain
                  for s in range(p.players) if s != seat]  # fmt: skip
        return mine <= min(others)

    def reveal(self, p: ClecanianPosition, seat: int, legal: Sequence[Action]) -> Action:
        """A card of a column with nothing face up yet, top row first."""
        up = p.up[seat]
        cols = self.cols
        for pos in range(2 * cols):
            c = pos % cols
            if not up[c] and not up[cols + c] and REVEAL_ACTIONS[pos] in legal:
                return REVEAL_ACTIONS[pos]
        return legal[0]

    def abduct(self, p: ClecanianPosition, legal: Sequence[Action]) -> Action:
        """The woman whose loss costs the victim most (her place refilled by an unknown
        card)."""
        victim = p.abduction[0]
        grid = self.seen_grid(p, victim)
        cols = self.cols
        column = self.column
        worst, choice = float("-inf"), legal[0]
        for action in legal:
            pos = action.arg
            assert isinstance(pos, int)
            c = pos % cols
            top, bottom = grid[c], grid[cols + c]
            after = column(UNKNOWN, bottom) if pos < cols else column(top, UNKNOWN)
            loss = after - column(top, bottom)
            if loss > worst:
                worst, choice = loss, action
        return choice
