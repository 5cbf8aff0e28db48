"""What the research adapters share: fixed action ids, tensor layouts, the history each seat has
seen, the rewards, and a game in progress (``Table``) that keeps them all up to date.

A game's ``Codec`` maps its actions to fixed integer ids, encodes one seat's view as a string
and a tensor, and describes each event as a seat may see it (an ``Entry``: a short text and a
row of five integers). A ``Table`` holds a matchmaker state and, step by step, the entries
every seat (and a spectator) has seen. Everything a seat is shown comes from ``state.view`` and
``state.redact``: the hidden cards never enter an encoding.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

import numpy as np

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game, State
from matchmaker.core.registry import load_game

#: The columns of a history row: who acted (0 a revealed card, 1 chance, 2 + seat a seat),
#: what kind of event, the seat it concerns (+1), the grid position (+1) and the card or value
#: (+1 for a card index, the value itself for a Purrfect cat); 0 means none or hidden.
ROW_WIDTH = 5
WHO_SEEN = 0
WHO_CHANCE = 1


def who(actor: int) -> int:
    """The ``who`` column of a history row for an event of ``actor`` (a seat or CHANCE)."""
    return WHO_CHANCE if actor == CHANCE else 2 + actor


@dataclass(frozen=True)
class Entry:
    """One line of a seat's history: a text and a row of ``ROW_WIDTH`` integers."""

    text: str
    row: tuple[int, int, int, int, int]


class Piece(NamedTuple):
    """One named part of a tensor: its shape and the bounds of its values."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """The number of values in the piece."""
        return int(np.prod(self.shape, dtype=np.int64))


class Layout:
    """A flat float tensor made of named pieces, each a reshaped slice of it."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.size = sum(piece.size for piece in self.pieces)

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The pieces of ``tensor`` as named views (writing to a view writes the tensor)."""
        out: dict[str, np.ndarray] = {}
        offset = 0
        for piece in self.pieces:
            out[piece.name] = tensor[offset : offset + piece.size].reshape(piece.shape)
            offset += piece.size
        return out

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every element, as two flat float32 arrays."""
        low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces])
        high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces])
        return low, high

    def extended(self, *pieces: Piece) -> Layout:
        """This layout followed by more pieces."""
        return Layout((*self.pieces, *pieces))


def one_hot(target: np.ndarray, index: int | None) -> None:
    """Set ``target[index]`` to 1 when ``index`` is not None."""
    if index is not None:
        target[index] = 1.0


def differences_from_others(scores: Sequence[int], *, lowest_wins: bool) -> list[float]:
    """Each seat's score minus the mean score of the other seats, negated when the lowest
    score wins: more is better, and the rewards of a table sum to zero."""
    n = len(scores)
    total = sum(scores)
    sign = -1.0 if lowest_wins else 1.0
    return [sign * (s - (total - s) / (n - 1)) for s in scores]


