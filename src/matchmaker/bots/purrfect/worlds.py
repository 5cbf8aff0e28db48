"""The imagined deals of the strong Purrfect Match bot: the hidden cats dealt at random, then the
candidates chosen against the cat on show as their owners' nomination rule would choose them.

``WorldSampler`` (``games/purrfect/determinize.py``) deals every cat a seat cannot see at random:
the others' hands, their unknown candidates and the excess. But a candidate is not any cat its
owner holds: it was chosen against the cat on show, by a rule that takes the owner's best cat
when the match is worth having and its lowest otherwise. A proposer that imagined the candidates
still to come as any unseen cats would take a good candidate in front of it for better than the
rest, when against a high cat on show the rest are the owners' best. ``ForeseenWorlds`` deals
the cats as ``WorldSampler`` does, then, for each other seat whose unknown candidate was
nominated this round (against the cat on show), puts back its candidate among the cats it holds
in the imagined deal and takes as its candidate the cat the greedy rule nominates from them
(``Rules.nominate``, with that seat's weight for the proposer's gain as the seat reading the
view imagines it): the very rule a greedy proposer foresees (``Rules.nomination_dist``). Only
what the seat's view shows is used, so two deals that differ in cats the seat cannot see give
the same imagined deals.
"""

from __future__ import annotations

import random

from matchmaker.bots.purrfect.greedy import Reading
from matchmaker.games.purrfect.determinize import WorldSampler
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.state import PurrfectState


def foreseen_seats(reading: Reading) -> list[int]:
    """The seats whose candidate ``reading``'s seat cannot see and that was nominated this
    round, against the cat on show (none outside a round, or before a cat is shown)."""
    view = reading.view
    if view.proposer_cat is None or view.proposer is None:
        return []
    return [
        seat
        for seat in range(view.players)
        if seat not in (view.seat, view.proposer)
        and seat not in reading.known
        and reading.nominated_this_round(seat)
    ]


class ForeseenWorlds:
    """Full states consistent with one seat's view, their candidates nominated against the cat
    on show foreseen by the nomination rule (see the module docstring)."""

    def __init__(self, game: PurrfectGame, reading: Reading) -> None:
        self.sampler = WorldSampler(game, reading.view)
        view = reading.view
        proposer = view.proposer
        #: Each foreseen seat with its weight for the proposer's gain, as this seat reads it.
        self.owners = (
            []
            if proposer is None
            else [(seat, reading.weight(seat, proposer)) for seat in foreseen_seats(reading)]
        )
        self.cat = view.proposer_cat or 0
        self.rules = reading.rules

    def sample(self, rng: random.Random) -> PurrfectState:
        """One full state: the unseen cats shuffled by ``rng`` (``WorldSampler.sample``), then
        each foreseen seat's candidate the cat the rule nominates from the cats it holds."""
        world = self.sampler.sample(rng)
        position = world.position
        for seat, weight in self.owners:
            held = position.hands[seat]
            held[position.candidate[seat]] += 1
            nominated = self.rules.nominate(held, self.cat, weight)
            held[nominated] -= 1
            position.candidate[seat] = nominated
        return world
