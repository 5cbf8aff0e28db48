"""What a seat of Purrfect Match knows: the public table and its own secrets, nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from matchmaker.core.seats import check_seat
from matchmaker.core.views import ViewData
from matchmaker.games.purrfect import happenings as told
from matchmaker.games.purrfect.phases import (
    IN_ROUND,
    INSPECT,
    NOMINATE,
    OVER,
    PRESENT,
    RESPOND,
    Phase,
)
from matchmaker.games.purrfect.rules import inspection_order
from matchmaker.games.purrfect.scoring import scores, targets

if TYPE_CHECKING:
    from matchmaker.games.purrfect.state import PurrfectState


#: What each field of a view holds, in the words of docs/protocol.md (whose view table and the
#: protocol's JSON Schema, ``matchmaker.server.schema``, are made from it). Seats count from 0;
#: cats are their values, 1 to 10.
FIELDS: dict[str, str] = {
    "seat": "the seat this view is for; null for a spectator's (public) view",
    "players": "the number of seats",
    "phase": "what the game waits for (see Phases)",
    "to_act": (
        "the seat to decide; -1 while chance acts (a cat dealt, the first proposer drawn), -2 "
        "once the game is over"
    ),
    "round": "the round being played, from 0",
    "proposer": "this round's proposer; null before the first round",
    "proposer_cat": "the cat the proposer shows; null before it is presented",
    "hand_sizes": "cats in each seat's hand",
    "standing": "standing[s]: whether seat s has a candidate face down",
    "nominated": "the seats that nominated a candidate this round, in order",
    "inspecting": (
        "the seat whose candidate the proposer looks at now (phases inspect and respond); null "
        "otherwise"
    ),
    "claimed": "claimed[s]: the cats seat s won, in order",
    "discarded": "the cats discarded by Loneliness, in order",
    "excess": "cats dealt to nobody (face down, out of the game)",
    "log": (
        "every decision so far as [actor, action, argument]; another seat's nomination has "
        "argument null"
    ),
    "hand": "this seat's cats, lowest first (empty for a spectator)",
    "candidate": "this seat's standing candidate; null if none (or a spectator)",
    "target": "this seat's target: the sum of the cats it was dealt; null for a spectator",
    "inspected": "every candidate this seat looked at as proposer, as [round, seat, value]",
    "targets": "every seat's target, once the game is over; null before",
    "scores": "every seat's final score, once the game is over; null before",
    "left_over": "the cats still held when the game ended (they score nothing); empty before",
    "to_nominate": "the seats still to nominate this round, in order",
    "to_inspect": (
        "the seats whose candidates the proposer has still to inspect, the current one first"
    ),
    "given": (
        "given[s]: the cats that left seat s in public (presented, or claimed from it as a "
        "candidate)"
    ),
    "candidate_round": (
        "candidate_round[s]: the round in which seat s's standing candidate was nominated; null"
        " if none"
    ),
    "candidate_values": (
        "candidate_values[s]: the value of seat s's standing candidate as this seat knows it "
        "(its own, and those it inspected since they were nominated); null otherwise"
    ),
    "inspection_order": (
        "the seats whose candidates the proposer inspects this round, in order (from the "
        "presentation on)"
    ),
    "claimed_totals": "claimed_totals[s]: the sum of the cats seat s claimed",
    "score": "this seat's score so far: claimed minus target; null for a spectator",
    "sitting_out": (
        "sitting_out[s]: the seat held no cats when a round began; it sits out for the rest of "
        "the game"
    ),
    "matches": (
        "every match so far, in order, as [round, proposer, proposer_cat, partner, "
        "partner_cat]: the proposer claimed partner_cat, the partner claimed proposer_cat"
    ),
}


@dataclass(frozen=True)
class PurrfectView(ViewData):
    """An immutable observation for one seat (``seat`` None: a spectator).

    Public: phase, proposer and proposer cat, hand sizes, standing candidates (as flags), who
    nominated this round, whose candidate is inspected, every claimed and discarded cat, the
    number of excess cards and the log of actions (a nomination's value only for its own seat).
    Private to ``seat``: ``hand``, ``candidate``, ``target``, and ``inspected``: every
    candidate it looked at as proposer, as (round, seat, value). ``targets``, ``scores`` and
    ``left_over`` are filled in once the game is over. ``to_nominate`` lists the seats still to
    nominate this round, ``to_inspect`` the candidates still to inspect (the current one first),
    ``given`` the cats that left each seat in public (presented, or claimed from it as a
    candidate), ``candidate_round`` the round in which each standing candidate was nominated.

    What the rules derive, so that no face works it out again: ``candidate_values`` the value
    of each seat's standing candidate as far as this seat knows it (its own, and those it
    inspected since they were nominated; None otherwise), ``inspection_order`` the seats whose
    candidates the proposer inspects this round, in order (from the presentation on),
    ``claimed_totals`` the sum of each seat's claimed cats, ``score`` this seat's score so far
    (claimed minus target), ``sitting_out`` the seats that held no cats when a round began:
    they sit out for the rest of the game, ``matches`` who matched whom (``matches``).
    """

    seat: int | None
    players: int
    phase: Phase
    to_act: int
    round: int
    proposer: int | None
    proposer_cat: int | None
    hand_sizes: tuple[int, ...]
    standing: tuple[bool, ...]
    nominated: tuple[int, ...]
    inspecting: int | None
    claimed: tuple[tuple[int, ...], ...]
    discarded: tuple[int, ...]
    excess: int
    log: tuple[tuple[int, str, int | str | None], ...]
    hand: tuple[int, ...]
    candidate: int | None
    target: int | None
    inspected: tuple[tuple[int, int, int], ...]
    targets: tuple[int, ...] | None
    scores: tuple[int, ...] | None
    left_over: tuple[int, ...]
    to_nominate: tuple[int, ...]
    to_inspect: tuple[int, ...]
    given: tuple[tuple[int, ...], ...]
    candidate_round: tuple[int | None, ...]
    candidate_values: tuple[int | None, ...]
    inspection_order: tuple[int, ...]
    claimed_totals: tuple[int, ...]
    score: int | None
    sitting_out: tuple[bool, ...]
    matches: tuple[tuple[int, int, int, int, int], ...]

    @property
    def inspected_value(self) -> int | None:
        """The value of the candidate being inspected, if this seat is the proposer."""
        if self.inspecting is None:
            return None
        for round_, seat, value in reversed(self.inspected):
            if round_ == self.round and seat == self.inspecting:
                return value
        return None

    @property
    def known_candidates(self) -> dict[int, int]:
        """The other seats' standing candidates whose value this seat knows, by seat."""
        return {
            seat: value
            for seat, value in enumerate(self.candidate_values)
            if value is not None and seat != self.seat
        }


