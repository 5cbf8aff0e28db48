"""Playing many bot games: in this process, spread over worker processes, or on Ray.

A run is a list of game specifications (index, seed, the bot at each seat). Each game is
played from its own seed alone, so a game's outcome does not depend on which process plays it
or when; outcomes are returned in index order, so a run gives the same results whatever the
number of workers and whatever the backend.

Worker processes and Ray get the same chunks of consecutive games (``chunk_specs``); a bounded
number of chunks is out at a time and their outcomes come back as they finish, put back in
order (``iter_games``).

A bot name may end in ``#label`` (``medium#2``): the same bot entered under another name, so a
run can seat one bot twice as two entries; the label only names the entry.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matchmaker.bots.registry import check_bot, make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game
from matchmaker.core.workers import ignore_interrupts, stop_pool

#: Called with the number of games just finished (for a progress bar).
ProgressHook = Callable[[int], None]

#: Games per task sent to a worker process at most; tasks are also kept small enough that
#: every worker gets several, so the progress bar moves and the last tasks finish together.
MAX_CHUNK = 50
CHUNKS_PER_WORKER = 8
#: Games per Ray task at most: many games a task, so scheduling costs little against play.
RAY_MAX_CHUNK = 200
#: Chunks out at a time per worker (finished or not, not yet handed back in order).
CHUNKS_IN_FLIGHT = 3
#: The backends ``run_games`` plays on.
BACKENDS = ("local", "ray")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``seed`` (same on every machine)."""
    return random.Random(f"{seed}/game{index}").randrange(2**48)


def record_name(index: int) -> str:
    """The file name of game ``index``'s record under a run's ``records/`` folder."""
    return f"game-{index:06d}.json"


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its index in the run, its seed, the bot name at each seat, and
    whether the bots hold their table talk (``talk``; false plays the game in silence)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    talk: bool = True


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


def bot_spec(name: str) -> str:
    """The bot a name stands for: the name without a ``#label`` at its end.

    >>> bot_spec("medium#2"), bot_spec("hard@seconds=0.3#b"), bot_spec("random")
    ('medium', 'hard@seconds=0.3', 'random')
    """
    spec, mark, label = name.partition("#")
    if mark and (not spec or not label):
        raise OptionError(f"bot {name!r}: write NAME#LABEL, e.g. medium#2, with both parts")
    return spec


def check_bots(game: Game[Any], names: Sequence[str]) -> None:
    """Raise OptionError unless every name is a bot that plays ``game`` (with settings it
    takes; a ``#label`` at the end is allowed)."""
    for name in dict.fromkeys(names):
        check_bot(bot_spec(name), game.name)


def play_spec(game: Game[Any], spec: GameSpec, records_dir: Path | None = None) -> GameOutcome:
    """Play one game; write its record to ``records_dir`` if given (``meta.seats`` holds the
    bot names as given)."""
    outcome, text = play_spec_record(game, spec, records_dir is not None)
    if records_dir is not None and text is not None:
        (records_dir / record_name(spec.index)).write_text(text + "\n", encoding="utf-8")
    return outcome


def play_spec_record(
    game: Game[Any], spec: GameSpec, record: bool
) -> tuple[GameOutcome, str | None]:
    """Play one game: its outcome, and its record as JSON text if ``record`` is true."""
    players = [
        make_bot(bot_spec(name), game, seat, seat_seed(spec.seed, seat))
        for seat, name in enumerate(spec.seats)
    ]
    start = time.perf_counter()
    try:
        played = play_game(game, players, spec.seed, table_talk=spec.talk)
    except MatchmakerError as exc:
        raise MatchmakerError(f"game {spec.index} (seed {spec.seed}): {exc}") from None
    seconds = time.perf_counter() - start
    played.seats = list(spec.seats)
    result = played.state.result()
    text = json.dumps(played.record()) if record else None
    outcome = GameOutcome(
        index=spec.index,
        seed=spec.seed,
        seats=spec.seats,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        length=played.state.decision_count(),
        seconds=seconds,
    )
    return outcome, text


_GAME_CACHE: dict[str, Game[Any]] = {}


def _worker_game(name: str, options: dict[str, Any]) -> Game[Any]:
    key = json.dumps([name, options], sort_keys=True)
    game = _GAME_CACHE.get(key)
    if game is None:
        game = _GAME_CACHE[key] = load_game(name, options)
    return game


#: What a chunk gives back: each game's outcome and its record's JSON text (or None).
ChunkResult = list[tuple[GameOutcome, str | None]]


def play_chunk(
    name: str, options: dict[str, Any], specs: Sequence[GameSpec], records: bool
) -> ChunkResult:
    """A worker's task: play a chunk of games of the game ``name`` with ``options``; each
    outcome with its record's text if ``records`` is true (the caller writes the files)."""
    game = _worker_game(name, options)
    return [play_spec_record(game, spec, records) for spec in specs]


