"""Judging decisions on what the player could see: the expected outcome of every legal action
from a seat's view (``evaluate``), and a whole game reviewed decision by decision
(``review_record``), and advice on the decision at hand (``advise_record``, the hints). See
docs/review.md."""

from matchmaker.analysis.advice import Adviser, advise_record
from matchmaker.analysis.evaluate import Estimate, Evaluation, Evaluator
from matchmaker.analysis.registry import evaluator_for
from matchmaker.analysis.review import DecisionReview, SeatReview, review_record

__all__ = [
    "Adviser",
    "DecisionReview",
    "Estimate",
    "Evaluation",
    "Evaluator",
    "SeatReview",
    "advise_record",
    "evaluator_for",
    "review_record",
]
