"""Rich rendering of what one seat sees: the Purrfect Match table or the Clecanian Golf grids.

Everything here draws a view (``state.view(seat)``, or the public view for a spectator) and
nothing else, so a screen can never show more than its seat may know. ``names`` gives the label
of every seat (``Seat 0 (you)``, ``Seat 1 (random)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.constrain import Constrain
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from matchmaker.cli.narrate import a_cat, describe_card, seat_name
from matchmaker.core.actions import Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.deck import Card, Deck
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.view import PurrfectView

#: How a face-down card is drawn.
FACE_DOWN = "??"
#: The widest a table is drawn, however wide the terminal.
MAX_WIDTH = 100


def seat_labels(kinds: Sequence[str], viewer: int | None, you: str = "you") -> list[str]:
    """Seat labels such as ``Seat 0 (you)`` and ``Seat 1 (random)``: ``kinds`` names the player
    at each seat; the viewer's seat is called ``you``."""
    labels = []
    for seat, kind in enumerate(kinds):
        tag = you if seat == viewer else kind
        labels.append(f"{seat_name(seat)} ({tag})" if tag else seat_name(seat))
    return labels


def render_view(game: Game, view: Any, names: Sequence[str]) -> RenderableType:
    """The screen of one view of either game."""
    if isinstance(view, PurrfectView):
        return render_purrfect(view, names)
    if isinstance(view, ClecanianView):
        return render_clecanian(view, deck_of(game), names)
    return Text(repr(view))


def deck_of(game: Game) -> Deck:
    """The Clecanian deck a game is played with."""
    deck = getattr(getattr(game, "options", None), "deck", None)
    if not isinstance(deck, Deck):
        raise TypeError(f"{game.title} has no Clecanian deck")
    return deck


# ------------------------------------------------------------------------------ Purrfect Match
def _purrfect_status(view: PurrfectView, names: Sequence[str]) -> str:
    proposer = names[view.proposer] if view.proposer is not None else "nobody"
    if view.phase == "present":
        return f"{proposer} is the proposer and chooses a cat to show."
    if view.phase == "nominate":
        return f"{proposer} shows {a_cat(view.proposer_cat)}; {names[view.to_act]} nominates."
    if view.phase in ("inspect", "respond") and view.inspecting is not None:
        owner = names[view.inspecting]
        shown = f"{proposer} shows {a_cat(view.proposer_cat)} and looks at {owner}'s candidate"
        if view.phase == "respond":
            return f"{shown}: a proposal! {owner} accepts or rejects."
        return f"{shown}: propose or pass?"
    if view.phase == "over":
        return "The game is over."
    return "The cats are being dealt."


def _candidate_cell(view: PurrfectView, seat: int) -> Text:
    if seat == view.proposer and view.proposer_cat is not None:
        return Text(f"shows {view.proposer_cat}", style="bold yellow")
    if not view.standing[seat]:
        return Text("—", style="dim")
    if seat == view.seat and view.candidate is not None:
        text = Text(f"{view.candidate} (face down)", style="bold")
    else:
        text = Text("face down")
    if seat == view.inspecting:
        text.append(" ◀ inspected", style="bold magenta")
    elif seat in view.nominated:
        text.append(" · new", style="dim")
    return text


def render_purrfect(view: PurrfectView, names: Sequence[str]) -> RenderableType:
    """A Purrfect Match table as one seat (or a spectator) sees it."""
    over = view.phase == "over"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat")
    table.add_column("Cats held", justify="right")
    table.add_column("Candidate / shown")
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
        claimed = view.claimed[seat]
        row: list[Text | str] = [
            label,
            str(view.hand_sizes[seat]),
            _candidate_cell(view, seat),
            " ".join(str(v) for v in claimed) or "—",
            str(sum(claimed)),
        ]
        if over and view.targets is not None and view.scores is not None:
            row += [str(view.targets[seat]), Text(str(view.scores[seat]), style="bold")]
        table.add_row(*row)
    discarded = " ".join(str(v) for v in view.discarded) or "none"
    piles = f"Discarded: {discarded}"
    if view.excess:
        piles += f" · {view.excess} cats left out unseen"
    if over and view.left_over:
        piles += f" · left over: {' '.join(str(v) for v in view.left_over)}"
    parts: list[RenderableType] = [
        Text(_purrfect_status(view, names), style="bold"),
        table,
        Text(piles, style="dim"),
    ]
    if view.seat is not None and not over:
        parts.append(_purrfect_private(view, names))
    title = f"Purrfect Match · round {view.round + 1}"
    return Constrain(Panel(Group(*parts), title=title, title_align="left"), MAX_WIDTH)


