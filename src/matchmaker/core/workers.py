"""Worker processes of a long job (a simulation, a review, a server's analyses): started so
that Ctrl-C is the parent's to handle, and stopped at once, without waiting for the work they
are doing."""

from __future__ import annotations

import signal
from concurrent.futures import Executor


def ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: Executor) -> None:
    """Stop a pool at once: cancel the work not started, and end the worker processes in the
    middle of theirs (a process pool keeps them in ``_processes``; ending them is the only way
    not to wait)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
