"""The reasons of Clecanian Golf (``analysis.why``): what a swap makes of its column, what a
discard hands the next seat, what a card taken from the discard pile would pair with, going
out with an exact score; and where the points go, the seat's own expected total against the
others'. Columns score by the engine's rules (``games.clecanian.scoring``); cards, places and
seats are named by the game's words."""

from __future__ import annotations

from collections.abc import Sequence

from matchmaker.analysis.evaluate import Estimate, Evaluation
from matchmaker.analysis.why import BAD, GOOD, PLAIN, Effect, Why, largest, points
from matchmaker.analysis.why import signed as said
from matchmaker.core.actions import Action
from matchmaker.core.seats import left_of
from matchmaker.games.clecanian.deck import Card
from matchmaker.games.clecanian.options import ClecanianOptions
from matchmaker.games.clecanian.rules import goes_out, turn_limit
from matchmaker.games.clecanian.scoring import ColumnKind, column_kind, score_column, showing_score
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.words.clecanian import ClecanianWords

#: Figures below this many points are not worth a word.
SMALL = 0.5


class ClecanianWhy(Why[ClecanianView]):
    """The reasons of Clecanian Golf with one deck."""

    words: ClecanianWords

    def __init__(self, words: ClecanianWords, labels: Sequence[str] | None = None) -> None:
        super().__init__(words, labels)
        self.deck = words.deck
        options = words.game.options
        assert isinstance(options, ClecanianOptions)
        #: The turns a round lasts at most (the game's ``max_turns``).
        self.max_turns = options.max_turns

    # ------------------------------------------------------------------------------ helpers
    def card(self, code: str) -> Card:
        """The card of ``code``."""
        return self.deck.card(code)

    def name(self, code: str | None) -> str:
        """A card as people read it (``K♥ Jade``)."""
        return self.words.card_name(code)

    def column(self, view: ClecanianView, top: str, bottom: str) -> tuple[ColumnKind, int]:
        """What a column of two face-up cards is and scores, by the rules."""
        a, b = self.card(top), self.card(bottom)
        return column_kind(self.deck, a, b), score_column(self.deck, a, b)

    def made(self, kind: ColumnKind, score: int, cards: tuple[str, str], column: int) -> str:
        """A column of ``cards`` in words: ``a -10 couple in column 1``, ``two Vanessas, 0 in
        column 2``, ``column 3 scores 17``."""
        if kind is ColumnKind.COUPLE:
            return f"a {said(score)} couple in column {column + 1}"
        if kind is ColumnKind.SAME:
            who = self.card(cards[0]).character
            return f"two {who}s, {said(score)} in column {column + 1}"
        return f"column {column + 1} scores {said(score)}"

    def matches(
        self, view: ClecanianView, seat: int, code: str
    ) -> tuple[int, ColumnKind, int] | None:
        """The best column ``code`` could make with one of ``seat``'s face-up cards (put in
        the place beside it, in a column that is not a couple or a pair already): the place
        of that card, the column's kind and score; None when it makes no couple or pair with
        any of them."""
        found: tuple[int, ColumnKind, int] | None = None
        grid = view.grids[seat]
        for pos, there in enumerate(grid):
            if there is None or self.card(code).is_joker:
                continue
            column = view.column_of(pos)
            if view.column_kinds[seat][column] in (ColumnKind.COUPLE, ColumnKind.SAME):
                continue
            kind, score = self.column(view, code, there)
            if kind is ColumnKind.PLAIN:
                continue
            if found is None or score < found[2]:
                found = (pos, kind, score)
        return found

    def next_seat(self, view: ClecanianView, seat: int) -> int | None:
        """The seat that plays after ``seat`` this round (None when ``seat``'s turn is the
        round's last: every final turn played, or the round's turn limit reached)."""
        if view.ended_by is not None and view.final_turns_left <= 1:
            return None
        if view.ended_by is None and turn_limit(view.turns + 1, self.max_turns):
            return None
        return left_of(seat, view.players)

    # ------------------------------------------------------------------------------ effects
    def effect(self, view: ClecanianView, action: Action) -> Effect | None:
        """What ``action`` visibly does (see the module's docstring)."""
        seat = view.seat
        if seat is None:
            return None
        name = action.name
        if name == "swap" and view.drawn is not None:
            return self._swap(view, seat, int(str(action.arg)), view.drawn)
        if name == "discard" and view.drawn is not None:
            return self._discard(view, seat, view.drawn)
        if name == "draw_discard" and view.discard:
            return self._take(view, seat, view.discard[-1])
        if name == "draw_stock":
            return Effect(f"draws blind ({view.stock_size} cards in the stock)")
        if name == "abduct" and view.victim is not None:
            return self._abduct(view, view.victim, int(str(action.arg)))
        if name == "reveal":
            return Effect("turns up a card nobody has seen")
        return None

    def _swap(self, view: ClecanianView, seat: int, pos: int, drawn: str) -> Effect:
        grid = view.grids[seat]
        there, beside = grid[pos], grid[view.partner(pos)]
        column = view.column_of(pos)
        below = "under" if pos >= view.columns else "over"
        card = self.name(drawn)
        blind = ", replacing a face-down card blind" if view.face_down[seat][pos] else ""
        if beside is not None:
            kind, score = self.column(view, drawn, beside)
            was_kind, was = view.column_kinds[seat][column], view.column_scores[seat][column]
            if kind is not ColumnKind.PLAIN:
                verb = "puts" if kind is ColumnKind.COUPLE else "sets"
                made = self.made(kind, score, (drawn, beside), column)
                text = f"{verb} {card} {below} {self.name(beside)}: {made}"
                tone = GOOD
            elif there is not None and was_kind in (ColumnKind.COUPLE, ColumnKind.SAME):
                gone = self.made(was_kind, was or 0, (there, beside), column)
                text = f"breaks up {self.name(there)} and {self.name(beside)} ({gone}): it then "
                text += f"scores {said(score)}"
                tone = BAD
            else:
                before = f" (was {said(was)})" if was is not None else ""
                text = f"puts {card} {below} {self.name(beside)}: column {column + 1} scores "
                text += f"{said(score)}{before}{blind}"
                tone = GOOD if was is not None and score < was else PLAIN
        elif there is not None:
            text = f"puts {card} in place of {self.name(there)}"
            tone = GOOD if self.card(drawn).points < self.card(there).points else PLAIN
        else:
            text = f"puts {card} in place of a face-down card, blind"
            tone = PLAIN
        out = self._going_out(view, seat, pos, drawn)
        if out is not None:
            text += f", and goes out with exactly {said(out)}"
        return Effect(text, tone)

    def _going_out(self, view: ClecanianView, seat: int, pos: int, drawn: str) -> int | None:
        """The round score of ``seat``'s grid if the swap at ``pos`` turns its last face-down
        card (the rules' going out: every card face up after the turn, before anybody else
        went out); None otherwise."""
        down = view.face_down[seat]
        # A card swapped in lies face up: a swap into a face-down place leaves one fewer.
        if not down[pos] or not goes_out(sum(down) - 1, view.ended_by is not None):
            return None
        codes = list(view.grids[seat])
        codes[pos] = drawn
        if any(code is None for code in codes):
            return None
        indices: list[int | None] = [self.deck.by_code[code] for code in codes if code]
        return showing_score(self.deck, indices, view.columns)

    def _discard(self, view: ClecanianView, seat: int, drawn: str) -> Effect:
        card = self.name(drawn)
        mine = self.matches(view, seat, drawn)
        if mine is not None:
            return Effect(f"throws away {card}, {self._bond(view, seat, drawn, mine)}", BAD)
        after = self.next_seat(view, seat)
        if after is not None and after != seat:
            theirs = self.matches(view, after, drawn)
            if theirs is not None:
                bond = self._bond(view, after, drawn, theirs)
                return Effect(
                    f"hands {card} to the next seat, {self.seat_name(after)}: {bond}",
                    BAD,
                )
        return Effect(f"throws {card} away")

    def _bond(
        self, view: ClecanianView, seat: int, code: str, found: tuple[int, ColumnKind, int]
    ) -> str:
        """What ``code`` would make beside a face-up card of ``seat`` (``matches``), in words:
        ``the mate of your K♥ Jade at top 1 (a -10 couple)``, ``a second Meg for its 5♥ Meg
        at top 2 (0)``; "your" for the deciding seat, "its" for another."""
        pos, kind, score = found
        there = view.grids[seat][pos]
        assert there is not None
        whose = "your" if seat == view.seat else "its"
        where = f"{whose} {self.name(there)} at {self.words.place_name(pos)}"
        if kind is ColumnKind.COUPLE:
            return f"the mate of {where} (a {said(score)} couple)"
        return f"a second {self.card(code).character} for {where} ({said(score)})"

    def _take(self, view: ClecanianView, seat: int, top: str) -> Effect:
        card = self.name(top)
        if self.card(top).is_joker:
            return Effect(f"picks up {card}", BAD)
        mine = self.matches(view, seat, top)
        if mine is not None:
            return Effect(f"picks up {card}, {self._bond(view, seat, top, mine)}", GOOD)
        return Effect(f"picks up {card}")

    def _abduct(self, view: ClecanianView, victim: int, pos: int) -> Effect:
        grid = view.grids[victim]
        woman, beside = grid[pos], grid[view.partner(pos)]
        whose = f"{self.seat_name(victim)}'s"
        if woman is None:
            return Effect(f"takes {whose} woman at {self.words.place_name(pos)}")
        column = view.column_of(pos)
        kind = view.column_kinds[victim][column]
        if beside is not None and kind in (ColumnKind.COUPLE, ColumnKind.SAME):
            made = self.made(kind, view.column_scores[victim][column] or 0, (woman, beside), column)
            return Effect(
                f"breaks up {whose} {self.name(woman)} and {self.name(beside)} ({made})", GOOD
            )
        return Effect(f"takes {self.name(woman)} from {whose} {self.words.place_name(pos)}")

    # ------------------------------------------------------------------------------ figures
    def figures(self, evaluation: Evaluation, better: Estimate, worse: Estimate) -> str:
        """Your expected total lower by so much, and the seat whose expected total the better
        choice keeps highest above what the worse one leaves it."""
        gap = better.value - worse.value
        a, b = better.parts, worse.parts
        if a is None or b is None:
            return f"{points(gap)} points better"
        seat = evaluation.seat
        said_parts = []
        saved = b.own - a.own
        if saved >= SMALL:
            said_parts.append(f"your expected total {points(saved)} lower")
        others = [s for s in range(len(a.seats)) if s != seat]
        if others:
            rival = largest([x - y for x, y in zip(a.seats, b.seats, strict=True)], others)
            held = a.seats[rival] - b.seats[rival]
            if held >= SMALL:
                said_parts.append(f"{self.seat_name(rival)}'s {points(held)} higher")
        if not said_parts:
            return f"{points(gap)} points better"
        return ", ".join(said_parts)

    def standing(self, evaluation: Evaluation, estimate: Estimate) -> str:
        """Your expected total against the lowest of the others'."""
        parts = estimate.parts
        if parts is None:
            return f"expected advantage {points(estimate.value)}"
        return (
            f"your expected total {points(parts.own)} against {points(parts.others)} for the "
            "lowest of the others"
        )
