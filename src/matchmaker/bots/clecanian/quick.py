"""The play-out policy of the hard bot: the heuristic's column values, read off the position.

A play-out decides thousands of times per decision of the bot, so it cannot afford a view and
a ``Planner`` per step. ``QuickPolicy`` plays every seat of a sampled world with one table of
column values (the deciding seat's ``GridValuer`` at the root: the expected score of a column,
less the hope of a couple or pair still to come) and reads the world's position directly, but
only what the acting seat can see: its face-up cards, the discard top, the card it drew.
Face-down cards count as unknown whoever holds them (the world knows them; no seat does).

It decides as the medium bot does, in brief: it draws from the discard pile only when the top
card's best use beats what a card from the stock is expected to give (the mean over the cards
the deciding seat has not seen, memoised by grid); it uses a drawn card in the way that leaves
the best grid after one more own draw, among the ``USE_CANDIDATES`` best by value, charging a
discard what it gives the next seat beyond ``Weights.denial_free``. On positions of medium
games it makes the medium bot's choice at 99% of draws and 96% of uses (was 86% and 85% before
it looked ahead; docs/bots.md).

The rules stay the engine's: a play-out applies every decision through the engine
(``ClecanianState.apply_legal``) and takes the legal actions from it. The stock is counted by
kinds of card the column table cannot tell apart (``stock_kinds``), which halves the loops
over it. What is simplified is only the judgement, the price of
many times the decisions per second (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from matchmaker.bots.clecanian.evaluate import UNKNOWN, GridValuer, Weights
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

#: Uses of a drawn card looked at one own draw ahead (the best by value).
USE_CANDIDATES: Final = 4
#: The value of a legal action that is no use to consider (above every grid's value).
LEFT_OUT: Final = float("inf")

# The shared actions and phases a play-out step compares with, as this module's own constants:
# compiled, a ``Final`` name is read directly, any other global is looked up by name at every
# use.
_DISCARD: Final = DISCARD
_DRAW_DISCARD: Final = DRAW_DISCARD
_DRAW_STOCK: Final = DRAW_STOCK
_DRAW: Final = DRAW
_USE: Final = USE
_REVEAL: Final = REVEAL
_ABDUCT: Final = ABDUCT


class BestGains:
    """What the cards a seat may draw from the stock are worth to one grid (see
    ``QuickPolicy.best_gains``), and their sum. Every figure is per kind of card, for all the
    cards of that kind together (a card's gain times the kind's count)."""

    def __init__(self, best: list[float], column: list[int], second: list[float]) -> None:
        #: Per kind of card: the most its best swap lowers the value, and the column of that
        #: swap.
        self.best = best
        self.column = column
        #: Per kind: the most a swap into any column but its best one lowers the value.
        self.second = second
        #: The best gains summed over the kinds.
        self.total = sum(best)


def stock_kinds(table: list[list[float]], cards: list[int]) -> tuple[list[int], list[float]]:
    """``cards`` grouped by kind: two cards are of one kind when the column table cannot
    tell them apart (the same row and the same column of ``table``, as the two cards of a
    character are while both are unseen). The first card of each kind, in the order of
    ``cards``, and how many of ``cards`` are of that kind. A card's gain to a grid depends on
    the table alone, so every card of a kind gains the same: the stock's gains are worked out
    once a kind and counted that many times."""
    kinds: dict[tuple[tuple[float, ...], tuple[float, ...]], int] = {}
    first: list[int] = []
    counts: list[float] = []
    for card in cards:
        row = table[card + 1]
        key = (tuple(row), tuple(other[card + 1] for other in table))
        kind = kinds.get(key)
        if kind is None:
            kinds[key] = len(first)
            first.append(card)
            counts.append(1.0)
        else:
            counts[kind] += 1.0
    return first, counts


class QuickPolicy:
    """Decides for any seat of a world from one shared table of column values."""

    def __init__(
        self,
        valuer: GridValuer,
        jokers: Sequence[bool],
        weights: Weights,
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
        self.final_gain = weights.final_gain
        #: What a discard handing the next seat more than ``denial_free`` points costs a share of.
        self.denial = weights.denial
        self.denial_free = weights.denial_free
        #: What a card from the stock may be: the cards the deciding seat has not seen and
        #: that are no joker, one of each kind (``stock_kinds``) with how many cards are of
        #: that kind; and how many cards it has not seen in all.
        self.stock_cards, self.stock_counts = stock_kinds(
            self.table, [c for c in valuer.know.unseen if not jokers[c]]
        )
        self.unseen = len(valuer.know.unseen)
        self._best_gains: dict[tuple[int, ...], BestGains] = {}
        #: ``column_gains`` by ``(top + 1) * len(table) + bottom + 1`` (empty: not yet).
        self._column_gains: list[list[float]] = [[]] * len(self.table) ** 2

    def seen_grid(self, p: ClecanianPosition, seat: int) -> list[int]:
        """A seat's grid as every seat sees it: face-down cards and empty places unknown."""
        return [
            card if face_up and card != EMPTY else UNKNOWN
            for card, face_up in zip(p.grid[seat], p.up[seat])  # noqa: B905 (see stock_gain_after)
        ]

    def column(self, top: int, bottom: int) -> float:
        """A column's value (``UNKNOWN`` for an unknown card)."""
        return self.table[top + 1][bottom + 1]

    def grid_value(self, grid: list[int]) -> float:
        """The value of a grid (lower is better)."""
        cols = self.cols
        table = self.table
        total = 0.0
        for c in range(cols):
            total += table[grid[c] + 1][grid[cols + c] + 1]
        return total

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

    def stock_gain(self, grid: list[int]) -> float:
        """What a card from the stock is expected to be worth to ``grid``: the mean, over the
        unseen cards, of how much its best swap lowers the value (a joker: nothing)."""
        return self.best_gains(grid).total / self.unseen if self.unseen else 0.0

    def stock_gain_after(self, grid: list[int], pos: int, card: int) -> float:
        """``stock_gain`` of ``grid`` with ``card`` swapped into ``pos``, from the gains of
        ``grid`` itself: only the column of ``pos`` changes."""
        found = self.best_gains(grid)
        cols = self.cols
        c = pos % cols
        if pos < cols:
            gains = self.column_gains(card, grid[cols + c])
        else:
            gains = self.column_gains(grid[c], card)
        total = 0.0
        # A plain ``zip`` (the lists are of one length): compiled, it reads them without
        # bounds checks, which ``strict=True`` would lose.
        for gain, best, column, second in zip(  # noqa: B905
            gains, found.best, found.column, found.second
        ):
            other = second if column == c else best
            total += gain if gain > other else other
        return total / self.unseen if self.unseen else 0.0

    def best_gains(self, grid: list[int]) -> BestGains:
        """For each kind of ``stock_cards``: the most its best swap into ``grid`` lowers the
        value (0 at least: it can be discarded), the column of that swap (-1: none), and the
        most a swap into any other column would. Memoised by grid."""
        key = tuple(grid)
        found = self._best_gains.get(key)
        if found is None:
            cols = self.cols
            size = len(self.stock_cards)
            best = [0.0] * size
            column = [-1] * size
            second = [0.0] * size
            for c in range(cols):
                gains = self.column_gains(grid[c], grid[cols + c])
                for i, gain in enumerate(gains):
                    top = best[i]
                    if gain > top:
                        second[i] = top
                        best[i] = gain
                        column[i] = c
                    elif gain > second[i]:
                        second[i] = gain
            found = BestGains(best, column, second)
            self._best_gains[key] = found
        return found

    def column_gains(self, top: int, bottom: int) -> list[float]:
        """For each kind of ``stock_cards``, how much swapping a card of it into this column
        (on top or at the bottom, whichever is better) lowers the column's value, times the
        kind's count."""
        key = (top + 1) * len(self.table) + bottom + 1
        gains = self._column_gains[key]
        if not gains:
            table = self.table
            now = table[top + 1][bottom + 1]
            gains = [
                count * max(now - table[card + 1][bottom + 1], now - table[top + 1][card + 1])
                for card, count in zip(self.stock_cards, self.stock_counts)  # noqa: B905
            ]
            self._column_gains[key] = gains
        return gains

    def decide(self, p: ClecanianPosition, legal: Sequence[Action]) -> Action:
        """The decision of the seat to act (``p.actor``) among ``legal``."""
        phase = p.phase
        seat = p.actor
        if phase is _DRAW:
            return self.draw(p, seat, legal)
        if phase is _USE:
            return self.use(p, seat, legal)
        if phase is _REVEAL:
            return self.reveal(p, seat, legal)
        if phase is _ABDUCT:
            return self.abduct(p, legal)
        return legal[0]

    def draw(self, p: ClecanianPosition, seat: int, legal: Sequence[Action]) -> Action:
        """The discard top if its best use beats a card from the stock, else the stock."""
        if _DRAW_DISCARD not in legal:
            return _DRAW_STOCK
        top = p.discard[-1]
        if self.jokers[top]:
            return _DRAW_STOCK
        grid = self.seen_grid(p, seat)
        gain, where = self.best_swap(grid, top)
        if where < 0 or self.goes_out(p, seat, where) or gain <= self.stock_gain(grid):
            return _DRAW_STOCK
        return _DRAW_DISCARD

    def use(self, p: ClecanianPosition, seat: int, legal: Sequence[Action]) -> Action:
        """The use that leaves the best grid after one more own draw, among the
        ``USE_CANDIDATES`` best by value (going out only when it wins), a discard charged
        what it hands the next seat."""
        grid = self.seen_grid(p, seat)
        card = p.drawn
        cols = self.cols
        table = self.table
        base = self.grid_value(grid)
        # Whether a swap into a face-down place goes out (``goes_out``, asked once).
        last = p.face_down[seat] == 1 and p.ender == EMPTY
        up = p.up[seat]
        # Each legal action's value (``LEFT_OUT``: not a use to consider), in legal order.
        values: list[float] = []
        considered = 0
        for action in legal:
            pos = action.arg
            value = LEFT_OUT
            if action is _DISCARD:
                value = base
            elif (
                action.name == "swap"
                and isinstance(pos, int)
                and (not last or up[pos] or self.wins_going_out(p, seat, pos))
            ):
                c = pos % cols
                top, bottom = grid[c], grid[cols + c]
                now = table[top + 1][bottom + 1]
                new = table[card + 1][bottom + 1] if pos < cols else table[top + 1][card + 1]
                value = base - now + new
            if value != LEFT_OUT:
                considered += 1
            values.append(value)
        if not considered:
            return self.least_harm(grid, card, legal)
        next_grid: list[int] | None = None  # the next seat's grid, seen when first needed
        best, choice = float("inf"), legal[0]
        # The best by value first (the earlier legal action on a tie), as a sort would give.
        for _ in range(min(USE_CANDIDATES, considered)):
            at, value = 0, LEFT_OUT
            for i, v in enumerate(values):
                if v < value:
                    at, value = i, v
            values[at] = LEFT_OUT
            action = legal[at]
            if action is _DISCARD:
                leaving = card
                score = value - self.stock_gain(grid)
            else:
                pos = int(action.arg or 0)
                leaving = grid[pos]
                score = value - self.stock_gain_after(grid, pos, card)
            if leaving != UNKNOWN and not self.jokers[leaving]:
                if next_grid is None:
                    next_grid = self.seen_grid(p, seat + 1 if seat + 1 < p.players else 0)
                gift = self.best_swap(next_grid, leaving)[0]
                if gift > self.denial_free:
                    score += self.denial * (gift - self.denial_free)
            if score < best:
                best, choice = score, action
        return choice

    def least_harm(self, grid: list[int], card: int, legal: Sequence[Action]) -> Action:
        """The swap that leaves the best grid: when nothing else is allowed (a card taken from
        the discard pile must be swapped, under that rule, even if it goes out behind)."""
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
