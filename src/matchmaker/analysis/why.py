"""Why a choice was good or bad, in the player's words: the reason of a reviewed decision (and
of a hint's best choice).

A reason joins two things. **What the choice visibly does**, from the rules and the deciding
seat's view alone: each game's ``Why`` names it (``effect``), with the engine's own scoring and
the game's words for cards, places and seats (a swap that completes a couple, a discard the next
seat can take, a proposal to a candidate the seat inspected). And **where the points go**, from
what the evaluator measured (``evaluate.Parts``): the seat's own expected result against the
others', and the seat that gains most. Nothing here reads the true state or a sampled world: a
reason speaks only of what the seat could see, and of the evaluator's figures.

For a choice that lost points the reason names the better choice, with what it does when that
helps (``swap bottom 1 puts K♣ Theo under K♥ Jade: a -10 couple in column 1``) and what the
choice did when that hurt (``discard hands K♣ Theo to the next seat, seat 1: the mate of its K♥
Jade at top 1 (a -10 couple): swap bottom 5 instead``), then the figures in brackets (``your
expected total 5.6 lower, seat 1's 13.5 higher``). The best choice gets a short confirmation:
what it does when that helps, else its expected standing. See docs/review.md.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from matchmaker.analysis.evaluate import Estimate, Evaluation
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.words.base import GameWords
from matchmaker.words.seats import seat_number

ViewT = TypeVar("ViewT")

#: Game id -> "module:Class" of its reasons, imported when first asked for.
WHY: dict[str, str] = {
    "clecanian": "matchmaker.analysis.why_clecanian:ClecanianWhy",
    "purrfect": "matchmaker.analysis.why_purrfect:PurrfectWhy",
}

#: How a choice's visible effect bears on the deciding seat.
GOOD, PLAIN, BAD = 1, 0, -1


@dataclass(frozen=True)
class Effect:
    """What a choice visibly does, as a phrase that follows the choice's name (``puts K♣ Theo
    under K♥ Jade: a -10 couple in column 1``), and whether that helps the seat (``GOOD``),
    hurts it (``BAD``) or just says what happens (``PLAIN``)."""

    text: str
    tone: int = PLAIN


def seat_name(seat: int) -> str:
    """A seat in a reason when the record does not say who sat there, counted from 1 as
    people count: ``seat 2``."""
    return f"seat {seat_number(seat)}"


def points(value: float) -> str:
    """A figure of points with one decimal: ``9.6``, ``-3.2``."""
    return f"{value:.1f}"


def signed(value: int) -> str:
    """A score of the rules: ``-10``, ``0``, ``17``."""
    return str(value)


class Why(ABC, Generic[ViewT]):
    """The reasons of one game: each choice's visible effect from the seat's view, and the
    evaluator's figures in the game's terms."""

    def __init__(self, words: GameWords[ViewT], labels: Sequence[str] | None = None) -> None:
        self.words = words
        self.game = words.game
        #: Every seat's name at the table (``words.recorded``), or None: ``seat N``.
        self.labels = labels

    def seat_name(self, seat: int) -> str:
        """A seat in a reason: its name at the table (``Bob``, ``hard bot``), or ``seat N``
        when the record does not say who sat there."""
        return self.labels[seat] if self.labels is not None else seat_name(seat)

    @abstractmethod
    def effect(self, view: ViewT, action: Action) -> Effect | None:
        """What ``action`` visibly does for ``view.seat``, from the view and the rules; None
        when there is nothing to say beyond its name."""

    @abstractmethod
    def figures(self, evaluation: Evaluation, better: Estimate, worse: Estimate) -> str:
        """Where the points between ``better`` and ``worse`` go, in the game's terms, from the
        evaluator's parts: ``your expected total 9.6 lower``, the figures of ``better`` against
        those of ``worse``."""

    @abstractmethod
    def standing(self, evaluation: Evaluation, estimate: Estimate) -> str:
        """What ``estimate`` leads to by the evaluator's parts, for a confirmation: ``your
        expected total 12.3 against 15.1 for the lowest other``."""

    def reason(self, evaluation: Evaluation, action: Action, loss: float) -> str:
        """The reason of choosing ``action`` in ``evaluation``'s decision, which lost ``loss``
        expected points (0: the best, within the noise)."""
        view = evaluation.view
        chosen = evaluation.of(action)
        name = self.words.choice_key(action)
        mine = self.effect(view, action) if view is not None else None
        if loss <= 0:
            if mine is not None and mine.tone == GOOD:
                return f"{name} {mine.text}: the best choice here"
            return f"{name}: the best choice here ({self.standing(evaluation, chosen)})"
        best = evaluation.best
        best_name = self.words.choice_key(best.action)
        theirs = self.effect(view, best.action) if view is not None else None
        figures = self.figures(evaluation, best, chosen)
        bad = mine is not None and mine.tone == BAD
        if theirs is not None and theirs.tone == GOOD:
            if bad:
                assert mine is not None
                return f"{name} {mine.text}; {best_name} {theirs.text} ({figures})"
            return f"{best_name} {theirs.text} ({figures})"
        if bad:
            assert mine is not None
            return f"{name} {mine.text}: {best_name} instead ({figures})"
        if theirs is not None:
            return f"{best_name} {theirs.text}, rather than {name} ({figures})"
        return f"{best_name} rather than {name} ({figures})"


def why_for(words: GameWords[Any], labels: Sequence[str] | None = None) -> Why[Any]:
    """The reasons of the game ``words`` speak for, naming seats by ``labels`` when given
    (OptionError for a game without them)."""
    target = WHY.get(words.game.name)
    if target is None:
        raise OptionError(f"no reasons for the game {words.game.name!r}")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    found: Why[Any] = cls(words, labels)
    return found


def reason(
    words: GameWords[Any],
    evaluation: Evaluation,
    action: Action,
    loss: float,
    labels: Sequence[str] | None = None,
) -> str:
    """The reason of choosing ``action`` (which lost ``loss`` expected points) in the decision
    ``evaluation`` judged, in the words of its game, naming seats by ``labels`` when given."""
    return why_for(words, labels).reason(evaluation, action, loss)


def largest(values: Sequence[float], among: Sequence[int]) -> int:
    """The seat of ``among`` whose value is the largest (the first such)."""
    return max(among, key=lambda s: values[s])
