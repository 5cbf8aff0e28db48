"""A game in progress as the research adapters hold it (``SeatHistories``): the game stepped by
the table driver, and for every seat (and a spectator) the history entries it has seen."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import chain
from operator import itemgetter
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Driver, Step
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import State
from matchmaker.interop.codecs import Codec, codec_named
from matchmaker.interop.layout import ROW_WIDTH, Entry

#: What one event added to the histories: for every viewer (the seats, then the spectator)
#: its entries.
StepEntries = tuple[tuple[Entry, ...], ...]

#: A new game's histories for each codec, made once and copied (``SeatHistories.fresh``).
_FRESH: WeakKeyDictionary[Codec, SeatHistories] = WeakKeyDictionary()


class SeatHistories:
    """A game in progress and what every viewer has seen of it: the driver that steps it, the
    events it applied (``events``, the driver's steps), and for every event the entries each
    seat (and a spectator, viewer ``players``) saw of it (``entries``).

    Histories made by ``resample`` are a sampled world: their entries start with the history
    of the seat they were sampled for, and for the other seats (and the spectator) the
    spectator's history: what they privately knew is not part of that world, nor kept in it.
    Their ``events`` start after those entries; from there on every history grows as usual.
    """

    __slots__ = ("_text", "_views", "codec", "driver", "entries", "events", "origin", "snapshot")

    def __init__(self, codec: Codec, state: State[Any] | None = None) -> None:
        self.codec = codec
        self.driver: Driver[Any] = Driver(codec.game, state)
        self.entries: list[StepEntries] = []
        self.events: list[Step] = []
        self.snapshot: Any = codec.initial_snapshot(self.driver.state)
        self.origin = "new game"
        #: The views of the current position, by viewer (views are immutable).
        self._views: dict[int, Any] = {}
        #: ``full_text``'s events so far: (how many events, their text).
        self._text: tuple[int, str] = (0, "")

    @classmethod
    def fresh(cls, codec: Codec) -> SeatHistories:
        """A new game (a copy of one made once for ``codec``)."""
        start = _FRESH.get(codec)
        if start is None:
            start = _FRESH[codec] = cls(codec)
        return start.clone()

    @property
    def state(self) -> State[Any]:
        """The game's state (the driver's)."""
        return self.driver.state

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.codec.players

    # ----------------------------------------------------------------------------- playing
    def apply(self, action: Action) -> None:
        """Apply an action (or chance outcome) through the driver, which refuses an illegal
        one, and record what every viewer saw of it."""
        codec, n = self.codec, self.codec.players
        step = self.driver.play(action)
        seen = [codec.entry(step.actor, action_seen, step.phase) for action_seen in step.seen]
        self._views = {}
        public, private, self.snapshot = codec.reveals(self.driver.state, self.snapshot)
        self.entries.append(tuple((seen[v], *public, *private.get(v, ())) for v in range(n + 1)))
        self.events.append(step)

    def apply_id(self, action_id: int) -> None:
        """Apply the action (or chance outcome) with this id."""
        self.apply(self.codec.decode(self.driver.state, action_id))

    def clone(self) -> SeatHistories:
        """An independent copy (the codec is shared)."""
        other = SeatHistories.__new__(SeatHistories)
        other.codec = self.codec
        other.driver = Driver(self.codec.game, self.state.clone(), start_seq=self.driver.seq)
        other.entries = self.entries[:]
        other.events = self.events[:]
        other.snapshot = self.snapshot
        other.origin = self.origin
        other._views = self._views
        other._text = self._text
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatHistories:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "game": self.codec.game_name,
            "options": self.codec.options(),
            "state": self.state,
            "seq": self.driver.seq,
            "entries": self.entries,
            "events": self.events,
            "snapshot": self.snapshot,
            "origin": self.origin,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.codec = codec_named(data["game"], data["options"])
        self.driver = Driver(self.codec.game, data["state"], start_seq=data["seq"])
        for name in ("entries", "events", "snapshot", "origin"):
            setattr(self, name, data[name])
        self._views = {}
        self._text = (0, "")

    # ----------------------------------------------------------------------------- history
    def history(self, viewer: int) -> Iterator[Entry]:
        """The entries ``viewer`` has seen, oldest first (viewer ``players``: a spectator)."""
        for entries in self.entries:
            yield from entries[viewer]

    def view(self, viewer: int) -> Any:
        """The view of a seat (viewer ``players``: the public view)."""
        view = self._views.get(viewer)
        if view is None:
            seat = viewer if viewer < self.players else None
            view = self._views[viewer] = self.state.view(seat)
        return view

    def observation_text(self, viewer: int) -> str:
        """What ``viewer`` sees now, as text."""
        return self.codec.observation_text(self.view(viewer))

    def information_text(self, viewer: int) -> str:
        """Everything ``viewer`` has seen, one line per entry, then what it sees now."""
        lines = [entry.text for entry in self.history(viewer)]
        lines.append("now: " + self.observation_text(viewer))
        return "\n".join(lines)

    def encode_observation(self, viewer: int, pieces: Mapping[str, np.ndarray]) -> None:
        """Write what ``viewer`` sees now into the (zeroed) pieces of a tensor."""
        self.codec.encode_observation(self.view(viewer), pieces)

    def encode_history(self, viewer: int, rows: np.ndarray, length: np.ndarray) -> None:
        """Write ``viewer``'s history into ``rows`` (capacity x ROW_WIDTH, zeroed) and the number
        of entries into ``length``. A history longer than the capacity keeps its first rows."""
        capacity = rows.shape[0]
        data = [entry.row for entry in self.history(viewer)]
        length[0] = len(data)
        kept = min(len(data), capacity)
        if kept:
            flat = np.fromiter(chain.from_iterable(data[:kept]), np.float32, kept * ROW_WIDTH)
            rows[:kept] = flat.reshape(kept, ROW_WIDTH)

    def full_text(self) -> str:
        """The whole state as text, hidden cards included (for debugging, never for a seat)."""
        done, text = self._text
        if done < len(self.events):
            action_text = self.codec.action_text
            more = [action_text(event.actor, event.action) for event in self.events[done:]]
            text = " | ".join([text, *more] if done else more)
            self._text = (len(self.events), text)
        return f"{self.origin}\n{text}"

    # ---------------------------------------------------------------------------- sampling
    def resample(self, seat: int, rng: random.Random) -> SeatHistories:
        """Histories that give ``seat`` exactly its history and view, the hidden cards drawn
        from ``rng``: sampled from the seat's view once the deal is complete, and during a
        deal by dealing again what the seat has not seen."""
        view = self.state.view(seat)
        if not self.codec.can_sample(view):
            return self._redeal(seat, rng)
        sampled = SeatHistories(self.codec, self.codec.sample(view, rng))
        n = self.players
        # Every viewer but the seat is given the spectator's entries.
        as_seen = itemgetter(*(v if v == seat else n for v in range(n + 1)))
        sampled.entries = list(map(as_seen, self.entries))
        sampled.snapshot = self.snapshot
        sampled.origin = f"sampled for seat {seat}"
        return sampled

    def _redeal(self, seat: int, rng: random.Random) -> SeatHistories:
        """During a deal: replay every event, dealing again at random each card of the current
        deal that ``seat`` has not seen (keeping those it will see free for it)."""
        events = self.events
        if len(self.entries) != len(events):
            raise MatchmakerError("a sampled world cannot be sampled again during a deal")
        last_decision = max(
            (i for i, event in enumerate(events) if event.actor != CHANCE), default=-1
        )
        start = last_decision + 1
        hidden = [event.seen[seat] != event.action for event in events]
        reserved: Counter[Action] = Counter(
            event.action
            for index, event in enumerate(events)
            if index >= start and not hidden[index]
        )
        histories = SeatHistories(self.codec)
        for index, event in enumerate(events):
            if index < start or not hidden[index]:
                if index >= start:
                    reserved[event.action] -= 1
                histories.apply(event.action)
                continue
            pool = Counter(histories.state.chance_choices())
            pool.subtract(reserved)
            choices = list((+pool).elements())
            histories.apply(choices[rng.randrange(len(choices))])
        histories.origin = f"dealt again for seat {seat}"
        return histories
