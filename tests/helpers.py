"""Helpers for scenario tests: hand-built deals and events in record form."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from matchmaker import replay
from matchmaker.bots.base import Bot
from matchmaker.cli.main import main
from matchmaker.core.actions import Action
from matchmaker.games.clecanian.actions import seat_action as clecanian_action
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.purrfect.actions import seat_action as purrfect_action
from matchmaker.games.purrfect.state import PurrfectState


def purrfect(
    hands: list[list[int]], events: list[dict[str, Any]] | None = None, **options: Any
) -> PurrfectState:
    """A Purrfect Match game with the given deal (a custom deck of exactly the dealt cards
    unless ``deck`` is given), replayed through ``events``."""
    options.setdefault("deck", sorted(v for h in hands for v in h))
    record = {
        "format": "matchmaker-record/1",
        "game": "purrfect",
        "options": {"players": len(hands), **options},
        "deal": {"hands": hands},
        "events": events or [],
    }
    state = replay(record)
    assert isinstance(state, PurrfectState)
    return state


def clecanian(
    grids: list[list[str]], discard: str, events: list[dict[str, Any]] | None = None, **options: Any
) -> ClecanianState:
    """A Clecanian Golf game whose first round is dealt ``grids`` and ``discard``, replayed
    through ``events`` (the round's events in record form)."""
    record = {
        "format": "matchmaker-record/1",
        "game": "clecanian",
        "options": {"players": len(grids), **options},
        "rounds": [{"grids": grids, "discard": discard, "events": events or []}],
    }
    state = replay(record)
    assert isinstance(state, ClecanianState)
    return state


def card(state: ClecanianState, code: str) -> Action:
    """The chance outcome "``code`` is taken from the stock"."""
    deck = state.game.options.deck
    return deck.chance[deck.by_code[code]]


def p_act(name: str, value: int | None = None) -> Action:
    """A Purrfect Match action by name."""
    return purrfect_action(name, value)


def c_act(name: str, pos: int | None = None) -> Action:
    """A Clecanian Golf action by name."""
    return clecanian_action(name, pos)


def ev(seat: int, action: str, **fields: Any) -> dict[str, Any]:
    """A seat's decision in record form."""
    return {"seat": seat, "action": action, **fields}


def chance(code: str) -> dict[str, Any]:
    """A chance event in record form."""
    return {"chance": code}


class LastBot(Bot[Any]):
    """A test bot that always takes the last legal action (in Purrfect Match it loses)."""

    name: ClassVar[str] = "last"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The last legal action."""
        return legal[-1]


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``matchmaker ARGS`` in-process: (exit status, standard output, standard error)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
