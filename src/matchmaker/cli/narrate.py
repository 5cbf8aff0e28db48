"""Narration: each event of a game told in plain words, from what a spectator can see."""

from __future__ import annotations

from typing import Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.game import Game
from matchmaker.games.clecanian.deck import Deck
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.view import PurrfectView


def seat_name(seat: int) -> str:
    """How a seat is named in narration."""
    return f"Seat {seat}"


def a_cat(value: int | str | None) -> str:
    """ "a 7", "an 8": a cat's value with its article."""
    return f"an {value}" if value in (8, 11, 18) else f"a {value}"


def narrate_purrfect(before: PurrfectView, actor: int, action: Action, after: PurrfectView) -> str:
    """One line for a Purrfect Match event (the deal is not narrated)."""
    who = seat_name(actor)
    name = action.name
    if name == "present":
        return f"{who} is the proposer and shows {a_cat(action.arg)}."
    if name == "nominate":
        return f"{who} puts a candidate face down."
    inspected = before.inspecting
    if name == "pass":
        return f"{who} looks at {seat_name(inspected or 0)}'s candidate and passes."
    if name == "propose":
        return f"{who} looks at {seat_name(inspected or 0)}'s candidate and proposes!"
    if name == "reject":
        return f"{who} rejects the proposal."
    if name == "accept":
        proposer = before.proposer if before.proposer is not None else 0
        won = after.claimed[proposer][-1]
        return (
            f"{who} accepts: a match! {seat_name(proposer)} claims {a_cat(won)}, "
            f"{who} claims the {before.proposer_cat}."
        )
    return f"{who}: {action}"


def purrfect_round_end(before: PurrfectView, after: PurrfectView) -> str | None:
    """A line when the round ended in loneliness."""
    if len(after.discarded) > len(before.discarded):
        return (
            f"Nobody matched: the {after.discarded[-1]} is discarded, "
            "and every candidate goes home."
        )
    return None


def _pos(view: ClecanianView, pos: int) -> str:
    row = "top" if pos < view.columns else "bottom"
    return f"{row} {pos % view.columns + 1}"


def describe_card(deck: Deck, code: str | None) -> str:
    """A card with the character it shows, e.g. ``KH (Jade)``."""
    if code is None:
        return "a face-down card"
    card = deck.cards[deck.by_code[code]]
    if card.is_joker:
        return f"{code} (joker)"
    return f"{code} ({card.character})" if card.character else code


def narrate_clecanian(
    deck: Deck, before: ClecanianView, actor: int, action: Action, after: ClecanianView
) -> str | None:
    """One line for a Clecanian Golf event; a card from the stock is told with what follows."""
    if actor == CHANCE:
        if action.arg is None:
            return None  # a card only its drawer sees
        shown = describe_card(deck, str(action.arg))
        if before.phase == "refill_card":
            return f"  A card from the stock refills the gap: {shown}."
        if deck.cards[deck.by_code[str(action.arg)]].is_joker:
            return f"  It is a joker: {shown}!"
        return None
    who = seat_name(actor)
    name = action.name
    round_over = len(after.round_scores) > len(before.round_scores)
    # When the event ends the round, ``after`` already shows the next deal: the grids as the
    # round ended are its previous grids, and the discard pile is new.
    grids = after.previous_grids if round_over else after.grids
    discard = () if round_over else after.discard
    if name == "reveal":
        pos = int(str(action.arg))
        revealed = grids[actor][pos]
        # A joker leaves the grid as soon as it is turned up: its place waits for a refill.
        what = describe_card(deck, revealed) if revealed else "a joker"
        return f"{who} reveals {_pos(after, pos)}: {what}."
    if name == "draw_stock":
        return f"{who} draws from the stock."
    if name == "draw_discard":
        return f"{who} takes {describe_card(deck, before.discard[-1])} from the discard pile."
    if name == "swap":
        pos = int(str(action.arg))
        placed = grids[actor][pos]
        out = before.grids[actor][pos]
        gone = describe_card(deck, out) if out else "a face-down card"
        if out is None and len(discard) > len(before.discard):
            gone = describe_card(deck, discard[-1])
        return f"{who} puts {describe_card(deck, placed)} at {_pos(after, pos)}, discarding {gone}."
    if name == "discard":
        if discard:
            return f"{who} discards {describe_card(deck, discard[-1])}."
        drawn = before.drawn
        return f"{who} discards {describe_card(deck, drawn) if drawn else 'the drawn card'}."
    if name == "abduct":
        victim = before.victim if before.victim is not None else 0
        woman = before.grids[victim][int(str(action.arg))]
        return f"{who} has the joker abduct {describe_card(deck, woman)} from {seat_name(victim)}!"
    return f"{who}: {action}"


