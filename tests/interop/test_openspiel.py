"""The OpenSpiel games: OpenSpiel's own checks, round trips, what a seat may see, perfect
recall, resampling, ISMCTS, and bots of either library playing in the other."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from matchmaker import load_game
from matchmaker.bots.base import Bot
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game
from matchmaker.core.errors import OptionError
from matchmaker.core.play import play_random
from matchmaker.games.clecanian.actions import DRAW_STOCK, SWAP_ACTIONS
from matchmaker.games.purrfect.actions import NOMINATE_ACTIONS, PRESENT_ACTIONS, REJECT
from matchmaker.interop.openspiel import (
    CLECANIAN,
    PURRFECT,
    MatchmakerSpielState,
    options_from_parameters,
    parameters_for,
    spiel_game,
)
from matchmaker.interop.openspiel_bot import (
    MatchmakerBot,
    OpenSpielISMCTS,
    PlayoutEvaluator,
    play_spiel_game,
)
from tests.helpers import run_cli

#: Short Clecanian games for the slower checks: one or two rounds, few turns.
SHORT = {"rounds": 2, "max_turns": 30}
TINY = {"rounds": 1, "max_turns": 12}
SMALL_DECK = "1/2/3/4/5/6/7/8/9/10"


def load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(name, params)


def step_randomly(state: Any, rng: np.random.RandomState) -> None:
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def played(game: Any, seed: int, steps: int) -> Any:
    """A state reached by ``steps`` random steps (or the end)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        step_randomly(state, rng)
    return state


def to_decision(state: Any, rng: np.random.RandomState) -> Any:
    while state.is_chance_node():
        step_randomly(state, rng)
    return state


def history_lines(state: Any, player: int) -> list[str]:
    lines: list[str] = state.information_state_string(player).split("\n")
    assert lines[-1].startswith("now: ")
    return lines[:-1]


# --- registration and game info ------------------------------------------------------------


def test_importing_registers_both_games() -> None:
    names = pyspiel.registered_names()
    assert PURRFECT in names
    assert CLECANIAN in names
    game = pyspiel.load_game(PURRFECT)
    assert game.get_parameters() == {"deck": "default", "first_proposer": 0, "players": 4}
    game_type = game.get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game_type.min_num_players, game_type.max_num_players) == (2, 8)


