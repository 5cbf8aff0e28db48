"""The greedy heuristic of Clecanian Golf: every decision valued with the own grid's value.

A ``Planner`` is made for one decision from one seat's view. It scores each legal action (lower
is better) so that the greedy bot plays the best one and the strong bot can take the few best as
its candidates:

- **use** a drawn card: swap it where the grid's value drops most, or discard it; a discard
  that would hand the next seat a couple or a pair costs extra; swapping into the last
  face-down card (going out) is taken when the own score then beats every opponent's estimate
  and avoided otherwise;
- **draw**: take the discard top when its best use lowers the grid's value by at least
  ``take_threshold``, else draw from the stock (never a joker from the discard pile);
- **reveal**: spread the two initial reveals over different columns, top row first;
- **abduct**: take the woman whose loss hurts the victim most, plus what she is worth to us when
  we draw next (she lands on top of the discard pile).
"""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.bots.clecanian.evaluate import (
    DEFAULT_WEIGHTS,
    UNKNOWN,
    GridParts,
    Knowledge,
    Weights,
    expected_score,
    grid_of,
    hit_chance,
    tables,
)
from matchmaker.core.actions import Action
from matchmaker.games.clecanian.actions import DRAW_DISCARD, DRAW_STOCK, SWAP_ACTIONS
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.view import ClecanianView

#: The value of an action never to be taken if anything else is legal.
AVOID = 1e9
#: The most a single card can be worth to a grid (a going-out bonus aside).
MAX_GAIN = 40.0


