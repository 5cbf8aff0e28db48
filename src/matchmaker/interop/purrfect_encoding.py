"""Purrfect Match for the research tools: action ids, observations, history entries, bounds.

Action ids: ``present v`` is ``v - 1`` (0-9), ``nominate v`` is ``9 + v`` (10-19), then
``propose`` 20, ``pass`` 21, ``accept`` 22, ``reject`` 23. Chance outcomes: a dealt cat is its
value (1-10), the first proposer drawn at random is its seat (0-7).

A game lasts at most ``(N - 1) x (3n - 2)`` decisions for ``n`` seats and ``N`` dealt cats:
every round takes at least one cat out of play (the proposer cat is claimed or discarded), so
there are at most ``N - 1`` rounds before fewer than two seats hold cats, and a round is one
presentation, at most ``n - 1`` nominations and, for each of at most ``n - 1`` candidates, a
proposal or a pass and an answer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import EventError
from matchmaker.core.game import State
from matchmaker.games.purrfect.actions import (
    ACCEPT,
    CHANCE_VALUES,
    NOMINATE_ACTIONS,
    PASS,
    PRESENT_ACTIONS,
    PROPOSE,
    REJECT,
)
from matchmaker.games.purrfect.deck import MAX_VALUE
from matchmaker.games.purrfect.determinize import determinize
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.phases import BEFORE_PLAY, Phase
from matchmaker.games.purrfect.view import PurrfectView
from matchmaker.interop.codecs import Codec
from matchmaker.interop.layout import (
    WHO_CHANCE,
    WHO_SEEN,
    Entry,
    Layout,
    Piece,
    differences_from_others,
    one_hot,
    who,
)

PHASES = tuple(Phase)
V = MAX_VALUE

#: The kinds of history entries (the second column of a row).
KIND_DEAL, KIND_FIRST, KIND_PRESENT, KIND_NOMINATE = 1, 2, 3, 4
KIND_PROPOSE, KIND_PASS, KIND_ACCEPT, KIND_REJECT, KIND_INSPECT = 5, 6, 7, 8, 9
KINDS = {"propose": KIND_PROPOSE, "pass": KIND_PASS, "accept": KIND_ACCEPT, "reject": KIND_REJECT}
VERBS = {"propose": "proposes", "pass": "passes", "accept": "accepts", "reject": "rejects"}

ACTIONS: tuple[Action, ...] = (
    *(PRESENT_ACTIONS[v] for v in range(1, V + 1)),
    *(NOMINATE_ACTIONS[v] for v in range(1, V + 1)),
    PROPOSE,
    PASS,
    ACCEPT,
    REJECT,
)
IDS = {action: index for index, action in enumerate(ACTIONS)}
#: Chance outcome ids: a value 1-10 or a seat 0-7.
CHANCE_IDS = len(CHANCE_VALUES)


def _wide(value: int) -> float:
    """An upper bound that keeps a piece's range non-empty."""
    return float(max(value, 1))