class Codec(ABC):
    """How one game with fixed options is encoded for the research tools.

    Player actions have fixed ids ``0 .. num_actions - 1`` whatever the position; chance
    outcomes have ids ``0 .. max_chance_outcomes - 1``. ``max_game_length`` bounds the number
    of seat decisions in a game and ``history_capacity`` the number of history entries a seat
    collects (see each game's codec for how).
    """

    #: The game id in matchmaker (``purrfect``, ``clecanian``).
    game_name: ClassVar[str]
    num_actions: int
    max_chance_outcomes: int
    max_game_length: int
    history_capacity: int
    #: The bounds of the rewards (``differences_from_others``).
    min_utility: float
    max_utility: float
    observation_layout: Layout

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        self._entries: dict[Hashable, Entry] = {}
        self._texts: dict[tuple[int, Action], str] = {}
        self._fresh: Table | None = None

    # ---------------------------------------------------------------------------- actions
    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The id of a seat's action, or of a chance outcome."""

    @abstractmethod
    def seat_action(self, action_id: int) -> Action:
        """The seat's action with this id; MatchmakerError if there is none."""

    @abstractmethod
    def chance_action(self, action_id: int) -> Action:
        """The chance outcome with this id; MatchmakerError if there is none."""

    def decode(self, state: State[Any], action_id: int) -> Action:
        """The action (or chance outcome, at a chance node) with this id in ``state``."""
        if state.to_act == CHANCE:
            return self.chance_action(action_id)
        return self.seat_action(action_id)

    def legal_ids(self, state: State[Any]) -> list[int]:
        """The ids of the acting seat's legal actions, ascending (empty at chance and at the
        end)."""
        if state.is_over or state.to_act == CHANCE:
            return []
        return sorted(self.action_id(a) for a in state.legal_actions())

    def chance_outcomes(self, state: State[Any]) -> list[tuple[int, float]]:
        """The chance outcomes by id, ascending, with their probabilities."""
        return sorted((self.action_id(a), p) for a, p in state.chance_outcomes())

    def action_text(self, actor: int, action: Action) -> str:
        """A short description of an event (with what is hidden shown as such)."""
        key = (actor, action)
        text = self._texts.get(key)
        if text is None:
            who_text = "chance" if actor == CHANCE else f"seat {actor}"
            text = self._texts[key] = f"{who_text}: {action}"
        return text

    # ---------------------------------------------------------------------------- history
    def entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """The history entry of an event, ``seen`` being the action as the viewer may see it
        and ``phase`` the phase it was taken in."""
        key = (actor, seen, phase)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = self.make_entry(actor, seen, phase)
        return entry

    def cached(self, key: Hashable, build: Callable[[], Entry]) -> Entry:
        """The entry cached under ``key``, built once by ``build``."""
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = build()
        return entry

    @abstractmethod
    def make_entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """Build the history entry of an event (``entry`` caches it)."""

    def initial_snapshot(self, state: State[Any]) -> Any:
        """What ``reveals`` compares against: the public cards in sight (None: nothing)."""
        return None

    def reveals(
        self, state: State[Any], snapshot: Any
    ) -> tuple[tuple[Entry, ...], dict[int, tuple[Entry, ...]], Any]:
        """After an event: the cards it turned up for everybody, those it showed one seat
        only (by seat), and the new snapshot."""
        return (), {}, snapshot

    # --------------------------------------------------------------------------- sampling
    @abstractmethod
    def can_sample(self, view: Any) -> bool:
        """Whether ``sample`` works from this view (not before the deal is complete)."""

    @abstractmethod
    def sample(self, view: Any, rng: random.Random) -> State[Any]:
        """A full state consistent with one seat's view, the hidden cards drawn from ``rng``."""

    # ------------------------------------------------------------------------ observations
    @abstractmethod
    def encode_observation(self, view: Any, pieces: Mapping[str, np.ndarray]) -> None:
        """Write the observation of ``view`` into the (zeroed) pieces of a tensor."""

    @abstractmethod
    def observation_text(self, view: Any) -> str:
        """The observation of ``view`` as text."""

    # ----------------------------------------------------------------------------- results
    @abstractmethod
    def returns(self, state: State[Any]) -> list[float]:
        """Each seat's reward: zero until the end, then ``differences_from_others``."""

    def options(self) -> dict[str, Any]:
        """The game's options as a record stores them."""
        return self.game.options_dict()

    def new_table(self) -> Table:
        """A new game as a ``Table`` (a copy of one made once)."""
        if self._fresh is None:
            self._fresh = Table(self)
        return self._fresh.clone()


_CODECS: dict[str, Codec] = {}


def codec_for(game: Game[Any]) -> Codec:
    """The codec of a game (one per game id and options, shared)."""
    key = json.dumps([game.name, game.options_dict()], sort_keys=True)
    codec = _CODECS.get(key)
    if codec is None:
        from matchmaker.games.clecanian.game import ClecanianGame
        from matchmaker.games.purrfect.game import PurrfectGame

        if isinstance(game, PurrfectGame):
            from matchmaker.interop.purrfect_encoding import PurrfectCodec

            codec = PurrfectCodec(game)
        elif isinstance(game, ClecanianGame):
            from matchmaker.interop.clecanian_encoding import ClecanianCodec

            codec = ClecanianCodec(game)
        else:
            raise MatchmakerError(f"no research encoding for game {game.name!r}")
        _CODECS[key] = codec
    return codec


def codec_named(name: str, options: Mapping[str, Any]) -> Codec:
    """The codec of the game ``name`` with these (record) options."""
    key = json.dumps([name, dict(options)], sort_keys=True)
    codec = _CODECS.get(key)
    if codec is None:
        codec = codec_for(load_game(name, options))
        _CODECS[key] = codec
    return codec


#: A step of the history: for every viewer (the seats, then the spectator) its entries.
Step = tuple[tuple[Entry, ...], ...]


