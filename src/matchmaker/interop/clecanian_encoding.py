"""Clecanian Golf for the research tools: action ids, observations, history entries, bounds.

Action ids: ``reveal p`` is ``p`` (0-9), ``swap p`` is ``10 + p``, ``abduct p`` is ``20 + p``,
then ``draw_stock`` 30, ``draw_discard`` 31, ``discard`` 32 (positions beyond the grid are
never legal). A chance outcome (a card dealt or taken from the stock) is the card's index in
the deck.

The length of a game: a round has ``2n`` initial reveals and at most ``T = max_turns + n - 1``
turns (the limit, plus the final turns of an end triggered on the last allowed turn) of two
decisions each, plus one abduction per joker resolution. A joker, once resolved, lies on the
discard pile until it is drawn from there (once per turn at most) or the stock is rebuilt from
the pile, so (but for the case below) each joker is resolved at most once per turn and per
initial reveal, and ``max_game_length = rounds x (2n + 2T + J x (T + 2n))`` for ``J`` jokers.
The rules do let a joker come back within one chain of jokers (the stock rebuilt during the
chain, or the epilogue variant shuffling it back), so no finite bound holds in theory; going
past this one would take hundreds of such chains in a round, where random games use a few
percent of the allowance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError
from matchmaker.core.game import State
from matchmaker.games.clecanian.actions import (
    ABDUCT_ACTIONS,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    REVEAL_ACTIONS,
    SWAP_ACTIONS,
)
from matchmaker.games.clecanian.determinize import determinize, set_aside_jokers
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.rules import REVEALS_PER_SEAT
from matchmaker.games.clecanian.scoring import column_table
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.interop.codecs import Codec
from matchmaker.interop.layout import (
    WHO_CHANCE,
    WHO_SEEN,
    Entry,
    Layout,
    Piece,
    differences_from_others,
    one_hot,
    who,
)

PHASES = tuple(Phase)

#: The kinds of history entries (the second column of a row).
KIND_DEAL, KIND_STOCK, KIND_REFILL = 1, 2, 3
KIND_REVEAL, KIND_DRAW_STOCK, KIND_DRAW_DISCARD = 4, 5, 6
KIND_SWAP, KIND_DISCARD, KIND_ABDUCT = 7, 8, 9
KIND_SEEN_GRID, KIND_SEEN_DISCARD, KIND_SEEN_JOKER = 10, 11, 12
SEAT_KINDS = {
    "reveal": (KIND_REVEAL, "reveals position"),
    "draw_stock": (KIND_DRAW_STOCK, "draws from the stock"),
    "draw_discard": (KIND_DRAW_DISCARD, "takes the top of the discard pile"),
    "swap": (KIND_SWAP, "swaps the drawn card into position"),
    "discard": (KIND_DISCARD, "discards the drawn card"),
    "abduct": (KIND_ABDUCT, "abducts the woman at position"),
}

ACTIONS: tuple[Action, ...] = (
    *REVEAL_ACTIONS,
    *SWAP_ACTIONS,
    *ABDUCT_ACTIONS,
    DRAW_STOCK,
    DRAW_DISCARD,
    DISCARD,
)
IDS = {action: index for index, action in enumerate(ACTIONS)}

#: A public snapshot: the cards in sight in the grids, the discard pile, the jokers in play.
Snapshot = tuple[tuple[tuple[str | None, ...], ...], tuple[str, ...], tuple[str, ...]]


class ClecanianCodec(Codec):
    """Clecanian Golf with fixed options, encoded for OpenSpiel, PettingZoo and Gymnasium."""

    game_name: ClassVar[str] = "clecanian"
    game: ClecanianGame

    def __init__(self, game: ClecanianGame) -> None:
        super().__init__(game)
        options = game.options
        deck = options.deck
        n, cols = options.players, options.columns
        size = 2 * cols
        cards = len(deck)
        jokers = sum(deck.is_joker)
        self.num_actions = len(ACTIONS)
        self.max_chance_outcomes = cards
        turns = options.max_turns + n - 1
        resolutions = jokers * (turns + 2 * n)
        self.max_game_length = options.rounds * (2 * n + 2 * turns + resolutions)
        self.history_capacity = options.rounds * (
            2 * n * size + 2 * n + 2 + 6 * turns + 10 * resolutions
        )
        plain = [c for c in deck.cards if not c.is_joker]
        table = column_table(deck)
        columns = [table[a.index][b.index] for a in plain for b in plain if a is not b]
        low, high = min(columns), max(columns)
        self.max_utility = float(options.rounds * cols * (high - low))
        self.min_utility = -self.max_utility
        self._index = deck.by_code
        self.observation_layout = Layout(
            (
                Piece("observer", (n,)),
                Piece("phase", (len(PHASES),)),
                Piece("to_act", (n,)),
                Piece("turn_seat", (n,)),
                Piece("dealer", (n,)),
                Piece("round", (1,), 0.0, float(options.rounds)),
                Piece("grid", (n, size, cards + 2)),
                Piece("discard", (cards,)),
                Piece("discard_top", (cards,)),
                Piece("stock_size", (1,), 0.0, float(cards)),
                Piece("drawn", (cards,)),
                Piece("drawn_by", (n,)),
                Piece("drawn_from", (2,)),
                Piece("victim", (n,)),
                Piece("abducting", (cards,)),
                Piece("refill", (n, size)),
                Piece("turns", (1,), 0.0, float(options.max_turns + n)),
                Piece("ended_by", (n,)),
                Piece("final_turns_left", (1,), 0.0, float(max(n - 1, 1))),
                Piece("reveals_left", (1,), 0.0, float(REVEALS_PER_SEAT)),
                Piece(
                    "totals",
                    (n,),
                    float(options.rounds * cols * low),
                    float(options.rounds * cols * high),
                ),
            )
        )

    # ---------------------------------------------------------------------------- actions
    def action_id(self, action: Action) -> int:
        """The id of an action, or of a chance outcome (the card's index in the deck)."""
        if action.name == "chance":
            return self._index[str(action.arg)]
        return IDS[action]

    def seat_action(self, action_id: int) -> Action:
        """The seat's action with this id."""
        if 0 <= action_id < len(ACTIONS):
            return ACTIONS[action_id]
        raise EventError(f"{action_id} is not an action id of Clecanian Golf")

    def chance_action(self, action_id: int) -> Action:
        """The chance outcome with this id: the card of that index taken from the stock."""
        if 0 <= action_id < self.max_chance_outcomes:
            return self.game.options.deck.chance[action_id]
        raise EventError(f"{action_id} is not a card index of this deck")

    # ---------------------------------------------------------------------------- history
    def _card(self, code: str | int | None) -> int:
        return 0 if code is None else self._index[str(code)] + 1

    def make_entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """The history entry of an event as a viewer saw it."""
        if actor == CHANCE:
            card = self._card(seen.arg)
            code = seen.arg
            if phase is Phase.DEAL:
                text = (
                    "a card is dealt face down" if code is None else f"the discard starts: {code}"
                )
                return Entry(text, (WHO_CHANCE, KIND_DEAL, 0, 0, card))
            if phase is Phase.DRAW_CARD:
                text = (
                    "the stock gives a hidden card" if code is None else f"the stock gives {code}"
                )
                return Entry(text, (WHO_CHANCE, KIND_STOCK, 0, 0, card))
            return Entry(f"the stock refills with {code}", (WHO_CHANCE, KIND_REFILL, 0, 0, card))
        kind, verb = SEAT_KINDS[seen.name]
        if seen.arg is None:
            return Entry(f"seat {actor} {verb}", (who(actor), kind, 0, 0, 0))
        pos = int(seen.arg)
        return Entry(f"seat {actor} {verb} {pos}", (who(actor), kind, 0, pos + 1, 0))

    def initial_snapshot(self, state: State[Any]) -> Snapshot:
        """The public cards in sight: none before the deal."""
        return self._snapshot(state)

    def _snapshot(self, state: State[Any]) -> Snapshot:
        view = state.public_view()
        assert isinstance(view, ClecanianView)
        return view.grids, view.discard, tuple(set_aside_jokers(self.game, view))

    def reveals(
        self, state: State[Any], snapshot: Any
    ) -> tuple[tuple[Entry, ...], dict[int, tuple[Entry, ...]], Any]:
        """The cards an event brought into everybody's sight: in a grid, on the discard pile,
        or a joker being resolved."""
        new = self._snapshot(state)
        old_grids, old_discard, old_jokers = snapshot
        grids, discard, jokers = new
        seen: list[Entry] = []
        if grids != old_grids:
            for seat, (before, after) in enumerate(zip(old_grids, grids, strict=True)):
                if before == after:
                    continue
                for pos, (a, b) in enumerate(zip(before, after, strict=True)):
                    if b is not None and a != b:
                        seen.append(self._seen_grid(seat, pos, b))
        if discard != old_discard:
            common = 0
            for a, b in zip(old_discard, discard, strict=False):
                if a != b:
                    break
                common += 1
            seen.extend(self._seen_discard(code) for code in discard[common:])
        seen.extend(self._seen_joker(code) for code in jokers if code not in old_jokers)
        return tuple(seen), {}, new

    def _seen_grid(self, seat: int, pos: int, code: str) -> Entry:
        return self.cached(
            ("grid", seat, pos, code),
            lambda: Entry(
                f"seat {seat} position {pos} shows {code}",
                (WHO_SEEN, KIND_SEEN_GRID, seat + 1, pos + 1, self._card(code)),
            ),
        )

    def _seen_discard(self, code: str) -> Entry:
        return self.cached(
            ("discard", code),
            lambda: Entry(
                f"{code} lies on the discard pile",
                (WHO_SEEN, KIND_SEEN_DISCARD, 0, 0, self._card(code)),
            ),
        )

    def _seen_joker(self, code: str) -> Entry:
        return self.cached(
            ("joker", code),
            lambda: Entry(
                f"joker {code} is resolved", (WHO_SEEN, KIND_SEEN_JOKER, 0, 0, self._card(code))
            ),
        )

    # --------------------------------------------------------------------------- sampling
    def can_sample(self, view: Any) -> bool:
        """Sampling needs the round's deal complete."""
        return bool(view.phase is not Phase.DEAL)

    def sample(self, view: Any, rng: random.Random) -> State[Any]:
        """A full state consistent with ``view`` (``games.clecanian.determinize``)."""
        return determinize(self.game, view, rng)

    # ------------------------------------------------------------------------ observations
    def encode_observation(self, view: Any, pieces: Mapping[str, np.ndarray]) -> None:
        """Write a Clecanian Golf view into the pieces of an observation tensor."""
        assert isinstance(view, ClecanianView)
        index, cards = self._index, self.max_chance_outcomes
        one_hot(pieces["observer"], view.seat)
        pieces["phase"][PHASES.index(view.phase)] = 1.0
        if view.to_act >= 0:
            pieces["to_act"][view.to_act] = 1.0
        pieces["turn_seat"][view.turn_seat] = 1.0
        pieces["dealer"][view.dealer] = 1.0
        pieces["round"][0] = float(view.round)
        grid = pieces["grid"]
        for seat, row in enumerate(view.grids):
            down = view.face_down[seat]
            for pos, code in enumerate(row):
                if code is not None:
                    grid[seat, pos, index[code]] = 1.0
                elif down[pos]:
                    grid[seat, pos, cards] = 1.0
                else:
                    grid[seat, pos, cards + 1] = 1.0
        for code in view.discard:
            pieces["discard"][index[code]] = 1.0
        if view.discard:
            pieces["discard_top"][index[view.discard[-1]]] = 1.0
        pieces["stock_size"][0] = float(view.stock_size)
        if view.drawn is not None:
            pieces["drawn"][index[view.drawn]] = 1.0
        one_hot(pieces["drawn_by"], view.drawn_by)
        if view.drawn_from is not None:
            pieces["drawn_from"][0 if view.drawn_from == "stock" else 1] = 1.0
        one_hot(pieces["victim"], view.victim)
        if view.abducting is not None:
            pieces["abducting"][index[view.abducting]] = 1.0
        if view.refill is not None:
            pieces["refill"][view.refill] = 1.0
        pieces["turns"][0] = float(view.turns)
        one_hot(pieces["ended_by"], view.ended_by)
        pieces["final_turns_left"][0] = float(view.final_turns_left)
        pieces["reveals_left"][0] = float(view.reveals_left)
        pieces["totals"][:] = _totals(view)

    def observation_text(self, view: Any) -> str:
        """A Clecanian Golf view as one line of text (``##`` face down, ``..`` empty)."""
        assert isinstance(view, ClecanianView)
        parts = [
            "spectator" if view.seat is None else f"seat {view.seat}",
            f"round {view.round + 1}/{view.rounds}",
            f"dealer {view.dealer}",
            view.phase,
        ]
        if view.to_act >= 0:
            parts.append(f"to act {view.to_act}")
        parts.append(f"turn {view.turns} (seat {view.turn_seat})")
        if view.reveals_left:
            parts.append(f"reveals left {view.reveals_left}")
        if view.ended_by is not None:
            parts.append(f"ended by {view.ended_by}, final turns left {view.final_turns_left}")
        cols = view.columns
        for seat, row in enumerate(view.grids):
            cells = [
                code if code is not None else "##" if view.face_down[seat][pos] else ".."
                for pos, code in enumerate(row)
            ]
            parts.append(f"grid {seat} " + " ".join(cells[:cols]) + " / " + " ".join(cells[cols:]))
        parts.append("discard " + (" ".join(view.discard) or "-"))
        parts.append(f"stock {view.stock_size}")
        if view.drawn_by is not None:
            parts.append(f"drawn by {view.drawn_by} from {view.drawn_from}: {view.drawn or '??'}")
        if view.abducting is not None:
            parts.append(f"{view.abducting} abducts from seat {view.victim}")
        if view.refill is not None:
            parts.append(f"refill seat {view.refill[0]} position {view.refill[1]}")
        parts.append("totals " + " ".join(map(str, _totals(view))))
        return " | ".join(parts)

    # ----------------------------------------------------------------------------- results
    def returns(self, state: State[Any]) -> list[float]:
        """Zero until the end; then the others' mean total minus each seat's total."""
        if not state.is_over:
            return [0.0] * self.players
        return differences_from_others(state.result().scores, lowest_wins=True)


def _totals(view: ClecanianView) -> list[int]:
    return [sum(r[s] for r in view.round_scores) for s in range(view.players)]