class PurrfectCodec(Codec):
    """Purrfect Match with fixed options, encoded for OpenSpiel, PettingZoo and Gymnasium."""

    game_name: ClassVar[str] = "purrfect"
    game: PurrfectGame

    def __init__(self, game: PurrfectGame) -> None:
        super().__init__(game)
        options = game.options
        n, h = options.players, options.hand_size
        deck = sorted(options.deck, reverse=True)
        dealt = n * h
        copies = max(Counter(deck).values())
        self.num_actions = len(ACTIONS)
        self.max_chance_outcomes = CHANCE_IDS
        self.max_game_length = (dealt - 1) * (3 * n - 2)
        self.history_capacity = dealt + 1 + 2 * self.max_game_length
        lowest = -sum(deck[:h])
        highest = sum(deck[: dealt // 2]) - sum(deck[-h:])
        self.max_utility = float(highest - lowest)
        self.min_utility = -self.max_utility
        self.observation_layout = Layout(
            (
                Piece("observer", (n,)),
                Piece("phase", (len(PHASES),)),
                Piece("to_act", (n,)),
                Piece("proposer", (n,)),
                Piece("proposer_cat", (V,)),
                Piece("hand", (V,), 0.0, float(copies)),
                Piece("candidate", (V,)),
                Piece("target", (1,), 0.0, float(sum(deck[:h]))),
                Piece("hand_sizes", (n,), 0.0, float(h)),
                Piece("standing", (n,)),
                Piece("to_nominate", (n,)),
                Piece("inspecting", (n,)),
                Piece("inspected_value", (V,)),
                Piece("known_candidates", (n, V)),
                Piece("claimed", (n, V), 0.0, float(copies)),
                Piece("given", (n, V), 0.0, float(copies)),
                Piece("discarded", (V,), 0.0, float(copies)),
                Piece("excess", (1,), 0.0, _wide(len(deck) - dealt)),
            )
        )

    # ---------------------------------------------------------------------------- actions
    def action_id(self, action: Action) -> int:
        """The id of an action or chance outcome (see the module docstring)."""
        if action.name == "chance":
            assert isinstance(action.arg, int)
            return action.arg
        return IDS[action]

    def seat_action(self, action_id: int) -> Action:
        """The seat's action with this id."""
        if 0 <= action_id < len(ACTIONS):
            return ACTIONS[action_id]
        raise EventError(f"{action_id} is not an action id of Purrfect Match")

    def chance_action(self, action_id: int) -> Action:
        """The chance outcome with this id: a dealt value, or the first proposer's seat."""
        if 0 <= action_id < CHANCE_IDS:
            return CHANCE_VALUES[action_id]
        raise EventError(f"{action_id} is not a chance outcome id of Purrfect Match")

    # ---------------------------------------------------------------------------- history
    def make_entry(self, actor: int, seen: Action, phase: str) -> Entry:
        """The history entry of an event as a viewer saw it."""
        value = seen.arg if isinstance(seen.arg, int) else None
        if actor == CHANCE:
            if phase is Phase.CHOOSE_FIRST_PROPOSER:
                assert value is not None
                return Entry(
                    f"seat {value} proposes first", (WHO_CHANCE, KIND_FIRST, value + 1, 0, 0)
                )
            if value is None:
                return Entry("a cat is dealt face down", (WHO_CHANCE, KIND_DEAL, 0, 0, 0))
            return Entry(f"you are dealt a {value}", (WHO_CHANCE, KIND_DEAL, 0, 0, value))
        if seen.name == "present":
            assert value is not None
            return Entry(
                f"seat {actor} presents a {value}", (who(actor), KIND_PRESENT, 0, 0, value)
            )
        if seen.name == "nominate":
            what = "a candidate" if value is None else f"a {value}"
            return Entry(
                f"seat {actor} nominates {what}", (who(actor), KIND_NOMINATE, 0, 0, value or 0)
            )
        return Entry(f"seat {actor} {VERBS[seen.name]}", (who(actor), KINDS[seen.name], 0, 0, 0))

    def reveals(
        self, state: State[Any], snapshot: Any
    ) -> tuple[tuple[Entry, ...], dict[int, tuple[Entry, ...]], Any]:
        """When an inspection begins, the proposer sees the candidate's value."""
        if state.phase is not Phase.INSPECT:
            return (), {}, snapshot
        proposer = state.to_act
        view = state.view(proposer)
        assert isinstance(view, PurrfectView)
        seat, value = view.inspecting, view.inspected_value
        assert seat is not None and value is not None
        entry = self.cached(
            ("inspect", seat, value),
            lambda: Entry(
                f"you look at seat {seat}'s candidate: a {value}",
                (WHO_SEEN, KIND_INSPECT, seat + 1, 0, value),
            ),
        )
        return (), {proposer: (entry,)}, snapshot

    # --------------------------------------------------------------------------- sampling
    def can_sample(self, view: Any) -> bool:
        """Sampling needs the deal complete and the first proposer known."""
        return bool(view.phase not in BEFORE_PLAY)

    def sample(self, view: Any, rng: random.Random) -> State[Any]:
        """A full state consistent with ``view`` (``games.purrfect.determinize``)."""
        return determinize(self.game, view, rng)

    # ------------------------------------------------------------------------ observations
    def encode_observation(self, view: Any, pieces: Mapping[str, np.ndarray]) -> None:
        """Write a Purrfect Match view into the pieces of an observation tensor."""
        assert isinstance(view, PurrfectView)
        one_hot(pieces["observer"], view.seat)
        pieces["phase"][PHASES.index(view.phase)] = 1.0
        if view.to_act >= 0:
            pieces["to_act"][view.to_act] = 1.0
        one_hot(pieces["proposer"], view.proposer)
        if view.proposer_cat is not None:
            pieces["proposer_cat"][view.proposer_cat - 1] = 1.0
        for value in view.hand:
            pieces["hand"][value - 1] += 1.0
        if view.candidate is not None:
            pieces["candidate"][view.candidate - 1] = 1.0
        pieces["target"][0] = float(view.target or 0)
        pieces["hand_sizes"][:] = view.hand_sizes
        pieces["standing"][:] = view.standing
        for seat in view.to_nominate:
            pieces["to_nominate"][seat] = 1.0
        one_hot(pieces["inspecting"], view.inspecting)
        inspected = view.inspected_value
        if inspected is not None:
            pieces["inspected_value"][inspected - 1] = 1.0
        for seat, value in view.known_candidates.items():
            pieces["known_candidates"][seat, value - 1] = 1.0
        for seat in range(view.players):
            for value in view.claimed[seat]:
                pieces["claimed"][seat, value - 1] += 1.0
            for value in view.given[seat]:
                pieces["given"][seat, value - 1] += 1.0
        for value in view.discarded:
            pieces["discarded"][value - 1] += 1.0
        pieces["excess"][0] = float(view.excess)

    def observation_text(self, view: Any) -> str:
        """A Purrfect Match view as one line of text."""
        assert isinstance(view, PurrfectView)
        parts = [
            "spectator" if view.seat is None else f"seat {view.seat}",
            f"round {view.round}",
            view.phase,
        ]
        if view.to_act >= 0:
            parts.append(f"to act {view.to_act}")
        if view.proposer is not None:
            cat = f" with a {view.proposer_cat}" if view.proposer_cat else ""
            parts.append(f"proposer {view.proposer}{cat}")
        if view.inspecting is not None:
            value = view.inspected_value
            parts.append(f"inspecting {view.inspecting}" + (f" (a {value})" if value else ""))
        if view.seat is not None:
            parts.append("hand " + (" ".join(map(str, view.hand)) or "-"))
            parts.append(f"candidate {view.candidate or '-'}")
            parts.append(f"target {view.target}")
            known = view.known_candidates
            if known:
                parts.append("known " + " ".join(f"{s}:{v}" for s, v in sorted(known.items())))
        parts.append("hands " + "/".join(map(str, view.hand_sizes)))
        standing = [str(s) for s, flag in enumerate(view.standing) if flag]
        parts.append("standing " + (",".join(standing) or "-"))
        if view.to_nominate:
            parts.append("to nominate " + ",".join(map(str, view.to_nominate)))
        parts.append("claimed " + " ".join(_pile(p) for p in view.claimed))
        parts.append("given " + " ".join(_pile(p) for p in view.given))
        parts.append("discarded " + _pile(view.discarded))
        parts.append(f"excess {view.excess}")
        if view.scores is not None:
            parts.append("scores " + " ".join(map(str, view.scores)))
            parts.append("targets " + " ".join(map(str, view.targets or ())))
            parts.append("left over " + _pile(view.left_over))
        return " | ".join(parts)

    # ----------------------------------------------------------------------------- results
    def returns(self, state: State[Any]) -> list[float]:
        """Zero until the end; then each seat's score minus the others' mean score."""
        if not state.is_over:
            return [0.0] * self.players
        return differences_from_others(state.result().scores, lowest_wins=False)


def _pile(values: tuple[int, ...]) -> str:
    return "[" + " ".join(map(str, values)) + "]"
