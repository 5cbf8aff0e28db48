"""Purrfect Match records: writing one from a state, and replaying one (the deal as chance
outcomes, then every decision) with full rule checking."""

from __future__ import annotations

from collections import Counter
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
from matchmaker.games.purrfect.actions import CHANCE_VALUES, VALUED, seat_action
from matchmaker.games.purrfect.deck import MAX_VALUE

if TYPE_CHECKING:
    from matchmaker.games.purrfect.game import PurrfectGame
    from matchmaker.games.purrfect.state import PurrfectState


def record_of(state: PurrfectState) -> dict[str, Any]:
    """The game record: options (with the first proposer actually chosen), deal, events."""
    p = state.position
    options = state.game.options_dict()
    if p.first_proposer is not None:
        options["first_proposer"] = p.first_proposer
    deal: dict[str, Any] = {"hands": [list(h) for h in p.dealt]}
    if p.deal_seat == p.players:
        deal["excess"] = sorted(int(str(a.arg)) for a in p.undealt)
    return {
        "format": FORMAT,
        "game": state.game.name,
        "options": options,
        "deal": deal,
        "events": [action.to_event(seat) for seat, action in state.history.events],
    }


def replay_purrfect(game: PurrfectGame, record: Mapping[str, Any]) -> PurrfectState:
    """Replay the deal and the events of ``record`` with full rule checking."""
    if game.options.first_proposer is None:
        raise RecordError('options: first_proposer must be the seat actually chosen, not "random"')
    state = game.new_state()
    _deal(state, record.get("deal"))
    replay_events(state, events_list(record, ""))
    return state


def purrfect_record_events(
    game: PurrfectGame, record: Mapping[str, Any]
) -> list[tuple[int, Action]]:
    """The deal (each seat's hand in turn, as chance outcomes) and every decision."""
    deal = record.get("deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
        raise RecordError("deal must be an object with hands")
    steps: list[tuple[int, Action]] = []
    for hand in deal["hands"]:
        if not isinstance(hand, list):
            raise RecordError("deal: every hand must be a list of values")
        for value in hand:
            if not isinstance(value, int) or isinstance(value, bool) or value not in CHANCE_VALUES:
                raise RecordError(f"deal: {value!r} is not a cat value")
            steps.append((CHANCE, CHANCE_VALUES[value]))
    for index, event in enumerate(events_list(record, "")):
        try:
            steps.append(parse_purrfect_event(game, event))
        except EventError as exc:
            raise RecordError(str(exc), event=index) from None
    return steps


def parse_purrfect_event(game: PurrfectGame, event: Any) -> tuple[int, Action]:
    """A Purrfect Match event as (seat, action); EventError if malformed."""
    if isinstance(event, dict) and "chance" in event:
        raise EventError("Purrfect Match records hold no chance events")
    seat, name = seat_and_name(event)
    value = int_field(event, "value") if name in VALUED else None
    return seat, seat_action(name, value)


def _deal(state: PurrfectState, deal: Any) -> None:
    game = state.game
    n, size = game.players, game.options.hand_size
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
        raise RecordError("deal must be an object with hands")
    hands = deal["hands"]
    if len(hands) != n:
        raise RecordError(f"deal: {len(hands)} hands for {n} players")
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            raise RecordError(f"deal: seat {seat}'s hand must list {size} values")
        for value in hand:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_VALUE:
                raise RecordError(f"deal: seat {seat}'s hand holds {value!r}, not a cat value")
            try:
                state.apply(CHANCE_VALUES[value])
            except IllegalActionError:
                raise RecordError(
                    f"deal: seat {seat}'s hand holds a {value} the deck cannot supply"
                ) from None
    excess = deal.get("excess")
    if excess is not None:
        expected = Counter(game.options.deck) - Counter(v for h in hands for v in h)
        if not isinstance(excess, list) or Counter(excess) != expected:
            raise RecordError("deal: excess does not match the cards left after the deal")
