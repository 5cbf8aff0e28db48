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
from matchmaker.core.errors import EventError, IllegalActionError
from matchmaker.core.game import GAME_OVER, OVER, State
from matchmaker.core.result import Result, winners_by
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.view import PurrfectView

if TYPE_CHECKING:
    from matchmaker.games.purrfect.game import PurrfectGame


# Phases, in the order of a round.
DEAL = "deal"
CHOOSE_FIRST_PROPOSER = "choose_first_proposer"
PRESENT = "present"
NOMINATE = "nominate"
INSPECT = "inspect"
RESPOND = "respond"

VALUES = range(1, MAX_VALUE + 1)

#: The shared action values of the game.
PRESENT_ACTIONS = {v: Action("present", v, "value") for v in VALUES}
NOMINATE_ACTIONS = {v: Action("nominate", v, "value") for v in VALUES}
PROPOSE = Action("propose")
PASS = Action("pass")
ACCEPT = Action("accept")
REJECT = Action("reject")
INSPECT_ACTIONS = (PROPOSE, PASS)
RESPOND_ACTIONS = (ACCEPT, REJECT)
#: Chance outcomes: a card value dealt, or the seat drawn as first proposer.
CHANCE_VALUES = {v: Action("chance", v) for v in range(0, MAX_VALUE + 1)}

#: What the others see of a dealt cat and of a nomination.
HIDDEN_DEAL = Action("chance", None)
HIDDEN_NOMINATION = Action("nominate", None, "value")

ACTIONS_BY_NAME = {
    "propose": PROPOSE,
    "pass": PASS,
    "accept": ACCEPT,
    "reject": REJECT,
}


def seat_action(name: str, value: int | None) -> Action:
    """The action named ``name`` (with ``value`` for present and nominate)."""
    if name in ACTIONS_BY_NAME:
        return ACTIONS_BY_NAME[name]
    table = (
        PRESENT_ACTIONS if name == "present" else NOMINATE_ACTIONS if name == "nominate" else None
    )
    if table is None:
        raise EventError(f"unknown action {name!r}")
    if value is None or value not in table:
        raise EventError(f"{name} needs a value from 1 to {MAX_VALUE}, not {value!r}")
    return table[value]


