"""The reasons of Purrfect Match (``analysis.why``): the cat a proposal, an answer, a
presentation or a nomination puts at stake, as the deciding seat knows it (a candidate it
inspected, its own cats, the proposer's cat shown to all, the cats each seat has claimed), and
where the points go: the seat's own expected final score against the others', and the seat that
gains most (the expected leader named as such). Cats are named by their values, seats counted
from 1."""

from __future__ import annotations

from matchmaker.analysis.evaluate import Estimate, Evaluation
from matchmaker.analysis.why import BAD, GOOD, PLAIN, Effect, Why, largest, points
from matchmaker.core.actions import Action
from matchmaker.games.purrfect.rules import match_claims
from matchmaker.games.purrfect.view import PurrfectView
from matchmaker.words.purrfect import PurrfectWords, listing

#: Figures below this many points are not worth a word.
SMALL = 0.25


class PurrfectWhy(Why[PurrfectView]):
    """The reasons of Purrfect Match."""

    words: PurrfectWords

    def effect(self, view: PurrfectView, action: Action) -> Effect | None:
        """What ``action`` puts at stake, as the seat knows it, as words that follow the
        choice's name (``accept`` ``gives your 5 for seat 1's 3``)."""
        seat = view.seat
        if seat is None:
            return None
        name = action.name
        if name == "present" and action.arg is not None:
            return self._present(view)
        if name == "nominate" and view.proposer is not None and view.proposer_cat is not None:
            return Effect(f"against {self.seat_name(view.proposer)}'s {view.proposer_cat}")
        if name in ("propose", "pass") and view.inspecting is not None:
            return self._inspect(view, name, view.inspecting)
        if name in ("accept", "reject") and view.proposer is not None:
            return self._answer(view, seat, name, view.proposer)
        return None

    def _present(self, view: PurrfectView) -> Effect | None:
        known = view.known_candidates
        if not known:
            return None
        if len(known) == 1:
            ((seat, value),) = known.items()
            whose = self.seat_name(seat)
            return Effect(f"to {whose}'s standing candidate, the {value} you inspected")
        seen = listing([f"{self.seat_name(s)}'s {v}" for s, v in sorted(known.items())])
        return Effect(f"to the standing candidates you inspected ({seen})")

    def _inspect(self, view: PurrfectView, name: str, owner: int) -> Effect:
        value, cat = view.inspected_value, view.proposer_cat
        whose = f"{self.seat_name(owner)}'s"
        last = " (the last candidate)" if len(view.to_inspect) == 1 else ""
        if value is None or cat is None:
            return Effect(f"{'for' if name == 'propose' else 'on'} {whose} candidate{last}")
        if name == "pass":
            return Effect(f"on {whose} {value}{last}")
        tone = GOOD if value > cat else BAD if value < cat else PLAIN
        return Effect(f"your {cat} for {whose} {value}, which you inspected", tone)

    def _answer(self, view: PurrfectView, seat: int, name: str, proposer: int) -> Effect:
        cat, mine = view.proposer_cat, view.candidate
        whose = f"{self.seat_name(proposer)}'s"
        if cat is None or mine is None:
            return Effect(f"{whose} proposal")
        if name == "reject":
            return Effect(f"{whose} {cat}, keeping your {mine}")
        claimed = list(view.claimed_totals)
        for claimant, claim in match_claims(proposer, seat, cat, mine):
            claimed[claimant] += claim
        ahead = max(range(len(claimed)), key=lambda s: (claimed[s], s == proposer))
        lead = (
            f", after which {self.seat_name(proposer)} leads the cats claimed ({claimed[proposer]})"
            if ahead == proposer and claimed[proposer] > claimed[seat]
            else ""
        )
        tone = GOOD if cat > mine else BAD if cat < mine or lead else PLAIN
        return Effect(f"{whose} {cat} for your {mine}{lead}", tone)

    # ------------------------------------------------------------------------------ figures
    def figures(self, evaluation: Evaluation, better: Estimate, worse: Estimate) -> str:
        """Your expected final score higher by so much, and the seat the worse choice gives
        most (``the expected leader`` when it is the other seat expected to score highest)."""
        gap = better.value - worse.value
        a, b = better.parts, worse.parts
        if a is None or b is None:
            return f"{points(gap)} points better"
        seat = evaluation.seat
        said = []
        gained = a.own - b.own
        if gained >= SMALL:
            said.append(f"your expected score {points(gained)} higher")
        others = [s for s in range(len(a.seats)) if s != seat]
        if others:
            rival = largest([y - x for x, y in zip(a.seats, b.seats, strict=True)], others)
            given = b.seats[rival] - a.seats[rival]
            leader = largest(list(b.seats), others) == rival and len(others) > 1
            if given >= SMALL:
                lead = ", the expected leader" if leader else ""
                said.append(f"{points(given)} fewer for {self.seat_name(rival)}{lead}")
        if not said:
            return f"{points(gap)} points better"
        return ", ".join(said)

    def standing(self, evaluation: Evaluation, estimate: Estimate) -> str:
        """Your expected final score against the others' mean."""
        parts = estimate.parts
        if parts is None:
            return f"expected advantage {points(estimate.value)}"
        return (
            f"your expected score {points(parts.own)} against {points(parts.others)} for the "
            "others on average"
        )
