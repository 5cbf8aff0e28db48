"""Who sat where in a game record, as people read it: from the record's ``meta.seats`` (a
bot's name or level, a person's name, or ``human``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matchmaker.bots.registry import BOTS, LEVELS
from matchmaker.words.seats import HUMAN, seat_labels


def recorded_seat(entry: Any) -> str:
    """Who a record's ``meta.seats`` entry says sat there: a bot (its name, a level or a plug-in
    ``package.module:Class``, with any settings after ``@``) as it is written, anything else (a
    person's name, ``human``) as ``HUMAN``."""
    text = str(entry)
    bot = text.partition("@")[0]
    return text if bot in {*BOTS, *LEVELS} or ":" in bot else HUMAN


def recorded_labels(record: Mapping[str, Any], players: int) -> list[str] | None:
    """Every seat's name from the record's ``meta.seats`` (``seat_labels``: a person by
    their name, a bot as ``hard bot``), or None when the record does not say who sat where."""
    meta = record.get("meta")
    sat = meta.get("seats") if isinstance(meta, Mapping) else None
    if not isinstance(sat, list) or len(sat) != players:
        return None
    kinds = [recorded_seat(entry) for entry in sat]
    names = [str(e) if k == HUMAN and e != HUMAN else None for e, k in zip(sat, kinds, strict=True)]
    return seat_labels(kinds, names)
