"""Playing many bot games, in this process or spread over worker processes.

A run is a list of game specifications (index, seed, the bot at each seat). Each game is
played from its own seed alone, so a game's outcome does not depend on which process plays it
or when; outcomes are returned in index order, so a run gives the same results whatever the
number of workers.
"""

from __future__ import annotations

import json
import math
import random
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matchmaker.bots.registry import check_bot, make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game

#: Called with the number of games just finished (for a progress bar).
ProgressHook = Callable[[int], None]

#: Games per task sent to a worker process at most; tasks are also kept small enough that
#: every worker gets several, so the progress bar moves and the last tasks finish together.
MAX_CHUNK = 50
CHUNKS_PER_WORKER = 8


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``seed`` (same on every machine)."""
    return random.Random(f"{seed}/game{index}").randrange(2**48)


def record_name(index: int) -> str:
    """The file name of game ``index``'s record under a run's ``records/`` folder."""
    return f"game-{index:06d}.json"


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its index in the run, its seed, and the bot name at each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class GameOutcome:
    """What a finished game gives the statistics: scores, winners (a shared win lists every
    winner), length in seat decisions, and the wall time it took to play (``seconds``, left
    out of comparisons: it is the one figure that changes from run to run)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    length: int
    seconds: float = field(default=0.0, compare=False)


def lower_score_wins(outcomes: Sequence[GameOutcome]) -> bool | None:
    """Whether the lowest score wins in these games (Clecanian Golf) or the highest
    (Purrfect Match), read from the first game whose scores differ; None if none does."""
    for outcome in outcomes:
        if min(outcome.scores) != max(outcome.scores):
            return outcome.scores[outcome.winners[0]] == min(outcome.scores)
    return None


def check_bots(game: Game[Any], names: Sequence[str]) -> None:
    """Raise OptionError unless every name is a bot that plays ``game`` (with settings it
    takes)."""
    for name in dict.fromkeys(names):
        check_bot(name, game.name)


def play_spec(game: Game[Any], spec: GameSpec, records_dir: Path | None = None) -> GameOutcome:
    """Play one game; write its record to ``records_dir`` if given (``meta.seats`` holds the
    bot names as given)."""
    players = [
        make_bot(name, game, seat, seat_seed(spec.seed, seat))
        for seat, name in enumerate(spec.seats)
    ]
    start = time.perf_counter()
    try:
        played = play_game(game, players, spec.seed)
    except MatchmakerError as exc:
        raise MatchmakerError(f"game {spec.index} (seed {spec.seed}): {exc}") from None
    seconds = time.perf_counter() - start
    played.seats = list(spec.seats)
    result = played.state.result()
    if records_dir is not None:
        text = json.dumps(played.record())
        (records_dir / record_name(spec.index)).write_text(text + "\n", encoding="utf-8")
    return GameOutcome(
        index=spec.index,
        seed=spec.seed,
        seats=spec.seats,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        length=played.state.decision_count(),
        seconds=seconds,
    )


_GAME_CACHE: dict[str, Game[Any]] = {}


def _worker_game(name: str, options: dict[str, Any]) -> Game[Any]:
    key = json.dumps([name, options], sort_keys=True)
    game = _GAME_CACHE.get(key)
    if game is None:
        game = _GAME_CACHE[key] = load_game(name, options)
    return game


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: cancel waiting tasks and end the workers' current ones."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _play_chunk(
    name: str, options: dict[str, Any], specs: list[GameSpec], records_dir: str | None
) -> list[GameOutcome]:
    """A worker's task: play a chunk of games of the game ``name`` with ``options``."""
    game = _worker_game(name, options)
    folder = Path(records_dir) if records_dir is not None else None
    return [play_spec(game, spec, folder) for spec in specs]


def chunk_size(games: int, workers: int) -> int:
    """Games per worker task for a run of ``games`` over ``workers`` processes."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def run_games(
    game: Game[Any],
    specs: Sequence[GameSpec],
    *,
    workers: int = 1,
    records_dir: Path | None = None,
    progress: ProgressHook | None = None,
) -> list[GameOutcome]:
    """Play every game of ``specs``; the outcomes in the order of ``specs``.

    ``workers`` 1 plays in this process; more start that many processes, each rebuilding the
    game from its name and options (``game.options_dict()``, as a record stores them).
    """
    if workers < 1:
        raise MatchmakerError("workers must be at least 1")
    check_bots(game, [name for spec in specs for name in spec.seats])
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    if workers == 1 or len(specs) <= 1:
        outcomes = []
        for spec in specs:
            outcomes.append(play_spec(game, spec, records_dir))
            if progress is not None:
                progress(1)
        return outcomes
    return _run_parallel(game, list(specs), workers, records_dir, progress)


def _run_parallel(
    game: Game[Any],
    specs: list[GameSpec],
    workers: int,
    records_dir: Path | None,
    progress: ProgressHook | None,
) -> list[GameOutcome]:
    size = chunk_size(len(specs), workers)
    chunks = [specs[start : start + size] for start in range(0, len(specs), size)]
    options = game.options_dict()
    folder = str(records_dir) if records_dir is not None else None
    done: list[list[GameOutcome]] = [[] for _ in chunks]
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)), initializer=_ignore_interrupts
    )
    try:
        pending: dict[Future[list[GameOutcome]], int] = {
            pool.submit(_play_chunk, game.name, options, chunk, folder): number
            for number, chunk in enumerate(chunks)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                number = pending.pop(future)
                done[number] = future.result()
                if progress is not None:
                    progress(len(done[number]))
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return [outcome for chunk in done for outcome in chunk]