class Table:
    """A game in progress as the research adapters hold it: the matchmaker state, every event
    applied, and for every seat (and a spectator, viewer ``players``) the entries it has seen.

    A table made by ``resample`` is a sampled world: its steps start with the history of the
    seat it was sampled for, and for the other seats (and the spectator) the spectator's
    history: what they privately knew is not part of that world, nor kept in it. Its ``actions``
    start after those steps; from there on every seat's history grows as usual.
    """

    __slots__ = (
        "_text",
        "_views",
        "actions",
        "codec",
        "origin",
        "snapshot",
        "state",
        "steps",
    )

    def __init__(self, codec: Codec, state: State[Any] | None = None) -> None:
        self.codec = codec
        self.state = state if state is not None else codec.game.new_state()
        self.steps: list[Step] = []
        self.actions: list[tuple[int, Action]] = []
        self.snapshot: Any = codec.initial_snapshot(self.state)
        self.origin = "new game"
        #: The views of the current position, by viewer (views are immutable).
        self._views: dict[int, Any] = {}
        #: ``full_text``'s events so far: (how many events, their text).
        self._text: tuple[int, str] = (0, "")

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.codec.players

    # ----------------------------------------------------------------------------- playing
    def apply(self, action: Action) -> None:
        """Apply an action (or chance outcome) and record what every viewer saw of it."""
        codec, state, n = self.codec, self.state, self.codec.players
        actor, phase = state.to_act, state.phase
        seen = [
            codec.entry(actor, state.redact(action, v if v < n else None), phase)
            for v in range(n + 1)
        ]
        state.apply(action)
        self._views = {}
        public, private, self.snapshot = codec.reveals(state, self.snapshot)
        self.steps.append(tuple((seen[v], *public, *private.get(v, ())) for v in range(n + 1)))
        self.actions.append((actor, action))

    def apply_id(self, action_id: int) -> None:
        """Apply the action (or chance outcome) with this id."""
        self.apply(self.codec.decode(self.state, action_id))

    def clone(self) -> Table:
        """An independent copy (the codec is shared)."""
        other = Table.__new__(Table)
        other.codec = self.codec
        other.state = self.state.clone()
        other.steps = self.steps[:]
        other.actions = self.actions[:]
        other.snapshot = self.snapshot
        other.origin = self.origin
        other._views = self._views
        other._text = self._text
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "game": self.codec.game_name,
            "options": self.codec.options(),
            "state": self.state,
            "steps": self.steps,
            "actions": self.actions,
            "snapshot": self.snapshot,
            "origin": self.origin,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.codec = codec_named(data["game"], data["options"])
        for name in ("state", "steps", "actions", "snapshot", "origin"):
            setattr(self, name, data[name])
        self._views = {}
        self._text = (0, "")

    # ----------------------------------------------------------------------------- history
    def history(self, viewer: int) -> Iterator[Entry]:
        """The entries ``viewer`` has seen, oldest first (viewer ``players``: a spectator)."""
        for step in self.steps:
            yield from step[viewer]

    def view(self, viewer: int) -> Any:
        """The view of a seat (viewer ``players``: the public view)."""
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = self.state.view(viewer if viewer < self.players else None)
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
        if done < len(self.actions):
            action_text = self.codec.action_text
            more = [action_text(actor, action) for actor, action in self.actions[done:]]
            text = " | ".join([text, *more] if done else more)
            self._text = (len(self.actions), text)
        return f"{self.origin}\n{text}"

    # ---------------------------------------------------------------------------- sampling
    def resample(self, seat: int, rng: random.Random) -> Table:
        """A table that gives ``seat`` exactly its history and view, the hidden cards drawn
        from ``rng``: sampled from the seat's view once the deal is complete, and during a
        deal by dealing again what the seat has not seen."""
        view = self.state.view(seat)
        if not self.codec.can_sample(view):
            return self._redeal(seat, rng)
        sampled = Table(self.codec, self.codec.sample(view, rng))
        n = self.players
        # Every viewer but the seat is given the spectator's entries.
        as_seen = itemgetter(*(v if v == seat else n for v in range(n + 1)))
        sampled.steps = list(map(as_seen, self.steps))
        sampled.snapshot = self.snapshot
        sampled.origin = f"sampled for seat {seat}"
        return sampled

    def _redeal(self, seat: int, rng: random.Random) -> Table:
        """During a deal: replay every event, dealing again at random each card of the current
        deal that ``seat`` has not seen (keeping those it will see free for it)."""
        if len(self.steps) != len(self.actions):
            raise MatchmakerError("a sampled world cannot be sampled again during a deal")
        codec = self.codec
        last_decision = max(
            (i for i, (actor, _) in enumerate(self.actions) if actor != CHANCE), default=-1
        )
        start = last_decision + 1
        probe = codec.game.new_state()
        hidden: list[bool] = []
        for _, action in self.actions:
            hidden.append(probe.redact(action, seat) != action)
            probe.apply(action)
        reserved: Counter[Action] = Counter(
            action
            for index, (_, action) in enumerate(self.actions)
            if index >= start and not hidden[index]
        )
        table = Table(codec)
        for index, (_, action) in enumerate(self.actions):
            if index < start or not hidden[index]:
                if index >= start:
                    reserved[action] -= 1
                table.apply(action)
                continue
            pool = Counter(table.state.chance_choices())
            pool.subtract(reserved)
            choices = list((+pool).elements())
            table.apply(choices[rng.randrange(len(choices))])
        table.origin = f"dealt again for seat {seat}"
        return table
