"""Clecanian Golf: the state machine of a game.

A round: the deal (chance), two initial reveals per seat, then turns of draw and use until a
seat has all its cards face up; every other seat then takes one final turn and flips its grid.
Jokers abduct a face-up woman (the victim's left neighbour chooses which) and are resolved
depth first. The work that follows a decision (refills, flips, the end of a turn) waits on a
stack of steps, so a chance outcome or a decision can arrive in the middle of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError, IllegalActionError
from matchmaker.core.game import GAME_OVER, OVER, State
from matchmaker.core.result import Result, winners_by
from matchmaker.games.clecanian.view import ClecanianView

if TYPE_CHECKING:
    from matchmaker.games.clecanian.game import ClecanianGame

EMPTY = -1
REVEALS_PER_SEAT = 2

# Phases.
DEAL = "deal"
REVEAL = "reveal"
DRAW = "draw"
DRAW_CARD = "draw_card"  # chance: the card taken by draw_stock
USE = "use"
ABDUCT = "abduct"
REFILL_CARD = "refill_card"  # chance: a card placed face up after a joker

# Steps waiting on the stack (first item of each tuple).
REFILL = 0  # (REFILL, seat, pos): take the top card of the stock, face up into pos
JOKER_DONE = 1  # (JOKER_DONE, card): the joker's resolution is complete
FLIP = 2  # (FLIP, seat, from_pos): turn up the seat's face-down cards in position order
END_TURN = 3  # (END_TURN, seat)
AFTER_FINAL_TURN = 4  # (AFTER_FINAL_TURN, seat)
AFTER_REVEAL = 5  # (AFTER_REVEAL, seat)
END_ROUND = 6  # (END_ROUND,)
CHOOSE_ABDUCTEE = 7  # (CHOOSE_ABDUCTEE, victim, joker)

#: The public names of the waiting steps, as views show them.
STEP_NAMES = {
    REFILL: "refill",
    JOKER_DONE: "joker_done",
    FLIP: "flip",
    END_TURN: "end_turn",
    AFTER_FINAL_TURN: "after_final_turn",
    AFTER_REVEAL: "after_reveal",
    END_ROUND: "end_round",
    CHOOSE_ABDUCTEE: "choose_abductee",
}
STEP_KINDS = {name: kind for kind, name in STEP_NAMES.items()}
#: Steps whose last argument is a card (shown by its code in views).
CARD_STEPS = (JOKER_DONE, CHOOSE_ABDUCTEE)

DRAW_STOCK = Action("draw_stock")
DRAW_DISCARD = Action("draw_discard")
DISCARD = Action("discard")
MAX_POSITIONS = 10
REVEAL_ACTIONS = tuple(Action("reveal", p, "pos") for p in range(MAX_POSITIONS))
SWAP_ACTIONS = tuple(Action("swap", p, "pos") for p in range(MAX_POSITIONS))
ABDUCT_ACTIONS = tuple(Action("abduct", p, "pos") for p in range(MAX_POSITIONS))
POSITIONAL = {"reveal": REVEAL_ACTIONS, "swap": SWAP_ACTIONS, "abduct": ABDUCT_ACTIONS}
PLAIN = {"draw_stock": DRAW_STOCK, "draw_discard": DRAW_DISCARD, "discard": DISCARD}
BOTH_DRAWS = (DRAW_STOCK, DRAW_DISCARD)
#: A card taken from the stock, as seen by a seat that may not know it.
HIDDEN_CARD = Action("chance", None)
STOCK_ONLY = (DRAW_STOCK,)


def seat_action(name: str, pos: int | None) -> Action:
    """The action named ``name`` (with ``pos`` for reveal, swap and abduct)."""
    if name in PLAIN:
        return PLAIN[name]
    if name not in POSITIONAL:
        raise EventError(f"unknown action {name!r}")
    if pos is None or not 0 <= pos < MAX_POSITIONS:
        raise EventError(f"{name} needs a grid position, not {pos!r}")
    return POSITIONAL[name][pos]


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next one clockwise."""
    return (seat + 1) % players


