"""A finished (or unfinished) game reviewed decision by decision: for every decision of the
chosen seats, what it cost against the best action as the seat's own view could judge it
(``analysis.evaluate``), a mark, and per seat its accuracy and mean loss. See docs/review.md.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from matchmaker.analysis.evaluate import Evaluation, Evaluator
from matchmaker.analysis.registry import evaluator_for
from matchmaker.analysis.talk import TableTalk
from matchmaker.analysis.why import reason
from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver
from matchmaker.core.errors import OptionError
from matchmaker.core.records import game_of_record
from matchmaker.core.seats import check_seat
from matchmaker.core.workers import ignore_interrupts, stop_pool
from matchmaker.words import words_for
from matchmaker.words.recorded import recorded_labels

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

    def decided(self, value: float, loss: float) -> None:
        """A reviewed decision of the seat: the chosen action's expected advantage, and what
        the choice lost."""
        if self.expected is None:
            self.expected = value
        else:
            self.expected -= loss

    def period_over(self, actual: float) -> None:
        """The period ended with the seat's ``actual`` advantage."""
        if self.expected is not None:
            self.total = (self.total or 0.0) + actual - self.expected
        self.expected = None


def _why(
    words: Any, evaluation: Evaluation, action: Any, loss: float, labels: Sequence[str] | None
) -> str:
    """The reason of a mark, in the player's words (``analysis.why``): what the choice and the
    best one visibly do by the rules and the seat's view, and where the evaluator found the
    points; seats named as the record says they sat (``labels``)."""
    return reason(words, evaluation, action, loss, labels)


