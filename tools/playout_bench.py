"""Play-out decisions per second: the inner loop of the search bots, measured alone.

    .venv/bin/python tools/playout_bench.py --seconds 3

For each game it samples worlds from the views of a few positions met in greedy games and plays
them out the way the ``strong`` bots do (Clecanian Golf: the heuristic for ``horizon`` turns
of the table; Purrfect Match: the greedy rules to the end of the game), counting the decisions
played per CPU second of this thread. World sampling is inside the clock, as it is in a search;
the Purrfect lines run with the cyclic garbage collector paused, as the Purrfect search runs.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from matchmaker import load_game
from matchmaker.bots import make_bot, play_game
from matchmaker.bots.clecanian.evaluate import DEFAULT_WEIGHTS, Knowledge
from matchmaker.bots.clecanian.plan import Planner
from matchmaker.bots.clecanian.search import (
    StockOrder,
    play_to_horizon,
    policy_for,
)
from matchmaker.bots.clecanian.strong import ClecanianStrong
from matchmaker.bots.collector import CollectorPaused
from matchmaker.bots.purrfect.fastplay import FastPlayout
from matchmaker.bots.purrfect.greedy import PurrfectGreedy
from matchmaker.bots.purrfect.playout import Playout
from matchmaker.bots.purrfect.strong import (
    PlayoutModels,
    PurrfectStrong,
    SeatModels,
    play_models,
)
from matchmaker.core.actions import CHANCE
from matchmaker.core.game import State
from matchmaker.games.clecanian.determinize import WorldSampler
from matchmaker.games.purrfect.determinize import WorldSampler as PurrfectWorlds
from matchmaker.games.purrfect.state import PurrfectState

#: Worlds from each position (the hard bot samples 300 a decision and plays 2 or 3 options in each).
WORLDS = 200


def positions(game_name: str, players: int, count: int) -> list[State[Any]]:
    """States at seat decisions, ``count`` of them, from greedy games."""
    game = load_game(game_name, players=players)
    found: list[State[Any]] = []
    seed = 0
    while len(found) < count:
        bots = [make_bot("greedy", game, s, seed) for s in range(players)]
        events = 20 + 7 * (seed % 5)
        state = play_game(game, bots, seed, max_events=events).state
        if not state.is_over and state.to_act != CHANCE:
            found.append(state)
        seed += 1
    return found


def clecanian_rate(players: int, seconds: float, horizon: int, quick: bool = True) -> float:
    """Play-out decisions per CPU second in Clecanian Golf, with the hard bot's play-out
    policy (``QuickPolicy``), or (``quick`` False) with the heuristic's ``Planner`` on a view
    at every step, as ``strong-v1``'s play-outs decide (the figure before the fast path).

    Worlds are played as ``compare_options`` plays them: one ``WorldSampler`` a position,
    and each world (with its stock order) played out after each of the options the hard bot
    would compare there (its medium choice alone where it would not search), with the cyclic
    garbage collector paused. The own turn an option starts is played by the policy too."""
    states = positions("clecanian", players, 8)
    rng = random.Random(1)
    steps = 0
    with CollectorPaused():
        start = time.thread_time()
        while time.thread_time() - start < seconds:
            for state in states:
                view = state.view(state.to_act)
                game = state.game
                policy = policy_for(game, view, DEFAULT_WEIGHTS)  # type: ignore[arg-type]
                know = Knowledge.of(game, view)  # type: ignore[arg-type]
                bot = ClecanianStrong(game, state.to_act, 0)
                options = bot.options_here(view, state.legal_actions())
                worlds = WorldSampler(game, view)  # type: ignore[arg-type]
                for _ in range(WORLDS):
                    world = worlds.sample(rng)
                    luck = rng.getrandbits(64)
                    order = StockOrder.shuffled(world, rng).order
                    for action in options:
                        played = world.clone()
                        played.apply(action)
                        if quick:
                            stock = StockOrder(order, luck)
                            steps += play_to_horizon(played, stock, horizon, policy)[0]
                        else:
                            steps += planner_play_out(played, rng, horizon, know)
        return steps / (time.thread_time() - start)


def planner_play_out(world: Any, rng: random.Random, horizon: int, know: Knowledge) -> int:
    """One play-out deciding with a ``Planner`` on a view at every step; its decisions."""
    steps = 0
    last = world.position.turns + horizon
    start_round = world.round
    while not world.is_over and world.round == start_round:
        if world.to_act == CHANCE:
            choices = world.chance_choices()
            world.apply(choices[int(rng.random() * len(choices))])
            continue
        if world.position.turns >= last:
            break
        legal = world.legal_actions()
        steps += 1
        if len(legal) == 1:
            world.apply(legal[0])
        else:
            planner = Planner(world.game, world.view(world.to_act), know, DEFAULT_WEIGHTS)
            world.apply(planner.choose(legal))
    return steps


def purrfect_rate(players: int, seconds: float, fast: bool = False, models: int = 1) -> float:
    """Play-out decisions per CPU second in Purrfect Match, through the engine (``Playout``)
    or (``fast``) with the rules played a second way on flat lists (``FastPlayout``): the
    same positions, the same worlds and the same decisions. With ``models`` above one, each
    position's worlds are played with that many sets of greedy numbers in turn, drawn as the
    ``hard`` bot draws them (``play_models``), one play-out (and memo) a set."""
    states = positions("purrfect", players, 8)
    rng = random.Random(1)
    steps = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        for state in states:
            seat = state.to_act
            bot = PurrfectGreedy(state.game, seat, 0)
            reading = bot.read(state.view(seat))
            kind = FastPlayout if fast else Playout
            tunings = play_models(bot.tuning, PurrfectStrong.model_spread, models, rng)
            playouts = PlayoutModels(players, reading.pool, tunings, kind)
            worlds = PurrfectWorlds(state.game, reading.view)  # type: ignore[arg-type]
            for k in range(WORLDS):
                playouts.for_deal(k).run(worlds.sample(rng))
            steps += playouts.steps
    return steps / (time.thread_time() - start)


def purrfect_seat_rate(players: int, seconds: float) -> float:
    """Play-out decisions per CPU second in Purrfect Match with every seat reading its own
    view (``SeatPlayout``), the others as each kind in turn, as ``hard`` plays them
    (``SeatModels``): the same positions and worlds as ``purrfect_rate``."""
    states = positions("purrfect", players, 8)
    rng = random.Random(1)
    steps = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        for state in states:
            seat = state.to_act
            bot = PurrfectStrong(state.game, seat, 0)
            reading = bot.read(state.view(seat))
            playouts = SeatModels(bot.purrfect, seat, bot.tuning, bot.others, rng)
            worlds = PurrfectWorlds(state.game, reading.view)  # type: ignore[arg-type]
            for k in range(WORLDS):
                playouts.for_deal(k).run(worlds.sample(rng))
            steps += playouts.steps
    return steps / (time.thread_time() - start)


def purrfect_real_rate(players: int, seconds: float) -> float:
    """Play-out decisions per CPU second in Purrfect Match played through the engine by the
    real greedy bots, each reading its own view (in silence): the decisions ``SeatPlayout``
    makes, the slow way. The same positions and worlds."""
    states = positions("purrfect", players, 8)
    rng = random.Random(1)
    steps = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        for state in states:
            seat = state.to_act
            view = state.view(seat)
            worlds = PurrfectWorlds(state.game, view)  # type: ignore[arg-type]
            for _ in range(WORLDS // 10):
                world = worlds.sample(rng)
                before = world.decision_count()
                bots = [PurrfectGreedy(state.game, s, 0) for s in range(players)]
                end = play_game(state.game, bots, 0, state=world, table_talk=False).state
                assert isinstance(end, PurrfectState)
                steps += end.decision_count() - before
    return steps / (time.thread_time() - start)


def main() -> None:
    """Print one line per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--horizon", type=int, default=8)
    parser.add_argument("--game", choices=("all", "clecanian", "purrfect"), default="all")
    args = parser.parse_args()
    print(f"| game, play-out policy (horizon {args.horizon}) | players | decisions / CPU s |")
    print("|---|---:|---:|")
    for players in (2, 3, 4) if args.game in ("all", "clecanian") else ():
        rate = clecanian_rate(players, args.seconds, args.horizon, quick=False)
        print(f"| clecanian, Planner on views | {players} | {rate:,.0f} |", flush=True)
        rate = clecanian_rate(players, args.seconds, args.horizon)
        print(f"| clecanian, QuickPolicy | {players} | {rate:,.0f} |", flush=True)
    for players in (3, 4) if args.game in ("all", "purrfect") else ():
        with CollectorPaused():  # as the Purrfect search runs its play-outs
            purrfect_lines(players, args.seconds)


def purrfect_lines(players: int, seconds: float) -> None:
    """Print the Purrfect Match lines for ``players``."""
    rate = purrfect_rate(players, seconds)
    print(f"| purrfect, Playout (the engine) | {players} | {rate:,.0f} |", flush=True)
    rate = purrfect_rate(players, seconds, fast=True)
    print(f"| purrfect, FastPlayout | {players} | {rate:,.0f} |", flush=True)
    models = PurrfectStrong.models
    rate = purrfect_rate(players, seconds, fast=True, models=models)
    print(f"| purrfect, FastPlayout, {models} models | {players} | {rate:,.0f} |", flush=True)
    rate = purrfect_real_rate(players, seconds)
    print(f"| purrfect, greedy bots on views (the engine) | {players} | {rate:,.0f} |")
    rate = purrfect_seat_rate(players, seconds)
    print(f"| purrfect, SeatPlayout (views) | {players} | {rate:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
