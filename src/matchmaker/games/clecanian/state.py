"""Clecanian Golf: the state machine of a game.

A round: the deal (chance), two initial reveals per seat, then turns of draw and use until a
seat has all its cards face up; every other seat then takes one final turn and flips its grid.
Jokers abduct a face-up woman (the victim's left neighbour chooses which) and are resolved
depth first. The work that follows a decision (refills, flips, the end of a turn) waits on a
stack of named steps (``steps``), so a chance outcome or a decision can arrive in the middle
of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import GameNotOverError, IllegalActionError
from matchmaker.core.game import GAME_OVER, State
from matchmaker.core.result import Result
from matchmaker.core.seats import in_turn_from, left_of
from matchmaker.games.clecanian import happenings as told
from matchmaker.games.clecanian.actions import (
    ABDUCT_ACTIONS,
    BOTH_DRAWS,
    DISCARD,
    HIDDEN_CARD,
    REVEAL_ACTIONS,
    STOCK_ONLY,
    SWAP_ACTIONS,
)
from matchmaker.games.clecanian.phases import (
    ABDUCT,
    DEAL,
    DRAW,
    DRAW_CARD,
    OVER,
    REFILL_CARD,
    REVEAL,
    USE,
    Phase,
)
from matchmaker.games.clecanian.position import EMPTY, ClecanianHistory, ClecanianPosition
from matchmaker.games.clecanian.record import record_of
from matchmaker.games.clecanian.rules import (
    REVEALS_PER_SEAT,
    JokerPlace,
    abductor_of,
    final_turns,
    has_gone_out,
    joker_destination,
    turn_limit_reached,
    women_face_up,
)
from matchmaker.games.clecanian.scoring import final_result, grid_score, totals
from matchmaker.games.clecanian.steps import (
    AFTER_FINAL_TURN,
    AFTER_REVEAL,
    END_ROUND,
    END_TURN,
    FLIP,
    REFILL,
    AfterFinalTurn,
    AfterReveal,
    ChooseAbductee,
    EndRound,
    EndTurn,
    Flip,
    JokerDone,
    Refill,
)
from matchmaker.games.clecanian.view import ClecanianView, view_of

if TYPE_CHECKING:
    from matchmaker.games.clecanian.game import ClecanianGame


class ClecanianState(State[ClecanianView]):
    """A game of Clecanian Golf in progress."""

    game: ClecanianGame
    position: ClecanianPosition

    def __init__(
        self,
        game: ClecanianGame,
        position: ClecanianPosition | None = None,
        history: ClecanianHistory | None = None,
    ) -> None:
        """A new game at the first deal, or the game at ``position`` (reached by ``history``;
        a position without one is a sampled world, with no past)."""
        options = game.options
        self.game = game
        self._deck = options.deck
        self._codes = options.deck.codes
        self._epilogue = options.epilogue
        self._must_swap = options.discard_draw_must_swap
        self._max_turns = options.max_turns
        if position is None:
            self.history = ClecanianHistory()
            self.position = ClecanianPosition(game.players, options.columns)
            self._start_round()
        else:
            self.position = position
            self.history = history if history is not None else ClecanianHistory([([], [])])
            self._follow_history()

    # -------------------------------------------------------------------------- a new round
    def _start_round(self) -> None:
        """Shuffle all the cards into the stock; the deal is chance, card by card."""
        self.position.new_round(list(self._deck.chance))
        self.history.rounds.append(([], []))
        self._follow_history()

    def _follow_history(self) -> None:
        """Keep at hand the lists the current round's deal and events are written to."""
        self._deal, self._events = self.history.rounds[-1]
        self._public_log = self.history.public_log

    # ----------------------------------------------------------------- who acts, what is legal

    @property
    def round(self) -> int:
        """The round being played (0-based)."""
        return self.position.round

    def legal_actions(self) -> Sequence[Action]:
        """The actions the acting seat may take (the distinct cards of the stock at chance)."""
        p = self.position
        phase = p.phase
        if phase is DRAW:
            return BOTH_DRAWS if p.discard else STOCK_ONLY
        if phase is USE:
            swaps = SWAP_ACTIONS[: p.size]
            if p.drawn_from_discard and self._must_swap:
                return swaps
            return (*swaps, DISCARD)
        if phase is REVEAL:
            up = p.up[p.actor]
            return [REVEAL_ACTIONS[pos] for pos in range(p.size) if not up[pos]]
        if phase is ABDUCT:
            return [ABDUCT_ACTIONS[pos] for pos in self.women_face_up(p.abduction[0])]
        if phase is OVER:
            return ()
        return p.stock

    def chance_choices(self) -> Sequence[Action]:
        """At a chance node, the cards of the stock (each equally likely)."""
        p = self.position
        if p.actor == CHANCE:
            return p.stock
        return ()

    def redact(self, action: Action, viewer: int | None) -> Action:
        """The action about to be applied, as ``viewer`` may see it: a dealt card is face down
        (but the first discard is public), and a non-joker card drawn from the stock is seen by
        its drawer alone."""
        if action.name != "chance":
            return action
        p = self.position
        card = self._deck.by_code.get(str(action.arg), EMPTY)
        if p.phase is DEAL:
            visible = p.dealt == p.players * p.size
        elif p.phase is DRAW_CARD:
            visible = viewer == p.turn_seat or (card >= 0 and self._deck.is_joker[card])
        else:
            visible = True
        return action if visible else HIDDEN_CARD

    def women_face_up(self, seat: int) -> list[int]:
        """Positions of the face-up female character cards in a seat's grid."""
        return women_face_up(self.position, self._deck, seat)

    # ----------------------------------------------------------------------------- decisions
    def apply_legal(self, action: Action) -> None:
        """Apply an action already known to be the acting seat's (one of ``legal_actions()``,
        or the next card at chance), as a search's play-out does thousands of times: the
        rules check it as ``apply`` does, but the checks of whose turn it is are left out,
        and the call stays in compiled code."""
        self._apply(action)

    def _apply(self, action: Action) -> None:
        p = self.position
        phase = p.phase
        name = action.name
        if p.actor == CHANCE:
            self._take_card(action)
            return
        seat = p.actor
        if phase is DRAW and name == "draw_stock":
            self._record(seat, action)
            self._need_card(DRAW_CARD)
        elif phase is DRAW and name == "draw_discard":
            self._draw_discard(seat, action)
        elif phase is USE and name == "swap":
            self._swap(seat, action)
        elif phase is USE and name == "discard":
            self._discard_drawn(seat, action)
        elif phase is REVEAL and name == "reveal":
            self._reveal(seat, action)
        elif phase is ABDUCT and name == "abduct":
            self._abduct(seat, action)
        else:
            raise IllegalActionError(self._why_not(seat, name))

    def _why_not(self, seat: int, name: str) -> str:
        phase = self.position.phase
        if name in ("swap", "discard") and phase is not USE:
            return f"seat {seat} cannot {name}: it holds no drawn card"
        if name in ("draw_stock", "draw_discard") and phase is USE:
            return f"seat {seat} cannot {name}: it already holds a drawn card"
        expected = {
            REVEAL: "reveal one of its face-down cards",
            DRAW: "draw from the stock or the discard pile",
            USE: "swap the drawn card into its grid or discard it",
            ABDUCT: f"choose a woman of seat {self.position.abduction[0]} to abduct",
        }[phase]
        return f"seat {seat} cannot {name} now: it must {expected}"

    def _record(self, actor: int, action: Action) -> None:
        self._events.append((actor, action))
        self._public_log.append((self.position.round, actor, action.name, action.arg))
        if actor != CHANCE:
            self.history.decisions += 1

    def _check_pos(self, seat: int, action: Action) -> int:
        pos = action.arg
        assert isinstance(pos, int)
        size = self.position.size
        if not 0 <= pos < size:
            raise IllegalActionError(
                f"seat {seat} cannot {action.name} position {pos}: "
                f"the grid has positions 0 to {size - 1}"
            )
        return pos

    def _reveal(self, seat: int, action: Action) -> None:
        """Initial reveals: each seat turns two of its own face-down cards face up."""
        pos = self._check_pos(seat, action)
        p = self.position
        if p.up[seat][pos]:
            raise IllegalActionError(
                f"seat {seat} cannot reveal position {pos}: it is already face up"
            )
        self._record(seat, action)
        p.steps.append(AFTER_REVEAL[seat])
        self._turn_up(seat, pos)
        self._run()

    def _draw_discard(self, seat: int, action: Action) -> None:
        p = self.position
        if not p.discard:
            raise IllegalActionError(f"seat {seat} cannot draw_discard: the discard pile is empty")
        self._record(seat, action)
        card = p.discard.pop()
        if self._deck.is_joker[card]:
            self._joker_drawn(seat, card)
        else:
            p.drawn = card
            p.drawn_from_discard = True
            p.phase = USE

    def _swap(self, seat: int, action: Action) -> None:
        """The drawn card goes face up into the position; the card there goes to the discard
        pile, face up (a face-down joker swapped out is resolved)."""
        pos = self._check_pos(seat, action)
        self._record(seat, action)
        p = self.position
        grid, up = p.grid[seat], p.up[seat]
        old, was_up = grid[pos], up[pos]
        grid[pos] = placed = p.drawn
        p.drawn = EMPTY
        if not was_up:
            up[pos] = True
            p.face_down[seat] -= 1
        p.steps.append(END_TURN[seat])
        codes = self._codes
        self.history.happened.append((told.SwappedOut, seat, pos, codes[placed], codes[old]))
        if self._deck.is_joker[old]:
            self._resolve_joker(seat, old, None)
        else:
            p.discard.append(old)
        self._run()

    def _discard_drawn(self, seat: int, action: Action) -> None:
        p = self.position
        if p.drawn_from_discard and self._must_swap:
            raise IllegalActionError(
                f"seat {seat} cannot discard: a card taken from the discard pile must be "
                "swapped in (discard_draw_must_swap)"
            )
        self._record(seat, action)
        self.history.happened.append((told.Discarded, seat, self._codes[p.drawn]))
        p.discard.append(p.drawn)
        p.drawn = EMPTY
        p.steps.append(END_TURN[seat])
        self._run()

    def _abduct(self, seat: int, action: Action) -> None:
        """The victim's left neighbour picks a face-up woman: she goes onto the discard pile
        (the joker under her, see ``joker_destination``), and the victim refills her place
        from the stock."""
        pos = self._check_pos(seat, action)
        p = self.position
        victim, joker = p.abduction
        if pos not in self.women_face_up(victim):
            raise IllegalActionError(
                f"seat {seat} cannot abduct position {pos}: it is not a face-up woman "
                f"of seat {victim}"
            )
        self._record(seat, action)
        woman = p.grid[victim][pos]
        codes = self._codes
        happened = self.history.happened
        happened.append((told.Abducted, victim, pos, codes[woman], codes[joker]))
        place = joker_destination(self._epilogue, abducted=True)
        if place is JokerPlace.UNDER_WOMAN:
            p.discard.append(joker)
            happened.append((told.JokerPlaced, codes[joker], place))
        p.discard.append(woman)
        p.grid[victim][pos] = EMPTY
        p.steps.append(REFILL[victim][pos])
        self._run()

    # ------------------------------------------------------------------------------- chance
    def _need_card(self, phase: Phase) -> None:
        """A card must be taken from the stock (an empty one is first rebuilt)."""
        p = self.position
        if not p.stock:
            self._reshuffle_discard_into_stock()
        p.phase = phase
        p.actor = CHANCE

    def _reshuffle_discard_into_stock(self) -> None:
        """When a card must be drawn and the stock is empty, every card of the discard pile
        except its top card is shuffled to form a new stock."""
        p = self.position
        keep = p.discard.pop()
        chance = self._deck.chance
        p.stock = [chance[c] for c in p.discard]
        p.discard = [keep]
        self.history.happened.append((told.Reshuffled, len(p.stock)))

    def _take_card(self, outcome: Action) -> None:
        code = outcome.arg
        card = self._deck.by_code.get(code) if isinstance(code, str) else None
        if card is None:
            raise IllegalActionError(f"{code!r} is not a card of the deck")
        p = self.position
        try:
            p.stock.remove(outcome)
        except ValueError:
            raise IllegalActionError(f"card {code} is not in the stock") from None
        phase = p.phase
        if phase is DEAL:
            self._deal_card(card)
            return
        self._record(CHANCE, outcome)
        if phase is DRAW_CARD:
            seat = p.turn_seat
            p.actor = seat
            if self._deck.is_joker[card]:
                self._joker_drawn(seat, card)
            else:
                p.drawn = card
                p.drawn_from_discard = False
                p.phase = USE
        else:  # REFILL_CARD
            seat, pos = p.refill_to
            self.history.happened.append((told.Refilled, seat, pos, code))
            if self._deck.is_joker[card]:
                self._resolve_joker(seat, card, pos)
            else:
                p.grid[seat][pos] = card
            self._run()

    def _deal_card(self, card: int) -> None:
        """The deal: each seat's grid face down, position by position, then the first
        discard (a joker simply stays there)."""
        p = self.position
        self._deal.append(card)
        total = p.players * p.size
        if p.dealt < total:
            seat, pos = divmod(p.dealt, p.size)
            p.grid[seat][pos] = card
        else:
            p.discard.append(card)
        p.dealt += 1
        if p.dealt > total:
            self.history.happened.append((told.Dealt, p.round, p.dealer, self._codes[card]))
            self._start_reveals()

    # ---------------------------------------------------------------------------- the flow
    def _start_reveals(self) -> None:
        """Clockwise from the dealer's left, each seat makes two initial reveals."""
        p = self.position
        p.turn_seat = left_of(p.dealer, p.players)
        p.reveals_left = REVEALS_PER_SEAT
        p.phase = REVEAL
        p.actor = p.turn_seat

    def _begin_turn(self, seat: int) -> None:
        p = self.position
        p.turn_seat = seat
        p.phase = DRAW
        p.actor = seat

    def _turn_up(self, seat: int, pos: int) -> None:
        """Turn a face-down card up; a joker found in the grid is resolved at once."""
        p = self.position
        p.up[seat][pos] = True
        p.face_down[seat] -= 1
        card = p.grid[seat][pos]
        self.history.happened.append((told.TurnedUp, seat, pos, self._codes[card]))
        if self._deck.is_joker[card]:
            p.grid[seat][pos] = EMPTY
            self._resolve_joker(seat, card, pos)

    def _joker_drawn(self, seat: int, joker: int) -> None:
        """A joker drawn (from either pile) is resolved and the turn is over."""
        self.position.steps.append(END_TURN[seat])
        self._resolve_joker(seat, joker, None)
        self._run()

    def _resolve_joker(self, victim: int, joker: int, grid_pos: int | None) -> None:
        """Queue the steps of a joker: an abduction if the victim shows a woman (else it is
        placed at once, see ``joker_destination``), then, for a joker that was in the grid, a
        refill of its own position; once all is done it is complete (``JokerDone``)."""
        steps = self.position.steps
        steps.append(JokerDone(joker))
        if grid_pos is not None:
            steps.append(REFILL[victim][grid_pos])
        if self.women_face_up(victim):
            steps.append(ChooseAbductee(victim, joker))
            return
        code = self._codes[joker]
        happened = self.history.happened
        happened.append((told.NoWoman, victim, code))
        place = joker_destination(self._epilogue, abducted=False)
        if place is JokerPlace.DISCARD:
            self.position.discard.append(joker)
            happened.append((told.JokerPlaced, code, place))

    def _joker_done(self, joker: int) -> None:
        """A joker's resolution is complete: in the epilogue variant it goes back into the
        stock now (``joker_destination``)."""
        if self._epilogue:
            self.position.stock.append(self._deck.chance[joker])
            self.history.happened.append((told.JokerPlaced, self._codes[joker], JokerPlace.STOCK))

    def _choose_abductee(self, victim: int, joker: int) -> None:
        """The seat to the victim's left chooses which face-up woman the joker abducts."""
        p = self.position
        p.abduction = (victim, joker)
        p.phase = ABDUCT
        p.actor = abductor_of(victim, p.players)
        self.history.happened.append((told.JokerStrikes, victim, self._codes[joker], p.actor))

    def _run(self) -> None:
        """Carry out waiting steps until a decision or a chance outcome is needed."""
        p = self.position
        steps = p.steps
        while steps:
            step = steps.pop()
            kind = type(step)
            if type(step) is Refill:
                p.refill_to = (step.seat, step.pos)
                self._need_card(REFILL_CARD)
                return
            if kind is ChooseAbductee:
                self._choose_abductee(*step)
                return
            if kind is JokerDone:
                self._joker_done(*step)
            elif kind is Flip:
                self._flip_from(*step)
            elif kind is EndTurn:
                self._end_turn(*step)
                if not steps:
                    return
            elif kind is AfterFinalTurn:
                self._after_final_turn(*step)
                if not steps:
                    return
            elif kind is AfterReveal:
                self._after_reveal(*step)
                return
            else:
                assert kind is EndRound
                self._end_round()
                return

    def _after_reveal(self, seat: int) -> None:
        p = self.position
        p.reveals_left -= 1
        if p.reveals_left:
            p.phase = REVEAL
            p.actor = seat
            return
        following = left_of(seat, p.players)
        if following == left_of(p.dealer, p.players):
            self._begin_turn(following)
        else:
            p.reveals_left = REVEALS_PER_SEAT
            p.turn_seat = following
            p.phase = REVEAL
            p.actor = following

    def _flip_from(self, seat: int, start: int) -> None:
        """Turn up the seat's face-down cards in position order; a joker is resolved fully
        before the next card is turned."""
        p = self.position
        up = p.up[seat]
        for pos in range(start, p.size):
            if not up[pos]:
                p.steps.append(FLIP[seat][pos + 1])
                self._turn_up(seat, pos)
                return

    def _end_turn(self, seat: int) -> None:
        """After a turn: a seat that has gone out triggers the end (every other seat gets one
        final turn); after max_turns turns with no trigger, everybody flips."""
        p = self.position
        p.turns += 1
        p.drawn = EMPTY
        n = p.players
        if p.ender != EMPTY:
            p.steps.append(AFTER_FINAL_TURN[seat])
            p.steps.append(FLIP[seat][0])
            return
        if has_gone_out(p, seat):
            self._go_out(seat)
        elif turn_limit_reached(p, self._max_turns):
            self.history.happened.append((told.TurnLimit, p.turns))
            p.steps.append(END_ROUND)
            for flipper in reversed(in_turn_from(left_of(p.dealer, n), n)):
                p.steps.append(FLIP[flipper][0])
        else:
            self._begin_turn(left_of(seat, n))

    def _go_out(self, seat: int) -> None:
        """``seat`` has all its cards face up: the end is triggered, and every other seat takes
        one final turn, clockwise."""
        p = self.position
        p.ender = seat
        p.final_turns_left = final_turns(p.players)
        self.history.happened.append((told.WentOut, seat, p.final_turns_left))
        self._begin_turn(left_of(seat, p.players))

    def _after_final_turn(self, seat: int) -> None:
        p = self.position
        p.final_turns_left -= 1
        if p.final_turns_left == 0:
            p.steps.append(END_ROUND)
        else:
            self._begin_turn(left_of(seat, p.players))

    def _end_round(self) -> None:
        p = self.position
        scores = [grid_score(self._deck, p.grid[s], p.columns) for s in range(p.players)]
        p.round_scores.append(scores)
        self.history.happened.append((told.RoundScored, p.round, tuple(scores)))
        p.previous_grids = p.grid
        p.round += 1
        if p.round == self.game.options.rounds:
            p.phase = OVER
            p.actor = GAME_OVER
            result = self.result()
            self.history.happened.append((told.GameEnds, result.scores, result.winners))
        else:
            self._start_round()

    # ------------------------------------------------------------------------------ scoring
    def grid_score(self, seat: int) -> int:
        """The sum of a seat's column scores (face-down cards count as they are)."""
        p = self.position
        return grid_score(self._deck, p.grid[seat], p.columns)

    def totals(self) -> list[int]:
        """Game scores so far: the sum of each seat's round scores."""
        return totals(self.position.round_scores, self.position.players)

    def happenings(self, since: int = 0) -> list[told.Happening]:
        """What the rules did on their own so far (see ``happenings``), in order, from the
        ``since``-th on."""
        return [told.expand(compact) for compact in self.history.happened[since:]]

    def result(self) -> Result:
        """Game scores, winners (lowest total; ties shared) and round scores."""
        if not self.is_over:
            raise GameNotOverError("the game is not over yet: it has no result")
        p = self.position
        return final_result(self.game.name, p.round_scores, p.players)

    def decision_count(self) -> int:
        """The number of seat decisions so far."""
        return self.history.decisions

    # ------------------------------------------------------------------------ copies, records
    def clone(self) -> ClecanianState:
        """An independent copy."""
        return ClecanianState(self.game, self.position.copy(), self.history.copy())

    def __reduce__(
        self,
    ) -> tuple[type[ClecanianState], tuple[ClecanianGame, ClecanianPosition, ClecanianHistory]]:
        """Pickled and copied as what a state is: the game, its position and its history
        (a compiled build has no instance dictionary to copy)."""
        return (ClecanianState, (self.game, self.position, self.history))

    def record(self) -> dict[str, Any]:
        """The game record: options, and per round the deal and every event."""
        return record_of(self)

    def view(self, seat: int | None) -> ClecanianView:
        """What ``seat`` knows (None: a spectator): see ``ClecanianView``."""
        return view_of(self, seat)
