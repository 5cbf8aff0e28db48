"""What Clecanian Golf positions are worth, as far as one seat can tell.

Everything here works from a seat's view: the cards in sight are known, every other card (the
face-down cards, the stock, another seat's drawn card) is taken to be uniformly random among the
*unseen* cards (the deck minus every card in sight). That is a good approximation; it forgets
that cards seen earlier and shuffled back into the stock are still in the stock.

Grids are lists of deck indices, ``UNKNOWN`` for a face-down card (or a place waiting for its
refill). A column's expected score is exact for known cards and averaged over the unseen cards
for unknown ones. On top of that, the seat's own grid is valued with two heuristic terms:

- **pairing potential**: a column holding a character card whose partner is not there yet (its
  mate for the couple's bonus, or the same character for 0) may still get one; the credit is
  ``pair_credit`` times the chance of seeing a partner in the turns left times the gain;
- **joker threat**: a face-up woman can be abducted; the grid pays ``risk`` times the chance
  that a joker hits this seat before the round ends times the worst abduction the left
  neighbour could choose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Final

from matchmaker.games.clecanian.deck import Deck
from matchmaker.games.clecanian.determinize import unseen_cards
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.scoring import column_table
from matchmaker.games.clecanian.view import ClecanianView

#: A card nobody in sight knows: face down, or a place waiting for a refill.
UNKNOWN: Final = -1
#: The average points of a card when nothing is unseen any more (never happens in practice).
FALLBACK_POINTS = 6.5


@dataclass(frozen=True)
class Weights:
    """The tunable numbers of the heuristic (the defaults were tuned in paired duels against
    ``greedy-v1``, ``pair_credit`` since against the medium bot itself; see docs/bots.md)."""

    #: Share of the pairing potential of a half-built column counted in its value (the hope of
    #: a couple or pair still to come). 0.7 beat 0.4 by 1.4 points a game at two players and
    #: 2.7 at four on fresh deals; 0.6 to 0.8 did equally well, 0.25 and 0.9 worse.
    pair_credit: float = 0.7
    #: Cards a seat gets to consider per turn of its own (its stock draw, the discard top).
    looks_per_turn: float = 1.5
    #: Own turns left, per face-down card of the seat closest to going out.
    pace: float = 1.5
    #: Take the discard top only if it lowers the grid's value by at least this much.
    take_threshold: float = 1.0
    #: Weight of what a discarded card gives the next seat beyond ``denial_free`` points.
    denial: float = 0.5
    #: Gain of the next seat from our discard that is not worth worrying about.
    denial_free: float = 4.0
    #: What an opponent is expected to gain on its final turn once somebody goes out.
    final_gain: float = 3.0
    #: Weight of the joker threat on the own face-up women (none: it cost more than it saved).
    risk: float = 0.0
    #: Go out when the own score is at most the best opponent's estimate plus this margin.
    go_out_margin: float = 0.0
    #: How much better than its score going out (when it wins) is valued: a few points, so
    #: that a better card from the stock can still be worth more than going out at once.
    go_out_bonus: float = 5.0


DEFAULT_WEIGHTS = Weights()
#: The numbers of the first heuristic (``greedy-v1``, ``strong-v1``): less hope of couples to
#: come, a joker threat counted in full, and going out whenever it wins, whatever the stock
#: might give.
V1_WEIGHTS = Weights(pair_credit=0.4, risk=1.0, go_out_bonus=1000.0)


@dataclass(frozen=True, eq=False)
class Tables:
    """A deck's numbers as plain tuples, for fast lookups."""

    size: int
    points: tuple[int, ...]
    column: tuple[tuple[int, ...], ...]
    woman: tuple[bool, ...]
    joker: tuple[bool, ...]
    #: partners[a]: the cards b with which a scores better than the sum of the points (its
    #: mates and the other cards of its character).
    partners: tuple[tuple[int, ...], ...]


@cache
def tables(deck: Deck) -> Tables:
    """The lookup tables of a deck (computed once per deck)."""
    cards = deck.cards
    points = tuple(c.points for c in cards)
    column = column_table(deck)
    partners = tuple(
        tuple(
            b.index
            for b in cards
            if b.index != a.index
            and not a.is_joker
            and not b.is_joker
            and column[a.index][b.index] < a.points + b.points
        )
        for a in cards
    )
    return Tables(
        size=len(cards),
        points=points,
        column=column,
        woman=deck.is_woman,
        joker=deck.is_joker,
        partners=partners,
    )


