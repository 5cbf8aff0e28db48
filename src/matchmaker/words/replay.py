"""A finished game told step by step as one seat (or a spectator) saw it: the frames of a
replay, for the terminal (``matchmaker replay FILE --show``) and the web app alike.

Each frame is one event (a run of chance outcomes in a row, such as a deal, makes one frame)
with what it told the seat and the seat's view after it. Only that seat's views are used, so a
replay never shows a card the seat could not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Driver
from matchmaker.core.game import Game
from matchmaker.core.seats import check_seat
from matchmaker.words.base import words_for


@dataclass(frozen=True)
class Frame:
    """One step of a replay: the events applied to reach it (``seq``), the last one's actor
    and the event as the seat saw it (record form; None for the frame before any event),
    what was told, and the seat's view after it."""

    seq: int
    actor: int | None
    event: dict[str, Any] | None
    lines: tuple[str, ...]
    view: Any
    #: The status line of the game at this frame, for the seat.
    status: str = ""

    def to_json(self) -> dict[str, Any]:
        """The frame as the web protocol sends it."""
        return {
            "seq": self.seq,
            "actor": self.actor,
            "event": self.event,
            "lines": list(self.lines),
            "status": self.status,
            "view": self.view.to_json(),
        }


def replay_frames(
    game: Game[Any],
    events: Sequence[tuple[int, Action]],
    seat: int | None,
    names: Sequence[str],
) -> list[Frame]:
    """The frames of a game played with ``events`` (as ``Game.record_events`` gives them, or
    a table's log), seen by ``seat`` (None: a spectator); ``names`` name the seats."""
    if seat is not None:
        check_seat(seat, game.players)
    driver = Driver(game)
    words = words_for(game)
    before = driver.state.view(seat)
    frames = [Frame(0, None, None, (), before, words.status(before, names))]
    told: list[str] = []
    for index, (actor, action) in enumerate(events):
        step = driver.play(action, actor)
        after = driver.state.view(seat)
        told += words.narrate(step, before, after, names)
        before = after
        if actor == CHANCE and index + 1 < len(events) and events[index + 1][0] == CHANCE:
            continue  # a run of chance outcomes (a deal) makes one frame
        event = step.seen_by(seat).to_event(actor)
        over = driver.state.is_over
        status = (
            words.result_line(driver.state.status(), names) if over else words.status(after, names)
        )
        frames.append(Frame(index + 1, actor, event, tuple(told), after, status))
        told = []
    return frames
