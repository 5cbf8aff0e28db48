"""Rich rendering of what one seat sees: the Purrfect Match table or the Clecanian Golf grids.

Everything here draws a view (``state.view(seat)``, or the public view for a spectator) with
the game's words (``matchmaker.words``) and nothing else: a screen can never show more than its
seat may know, and it works no rule out for itself (column scores, grid scores, totals and
known candidates come with the view). ``names`` gives the label of every seat. Each drawing has
a compact form (``compact=True``) for a terminal too small for the full one (three Clecanian
Golf players in 80 x 24); :func:`fit_screen` picks the one that fits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
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
    game: Game[Any],
    view: Any,
    names: Sequence[str],
    talk: Sequence[Claim] = (),
    compact: bool = False,
) -> RenderableType:
    """The screen of one view of either game (with the table talk so far, where the game
    has talk: Purrfect Match shows each seat's latest claim of the round). ``compact`` draws
    it in as few lines as it can, for a small terminal (see :func:`fit_screen`)."""
    draw = RENDERERS.get(game.name)
    return draw(game, view, names, talk, compact) if draw is not None else Text(repr(view))


def fit_screen(
    console: Console, draw: Callable[[bool], RenderableType], spare: int = 1
) -> RenderableType:
    """``draw(compact)``: the full layout when it fits the terminal's height with ``spare``
    lines left over (for the prompt) and the console is a terminal (a pipe or a file always
    gets the full layout), else the compact one."""
    full = draw(False)
    if not console.is_terminal:
        return full
    lines = console.render_lines(full, console.options, pad=False)
    return full if len(lines) + spare <= console.height else draw(True)


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
    game: Game[Any],
    view: PurrfectView,
    names: Sequence[str],
    talk: Sequence[Claim] = (),
    compact: bool = False,
) -> RenderableType:
    """A Purrfect Match table as one seat (or a spectator) sees it, with what each seat
    said at the table this round (claims, true or not, and free talk); ``compact`` drops the
    frames around the table and the private panel, and gives only the sum of the cats each
    seat claimed."""
    words = words_for(game)
    over = view.phase is CatPhase.OVER
    said = {claim.speaker: claim.value for claim in talk if claim.round == view.round}
    says = bool(said) and not over
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat")
    table.add_column("Cats" if compact else "Cats held", justify="right")
    table.add_column("Candidate" if compact else "Candidate / shown")
    if says:
        table.add_column("Says")
    if not compact:  # compact: only the sum of the cats claimed (``score`` lists them)
        table.add_column("Claimed")
    table.add_column("Claimed" if compact else "Sum", justify="right")
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
            *([] if compact else [" ".join(str(v) for v in claimed) or "—"]),
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
    title = f"Purrfect Match · round {view.round + 1}"
    if compact:
        parts.insert(0, Text(title, style="bold"))
        if view.seat is not None and not over:
            parts.append(_purrfect_private_lines(view, names))
        return Group(*parts)
    if view.seat is not None and not over:
        parts.append(_purrfect_private(view, names))
    return Constrain(Panel(Group(*parts), title=title, title_align="left"), MAX_WIDTH)


def cats(count: int) -> str:
    """How many cats, in words.

    >>> cats(1), cats(3)
    ('1 cat', '3 cats')
    """
    return f"{count} cat" if count == 1 else f"{count} cats"


def _purrfect_private(view: PurrfectView, names: Sequence[str]) -> RenderableType:
    """The panel only the viewer sees: hand, candidate, target and score, inspections."""
    seat = view.seat if view.seat is not None else 0
    body = _purrfect_private_lines(view, names)
    return Panel(body, title=f"{names[seat]}: hidden from the others", title_align="left")


def _purrfect_private_lines(view: PurrfectView, names: Sequence[str]) -> Text:
    """What only the viewer sees, as lines of text."""
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
    return Text("\n".join(lines))


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
    compact: bool = False,
    numbered: bool = True,
) -> Table:
    """One seat's grid: the columns numbered from 1, a top and a bottom row, face-down cards
    as ``??``, each card with its character (on one line, cut short where the terminal is too
    narrow), and under each complete column what it scores (couples highlighted).

    ``compact`` draws it without frames, the column numbers only if ``numbered``: the grids
    of a compact table share the numbers drawn over the first one."""
    columns = len(scores)
    if compact:
        table = Table(
            title=title,
            title_justify="left",
            title_style="bold",
            expand=True,
            box=None,
            show_header=numbered,
            header_style="dim",
            padding=(0, 1),
            pad_edge=False,
        )
    else:
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


def _piles(words: ClecanianWords, view: ClecanianView) -> str:
    """The stock's size and the top of the discard pile."""
    cards = "card" if view.stock_size == 1 else "cards"
    pile = "empty"
    if view.discard:
        pile = f"{words.card_name(view.discard[-1])} on top ({len(view.discard)})"
    return f"Stock: {view.stock_size} {cards} · Discard pile: {pile}"


def _held(words: ClecanianWords, view: ClecanianView, names: Sequence[str]) -> Text | None:
    """The card drawn and not yet used, as the viewer may know it (None: nobody holds one)."""
    if view.drawn_by is None:
        return None
    holder = names[view.drawn_by]
    if view.drawn is None:
        return Text(f"{holder} holds a card from the stock ({FACE_DOWN}).")
    return Text(
        f"{holder} holds {words.card_name(view.drawn)} (from the {view.drawn_from or 'stock'}).",
        style="bold yellow",
    )


def _seat_grid(
    words: ClecanianWords,
    view: ClecanianView,
    names: Sequence[str],
    seat: int,
    compact: bool = False,
) -> Table:
    """One seat's grid as it stands (or, between two rounds, as the last round was scored);
    a compact grid's title also carries the seat's total, drawn in the full layout's score
    table."""
    totals = f" · total {view.totals[seat]}" if compact and view.round_scores else ""
    if view.phase is GolfPhase.DEAL and view.previous_grids:
        grid = view.previous_grids[seat]
        title = f"{names[seat]} · scored {view.round_scores[-1][seat]}{totals}"
        return clecanian_grid(
            words,
            grid,
            (False,) * len(grid),
            view.previous_column_scores[seat],
            view.previous_column_kinds[seat],
            title,
            compact,
            numbered=not compact or seat == 0,
        )
    marks = ["dealer"] if seat == view.dealer else []
    if seat == view.to_act:
        marks.append("▶ to act")
    if seat == view.ended_by:
        marks.append("went out")
    title = f"{names[seat]} · {view.grid_scores[seat]} showing{totals}"
    title += "".join(f" · {mark}" for mark in marks)
    return clecanian_grid(
        words,
        view.grids[seat],
        view.face_down[seat],
        view.column_scores[seat],
        view.column_kinds[seat],
        title,
        compact,
        numbered=not compact or seat == 0,
    )


def render_clecanian(
    game: Game[Any],
    view: ClecanianView,
    names: Sequence[str],
    talk: Sequence[Claim] = (),
    compact: bool = False,
) -> RenderableType:
    """The Clecanian Golf table as one seat (or a spectator) sees it (the game has no talk).

    ``compact`` fits a small terminal (three players in 80 x 24): no frames, the round and the
    piles on the first line (the status says which round ended between two rounds), the
    column numbers drawn once over the first grid, and each seat's total in its grid's title
    instead of the score table."""
    words = words_for(game)
    assert isinstance(words, ClecanianWords)
    title = f"Clecanian Golf · round {min(view.round + 1, view.rounds)} of {view.rounds}"
    scored = view.phase is GolfPhase.DEAL and bool(view.previous_grids)
    parts: list[RenderableType] = []
    if compact and not scored:  # between two rounds the piles are the next deal's
        heading = f"Round {min(view.round + 1, view.rounds)} of {view.rounds}"
        parts.append(Text(f"{heading} · {_piles(words, view)}", style="dim"))
    parts.append(Text(words.status(view, names), style="bold"))
    if not scored and not compact:
        parts.append(Text(_piles(words, view)))
    held = _held(words, view, names)
    if held is not None:
        parts.append(held)
    if scored and not compact:
        parts.append(Text("The grids as the last round was scored:"))
    parts += [_seat_grid(words, view, names, seat, compact) for seat in range(view.players)]
    if compact:
        return Group(*parts)
    if view.round_scores:
        parts.append(clecanian_scores(view, names))
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


#: Each game's drawing: ``draw(game, view, names, talk, compact)``.
RENDERERS: dict[
    str, Callable[[Game[Any], Any, Sequence[str], Sequence[Claim], bool], RenderableType]
] = {
    "purrfect": render_purrfect,
    "clecanian": render_clecanian,
}


# ------------------------------------------------------------------------------------ choices
def render_choices(
    game: Game[Any],
    view: Any,
    legal: Sequence[Action],
    names: Sequence[str],
    compact: bool = False,
    tip: str = "",
) -> RenderableType:
    """The legal decisions, numbered from 1, each with what to type and what it does, and
    then ``tip`` (dim). ``compact``: with more than two decisions, only what to type, as many
    to a line as the width holds (four at 80 columns)."""
    words = words_for(game)
    if compact and len(legal) > 2:
        keys = [
            Text.assemble((f"{number:>2} ", "bold cyan"), (words.choice_key(action), "bold"))
            for number, action in enumerate(legal, start=1)
        ]
        brief = Columns(keys, padding=(0, 2), equal=True)
        return Group(brief, Text(tip, style="dim")) if tip else brief
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
    return Group(table, Text(tip, style="dim")) if tip else table


def render_result(status: Mapping[str, Any], names: Sequence[str], compact: bool = False) -> Table:
    """The final scores and winners (``compact``: without a frame or a header)."""
    table = Table(
        title="Final scores",
        title_justify="left",
        box=None if compact else box.ROUNDED,
        show_header=not compact,
        pad_edge=not compact,
    )
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
