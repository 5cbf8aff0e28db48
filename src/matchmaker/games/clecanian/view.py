"""What a seat of Clecanian Golf knows: every face-up card, and its own drawn card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from matchmaker.core.actions import CHANCE
from matchmaker.core.seats import check_seat
from matchmaker.core.views import ViewData
from matchmaker.games.clecanian.phases import ABDUCT, REFILL_CARD, USE, Phase
from matchmaker.games.clecanian.rules import abductor_of
from matchmaker.games.clecanian.scoring import (
    ColumnKind,
    column_table,
    kind_table,
    showing_score,
    totals,
)
from matchmaker.games.clecanian.steps import CARD_STEPS, STEP_NAMES

if TYPE_CHECKING:
    from matchmaker.games.clecanian.state import ClecanianState


#: What each field of a view holds, in the words of docs/protocol.md (whose view table and the
#: protocol's JSON Schema, ``matchmaker.server.schema``, are made from it). Seats count from 0,
#: grid places from 0 (top row 0 … columns-1, bottom row columns … 2·columns-1), cards by code.
FIELDS: dict[str, str] = {
    "seat": "the seat this view is for; null for a spectator's (public) view",
    "players": "the number of seats",
    "columns": "columns of each grid (5, or 4 with the 2x4 variant); a grid has 2 x columns places",
    "round": "the round being played, from 0",
    "rounds": "the rounds of the game",
    "dealer": "the dealer of this round",
    "phase": "what the game waits for (see Phases)",
    "to_act": (
        "the seat to decide; -1 while chance acts (a card dealt or drawn), -2 once the game is over"
    ),
    "grids": (
        "grids[s][p]: the code of a face-up card, or null for a face-down card (known to "
        "nobody) or an empty place waiting for a refill (the place a joker left)"
    ),
    "discard": "the discard pile, bottom first (the last is the top card)",
    "stock_size": "cards left in the stock",
    "drawn": (
        "the card drawn this turn when this seat may know it (its own card from the stock, or "
        "any card taken from the discard pile); null otherwise"
    ),
    "drawn_by": "the seat holding a drawn card (phase use); null otherwise",
    "drawn_from": (
        '"stock" or "discard": where drawn_by\'s card came from; null when no card is held'
    ),
    "victim": "during an abduction, the seat losing a woman; null otherwise",
    "turns": "turns played in this round",
    "ended_by": (
        "the seat that turned up its last card and triggered the end of the round; null before"
    ),
    "round_scores": "round_scores[r][s]: what seat s scored in each finished round",
    "previous_grids": "the grids, all face up, as the previous round was scored; empty in round 0",
    "face_down": (
        "face_down[s][p]: whether the place holds a face-down card (a null in grids that is not"
        " face down is an empty place)"
    ),
    "turn_seat": "the seat whose turn it is (or who makes its initial reveals)",
    "reveals_left": "initial reveals turn_seat still has to make",
    "final_turns_left": "final turns still to play once the end is triggered",
    "pending": (
        "the public steps waiting to be carried out, bottom first, each [name, arguments...] "
        "with cards by code (refills, flips, the end of the turn...)"
    ),
    "refill": (
        "[seat, place] the next card from the stock goes to (phase refill_card); null otherwise"
    ),
    "abducting": "the code of the joker whose abduction is being chosen; null otherwise",
    "log": (
        "every event so far as [round, actor, action, argument]; actor -1 for a card from the "
        "stock, whose code is null while only its drawer may know it"
    ),
    "column_scores": (
        "column_scores[s][c]: what column c scores, once both its cards are face up; null before"
    ),
    "column_kinds": (
        'column_kinds[s][c]: "couple", "same" (two cards of one character) or "plain", '
        "once both its cards are face up; null before"
    ),
    "grid_scores": (
        "grid_scores[s]: what the face-up cards of each grid score now (complete columns as "
        "they score, a lone face-up card at its points)"
    ),
    "previous_column_scores": "column_scores of previous_grids",
    "previous_column_kinds": "column_kinds of previous_grids",
    "abductor": (
        "during an abduction, the seat that chooses the woman (the victim's left neighbour); "
        "null otherwise"
    ),
    "totals": "each seat's game score so far (the sum of its round scores)",
}


@dataclass(frozen=True)
class ClecanianView(ViewData):
    """An immutable observation for one seat (``seat`` None: a spectator).

    ``grids[s][p]`` is the code of a face-up card, None for a face-down card (known to
    nobody) or an empty place waiting for a refill. ``drawn`` is the card held by ``drawn_by``
    when this seat may know it: its own card from the stock, or a card taken from the discard
    pile. ``log`` lists every event as (round, actor, action, argument), actor -1 for a card
    taken from the stock, whose code is None while only its drawer knows it. ``previous_grids``
    holds the grids, all face up, as the previous round was scored (empty in round 0).
    ``face_down`` flags the face-down places (a None that is not face down is a place waiting
    for a refill). ``turn_seat`` is the seat whose turn it is (or who reveals);
    ``reveals_left`` its initial reveals still to make; ``final_turns_left`` the final turns
    still to play once the end is triggered. ``pending`` lists the public steps waiting to be
    carried out, bottom first (refills, flips, the end of the turn…); ``refill`` is the
    (seat, position) the next card from the stock goes to, ``abducting`` the joker whose
    abduction is being chosen.

    What the rules derive, so that no face works it out again: ``column_scores[s][c]`` and
    ``column_kinds[s][c]``, what each column of two face-up cards scores and whether it is a
    couple, two of the same character or plain (None while a card of it is not face up);
    ``grid_scores[s]``, what each grid scores on what is face up (complete columns as they
    score, a lone face-up card at its points); the same for ``previous_grids`` in
    ``previous_column_scores`` and ``previous_column_kinds``; ``abductor``, the seat that
    chooses the woman (the victim's left neighbour) during an abduction; ``totals``, each
    seat's game score so far.
    """

    seat: int | None
    players: int
    columns: int
    round: int
    rounds: int
    dealer: int
    phase: Phase
    to_act: int
    grids: tuple[tuple[str | None, ...], ...]
    discard: tuple[str, ...]
    stock_size: int
    drawn: str | None
    drawn_by: int | None
    drawn_from: str | None
    victim: int | None
    turns: int
    ended_by: int | None
    round_scores: tuple[tuple[int, ...], ...]
    previous_grids: tuple[tuple[str, ...], ...]
    face_down: tuple[tuple[bool, ...], ...]
    turn_seat: int
    reveals_left: int
    final_turns_left: int
    pending: tuple[tuple[str | int, ...], ...]
    refill: tuple[int, int] | None
    abducting: str | None
    log: tuple[tuple[int, int, str, str | int | None], ...]
    column_scores: tuple[tuple[int | None, ...], ...]
    column_kinds: tuple[tuple[ColumnKind | None, ...], ...]
    grid_scores: tuple[int, ...]
    previous_column_scores: tuple[tuple[int, ...], ...]
    previous_column_kinds: tuple[tuple[ColumnKind, ...], ...]
    abductor: int | None
    totals: tuple[int, ...]

    def column(self, seat: int, column: int) -> tuple[str | None, str | None]:
        """The two cards (top, bottom) of a seat's column as far as this seat can see."""
        grid = self.grids[seat]
        return grid[column], grid[self.partner(column)]

    def column_of(self, place: int) -> int:
        """The column a grid place is in (places count the top row, then the bottom row)."""
        return place % self.columns

    def partner(self, place: int) -> int:
        """The other place of ``place``'s column: the card it is scored with."""
        return place + self.columns if place < self.columns else place - self.columns


def view_of(state: ClecanianState, seat: int | None) -> ClecanianView:
    """What ``seat`` knows of ``state`` (None: a spectator): every face-up card, the discard
    pile, the stock size, the round scores, the public log, and its own drawn card."""
    p = state.position
    deck = state.game.options.deck
    n, cols = p.players, p.columns
    if seat is not None:
        check_seat(seat, n)
    codes = deck.codes
    shown = [
        [c if u and c >= 0 else None for c, u in zip(g, up, strict=True)]
        for g, up in zip(p.grid, p.up, strict=True)
    ]
    drawn = None
    holder = p.turn_seat if p.phase is USE else None
    if holder is not None and (p.drawn_from_discard or seat == holder):
        drawn = codes[p.drawn]
    abduct = p.phase is ABDUCT
    scores, kinds = column_table(deck), kind_table(deck)
    column_scores, column_kinds = [], []
    for grid in shown:
        pairs = [(grid[c], grid[cols + c]) for c in range(cols)]
        column_scores.append(
            tuple(None if a is None or b is None else scores[a][b] for a, b in pairs)
        )
        column_kinds.append(
            tuple(None if a is None or b is None else kinds[a][b] for a, b in pairs)
        )
    previous = p.previous_grids
    return ClecanianView(
        seat=seat,
        players=n,
        columns=cols,
        round=p.round,
        rounds=state.game.options.rounds,
        dealer=p.dealer,
        phase=p.phase,
        to_act=p.actor,
        grids=tuple(tuple(None if c is None else codes[c] for c in g) for g in shown),
        discard=tuple(codes[c] for c in p.discard),
        stock_size=len(p.stock),
        drawn=drawn,
        drawn_by=holder,
        drawn_from=None if holder is None else "discard" if p.drawn_from_discard else "stock",
        victim=p.abduction[0] if abduct else None,
        turns=p.turns,
        ended_by=None if p.ender < 0 else p.ender,
        round_scores=tuple(tuple(r) for r in p.round_scores),
        previous_grids=tuple(tuple(codes[c] for c in g) for g in previous),
        face_down=tuple(tuple(not u for u in up) for up in p.up),
        turn_seat=p.turn_seat,
        reveals_left=p.reveals_left,
        final_turns_left=p.final_turns_left,
        pending=_public_steps(state, codes),
        refill=p.refill_to if p.phase is REFILL_CARD else None,
        abducting=codes[p.abduction[1]] if abduct else None,
        log=_log_for(state, seat),
        column_scores=tuple(column_scores),
        column_kinds=tuple(column_kinds),
        grid_scores=tuple(showing_score(deck, g, cols) for g in shown),
        previous_column_scores=tuple(
            tuple(scores[g[c]][g[cols + c]] for c in range(cols)) for g in previous
        ),
        previous_column_kinds=tuple(
            tuple(kinds[g[c]][g[cols + c]] for c in range(cols)) for g in previous
        ),
        abductor=abductor_of(p.abduction[0], n) if abduct else None,
        totals=tuple(totals(p.round_scores, n)),
    )


def _public_steps(
    state: ClecanianState, codes: tuple[str, ...]
) -> tuple[tuple[str | int, ...], ...]:
    """The waiting steps, bottom first, by name; cards by code. All of it is public."""
    out: list[tuple[str | int, ...]] = []
    for step in state.position.steps:
        shown: list[str | int] = list(step)
        if isinstance(step, CARD_STEPS):
            shown[-1] = codes[step[-1]]
        out.append((STEP_NAMES[type(step)], *shown))
    return tuple(out)


def _log_for(
    state: ClecanianState, seat: int | None
) -> tuple[tuple[int, int, str, str | int | None], ...]:
    """Every event as (round, actor, name, argument); the card taken by a draw_stock is
    hidden from the others until it is placed or discarded, the deal is not listed."""
    p = state.position
    entries = state.history.public_log
    if (
        p.phase is USE
        and not p.drawn_from_discard
        and seat != p.turn_seat
        and entries
        and entries[-1][1] == CHANCE
    ):
        last = entries[-1]
        return (*entries[:-1], (last[0], last[1], last[2], None))
    return tuple(entries)