def grid_lines(grid: tuple[str | None, ...], columns: int) -> list[str]:
    """A grid as two rows of card codes (``??`` for a face-down card)."""
    return [
        " ".join(f"{grid[row * columns + col] or '??':>3}" for col in range(columns))
        for row in range(2)
    ]


def summary_line(status: dict[str, Any]) -> str:
    """The final line: scores and winners."""
    scores = ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(status["scores"]))
    winners = " and ".join(seat_name(s) for s in status["winners"])
    return f"Final scores: {scores}. Winner: {winners}."


def clecanian_round_end_lines(view: ClecanianView) -> list[str]:
    """The lines told when a Clecanian Golf round is scored: each seat's grid and score."""
    number = len(view.round_scores)
    lines = [f"End of round {number}."]
    for seat, score in enumerate(view.round_scores[-1]):
        rows = grid_lines(view.previous_grids[seat], view.columns)
        pad = " " * len(seat_name(seat))
        lines.append(f"{seat_name(seat)}: {rows[0]}")
        lines.append(f"{pad}  {rows[1]}   scores {score}")
    return lines


def narrate_event(game: Game, before: Any, actor: int, action: Action, after: Any) -> list[str]:
    """The lines telling one event of any game, from the public views before and after it.

    Only public facts are told: the deal is summed up once it is complete, a card from the
    stock only when everybody sees it. ``action`` may be the true action (a nomination's
    value, a drawn card): what is hidden from spectators is never told.
    """
    if isinstance(before, PurrfectView) and isinstance(after, PurrfectView):
        return _purrfect_event(before, actor, action, after)
    if isinstance(before, ClecanianView) and isinstance(after, ClecanianView):
        deck = getattr(getattr(game, "options", None), "deck", None)
        if isinstance(deck, Deck):
            return _clecanian_event(deck, before, actor, action, after)
    return [] if actor == CHANCE else [f"{seat_name(actor)}: {action}"]


def _purrfect_event(
    before: PurrfectView, actor: int, action: Action, after: PurrfectView
) -> list[str]:
    lines: list[str] = []
    if actor == CHANCE:
        if before.phase == "choose_first_proposer" and after.proposer is not None:
            lines.append(f"{seat_name(after.proposer)} is drawn to propose first.")
        elif before.phase == "deal" and after.phase != "deal":
            each = after.hand_sizes[0] if after.hand_sizes else 0
            extra = f"; {after.excess} left out unseen" if after.excess else ""
            lines.append(f"The cats are dealt: {each} to each seat{extra}.")
    else:
        lines.append(narrate_purrfect(before, actor, action, after))
        lonely = purrfect_round_end(before, after)
        if lonely:
            lines.append(lonely)
    if after.phase == "over" and before.phase != "over":
        lines.append("The game is over: fewer than two seats hold cats.")
    elif after.phase == "present" and before.phase != "present" and after.proposer is not None:
        lines.append(f"— Round {after.round + 1} —")
    return lines


def _clecanian_event(
    deck: Deck, before: ClecanianView, actor: int, action: Action, after: ClecanianView
) -> list[str]:
    lines: list[str] = []
    if actor == CHANCE and before.phase == "deal":
        if after.phase != "deal" and after.discard:
            lines.append(
                f"Round {after.round + 1} of {after.rounds}: {seat_name(after.dealer)} deals; "
                f"the discard pile starts with {describe_card(deck, after.discard[-1])}."
            )
    else:
        line = narrate_clecanian(deck, before, actor, action, after)
        if line:
            lines.append(line)
    if after.phase == "abduct" and after.victim is not None and after.abducting != before.abducting:
        lines.append(
            f"The joker {after.abducting} strikes {seat_name(after.victim)}: "
            f"{seat_name(after.to_act)} picks a woman to abduct."
        )
    if len(after.round_scores) > len(before.round_scores):
        lines.extend(clecanian_round_end_lines(after))
    return lines