@pytest.mark.parametrize("players", range(2, 9))
def test_purrfect_game_info_follows_players(players: int) -> None:
    game = load(PURRFECT, players=players)
    dealt = players * (36 // players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 24
    assert game.max_chance_outcomes() == 11
    assert game.max_game_length() == (dealt - 1) * (3 * players - 2)
    assert game.min_utility() == -game.max_utility()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clecanian_game_info_follows_players_and_max_turns(players: int) -> None:
    game = load(CLECANIAN, players=players, max_turns=100, rounds=2)
    turns = 100 + players - 1
    assert game.num_players() == players
    assert game.num_distinct_actions() == 33
    assert game.max_chance_outcomes() == 54
    assert game.max_game_length() == 2 * (2 * players + 2 * turns + 2 * (turns + 2 * players))
    # Ten columns of a 2x5 grid (2x4 for four players) between -10 and 20 points, two rounds.
    columns = 4 if players == 4 else 5
    assert game.max_utility() == 2 * columns * 30


@pytest.mark.parametrize(
    ("name", "options", "games"),
    [
        ("purrfect", {"players": 2}, 300),
        ("purrfect", {"players": 5}, 100),
        ("clecanian", {"players": 2, "epilogue": True}, 10),
        ("clecanian", {"players": 4}, 10),
    ],
)
def test_random_games_stay_within_max_game_length(
    name: str, options: dict[str, Any], games: int
) -> None:
    game = load_game(name, options)
    bound = spiel_game(game).max_game_length()
    rng = random.Random(6)
    longest = max(play_random(game, rng).decision_count() for _ in range(games))
    assert 0 < longest <= bound


def test_parameters_are_the_game_options() -> None:
    assert options_from_parameters(PURRFECT, {"first_proposer": -1, "deck": "faq38"}) == {
        "players": 4,
        "deck": "faq38",
        "first_proposer": "random",
    }
    assert options_from_parameters(PURRFECT, {"deck": "1/2/3"})["deck"] == [1, 2, 3]
    assert options_from_parameters(PURRFECT, {"deck": "1, 2,3"})["deck"] == [1, 2, 3]
    with pytest.raises(ValueError, match="parameter deck"):
        options_from_parameters(PURRFECT, {"deck": "nine"})
    with pytest.raises(ValueError, match="option players"):
        load(PURRFECT, players=9)
    game = load_game("clecanian", players=3, epilogue=True)
    assert parameters_for(game) == {
        "players": 3,
        "rounds": 3,
        "epilogue": True,
        "discard_draw_must_swap": False,
        "max_turns": 400,
        "deck": "default",
    }
    assert spiel_game(game).get_parameters()["epilogue"] is True


def test_action_ids_are_fixed() -> None:
    codec = load(PURRFECT).codec
    assert codec.action_id(PRESENT_ACTIONS[7]) == 6
    assert codec.action_id(NOMINATE_ACTIONS[1]) == 10
    assert codec.action_id(REJECT) == 23
    assert [codec.action_id(codec.seat_action(i)) for i in range(24)] == list(range(24))
    codec = load(CLECANIAN).codec
    assert codec.action_id(SWAP_ACTIONS[3]) == 13
    assert codec.action_id(DRAW_STOCK) == 30
    assert [codec.action_id(codec.seat_action(i)) for i in range(33)] == list(range(33))
    with pytest.raises(ValueError, match="not an action id"):
        codec.seat_action(33)


def test_chance_nodes_carry_their_probabilities() -> None:
    state = load(PURRFECT).new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(1, 11))
    assert outcomes[5] == pytest.approx(5 / 36)
    assert outcomes[1] == pytest.approx(2 / 36)
    state = load(PURRFECT, players=3, first_proposer=-1, deck=SMALL_DECK).new_initial_state()
    for value in range(1, 10):
        state.apply_action(value)
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state = load(CLECANIAN).new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 54
    assert list(outcomes.values()) == pytest.approx([1 / 54] * 54)


# --- OpenSpiel's own checks ----------------------------------------------------------------

SIMULATED = [
    *[(PURRFECT, {"players": n}) for n in range(2, 9)],
    (PURRFECT, {"players": 4, "deck": "faq38"}),
    (PURRFECT, {"players": 5, "first_proposer": -1}),
    (PURRFECT, {"players": 3, "deck": SMALL_DECK, "first_proposer": 2}),
    *[
        (CLECANIAN, {"players": n, **variant, **SHORT})
        for n in (2, 3, 4)
        for variant in ({}, {"epilogue": True}, {"discard_draw_must_swap": True})
    ],
    (CLECANIAN, {"players": 3, "epilogue": True, "discard_draw_must_swap": True, **SHORT}),
]


@pytest.mark.parametrize(("name", "params"), SIMULATED, ids=lambda p: json.dumps(p))
def test_random_sim_test(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(name, **params), num_sims=1, serialize=True, verbose=False)


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "params", "steps"),
    [(PURRFECT, {"players": 4}, 70), (CLECANIAN, {"players": 3, **SHORT}, 150)],
)
def test_serialize_and_clone_round_trip(name: str, params: dict[str, Any], steps: int) -> None:
    game = load(name, **params)
    state = played(game, 1, steps)
    assert not state.is_terminal()
    text = pyspiel.serialize_game_and_state(game, state)
    game_2, state_2 = pyspiel.deserialize_game_and_state(text)
    clone = state.clone()
    for copy in (state_2, clone):
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        for player in range(game.num_players()):
            assert copy.information_state_string(player) == state.information_state_string(player)
            assert copy.observation_tensor(player) == state.observation_tensor(player)
    assert str(game_2) == str(game)
    # The copies play on exactly as the original does, and independently of it.
    rng_states = [np.random.RandomState(5) for _ in range(3)]
    for copy, rng in zip((state, state_2, clone), rng_states, strict=True):
        for _ in range(40):
            if not copy.is_terminal():
                step_randomly(copy, rng)
    assert str(state_2) == str(state) == str(clone)


# --- what a seat may see -------------------------------------------------------------------


