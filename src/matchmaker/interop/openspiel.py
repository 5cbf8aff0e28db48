"""Purrfect Match and Clecanian Golf as OpenSpiel Python games.

Importing this module registers ``python_purrfect_match`` and ``python_clecanian_golf`` with
``pyspiel.register_game``::

    import pyspiel
    import matchmaker.interop.openspiel  # registers the games

    game = pyspiel.load_game("python_clecanian_golf", {"players": 3, "epilogue": True})

Both are sequential games with explicit chance (every card dealt or taken from the stock is a
chance node with its probability), imperfect information and terminal rewards. The game
parameters are the game's options; the player count follows ``players``. Observations and
information states (strings and tensors, with perfect recall) come from ``make_py_observer``
and are built from the seat's view and the events as the seat saw them, never from hidden
cards. ``resample_from_infostate`` samples the hidden cards, so OpenSpiel's Python ISMCTS bot
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) can play.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from matchmaker.core.actions import CHANCE
from matchmaker.core.errors import OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game
from matchmaker.games.clecanian import options as clecanian_options
from matchmaker.games.clecanian.deck import default_deck
from matchmaker.games.purrfect import options as purrfect_options
from matchmaker.games.purrfect.deck import NAMED_DECKS
from matchmaker.interop.codecs import Codec, codec_for
from matchmaker.interop.history import SeatHistories
from matchmaker.interop.layout import ROW_WIDTH, Piece

PURRFECT = "python_purrfect_match"
CLECANIAN = "python_clecanian_golf"

#: The parameters of each game and their defaults (the game's own defaults). Purrfect Match:
#: ``deck`` is ``default``, ``faq38`` or values separated by slashes (``1/2/2/3/...``; a comma
#: would break OpenSpiel's game strings); ``first_proposer``
#: is a seat, or -1 for a seat drawn at random. Clecanian Golf: ``deck`` is ``default`` or the
#: path of a deck file.
PARAMETERS: dict[str, dict[str, Any]] = {
    PURRFECT: {
        "players": purrfect_options.DEFAULT_PLAYERS,
        "deck": "default",
        "first_proposer": 0,
    },
    CLECANIAN: {
        "players": clecanian_options.DEFAULT_PLAYERS,
        "rounds": clecanian_options.DEFAULT_ROUNDS,
        "epilogue": False,
        "discard_draw_must_swap": False,
        "max_turns": clecanian_options.DEFAULT_MAX_TURNS,
        "deck": "default",
    },
}
#: The matchmaker game id of each OpenSpiel game.
GAME_IDS = {PURRFECT: "purrfect", CLECANIAN: "clecanian"}
RANDOM_FIRST_PROPOSER = -1


def options_from_parameters(short_name: str, parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The matchmaker options for OpenSpiel parameters (missing ones take their default)."""
    full = {**PARAMETERS[short_name], **parameters}
    if short_name == PURRFECT:
        deck: Any = full["deck"]
        if deck not in NAMED_DECKS:
            if not re.fullmatch(r"\s*\d+(\s*[/ ,]\s*\d+)*\s*", str(deck)):
                raise OptionError(
                    f"parameter deck must be {', '.join(NAMED_DECKS)} or values separated by "
                    f"slashes (1/2/2/3...), not {full['deck']!r}"
                )
            deck = [int(value) for value in re.findall(r"\d+", str(deck))]
        first = full["first_proposer"]
        return {
            "players": full["players"],
            "deck": deck,
            "first_proposer": "random" if first == RANDOM_FIRST_PROPOSER else first,
        }
    return dict(full)