class PurrfectState(State):
    """A game of Purrfect Match in progress."""

    game: PurrfectGame

    def __init__(self, game: PurrfectGame) -> None:
        n = game.players
        self.game = game
        self._n = n
        self._phase = DEAL
        self._actor = CHANCE
        #: Cards not yet dealt: the deck, then after the deal the excess cards.
        self._undealt: list[Action] = [CHANCE_VALUES[v] for v in game.options.deck]
        self._deal_seat = 0
        #: Count of each value in each seat's hand (index 0 unused).
        self._hands = [[0] * (MAX_VALUE + 1) for _ in range(n)]
        self._hand_size = [0] * n
        self._dealt: list[list[int]] = [[] for _ in range(n)]
        #: Value of each seat's standing candidate, 0 for none.
        self._candidate = [0] * n
        self._claimed: list[list[int]] = [[] for _ in range(n)]
        #: Cats that left each seat in public: its presented cats and its claimed candidates.
        self._given: list[list[int]] = [[] for _ in range(n)]
        #: The round in which each standing candidate was nominated.
        self._candidate_round = [0] * n
        self._discarded: list[int] = []
        self._left_over: list[int] = []
        self._first_proposer = game.options.first_proposer
        self._round = 0
        #: Index in the event list of the current round's first event.
        self._round_start = 0
        self._proposer = -1
        self._proposer_cat = 0
        self._queue: list[int] = []
        self._queue_index = 0
        self._events: list[tuple[int, Action]] = []
        #: The events as everybody sees them (a nomination's value hidden), kept as they come.
        self._public_log: list[tuple[int, str, int | str | None]] = []
        #: Per seat, where its own nominations stand in the event list.
        self._nominations: list[list[int]] = [[] for _ in range(n)]
        #: (round, proposer, candidate seat, value) for every inspection: the proposer's memory.
        self._inspections: list[tuple[int, int, int, int]] = []

    # ----------------------------------------------------------------- who acts, what is legal

    def legal_actions(self) -> Sequence[Action]:
        """The actions the acting seat may take (the distinct chance outcomes at chance)."""
        phase = self._phase
        if phase == INSPECT:
            return INSPECT_ACTIONS
        if phase == RESPOND:
            return RESPOND_ACTIONS
        if phase in (PRESENT, NOMINATE):
            table = PRESENT_ACTIONS if phase == PRESENT else NOMINATE_ACTIONS
            hand = self._hands[self._actor]
            return [table[v] for v in VALUES if hand[v]]
        if phase == OVER:
            return ()
        return list(dict.fromkeys(self.chance_choices()))

    def chance_choices(self) -> Sequence[Action]:
        """During the deal, the undealt cards; when drawing the first proposer, the seats."""
        if self._phase == DEAL:
            return self._undealt
        if self._phase == CHOOSE_FIRST_PROPOSER:
            return [CHANCE_VALUES[s] for s in range(self._n)]
        return ()

    # ----------------------------------------------------------------------------- the rules
    def _apply(self, action: Action) -> None:
        phase = self._phase
        name = action.name
        if phase == DEAL:
            self._deal_card(action)
        elif phase == CHOOSE_FIRST_PROPOSER:
            self._choose_first_proposer(action)
        elif phase == INSPECT and (name == "propose" or name == "pass"):
            self._log_event(self._actor, action)
            if name == "propose":
                self._propose()
            else:
                self._next_candidate()
        elif phase == RESPOND and (name == "accept" or name == "reject"):
            self._log_event(self._actor, action)
            if name == "accept":
                self._match()
            else:
                self._next_candidate()
        elif phase == PRESENT and name == "present":
            self._present(action)
        elif phase == NOMINATE and name == "nominate":
            self._nominate(action)
        else:
            raise IllegalActionError(self._why_not(action))

    def _why_not(self, action: Action) -> str:
        seat = self._actor
        expected = {
            PRESENT: "present a cat",
            NOMINATE: "nominate a candidate",
            INSPECT: "propose or pass",
            RESPOND: "accept or reject",
            OVER: "nothing: the game is over",
        }[self._phase]
        return f"seat {seat} cannot {action.name} now: it must {expected}"

    def _deal_card(self, card: Action) -> None:
        """Set-up: deal floor(D/n) cards to each seat in turn; the rest are the excess."""
        if card not in self._undealt:
            raise IllegalActionError(f"no cat of value {card.arg} is left to deal")
        seat = self._deal_seat
        self._undealt.remove(card)
        value = card.arg
        assert isinstance(value, int)
        self._hands[seat][value] += 1
        self._hand_size[seat] += 1
        self._dealt[seat].append(value)
        if self._hand_size[seat] == self.game.options.hand_size:
            self._deal_seat += 1
            if self._deal_seat == self._n:
                self._after_deal()

    def _after_deal(self) -> None:
        if self._first_proposer is None:
            self._phase = CHOOSE_FIRST_PROPOSER
            self._actor = CHANCE
        else:
            self._start_round(self._first_proposer)

    def _choose_first_proposer(self, outcome: Action) -> None:
        seat = outcome.arg
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalActionError(f"the first proposer must be a seat, not {seat!r}")
        self._first_proposer = seat
        self._start_round(seat)

    def redact(self, action: Action, viewer: int | None) -> Action:
        """The action about to be applied, as ``viewer`` may see it: a dealt cat is seen by
        the seat it is dealt to, a nomination's value by the nominating seat alone."""
        phase = self._phase
        if phase == DEAL and viewer != self._deal_seat:
            return HIDDEN_DEAL
        if phase == NOMINATE and viewer != self._actor:
            return HIDDEN_NOMINATION
        return action

    def _log_event(self, seat: int, action: Action) -> None:
        shown = action.arg
        if action.name == "nominate":
            self._nominations[seat].append(len(self._events))
            shown = None
        self._events.append((seat, action))
        self._public_log.append((seat, action.name, shown))

    def holds_cats(self, seat: int) -> bool:
        """A seat holds cats if it has a card in hand or a standing candidate."""
        return self._hand_size[seat] > 0 or self._candidate[seat] > 0

    def _start_round(self, designated: int) -> None:
        """Check the end, then find the proposer: clockwise from the designated seat, the first
        seat that holds cats. A standing candidate of the proposer returns to its hand."""
        n = self._n
        holders = sum(1 for s in range(n) if self.holds_cats(s))
        if holders < 2:
            self._end_game()
            return
        proposer = designated
        while not self.holds_cats(proposer):
            proposer = (proposer + 1) % n
        self._return_candidate(proposer)
        self._proposer = proposer
        self._proposer_cat = 0
        self._round_start = len(self._events)
        self._phase = PRESENT
        self._actor = proposer

    def _return_candidate(self, seat: int) -> None:
        value = self._candidate[seat]
        if value:
            self._candidate[seat] = 0
            self._hands[seat][value] += 1
            self._hand_size[seat] += 1

    def _take_from_hand(self, value: int, verb: str) -> None:
        seat = self._actor
        hand = self._hands[seat]
        if not hand[value]:
            raise IllegalActionError(
                f"seat {seat} cannot {verb} a {value}: it has no {value} in hand"
            )
        hand[value] -= 1
        self._hand_size[seat] -= 1

    def _present(self, action: Action) -> None:
        """The proposer shows a cat from its hand; then the others nominate clockwise."""
        value = action.arg
        assert isinstance(value, int)
        self._take_from_hand(value, "present")
        self._log_event(self._actor, action)
        self._given[self._actor].append(value)
        self._proposer_cat = value
        n, p = self._n, self._proposer
        self._queue = [
            s
            for s in ((p + k) % n for k in range(1, n))
            if self._candidate[s] == 0 and self._hand_size[s] > 0
        ]
        self._queue_index = 0
        if self._queue:
            self._phase = NOMINATE
            self._actor = self._queue[0]
        else:
            self._start_inspection()

    def _nominate(self, action: Action) -> None:
        """A seat puts one cat from its hand face down as its candidate."""
        value = action.arg
        assert isinstance(value, int)
        seat = self._actor
        self._take_from_hand(value, "nominate")
        self._log_event(seat, action)
        self._candidate[seat] = value
        self._candidate_round[seat] = self._round
        self._queue_index += 1
        if self._queue_index < len(self._queue):
            self._actor = self._queue[self._queue_index]
        else:
            self._start_inspection()

    def _start_inspection(self) -> None:
        """Candidates are inspected clockwise from the proposer's left."""
        n, p = self._n, self._proposer
        self._queue = [s for s in ((p + k) % n for k in range(1, n)) if self._candidate[s]]
        self._queue_index = -1
        self._next_candidate()

    def _next_candidate(self) -> None:
        """Move the proposer on to the next candidate; none left means loneliness."""
        self._queue_index += 1
        if self._queue_index == len(self._queue):
            self._loneliness()
            return
        seat = self._queue[self._queue_index]
        self._phase = INSPECT
        self._actor = self._proposer
        self._inspections.append((self._round, self._proposer, seat, self._candidate[seat]))

    @property
    def inspected_seat(self) -> int | None:
        """The seat whose candidate is being inspected (or proposed to), if any."""
        if self._phase in (INSPECT, RESPOND):
            return self._queue[self._queue_index]
        return None

    def _propose(self) -> None:
        self._phase = RESPOND
        self._actor = self._queue[self._queue_index]

    def _match(self) -> None:
        """The proposer claims the candidate, its owner claims the proposer cat; the owner
        proposes next. Other standing candidates stay standing."""
        owner = self._queue[self._queue_index]
        self._claimed[self._proposer].append(self._candidate[owner])
        self._given[owner].append(self._candidate[owner])
        self._claimed[owner].append(self._proposer_cat)
        self._candidate[owner] = 0
        self._round += 1
        self._start_round(owner)

    def _loneliness(self) -> None:
        """The proposer cat is discarded, every standing candidate returns home, and the seat
        to the proposer's left is designated next."""
        self._discarded.append(self._proposer_cat)
        for seat in range(self._n):
            self._return_candidate(seat)
        self._round += 1
        self._start_round((self._proposer + 1) % self._n)

    def _end_game(self) -> None:
        """Fewer than two seats hold cats: what is still held is left over and scores nothing."""
        for seat in range(self._n):
            self._return_candidate(seat)
            hand = self._hands[seat]
            for value in VALUES:
                self._left_over.extend([value] * hand[value])
                hand[value] = 0
            self._hand_size[seat] = 0
        self._phase = OVER
        self._actor = GAME_OVER
        self._proposer = -1
        self._proposer_cat = 0
        self._queue = []

    # ------------------------------------------------------------------------------- results
    def targets(self) -> list[int]:
        """Each seat's target: the sum of its dealt values."""
        return [sum(hand) for hand in self._dealt]

    def scores(self) -> list[int]:
        """Claimed values minus target, for each seat (final once the game is over)."""
        return [sum(c) - t for c, t in zip(self._claimed, self.targets(), strict=True)]

    def result(self) -> Result:
        """Scores, winners (highest score; ties shared), targets and claimed cards."""
        if not self.is_over:
            raise IllegalActionError("the game is not over yet")
        scores = self.scores()
        return Result(
            game=self.game.name,
            scores=tuple(scores),
            winners=winners_by(scores, lowest=False),
            details={"targets": self.targets(), "claimed": [list(c) for c in self._claimed]},
        )

    def decision_count(self) -> int:
        """The number of seat decisions so far."""
        return len(self._events)

    # ------------------------------------------------------------------------ copies, records
    def clone(self) -> PurrfectState:
        """An independent copy (cheap: flat lists only)."""
        other = PurrfectState.__new__(PurrfectState)
        other.__dict__.update(self.__dict__)
        other._undealt = self._undealt[:]
        other._hands = [h[:] for h in self._hands]
        other._hand_size = self._hand_size[:]
        other._dealt = [d[:] for d in self._dealt]
        other._candidate = self._candidate[:]
        other._claimed = [c[:] for c in self._claimed]
        other._given = [g[:] for g in self._given]
        other._candidate_round = self._candidate_round[:]
        other._discarded = self._discarded[:]
        other._left_over = self._left_over[:]
        other._queue = self._queue[:]
        other._events = self._events[:]
        other._public_log = self._public_log[:]
        other._nominations = [i[:] for i in self._nominations]
        other._inspections = self._inspections[:]
        return other

    def record(self) -> dict[str, Any]:
        """The game record: options (with the first proposer actually chosen), deal, events."""
        options = self.game.options_dict()
        if self._first_proposer is not None:
            options["first_proposer"] = self._first_proposer
        deal: dict[str, Any] = {"hands": [list(h) for h in self._dealt]}
        if self._deal_seat == self._n:
            deal["excess"] = sorted(int(str(a.arg)) for a in self._undealt)
        return {
            "format": "matchmaker-record/1",
            "game": self.game.name,
            "options": options,
            "deal": deal,
            "events": [action.to_event(seat) for seat, action in self._events],
        }

    # ---------------------------------------------------------------------------------- views
    def view(self, seat: int | None) -> PurrfectView:
        """What ``seat`` knows (None: a spectator): the public table plus its own cats, its
        own target, and every candidate it inspected as proposer."""
        if seat is not None and not 0 <= seat < self._n:
            raise IllegalActionError(f"there is no seat {seat}")
        n = self._n
        over = self.is_over
        log = self._public_log
        if seat is not None and self._nominations[seat]:
            log = log[:]
            for index in self._nominations[seat]:
                log[index] = (seat, "nominate", self._events[index][1].arg)
        inspected = self.inspected_seat
        own_hand: tuple[int, ...] = ()
        if seat is not None:
            hand = self._hands[seat]
            own_hand = tuple(v for v in VALUES for _ in range(hand[v]))
        return PurrfectView(
            seat=seat,
            players=n,
            phase=self._phase,
            to_act=self._actor,
            round=self._round,
            proposer=self._proposer if self._proposer >= 0 else None,
            proposer_cat=self._proposer_cat or None,
            hand_sizes=tuple(self._hand_size),
            standing=tuple(c > 0 for c in self._candidate),
            nominated=tuple(
                s for s, a in self._events[self._round_start :] if a.name == "nominate"
            ),
            inspecting=inspected,
            claimed=tuple(tuple(c) for c in self._claimed),
            discarded=tuple(self._discarded),
            excess=len(self._undealt) if self._deal_seat == n else 0,
            log=tuple(log),
            hand=own_hand,
            candidate=(self._candidate[seat] or None) if seat is not None else None,
            target=self.targets()[seat] if seat is not None else None,
            inspected=tuple(
                (r, s, v) for r, p, s, v in self._inspections if seat is not None and p == seat
            ),
            targets=tuple(self.targets()) if over else None,
            scores=tuple(self.scores()) if over else None,
            left_over=tuple(sorted(self._left_over)) if over else (),
            to_nominate=self._remaining_queue(NOMINATE),
            to_inspect=self._remaining_queue(INSPECT, RESPOND),
            given=tuple(tuple(g) for g in self._given),
            candidate_round=tuple(
                r if c else None
                for r, c in zip(self._candidate_round, self._candidate, strict=True)
            ),
        )

    def _remaining_queue(self, *phases: str) -> tuple[int, ...]:
        """The seats still to nominate, or the candidates still to inspect (current first)."""
        if self._phase in phases:
            return tuple(self._queue[self._queue_index :])
        return ()
