"""Game records (``matchmaker-record/1``): parse, check and replay them.

A record is the event list of a game: options, deal and every decision and chance outcome.
Each game reads its own deal and events; this module handles what all records share.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError, IllegalActionError, OptionError, RecordError
from matchmaker.core.game import Game, State
from matchmaker.core.registry import GAMES, load_game

FORMAT = "matchmaker-record/1"


def parse_record(text: str) -> dict[str, Any]:
    """Parse record text; RecordError names what does not parse."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except (UnicodeDecodeError, RecursionError):
        raise RecordError("not valid JSON text") from None
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    return record


def game_of_record(record: Mapping[str, Any]) -> Game[Any]:
    """The game (with its options) a record was played with."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {fmt!r}")
    name = record.get("game")
    if name not in GAMES:
        raise RecordError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    options = record.get("options")
    if not isinstance(options, dict):
        raise RecordError("options must be a JSON object")
    if "players" not in options:
        raise RecordError("options must hold players")
    try:
        return load_game(name, options)
    except OptionError as exc:
        raise RecordError(f"options: {exc}") from None


def replay(record: Mapping[str, Any]) -> State[Any]:
    """Replay a record with full rule checking and return the state it reaches."""
    return game_of_record(record).replay(record)


def replay_text(text: str) -> State[Any]:
    """Parse record text and replay it."""
    return replay(parse_record(text))


def parse_logged_event(game: Game[Any], event: Any) -> tuple[int, Action]:
    """An event of a flat event log (every event, chance outcomes included, as a table
    stores them) as (actor, action). Unlike a Purrfect Match record, whose deal is its
    ``hands``, a log keeps every chance outcome as ``{"chance": outcome}``."""
    if isinstance(event, dict) and "chance" in event:
        return CHANCE, Action("chance", event["chance"])
    return game.parse_event(event)


def seat_and_name(event: Any) -> tuple[int, str]:
    """Check the common shape of a seat's decision: ``{"seat": i, "action": NAME, ...}``."""
    if not isinstance(event, dict):
        raise EventError("an event must be a JSON object")
    seat = event.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise EventError(f"seat must be a whole number, not {seat!r}")
    name = event.get("action")
    if not isinstance(name, str):
        raise EventError(f"action must be a name, not {name!r}")
    return seat, name


def int_field(event: Mapping[str, Any], field: str) -> int:
    """The whole-number field ``field`` of an event."""
    value = event.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EventError(f"{event.get('action')} needs {field} as a whole number, not {value!r}")
    return value


def events_list(container: Mapping[str, Any], where: str) -> list[Any]:
    """The ``events`` list of a record or round (missing means none)."""
    events = container.get("events", [])
    if not isinstance(events, list):
        raise RecordError(f"{where}events must be a list")
    return events


def replay_events(
    state: State[Any], events: list[Any], *, round: int | None = None, stop: Any = None
) -> None:
    """Apply record events to ``state`` one by one; RecordError names the first bad one.

    ``stop``, if given, is called before each event and returns a reason to refuse it (for
    example that the round it belongs to is already over), or None.
    """
    parse = state.game.parse_event
    for index, event in enumerate(events):
        try:
            reason = stop() if stop is not None else None
            if reason:
                raise EventError(reason)
            actor, action = parse(event)
            state.apply(action, actor)
        except (EventError, IllegalActionError) as exc:
            raise RecordError(str(exc), event=index, round=round) from None
