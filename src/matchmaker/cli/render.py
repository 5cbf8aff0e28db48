"""Rich rendering of what one seat sees: the Purrfect Match table or the Clecanian Golf grids.

Everything here draws a view (``state.view(seat)``, or the public view for a spectator) with
the game's words (``matchmaker.words``) and nothing else: a screen can never show more than its
seat may know, and it works no rule out for itself (column scores, grid scores, totals and
known candidates come with the view). ``names`` gives the label of every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.constrain import Constrain
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from matchmaker.bots.talk import Claim, a_cat
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.phases import Phase as GolfPhase
from matchmaker.games.clecanian.scoring import ColumnKind
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.phases import Phase as CatPhase
from matchmaker.games.purrfect.view import PurrfectView
from matchmaker.words import words_for
from matchmaker.words.clecanian import FACE_DOWN, ClecanianWords

#: The widest a table is drawn, however wide the terminal.
MAX_WIDTH = 100


def render_view(
    game: Game[Any], view: Any, names: Sequence[str], talk: Sequence[Claim] = ()
) -> RenderableType:
    """The screen of one view of either game (with the table talk so far, where the game
    has talk: Purrfect Match shows each seat's latest claim of the round)."""
    draw = RENDERERS.get(game.name)
    return draw(game, view, names, talk) if draw is not None else Text(repr(view))


# ------------------------------------------------------------------------------ Purrfect Match
def _candidate_cell(view: PurrfectView, seat: int) -> Text:
    if seat == view.proposer and view.proposer_cat is not None:
        return Text(f"shows {view.proposer_cat}", style="bold yellow")
    if not view.standing[seat]:
        return Text("—", style="dim")
    known = view.candidate_values[seat]
    if seat == view.seat and known is not None:
        text = Text(f"{known} (face down)", style="bold")
    elif known is not None:
        text = Text(f"face down · you saw {a_cat(known)}", style="magenta")
    else:
        text = Text("face down")
    if seat == view.inspecting:
        text.append(" ◀ inspected", style="bold magenta")
    elif seat in view.nominated:
        text.append(" · new this round", style="dim")
    return text


def render_purrfect(
    game: Game[Any], view: PurrfectView, names: Sequence[str], talk: Sequence[Claim] = ()
) -> RenderableType:
    """A Purrfect Match table as one seat (or a spectator) sees it, with what each seat
    claimed about its candidate this round (talk, true or not)."""
    words = words_for(game)
    over = view.phase is CatPhase.OVER
    said = {claim.speaker: claim.value for claim in talk if claim.round == view.round}
    says = bool(said) and not over
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat")
    table.add_column("Cats held", justify="right")
    table.add_column("Candidate / shown")
    if says:
        table.add_column("Says")
    table.add_column("Claimed")
    table.add_column("Sum", justify="right")
    if over and view.targets is not None and view.scores is not None:
        table.add_column("Target", justify="right")
        table.add_column("Score", justify="right")
    for seat in range(view.players):
        label = Text(names[seat], style="bold" if seat == view.seat else "")
        if seat == view.proposer and not over:
            label.append(" ★", style="yellow")
        if seat == view.to_act and not over:
            label.append(" ▶", style="green")
        if view.sitting_out[seat] and not over:
            label.append(" (sits out)", style="dim")
        claimed = view.claimed[seat]
        row: list[Text | str] = [
            label,
            str(view.hand_sizes[seat]),
            _candidate_cell(view, seat),
            *([f"“{a_cat(said[seat])}”" if seat in said else "—"] if says else []),
            " ".join(str(v) for v in claimed) or "—",
            str(view.claimed_totals[seat]),
        ]
        if over and view.targets is not None and view.scores is not None:
            row += [str(view.targets[seat]), Text(str(view.scores[seat]), style="bold")]
        table.add_row(*row)
    discarded = " ".join(str(v) for v in view.discarded) or "none"
    piles = f"Discarded: {discarded}"
    if view.excess:
        piles += f" · {cats(view.excess)} left out unseen"
    if over and view.left_over:
        piles += f" · left over: {' '.join(str(v) for v in view.left_over)}"
    parts: list[RenderableType] = [
        Text(words.status(view, names), style="bold"),
        table,
        Text(piles, style="dim"),
    ]
    if view.inspection_order and not over:
        order = " → ".join(names[s] for s in view.inspection_order)
        parts.append(Text(f"Inspection order: {order}", style="dim"))
    if view.seat is not None and not over:
        parts.append(_purrfect_private(view, names))
    title = f"Purrfect Match · round {view.round + 1}"
    return Constrain(Panel(Group(*parts), title=title, title_align="left"), MAX_WIDTH)


def cats(count: int) -> str:
    """How many cats, in words.

    >>> cats(1), cats(3)
    ('1 cat', '3 cats')
    """
    return f"{count} cat" if count == 1 else f"{count} cats"


def _purrfect_private(view: PurrfectView, names: Sequence[str]) -> RenderableType:
    seat = view.seat if view.seat is not None else 0
    hand = " ".join(str(v) for v in view.hand) or "empty"
    lines = [f"Hand: {hand} ({cats(len(view.hand))})"]
    if view.candidate is not None:
        lines.append(f"Candidate (face down): {view.candidate}")
    if view.target is not None and view.score is not None:
        lines.append(
            f"Target (secret): {view.target} · claimed {view.claimed_totals[seat]} · "
            f"score now {view.score:+d}"
        )
    value = view.inspected_value
    if view.proposer == seat and value is not None and view.inspecting is not None:
        lines.append(f"You look at {names[view.inspecting]}'s candidate: {a_cat(value)}.")
    seen = [(s, v) for r, s, v in view.inspected if r == view.round and s != view.inspecting]
    if seen:
        lines.append(
            "Candidates you passed over this round: "
            + ", ".join(f"{names[s]} {v}" for s, v in seen)
        )
    body = Text("\n".join(lines))
    return Panel(body, title=f"{names[seat]}: hidden from the others", title_align="left")


# ------------------------------------------------------------------------------ Clecanian Golf
#: How a complete column is marked, by its kind.
COLUMN_MARKS: Mapping[ColumnKind, tuple[str, str]] = {
    ColumnKind.COUPLE: ("♥ couple", "bold green"),
    ColumnKind.SAME: ("= same", "bold cyan"),
    ColumnKind.PLAIN: ("→", ""),
}


def _cell(words: ClecanianWords, code: str | None, face_down: bool, style: str) -> Text:
    if code is None:
        return Text(FACE_DOWN if face_down else "··", style="dim")
    card = words.deck.card(code)
    card_style = style or ("magenta" if card.is_woman else "blue" if card.character else "")
    return Text(words.card_name(code), style=card_style)


def clecanian_grid(
    words: ClecanianWords,
    grid: Sequence[str | None],
    face_down: Sequence[bool],
    scores: Sequence[int | None],
    kinds: Sequence[ColumnKind | None],
    title: str,
) -> Table:
    """One seat's grid: the columns numbered from 1, a top and a bottom row, face-down cards
    as ``??``, each card with its character (on one line, cut short where the terminal is too
    narrow), and under each complete column what it scores (couples highlighted)."""
    columns = len(scores)
    table = Table(title=title, title_justify="left", expand=True, box=box.ROUNDED)
    table.add_column("", style="dim", width=6)
    for col in range(columns):  # a card on one line: a name too long for it ends in …
        table.add_column(str(col + 1), ratio=1, no_wrap=True, overflow="ellipsis")
    for row, row_name in enumerate(("top", "bottom")):
        cells: list[Text | str] = [row_name]
        for col in range(columns):
            kind = kinds[col]
            style = (
                COLUMN_MARKS[kind][1] if kind is not None and kind is not ColumnKind.PLAIN else ""
            )
            pos = row * columns + col
            cells.append(_cell(words, grid[pos], face_down[pos], style))
        table.add_row(*cells)
    if any(score is not None for score in scores):
        notes: list[Text | str] = [""]
        for score, kind in zip(scores, kinds, strict=True):
            if score is None or kind is None:
                notes.append("")
                continue
            mark, style = COLUMN_MARKS[kind]
            notes.append(Text(f"{mark} {score}", style=style or "dim"))
        table.add_row(*notes)
    return table


def render_clecanian(
    game: Game[Any], view: ClecanianView, names: Sequence[str], talk: Sequence[Claim] = ()
) -> RenderableType:
    """The Clecanian Golf table as one seat (or a spectator) sees it (the game has no talk)."""
    words = words_for(game)
    assert isinstance(words, ClecanianWords)
    parts: list[RenderableType] = [Text(words.status(view, names), style="bold")]
    scored = view.phase is GolfPhase.DEAL and bool(view.previous_grids)
    if not scored:  # between two rounds the piles are the next deal's, not yet dealt
        cards = "card" if view.stock_size == 1 else "cards"
        pile = "empty"
        if view.discard:
            pile = f"{words.card_name(view.discard[-1])} on top ({len(view.discard)})"
        parts.append(Text(f"Stock: {view.stock_size} {cards} · Discard pile: {pile}"))
    if view.drawn_by is not None:
        holder = names[view.drawn_by]
        if view.drawn is not None:
            parts.append(
                Text(
                    f"{holder} holds {words.card_name(view.drawn)} "
                    f"(from the {view.drawn_from or 'stock'}).",
                    style="bold yellow",
                )
            )
        else:
            parts.append(Text(f"{holder} holds a card from the stock ({FACE_DOWN})."))
    if scored:
        parts.append(Text("The grids as the last round was scored:"))
    for seat in range(view.players):
        if scored:
            grid: Sequence[str | None] = view.previous_grids[seat]
            title = f"{names[seat]} · scored {view.round_scores[-1][seat]}"
            down: Sequence[bool] = (False,) * len(grid)
            scores: Sequence[int | None] = view.previous_column_scores[seat]
            kinds: Sequence[ColumnKind | None] = view.previous_column_kinds[seat]
        else:
            grid, down = view.grids[seat], view.face_down[seat]
            scores, kinds = view.column_scores[seat], view.column_kinds[seat]
            marks = ["dealer"] if seat == view.dealer else []
            if seat == view.to_act:
                marks.append("▶ to act")
            if seat == view.ended_by:
                marks.append("went out")
            title = f"{names[seat]} · {view.grid_scores[seat]} showing"
            title += "".join(f" · {mark}" for mark in marks)
        parts.append(clecanian_grid(words, grid, down, scores, kinds, title))
    if view.round_scores:
        parts.append(clecanian_scores(view, names))
    title = f"Clecanian Golf · round {min(view.round + 1, view.rounds)} of {view.rounds}"
    return Constrain(Panel(Group(*parts), title=title, title_align="left"), MAX_WIDTH)


def clecanian_scores(view: ClecanianView, names: Sequence[str]) -> Table:
    """The round scores so far, with each seat's total (lowest wins)."""
    table = Table(title="Scores (lowest wins)", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Round")
    for name in names:
        table.add_column(name, justify="right")
    for index, scores in enumerate(view.round_scores):
        table.add_row(str(index + 1), *(str(s) for s in scores))
    table.add_row("Total", *(str(t) for t in view.totals), style="bold")
    return table


RENDERERS: dict[str, Callable[[Game[Any], Any, Sequence[str], Sequence[Claim]], RenderableType]] = {
    "purrfect": render_purrfect,
    "clecanian": render_clecanian,
}


# ------------------------------------------------------------------------------------ choices
def render_choices(
    game: Game[Any], view: Any, legal: Sequence[Action], names: Sequence[str]
) -> Table:
    """The legal decisions, numbered from 1, each with what to type and what it does."""
    words = words_for(game)
    table = Table.grid(padding=(0, 2))
    per_row = 2 if len(legal) > 4 else 1
    for _ in range(per_row):
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
    cells: list[RenderableType] = []
    for number, action in enumerate(legal, start=1):
        text = Text(words.choice_key(action), style="bold")
        explanation = words.choice_help(view, action, names)
        if explanation:
            text.append(f" — {explanation}", style="")
        cells += [str(number), text]
    width = 2 * per_row
    while len(cells) % width:
        cells.append("")
    for start in range(0, len(cells), width):
        table.add_row(*cells[start : start + width])
    return table


def render_result(status: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The final scores and winners."""
    table = Table(title="Final scores", title_justify="left", box=box.ROUNDED)
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    for seat, score in enumerate(status["scores"]):
        won = seat in status["winners"]
        table.add_row(
            names[seat] + (" ★ winner" if won else ""),
            str(score),
            style="bold green" if won else "",
        )
    return table