def parameters_for(game: Game[Any]) -> dict[str, Any] | None:
    """The OpenSpiel parameters of a matchmaker game, or None if its options cannot be said
    as parameters (a Clecanian deck given as data)."""
    options = game.options
    if game.name == "purrfect":
        assert isinstance(options, purrfect_options.PurrfectOptions)
        deck = options.deck_name or "/".join(map(str, options.deck))
        first = options.first_proposer
        return {
            "players": options.players,
            "deck": deck,
            "first_proposer": RANDOM_FIRST_PROPOSER if first is None else first,
        }
    assert isinstance(options, clecanian_options.ClecanianOptions)
    if options.deck is not default_deck():
        return None
    return {
        "players": options.players,
        "rounds": options.rounds,
        "epilogue": options.epilogue,
        "discard_draw_must_swap": options.discard_draw_must_swap,
        "max_turns": options.max_turns,
        "deck": "default",
    }


def _game_type(short_name: str, long_name: str, players: tuple[int, int]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS[short_name],
        default_loadable=True,
    )


GAME_TYPES = {
    PURRFECT: _game_type(
        PURRFECT,
        "Python Purrfect Match",
        (purrfect_options.MIN_PLAYERS, purrfect_options.MAX_PLAYERS),
    ),
    CLECANIAN: _game_type(
        CLECANIAN,
        "Python Clecanian Golf",
        (clecanian_options.MIN_PLAYERS, clecanian_options.MAX_PLAYERS),
    ),
}


class MatchmakerSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A matchmaker game as an OpenSpiel game; ``codec`` holds its encodings."""

    short_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None, codec: Codec | None = None):
        parameters = {**PARAMETERS[self.short_name], **(params or {})}
        if codec is None:
            options = options_from_parameters(self.short_name, parameters)
            codec = codec_for(load_game(GAME_IDS[self.short_name], options))
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=codec.max_chance_outcomes,
            num_players=codec.players,
            min_utility=codec.min_utility,
            max_utility=codec.max_utility,
            utility_sum=0.0,
            max_game_length=codec.max_game_length,
        )
        super().__init__(GAME_TYPES[self.short_name], info, parameters)
        self.codec = codec

    def new_initial_state(self) -> MatchmakerSpielState:
        """A new game, before the deal."""
        return MatchmakerSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> MatchmakerObserver:
        """An observer: the observation (default) or, with ``perfect_recall``, the
        information state; of one seat, or with ``private_info`` NONE of a spectator."""
        return MatchmakerObserver(self.codec, iig_obs_type, params)


class PurrfectSpielGame(MatchmakerSpielGame):
    """Purrfect Match in OpenSpiel (``python_purrfect_match``)."""

    short_name: ClassVar[str] = PURRFECT


class ClecanianSpielGame(MatchmakerSpielGame):
    """Clecanian Golf in OpenSpiel (``python_clecanian_golf``)."""

    short_name: ClassVar[str] = CLECANIAN


class MatchmakerSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; ``seat_histories`` holds the matchmaker game and every seat's
    history."""

    def __init__(self, game: MatchmakerSpielGame, histories: SeatHistories | None = None) -> None:
        super().__init__(game)
        self._histories = histories if histories is not None else SeatHistories.fresh(game.codec)

    @property
    def seat_histories(self) -> SeatHistories:
        """The matchmaker game and the histories behind this OpenSpiel state."""
        return self._histories

    def current_player(self) -> Any:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        state = self._histories.state
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        if state.to_act == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids of ``player`` (none unless it is to act), ascending."""
        state = self._histories.state
        if state.is_over or player != state.to_act:
            return []
        return self._histories.codec.legal_ids(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcome ids with their probabilities."""
        return self._histories.codec.chance_outcomes(self._histories.state)

    def _apply_action(self, action: int) -> None:
        """Apply an action (or chance outcome) id."""
        self._histories.apply_id(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        codec = self._histories.codec
        if player == pyspiel.PlayerId.CHANCE:
            return codec.action_text(CHANCE, codec.chance_action(int(action)))
        return codec.action_text(int(player), codec.seat_action(int(action)))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._histories.state.is_over

    def returns(self) -> list[float]:
        """Zero until the end; then each seat's score difference from the others' mean."""
        return self._histories.codec.returns(self._histories.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state with the same information state for ``player_id``, the hidden cards drawn
        at random (seeded from ``probability_sampler``)."""
        return self.resample(int(player_id), random.Random(int(probability_sampler() * 2**53)))

    def resample(self, player: int, rng: random.Random) -> Any:
        """``resample_from_infostate`` with the hidden cards drawn from ``rng``."""
        codec = self._histories.codec
        sampled = codec.can_sample(self._histories.view(player))
        histories = self._histories.resample(player, rng)
        game = self.get_game()
        if sampled:
            return MatchmakerSpielState(game, histories)
        # Dealt again: replay it through OpenSpiel so that the history is the real one.
        state = game.new_initial_state()
        for event in histories.events:
            state.apply_action(codec.action_id(event.action))
        return state

    def __str__(self) -> str:
        return self._histories.full_text()


class MatchmakerObserver:
    """The OpenSpiel observer of a matchmaker game (see ``make_py_observer``).

    The observation tensor is the codec's observation layout; the information-state tensor
    adds ``history`` (one row of five integers per entry the seat has seen, up to the
    codec's ``history_capacity``) and ``history_length``.
    """

    def __init__(
        self, codec: Codec, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        self.codec = codec
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type else False
        private = iig_obs_type.private_info if iig_obs_type else None
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("matchmaker observations always include the public information")
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every seat's private cards is not offered")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        layout = codec.observation_layout
        if self.perfect_recall:
            high = float(max(codec.players + 1, codec.max_chance_outcomes, 16))
            layout = layout.extended(
                Piece("history", (codec.history_capacity, ROW_WIDTH), 0.0, high),
                Piece("history_length", (1,), 0.0, float(codec.history_capacity)),
            )
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = layout.split(self.tensor)

    def _viewer(self, player: int) -> int:
        return self.codec.players if self.public_only else int(player)

    def set_from(self, state: MatchmakerSpielState, player: int) -> None:
        """Fill ``tensor`` (and its named views in ``dict``) for ``player``."""
        self.tensor.fill(0.0)
        histories = state.seat_histories
        viewer = self._viewer(player)
        histories.encode_observation(viewer, self.dict)
        if self.perfect_recall:
            histories.encode_history(viewer, self.dict["history"], self.dict["history_length"])

    def string_from(self, state: MatchmakerSpielState, player: int) -> str:
        """The observation or information state of ``player`` as text."""
        histories = state.seat_histories
        viewer = self._viewer(player)
        if self.perfect_recall:
            return histories.information_text(viewer)
        return histories.observation_text(viewer)


def spiel_game(game: Game[Any]) -> MatchmakerSpielGame:
    """The OpenSpiel game of a matchmaker game with the same options."""
    short_name = next(name for name, gid in GAME_IDS.items() if gid == game.name)
    parameters = parameters_for(game)
    if parameters is not None:
        loaded: MatchmakerSpielGame = pyspiel.load_game(short_name, parameters)
        return loaded
    cls = PurrfectSpielGame if short_name == PURRFECT else ClecanianSpielGame
    return cls(None, codec_for(game))


def state_from_view(game: MatchmakerSpielGame, view: Any, rng: random.Random) -> Any:
    """An OpenSpiel state sampled from one seat's view (for a search that starts from what
    the seat sees; its history is empty)."""
    histories = SeatHistories(game.codec, game.codec.sample(view, rng))
    histories.origin = f"sampled from the view of seat {view.seat}"
    return MatchmakerSpielState(game, histories)


def _register() -> None:
    known = {game_type.short_name for game_type in pyspiel.registered_games()}
    for short_name, cls in ((PURRFECT, PurrfectSpielGame), (CLECANIAN, ClecanianSpielGame)):
        if short_name not in known:
            pyspiel.register_game(GAME_TYPES[short_name], cls)


_register()
