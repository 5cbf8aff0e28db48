"""Replaying a Clecanian Golf record: per round, the deal as chance outcomes, then the events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError, IllegalActionError, RecordError
from matchmaker.core.records import events_list, int_field, replay_events, seat_and_name
from matchmaker.games.clecanian.state import DEAL, ClecanianState, seat_action

if TYPE_CHECKING:
    from matchmaker.games.clecanian.game import ClecanianGame


def replay_clecanian(game: ClecanianGame, record: Mapping[str, Any]) -> ClecanianState:
    """Replay every round of ``record`` with full rule checking."""
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    if len(rounds) > game.options.rounds:
        raise RecordError(f"{len(rounds)} rounds recorded, but the game has {game.options.rounds}")
    state = game.new_state()
    for index, entry in enumerate(rounds):
        if state.phase != DEAL or state.round != index:
            raise RecordError("the previous round is not over", round=index)
        if not isinstance(entry, dict):
            raise RecordError("a round must be a JSON object", round=index)
        _deal(state, entry, index)

        def round_over(index: int = index) -> str | None:
            return "the round is already over" if state.round != index or state.is_over else None

        replay_events(state, events_list(entry, f"round {index}: "), round=index, stop=round_over)
    return state


def _take(state: ClecanianState, code: Any, what: str, index: int) -> None:
    deck = state.game.options.deck
    if not isinstance(code, str) or code not in deck.by_code:
        raise RecordError(f"deal: {what} {code!r} is not a card of the deck", round=index)
    try:
        state.apply(deck.chance[deck.by_code[code]], CHANCE)
    except IllegalActionError:
        raise RecordError(f"deal: {what} {code} is dealt twice", round=index) from None


def _deal(state: ClecanianState, entry: Mapping[str, Any], index: int) -> None:
    options = state.game.options
    size = 2 * options.columns
    grids = entry.get("grids")
    if not isinstance(grids, list) or len(grids) != options.players:
        raise RecordError(f"grids must list {options.players} grids", round=index)
    for seat, grid in enumerate(grids):
        if not isinstance(grid, list) or len(grid) != size:
            raise RecordError(f"seat {seat}'s grid must list {size} cards", round=index)
        for code in grid:
            _take(state, code, "card", index)
    if "discard" not in entry:
        raise RecordError("discard (the first card of the discard pile) is missing", round=index)
    _take(state, entry["discard"], "discard", index)


def parse_clecanian_event(game: ClecanianGame, event: Any) -> tuple[int, Action]:
    """A Clecanian Golf event as (actor, action); EventError if malformed."""
    deck = game.options.deck
    if isinstance(event, dict) and "chance" in event:
        code = event["chance"]
        if not isinstance(code, str) or code not in deck.by_code:
            raise EventError(f"{code!r} is not a card of the deck")
        return CHANCE, deck.chance[deck.by_code[code]]
    seat, name = seat_and_name(event)
    pos = int_field(event, "pos") if name in ("reveal", "swap", "abduct") else None
    return seat, seat_action(name, pos)
