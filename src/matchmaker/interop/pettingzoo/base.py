"""The AEC environment both games share.

Rewards come once, when the game ends: each seat's score minus the mean score of the other
seats (negated in Clecanian Golf, where the lowest score wins), so more is better and the
rewards of a table sum to zero. They are the returns of the OpenSpiel games too. An illegal
action ends the game (``TerminateIllegalWrapper``) with the game's lowest possible reward for
the seat that played it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver
from matchmaker.core.errors import IllegalActionError
from matchmaker.core.game import State
from matchmaker.core.registry import load_game
from matchmaker.interop.codecs import Codec, codec_for


def observation_space(codec: Codec) -> spaces.Dict:
    """The observation space of one seat: the observation tensor and the action mask."""
    low, high = codec.observation_layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
        }
    )


def observe_seat(codec: Codec, state: Any, seat: int) -> dict[str, np.ndarray]:
    """The observation of ``seat``: its view as a tensor, and its legal action ids as a mask
    (all zeros when it is not to act)."""
    layout = codec.observation_layout
    tensor = np.zeros(layout.size, np.float32)
    codec.encode_observation(state.view(seat), layout.split(tensor))
    mask = np.zeros(codec.num_actions, np.int8)
    if not state.is_over and state.to_act == seat:
        mask[codec.legal_ids(state)] = 1
    return {"observation": tensor, "action_mask": mask}


class MatchmakerAECEnv(AECEnv):  # type: ignore[misc]
    """A matchmaker game as a PettingZoo AEC environment (chance is played by the env)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "matchmaker",
        "is_parallelizable": False,
    }
    #: The matchmaker game id.
    game_name: ClassVar[str]

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = load_game(self.game_name, options)
        self.codec = codec_for(self.game)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: observation_space(self.codec) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents
        }
        self._rng = random.Random()
        self.driver: Driver[Any] = Driver(self.game)

    @property
    def state(self) -> State[Any]:
        """The game's state (held by the table driver)."""
        return self.driver.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the chance outcomes (the deal, the stock)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.driver = Driver(self.game)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._play_chance()
        self.agent_selection = self.possible_agents[self.state.to_act]

    def _play_chance(self) -> None:
        while not self.state.is_over and self.state.to_act == CHANCE:
            self.driver.deal(self._rng)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat sees now, and its action mask."""
        return observe_seat(self.codec, self.state, self._seat(agent))

    def step(self, action: Any) -> None:
        """Apply the selected agent's action; chance follows until a seat must act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        move = self.codec.seat_action(int(action))
        try:
            self.driver.play(move)
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"{agent} cannot play action {int(action)} ({move}) now: {exc}"
            ) from None
        self._play_chance()
        if self.state.is_over:
            for seat, reward in enumerate(self.codec.returns(self.state)):
                self.rewards[self.possible_agents[seat]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it: returned (``ansi``) or printed (``human``)."""
        text = self.codec.observation_text(self.state.public_view())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def wrap(env: MatchmakerAECEnv) -> AECEnv:
    """The classic wrappers: an illegal action ends the game with the lowest reward, actions
    out of range are refused, and the AEC call order is enforced."""
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(env, illegal_reward=env.codec.min_utility)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
