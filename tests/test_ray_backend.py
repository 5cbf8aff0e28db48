"""Runs on Ray (``backend="ray"``): the same outcomes as local runs, records, a worker that
dies in a chunk, errors. One local Ray with 2 CPUs serves the whole module."""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
import ray

from matchmaker.bots.random_bot import RandomBot
from matchmaker.core.actions import Action
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game
from matchmaker.sim import runs
from matchmaker.sim.runs import GameSpec, chunk_specs, game_seed, run_games
from matchmaker.sim.simulate import simulate
from matchmaker.sim.tournament import tournament
from tests.helpers import run_cli as run

pytestmark = pytest.mark.ray

#: Set in the Ray workers only (the module's Ray passes it to them): the folder where
#: ``DieOnceBot`` keeps its marks.
MARKS = "MATCHMAKER_TEST_MARKS"
#: The game of ``test_a_worker_that_dies_loses_only_its_chunk`` whose worker dies.
DOOMED_SEED = 11
DOOMED_INDEX = 5


class DieOnceBot(RandomBot):
    """The random bot which, in a Ray worker, notes every game it starts and ends its worker
    process in the middle of the game ``DOOMED_INDEX`` of the run seeded ``DOOMED_SEED``, the
    first time only."""

    name: ClassVar[str] = "die-once"

    def __init__(self, game: Game[Any], seat: int, seed: int | str = 0) -> None:
        super().__init__(game, seat, seed)
        self.marks = os.environ.get(MARKS)
        self.doomed = seed == f"{game_seed(DOOMED_SEED, DOOMED_INDEX)}/seat{seat}"
        self.moves = 0
        if self.marks is not None and seat == 0:
            with open(Path(self.marks) / "started", "a", encoding="utf-8") as handle:
                handle.write(f"{seed}\n")

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """A random action; or the end of this process, once."""
        self.moves += 1
        if self.marks is not None and self.doomed and self.moves == 3:
            try:
                fd = os.open(Path(self.marks) / "died", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.close(fd)
                os._exit(1)
        return super().choose(view, legal)


DIE_ONCE = f"{__name__}:DieOnceBot"


class FailingBot(RandomBot):
    """A bot that fails with a MatchmakerError on its first decision."""

    name: ClassVar[str] = "failing"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Never: it fails."""
        raise MatchmakerError("the failing bot fails")


@pytest.fixture(scope="module")
def marks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local Ray with 2 CPUs for the module; the folder of ``DieOnceBot``'s marks."""
    folder = tmp_path_factory.mktemp("marks")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.ERROR,
        _node_ip_address="127.0.0.1",
        runtime_env={"env_vars": {MARKS: str(folder)}},
    )
    try:
        yield folder
    finally:
        ray.shutdown()


def test_same_outcomes_as_local_whatever_the_chunks(
    marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = simulate("clecanian", ["random", "greedy#x"], 24, seed=4, swap_seats=True)
    on_ray = simulate(
        "clecanian", ["random", "greedy#x"], 24, seed=4, swap_seats=True, backend="ray"
    )
    assert on_ray.outcomes == local.outcomes
    assert on_ray.to_json() == local.to_json()
    # other chunk sizes and a window of one chunk out at a time: still the same
    monkeypatch.setattr(runs, "RAY_MAX_CHUNK", 1)
    monkeypatch.setattr(runs, "CHUNKS_IN_FLIGHT", 1)
    done: list[int] = []
    again = simulate(
        "clecanian",
        ["random", "greedy#x"],
        24,
        seed=4,
        swap_seats=True,
        backend="ray",
        progress=done.append,
    )
    assert again.outcomes == local.outcomes
    assert done == [1] * 24
    bots = ["random", "easy", "greedy"]
    assert (
        tournament("clecanian", bots, 2, seed=8, backend="ray").to_json()
        == tournament("clecanian", bots, 2, seed=8, workers=2).to_json()
    )


def test_records_are_written_by_the_caller(marks: Path, tmp_path: Path) -> None:
    game = load_game("purrfect", {"players": 3})
    specs = [GameSpec(i, game_seed(2, i), ("random", "greedy", "random#2")) for i in range(6)]
    run_games(game, specs, records_dir=tmp_path / "local")
    run_games(game, specs, records_dir=tmp_path / "ray", backend="ray")
    names = sorted(path.name for path in (tmp_path / "local").iterdir())
    assert names == sorted(path.name for path in (tmp_path / "ray").iterdir())
    assert len(names) == 6
    for name in names:
        mine = json.loads((tmp_path / "local" / name).read_text())
        theirs = json.loads((tmp_path / "ray" / name).read_text())
        assert mine == theirs


def test_a_worker_that_dies_loses_only_its_chunk(marks: Path) -> None:
    game = load_game("clecanian", {"players": 2})
    specs = [GameSpec(i, game_seed(DOOMED_SEED, i), (DIE_ONCE, "random")) for i in range(40)]
    local = run_games(game, specs)  # no marks folder here: nobody dies
    assert not (marks / "died").exists()
    on_ray = run_games(game, specs, backend="ray")
    assert (marks / "died").exists()
    assert on_ray == local
    # the games started twice are the doomed game and those before it in its chunk
    started = Counter((marks / "started").read_text().split())
    index_of = {f"{spec.seed}/seat0": spec.index for spec in specs}
    assert {index_of[seed] for seed in started} == set(range(40))
    twice = {index_of[seed] for seed, count in started.items() if count > 1}
    (chunk,) = [c for c in chunk_specs(specs, 2, runs.RAY_MAX_CHUNK) if specs[DOOMED_INDEX] in c]
    assert DOOMED_INDEX in twice
    assert twice <= {spec.index for spec in chunk}
    assert max(started.values()) == 2


def test_errors_in_games_are_reported(marks: Path) -> None:
    # Every game fails; which one is told first depends on which chunk Ray finishes first.
    with pytest.raises(MatchmakerError, match=r"game \d+ \(seed \d+\): .*the failing bot fails"):
        simulate("clecanian", [f"{__name__}:FailingBot", "random"], 3, backend="ray")


def test_cli_on_ray(capsys: pytest.CaptureFixture[str], marks: Path) -> None:
    args = ["tournament", "purrfect", "-b", "random,easy,greedy", "-n", "2", "-s", "3", "--json"]
    code, local, _ = run(capsys, *args)
    assert code == 0
    code, on_ray, _ = run(capsys, *args, "--backend", "ray")
    assert code == 0
    assert json.loads(on_ray) == json.loads(local)
    code, out, err = run(
        capsys, "simulate", "clecanian", "-b", "random,easy", "-n", "6", "--backend", "ray"
    )
    assert code == 0, err
    assert "Clecanian Golf: 6 games" in out