def test_purrfect_information_state_ignores_the_others_cards() -> None:
    """Two deals that differ only in seats 1 and 2's cats look the same to seat 0."""
    game = load(PURRFECT, players=3, deck="2/3/4/5/6/9")
    deals = ([2, 5, 9, 3, 4, 6], [2, 5, 4, 6, 9, 3])
    states = []
    for deal in deals:
        state = game.new_initial_state()
        for value in deal:
            state.apply_action(value)
        state.apply_action(4)  # seat 0 presents its 5
        states.append(state)
    first, second = states
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_tensor(0) == second.information_state_tensor(0)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert "hand 2 | candidate - | target 7" in first.observation_string(0)
    assert history_lines(first, 0) == [
        "you are dealt a 2",
        "you are dealt a 5",
        *["a cat is dealt face down"] * 4,
        "seat 0 presents a 5",
    ]


def test_clecanian_strings_name_no_face_down_card() -> None:
    game = load(CLECANIAN, players=2)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.seat_histories.state.public_view().log) < 4:
        step_randomly(state, rng)
    game_state = state.seat_histories.state
    view = game_state.public_view()
    in_sight = {code for grid in view.grids for code in grid if code is not None}
    in_sight.update(view.discard)
    hidden = {card.code for card in game.codec.game.options.deck.cards} - in_sight
    assert len(hidden) == 54 - 5  # four revealed cards and the discard
    for player in range(2):
        for text in (state.information_state_string(player), state.observation_string(player)):
            tokens = set(re.split(r"[\s|/:,()\[\]]+", text))
            assert not tokens & hidden
            assert in_sight <= tokens


def test_public_observer_and_refused_kinds() -> None:
    game = load(PURRFECT, players=3)
    state = to_decision(game.new_initial_state(), np.random.RandomState(0))
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    assert observer.string_from(state, 0).startswith("spectator | round 0 | present")
    assert "| hand " not in observer.string_from(state, 0)
    observer.set_from(state, 0)
    assert observer.dict["hand"].sum() == 0
    assert observer.dict["hand_sizes"].tolist() == [12, 12, 12]
    every_seat = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="every seat"):
        game.make_py_observer(every_seat)


@pytest.mark.parametrize(
    ("name", "params"), [(PURRFECT, {"players": 4}), (CLECANIAN, {"players": 3, **TINY})]
)
def test_information_states_have_perfect_recall(name: str, params: dict[str, Any]) -> None:
    """Every seat's history only grows: each event adds at least one line, and the rows of
    the tensor are the lines' rows."""
    game = load(name, **params)
    rng = np.random.RandomState(11)
    state = game.new_initial_state()
    before = [history_lines(state, p) for p in range(game.num_players())]
    while not state.is_terminal():
        step_randomly(state, rng)
        for player in range(game.num_players()):
            lines = history_lines(state, player)
            assert lines[: len(before[player])] == before[player]
            assert len(lines) > len(before[player])
            before[player] = lines
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 1)
    length = int(observer.dict["history_length"][0])
    assert length == len(before[1]) <= game.codec.history_capacity
    rows = observer.dict["history"]
    assert rows[length - 1].any()
    assert not rows[length:].any()


# --- resampling and ISMCTS -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "params", "steps"),
    [
        (PURRFECT, {"players": 4}, 60),
        (CLECANIAN, {"players": 2, "epilogue": True, **SHORT}, 120),
        (PURRFECT, {"players": 3}, 20),  # during the deal
        (CLECANIAN, {"players": 3, **SHORT}, 10),  # during the deal
    ],
)
def test_resample_keeps_the_information_state(
    name: str, params: dict[str, Any], steps: int
) -> None:
    game = load(name, **params)
    state = played(game, 4, steps)
    if steps > 50:
        to_decision(state, np.random.RandomState(1))
    player = state.current_player() if not state.is_chance_node() else 1
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = set()
    for _ in range(4):
        sampled = state.resample_from_infostate(player, sampler)
        assert isinstance(sampled, MatchmakerSpielState)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.information_state_tensor(player) == state.information_state_tensor(player)
        if not state.is_chance_node():
            assert sampled.legal_actions() == state.legal_actions()
        rng = np.random.RandomState(0)
        while not sampled.is_terminal():
            step_randomly(sampled, rng)
        assert sum(sampled.returns()) == pytest.approx(0.0)
        worlds.add(sampled.seat_histories.full_text())
    assert len(worlds) > 2  # the hidden cards differ from world to world


