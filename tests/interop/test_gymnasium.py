"""The Gymnasium environments: registration, Gymnasium's checker, episodes against bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from matchmaker.bots.base import Bot
from matchmaker.bots.runner import BotError
from matchmaker.core.actions import Action
from matchmaker.core.errors import OptionError
from matchmaker.games.purrfect.actions import REJECT
from matchmaker.interop.gymnasium import CLECANIAN_ID, PURRFECT_ID, MatchmakerEnv


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        (PURRFECT_ID, {"players": 3}),
        (CLECANIAN_ID, {"players": 2, "rounds": 1, "max_turns": 30}),
        (CLECANIAN_ID, {"players": 3, "rounds": 1, "max_turns": 20, "opponents": "random"}),
    ],
)
def test_check_env(env_id: str, options: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **options)
    check_env(env.unwrapped)
    env.close()


def unwrapped(env: gymnasium.Env[Any, Any]) -> MatchmakerEnv:
    inner = env.unwrapped
    assert isinstance(inner, MatchmakerEnv)
    return inner


def play_episode(env: Any, seed: int) -> tuple[float, dict[str, Any], int]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


@pytest.mark.parametrize("seat", [0, 2])
def test_an_episode_is_one_seat_of_a_game(seat: int) -> None:
    env = gymnasium.make(PURRFECT_ID, players=3, seat=seat, opponents=["greedy", "random"])
    reward, info, steps = play_episode(env, seed=3)
    scores = info["scores"]
    others = [s for i, s in enumerate(scores) if i != seat]
    assert reward == pytest.approx(scores[seat] - sum(others) / 2)
    state = unwrapped(env).state
    assert state.is_over
    assert steps == sum(1 for e in state.record()["events"] if e.get("seat") == seat)
    assert unwrapped(env).render() is not None


def test_same_seed_same_episode() -> None:
    first = gymnasium.make(CLECANIAN_ID, players=2, rounds=1, max_turns=30)
    second = gymnasium.make(CLECANIAN_ID, players=2, rounds=1, max_turns=30)
    assert play_episode(first, 11) == play_episode(second, 11)
    assert unwrapped(first).state.record() == unwrapped(second).state.record()


def test_illegal_action_and_bad_options() -> None:
    env = unwrapped(gymnasium.make(PURRFECT_ID, players=3))
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info == {"illegal_action": True}
    assert reward == env.codec.min_utility
    with pytest.raises(OptionError, match="opponents"):
        gymnasium.make(PURRFECT_ID, players=4, opponents=["greedy"])
    with pytest.raises(OptionError, match="seat"):
        gymnasium.make(PURRFECT_ID, players=4, seat=4)
    with pytest.raises(OptionError, match="unknown bot"):
        gymnasium.make(PURRFECT_ID, players=3, opponents="grumpy")


class AlwaysRejects(Bot[Any]):
    """A bot that rejects, legal or not."""

    name: ClassVar[str] = "always-rejects"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return REJECT


def test_an_illegal_bot_action_is_refused_with_its_name() -> None:
    env = gymnasium.make(
        PURRFECT_ID, players=2, seat=1, opponents=f"{__name__}:{AlwaysRejects.__name__}"
    )
    with pytest.raises(BotError, match=r"always-rejects player at seat 0 chose reject"):
        env.reset(seed=0)