def chunk_size(games: int, workers: int, most: int = MAX_CHUNK) -> int:
    """Games per task for a run of ``games`` over ``workers`` processes, at most ``most``."""
    return max(1, min(most, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def chunk_specs(
    specs: Sequence[GameSpec], workers: int, most: int = MAX_CHUNK
) -> list[list[GameSpec]]:
    """``specs`` cut into chunks of consecutive games, one task each (``chunk_size``).

    >>> specs = [GameSpec(i, i, ("random",)) for i in range(20)]
    >>> [[s.index for s in chunk] for chunk in chunk_specs(specs, 2, most=2)]
    [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15], [16, 17], [18, 19]]
    """
    size = chunk_size(len(specs), workers, most)
    return [list(specs[start : start + size]) for start in range(0, len(specs), size)]


#: Starts a chunk's task and gives a handle to wait on.
Submit = Callable[[list[GameSpec]], Any]
#: Waits until at least one of the handles is done: each finished handle with its result.
WaitAny = Callable[[list[Any]], list[tuple[Any, ChunkResult]]]


def stream_chunks(
    chunks: Sequence[list[GameSpec]],
    submit: Submit,
    wait_any: WaitAny,
    window: int,
    progress: ProgressHook | None = None,
) -> Iterator[ChunkResult]:
    """Each chunk's result, in chunk order, with at most ``window`` chunks out at once
    (submitted and not yet handed back), so memory stays bounded however long the run;
    ``progress`` hears of each chunk as soon as it finishes."""
    pending: dict[Any, int] = {}
    ready: dict[int, ChunkResult] = {}
    submitted = handed = 0
    while handed < len(chunks):
        while submitted < len(chunks) and submitted < handed + window:
            pending[submit(chunks[submitted])] = submitted
            submitted += 1
        for handle, result in wait_any(list(pending)):
            ready[pending.pop(handle)] = result
            if progress is not None:
                progress(len(result))
        while handed in ready:
            yield ready.pop(handed)
            handed += 1


def iter_games(
    game: Game[Any],
    specs: Sequence[GameSpec],
    *,
    workers: int = 1,
    records_dir: Path | None = None,
    progress: ProgressHook | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameOutcome]:
    """Play every game of ``specs``, giving each outcome in the order of ``specs`` as soon as
    it and those before it are done (see ``run_games``)."""
    if workers < 1:
        raise MatchmakerError("workers must be at least 1")
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise OptionError("an address is for the ray backend (--backend ray)")
    check_bots(game, [name for spec in specs for name in spec.seats])
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    if backend == "ray":
        chunks = _ray_chunks(game, specs, workers, records_dir is not None, progress, address)
    elif workers == 1 or len(specs) <= 1:
        for spec in specs:
            yield play_spec(game, spec, records_dir)
            if progress is not None:
                progress(1)
        return
    else:
        chunks = _local_chunks(game, specs, workers, records_dir is not None, progress)
    for chunk in chunks:
        for outcome, text in chunk:
            if records_dir is not None and text is not None:
                path = records_dir / record_name(outcome.index)
                path.write_text(text + "\n", encoding="utf-8")
            yield outcome


def run_games(
    game: Game[Any],
    specs: Sequence[GameSpec],
    *,
    workers: int = 1,
    records_dir: Path | None = None,
    progress: ProgressHook | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameOutcome]:
    """Play every game of ``specs``; the outcomes in the order of ``specs``.

    With the ``local`` backend, ``workers`` 1 plays in this process; more start that many
    processes, each rebuilding the game from its name and options (``game.options_dict()``,
    as a record stores them). With ``ray``, chunks of games are Ray tasks: on the cluster at
    ``address`` (``"auto"`` for the one this machine belongs to), on the Ray already started
    in this process, or else on a Ray started here for the run (with ``workers`` CPUs when
    more than 1) and stopped after it. A task whose worker dies is played again. The outcomes
    are the same for every backend and number of workers.
    """
    return list(
        iter_games(
            game,
            specs,
            workers=workers,
            records_dir=records_dir,
            progress=progress,
            backend=backend,
            address=address,
        )
    )


def _local_chunks(
    game: Game[Any],
    specs: Sequence[GameSpec],
    workers: int,
    records: bool,
    progress: ProgressHook | None,
) -> Iterator[ChunkResult]:
    """Chunks played by a pool of ``workers`` processes, in order."""
    chunks = chunk_specs(specs, workers)
    options = game.options_dict()
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=ignore_interrupts)

    def submit(chunk: list[GameSpec]) -> Future[ChunkResult]:
        return pool.submit(play_chunk, game.name, options, chunk, records)

    def wait_any(handles: list[Any]) -> list[tuple[Any, ChunkResult]]:
        finished, _ = wait(handles, return_when=FIRST_COMPLETED)
        return [(future, future.result()) for future in finished]

    try:
        yield from stream_chunks(chunks, submit, wait_any, workers * CHUNKS_IN_FLIGHT, progress)
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()


def _ray_chunks(
    game: Game[Any],
    specs: Sequence[GameSpec],
    workers: int,
    records: bool,
    progress: ProgressHook | None,
    address: str | None,
) -> Iterator[ChunkResult]:
    """Chunks played as Ray tasks, in order (``sim.ray_backend``)."""
    from matchmaker.sim.ray_backend import ray_session

    with ray_session(address, workers) as session:
        chunks = chunk_specs(specs, session.cpus, RAY_MAX_CHUNK)
        task = session.task(play_chunk)
        options = game.options_dict()

        def submit(chunk: list[GameSpec]) -> Any:
            return task(game.name, options, chunk, records)

        window = session.cpus * CHUNKS_IN_FLIGHT
        yield from stream_chunks(chunks, submit, session.wait_any, window, progress)