def view_of(state: PurrfectState, seat: int | None) -> PurrfectView:
    """What ``seat`` knows of ``state`` (None: a spectator): the public table plus its own
    cats, its own target, and every candidate it inspected as proposer."""
    p = state.position
    history = state.history
    n = p.players
    if seat is not None:
        check_seat(seat, n)
    over = p.phase is OVER
    log = history.public_log
    if seat is not None and history.nominations[seat]:
        log = log[:]
        for index in history.nominations[seat]:
            log[index] = (seat, "nominate", history.events[index][1].arg)
    inspecting = p.queue[p.queue_index] if p.phase in (INSPECT, RESPOND) else None
    all_targets = targets(p)
    inspected = tuple((r, s, v) for r, q, s, v in p.inspections if seat is not None and q == seat)
    in_round = p.phase in IN_ROUND or p.phase is PRESENT
    return PurrfectView(
        seat=seat,
        players=n,
        phase=p.phase,
        to_act=p.actor,
        round=p.round,
        proposer=p.proposer if p.proposer >= 0 else None,
        proposer_cat=p.proposer_cat or None,
        hand_sizes=tuple(p.hand_size),
        standing=tuple(c > 0 for c in p.candidate),
        nominated=tuple(p.nominated),
        inspecting=inspecting,
        claimed=tuple(tuple(c) for c in p.claimed),
        discarded=tuple(p.discarded),
        excess=len(p.undealt) if p.deal_seat == n else 0,
        log=tuple(log),
        hand=p.hand_values(seat) if seat is not None else (),
        candidate=(p.candidate[seat] or None) if seat is not None else None,
        target=all_targets[seat] if seat is not None else None,
        inspected=inspected,
        targets=tuple(all_targets) if over else None,
        scores=tuple(scores(p)) if over else None,
        left_over=tuple(sorted(p.left_over)) if over else (),
        to_nominate=tuple(p.queue[p.queue_index :]) if p.phase is NOMINATE else (),
        to_inspect=tuple(p.queue[p.queue_index :]) if inspecting is not None else (),
        given=tuple(tuple(g) for g in p.given),
        candidate_round=tuple(
            r if c else None for r, c in zip(p.candidate_round, p.candidate, strict=True)
        ),
        candidate_values=_candidate_values(state, seat, inspected),
        inspection_order=tuple(inspection_order(p, p.proposer)) if in_round else (),
        claimed_totals=tuple(sum(c) for c in p.claimed),
        score=sum(p.claimed[seat]) - all_targets[seat] if seat is not None else None,
        sitting_out=tuple(p.out),
        matches=matches(state),
    )


def matches(state: PurrfectState) -> tuple[tuple[int, int, int, int, int], ...]:
    """Who matched whom: every accepted proposal so far, in order, as (round, proposer,
    proposer cat, partner, partner's cat), read from the happenings (public facts: both cats
    lie face up in their new owners' claimed piles). The round is the one its proposer was
    chosen for."""
    found = []
    round_ = 0
    for compact in state.history.happened:
        kind = compact[0]
        if kind is told.ProposerChosen:
            round_ = compact[1]
        elif kind is told.Matched:
            _, proposer, partner, proposer_cat, partner_cat = compact
            found.append((round_, proposer, proposer_cat, partner, partner_cat))
    return tuple(found)


def _candidate_values(
    state: PurrfectState, seat: int | None, inspected: tuple[tuple[int, int, int], ...]
) -> tuple[int | None, ...]:
    """Each seat's standing candidate as ``seat`` knows it: its own, and every other one it
    inspected as proposer since that candidate was nominated (None: unknown, or none)."""
    p = state.position
    known: list[int | None] = [None] * p.players
    if seat is None:
        return tuple(known)
    if p.candidate[seat]:
        known[seat] = p.candidate[seat]
    for round_, other, value in inspected:
        if other != seat and p.candidate[other] and round_ >= p.candidate_round[other]:
            known[other] = value
    return tuple(known)
