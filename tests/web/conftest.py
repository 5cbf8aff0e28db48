"""Fixtures for the web app: a real server process on a free port, and in-process clients."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """``matchmaker serve`` running in its own process."""

    data: Path
    port: int
    bot_pause: float = 0.05
    away_after: float = 30.0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base address, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        """Where the server's log (its standard error) goes, beside its data folder."""
        return self.data.parent / f"server-{self.port}.log"

    def log(self) -> str:
        """What the server has logged so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    @property
    def ws_url(self) -> str:
        """The base WebSocket address."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        command = [
            sys.executable, "-m", "matchmaker", "serve", "--port", str(self.port),
            "--data", str(self.data), "--bot-pause", str(self.bot_pause),
            "--away-after", str(self.away_after),
        ]  # fmt: skip
        self.data.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("matchmaker serve exited at start") from None
                time.sleep(0.1)
        raise RuntimeError("matchmaker serve did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL the server: no clean shutdown at all."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        """Stop the server politely."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real server (uvicorn) on a free port with an empty data folder."""
    server = LiveServer(data=tmp_path / "data", port=free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()
