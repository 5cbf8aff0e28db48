"""The PettingZoo environments: PettingZoo's own API and seed tests, rewards at the end, and
illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from matchmaker.interop.pettingzoo import clecanian_v0, purrfect_v0

ENVS = [
    (purrfect_v0, {"players": 3}),
    (purrfect_v0, {"players": 6, "deck": "faq38"}),
    (clecanian_v0, {"players": 2, "rounds": 1, "max_turns": 30}),
    (clecanian_v0, {"players": 4, "rounds": 1, "max_turns": 20, "epilogue": True}),
]
IDS = ["purrfect-3", "purrfect-6-faq38", "clecanian-2", "clecanian-4-epilogue"]


def play_out(env: Any, seed: int) -> dict[str, float]:
    """Play a game with random legal actions; the rewards each agent collected (none before
    the end)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    collected: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert reward == 0.0 or terminated
        collected[agent] = collected.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return collected


@pytest.mark.parametrize(("module", "options"), ENVS, ids=IDS)
def test_api_and_seed_tests(module: Any, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # Dict observations are PettingZoo's classic style; the API test warns by name.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(module.env(**options), num_cycles=300)
        seed_test(lambda: module.env(**options), num_cycles=300)


def test_spaces_and_first_observation() -> None:
    env = purrfect_v0.env(players=3)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.action_space("player_0").n == 24
    space = env.observation_space("player_1")
    assert space["observation"].shape == (env.unwrapped.codec.observation_layout.size,)
    assert env.agent_selection == "player_0"
    observation = env.observe("player_0")
    mask = observation["action_mask"]
    hand = env.unwrapped.state.view(0).hand
    assert sorted(np.flatnonzero(mask) + 1) == sorted(set(hand))  # present one of its values
    assert not env.observe("player_1")["action_mask"].any()
    assert env.unwrapped.render() is not None and "spectator" in env.unwrapped.render()


@pytest.mark.parametrize(("module", "options"), [ENVS[0], ENVS[2]], ids=[IDS[0], IDS[2]])
def test_rewards_come_at_the_end_and_sum_to_zero(module: Any, options: dict[str, Any]) -> None:
    env = module.env(**options)
    collected = play_out(env, seed=5)
    state = env.unwrapped.state
    assert state.is_over
    expected = env.unwrapped.codec.returns(state)
    assert [collected[f"player_{s}"] for s in range(len(expected))] == pytest.approx(expected)
    assert sum(collected.values()) == pytest.approx(0.0)
    assert any(collected.values())
    assert env.agents == []


def test_same_seed_same_game() -> None:
    first = purrfect_v0.env(players=4)
    second = purrfect_v0.env(players=4)
    assert play_out(first, seed=9) == play_out(second, seed=9)
    assert first.unwrapped.state.record() == second.unwrapped.state.record()


def test_an_illegal_action_ends_the_game_with_the_lowest_reward() -> None:
    env = purrfect_v0.env(players=3)
    env.reset(seed=2)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == env.unwrapped.codec.min_utility
    with pytest.raises(ValueError, match="render_mode"):
        purrfect_v0.env(render_mode="rgb_array")