def review_record(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> list[SeatReview]:
    """Review the decisions of ``seats`` (all by default) in a game record. Each decision is
    judged from the deciding seat's view with ``worlds`` sampled worlds (the game's default
    when None), seeded from ``seed`` and the decision's number, so a review is reproducible;
    with ``seconds``, a decision also stops sampling once it has spent that much CPU time
    (then the review depends on the machine). ``progress(done, total)`` hears the decisions
    reviewed. With ``workers`` above 1 the decisions are judged in that many processes
    (each replays the record up to its share): the review is the same as in one."""
    game = game_of_record(record)
    chosen = list(range(game.players)) if seats is None else list(seats)
    for seat in chosen:
        check_seat(seat, game.players)
    budget = worlds if worlds is not None else DEFAULT_WORLDS[game.name]
    if budget < 1:
        raise OptionError("worlds must be at least 1")
    if seconds is not None and not seconds > 0:
        raise OptionError("the time budget must be more than 0 seconds")
    if workers < 1:
        raise OptionError("workers must be at least 1")
    settings = _Settings(tuple(chosen), budget, seconds, seed)
    if workers == 1:
        judged = _judge(record, settings, None, progress)
    else:
        judged = _judge_in_workers(record, settings, workers, progress)
    return _assemble(record, settings, judged)


@dataclass(frozen=True)
class _Settings:
    """What a review judges with: the seats, the worlds a decision, the CPU seconds a decision
    (None: no limit) and the seed (plain data, for worker processes)."""

    seats: tuple[int, ...]
    worlds: int
    seconds: float | None
    seed: int | str


@dataclass(frozen=True)
class _Judged:
    """One decision judged: its review, and the chosen action's expected advantage (what
    ``Luck`` starts a period from)."""

    review: DecisionReview
    value: float


def _judge(
    record: Mapping[str, Any],
    settings: _Settings,
    share: frozenset[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, _Judged]:
    """The decisions of the settings' seats judged, by their number. With ``share``, only the
    decisions of those numbers are; the record is replayed until the last of them, and every
    decision of the seats before it is still shown to its evaluator (judged in one world, the
    result dropped), since an evaluator may remember the views it was asked about (the Purrfect
    Match talk record checks claims against them): each decision is judged as in a whole review.
    """
    game = game_of_record(record)
    words = words_for(game)
    labels = recorded_labels(record, game.players)
    events = game.record_events(record)
    driver: Driver[Any] = Driver(game)
    evaluators = {seat: evaluator_for(game, seat, settings.seed) for seat in settings.seats}
    for seat, evaluator in evaluators.items():
        driver.watch(seat, evaluator)
    talk = TableTalk(record)
    last = max(share, default=-1) if share is not None else None
    total = sum(1 for actor, _ in events if actor in evaluators)
    done = 0
    judged: dict[int, _Judged] = {}
    for event, (actor, action) in enumerate(events):
        index = driver.state.decision_count()
        if last is not None and index > last:
            break
        talk.heard_by(evaluators.values(), driver, event)
        if actor != CHANCE and actor in evaluators:
            legal = list(driver.state.legal_actions())
            if len(legal) > 1:
                view = driver.state.view(actor)
                rng = random.Random(f"{settings.seed}/review/{index}")
                if share is None or index in share:
                    evaluation = evaluators[actor].evaluate(
                        view, legal, settings.worlds, rng, settings.seconds
                    )
                    decision = _review(words, labels, evaluation, action, index, event)
                    judged[index] = _Judged(decision, evaluation.of(action).value)
                else:
                    evaluators[actor].evaluate(view, legal, 1, rng)
            done += 1
            if progress is not None:
                progress(done, total)
        driver.play(action, actor)
    return judged


def _assemble(
    record: Mapping[str, Any], settings: _Settings, judged: Mapping[int, _Judged]
) -> list[SeatReview]:
    """Each seat's review from its judged decisions, in the game's order, with its luck: the
    record replayed once more for the ends of its periods."""
    game = game_of_record(record)
    driver: Driver[Any] = Driver(game)
    evaluators = {seat: evaluator_for(game, seat, settings.seed) for seat in settings.seats}
    found: dict[int, list[DecisionReview]] = {seat: [] for seat in settings.seats}
    luck = {seat: Luck() for seat in settings.seats}
    period = _period(evaluators, driver)
    for actor, action in game.record_events(record):
        item = judged.get(driver.state.decision_count()) if actor in evaluators else None
        if item is not None:
            found[actor].append(item.review)
            luck[actor].decided(item.value, item.review.loss)
        driver.play(action, actor)
        now = _period(evaluators, driver)
        if now != period or driver.state.is_over:
            public = driver.state.view(None)
            for seat, evaluator in evaluators.items():
                luck[seat].period_over(evaluator.actual(public))
            period = now
    return [SeatReview(seat, tuple(found[seat]), luck[seat].total) for seat in settings.seats]


def _decision_numbers(record: Mapping[str, Any], seats: Sequence[int]) -> list[int]:
    """The numbers of the decisions of ``seats`` a review judges (those with a choice)."""
    game = game_of_record(record)
    driver: Driver[Any] = Driver(game)
    numbers = []
    for actor, action in game.record_events(record):
        if actor != CHANCE and actor in seats and len(driver.state.legal_actions()) > 1:
            numbers.append(driver.state.decision_count())
        driver.play(action, actor)
    return numbers


#: Shares of a review's decisions per worker process: a worker that finishes a share takes
#: the next, so the workers stay busy until the end though decisions differ in cost.
SHARES_PER_WORKER = 4


def _shares(numbers: Sequence[int], workers: int) -> list[frozenset[int]]:
    """``numbers`` split into runs of consecutive ones, ``SHARES_PER_WORKER`` a worker (fewer
    when there are fewer numbers)."""
    size = max(1, -(-len(numbers) // (workers * SHARES_PER_WORKER)))
    return [frozenset(numbers[k : k + size]) for k in range(0, len(numbers), size)]


def _judge_in_workers(
    record: Mapping[str, Any],
    settings: _Settings,
    workers: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, _Judged]:
    """The decisions of a review judged in ``workers`` processes (started afresh, ``spawn``),
    each share of them (``_shares``) by the next free worker; ``progress(done, total)`` hears
    each share done."""
    numbers = _decision_numbers(record, settings.seats)
    shares = _shares(numbers, workers)
    if not shares:
        return {}
    judged: dict[int, _Judged] = {}
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(shares)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=ignore_interrupts,
    )
    try:
        futures: dict[Future[dict[int, _Judged]], int] = {
            pool.submit(_judge, dict(record), settings, share): len(share) for share in shares
        }
        done = 0
        for future in as_completed(futures):
            judged.update(future.result())
            done += futures[future]
            if progress is not None:
                progress(done, len(numbers))
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
    return judged


def _period(evaluators: Mapping[int, Evaluator], driver: Driver[Any]) -> int:
    """The period the game is in (the same for every seat's evaluator)."""
    public = driver.state.view(None)
    return next(iter(evaluators.values())).period(public) if evaluators else 0


def _review(
    words: Any,
    labels: Sequence[str] | None,
    evaluation: Evaluation,
    action: Any,
    index: int,
    event: int,
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
        mark=mark(words.game.name, loss),
        why=_why(words, evaluation, action, loss, labels),
        values={words.choice_key(e.action): e.value for e in evaluation.estimates},
        worlds=evaluation.worlds,
    )
