"""Advice on the decision at hand (a hint): every legal choice judged from the deciding seat's
view (``analysis.evaluate``), the best named, each choice with its expected advantage and how
far it falls behind the best. Terminal play (the ``hint`` command) and the web app's practice
tables (the ``hint`` message) give the same advice: an ``Adviser`` follows a game as it is
played; ``advise_record`` replays a record up to the seat's decision (a module-level function
of plain data, so that the web app can run it in a worker process). Nothing here reads the
true state: the evaluator is given the seat's view, and it follows the game as the seat saw it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from matchmaker.analysis.evaluate import Estimate, Evaluation
from matchmaker.analysis.registry import evaluator_for
from matchmaker.analysis.review import DEFAULT_WORLDS
from matchmaker.analysis.talk import TableTalk
from matchmaker.analysis.why import reason
from matchmaker.bots.talk import Claim
from matchmaker.core.actions import Action
from matchmaker.core.driver import Driver
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.core.records import game_of_record
from matchmaker.core.seats import check_seat
from matchmaker.words import GameWords, words_for
from matchmaker.words.recorded import recorded_labels

#: Choices listed in a hint's lines, best first.
SHOWN = 5
#: A gap to the best within this many standard errors of its measurement is noise: the
#: evaluation cannot tell the two choices apart.
NOISE = 2.0


class Adviser:
    """Follows the game as one seat sees it (events and table talk), and judges that seat's
    decision from its view on request."""

    def __init__(
        self, game: Game[Any], seat: int, seed: int | str = 0, worlds: int | None = None
    ) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        #: Sampled worlds a hint (None: the game's default, ``review.DEFAULT_WORLDS``).
        self.worlds = worlds
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
        worlds = self.worlds if self.worlds is not None else DEFAULT_WORLDS[self.game.name]
        return self.evaluator.evaluate(view, legal, worlds, rng)


def ranked(evaluation: Evaluation) -> list[Estimate]:
    """The estimates, best first (ties in the order of the legal actions, so the first is
    ``evaluation.best``)."""
    return sorted(evaluation.estimates, key=lambda e: -e.value)


def within_noise(evaluation: Evaluation, estimate: Estimate) -> bool:
    """Whether ``estimate``'s gap to the best is within the noise of its measurement (the best
    itself is)."""
    return evaluation.best.value - estimate.value <= NOISE * estimate.stderr


def hint_lines(
    evaluation: Evaluation, words: GameWords[Any], labels: Sequence[str] | None = None
) -> list[str]:
    """The hint as lines: the best choice and why (``analysis.why``: what it does, from the
    seat's view, naming seats by ``labels`` when given), then each of the best few with its
    expected advantage and how far it falls behind the best (in the game's points)."""
    best = evaluation.best
    lines = [
        f"Best by the hard bot's search: {words.choice_key(best.action)} (judged from what you "
        f"can see, over {evaluation.worlds} imagined deals).",
        f"Why: {reason(words, evaluation, best.action, 0.0, labels)}.",
    ]
    order = ranked(evaluation)
    for estimate in order[:SHOWN]:
        gap = best.value - estimate.value
        behind = "best" if estimate is best else f"{gap:.1f} points behind"
        if estimate is not best and within_noise(evaluation, estimate):
            behind += ", within the noise"
        lines.append(f"  {words.choice_key(estimate.action):<18} {estimate.value:+6.1f}  {behind}")
    if len(order) > SHOWN:
        lines.append(f"  … and {len(order) - SHOWN} more")
    lines.append("(expected advantage over the others, in points: higher is better)")
    return lines


def advice_json(
    evaluation: Evaluation, words: GameWords[Any], labels: Sequence[str] | None = None
) -> dict[str, Any]:
    """The advice as JSON (the web protocol's ``hint`` message without its ``type`` and
    ``seq``): the seat, the worlds, the best choice, every choice best first with its
    expected advantage (``value``), how far it falls behind the best (``behind``) and whether
    that is within the noise, why the best is best (``analysis.why``), and the hint's lines in
    words. A choice is written as the
    protocol writes actions (``name``, ``arg``) with its ``label``, what a person types."""
    best = evaluation.best

    def choice(action: Action) -> dict[str, Any]:
        return {"name": action.name, "arg": action.arg, "label": words.choice_key(action)}

    return {
        "seat": evaluation.seat,
        "worlds": evaluation.worlds,
        "best": choice(best.action),
        "options": [
            {
                **choice(estimate.action),
                "value": round(estimate.value, 2),
                "behind": round(best.value - estimate.value, 2),
                "within_noise": within_noise(evaluation, estimate),
            }
            for estimate in ranked(evaluation)
        ],
        "why": reason(words, evaluation, best.action, 0.0, labels),
        "lines": hint_lines(evaluation, words, labels),
    }


def advise_record(
    record: Mapping[str, Any], seat: int, worlds: int | None = None, seed: int | str = 0
) -> dict[str, Any]:
    """The advice (``advice_json``) for ``seat``'s decision at the end of a game record: the
    record is replayed with the evaluator watching the seat (it hears each event as the seat
    saw it, and the claims of the table talk when they were said), and the decision is judged
    from the seat's view in ``worlds`` sampled worlds (the game's default when None), seeded
    from ``seed``: the same record, seat, worlds and seed give the same advice. OptionError if
    the seat has no decision to make there."""
    game = game_of_record(record)
    check_seat(seat, game.players)
    budget = worlds if worlds is not None else DEFAULT_WORLDS[game.name]
    if budget < 1:
        raise OptionError("worlds must be at least 1")
    events = game.record_events(record)
    driver: Driver[Any] = Driver(game)
    evaluator = evaluator_for(game, seat, seed)
    driver.watch(seat, evaluator)
    talk = TableTalk(record)
    for applied, (actor, action) in enumerate(events):
        talk.heard_by([evaluator], driver, applied)
        driver.play(action, actor)
    talk.heard_by([evaluator], driver, len(events))
    state = driver.state
    if state.is_over or state.to_act != seat:
        raise OptionError(f"seat {seat} has no decision to make at the end of this record")
    legal = list(state.legal_actions())
    evaluation = evaluator.evaluate(state.view(seat), legal, budget, random.Random(f"{seed}/hint"))
    return advice_json(evaluation, words_for(game), recorded_labels(record, game.players))
