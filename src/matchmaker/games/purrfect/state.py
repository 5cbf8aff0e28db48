"""Purrfect Match: the state machine of a game, one rule per method.

A round: the proposer presents a cat, the others nominate candidates face down, the proposer
inspects them clockwise from its left, proposing or passing, and a candidate's owner accepts or
rejects. A match swaps the two cats into the claimed piles; loneliness discards the proposer cat
and sends every standing candidate home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import GameNotOverError, IllegalActionError
from matchmaker.core.game import GAME_OVER, State
from matchmaker.core.result import Result
from matchmaker.core.seats import left_of
from matchmaker.games.purrfect import happenings as told
from matchmaker.games.purrfect.actions import (
    CHANCE_VALUES,
    HIDDEN_DEAL,
    HIDDEN_NOMINATION,
    INSPECT_ACTIONS,
    NOMINATE_ACTIONS,
    PRESENT_ACTIONS,
    RESPOND_ACTIONS,
    VALUES,
)
from matchmaker.games.purrfect.phases import (
    CHOOSE_FIRST_PROPOSER,
    DEAL,
    INSPECT,
    NOMINATE,
    OVER,
    PRESENT,
    RESPOND,
)
from matchmaker.games.purrfect.position import PurrfectHistory, PurrfectPosition
from matchmaker.games.purrfect.record import record_of
from matchmaker.games.purrfect.rules import (
    candidates_in_order,
    game_ends,
    match_claims,
    next_proposer,
    nomination_order,
)
from matchmaker.games.purrfect.scoring import final_result, scores, targets
from matchmaker.games.purrfect.view import PurrfectView, view_of

if TYPE_CHECKING:
    from matchmaker.games.purrfect.game import PurrfectGame


class PurrfectState(State[PurrfectView]):
    """A game of Purrfect Match in progress."""

    game: PurrfectGame
    position: PurrfectPosition

    def __init__(
        self,
        game: PurrfectGame,
        position: PurrfectPosition | None = None,
        history: PurrfectHistory | None = None,
    ) -> None:
        """A new game at the deal, or the game at ``position`` (reached by ``history``)."""
        options = game.options
        self.game = game
        self.position = (
            PurrfectPosition.new(game.players, options.deck, options.first_proposer)
            if position is None
            else position
        )
        self.history = history if history is not None else PurrfectHistory()
        if not self.history.nominations:
            self.history.nominations = [[] for _ in range(game.players)]
        self._hand_size = options.hand_size

    # ----------------------------------------------------------------- who acts, what is legal

    def legal_actions(self) -> Sequence[Action]:
        """The actions the acting seat may take (the distinct chance outcomes at chance)."""
        p = self.position
        phase = p.phase
        if phase is INSPECT:
            return INSPECT_ACTIONS
        if phase is RESPOND:
            return RESPOND_ACTIONS
        if phase is PRESENT or phase is NOMINATE:
            table = PRESENT_ACTIONS if phase is PRESENT else NOMINATE_ACTIONS
            hand = p.hands[p.actor]
            return [table[v] for v in VALUES if hand[v]]
        if phase is OVER:
            return ()
        return list(dict.fromkeys(self.chance_choices()))

    def chance_choices(self) -> Sequence[Action]:
        """During the deal, the undealt cards; when drawing the first proposer, the seats."""
        p = self.position
        if p.phase is DEAL:
            return p.undealt
        if p.phase is CHOOSE_FIRST_PROPOSER:
            return [CHANCE_VALUES[s] for s in range(p.players)]
        return ()

    def redact(self, action: Action, viewer: int | None) -> Action:
        """The action about to be applied, as ``viewer`` may see it: a dealt cat is seen by
        the seat it is dealt to, a nomination's value by the nominating seat alone."""
        p = self.position
        if p.phase is DEAL and viewer != p.deal_seat:
            return HIDDEN_DEAL
        if p.phase is NOMINATE and viewer != p.actor:
            return HIDDEN_NOMINATION
        return action

    @property
    def inspected_seat(self) -> int | None:
        """The seat whose candidate is being inspected (or proposed to), if any."""
        p = self.position
        if p.phase is INSPECT or p.phase is RESPOND:
            return p.queue[p.queue_index]
        return None

    def holds_cats(self, seat: int) -> bool:
        """A seat holds cats if it has a card in hand or a standing candidate."""
        return self.position.holds_cats(seat)

    # ----------------------------------------------------------------------------- the rules
    def _apply(self, action: Action) -> None:
        phase = self.position.phase
        name = action.name
        if phase is DEAL:
            self._deal_card(action)
        elif phase is CHOOSE_FIRST_PROPOSER:
            self._choose_first_proposer(action)
        elif phase is INSPECT and (name == "propose" or name == "pass"):
            self._log_event(self.position.actor, action)
            if name == "propose":
                self._propose()
            else:
                self._next_candidate()
        elif phase is RESPOND and (name == "accept" or name == "reject"):
            self._log_event(self.position.actor, action)
            if name == "accept":
                self._match()
            else:
                self._next_candidate()
        elif phase is PRESENT and name == "present":
            self._present(action)
        elif phase is NOMINATE and name == "nominate":
            self._nominate(action)
        else:
            raise IllegalActionError(self._why_not(action))

    def _why_not(self, action: Action) -> str:
        seat = self.position.actor
        expected = {
            PRESENT: "present a cat",
            NOMINATE: "nominate a candidate",
            INSPECT: "propose or pass",
            RESPOND: "accept or reject",
        }[self.position.phase]
        return f"seat {seat} cannot {action.name} now: it must {expected}"

    def _deal_card(self, card: Action) -> None:
        """Set-up: deal floor(D/n) cards to each seat in turn; the rest are the excess."""
        p = self.position
        try:
            p.undealt.remove(card)
        except ValueError:
            raise IllegalActionError(f"no cat of value {card.arg} is left to deal") from None
        seat = p.deal_seat
        value = card.arg
        assert isinstance(value, int)
        p.hands[seat][value] += 1
        p.hand_size[seat] += 1
        p.dealt[seat].append(value)
        if p.hand_size[seat] == self._hand_size:
            p.deal_seat += 1
            if p.deal_seat == p.players:
                self._after_deal()

    def _after_deal(self) -> None:
        p = self.position
        self.history.happened.append((told.Dealt, self._hand_size, len(p.undealt)))
        if p.first_proposer is None:
            p.phase = CHOOSE_FIRST_PROPOSER
            p.actor = CHANCE
        else:
            self._start_round(p.first_proposer)

    def _choose_first_proposer(self, outcome: Action) -> None:
        seat = outcome.arg
        if not isinstance(seat, int) or not 0 <= seat < self.position.players:
            raise IllegalActionError(f"the first proposer must be a seat, not {seat!r}")
        self.position.first_proposer = seat
        self._start_round(seat)

    def _log_event(self, seat: int, action: Action) -> None:
        history = self.history
        shown = action.arg
        if action.name == "nominate":
            history.nominations[seat].append(len(history.events))
            shown = None
        history.events.append((seat, action))
        history.public_log.append((seat, action.name, shown))

    def _start_round(self, designated: int) -> None:
        """Check the end; seats that hold no cats sit out; then the next proposer (see
        ``next_proposer``) presents, its standing candidate first returning to its hand."""
        p = self.position
        happened = self.history.happened
        if game_ends(p):
            self._end_game()
            return
        for seat in range(p.players):
            if not p.out[seat] and not p.holds_cats(seat):
                p.out[seat] = True
                happened.append((told.SitsOut, seat))
        proposer = next_proposer(p, designated)
        happened.append((told.ProposerChosen, p.round, proposer, designated))
        if p.candidate[proposer]:
            self._return_candidate(proposer)
            happened.append((told.CandidateReturns, proposer))
        p.proposer = proposer
        p.proposer_cat = 0
        p.nominated = []
        p.phase = PRESENT
        p.actor = proposer

    def _return_candidate(self, seat: int) -> None:
        p = self.position
        value = p.candidate[seat]
        if value:
            p.candidate[seat] = 0
            p.hands[seat][value] += 1
            p.hand_size[seat] += 1

    def _take_from_hand(self, value: int, verb: str) -> None:
        p = self.position
        seat = p.actor
        hand = p.hands[seat]
        if not hand[value]:
            raise IllegalActionError(
                f"seat {seat} cannot {verb} a {value}: it has no {value} in hand"
            )
        hand[value] -= 1
        p.hand_size[seat] -= 1

    def _present(self, action: Action) -> None:
        """The proposer shows a cat from its hand; then the others nominate clockwise."""
        value = action.arg
        assert isinstance(value, int)
        self._take_from_hand(value, "present")
        p = self.position
        self._log_event(p.actor, action)
        p.given[p.actor].append(value)
        p.proposer_cat = value
        p.queue = nomination_order(p, p.proposer)
        p.queue_index = 0
        if p.queue:
            p.phase = NOMINATE
            p.actor = p.queue[0]
        else:
            self._start_inspection()

    def _nominate(self, action: Action) -> None:
        """A seat puts one cat from its hand face down as its candidate."""
        value = action.arg
        assert isinstance(value, int)
        p = self.position
        seat = p.actor
        self._take_from_hand(value, "nominate")
        self._log_event(seat, action)
        p.candidate[seat] = value
        p.candidate_round[seat] = p.round
        p.nominated.append(seat)
        p.queue_index += 1
        if p.queue_index < len(p.queue):
            p.actor = p.queue[p.queue_index]
        else:
            self._start_inspection()

    def _start_inspection(self) -> None:
        """Candidates are inspected clockwise from the proposer's left."""
        p = self.position
        p.queue = candidates_in_order(p, p.proposer)
        p.queue_index = -1
        self._next_candidate()

    def _next_candidate(self) -> None:
        """Move the proposer on to the next candidate; none left means loneliness."""
        p = self.position
        p.queue_index += 1
        if p.queue_index == len(p.queue):
            self._loneliness()
            return
        seat = p.queue[p.queue_index]
        p.phase = INSPECT
        p.actor = p.proposer
        p.inspections.append((p.round, p.proposer, seat, p.candidate[seat]))

    def _propose(self) -> None:
        p = self.position
        p.phase = RESPOND
        p.actor = p.queue[p.queue_index]

    def _match(self) -> None:
        """The proposer claims the candidate, its owner claims the proposer cat; the owner
        proposes next. Other standing candidates stay standing."""
        p = self.position
        owner = p.queue[p.queue_index]
        won = p.candidate[owner]
        for seat, cat in match_claims(p.proposer, owner, p.proposer_cat, won):
            p.claimed[seat].append(cat)
        p.given[owner].append(won)
        p.candidate[owner] = 0
        self.history.happened.append((told.Matched, p.proposer, owner, p.proposer_cat, won))
        p.round += 1
        self._start_round(owner)

    def _loneliness(self) -> None:
        """The proposer cat is discarded, every standing candidate returns home, and the seat
        to the proposer's left is designated next."""
        p = self.position
        p.discarded.append(p.proposer_cat)
        returned = tuple(s for s in range(p.players) if p.candidate[s])
        for seat in returned:
            self._return_candidate(seat)
        self.history.happened.append((told.Lonely, p.proposer, p.proposer_cat, returned))
        p.round += 1
        self._start_round(left_of(p.proposer, p.players))

    def _end_game(self) -> None:
        """Fewer than two seats hold cats: what is still held is left over and scores nothing."""
        p = self.position
        for seat in range(p.players):
            self._return_candidate(seat)
            hand = p.hands[seat]
            for value in VALUES:
                p.left_over.extend([value] * hand[value])
                hand[value] = 0
            p.hand_size[seat] = 0
        self.history.happened.append((told.GameEnds, tuple(sorted(p.left_over))))
        p.phase = OVER
        p.actor = GAME_OVER
        p.proposer = -1
        p.proposer_cat = 0
        p.queue = []

    # ------------------------------------------------------------------------------- results
    def happenings(self, since: int = 0) -> list[told.Happening]:
        """What the rules did on their own so far (see ``happenings``), in order, from the
        ``since``-th on."""
        return [told.expand(compact) for compact in self.history.happened[since:]]

    def targets(self) -> list[int]:
        """Each seat's target: the sum of its dealt values."""
        return targets(self.position)

    def scores(self) -> list[int]:
        """Claimed values minus target, for each seat (final once the game is over)."""
        return scores(self.position)

    def result(self) -> Result:
        """Scores, winners (highest score; ties shared), targets and claimed cards."""
        if not self.is_over:
            raise GameNotOverError("the game is not over yet: it has no result")
        return final_result(self.game.name, self.position)

    def decision_count(self) -> int:
        """The number of seat decisions so far."""
        return len(self.history.events)

    # ------------------------------------------------------------------------ copies, records
    def clone(self) -> PurrfectState:
        """An independent copy (cheap: flat lists only)."""
        return PurrfectState(self.game, self.position.copy(), self.history.copy())

    def __reduce__(
        self,
    ) -> tuple[type[PurrfectState], tuple[PurrfectGame, PurrfectPosition, PurrfectHistory]]:
        """Pickled and copied as what a state is: the game, its position and its history
        (a compiled build has no instance dictionary to copy)."""
        return (PurrfectState, (self.game, self.position, self.history))

    def record(self) -> dict[str, Any]:
        """The game record: options (with the first proposer actually chosen), deal, events."""
        return record_of(self)

    def view(self, seat: int | None) -> PurrfectView:
        """What ``seat`` knows (None: a spectator): see ``PurrfectView``."""
        return view_of(self, seat)
