"""Ray as a backend for runs past one machine (the optional ``ray`` extra).

``runs.run_games(..., backend="ray")`` cuts a run into the same chunks of consecutive games as
the worker processes get and sends each chunk as one Ray task. Tasks come back as they finish
and ``runs.stream_chunks`` keeps a bounded number out at once and puts them back in order. A
task whose worker process dies (a crash, a lost node) is run again by Ray, up to
``MAX_RETRIES`` times; an error raised by a game is not retried but reported.

Nothing here imports Ray until a run asks for it, so the rest of matchmaker works without it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from matchmaker.core.errors import MatchmakerError

#: Times Ray runs a task again after its worker died.
MAX_RETRIES = 3

#: What to run to get Ray.
INSTALL = "pip install 'matchmaker[ray]' (in a checkout: .venv/bin/pip install -e '.[ray]')"


def import_ray() -> Any:
    """The ``ray`` module, or a MatchmakerError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise MatchmakerError(f"the ray backend needs the 'ray' extra: {INSTALL}") from None
    return ray


@dataclass
class RaySession:
    """A connection to Ray for one run: its CPUs, and how to start and wait for tasks."""

    ray: Any
    cpus: int

    def task(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` as a Ray task of one CPU, run again if its worker dies: calling the
        result starts the task and gives its object reference."""
        remote = self.ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(
            function
        )
        start: Callable[..., Any] = remote.remote
        return start

    def wait_any(self, handles: list[Any]) -> list[tuple[Any, Any]]:
        """Wait until at least one task of ``handles`` is done: each done one with its result
        (a game's error is raised as itself, a task that failed for good as a
        MatchmakerError)."""
        done, _ = self.ray.wait(handles, num_returns=1)
        return [(handle, self._get(handle)) for handle in done]

    def _get(self, handle: Any) -> Any:
        exceptions = self.ray.exceptions
        try:
            return self.ray.get(handle)
        except exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, MatchmakerError):
                raise MatchmakerError(str(cause)) from None
            raise MatchmakerError(f"a Ray task failed: {cause or exc}") from None
        except exceptions.RayError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise MatchmakerError(
                f"a Ray task failed after {MAX_RETRIES} retries: {first}"
            ) from None


@contextmanager
def ray_session(address: str | None, workers: int = 1) -> Iterator[RaySession]:
    """Ray for one run: the Ray already started in this process; else the cluster at
    ``address`` (``"auto"``: the one this machine belongs to; none: ``RAY_ADDRESS`` if set);
    else a Ray started here on this machine's loopback address (with ``workers`` CPUs when
    more than 1), stopped when the run ends."""
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR}
        if address is not None:
            kwargs["address"] = address
        elif not os.environ.get("RAY_ADDRESS"):
            kwargs["_node_ip_address"] = "127.0.0.1"
            if workers > 1:
                kwargs["num_cpus"] = workers
        where = f" at {address}" if address is not None else ""
        try:
            ray.init(**kwargs)
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise MatchmakerError(f"cannot start or reach Ray{where}: {first}") from None
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        yield RaySession(ray, max(1, cpus))
    finally:
        if started:
            ray.shutdown()