def _purrfect_private(view: PurrfectView, names: Sequence[str]) -> RenderableType:
    seat = view.seat if view.seat is not None else 0
    hand = " ".join(str(v) for v in view.hand) or "empty"
    lines = [f"Hand: {hand} ({len(view.hand)} cats)"]
    if view.candidate is not None:
        lines.append(f"Candidate (face down): {view.candidate}")
    claimed = sum(view.claimed[seat])
    if view.target is not None:
        lines.append(
            f"Target (secret): {view.target} · claimed {claimed} · "
            f"score now {claimed - view.target:+d}"
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
def _card(deck: Deck, code: str) -> Card:
    return deck.cards[deck.by_code[code]]


def card_label(deck: Deck, code: str | None) -> str:
    """A face-up card with its character, e.g. ``KH Jade``; ``??`` for a face-down card."""
    if code is None:
        return FACE_DOWN
    card = _card(deck, code)
    if card.is_joker:
        return f"{code} joker"
    return f"{code} {card.character}" if card.character else code


def column_note(deck: Deck, top: str | None, bottom: str | None) -> tuple[str, str]:
    """What a column scores now (text and style), if both its cards are face up."""
    if top is None or bottom is None:
        return "", ""
    a, b = _card(deck, top), _card(deck, bottom)
    score = deck.score_column(a, b)
    if deck.mates(a, b):
        return f"♥ couple {score}", "bold green"
    if a.character is not None and a.character == b.character:
        return f"= same {score}", "bold cyan"
    return f"→ {score}", ""


def _cell(deck: Deck, code: str | None, face_down: bool, pos: int, style: str) -> Text:
    text = Text(f"{pos} ", style="dim")
    if code is None:
        text.append(FACE_DOWN if face_down else "··", style="dim")
        return text
    card = _card(deck, code)
    card_style = style or ("magenta" if card.is_woman else "blue" if card.character else "")
    text.append(card_label(deck, code), style=card_style)
    return text


def clecanian_grid(
    deck: Deck,
    grid: Sequence[str | None],
    face_down: Sequence[bool],
    columns: int,
    title: str,
) -> Table:
    """One seat's grid: two rows of columns, face-down cards as ``??``, each card with its
    character, and under each complete column what it scores (couples highlighted)."""
    table = Table(
        title=title, title_justify="left", show_header=False, expand=True, box=box.ROUNDED
    )
    notes = [column_note(deck, grid[col], grid[columns + col]) for col in range(columns)]
    for _ in range(columns):
        table.add_column(ratio=1)
    for row in range(2):
        cells = []
        for col, (_, note_style) in enumerate(notes):
            pos = row * columns + col
            style = note_style if note_style in ("bold green", "bold cyan") else ""
            cells.append(_cell(deck, grid[pos], face_down[pos], pos, style))
        table.add_row(*cells)
    if any(text for text, _ in notes):
        table.add_row(*(Text(text, style=style or "dim") for text, style in notes))
    return table


def _visible_points(deck: Deck, grid: Sequence[str | None]) -> int:
    return sum(_card(deck, code).points for code in grid if code is not None)


def _clecanian_status(view: ClecanianView, names: Sequence[str]) -> str:
    turn = names[view.turn_seat]
    phase = view.phase
    if phase == "reveal":
        left = view.reveals_left
        return f"{names[view.to_act]} turns up a face-down card ({left} to go before play starts)."
    if phase == "draw":
        return f"Turn of {turn}: draw from the stock or take the top of the discard pile."
    if phase == "use":
        return f"Turn of {turn}: swap the drawn card into the grid, or discard it."
    if phase == "abduct" and view.victim is not None:
        joker = view.abducting or "a joker"
        return (
            f"The joker {joker} strikes {names[view.victim]}: "
            f"{names[view.to_act]} chooses a woman to abduct."
        )
    if phase in ("draw_card", "refill_card"):
        return "A card is taken from the stock."
    if phase == "over":
        return "The game is over."
    return "The cards are being dealt."


def render_clecanian(view: ClecanianView, deck: Deck, names: Sequence[str]) -> RenderableType:
    """The Clecanian Golf table as one seat (or a spectator) sees it."""
    parts: list[RenderableType] = [Text(_clecanian_status(view, names), style="bold")]
    top = describe_card(deck, view.discard[-1]) if view.discard else "empty"
    cards = "card" if view.stock_size == 1 else "cards"
    piles = f"Stock: {view.stock_size} {cards} · Discard pile: {top} on top ({len(view.discard)})"
    parts.append(Text(piles))
    if view.drawn_by is not None:
        holder = names[view.drawn_by]
        if view.drawn is not None:
            parts.append(
                Text(
                    f"{holder} holds {describe_card(deck, view.drawn)} "
                    f"(from the {view.drawn_from or 'stock'}).",
                    style="bold yellow",
                )
            )
        else:
            parts.append(Text(f"{holder} holds a card from the stock ({FACE_DOWN})."))
    if view.ended_by is not None and view.phase != "over":
        parts.append(
            Text(
                f"{names[view.ended_by]} has all cards face up: "
                f"{view.final_turns_left} final turn(s) left.",
                style="yellow",
            )
        )
    scored = view.phase == "deal" and bool(view.previous_grids)
    if scored:
        parts.append(Text("The grids as the last round was scored:"))
    for seat in range(view.players):
        if scored:
            grid: Sequence[str | None] = view.previous_grids[seat]
            title = names[seat]
            down: Sequence[bool] = (False,) * len(grid)
        else:
            grid, down = view.grids[seat], view.face_down[seat]
            marks = ["dealer"] if seat == view.dealer else []
            if seat == view.to_act:
                marks.append("▶ to act")
            title = f"{names[seat]} · {_visible_points(deck, grid)} points face up"
            title += "".join(f" · {mark}" for mark in marks)
        parts.append(clecanian_grid(deck, grid, down, view.columns, title))
    if view.round_scores:
        parts.append(clecanian_scores(view.round_scores, names))
    title = f"Clecanian Golf · round {min(view.round + 1, view.rounds)} of {view.rounds}"
    return Constrain(Panel(Group(*parts), title=title, title_align="left"), MAX_WIDTH)


def clecanian_scores(round_scores: Sequence[Sequence[int]], names: Sequence[str]) -> Table:
    """The round scores so far, with each seat's total (lowest wins)."""
    table = Table(title="Scores (lowest wins)", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Round")
    for name in names:
        table.add_column(name, justify="right")
    for index, scores in enumerate(round_scores):
        table.add_row(str(index + 1), *(str(s) for s in scores))
    totals = [sum(r[s] for r in round_scores) for s in range(len(names))]
    table.add_row("Total", *(str(t) for t in totals), style="bold")
    return table


# ------------------------------------------------------------------------------------ choices
def choice_key(action: Action) -> str:
    """What a person types to make a decision: ``swap 4``, ``present 7``, ``stock``…"""
    if action.name == "draw_stock":
        return "stock"
    if action.name == "draw_discard":
        return "take"
    return action.name if action.arg is None else f"{action.name} {action.arg}"


def choice_help(game: Game, view: Any, action: Action, names: Sequence[str]) -> str:
    """A short explanation of a decision for the seat about to make it."""
    if isinstance(view, PurrfectView):
        return _purrfect_help(view, action, names)
    if isinstance(view, ClecanianView):
        return _clecanian_help(view, deck_of(game), action, names)
    return ""


def _purrfect_help(view: PurrfectView, action: Action, names: Sequence[str]) -> str:
    owner = names[view.inspecting] if view.inspecting is not None else "the"
    if action.name == "present":
        return f"show {a_cat(action.arg)} to the table"
    if action.name == "nominate":
        return f"offer {a_cat(action.arg)} face down"
    if action.name == "propose":
        seen = view.inspected_value
        return f"ask {owner}'s {seen if seen is not None else 'cat'} to match"
    if action.name == "pass":
        return "move on to the next candidate"
    if action.name == "accept":
        return f"claim the {view.proposer_cat}, give away your {view.candidate}"
    if action.name == "reject":
        return "keep your candidate"
    return ""


def _pos_name(view: ClecanianView, pos: int) -> str:
    row = "top" if pos < view.columns else "bottom"
    return f"{row} {pos % view.columns + 1}"


def _clecanian_help(view: ClecanianView, deck: Deck, action: Action, names: Sequence[str]) -> str:
    name = action.name
    if name == "draw_stock":
        return f"draw from the stock ({view.stock_size} cards)"
    if name == "draw_discard" and view.discard:
        return f"take {card_label(deck, view.discard[-1])} from the discard pile"
    if name == "discard":
        return f"throw {card_label(deck, view.drawn)} away"
    pos = int(str(action.arg))
    if name == "reveal":
        return f"turn up {_pos_name(view, pos)}"
    if name == "swap":
        return f"replaces {card_label(deck, view.grids[view.to_act][pos])}"
    if name == "abduct" and view.victim is not None:
        return f"{card_label(deck, view.grids[view.victim][pos])} of {names[view.victim]}"
    return ""


def render_choices(game: Game, view: Any, legal: Sequence[Action], names: Sequence[str]) -> Table:
    """The legal decisions, numbered from 1, each with what to type and what it does."""
    table = Table.grid(padding=(0, 2))
    per_row = 2 if len(legal) > 4 else 1
    for _ in range(per_row):
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
    cells: list[RenderableType] = []
    for number, action in enumerate(legal, start=1):
        text = Text(choice_key(action), style="bold")
        explanation = choice_help(game, view, action, names)
        if explanation:
            text.append(f" — {explanation}", style="")
        cells += [str(number), text]
    width = 2 * per_row
    while len(cells) % width:
        cells.append("")
    for start in range(0, len(cells), width):
        table.add_row(*cells[start : start + width])
    return table


def render_result(status: dict[str, Any], names: Sequence[str]) -> Table:
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