class Planner:
    """Values the legal actions of one decision from one seat's view (lower is better)."""

    def __init__(
        self,
        game: ClecanianGame,
        view: ClecanianView,
        know: Knowledge | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        if view.seat is None:
            raise ValueError("a planner needs a seat's view, not a spectator's")
        deck = game.options.deck
        self.game = game
        self.view = view
        self.weights = weights
        self.tabs = tables(deck)
        self.know = know if know is not None else Knowledge.of(game, view)
        self.me = view.seat
        self.cols = view.columns
        self.grids = [grid_of(g, deck) for g in view.grids]
        self.face_down = [sum(flags) for flags in view.face_down]
        self.ending = view.ended_by is not None
        self.turns_left = self._turns_left()
        exposures = self.turns_left + self.face_down[self.me]
        self.valuer = self.know.valuer(
            self.cols, self.turns_left, hit_chance(self.know, exposures), weights
        )
        self._parts: GridParts | None = None
        self._gains: dict[int, float] = {}
        self._next_columns: list[tuple[float, int, int]] | None = None

    def _turns_left(self) -> float:
        """Own turns expected after this one: none once the end is triggered, else about
        ``pace`` per face-down card of the seat closest to going out."""
        view = self.view
        if self.ending:
            return 0.0
        left = max(1.0, min(self.face_down) * self.weights.pace)
        cap = (self.game.options.max_turns - view.turns) / view.players
        return max(0.0, min(left, cap))

    # ------------------------------------------------------------------------------ values
    @property
    def parts(self) -> GridParts:
        """The own grid's value by column (computed once)."""
        if self._parts is None:
            self._parts = self.valuer.parts(self.grids[self.me])
        return self._parts

    def grid_value(self) -> float:
        """The own grid's value as it stands."""
        return self.parts.value

    def estimate(self, seat: int) -> float:
        """A seat's expected score as its grid stands."""
        return expected_score(self.know, self.grids[seat], self.cols)

    def next_seat_gain(self, card: int) -> float:
        """How much the seat to our left could lower its expected score with ``card``."""
        gain = self._gains.get(card)
        if gain is not None:
            return gain
        if self._next_columns is None:
            self._next_columns = self._columns_of_next_seat()
        row = self.tabs.column[card]  # column scores are symmetric: row[x] scores (card, x)
        alone = self.know.with_one(card)
        gain = 0.0
        for now, top, bottom in self._next_columns:
            under = row[bottom] if bottom >= 0 else alone
            over = row[top] if top >= 0 else alone
            better = now - (under if under < over else over)
            if better > gain:
                gain = better
        self._gains[card] = gain
        return gain

    def _columns_of_next_seat(self) -> list[tuple[float, int, int]]:
        """The next seat's columns (expected score, top, bottom), none if it plays no more
        turns this round."""
        view = self.view
        nxt = (self.me + 1) % view.players
        if self.ending and (nxt == view.ended_by or view.final_turns_left <= 1):
            return []
        grid = self.grids[nxt]
        cols = self.cols
        column = self.know.column
        return [(column(grid[c], grid[cols + c]), grid[c], grid[cols + c]) for c in range(cols)]

    def denial(self, card: int) -> float:
        """The cost of putting ``card`` on the discard pile for the next seat."""
        if card < 0:
            return 0.0
        w = self.weights
        return w.denial * max(0.0, self.next_seat_gain(card) - w.denial_free)

    def go_out_value(self, grid: list[int]) -> float:
        """The value of going out with ``grid`` (all face up): very good when the own score
        beats every opponent's estimate after its final turn, to be avoided otherwise."""
        mine = expected_score(self.know, grid, self.cols)
        others = [
            self.estimate(s) - self.weights.final_gain
            for s in range(self.view.players)
            if s != self.me
        ]
        if mine <= min(others) + self.weights.go_out_margin:
            return mine - self.weights.go_out_bonus
        return AVOID

    def use_values(self, card: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """The value of each way to use ``card`` (swap positions, discard)."""
        me = self.me
        grid = self.grids[me]
        down = self.view.face_down[me]
        last_down = not self.ending and self.face_down[me] == 1
        parts = self.parts
        out: list[tuple[float, Action]] = []
        for action in legal:
            if action.name == "swap":
                pos = int(action.arg or 0)
                if last_down and down[pos]:
                    new = grid[:]
                    new[pos] = card
                    out.append((self.go_out_value(new), action))
                else:
                    out.append((parts.swap(pos, card) + self.denial(grid[pos]), action))
            elif action.name == "discard":
                out.append((parts.value + self.denial(card), action))
        return out

    # --------------------------------------------------------------------------- decisions
    def rank(self, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every legal action with its value, best (lowest) first; ties keep legal order."""
        phase = self.view.phase
        if phase is Phase.USE:
            drawn = self.view.drawn
            assert drawn is not None
            values = self.use_values(self.game.options.deck.by_code[drawn], legal)
        elif phase is Phase.DRAW:
            values = self.draw_values(legal)
        elif phase is Phase.REVEAL:
            values = self.reveal_values(legal)
        elif phase is Phase.ABDUCT:
            values = self.abduct_values(legal)
        else:
            values = [(0.0, a) for a in legal]
        order = sorted(range(len(values)), key=lambda i: (values[i][0], i))
        return [values[i] for i in order]

    def choose(self, legal: Sequence[Action]) -> Action:
        """The best legal action."""
        return self.rank(legal)[0][1]

    def discard_top(self) -> int | None:
        """The card on top of the discard pile, if it is one worth taking (never a joker)."""
        if not self.view.discard:
            return None
        top = self.game.options.deck.by_code[self.view.discard[-1]]
        return None if self.tabs.joker[top] else top

    def take_gain(self) -> float:
        """How much the best use of the discard top lowers the own grid's value (minus
        infinity for a joker or an empty pile)."""
        top = self.discard_top()
        if top is None:
            return float("-inf")
        swaps = SWAP_ACTIONS[: 2 * self.cols]
        best = min(v for v, _ in self.use_values(top, swaps))
        return self.grid_value() - best

    def draw_values(self, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Stock 0; the discard top minus its gain beyond ``take_threshold``."""
        out = [(0.0, DRAW_STOCK)]
        if DRAW_DISCARD in legal:
            gain = self.take_gain()
            out.append((self.weights.take_threshold - gain, DRAW_DISCARD))
        return [item for item in out if item[1] in legal]

    def reveal_values(self, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Initial reveals: a column with nothing known yet first, top row first."""
        grid = self.grids[self.me]
        cols = self.cols
        out = []
        for action in legal:
            pos = int(action.arg or 0)
            c = pos % cols
            known = (grid[c] != UNKNOWN) + (grid[cols + c] != UNKNOWN)
            out.append((10.0 * known + (pos >= cols) + c / 100, action))
        return out

    def abduct_values(self, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Minus the victim's loss, minus (when we draw next) the woman's worth to us."""
        view = self.view
        victim = view.victim
        assert victim is not None
        grid = self.grids[victim]
        cols = self.cols
        column = self.know.column
        we_draw_next = (
            view.reveals_left == 0
            and view.turn_seat == victim
            and not (self.ending and view.final_turns_left <= 1)
        )
        base = self.grid_value()
        swaps = SWAP_ACTIONS[: 2 * cols]
        out = []
        for action in legal:
            pos = int(action.arg or 0)
            c = pos % cols
            other = grid[c + cols] if pos < cols else grid[c]
            loss = column(UNKNOWN, other) - column(grid[pos], other)
            gain = 0.0
            if we_draw_next:
                best = min(v for v, _ in self.use_values(grid[pos], swaps))
                gain = min(max(0.0, base - best), MAX_GAIN)
            out.append((-(loss + gain), action))
        return out