class ClecanianState(State):
    """A game of Clecanian Golf in progress."""

    game: ClecanianGame

    def __init__(self, game: ClecanianGame) -> None:
        options = game.options
        self.game = game
        self._deck = options.deck
        self._n = options.players
        self._cols = options.columns
        self._size = 2 * options.columns
        self._epilogue = options.epilogue
        self._round = 0
        self._round_scores: list[list[int]] = []
        #: The grids as they stood, all face up, when the previous round was scored.
        self._previous_grids: list[list[int]] = []
        #: Per round: (the dealt cards in deal order, the events after the deal).
        self._log: list[tuple[list[int], list[tuple[int, Action]]]] = []
        self._decisions = 0
        #: Every event after the deals as (round, actor, action, argument), kept as they come.
        self._public_log: list[tuple[int, int, str, str | int | None]] = []
        self._start_round()

    # -------------------------------------------------------------------------- a new round
    def _start_round(self) -> None:
        """Shuffle all the cards into the stock; the deal is chance, card by card."""
        n = self._n
        self._dealer = self._round % n
        self._grid = [[EMPTY] * self._size for _ in range(n)]
        self._up = [[False] * self._size for _ in range(n)]
        self._face_down = [self._size] * n
        self._stock: list[Action] = list(self._deck.chance)
        self._discard: list[int] = []
        self._dealt = 0
        self._drawn = EMPTY
        self._drawn_from_discard = False
        self._stack: list[tuple[int, ...]] = []
        self._pending: tuple[int, int] = (EMPTY, EMPTY)  # refill target, or (victim, joker)
        self._turns = 0
        self._ender = EMPTY
        self._final_turns_left = 0
        self._reveals_left = 0
        self._turn_seat = left_of(self._dealer, n)
        self._phase = DEAL
        self._actor = CHANCE
        self._log.append(([], []))
        self._events = self._log[-1][1]

    # ----------------------------------------------------------------- who acts, what is legal

    @property
    def round(self) -> int:
        """The round being played (0-based)."""
        return self._round

    def legal_actions(self) -> Sequence[Action]:
        """The actions the acting seat may take (the distinct cards of the stock at chance)."""
        phase = self._phase
        if phase == DRAW:
            return BOTH_DRAWS if self._discard else STOCK_ONLY
        if phase == USE:
            swaps = SWAP_ACTIONS[: self._size]
            if self._drawn_from_discard and self.game.options.discard_draw_must_swap:
                return swaps
            return (*swaps, DISCARD)
        if phase == REVEAL:
            up = self._up[self._actor]
            return [REVEAL_ACTIONS[p] for p in range(self._size) if not up[p]]
        if phase == ABDUCT:
            return [ABDUCT_ACTIONS[p] for p in self.women_face_up(self._pending[0])]
        if phase == OVER:
            return ()
        return self._stock

    def chance_choices(self) -> Sequence[Action]:
        """At a chance node, the cards of the stock (each equally likely)."""
        if self._actor == CHANCE:
            return self._stock
        return ()

    def redact(self, action: Action, viewer: int | None) -> Action:
        """The action about to be applied, as ``viewer`` may see it: a dealt card is face down
        (but the first discard is public), and a non-joker card drawn from the stock is seen by
        its drawer alone."""
        if action.name != "chance":
            return action
        card = self._deck.by_code.get(str(action.arg), EMPTY)
        if self._phase == DEAL:
            visible = self._dealt == self._n * self._size
        elif self._phase == DRAW_CARD:
            visible = viewer == self._turn_seat or (card >= 0 and self._deck.is_joker[card])
        else:
            visible = True
        return action if visible else HIDDEN_CARD

    def women_face_up(self, seat: int) -> list[int]:
        """Positions of the face-up female character cards in a seat's grid."""
        grid, up, woman = self._grid[seat], self._up[seat], self._deck.is_woman
        return [p for p in range(self._size) if up[p] and grid[p] >= 0 and woman[grid[p]]]

    # ----------------------------------------------------------------------------- decisions
    def _apply(self, action: Action) -> None:
        phase = self._phase
        name = action.name
        if self._actor == CHANCE:
            self._take_card(action)
            return
        seat = self._actor
        if phase == DRAW and name == "draw_stock":
            self._record(seat, action)
            self._need_card(DRAW_CARD)
        elif phase == DRAW and name == "draw_discard":
            self._draw_discard(seat, action)
        elif phase == USE and name == "swap":
            self._swap(seat, action)
        elif phase == USE and name == "discard":
            self._discard_drawn(seat, action)
        elif phase == REVEAL and name == "reveal":
            self._reveal(seat, action)
        elif phase == ABDUCT and name == "abduct":
            self._abduct(seat, action)
        else:
            raise IllegalActionError(self._why_not(seat, name))

    def _why_not(self, seat: int, name: str) -> str:
        phase = self._phase
        if name in ("swap", "discard") and phase != USE:
            return f"seat {seat} cannot {name}: it holds no drawn card"
        if name in ("draw_stock", "draw_discard") and phase == USE:
            return f"seat {seat} cannot {name}: it already holds a drawn card"
        expected = {
            REVEAL: "reveal one of its face-down cards",
            DRAW: "draw from the stock or the discard pile",
            USE: "swap the drawn card into its grid or discard it",
            ABDUCT: f"choose a woman of seat {self._pending[0]} to abduct",
            OVER: "nothing: the game is over",
        }[phase]
        return f"seat {seat} cannot {name} now: it must {expected}"

    def _record(self, actor: int, action: Action) -> None:
        self._events.append((actor, action))
        self._public_log.append((self._round, actor, action.name, action.arg))
        if actor != CHANCE:
            self._decisions += 1

    def _check_pos(self, seat: int, action: Action) -> int:
        pos = action.arg
        assert isinstance(pos, int)
        if not 0 <= pos < self._size:
            raise IllegalActionError(
                f"seat {seat} cannot {action.name} position {pos}: "
                f"the grid has positions 0 to {self._size - 1}"
            )
        return pos

    def _reveal(self, seat: int, action: Action) -> None:
        """Initial reveals: each seat turns two of its own face-down cards face up."""
        pos = self._check_pos(seat, action)
        if self._up[seat][pos]:
            raise IllegalActionError(
                f"seat {seat} cannot reveal position {pos}: it is already face up"
            )
        self._record(seat, action)
        self._stack.append((AFTER_REVEAL, seat))
        self._turn_up(seat, pos)
        self._run()

    def _draw_discard(self, seat: int, action: Action) -> None:
        if not self._discard:
            raise IllegalActionError(f"seat {seat} cannot draw_discard: the discard pile is empty")
        self._record(seat, action)
        card = self._discard.pop()
        if self._deck.is_joker[card]:
            self._joker_drawn(seat, card)
        else:
            self._drawn = card
            self._drawn_from_discard = True
            self._phase = USE

    def _swap(self, seat: int, action: Action) -> None:
        """The drawn card goes face up into the position; the card there goes to the discard
        pile, face up (a face-down joker swapped out is resolved)."""
        pos = self._check_pos(seat, action)
        self._record(seat, action)
        grid, up = self._grid[seat], self._up[seat]
        old, was_up = grid[pos], up[pos]
        grid[pos] = self._drawn
        self._drawn = EMPTY
        if not was_up:
            up[pos] = True
            self._face_down[seat] -= 1
        self._stack.append((END_TURN, seat))
        if self._deck.is_joker[old]:
            self._resolve_joker(seat, old, None)
        else:
            self._discard.append(old)
        self._run()

    def _discard_drawn(self, seat: int, action: Action) -> None:
        if self._drawn_from_discard and self.game.options.discard_draw_must_swap:
            raise IllegalActionError(
                f"seat {seat} cannot discard: a card taken from the discard pile must be "
                "swapped in (discard_draw_must_swap)"
            )
        self._record(seat, action)
        self._discard.append(self._drawn)
        self._drawn = EMPTY
        self._stack.append((END_TURN, seat))
        self._run()

    def _abduct(self, seat: int, action: Action) -> None:
        """The victim's left neighbour picks a face-up woman: she goes onto the discard pile
        with the joker under her, and the victim refills her place from the stock."""
        pos = self._check_pos(seat, action)
        victim, joker = self._pending
        if pos not in self.women_face_up(victim):
            raise IllegalActionError(
                f"seat {seat} cannot abduct position {pos}: it is not a face-up woman "
                f"of seat {victim}"
            )
        self._record(seat, action)
        if not self._epilogue:
            self._discard.append(joker)
        self._discard.append(self._grid[victim][pos])
        self._grid[victim][pos] = EMPTY
        self._stack.append((REFILL, victim, pos))
        self._run()

    # ------------------------------------------------------------------------------- chance
    def _need_card(self, phase: str) -> None:
        """A card must be taken from the stock; an empty stock is first rebuilt from every
        card of the discard pile but its top card."""
        if not self._stock:
            keep = self._discard.pop()
            chance = self._deck.chance
            self._stock = [chance[c] for c in self._discard]
            self._discard = [keep]
        self._phase = phase
        self._actor = CHANCE

    def _take_card(self, outcome: Action) -> None:
        code = outcome.arg
        card = self._deck.by_code.get(code) if isinstance(code, str) else None
        if card is None:
            raise IllegalActionError(f"{code!r} is not a card of the deck")
        if outcome not in self._stock:
            raise IllegalActionError(f"card {code} is not in the stock")
        self._stock.remove(outcome)
        phase = self._phase
        if phase == DEAL:
            self._deal_card(card)
            return
        self._record(CHANCE, outcome)
        if phase == DRAW_CARD:
            seat = self._turn_seat
            self._actor = seat
            if self._deck.is_joker[card]:
                self._joker_drawn(seat, card)
            else:
                self._drawn = card
                self._drawn_from_discard = False
                self._phase = USE
        else:  # REFILL_CARD
            seat, pos = self._pending
            self._grid[seat][pos] = card
            if self._deck.is_joker[card]:
                self._grid[seat][pos] = EMPTY
                self._resolve_joker(seat, card, pos)
            self._run()

    def _deal_card(self, card: int) -> None:
        """The deal: each seat's grid face down, position by position, then the first
        discard."""
        self._log[-1][0].append(card)
        total = self._n * self._size
        if self._dealt < total:
            seat, pos = divmod(self._dealt, self._size)
            self._grid[seat][pos] = card
        else:
            self._discard.append(card)  # a joker simply stays there
        self._dealt += 1
        if self._dealt > total:
            self._start_reveals()

    # ---------------------------------------------------------------------------- the flow
    def _start_reveals(self) -> None:
        """Clockwise from the dealer's left, each seat makes two initial reveals."""
        self._turn_seat = left_of(self._dealer, self._n)
        self._reveals_left = REVEALS_PER_SEAT
        self._phase = REVEAL
        self._actor = self._turn_seat

    def _begin_turn(self, seat: int) -> None:
        self._turn_seat = seat
        self._phase = DRAW
        self._actor = seat

    def _turn_up(self, seat: int, pos: int) -> None:
        """Turn a face-down card up; a joker found in the grid is resolved at once."""
        self._up[seat][pos] = True
        self._face_down[seat] -= 1
        card = self._grid[seat][pos]
        if self._deck.is_joker[card]:
            self._grid[seat][pos] = EMPTY
            self._resolve_joker(seat, card, pos)

    def _joker_drawn(self, seat: int, joker: int) -> None:
        """A joker drawn (from either pile) is resolved and the turn is over."""
        self._stack.append((END_TURN, seat))
        self._resolve_joker(seat, joker, None)
        self._run()

    def _resolve_joker(self, victim: int, joker: int, grid_pos: int | None) -> None:
        """Queue the steps of a joker: an abduction if the victim shows a woman (else the joker
        goes on the discard pile), then, for a joker that was in the grid, a refill of its own
        position; in the epilogue variant the joker returns to the stock once all is done."""
        self._stack.append((JOKER_DONE, joker))
        if grid_pos is not None:
            self._stack.append((REFILL, victim, grid_pos))
        if self.women_face_up(victim):
            self._stack.append((CHOOSE_ABDUCTEE, victim, joker))
        elif not self._epilogue:
            self._discard.append(joker)

    def _run(self) -> None:
        """Carry out waiting steps until a decision or a chance outcome is needed."""
        stack = self._stack
        while stack:
            step = stack.pop()
            kind = step[0]
            if kind == REFILL:
                self._pending = (step[1], step[2])
                self._need_card(REFILL_CARD)
                return
            if kind == CHOOSE_ABDUCTEE:
                self._pending = (step[1], step[2])
                self._phase = ABDUCT
                self._actor = left_of(step[1], self._n)
                return
            if kind == JOKER_DONE:
                if self._epilogue:
                    self._stock.append(self._deck.chance[step[1]])
            elif kind == FLIP:
                self._flip_from(step[1], step[2])
            elif kind == END_TURN:
                self._end_turn(step[1])
                if not stack:
                    return
            elif kind == AFTER_FINAL_TURN:
                self._after_final_turn(step[1])
                if not stack:
                    return
            elif kind == AFTER_REVEAL:
                self._after_reveal(step[1])
                return
            else:  # END_ROUND
                self._end_round()
                return

    def _after_reveal(self, seat: int) -> None:
        self._reveals_left -= 1
        if self._reveals_left:
            self._phase = REVEAL
            self._actor = seat
            return
        following = left_of(seat, self._n)
        if following == left_of(self._dealer, self._n):
            self._begin_turn(following)
        else:
            self._reveals_left = REVEALS_PER_SEAT
            self._turn_seat = following
            self._phase = REVEAL
            self._actor = following

    def _flip_from(self, seat: int, start: int) -> None:
        """Turn up the seat's face-down cards in position order; a joker is resolved fully
        before the next card is turned."""
        up = self._up[seat]
        for pos in range(start, self._size):
            if not up[pos]:
                self._stack.append((FLIP, seat, pos + 1))
                self._turn_up(seat, pos)
                return

    def _end_turn(self, seat: int) -> None:
        """After a turn: a seat with every card face up triggers the end (every other seat
        gets one final turn); after max_turns turns with no trigger, everybody flips."""
        self._turns += 1
        self._drawn = EMPTY
        n = self._n
        if self._ender != EMPTY:
            self._stack.append((AFTER_FINAL_TURN, seat))
            self._stack.append((FLIP, seat, 0))
            return
        if self._face_down[seat] == 0:
            self._ender = seat
            self._final_turns_left = n - 1
            self._begin_turn(left_of(seat, n))
        elif self._turns >= self.game.options.max_turns:
            self._stack.append((END_ROUND,))
            first = left_of(self._dealer, n)
            for k in reversed(range(n)):
                self._stack.append((FLIP, (first + k) % n, 0))
        else:
            self._begin_turn(left_of(seat, n))

    def _after_final_turn(self, seat: int) -> None:
        self._final_turns_left -= 1
        if self._final_turns_left == 0:
            self._stack.append((END_ROUND,))
        else:
            self._begin_turn(left_of(seat, self._n))

    def _end_round(self) -> None:
        self._round_scores.append([self.grid_score(s) for s in range(self._n)])
        self._previous_grids = self._grid
        self._round += 1
        if self._round == self.game.options.rounds:
            self._phase = OVER
            self._actor = GAME_OVER
        else:
            self._start_round()

    # ------------------------------------------------------------------------------ scoring
    def grid_score(self, seat: int) -> int:
        """The sum of a seat's column scores (face-down cards count as they are)."""
        grid, cols, table = self._grid[seat], self._cols, self._deck.column_scores
        return sum(
            table[grid[c]][grid[cols + c]] for c in range(cols) if grid[c] >= 0 <= grid[cols + c]
        )

    def totals(self) -> list[int]:
        """Game scores so far: the sum of each seat's round scores."""
        return [sum(r[s] for r in self._round_scores) for s in range(self._n)]

    def result(self) -> Result:
        """Game scores, winners (lowest total; ties shared) and round scores."""
        if not self.is_over:
            raise IllegalActionError("the game is not over yet")
        totals = self.totals()
        return Result(
            game=self.game.name,
            scores=tuple(totals),
            winners=winners_by(totals, lowest=True),
            details={"round_scores": [list(r) for r in self._round_scores]},
        )

    def decision_count(self) -> int:
        """The number of seat decisions so far."""
        return self._decisions

    # ------------------------------------------------------------------------ copies, records
    def clone(self) -> ClecanianState:
        """An independent copy."""
        other = ClecanianState.__new__(ClecanianState)
        other.__dict__.update(self.__dict__)
        other._grid = [g[:] for g in self._grid]
        other._up = [u[:] for u in self._up]
        other._face_down = self._face_down[:]
        other._stock = self._stock[:]
        other._discard = self._discard[:]
        other._stack = self._stack[:]
        other._round_scores = [r[:] for r in self._round_scores]
        other._log = [(deal[:], events[:]) for deal, events in self._log]
        other._events = other._log[-1][1]
        other._public_log = self._public_log[:]
        return other

    def record(self) -> dict[str, Any]:
        """The game record: options, and per round the deal and every event."""
        codes = [c.code for c in self._deck.cards]
        size, n = self._size, self._n
        rounds = []
        for deal, events in self._log:
            if not deal:
                continue
            entry: dict[str, Any] = {
                "grids": [[codes[c] for c in deal[s * size : (s + 1) * size]] for s in range(n)]
            }
            if len(deal) > n * size:
                entry["discard"] = codes[deal[-1]]
            entry["events"] = [action.to_event(actor) for actor, action in events]
            rounds.append(entry)
        return {
            "format": "matchmaker-record/1",
            "game": self.game.name,
            "options": self.game.options_dict(),
            "rounds": rounds,
        }

    # ---------------------------------------------------------------------------------- views
    def view(self, seat: int | None) -> ClecanianView:
        """What ``seat`` knows (None: a spectator): every face-up card, the discard pile, the
        stock size, the round scores, the public log, and its own drawn card."""
        if seat is not None and not 0 <= seat < self._n:
            raise IllegalActionError(f"there is no seat {seat}")
        codes = [c.code for c in self._deck.cards]
        grids = tuple(
            tuple(codes[c] if u and c >= 0 else None for c, u in zip(g, up, strict=True))
            for g, up in zip(self._grid, self._up, strict=True)
        )
        drawn = None
        holder = self._turn_seat if self._phase == USE else None
        if holder is not None and (self._drawn_from_discard or seat == holder):
            drawn = codes[self._drawn]
        return ClecanianView(
            seat=seat,
            players=self._n,
            columns=self._cols,
            round=self._round,
            rounds=self.game.options.rounds,
            dealer=self._dealer,
            phase=self._phase,
            to_act=self._actor,
            grids=grids,
            discard=tuple(codes[c] for c in self._discard),
            stock_size=len(self._stock),
            drawn=drawn,
            drawn_by=holder,
            drawn_from=None
            if holder is None
            else "discard"
            if self._drawn_from_discard
            else "stock",
            victim=self._pending[0] if self._phase == ABDUCT else None,
            turns=self._turns,
            ended_by=None if self._ender == EMPTY else self._ender,
            round_scores=tuple(tuple(r) for r in self._round_scores),
            previous_grids=tuple(tuple(codes[c] for c in g) for g in self._previous_grids),
            face_down=tuple(tuple(not u for u in up) for up in self._up),
            turn_seat=self._turn_seat,
            reveals_left=self._reveals_left,
            final_turns_left=self._final_turns_left,
            pending=self._public_steps(codes),
            refill=self._pending if self._phase == REFILL_CARD else None,
            abducting=codes[self._pending[1]] if self._phase == ABDUCT else None,
            log=self._log_for(seat),
        )

    def _public_steps(self, codes: list[str]) -> tuple[tuple[str | int, ...], ...]:
        """The waiting steps, bottom first, by name; cards by code. All of it is public."""
        steps: list[tuple[str | int, ...]] = []
        for step in self._stack:
            kind, args = step[0], list(step[1:])
            shown: list[str | int] = list(args)
            if kind in CARD_STEPS:
                shown[-1] = codes[args[-1]]
            steps.append((STEP_NAMES[kind], *shown))
        return tuple(steps)

    def _log_for(self, seat: int | None) -> tuple[tuple[int, int, str, str | int | None], ...]:
        """Every event as (round, actor, name, argument); the card taken by a draw_stock is
        hidden from the others until it is placed or discarded, the deal is not listed."""
        entries = self._public_log
        if (
            self._phase == USE
            and not self._drawn_from_discard
            and seat != self._turn_seat
            and entries
            and entries[-1][1] == CHANCE
        ):
            last = entries[-1]
            return (*entries[:-1], (last[0], last[1], last[2], None))
        return tuple(entries)
