"""The server's analyst runs analysis functions off the event loop, in processes or a thread."""

from __future__ import annotations

import asyncio
import operator
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from matchmaker.server.analyst import AnalysisSettings, Analyst


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
        while not getattr(analyst._pool, "_processes", None):  # the worker is being started
            await asyncio.sleep(0.01)
        pool = analyst._pool
        assert isinstance(pool, ProcessPoolExecutor)
        (process,) = pool._processes.values()
        analyst.close()
        process.join(60)
        assert not process.is_alive()
        running.cancel()

    asyncio.run(start_and_close())
