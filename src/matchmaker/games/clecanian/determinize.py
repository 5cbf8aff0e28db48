"""Sampling a whole Clecanian Golf state consistent with what one seat knows.

Nobody knows the face-down cards, nor the order of the stock: every card not in sight (not face
up in a grid, not on the discard pile, not this seat's drawn card, not a joker being resolved)
is equally likely to be any of the face-down cards, another seat's drawn card, or in the stock.
(Cards seen earlier and reshuffled into the stock are treated like never-seen cards, a small
approximation.) The result is a state a search bot may play out as it likes: its own imagined
world, not the real game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from matchmaker.core.errors import SamplingError
from matchmaker.games.clecanian.game import ClecanianGame
from matchmaker.games.clecanian.phases import Phase
from matchmaker.games.clecanian.position import EMPTY, ClecanianPosition
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.steps import CARD_STEPS, STEP_TYPES, JokerDone, Step
from matchmaker.games.clecanian.view import ClecanianView


def set_aside_jokers(game: ClecanianGame, view: ClecanianView) -> list[str]:
    """Jokers out of play while they are resolved: the one whose abduction is being chosen,
    and in the epilogue variant every joker not yet shuffled back into the stock."""
    jokers = []
    if game.options.epilogue:
        jokers = [str(step[-1]) for step in view.pending if STEP_TYPES[str(step[0])] is JokerDone]
    if view.phase is Phase.ABDUCT and view.abducting is not None and view.abducting not in jokers:
        jokers.append(view.abducting)
    return jokers


def unseen_cards(game: ClecanianGame, view: ClecanianView) -> list[int]:
    """The cards nobody can place from this view, by deck index."""
    deck = game.options.deck
    seen = {code for grid in view.grids for code in grid if code is not None}
    seen.update(view.discard)
    if view.drawn is not None:
        seen.add(view.drawn)
    seen.update(set_aside_jokers(game, view))
    return [card.index for card in deck.cards if card.code not in seen]


def determinize(game: ClecanianGame, view: ClecanianView, rng: random.Random) -> ClecanianState:
    """A full state that gives ``view.seat`` exactly its view, hidden cards drawn from ``rng``
    (SamplingError before the deal is complete, or for a view that does not fit the deck)."""
    return WorldSampler(game, view).sample(rng)


class WorldSampler:
    """Samples worlds of one view (``determinize``): what the view fixes is worked out once,
    and each world only shuffles the unseen cards and deals them out (a search asks for
    hundreds of worlds of the same view)."""

    def __init__(self, game: ClecanianGame, view: ClecanianView) -> None:
        if view.phase is Phase.DEAL:
            raise SamplingError("nothing to sample before the deal is complete")
        deck = game.options.deck
        index = deck.by_code
        self.game = game
        self.chance = deck.chance
        #: The unseen cards, in the order they are shuffled from.
        self.cards = unseen_cards(game, view)
        self.hidden_drawn = view.phase is Phase.USE and view.drawn is None
        needed = sum(sum(flags) for flags in view.face_down) + self.hidden_drawn + view.stock_size
        if needed != len(self.cards):
            raise SamplingError("the view does not fit the deck")
        n, size = game.players, 2 * game.options.columns
        self.players = n
        self.columns = game.options.columns
        #: Each seat's grid with the cards in sight, and the places that take an unseen card
        #: (in the order they are dealt from the shuffled cards).
        self.grid = [[EMPTY] * size for _ in range(n)]
        self.hidden: list[tuple[int, int]] = []
        for seat in range(n):
            for pos in range(size):
                code = view.grids[seat][pos]
                if code is not None:
                    self.grid[seat][pos] = index[code]
                elif view.face_down[seat][pos]:
                    self.hidden.append((seat, pos))
        self.drawn = EMPTY
        if view.phase is Phase.USE and not self.hidden_drawn:
            self.drawn = index[str(view.drawn)]
        self.view = view
        self.up = [[not down for down in flags] for flags in view.face_down]
        self.face_down = [sum(flags) for flags in view.face_down]
        self.discard = [index[code] for code in view.discard]
        self.steps = [_step(step, index) for step in view.pending]
        self.refill_to: tuple[int, int] = (
            view.refill if view.phase is Phase.REFILL_CARD and view.refill else (EMPTY, EMPTY)
        )
        self.abduction: tuple[int, int] = (
            (view.victim, index[view.abducting])
            if view.phase is Phase.ABDUCT and view.victim is not None and view.abducting is not None
            else (EMPTY, EMPTY)
        )
        self.ender = EMPTY if view.ended_by is None else view.ended_by
        self.phase = Phase(view.phase)
        self.round_scores = [list(r) for r in view.round_scores]
        self.previous_grids = [[index[c] for c in g] for g in view.previous_grids]

    def sample(self, rng: random.Random) -> ClecanianState:
        """One world: the unseen cards shuffled by ``rng`` and dealt to the face-down places
        (seat by seat, position by position, each from the end of the shuffled cards), then
        the hidden drawn card, the rest in the stock."""
        cards = self.cards[:]
        rng.shuffle(cards)
        grid = [g[:] for g in self.grid]
        for seat, pos in self.hidden:
            grid[seat][pos] = cards.pop()
        drawn = cards.pop() if self.hidden_drawn else self.drawn
        view = self.view
        chance = self.chance
        position = ClecanianPosition(
            players=self.players,
            columns=self.columns,
            round=view.round,
            dealer=view.dealer,
            grid=grid,
            up=[u[:] for u in self.up],
            face_down=self.face_down[:],
            stock=[chance[c] for c in cards],
            discard=self.discard[:],
            dealt=self.players * 2 * self.columns + 1,
            drawn=drawn,
            drawn_from_discard=view.drawn_from == "discard",
            steps=self.steps[:],
            refill_to=self.refill_to,
            abduction=self.abduction,
            turns=view.turns,
            ender=self.ender,
            final_turns_left=view.final_turns_left,
            reveals_left=view.reveals_left,
            turn_seat=view.turn_seat,
            phase=self.phase,
            actor=view.to_act,
            round_scores=[r[:] for r in self.round_scores],
            previous_grids=[g[:] for g in self.previous_grids],
        )
        return ClecanianState(self.game, position)


def _step(step: tuple[str | int, ...], index: Mapping[str, int]) -> Step:
    """A public step of the view back into the engine's form."""
    kind = STEP_TYPES[str(step[0])]
    args = list(step[1:])
    if kind in CARD_STEPS:
        args[-1] = index[str(args[-1])]
    return kind(*(int(a) for a in args))
