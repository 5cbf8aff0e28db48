"""The words of Clecanian Golf: card and place names, choices, status and narration.

Cards are named by rank and suit with the character they show (``K♥ Jade``, ``10♠``,
``RJ joker``); places in a grid by row and column counted from 1 (``top 3``, ``bottom 1``), the
same in the terminal, on buttons and in narration.

>>> from matchmaker import load_game
>>> words = ClecanianWords(load_game("clecanian", players=2))
>>> words.card_name("KH"), words.card_name("TS"), words.card_name("RJ"), words.place_name(7)
('K♥ Jade', '10♠', 'RJ joker', 'bottom 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Step
from matchmaker.games.clecanian import happenings as told
from matchmaker.games.clecanian.deck import default_deck
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.options import columns_for
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.rules import REVEALS_PER_SEAT, JokerPlace
from matchmaker.games.clecanian.scoring import ColumnKind
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.words.base import GameWords, OptionChoice, OptionHelp, RulesSection

SUITS = {"C": ("♣", "clubs"), "D": ("♦", "diamonds"), "H": ("♥", "hearts"), "S": ("♠", "spades")}
RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
#: How a face-down card is drawn in text.
FACE_DOWN = "??"


class ClecanianWords(GameWords[ClecanianView]):
    """The words of Clecanian Golf with one deck."""

    game: ClecanianGame

    def __init__(self, game: ClecanianGame) -> None:
        super().__init__(game)
        self.deck = game.options.deck
        self.columns = game.options.columns

    # ------------------------------------------------------------------------ cards, places
    def card_name(self, code: str | None) -> str:
        """A card as people read it: ``K♥ Jade``, ``10♠``, ``RJ joker`` (a face-down card:
        ``a face-down card``)."""
        if code is None:
            return "a face-down card"
        card = self.deck.cards[self.deck.by_code[code]]
        if card.is_joker:
            return f"{code} joker"
        face = _face(code)
        return f"{face} {card.character}" if card.character else face

    def card_speech(self, code: str) -> str:
        """A card said in full, for screen readers: ``king of hearts, Jade, a woman, 10
        points``."""
        card = self.deck.cards[self.deck.by_code[code]]
        if card.is_joker:
            return f"joker {code}"
        rank, suit = code[:-1], SUITS.get(code[-1:])
        parts = [f"{RANKS.get(rank, rank)} of {suit[1]}" if suit else code]
        if card.character:
            parts.append(card.character)
            parts.append("a woman" if card.is_woman else "a man")
        parts.append(f"{card.points} point{'s' if card.points != 1 else ''}")
        return ", ".join(parts)

    def card_facts(self) -> list[dict[str, Any]]:
        """Every card of the deck with what a face needs to draw it: its names, points,
        character and that character's sex, whether it is a joker, and the corner of its face
        (``rank`` and ``suit`` symbol, None for a joker or a code of another shape, and
        whether its ink is ``red``)."""
        deck = self.deck
        out = []
        for card in deck.cards:
            rank, suit = card.code[:-1], SUITS.get(card.code[-1:])
            plain = suit is not None and bool(rank) and not card.is_joker
            out.append(
                {
                    "code": card.code,
                    "name": self.card_name(card.code),
                    "speech": self.card_speech(card.code),
                    "points": None if card.is_joker else card.points,
                    "character": card.character,
                    "sex": deck.sex(card),
                    "joker": card.is_joker,
                    "rank": ("10" if rank == "T" else rank) if plain else None,
                    "suit": suit[0] if plain and suit else None,
                    "red": card.code[-1:] in ("H", "D") if plain else card.code.startswith("R"),
                }
            )
        return out

    def place_name(self, pos: int) -> str:
        """A grid position as people name it: row and column counted from 1 (``top 3``)."""
        row = "top" if pos < self.columns else "bottom"
        return f"{row} {pos % self.columns + 1}"

    def place_names(self) -> list[str]:
        """Every position of a grid, in order."""
        return [self.place_name(pos) for pos in range(2 * self.columns)]

    def facts(self) -> dict[str, Any]:
        """``cards`` (see ``card_facts``) and ``places`` (``place_names``)."""
        return {"cards": self.card_facts(), "places": self.place_names()}

    # ------------------------------------------------------------------------------ choices
    def choice_key(self, action: Action) -> str:
        """``stock``, ``take``, ``discard``, or the action and the place: ``swap top 3``."""
        name = action.name
        if name == "draw_stock":
            return "stock"
        if name == "draw_discard":
            return "take"
        if action.arg is None:
            return name
        return f"{name} {self.place_name(int(action.arg))}"

    def choice_aliases(self, action: Action) -> tuple[str, ...]:
        """Short spellings of a place: ``swap t3``, ``reveal b1``."""
        if action.arg is None or action.name in ("draw_stock", "draw_discard", "discard"):
            return ()
        row, column = self.place_name(int(action.arg)).split(" ")
        return (f"{action.name} {row[0]}{column}",)

    def choice_help(self, view: ClecanianView, action: Action, names: Sequence[str]) -> str:
        """What a decision does, with the cards it concerns."""
        name = action.name
        if name == "draw_stock":
            return f"draw from the stock ({view.stock_size} cards)"
        if name == "draw_discard" and view.discard:
            return f"take {self.card_name(view.discard[-1])} from the discard pile"
        if name == "discard":
            return f"throw {self.card_name(view.drawn)} away"
        pos = int(str(action.arg))
        if name == "reveal":
            return "turn it face up"
        if name == "swap":
            there = view.grids[view.to_act][pos]
            return f"replaces {self.card_name(there) if there else 'a face-down card'}"
        if name == "abduct" and view.victim is not None:
            woman = self.card_name(view.grids[view.victim][pos])
            return f"take {woman} from {names[view.victim]}'s {self.place_name(pos)}"
        return ""

    # ------------------------------------------------------------------------------- status
    def status(self, view: ClecanianView, names: Sequence[str]) -> str:
        """Whose turn it is and what they must do (``Your turn`` for the viewer's own)."""
        phase = view.phase
        if phase is Phase.OVER:
            return "The game is over."
        yours = view.seat is not None and view.seat == view.to_act
        turn = "Your turn" if yours else f"{names[view.turn_seat]}'s turn"
        if phase is Phase.DEAL and view.previous_grids:
            line = (
                f"Round {view.round} of {view.rounds} is over; round {view.round + 1} is being "
                "dealt."
            )
        elif phase is Phase.DEAL:
            line = f"Round {view.round + 1} of {view.rounds}: the cards are being dealt."
        elif phase is Phase.REVEAL:
            left = view.reveals_left
            line = (
                f"{turn}: turn up {'two' if left == REVEALS_PER_SEAT else 'one more'} of "
                f"{'your' if yours else 'their'} face-down cards before play starts."
            )
        elif phase is Phase.DRAW:
            top = f" or take {self.card_name(view.discard[-1])}" if view.discard else ""
            line = f"{turn}: draw from the stock{top}."
        elif phase is Phase.USE:
            held = self.card_name(view.drawn) if view.drawn else "the card from the stock"
            line = f"{turn}: swap {held} into the grid, or discard it."
        elif phase is Phase.ABDUCT and view.victim is not None and view.abductor is not None:
            chooser = "you choose" if yours else f"{names[view.abductor]} chooses"
            line = (
                f"The joker {view.abducting} strikes {names[view.victim]}: {chooser} a woman "
                "to abduct."
            )
        elif phase is Phase.REFILL_CARD and view.refill is not None:
            seat, pos = view.refill
            line = f"A card comes from the stock for {names[seat]}'s {self.place_name(pos)}."
        elif view.seat is not None and view.seat == view.turn_seat:
            line = "You draw from the stock."
        else:
            line = f"{names[view.turn_seat]} draws from the stock."
        if view.ended_by is not None and yours and phase in (Phase.DRAW, Phase.USE):
            line += (
                f" {names[view.ended_by]} went out: this is your last turn, and your face-down "
                "cards turn up after it."
            )
        elif view.ended_by is not None:
            line += (
                f" {names[view.ended_by]} went out: {view.final_turns_left} final "
                f"turn{'s' if view.final_turns_left != 1 else ''} left."
            )
        return line

    # ---------------------------------------------------------------------------- narration
    def narrate(
        self, step: Step, before: ClecanianView, after: ClecanianView, names: Sequence[str]
    ) -> list[str]:
        """The event as the viewer saw it, then what the rules did because of it."""
        seen = step.seen_by(after.seat)
        rest = list(step.happenings)
        lines: list[str] = []
        if step.actor == CHANCE:
            if step.phase == Phase.DRAW_CARD and seen.arg is not None:
                drawer = names[before.turn_seat]
                code = str(seen.arg)
                if self.deck.card(code).is_joker:
                    lines.append(f"{drawer} draws a joker from the stock: {code}!")
                else:
                    lines.append(f"{drawer}'s card from the stock: {self.card_name(code)}.")
        else:
            lines.append(self._decision(step.actor, seen, before, rest, names))
        lines += self._happenings(rest, after, names)
        return lines

    def _decision(
        self,
        seat: int,
        action: Action,
        before: ClecanianView,
        rest: list[Any],
        names: Sequence[str],
    ) -> str:
        """The line of a seat's decision (taking from ``rest`` the happening it names)."""
        who = names[seat]
        name = action.name
        if name == "draw_stock":
            return f"{who} draws from the stock."
        if name == "draw_discard":
            top = before.discard[-1]
            if self.deck.card(top).is_joker:
                return f"{who} takes the joker {top} from the discard pile!"
            return f"{who} takes {self.card_name(top)} from the discard pile."
        if name == "reveal":
            turned = _take(rest, told.TurnedUp)
            return f"{who} turns up {self._turned([turned])}"
        if name == "swap":
            out = _take(rest, told.SwappedOut)
            place = self.place_name(out.pos)
            gone = (
                f"the face-down card there, {self.card_name(out.removed)}"
                if before.face_down[seat][out.pos]
                else self.card_name(out.removed)
            )
            if self.deck.card(out.removed).is_joker:
                return (
                    f"{who} puts {self.card_name(out.placed)} at {place}; the card there was "
                    f"a joker, {out.removed}!"
                )
            return f"{who} puts {self.card_name(out.placed)} at {place}, discarding {gone}."
        if name == "discard":
            thrown = _take(rest, told.Discarded)
            return f"{who} discards {self.card_name(thrown.card)}."
        if name == "abduct":
            taken = _take(rest, told.Abducted)
            return (
                f"{who} has the joker {taken.joker} abduct {self.card_name(taken.woman)} from "
                f"{names[taken.victim]}'s {self.place_name(taken.pos)}!"
            )
        return f"{who}: {name}"

    def _turned(self, turned: Sequence[told.TurnedUp]) -> str:
        """``top 3: 7♠; bottom 1: a joker, RJ!``: cards turned up, with the full stop."""
        parts, joker = [], False
        for card in turned:
            if self.deck.card(card.card).is_joker:
                parts.append(f"{self.place_name(card.pos)}: a joker, {card.card}")
                joker = True
            else:
                parts.append(f"{self.place_name(card.pos)}: {self.card_name(card.card)}")
        return "; ".join(parts) + ("!" if joker else ".")

    def _happenings(
        self, happenings: Sequence[Any], after: ClecanianView, names: Sequence[str]
    ) -> list[str]:
        lines: list[str] = []
        for key, group in groupby(
            happenings, key=lambda h: (type(h), h.seat if isinstance(h, told.TurnedUp) else -1)
        ):
            items = list(group)
            if key[0] is told.TurnedUp:
                lines.append(f"{names[key[1]]} turns up {self._turned(items)}")
                continue
            lines += [self._happening(h, after, names) for h in items]
        return lines

    def _happening(self, h: Any, after: ClecanianView, names: Sequence[str]) -> str:
        """One happening in words."""
        if isinstance(h, told.Dealt):
            return (
                f"Round {h.round + 1} of {after.rounds}: {names[h.dealer]} deals; the discard "
                f"pile starts with {self.card_name(h.discard)}."
            )
        if isinstance(h, told.SwappedOut):
            return f"{self.card_name(h.removed)} leaves {names[h.seat]}'s {self.place_name(h.pos)}."
        if isinstance(h, told.Discarded):
            return f"{names[h.seat]} discards {self.card_name(h.card)}."
        if isinstance(h, told.JokerStrikes):
            return (
                f"The joker {h.joker} strikes {names[h.victim]}: {names[h.abductor]} chooses "
                f"which of {names[h.victim]}'s face-up women it abducts."
            )
        if isinstance(h, told.NoWoman):
            return f"The joker {h.joker} strikes {names[h.victim]}, who shows no woman to take."
        if isinstance(h, told.Abducted):
            return (
                f"The joker {h.joker} abducts {self.card_name(h.woman)} from "
                f"{names[h.victim]}'s {self.place_name(h.pos)}."
            )
        if isinstance(h, told.JokerPlaced):
            return {
                JokerPlace.UNDER_WOMAN: f"{h.joker} goes onto the discard pile, under her.",
                JokerPlace.DISCARD: f"{h.joker} goes face up onto the discard pile.",
                JokerPlace.STOCK: f"{h.joker} is shuffled back into the stock.",
            }[JokerPlace(h.place)]
        if isinstance(h, told.Refilled):
            place = f"{names[h.seat]}'s {self.place_name(h.pos)}"
            if self.deck.card(h.card).is_joker:
                return f"The stock gives {place} a joker, {h.card}!"
            return f"The stock refills {place} with {self.card_name(h.card)}."
        if isinstance(h, told.Reshuffled):
            return (
                "The stock is empty: the discard pile but its top card "
                f"({h.cards} cards) is shuffled into a new stock."
            )
        if isinstance(h, told.WentOut):
            return f"{names[h.seat]} has every card face up: each other seat takes one final turn."
        if isinstance(h, told.TurnLimit):
            return f"{h.turns} turns and nobody went out: every seat turns up its face-down cards."
        if isinstance(h, told.RoundScored):
            scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(h.scores))
            totals = ", ".join(f"{names[s]} {v}" for s, v in enumerate(after.totals))
            return f"Round {h.round + 1} is over. Scores: {scores} (totals: {totals})."
        if isinstance(h, told.GameEnds):
            won = " and ".join(names[s] for s in h.winners)
            verb = "wins" if len(h.winners) == 1 else "win"
            return f"The game is over: {won} {verb} with the lowest total."
        return str(h)

    def description(self) -> str:
        """Clecanian Golf in one line."""
        return (
            "Golf with the Clecanian cards: swap cards into your face-down grid, set couples or "
            "twins in a column to score low, beware the jokers — the lowest total wins."
        )

    def rules_sections(self) -> list[RulesSection]:
        """Clecanian Golf in plain words, with this game's options and deck."""
        options = self.game.options
        bonuses = " or ".join(str(b) for b in sorted(set(self.deck.bonuses.values())))
        swap_rule = (
            " (a card taken from the discard pile must be swapped in)"
            if options.discard_draw_must_swap
            else ""
        )
        others = sorted(
            {columns_for(n) for n in range(self.game.min_players, self.game.max_players + 1)}
            - {self.columns}
        )
        elsewhere = "".join(
            f" (of {c} with {_listing(_players_with(c, self.game), 'or')} players)" for c in others
        )
        rounds = f"{options.rounds} round{'s' if options.rounds != 1 else ''}"
        jokers = [
            "A joker never scores: whoever draws or turns one up loses a face-up woman, chosen "
            "by the seat to their left, and takes a card from the stock in her place."
        ]
        if options.epilogue:
            jokers.append(
                "Epilogue variant: a joker is shuffled back into the stock once it is resolved."
            )
        return [
            RulesSection("Goal", (
                "Score as few points as you can.",
                f"After {rounds} the lowest total wins.",
            )),
            RulesSection("Your grid", (
                f"Each player has a grid of face-down cards in two rows of {self.columns}"
                f"{elsewhere}; nobody may look at a face-down card, not even its owner.",
                f"Each round starts with every seat turning up {REVEALS_PER_SEAT} of its cards.",
            )),
            RulesSection("Your turn", (
                "Draw the top card of the stock or of the discard pile.",
                "Swap it into your grid (the card it replaces goes face up onto the discard "
                f"pile) or discard it{swap_rule}.",
                "When all your cards are face up, the round ends after one final turn for every "
                "other seat; their face-down cards then turn up.",
            )),
            RulesSection("Scoring", (
                f"Each column scores the sum of its two cards' points: {self._points()}.",
                "Two cards of the same character score 0, and a woman with her mate scores "
                f"their couple's bonus ({bonuses} with this deck).",
            )),
            RulesSection("Couples in this deck", tuple(self._couples())),
            RulesSection("Jokers", tuple(jokers)),
        ]  # fmt: skip

    def _points(self) -> str:
        """What the cards of this deck score: ``2 to 9 their number, A 1, 10 J Q K 10``."""
        ranks: dict[str, set[int]] = {}
        for card in self.deck.cards:
            if not card.is_joker:
                ranks.setdefault(_face(card.code)[:-1] or card.code, set()).add(card.points)
        if any(len(points) != 1 for points in ranks.values()):
            return "each card shows its points"
        numbered = [r for r, (p,) in ranks.items() if r.isdigit() and int(r) == p]
        parts = []
        if numbered:
            low, high = min(numbered, key=int), max(numbered, key=int)
            run = len(numbered) == int(high) - int(low) + 1 and len(numbered) > 2
            listed = f"{low} to {high}" if run else _listing(sorted(numbered, key=int))
            parts.append(f"{listed} their number")
        by_points: dict[int, list[str]] = {}
        for rank, (points,) in ranks.items():
            if rank not in numbered:
                by_points.setdefault(points, []).append(rank)
        parts += [f"{' '.join(r)} {p}" for p, r in sorted(by_points.items())]
        return ", ".join(parts)

    def _couples(self) -> list[str]:
        """Each couple of the deck with its cards and bonus: ``Jade (K♦ K♥) and Theo (K♣ K♠)
        score -10.``"""
        cards: dict[str, list[str]] = {}
        for card in self.deck.cards:
            if card.character is not None:
                cards.setdefault(card.character, []).append(_face(card.code))
        lines = []
        for pair, bonus in self.deck.bonuses.items():
            woman, mate = sorted(pair, key=lambda name: self.deck.sexes[name] != "female")
            people = [f"{n} ({' '.join(cards.get(n, []))})" for n in (woman, mate)]
            lines.append(f"{people[0]} and {people[1]} score {bonus}.")
        return lines or ["This deck has no couples."]

    def option_help(self) -> dict[str, OptionHelp]:
        """Players, rounds, the two rule variants, the turn cap and the deck."""
        game = self.game
        return {
            "players": OptionHelp(
                "Players", f"how many sit at the table, {game.min_players} to {game.max_players}"
            ),
            "rounds": OptionHelp(
                "Rounds", "how many rounds are played; the lowest total after the last one wins"
            ),
            "epilogue": OptionHelp(
                "Epilogue variant",
                "a joker is shuffled back into the stock instead of going to the discard pile",
            ),
            "discard_draw_must_swap": OptionHelp(
                "Discard draws must be swapped in",
                "the common Golf rule: a card taken from the discard pile must go into your "
                "grid, it cannot be thrown away again",
            ),
            "max_turns": OptionHelp(
                "Turn cap per round",
                "a safety cap, not a rule of the game: if nobody has gone out after this many "
                "turns (all seats together), every card turns up and the round is scored",
                advanced=True,
            ),
            "deck": OptionHelp(
                "Deck",
                "the cards played with: the Clecanian Series deck, or a deck of your own written "
                "as JSON data (cards, characters and couples)",
                (
                    OptionChoice(
                        "default", f"the Clecanian Series deck ({len(default_deck())} cards)"
                    ),
                ),
                open_ended=True,
                advanced=True,
            ),
        }

    def score_lines(self, view: ClecanianView, names: Sequence[str]) -> list[str]:
        """Each grid as it scores on what is face up: every complete column, and the total."""
        lines = []
        for seat in range(view.players):
            parts = []
            for column, (score, kind) in enumerate(
                zip(view.column_scores[seat], view.column_kinds[seat], strict=True)
            ):
                if score is not None and kind is not None:
                    shown = str(score) if kind is ColumnKind.PLAIN else f"{kind} {score}"
                    parts.append(f"column {column + 1}: {shown}")
            complete = "; ".join(parts) if parts else "no column complete yet"
            lines.append(
                f"{names[seat]}: {view.grid_scores[seat]} on what is face up ({complete}; "
                "a face-up card without its partner counts its points)."
            )
        if view.round_scores:
            totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view.totals))
            lines.append(f"Totals of the rounds played: {totals} (the lowest wins).")
        return lines

    def round_over(self, step: Step) -> str | None:
        """``Round 1 of 3 is over.`` when ``step`` scored a round that is not the last."""
        happened = step.happenings
        if any(isinstance(h, told.GameEnds) for h in happened):
            return None
        for h in happened:
            if isinstance(h, told.RoundScored):
                return f"Round {h.round + 1} of {self.game.options.rounds} is over."
        return None

    def round_end_lines(self, view: ClecanianView, names: Sequence[str]) -> list[str]:
        """The grids as the last round was scored, two rows per seat, with its score."""
        scores = view.round_scores[-1] if view.round_scores else ()
        lines = []
        for seat, grid in enumerate(view.previous_grids):
            rows = grid_rows(grid, view.columns, self)
            pad = " " * len(names[seat])
            lines.append(f"{names[seat]}: {rows[0]}")
            lines.append(f"{pad}  {rows[1]}   scores {scores[seat] if scores else '?'}")
        return lines


