"""The server's analyst runs analysis functions off the event loop, in processes or a thread."""

from __future__ import annotations

import asyncio
import operator
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from matchmaker.server.analyst import HINTS, REVIEWS, AnalysisSettings, Analyst


@pytest.mark.parametrize("workers", [0, 1])
def test_the_analyst_runs_a_function_and_returns_its_result(workers: int) -> None:
    analyst = Analyst(AnalysisSettings(workers=workers))
    try:
        assert asyncio.run(analyst.run(operator.add, 2, 3)) == 5
    finally:
        analyst.close()


def test_an_analysis_that_fails_raises_its_error_to_the_caller() -> None:
    analyst = Analyst(AnalysisSettings(workers=0))
    try:
        with pytest.raises(ZeroDivisionError):
            asyncio.run(analyst.run(operator.truediv, 1, 0))
    finally:
        analyst.close()


def test_closing_the_analyst_ends_a_running_analysis_at_once() -> None:
    """A server that stops does not wait for the review a worker is making."""
    analyst = Analyst(AnalysisSettings(workers=1))

    async def start_and_close() -> None:
        running = asyncio.ensure_future(analyst.run(time.sleep, 600))
        while not getattr(analyst._pools.get(REVIEWS), "_processes", None):  # starting
            await asyncio.sleep(0.01)
        pool = analyst._pools[REVIEWS]
        assert isinstance(pool, ProcessPoolExecutor)
        (process,) = pool._processes.values()
        pid = process.pid
        assert pid is not None
        analyst.close()
        # The pool's own thread reaps the worker too, so ask the system, not the Process.
        deadline = time.monotonic() + 60
        while _alive(pid) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert not _alive(pid), "the worker still runs its analysis"
        running.cancel()

    asyncio.run(start_and_close())


def test_a_worker_ends_when_the_server_that_started_it_is_killed(tmp_path: Path) -> None:
    """A server killed outright (kill -9) leaves no analysis worker behind."""
    script = tmp_path / "server.py"
    script.write_text(
        "import asyncio, os, sys, time\n"
        "from matchmaker.server.analyst import HINTS, REVIEWS, AnalysisSettings, Analyst\n"
        "async def main():\n"
        "    analyst = Analyst(AnalysisSettings(workers=1))\n"
        "    pid = await analyst.run(os.getpid)\n"
        "    print(pid, flush=True)\n"
        "    await asyncio.sleep(600)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    server.kill()
    server.wait()
    deadline = time.monotonic() + 120
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker), "the worker outlived its server"


def _alive(pid: int) -> bool:
    """Whether a process is still running (a zombie counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except OSError:  # gone before or while it was read (FileNotFoundError, ProcessLookupError)
        return False


def test_a_hint_never_waits_behind_a_review() -> None:
    """Hints and reviews have workers of their own: a long review does not hold a hint up."""
    analyst = Analyst(AnalysisSettings(workers=1))

    async def review_then_hint() -> int:
        review = asyncio.ensure_future(analyst.run(time.sleep, 600, lane=REVIEWS))
        try:
            return await analyst.run(operator.add, 2, 3, lane=HINTS)
        finally:
            review.cancel()

    try:
        assert asyncio.run(review_then_hint()) == 5
    finally:
        analyst.close()
