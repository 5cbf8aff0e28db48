"""Clecanian Golf records: writing one from a state, and replaying one (per round, the deal as
chance outcomes, then the events) with full rule checking."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError, IllegalActionError, RecordError
from matchmaker.core.records import (
    FORMAT,
    events_list,
    int_field,
    replay_events,
    seat_and_name,
)
from matchmaker.games.clecanian.actions import POSITIONAL, seat_action
from matchmaker.games.clecanian.phases import Phase

if TYPE_CHECKING:
    from matchmaker.games.clecanian.game import ClecanianGame
    from matchmaker.games.clecanian.state import ClecanianState


def record_of(state: ClecanianState) -> dict[str, Any]:
    """The game record: options, and per round the deal and every event."""
    codes = state.game.options.deck.codes
    n, size = state.position.players, state.position.size
    rounds = []
    for deal, events in state.history.rounds:
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
        "format": FORMAT,
        "game": state.game.name,
        "options": state.game.options_dict(),
        "rounds": rounds,
    }


def replay_clecanian(game: ClecanianGame, record: Mapping[str, Any]) -> ClecanianState:
    """Replay every round of ``record`` with full rule checking."""
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    if len(rounds) > game.options.rounds:
        raise RecordError(f"{len(rounds)} rounds recorded, but the game has {game.options.rounds}")
    state = game.new_state()
    for index, entry in enumerate(rounds):
        if state.phase is not Phase.DEAL or state.round != index:
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


def clecanian_record_events(
    game: ClecanianGame, record: Mapping[str, Any]
) -> list[tuple[int, Action]]:
    """Round by round: the deal (each grid, then the first discard, as chance outcomes) and
    every event."""
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    steps: list[tuple[int, Action]] = []
    for index, entry in enumerate(rounds):
        if not isinstance(entry, dict) or not isinstance(entry.get("grids"), list):
            raise RecordError("a round must be a JSON object with grids", round=index)
        cards = [code for grid in entry["grids"] for code in grid] + [entry.get("discard")]
        for number, event in enumerate(
            [*({"chance": code} for code in cards), *events_list(entry, f"round {index}: ")]
        ):
            try:
                steps.append(parse_clecanian_event(game, event))
            except EventError as exc:
                where = number - len(cards)
                raise RecordError(
                    str(exc), round=index, event=where if where >= 0 else None
                ) from None
    return steps


def parse_clecanian_event(game: ClecanianGame, event: Any) -> tuple[int, Action]:
    """A Clecanian Golf event as (actor, action); EventError if malformed."""
    deck = game.options.deck
    if isinstance(event, dict) and "chance" in event:
        code = event["chance"]
        if not isinstance(code, str) or code not in deck.by_code:
            raise EventError(f"{code!r} is not a card of the deck")
        return CHANCE, deck.chance[deck.by_code[code]]
    seat, name = seat_and_name(event)
    pos = int_field(event, "pos") if name in POSITIONAL else None
    return seat, seat_action(name, pos)