def grid_rows(grid: Sequence[str | None], columns: int, words: ClecanianWords) -> list[str]:
    """A grid as two rows of short card names (``??`` for a face-down card)."""
    return [
        "  ".join(
            f"{_face(grid[row * columns + col]) if grid[row * columns + col] else FACE_DOWN:>3}"
            for col in range(columns)
        )
        for row in range(2)
    ]


def _listing(items: Sequence[str], last: str = "and") -> str:
    """Words in a row: ``2, 3 and 4`` (``2 or 3`` with ``last="or"``)."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _players_with(columns: int, game: ClecanianGame) -> list[str]:
    """The numbers of players whose grids have ``columns`` columns."""
    return [
        str(n) for n in range(game.min_players, game.max_players + 1) if columns_for(n) == columns
    ]


def _face(code: str | None) -> str:
    """A card's rank and suit: ``K♥``, ``10♠`` (a code of another shape as it is)."""
    if code is None:
        return FACE_DOWN
    rank, suit = code[:-1], SUITS.get(code[-1:])
    if not rank or suit is None:
        return code
    return f"{'10' if rank == 'T' else rank}{suit[0]}"


def _take(happenings: list[Any], kind: type[Any]) -> Any:
    """Remove and return the first happening of ``kind``."""
    for index, happening in enumerate(happenings):
        if isinstance(happening, kind):
            return happenings.pop(index)
    raise LookupError(f"no {kind.__name__} in {happenings!r}")