class Knowledge:
    """The unseen cards of a view and what an unknown card is worth on average."""

    def __init__(self, tabs: Tables, unseen: list[int]) -> None:
        self.tables = tabs
        self.unseen = unseen
        self.plain = [c for c in unseen if not tabs.joker[c]]
        self.jokers = len(unseen) - len(self.plain)
        self._in_plain = [False] * tabs.size
        for c in self.plain:
            self._in_plain[c] = True
        self._e1: dict[int, float] = {}
        self._pair: dict[int, tuple[int, float]] = {}
        self._e2: float | None = None
        self._valuers: dict[tuple[int, float, float, Weights], GridValuer] = {}

    @classmethod
    def of(cls, game: ClecanianGame, view: ClecanianView) -> Knowledge:
        """The knowledge of the seat that holds ``view``."""
        return cls(tables(game.options.deck), unseen_cards(game, view))

    @property
    def joker_chance(self) -> float:
        """The chance that an unknown card (or the next card from the stock) is a joker."""
        return self.jokers / len(self.unseen) if self.unseen else 0.0

    def with_one(self, card: int) -> float:
        """The expected score of a column of ``card`` and an unknown card."""
        value = self._e1.get(card)
        if value is None:
            row = self.tables.column[card]
            plain = self.plain
            if plain:
                value = sum([row[x] for x in plain]) / len(plain)
            else:
                value = self.tables.points[card] + FALLBACK_POINTS
            self._e1[card] = value
        return value

    def with_none(self) -> float:
        """The expected score of a column of two unknown cards."""
        if self._e2 is None:
            plain = self.plain
            m = len(plain)
            if m < 2:
                self._e2 = 2 * FALLBACK_POINTS
            else:
                column = self.tables.column
                total = 0
                for x in plain:
                    row = column[x]
                    total += sum([row[y] for y in plain]) - row[x]
                self._e2 = total / (m * (m - 1))
        return self._e2

    def pairing(self, card: int) -> tuple[int, float]:
        """How many unseen cards partner ``card``, and the mean score of such a column."""
        found = self._pair.get(card)
        if found is None:
            row = self.tables.column[card]
            inside = self._in_plain
            scores = [row[b] for b in self.tables.partners[card] if inside[b]]
            found = (len(scores), sum(scores) / len(scores) if scores else 0.0)
            self._pair[card] = found
        return found

    def valuer(
        self, columns: int, turns_left: float, hit_chance: float, weights: Weights
    ) -> GridValuer:
        """A grid valuer on this knowledge (shared, with what it has computed, by every
        decision that asks for the same one)."""
        key = (columns, turns_left, hit_chance, weights)
        found = self._valuers.get(key)
        if found is None:
            found = self._valuers[key] = GridValuer(self, columns, turns_left, hit_chance, weights)
        return found

    def column(self, top: int, bottom: int) -> float:
        """The expected score of a column (``UNKNOWN`` for an unknown card)."""
        if top >= 0:
            if bottom >= 0:
                return self.tables.column[top][bottom]
            return self.with_one(top)
        if bottom >= 0:
            return self.with_one(bottom)
        return self.with_none()


def grid_of(codes: tuple[str | None, ...], deck: Deck) -> list[int]:
    """A view's grid as deck indices, ``UNKNOWN`` where no card is in sight."""
    index = deck.by_code
    return [UNKNOWN if code is None else index[code] for code in codes]


def expected_score(know: Knowledge, grid: list[int], columns: int) -> float:
    """The expected score of a grid as it stands (unknown cards averaged, nothing more)."""
    column = know.column
    return sum(column(grid[c], grid[columns + c]) for c in range(columns))


