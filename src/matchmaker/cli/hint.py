"""The ``hint`` command of terminal play: what the ``hard`` bot's search judges best from the
person's own view, with the expected advantage of each choice (``matchmaker.analysis``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from matchmaker.analysis import Evaluation, evaluator_for
from matchmaker.analysis.review import DEFAULT_WORLDS
from matchmaker.bots.talk import Claim
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.words import GameWords

#: Choices listed by a hint, best first.
SHOWN = 5


class Adviser:
    """Follows the game as the person's seat sees it (events and table talk), and judges a
    decision from the seat's view on request."""

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.evaluator = evaluator_for(game, seat, f"{seed}/hint")
        self.asked = 0

    def observe(self, actor: int, action: Action) -> None:
        """An event as the seat saw it."""
        self.evaluator.observe(actor, action)

    def hear(self, claim: Claim) -> None:
        """A claim at the table."""
        self.evaluator.hear(claim)

    def advise(self, view: Any, legal: Sequence[Action]) -> Evaluation:
        """Every choice of ``legal`` judged from ``view`` (seeded: asking twice at the same
        decision may differ by the noise only)."""
        self.asked += 1
        rng = random.Random(f"{self.seed}/hint/{self.asked}")
        return self.evaluator.evaluate(view, legal, DEFAULT_WORLDS[self.game.name], rng)


def hint_lines(evaluation: Evaluation, words: GameWords[Any]) -> list[str]:
    """The hint as lines: the best choice, then each of the best few with its expected
    advantage and how far it falls behind the best (in the game's points)."""
    best = evaluation.best
    lines = [
        f"Best by the hard bot's search: {words.choice_key(best.action)} (judged from what you "
        f"can see, over {evaluation.worlds} imagined deals)."
    ]
    ranked = sorted(evaluation.estimates, key=lambda e: -e.value)
    for estimate in ranked[:SHOWN]:
        gap = best.value - estimate.value
        behind = "best" if estimate is best else f"{gap:.1f} points behind"
        if estimate is not best and gap <= 2 * estimate.stderr:
            behind += ", within the noise"
        lines.append(f"  {words.choice_key(estimate.action):<18} {estimate.value:+6.1f}  {behind}")
    if len(ranked) > SHOWN:
        lines.append(f"  … and {len(ranked) - SHOWN} more")
    lines.append("(expected advantage over the others, in points: higher is better)")
    return lines
