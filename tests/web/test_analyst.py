"""The server's analyst runs analysis functions off the event loop, in processes or a thread."""

from __future__ import annotations

import asyncio
import operator

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