class GridValuer:
    """Values the own grid: the expected score, less the pairing potential, plus the joker
    threat, given the own turns left and the chance that a joker hits this seat."""

    def __init__(
        self, know: Knowledge, columns: int, turns_left: float, hit_chance: float, w: Weights
    ) -> None:
        self.know = know
        self.columns = columns
        self.hit_chance = hit_chance
        self.weights = w
        self._looks = turns_left * w.looks_per_turn
        self._m = len(know.plain)
        self._key = know.tables.size + 1
        self._columns: dict[int, float] = {}
        self._losses: dict[int, float] = {}

    def pair_credit(self, card: int, score: float) -> float:
        """The credit of a column scoring ``score`` for the chance to partner ``card``."""
        if self._looks <= 0 or self._m == 0:
            return 0.0
        found, paired = self.know.pairing(card)
        if found == 0 or paired >= score:
            return 0.0
        chance = 1.0 - math.pow(1.0 - found / self._m, self._looks)
        return self.weights.pair_credit * chance * (score - paired)

    def column(self, top: int, bottom: int) -> float:
        """A column's value: its expected score less its pairing potential."""
        key = (top + 1) * self._key + bottom + 1
        value = self._columns.get(key)
        if value is None:
            score = self.know.column(top, bottom)
            credit = 0.0
            if self._looks > 0:
                if top >= 0 and not (bottom >= 0 and score <= 0):
                    credit = self.pair_credit(top, score)
                if bottom >= 0 and not (top >= 0 and score <= 0):
                    credit = max(credit, self.pair_credit(bottom, score))
            value = self._columns[key] = score - credit
        return value

    def table(self) -> list[list[float]]:
        """Every column's value at once: ``table()[top + 1][bottom + 1]`` is
        ``column(top, bottom)`` (index 0 for ``UNKNOWN``), computed with the per-card parts
        of ``pair_credit`` found once (a test checks it against ``column``)."""
        size = self.know.tables.size
        know = self.know
        looks = self._looks
        hope: list[tuple[float, float] | None] = [None] * size  # (chance, paired score)
        if looks > 0 and self._m > 0:
            for card in range(size):
                found, paired = know.pairing(card)
                if found:
                    chance = 1.0 - math.pow(1.0 - found / self._m, looks)
                    hope[card] = (self.weights.pair_credit * chance, paired)
        scores = know.tables.column
        rows = [[self.column(UNKNOWN, bottom) for bottom in range(UNKNOWN, size)]]
        for top in range(size):
            row = [self.column(top, UNKNOWN)]
            top_hope = hope[top]
            by_top = scores[top]
            for bottom in range(size):
                score = by_top[bottom]
                credit = 0.0
                if score > 0:
                    if top_hope is not None and top_hope[1] < score:
                        credit = top_hope[0] * (score - top_hope[1])
                    bottom_hope = hope[bottom]
                    if bottom_hope is not None and bottom_hope[1] < score:
                        credit = max(credit, bottom_hope[0] * (score - bottom_hope[1]))
                row.append(score - credit)
            rows.append(row)
        return rows

    def woman_loss(self, top: int, bottom: int) -> float:
        """The worst a column loses when one of its face-up women is abducted (her place
        refilled by an unknown card)."""
        key = (top + 1) * self._key + bottom + 1
        worst = self._losses.get(key)
        if worst is None:
            woman = self.know.tables.woman
            column = self.know.column
            worst = 0.0
            if top >= 0 and woman[top]:
                worst = column(UNKNOWN, bottom) - column(top, bottom)
            if bottom >= 0 and woman[bottom]:
                worst = max(worst, column(top, UNKNOWN) - column(top, bottom))
            self._losses[key] = worst
        return worst

    def parts(self, grid: list[int]) -> GridParts:
        """The grid's value by column, ready to value single swaps quickly."""
        return GridParts(self, grid)


class GridParts:
    """A grid's value split by column, so that a swap is valued by its one column."""

    def __init__(self, valuer: GridValuer, grid: list[int]) -> None:
        cols = valuer.columns
        self.valuer = valuer
        self.grid = grid
        self.cols = cols
        self.values = [valuer.column(grid[c], grid[cols + c]) for c in range(cols)]
        self.total = sum(self.values)
        self.risk = valuer.weights.risk * valuer.hit_chance
        self.losses = (
            [valuer.woman_loss(grid[c], grid[cols + c]) for c in range(cols)]
            if self.risk > 0
            else [0.0] * cols
        )
        ranked = sorted(range(cols), key=lambda c: -self.losses[c])
        self._worst = ranked[0] if ranked else 0
        self._second = self.losses[ranked[1]] if len(ranked) > 1 else 0.0
        self.value = self.total + self.risk * (self.losses[self._worst] if ranked else 0.0)

    def swap(self, pos: int, card: int) -> float:
        """The grid's value with ``card`` at ``pos``."""
        cols = self.cols
        c = pos % cols
        grid = self.grid
        top, bottom = (card, grid[cols + c]) if pos < cols else (grid[c], card)
        valuer = self.valuer
        total = self.total - self.values[c] + valuer.column(top, bottom)
        if self.risk <= 0:
            return total
        others = self._second if c == self._worst else self.losses[self._worst]
        return total + self.risk * max(others, valuer.woman_loss(top, bottom))


def hit_chance(know: Knowledge, exposures: float) -> float:
    """The chance that at least one of ``exposures`` unknown cards this seat meets is a
    joker."""
    p = know.joker_chance
    if p <= 0 or exposures <= 0:
        return 0.0
    return 1.0 - math.pow(1.0 - p, exposures)
