"""Single-agent Gymnasium environments: one seat is the agent, matchmaker bots play the others.

Importing this module registers ``matchmaker/PurrfectMatch-v0`` and
``matchmaker/ClecanianGolf-v0``::

    import gymnasium
    import matchmaker.interop.gymnasium  # registers the environments

    env = gymnasium.make("matchmaker/ClecanianGolf-v0", players=3, opponents="strong")

Keywords: ``seat`` (the agent's seat, default 0), ``opponents`` (a bot name or level for every
other seat, or a list with one per other seat; default ``greedy``), ``render_mode`` (``ansi``
or ``human``) and the game's options. Observations and actions are those of the PettingZoo
environments: ``{"observation": ..., "action_mask": ...}`` and a ``Discrete`` action id. The
reward comes at the end: the agent's score minus the mean score of the other seats (negated in
Clecanian Golf, where the lowest score wins). An illegal action ends the episode with the
game's lowest possible reward and ``info["illegal_action"]`` set. The game is stepped by the
table driver (``matchmaker.core.driver``): the opponents watch their seats and hear every event
as their seats may see it, and a bot choosing an illegal action stops the episode with a
``BotError`` naming the bot and the action. There is no table talk.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from matchmaker.bots.base import Bot
from matchmaker.bots.registry import check_bot, make_bot
from matchmaker.bots.runner import BotError
from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver
from matchmaker.core.errors import IllegalActionError, OptionError
from matchmaker.core.game import State
from matchmaker.core.registry import load_game
from matchmaker.interop.codecs import codec_for
from matchmaker.interop.pettingzoo.base import observation_space, observe_seat

PURRFECT_ID = "matchmaker/PurrfectMatch-v0"
CLECANIAN_ID = "matchmaker/ClecanianGolf-v0"


class MatchmakerEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a matchmaker game against matchmaker bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}
    #: The matchmaker game id.
    game_name: ClassVar[str]

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = load_game(self.game_name, options)
        self.codec = codec_for(self.game)
        players = self.game.players
        if not 0 <= seat < players:
            raise OptionError(f"seat must be from 0 to {players - 1}, not {seat!r}")
        self.seat = seat
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise OptionError(
                f"opponents: give one bot name, or {players - 1} (one per other seat), "
                f"not {len(names)}"
            )
        for name in names:
            check_bot(name, self.game.name)
        self.opponents = names
        self.observation_space = observation_space(self.codec)
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.driver: Driver[Any] = Driver(self.game)
        self._bots: dict[int, Bot[Any]] = {}
        self._chance = random.Random()

    @property
    def state(self) -> State[Any]:
        """The game's state (the driver's)."""
        return self.driver.state

    def _others(self) -> list[int]:
        return [s for s in range(self.game.players) if s != self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game, played by chance and the bots up to the agent's first decision."""
        super().reset(seed=seed)
        self._chance = random.Random(int(self.np_random.integers(2**63)))
        self._bots = {
            s: make_bot(name, self.game, s, int(self.np_random.integers(2**31)))
            for s, name in zip(self._others(), self.opponents, strict=True)
        }
        self.driver = Driver(self.game)
        for seat, bot in self._bots.items():
            self.driver.watch(seat, bot)
        self._play_others()
        return self._observe(), {}

    def _play_others(self) -> None:
        """Chance and the bots act until the agent must act or the game is over."""
        driver = self.driver
        while not driver.state.is_over and driver.to_act != self.seat:
            seat = driver.to_act
            if seat == CHANCE:
                driver.deal(self._chance)
                continue
            bot = self._bots[seat]
            action = bot.choose(driver.state.view(seat), driver.legal())
            try:
                driver.play(action, seat)
            except IllegalActionError as exc:
                raise BotError.refused(bot, seat, action, exc) from None

    def _observe(self) -> dict[str, np.ndarray]:
        return observe_seat(self.codec, self.state, self.seat)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the others' up to the agent's next decision."""
        if self.state.is_over:
            raise OptionError("the game is over: call reset() first")
        move = self.codec.seat_action(int(action))
        try:
            self.driver.play(move, self.seat)
        except IllegalActionError:
            return self._observe(), self.codec.min_utility, True, False, {"illegal_action": True}
        self._play_others()
        if self.render_mode == "human":
            self.render()
        if not self.state.is_over:
            return self._observe(), 0.0, False, False, {}
        reward = self.codec.returns(self.state)[self.seat]
        info = {"scores": list(self.state.result().scores)}
        return self._observe(), reward, True, False, info

    def render(self) -> str | None:
        """What the agent's seat sees: returned (``ansi``) or printed (``human``)."""
        text = self.codec.observation_text(self.state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


class PurrfectMatchEnv(MatchmakerEnv):
    """Purrfect Match, one seat against bots (``matchmaker/PurrfectMatch-v0``)."""

    game_name: ClassVar[str] = "purrfect"


class ClecanianGolfEnv(MatchmakerEnv):
    """Clecanian Golf, one seat against bots (``matchmaker/ClecanianGolf-v0``)."""

    game_name: ClassVar[str] = "clecanian"


def _register() -> None:
    for env_id, cls in ((PURRFECT_ID, PurrfectMatchEnv), (CLECANIAN_ID, ClecanianGolfEnv)):
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:{cls.__name__}")


_register()
