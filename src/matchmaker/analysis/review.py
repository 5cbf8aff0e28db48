"""A finished (or unfinished) game reviewed decision by decision: for every decision of the
chosen seats, what it cost against the best action as the seat's own view could judge it
(``analysis.evaluate``), a mark, and per seat its accuracy and mean loss. See docs/review.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matchmaker.analysis.evaluate import Evaluation, Evaluator
from matchmaker.analysis.registry import evaluator_for
from matchmaker.analysis.why import reason
from matchmaker.bots.talk import Claim
from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver
from matchmaker.core.errors import OptionError
from matchmaker.core.records import game_of_record
from matchmaker.core.seats import check_seat
from matchmaker.words import words_for

#: The marks, by the expected points a decision lost: at most the first bound is ``good``, the
#: second ``inaccuracy``, the third ``mistake``, more ``blunder``; a loss of 0 (within the
#: noise of the evaluation) is ``best``. Clecanian Golf points are a round's, Purrfect Match's
#: the final score's, so the bounds differ.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "clecanian": (1.0, 3.0, 7.0),
    "purrfect": (0.5, 1.5, 4.0),
}
#: Sampled worlds per decision by default (``--worlds``).
DEFAULT_WORLDS: dict[str, int] = {"clecanian": 200, "purrfect": 1000}


def mark(game: str, loss: float) -> str:
    """The mark of a decision that lost ``loss`` expected points in ``game``."""
    if loss <= 0:
        return "best"
    good, inaccuracy, mistake = THRESHOLDS[game]
    if loss <= good:
        return "good"
    if loss <= inaccuracy:
        return "inaccuracy"
    if loss <= mistake:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision: its number among the game's decisions (from 0, chance not
    counted), its place in the game's events (``Game.record_events``: chance outcomes and
    deals included, the table's seq), the seat, the action chosen and the best (as a person
    types them), the loss (expected points, 0 for the best or within the noise), its mark, the
    reason, and every action's expected advantage."""

    index: int
    event: int
    seat: int
    action: str
    best: str
    loss: float
    mark: str
    why: str
    values: dict[str, float]
    #: The worlds it was judged in (fewer than asked when a time budget ran out).
    worlds: int = 0

    def to_json(self) -> dict[str, Any]:
        """The decision as ``matchmaker review --json`` prints it."""
        return {
            "index": self.index,
            "event": self.event,
            "seat": self.seat,
            "action": self.action,
            "best": self.best,
            "loss": round(self.loss, 2),
            "mark": self.mark,
            "why": self.why,
            "values": {k: round(v, 2) for k, v in self.values.items()},
            "worlds": self.worlds,
        }


@dataclass(frozen=True)
class SeatReview:
    """One seat's decisions reviewed, with its accuracy (the share of decisions within the noise
    of the best), its mean loss a decision, and its luck."""

    seat: int
    decisions: tuple[DecisionReview, ...]
    #: The points the cards decided: the seat's actual advantage minus what its own play made
    #: expected (see ``Luck``); None when the game's periods were not finished.
    luck: float | None = None

    @property
    def accuracy(self) -> float:
        """The share of its decisions that were the best (within the noise)."""
        if not self.decisions:
            return 1.0
        return sum(d.loss == 0 for d in self.decisions) / len(self.decisions)

    @property
    def mean_loss(self) -> float:
        """Expected points lost a decision, on average."""
        if not self.decisions:
            return 0.0
        return sum(d.loss for d in self.decisions) / len(self.decisions)

    def to_json(self) -> dict[str, Any]:
        """The seat's review as ``matchmaker review --json`` prints it."""
        return {
            "seat": self.seat,
            "accuracy": round(self.accuracy, 3),
            "mean_loss": round(self.mean_loss, 3),
            "luck": None if self.luck is None else round(self.luck, 2),
            "decisions": [d.to_json() for d in self.decisions],
        }


class Luck:
    """How much the cards, not the choices, decided a seat's result. In each period (a Clecanian
    round, a whole Purrfect game) the seat's first reviewed decision gives the advantage its
    play was expected to reach (the chosen action's value: the play-outs play on from there);
    every later decision's loss lowers that expectation. When the period ends, luck gains the
    actual advantage minus that expectation: positive, the cards gave more than the play
    deserved."""

    def __init__(self) -> None:
        self.expected: float | None = None
        self.total: float | None = None

    def decided(self, evaluation: Evaluation, action: Any, loss: float) -> None:
        """A reviewed decision of the seat."""
        if self.expected is None:
            self.expected = evaluation.of(action).value
        else:
            self.expected -= loss

    def period_over(self, actual: float) -> None:
        """The period ended with the seat's ``actual`` advantage."""
        if self.expected is not None:
            self.total = (self.total or 0.0) + actual - self.expected
        self.expected = None


