"""Load benchmark of the web app: many tables at once over real WebSockets.

    .venv/bin/python tools/web_load.py --tables 10 50 100 --seconds 20

For each table count, starts ``matchmaker serve`` (bots without pauses) on a free port, creates
that many Clecanian Golf tables of one person and two ``medium`` bots, and plays the person's
seat at every table from one client process with asyncio, a random legal decision as soon as
one is offered. The latency of an event is the time from sending a decision to receiving the
state that holds it; it includes the bots' replies being computed on the same server, so it is
what a person feels. Prints a markdown table for docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, read JSON."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    """``matchmaker serve`` with bots that do not pause; waits until it answers."""
    command = [
        sys.executable, "-m", "matchmaker", "serve", "--port", str(port), "--data", str(data),
        "--bot-pause", "0",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def play_seat(
    ws_url: str, table: str, token: str, seconds: float, latencies: list[float], seed: int
) -> tuple[int, int]:
    """Play one seat with random decisions for ``seconds``; (games finished, events the
    tables it sat at reached)."""
    rng = random.Random(seed)
    finished = 0
    events = 0
    deadline = time.monotonic() + seconds
    async with connect(f"{ws_url}/ws/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        acted_seq = -1
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "rematch":
                table = message["table"]
                break
            if message["type"] not in ("state", "update"):
                continue
            events = max(events, message["seq"])
            if sent_at is not None and message["seq"] > acted_seq:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if message["over"]:
                finished += 1
                await ws.send(json.dumps({"type": "rematch", "token": token}))
                continue
            if message["legal"] and message["seq"] != acted_seq:
                choice = rng.choice(message["legal"])
                acted_seq = message["seq"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({
                    "type": "act", "token": token, "seq": message["seq"],
                    "action": {"name": choice["name"], "arg": choice["arg"]},
                }))  # fmt: skip
    if time.monotonic() < deadline:
        more, later = await play_seat(ws_url, table, token, deadline - time.monotonic(),
                                      latencies, seed + 1)  # fmt: skip
        finished += more
        events += later
    return finished, events


async def run(base: str, ws_url: str, tables: int, seconds: float) -> tuple[list[float], int, int]:
    """Create the tables, play them all at once; (latencies, games finished, events)."""
    seats = []
    for n in range(tables):
        made = post(f"{base}/api/tables", {
            "game": "clecanian", "options": {"players": 3, "rounds": 1},
            "seats": ["human", "medium", "medium"],
        })  # fmt: skip
        code = made["invites"][0]["code"]
        joined = post(f"{base}/api/tables/{made['table']}/join", {"invite": code, "name": f"L{n}"})
        seats.append((made["table"], joined["token"]))
    latencies: list[float] = []
    done = await asyncio.gather(
        *(play_seat(ws_url, t, tok, seconds, latencies, i) for i, (t, tok) in enumerate(seats))
    )
    return latencies, sum(d[0] for d in done), sum(d[1] for d in done)


def main() -> None:
    """Print the load table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print("| tables at once | decisions answered | games finished | events/s | p50 latency | "
          "p99 latency |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|")
    for count in args.tables:
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            server = start_server(Path(folder), port)
            try:
                latencies, games, events = asyncio.run(
                    run(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", count, args.seconds)
                )
            finally:
                server.terminate()
                server.wait()
        cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
        print(
            f"| {count} | {len(latencies)} | {games} | {events / args.seconds:.0f} | "
            f"{cuts[49] * 1000:.1f} ms | "
            f"{cuts[98] * 1000:.1f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
