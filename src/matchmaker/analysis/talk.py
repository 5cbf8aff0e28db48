"""The table talk of a game record, heard by the evaluators when it was said.

A record keeps the claims of Purrfect Match's table talk beside the game (``meta.talk``), each
with when it was said: ``at`` decisions played (as ``matchmaker play`` keeps them) or at table
``seq`` events applied (a web table's chat rows). A review and a hint replay the record and
let every evaluator hear each claim at that moment, as the table's players heard it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from matchmaker.analysis.evaluate import Evaluator
from matchmaker.bots.talk import Claim
from matchmaker.core.driver import Driver


class TableTalk:
    """The claims of one record's talk still to be heard, in order."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        meta = record.get("meta")
        talk = meta.get("talk") if isinstance(meta, Mapping) else None
        #: (whether it is timed in decisions, when, the entry); talk without a value, or that
        #: says no time, is left out.
        self.pending: list[tuple[bool, int, Mapping[str, Any]]] = []
        for entry in talk if isinstance(talk, list) else []:
            if not isinstance(entry, Mapping) or not isinstance(entry.get("value"), int):
                continue
            if isinstance(entry.get("at"), int) and isinstance(entry.get("speaker"), int):
                self.pending.append((True, entry["at"], entry))
            elif isinstance(entry.get("seq"), int) and isinstance(entry.get("seat"), int):
                self.pending.append((False, entry["seq"], entry))

    def heard_by(self, listeners: Iterable[Evaluator], driver: Driver[Any], applied: int) -> None:
        """Let ``listeners`` hear every claim said by now (``applied`` events into the game,
        as ``Game.record_events`` counts them), taking them off the list."""
        ears = list(listeners)
        while self.pending:
            in_decisions, when, entry = self.pending[0]
            now = driver.state.decision_count() if in_decisions else applied
            if when > now:
                return
            self.pending.pop(0)
            claim = _said(driver, entry)
            for evaluator in ears:
                evaluator.hear(claim)


def _said(driver: Driver[Any], entry: Mapping[str, Any]) -> Claim:
    """A claim of the talk as the table's players heard it when it was said (a web chat row:
    its round and the decisions played then, as the web table tells its bots)."""
    if "at" in entry:
        return Claim.from_json(dict(entry))
    return Claim(
        speaker=int(entry["seat"]),
        value=int(entry["value"]),
        text=str(entry.get("text", "")),
        round=int(getattr(driver.state.view(None), "round", 0)),
        at=driver.state.decision_count(),
    )