def _why(words: Any, evaluation: Evaluation, action: Any, loss: float) -> str:
    """The reason of a mark, in the player's words (``analysis.why``): what the choice and the
    best one visibly do by the rules and the seat's view, and where the evaluator found the
    points."""
    return reason(words, evaluation, action, loss)


def _claims(record: Mapping[str, Any]) -> list[Claim]:
    """The claims of a record's table talk that say when they were made (``speaker``, ``value``
    and ``at``, as ``matchmaker play`` keeps them), in order."""
    meta = record.get("meta")
    talk = meta.get("talk") if isinstance(meta, Mapping) else None
    claims = []
    for entry in talk if isinstance(talk, list) else []:
        if isinstance(entry, Mapping) and entry.get("value") is not None and "at" in entry:
            try:
                claims.append(Claim.from_json(dict(entry)))
            except (KeyError, TypeError, ValueError):
                continue
    return claims


def review_record(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[SeatReview]:
    """Review the decisions of ``seats`` (all by default) in a game record. Each decision is
    judged from the deciding seat's view with ``worlds`` sampled worlds (the game's default
    when None), seeded from ``seed`` and the decision's number, so a review is reproducible;
    with ``seconds``, a decision also stops sampling once it has spent that much CPU time
    (then the review depends on the machine). ``progress(done, total)`` hears each decision
    reviewed."""
    game = game_of_record(record)
    chosen = list(range(game.players)) if seats is None else list(seats)
    for seat in chosen:
        check_seat(seat, game.players)
    budget = worlds if worlds is not None else DEFAULT_WORLDS[game.name]
    if budget < 1:
        raise OptionError("worlds must be at least 1")
    if seconds is not None and not seconds > 0:
        raise OptionError("the time budget must be more than 0 seconds")
    words = words_for(game)
    events = game.record_events(record)
    driver: Driver[Any] = Driver(game)
    evaluators = {seat: evaluator_for(game, seat, seed) for seat in chosen}
    for seat, evaluator in evaluators.items():
        driver.watch(seat, evaluator)
    claims = _claims(record)
    total = sum(1 for actor, _ in events if actor in evaluators)
    done = 0
    found: dict[int, list[DecisionReview]] = {seat: [] for seat in chosen}
    luck = {seat: Luck() for seat in chosen}
    period = _period(evaluators, driver)
    for event, (actor, action) in enumerate(events):
        while claims and claims[0].at <= driver.state.decision_count():
            claim = claims.pop(0)
            for evaluator in evaluators.values():
                evaluator.hear(claim)
        if actor != CHANCE and actor in evaluators:
            index = driver.state.decision_count()
            legal = list(driver.state.legal_actions())
            if len(legal) > 1:
                view = driver.state.view(actor)
                rng = random.Random(f"{seed}/review/{index}")
                evaluation = evaluators[actor].evaluate(view, legal, budget, rng, seconds)
                decision = _review(game.name, words, evaluation, action, index, event)
                found[actor].append(decision)
                luck[actor].decided(evaluation, action, decision.loss)
            done += 1
            if progress is not None:
                progress(done, total)
        driver.play(action, actor)
        now = _period(evaluators, driver)
        if now != period or driver.state.is_over:
            public = driver.state.view(None)
            for seat, evaluator in evaluators.items():
                luck[seat].period_over(evaluator.actual(public))
            period = now
    return [SeatReview(seat, tuple(found[seat]), luck[seat].total) for seat in chosen]


def _period(evaluators: Mapping[int, Evaluator], driver: Driver[Any]) -> int:
    """The period the game is in (the same for every seat's evaluator)."""
    public = driver.state.view(None)
    return next(iter(evaluators.values())).period(public) if evaluators else 0


def _review(
    game: str, words: Any, evaluation: Evaluation, action: Any, index: int, event: int
) -> DecisionReview:
    loss = evaluation.loss(action)
    chosen = words.choice_key(action)
    best = words.choice_key(evaluation.best.action)
    return DecisionReview(
        index=index,
        event=event,
        seat=evaluation.seat,
        action=chosen,
        best=chosen if loss <= 0 else best,
        loss=loss,
        mark=mark(game, loss),
        why=_why(words, evaluation, action, loss),
        values={words.choice_key(e.action): e.value for e in evaluation.estimates},
        worlds=evaluation.worlds,
    )
