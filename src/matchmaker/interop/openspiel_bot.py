"""Bots across the two libraries: OpenSpiel's ISMCTS as a matchmaker bot, and any matchmaker
bot as an OpenSpiel bot.

``OpenSpielISMCTS`` is registered as the bot ``openspiel-ismcts``, so that
``matchmaker simulate purrfect --bots hard,openspiel-ismcts,greedy`` seats it at a table. At
each decision it samples a state from its seat's view and runs OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) from there, with random play-outs run on
the matchmaker engine (``PlayoutEvaluator``). ``MatchmakerBot`` goes the other way: it seats a
matchmaker bot (``greedy``, ``strong``...) in an OpenSpiel game of ``matchmaker.interop.openspiel``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from matchmaker.bots.base import Bot
from matchmaker.bots.registry import make_bot
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.play import play_random
from matchmaker.interop.openspiel import (
    MatchmakerSpielGame,
    MatchmakerSpielState,
    spiel_game,
    state_from_view,
)

#: The exploration constant of the search, in each game's reward unit (a score difference).
EXPLORATION = {"purrfect": 8.0, "clecanian": 15.0}


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An OpenSpiel search evaluator: the mean rewards of random play-outs, played on the
    matchmaker state behind the OpenSpiel state (much faster than through OpenSpiel)."""

    def __init__(self, rollouts: int = 1, rng: random.Random | None = None) -> None:
        self.rollouts = rollouts
        self.rng = rng or random.Random()

    def evaluate(self, state: MatchmakerSpielState) -> np.ndarray:
        """The mean rewards of ``rollouts`` random play-outs from ``state``."""
        histories = state.seat_histories
        codec = histories.codec
        total = np.zeros(histories.players)
        for _ in range(self.rollouts):
            final = play_random(codec.game, self.rng, histories.state.clone())
            total += np.asarray(codec.returns(final))
        result: np.ndarray = total / self.rollouts
        return result

    def prior(self, state: MatchmakerSpielState) -> list[tuple[int, float]]:
        """Every legal action (or chance outcome) equally likely a priori."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class OpenSpielISMCTS(Bot[Any]):
    """OpenSpiel's Python ISMCTS, searching from worlds sampled from this seat's view."""

    name: ClassVar[str] = "openspiel-ismcts"
    games: ClassVar[tuple[str, ...]] = ("purrfect", "clecanian")
    #: Simulations per decision.
    simulations: int = 100

    def __init__(
        self, game: Game[Any], seat: int, seed: int | str = 0, *, simulations: int | None = None
    ) -> None:
        super().__init__(game, seat, seed)
        if simulations is not None:
            if simulations < 1:
                raise OptionError("openspiel-ismcts needs at least 1 simulation a decision")
            self.simulations = simulations
        self.spiel_game = spiel_game(game)
        self.codec = self.spiel_game.codec
        self.search = ismcts.ISMCTSBot(
            self.spiel_game,
            PlayoutEvaluator(1, random.Random(self.rng.random())),
            EXPLORATION[game.name],
            self.simulations,
            random_state=np.random.RandomState(self.rng.randrange(2**32)),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        # Worlds sampled from this bot's generator, so that the same seed plays the same way.
        self.search.set_resampler(lambda state, player: state.resample(player, self.rng))

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The most visited action of a search from a world sampled from ``view``."""
        if len(legal) == 1:
            return legal[0]
        root = state_from_view(self.spiel_game, view, self.rng)
        action = self.codec.seat_action(int(self.search.step(root)))
        if action not in legal:
            raise MatchmakerError(f"the search chose {action}, which is not legal here")
        return action


class MatchmakerBot(pyspiel.Bot):  # type: ignore[misc]
    """A matchmaker bot (by name, level or ``package.module:Class``) playing one seat of an
    OpenSpiel game of ``matchmaker.interop.openspiel``.

    It is told every event as its seat may see it, so it works with
    ``open_spiel.python.algorithms.evaluate_bots`` and any loop that calls ``inform_action``
    for the events of the other seats and of chance.
    """

    def __init__(
        self, game: MatchmakerSpielGame, seat: int, bot: str = "greedy", seed: int | str = 0
    ) -> None:
        pyspiel.Bot.__init__(self)
        self._codec = game.codec
        self._seat = seat
        self._name = bot
        self._seed = seed
        self.bot = make_bot(bot, self._codec.game, seat, seed)

    def player_id(self) -> int:
        """The seat this bot plays."""
        return self._seat

    def restart_at(self, state: MatchmakerSpielState) -> None:
        """Start afresh (a new game): a new bot with the same seed."""
        self.bot = make_bot(self._name, self._codec.game, self._seat, self._seed)

    def inform_action(self, state: MatchmakerSpielState, player_id: int, action: int) -> None:
        """Tell the bot an event of another seat or of chance, before it is applied."""
        game_state = state.seat_histories.state
        actor = CHANCE if player_id == pyspiel.PlayerId.CHANCE else int(player_id)
        event = self._codec.decode(game_state, int(action))
        self.bot.observe(actor, game_state.redact(event, self._seat))

    def step(self, state: MatchmakerSpielState) -> int:
        """The bot's choice from its seat's view, as an action id."""
        game_state = state.seat_histories.state
        legal = game_state.legal_actions()
        action = self.bot.choose(game_state.view(self._seat), legal)
        if action not in legal:
            raise MatchmakerError(f"the {self._name} bot chose {action}, which is not legal")
        self.bot.observe(self._seat, action)
        return self._codec.action_id(action)


def play_spiel_game(
    game: MatchmakerSpielGame, bots: Sequence[Any], rng: np.random.RandomState
) -> list[float]:
    """Play one game of an OpenSpiel matchmaker game between OpenSpiel bots (one per seat;
    ``MatchmakerBot``, ``ISMCTSBot``...) and return the rewards. Like OpenSpiel's
    ``evaluate_bots``, every bot is told the chance outcomes and the other seats' actions
    before they are applied; unlike it, no bot is asked to ``restart_at`` the start."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(outcomes, p=probabilities))
            player = pyspiel.PlayerId.CHANCE
        else:
            player = state.current_player()
            action = int(bots[player].step(state))
        for seat, bot in enumerate(bots):
            if seat != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
    returns: list[float] = state.returns()
    return returns