@pytest.mark.parametrize(
    ("name", "params", "steps"),
    [(PURRFECT, {"players": 4}, 60), (CLECANIAN, {"players": 3, **SHORT}, 150)],
)
def test_a_sampled_world_holds_nothing_the_seat_did_not_see(
    name: str, params: dict[str, Any], steps: int
) -> None:
    """The world handed to a seat's search keeps, of the real history, only the seat's own
    entries and the spectator's: not the other seats' private cards (their deals, the cards
    they drew or inspected), not even where no information state shows them."""
    game = load(name, **params)
    state = to_decision(played(game, 4, steps), np.random.RandomState(1))
    player = state.current_player()
    histories = state.seat_histories
    seen = {*histories.history(player), *histories.history(histories.players)}
    private = {e for q in range(histories.players) for e in histories.history(q)} - seen
    assert private  # the other seats did know something the seat does not
    sampled = state.resample(player, random.Random(0))
    kept = {e for event in sampled.seat_histories.entries for entries in event for e in entries}
    assert kept <= seen
    assert not kept & private


@pytest.mark.parametrize(
    ("name", "params"),
    [(PURRFECT, {"players": 3, "deck": SMALL_DECK + "/5/6"}), (CLECANIAN, TINY)],
)
def test_openspiel_ismcts_finishes_a_game(name: str, params: dict[str, Any]) -> None:
    game = load(name, **params)
    rng = np.random.RandomState(2)
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 8.0, 6, random_state=rng)
    bots = [search, *(UniformRandomBot(p, rng) for p in range(1, game.num_players()))]
    returns = play_spiel_game(game, bots, rng)
    assert len(returns) == game.num_players()
    assert sum(returns) == pytest.approx(0.0)


# --- bots across the libraries -------------------------------------------------------------


def test_matchmaker_bots_play_in_openspiel() -> None:
    game = load(PURRFECT, players=3, deck=SMALL_DECK + "/3/8")
    rng = np.random.RandomState(8)
    search = ismcts.ISMCTSBot(game, PlayoutEvaluator(), 8.0, 10, random_state=rng)
    bots = [MatchmakerBot(game, 0, "greedy", seed=1), search, MatchmakerBot(game, 2, "medium", 3)]
    returns = play_spiel_game(game, bots, rng)
    assert sum(returns) == pytest.approx(0.0)
    bots[0].restart_at(game.new_initial_state())
    assert bots[0].player_id() == 0


class QuickISMCTS(OpenSpielISMCTS):
    simulations = 8


def test_openspiel_bot_takes_its_simulations_as_a_setting() -> None:
    game = load_game("purrfect", players=3)
    assert make_bot("openspiel-ismcts@simulations=7", game, 0, 1).simulations == 7  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="at least 1 simulation"):
        make_bot("openspiel-ismcts@simulations=0", game, 0, 1)


@pytest.mark.parametrize(
    ("name", "options"),
    [("purrfect", {"players": 3, "deck": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}), ("clecanian", TINY)],
)
def test_openspiel_bot_plays_in_matchmaker(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, options)
    records = []
    for _ in range(2):
        players: list[Bot[Any]] = [QuickISMCTS(game, 0, 1)]
        players += [make_bot("greedy", game, seat, seat) for seat in range(1, game.players)]
        final = play_game(game, players, seed=4).state
        assert final.is_over
        records.append(final.record())
    assert records[0] == records[1]  # the same seed plays the same game


def test_simulate_seats_openspiel_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys,
        "simulate",
        "purrfect",
        "--bots",
        "random,openspiel-ismcts,greedy",
        "--games",
        "1",
        "--seed",
        "3",
        "-o",
        "deck=[1,2,3,4,5,6,7,8,9,10,4,7]",
        "--json",
        "--quiet",
    )
    assert code == 0, err
    result = json.loads(out)
    assert result["bots"]["openspiel-ismcts"]["games"] == 1
    assert result["bots_at_seats"] == ["random", "openspiel-ismcts", "greedy"]
