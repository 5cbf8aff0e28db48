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
    if view.phase is Phase.DEAL:
        raise SamplingError("nothing to sample before the deal is complete")
    deck = game.options.deck
    index = deck.by_code
    cards = unseen_cards(game, view)
    rng.shuffle(cards)
    hidden_drawn = view.phase is Phase.USE and view.drawn is None
    needed = sum(sum(flags) for flags in view.face_down) + hidden_drawn + view.stock_size
    if needed != len(cards):
        raise SamplingError("the view does not fit the deck")

    n, size = game.players, 2 * game.options.columns
    grid = [[EMPTY] * size for _ in range(n)]
    for seat in range(n):
        for pos in range(size):
            code = view.grids[seat][pos]
            if code is not None:
                grid[seat][pos] = index[code]
            elif view.face_down[seat][pos]:
                grid[seat][pos] = cards.pop()
    drawn = EMPTY
    if view.phase is Phase.USE:
        drawn = cards.pop() if hidden_drawn else index[str(view.drawn)]
    position = ClecanianPosition(
        players=n,
        columns=game.options.columns,
        round=view.round,
        dealer=view.dealer,
        grid=grid,
        up=[[not down for down in flags] for flags in view.face_down],
        face_down=[sum(flags) for flags in view.face_down],
        stock=[deck.chance[c] for c in cards],
        discard=[index[code] for code in view.discard],
        dealt=n * size + 1,
        drawn=drawn,
        drawn_from_discard=view.drawn_from == "discard",
        steps=[_step(step, index) for step in view.pending],
        refill_to=view.refill
        if view.phase is Phase.REFILL_CARD and view.refill
        else (EMPTY, EMPTY),
        abduction=(view.victim, index[view.abducting])
        if view.phase is Phase.ABDUCT and view.victim is not None and view.abducting is not None
        else (EMPTY, EMPTY),
        turns=view.turns,
        ender=EMPTY if view.ended_by is None else view.ended_by,
        final_turns_left=view.final_turns_left,
        reveals_left=view.reveals_left,
        turn_seat=view.turn_seat,
        phase=Phase(view.phase),
        actor=view.to_act,
        round_scores=[list(r) for r in view.round_scores],
        previous_grids=[[index[c] for c in g] for g in view.previous_grids],
    )
    return ClecanianState(game, position)


def _step(step: tuple[str | int, ...], index: Mapping[str, int]) -> Step:
    """A public step of the view back into the engine's form."""
    kind = STEP_TYPES[str(step[0])]
    args = list(step[1:])
    if kind in CARD_STEPS:
        args[-1] = index[str(args[-1])]
    return kind(*(int(a) for a in args))
