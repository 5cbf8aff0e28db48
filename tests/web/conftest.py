"""Fixtures for the web app: a real server process on a free port, and in-process clients."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright


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
    #: The round-end hold: none unless a test asks for one (``live_server_with_pause``).
    round_pause: float = 0.0
    #: Seconds a quick-play ticket waits before it may fill its table with bots.
    quickplay_bots_after: float = 20.0
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
            "--away-after", str(self.away_after), "--round-pause", str(self.round_pause),
            "--quickplay-bots-after", str(self.quickplay_bots_after),
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


@contextlib.contextmanager
def running(data: Path, **settings: Any) -> Iterator[LiveServer]:
    """A ``LiveServer`` on a free port with its data in ``data``, started, and stopped after."""
    server = LiveServer(data=data, port=free_port(), **settings)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real server (uvicorn) on a free port with an empty data folder, without the
    round-end hold (Clecanian Golf rounds follow each other at once)."""
    with running(tmp_path / "data") as server:
        yield server


#: The round-end hold of ``live_server_with_pause``, in seconds.
ROUND_PAUSE = 4.0


@pytest.fixture
def live_server_with_pause(tmp_path: Path) -> Iterator[LiveServer]:
    """``live_server`` with a round-end hold of ``ROUND_PAUSE`` seconds (``--round-pause``),
    for the tests of the hold itself."""
    with running(tmp_path / "data", round_pause=ROUND_PAUSE) as server:
        yield server


# -- the browser (Debian's Chromium, driven by Playwright) ---------------------------------

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Every control that makes a decision: a place on the board or a button of the action bar.


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.exists(), f"the browser tests need Debian's chromium at {CHROMIUM}"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


#: The sizes the table is tried at: a phone in portrait and a desktop.
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Pages, each in its own context (its own localStorage: another person's browser), at a
    phone's or a desktop's size, optionally asking for reduced motion; no error may reach the
    console of any."""
    contexts = []
    errors: list[str] = []

    def make(phone: bool = False, reduced: bool = False, refused: bool = False) -> Page:
        """A page; ``refused``: the test expects the server to refuse a request of this page,
        which the browser reports on its console as a failed load (nothing else may be)."""
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP,
            is_mobile=phone,
            has_touch=phone,
            reduced_motion="reduce" if reduced else "no-preference",
        )
        # A guard against a hang, not a measure of speed: on a busy machine a click may wait
        # for the page well over ten seconds.
        context.set_default_timeout(60_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))

        def console(message: Any) -> None:
            if message.type != "error":
                return
            if refused and message.text.startswith("Failed to load resource: the server responded"):
                return
            errors.append(message.text)

        page.on("console", console)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"errors in the client's console: {errors}"
